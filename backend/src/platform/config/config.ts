import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const positiveInt = z.coerce.number().int().positive();

/** Every setting the back end reads from the environment, validated once at boot. */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// URL' }),
  REDIS_KEY_PREFIX: z.string().regex(/^[a-z0-9_-]+$/i).default('jc'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters'),
  ENCRYPTION_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes, base64-encoded'),
  ACCESS_TOKEN_TTL_SECONDS: positiveInt.default(900),
  REFRESH_TOKEN_TTL_DAYS: positiveInt.default(30),
  LOGIN_RATE_LIMIT_PER_IP: positiveInt.default(100),
  LOGIN_RATE_LIMIT_PER_EMAIL: positiveInt.default(10),
  LOGIN_RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(900),
  CORS_ORIGIN: z.string().default('http://localhost:3000'),
  // How many reverse proxies stand in front of the API; the client address is read that many hops back.
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).default(0),
  VERBOSE_ERRORS: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_ROOT: z.string().optional(),
  DATA_DIR: z.string().default('.data'),
  // The address browsers reach the app at; Google's OAuth callback returns the visitor there.
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('http://localhost:3000'),
  // The agency's Google OAuth web client; npm start points these (and the URLs below) at the local sandbox.
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  // Google's endpoints, overridable for the sandbox; unset means Google's own.
  GOOGLE_API_ROOT_URL: z.url({ protocol: /^https?$/ }).optional(),
  GOOGLE_AUTH_URL: z.url({ protocol: /^https?$/ }).default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.url({ protocol: /^https?$/ }).default('https://oauth2.googleapis.com/token'),
  GOOGLE_REVOKE_URL: z.url({ protocol: /^https?$/ }).default('https://oauth2.googleapis.com/revoke'),
  // How long one Google API call may take before it counts as Google not responding.
  GOOGLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  // Memory each API process gives to answers of the post lists it keeps; 0 keeps none.
  POST_PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(32),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
});

export type AppConfig = z.infer<typeof schema>;

export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

/** Parses the environment; a missing or bad variable throws a ConfigError naming it. */
export function loadConfig(env: Record<string, string | undefined>): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const name = issue.path.join('.');
        const message = issue.code === 'invalid_type' && cleaned[name] === undefined ? 'is required' : issue.message;
        return `${name} ${message}`;
      }),
    );
  }
  if (result.data.ADMIN_PASSWORD && !result.data.ADMIN_EMAIL) {
    throw new ConfigError(['ADMIN_EMAIL is required when ADMIN_PASSWORD is set']);
  }
  if (!!result.data.GOOGLE_CLIENT_ID !== !!result.data.GOOGLE_CLIENT_SECRET) {
    throw new ConfigError(['GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together']);
  }
  return result.data;
}

export const APP_CONFIG = Symbol('APP_CONFIG');
