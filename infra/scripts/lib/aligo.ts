// The SMS and KakaoTalk gateway for npm start, npm run dev, the browser journeys and the benchmark: Aligo itself
// when ALIGO_API_KEY is set (with ALIGO_USER_ID), else the local sandbox of infra/sandbox/aligo as a child process
// that starts before the API and the worker and stops after them.
import { join } from 'node:path';
import { SANDBOX_API_KEY, SANDBOX_SENDER_KEY, SANDBOX_SENDERS, SANDBOX_USER_ID } from '../../sandbox/aligo/server.ts';
import { waitUntil } from './processes.ts';
import { node, root } from './app.ts';
import type { AppProcess } from './app.ts';
import { sandboxPort } from './sandbox-port.ts';

export const ALIGO_SANDBOX_DEFAULT_PORT = 4020;
/** The free opt-out number advertisements carry when none is configured (the sandbox delivers nothing). */
const SANDBOX_OPT_OUT_NUMBER = '080-000-0000';

/** The back end's settings that send every gateway call to the sandbox at sandboxUrl, with its account. */
export function aligoSandboxEnv(sandboxUrl: string): Record<string, string> {
  return {
    ALIGO_API_URL: sandboxUrl,
    ALIGO_KAKAO_API_URL: sandboxUrl,
    ALIGO_USER_ID: SANDBOX_USER_ID,
    ALIGO_API_KEY: SANDBOX_API_KEY,
    ALIGO_KAKAO_SENDER_KEY: SANDBOX_SENDER_KEY,
    ADVERTISING_OPT_OUT_NUMBER: process.env.ADVERTISING_OPT_OUT_NUMBER || SANDBOX_OPT_OUT_NUMBER,
  };
}

/** The sandbox (`node infra/sandbox/aligo/main.ts`) on 127.0.0.1:port, ready once it says it listens. */
export function aligoSandboxProcess(
  port: number,
  options: { logRequests?: boolean } = {},
): { url: string; process: AppProcess } {
  let listening = false;
  const args = [join(root, 'infra', 'sandbox', 'aligo', 'main.ts'), '--port', String(port), '--host', '127.0.0.1'];
  if (!options.logRequests) args.push('--quiet');
  return {
    url: `http://127.0.0.1:${port}`,
    process: {
      name: 'aligo',
      command: node,
      args,
      onLine: (line) => {
        if (line.startsWith('Aligo sandbox listening on ')) listening = true;
      },
      ready: (child) => waitUntil(child, async () => listening, 30_000),
    },
  };
}

export interface AligoForApp {
  env: Record<string, string>;
  processes: AppProcess[];
  sandboxUrl?: string;
  banner: string[];
}

/** npm start and npm run dev: Aligo when ALIGO_API_KEY is set, else the sandbox on ALIGO_SANDBOX_PORT (default 4020). */
export async function aligoForApp(options: { logRequests?: boolean } = {}): Promise<AligoForApp> {
  if (process.env.ALIGO_API_KEY) {
    if (!process.env.ALIGO_USER_ID)
      throw new Error(
        'ALIGO_API_KEY is set without ALIGO_USER_ID: set both to use Aligo, or neither to use the local sandbox.',
      );
    return { env: {}, processes: [], banner: [`Text messages: Aligo as ${process.env.ALIGO_USER_ID}`] };
  }
  const sandbox = aligoSandboxProcess(await sandboxPort('ALIGO_SANDBOX_PORT', ALIGO_SANDBOX_DEFAULT_PORT), options);
  const phones = SANDBOX_SENDERS.map((phone) => phone.replace(/^(02|0\d{2})(\d{3,4})(\d{4})$/, '$1-$2-$3')).join(
    ' and ',
  );
  return {
    env: aligoSandboxEnv(sandbox.url),
    processes: [sandbox.process],
    sandboxUrl: sandbox.url,
    banner: [
      `Text messages: local Aligo sandbox at ${sandbox.url} (set ALIGO_USER_ID and ALIGO_API_KEY to use Aligo);`,
      `  register ${phones} as sender numbers (API key ${SANDBOX_API_KEY}); ${sandbox.url}/sandbox shows what was sent`,
    ],
  };
}
