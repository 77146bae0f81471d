// Google for npm start, npm run dev and the browser journeys: Google itself when an OAuth client is configured
// (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET), else the local sandbox of infra/sandbox/google, run as a child
// process that starts before the API and stops after it.
import { join, resolve } from 'node:path';
import { googleSandboxEnv } from './google-env.ts';
import { sandboxPort } from './sandbox-port.ts';
import { waitUntil } from './processes.ts';
import { dataDir, node, root } from './app.ts';
import type { AppProcess } from './app.ts';

export { googleSandboxEnv };

/** Where npm start and npm run dev run the sandbox unless GOOGLE_SANDBOX_PORT says otherwise. */
export const GOOGLE_SANDBOX_DEFAULT_PORT = 4010;
/** The back end's OAuth callback (GOOGLE_CALLBACK_PATH in backend/src/modules/mail-accounts/providers/google-ports.ts). */
export const GOOGLE_CALLBACK_PATH = '/backend/api/v1/google-auth/callback';

/** True when both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set, false when neither is; one alone is an error. */
export function googleClientConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  const id = Boolean(env.GOOGLE_CLIENT_ID);
  if (id !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
    throw new Error(
      'Set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET to use Google, or neither to use the local Google sandbox.',
    );
  }
  return id;
}

/** The address browsers use for the app: PUBLIC_URL when set, else http://localhost:<the port they open>. */
export function publicUrl(port: number, env: NodeJS.ProcessEnv = process.env): string {
  return (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
}

export interface SandboxProcessOptions {
  /** A folder with drive.json and CSV files to serve instead of the seed. */
  dataDir?: string;
  /** Where the sandbox keeps the refresh tokens it issued, so connected accounts outlive a restart. */
  grantsFile?: string;
  /** One output line per request (default: only start and stop). */
  logRequests?: boolean;
}

/**
 * The sandbox (`node infra/sandbox/google/main.ts`) as an app process on 127.0.0.1:port, which is where the
 * browser on this machine reaches its consent page. Ready once it says it listens.
 */
export function googleSandboxProcess(
  port: number,
  options: SandboxProcessOptions = {},
): { url: string; process: AppProcess } {
  let listening = false;
  const args = [join(root, 'infra', 'sandbox', 'google', 'main.ts'), '--port', String(port), '--host', '127.0.0.1'];
  if (options.dataDir) args.push('--data', resolve(options.dataDir));
  if (options.grantsFile) args.push('--grants', resolve(options.grantsFile));
  if (!options.logRequests) args.push('--quiet');
  return {
    url: `http://127.0.0.1:${port}`,
    process: {
      name: 'google',
      command: node,
      args,
      onLine: (line) => {
        if (line.startsWith('Google sandbox listening on ')) listening = true;
      },
      ready: (child) => waitUntil(child, async () => listening, 30_000),
    },
  };
}

export interface GoogleForApp {
  /** Added to the API's and the worker's environment: PUBLIC_URL, and the sandbox's GOOGLE_* settings. */
  env: Record<string, string>;
  /** The sandbox, to start before the API; none with Google. */
  processes: AppProcess[];
  /** The sandbox's address; undefined with Google. */
  sandboxUrl?: string;
  /** The start banner's line about Google. */
  banner: string;
}

/**
 * npm start and npm run dev: Google (the back end's default endpoints) when GOOGLE_CLIENT_ID and
 * GOOGLE_CLIENT_SECRET are set, else the sandbox on GOOGLE_SANDBOX_PORT, by default 4010 or a free port when
 * 4010 is taken. appPort is the port the browser opens the app on.
 */
export async function googleForApp(
  appPort: number,
  options: Pick<SandboxProcessOptions, 'logRequests'> = {},
): Promise<GoogleForApp> {
  const appUrl = publicUrl(appPort);
  if (googleClientConfigured()) {
    return {
      env: { PUBLIC_URL: appUrl },
      processes: [],
      banner: `Google: OAuth client ${process.env.GOOGLE_CLIENT_ID} (authorised redirect URI: ${appUrl}${GOOGLE_CALLBACK_PATH})`,
    };
  }
  const sandbox = googleSandboxProcess(await sandboxPort('GOOGLE_SANDBOX_PORT', GOOGLE_SANDBOX_DEFAULT_PORT), {
    ...options,
    dataDir: process.env.GOOGLE_SANDBOX_DATA || undefined,
    grantsFile: join(dataDir, 'google-sandbox-grants.json'),
  });
  return {
    env: googleSandboxEnv(sandbox.url, appUrl),
    processes: [sandbox.process],
    sandboxUrl: sandbox.url,
    banner: `Google: local sandbox at ${sandbox.url} (set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET to use Google)`,
  };
}
