import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const positiveInt = z.coerce.number().int().positive();

/** A unit price in won, to the tenth (8.4). */
const price = z.coerce
  .number({ error: 'must be a price in won, such as 8.4' })
  .min(0, 'must be a price in won, such as 8.4')
  .max(10_000, 'must be at most 10000 won')
  .refine((value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-6, 'must be in won and tenths, such as 8.4');

/** Every setting the back end reads from the environment, validated once at boot. */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// URL' }),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[a-z0-9_-]+$/i)
    .default('jc'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters'),
  ENCRYPTION_KEY: z.string().refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes, base64-encoded'),
  ACCESS_TOKEN_TTL_SECONDS: positiveInt.default(900),
  REFRESH_TOKEN_TTL_DAYS: positiveInt.default(30),
  LOGIN_RATE_LIMIT_PER_IP: positiveInt.default(100),
  LOGIN_RATE_LIMIT_PER_EMAIL: positiveInt.default(10),
  LOGIN_RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(900),
  // The one origin allowed cross-origin calls (npm run dev's front end); unset, none is: the built app is same-origin.
  CORS_ORIGIN: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) origin' })
    .refine(
      (value) => !URL.canParse(value) || new URL(value).origin === value,
      'must be an origin, such as http://localhost:3000, without a path',
    )
    .optional(),
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
  // How often the worker reads each account's Gmail for replies and bounces of sent e-mails (5 minutes).
  GMAIL_WATCH_INTERVAL_MS: z.coerce.number().int().min(10_000).max(86_400_000).default(300_000),
  // The gap between two e-mails of one mail account in a campaign, in ms (plus up to 25 % at random), so that
  // Gmail's per-minute limits are never hit; 0 sends as fast as Gmail takes them.
  EMAIL_CAMPAIGN_GAP_MS: z.coerce.number().int().min(0).max(3_600_000).default(20_000),
  // The length of the days a campaign's follow-up waits, in ms: a day. Test runs shorten it to see follow-ups go.
  EMAIL_FOLLOW_UP_DAY_MS: z.coerce.number().int().min(1000).max(86_400_000).default(86_400_000),
  // The most bytes of comcard files one e-mail attaches (10 MB); what does not fit is linked instead. Gmail takes
  // 25 MB in all, and base64 makes attachments a third larger.
  EMAIL_ATTACHMENTS_MAX_BYTES: z.coerce.number().int().min(0).max(18_000_000).default(10_485_760),
  // Memory each API process gives to answers of the post lists it keeps; 0 keeps none.
  POST_PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(32),
  // Memory each API process gives to posts' JSON, by revision, from which a page read afresh is put together.
  POST_JSON_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  // The Aligo SMS and KakaoTalk gateway; npm start points the URLs at the local sandbox when no key is set.
  ALIGO_API_URL: z.url({ protocol: /^https?$/ }).default('https://apis.aligo.in'),
  ALIGO_KAKAO_API_URL: z.url({ protocol: /^https?$/ }).default('https://kakaoapi.aligo.in'),
  ALIGO_USER_ID: z.string().min(1).optional(),
  // The key for sender numbers registered without one of their own.
  ALIGO_API_KEY: z.string().min(1).optional(),
  // The KakaoTalk channel's sender key (발신프로필 키), for KakaoTalk sends.
  ALIGO_KAKAO_SENDER_KEY: z.string().min(1).optional(),
  // Y: the gateway takes the messages but delivers none (its testmode_yn).
  ALIGO_TEST_MODE: bool.default(false),
  // How long one gateway call may take before its outcome counts as unknown (and is looked up, not resent).
  ALIGO_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  // Messages handed to the gateway per second at most; 0 for as fast as it takes them.
  MESSAGE_SEND_RATE: z.coerce.number().int().min(0).default(0),
  // When the gateway's delivery reports are looked up after it accepted a call, in ms after its answer, comma-separated
  // (default 1, 5 and 30 minutes, 2 and 24 hours: DELIVERY_LOOKUP_SCHEDULE_MS in modules/messaging/domain); for tests.
  DELIVERY_LOOKUP_SCHEDULE_MS: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,19}$/, 'must be up to 20 numbers of milliseconds, comma-separated')
    .transform((value) => value.split(',').map(Number))
    .optional(),
  // Gateway calls one send keeps in flight at once.
  MESSAGE_SEND_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  // Won per message of each type, for the estimated cost a send's review shows (Aligo's list prices by default).
  MESSAGE_PRICE_SMS: price.default(8.4),
  MESSAGE_PRICE_LMS: price.default(25.9),
  MESSAGE_PRICE_MMS: price.default(60),
  MESSAGE_PRICE_KAKAO: price.default(13.2),
  // The free number recipients call to refuse advertising (무료수신거부); advertising is refused without it.
  ADVERTISING_OPT_OUT_NUMBER: z
    .string()
    .regex(/^[0-9-]{7,20}$/, 'must be a phone number')
    .optional(),
  // Where message pictures are kept: on local disk under DATA_DIR, or in S3-compatible storage.
  MESSAGE_FILE_STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
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
  if (result.data.MESSAGE_FILE_STORAGE === 's3') {
    const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
      (name) => !result.data[name],
    );
    if (missing.length > 0)
      throw new ConfigError(missing.map((name) => `${name} is required when MESSAGE_FILE_STORAGE is s3`));
  }
  return result.data;
}

export const APP_CONFIG = Symbol('APP_CONFIG');
