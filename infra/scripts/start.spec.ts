// npm start as a newcomer runs it: embedded services with data kept between starts, one origin, the superadmin's
// sign-in printed, the local Google sandbox unless a Google OAuth client is configured, and nothing left running
// after Ctrl-C. Needs backend/dist and frontend/dist (npm test builds).
import { afterAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { workerArgs } from './lib/app.ts';
import { createDatabase, dropDatabase, freePort } from './lib/databases.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const startScript = join(root, 'infra', 'scripts', 'start.ts');
const tmp = mkdtempSync(join(tmpdir(), 'jobcasting-start-'));

interface Running {
  port: number;
  pid: number;
  output: () => string;
  /** Sends Ctrl-C's signal and answers the exit code. */
  interrupt: () => Promise<number | null>;
}

/** The environment of a shell with none of the test run's own settings. */
function shellEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', ...extra };
  return env;
}

async function start(extra: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, [startScript, '--no-build'], {
    cwd: root,
    env: shellEnv({ PORT: String(port), ...extra }),
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const running = await Promise.race([
    (async () => {
      while (!output.includes('Press Ctrl-C to stop.')) await new Promise((r) => setTimeout(r, 200));
      return true;
    })(),
    exited.then(() => false),
    new Promise<boolean>((r) => setTimeout(() => r(false), 120_000).unref()),
  ]);
  if (!running) {
    child.kill('SIGKILL');
    throw new Error(`npm start did not come up:\n${output}`);
  }
  return {
    port,
    pid: child.pid!,
    output: () => output,
    interrupt: async () => {
      child.kill('SIGINT');
      return exited;
    },
  };
}

/** Every process below pid, read from /proc. */
function descendants(pid: number): { pid: number; command: string }[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const found: { pid: number; command: string }[] = [];
  const queue = [...(children.get(pid) ?? [])];
  while (queue.length > 0) {
    const next = queue.shift()!;
    const command = (() => {
      try {
        return readFileSync(`/proc/${next}/cmdline`, 'utf8').replaceAll('\0', ' ');
      } catch {
        return '';
      }
    })();
    found.push({ pid: next, command });
    queue.push(...(children.get(next) ?? []));
  }
  return found;
}

/** Alive and not a zombie waiting to be reaped. */
function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

async function signIn(port: number, email: string, password: string): Promise<number> {
  return (await login(port, email, password)).status;
}

function login(port: number, email: string, password: string): Promise<Response> {
  return fetch(`http://localhost:${port}/backend/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
}

/** Signs in and asks the API to start connecting a Gmail account: Google's consent URL and the browser's cookie. */
async function connectGoogle(port: number, email: string, password: string): Promise<{ authUrl: URL; cookie: string }> {
  const signedIn = await login(port, email, password);
  expect(signedIn.status).toBe(200);
  const { token } = (await signedIn.json()) as { token: string };
  const response = await fetch(`http://localhost:${port}/backend/api/v1/google-auth/connect`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  const { authUrl } = (await response.json()) as { authUrl: string };
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  return { authUrl: new URL(authUrl), cookie };
}

/** The sandbox's address from the start banner. */
function sandboxUrlOf(output: string): string | undefined {
  return /Google: local sandbox at (http:\/\/127\.0\.0\.1:\d+) \(set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET to use Google\)/.exec(
    output,
  )?.[1];
}

async function isListening(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return true;
  } catch {
    return false;
  }
}

/** Holds a port on 127.0.0.1 (when it is free) until release() is called. */
async function occupy(port: number): Promise<{ release: () => Promise<void> }> {
  const server = createServer();
  await new Promise<void>((resolve) => {
    server.once('error', () => resolve());
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    release: () => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve())),
  };
}

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('npm start', () => {
  const dataDir = join(tmp, 'embedded');
  let password = '';

  it('starts embedded PostgreSQL, Redis and the Google and Aligo sandboxes, serves the SPA and the API on one origin, and prints the sign-in', async () => {
    const sandboxPort = await freePort();
    let aligoPort = await freePort();
    while (aligoPort === sandboxPort) aligoPort = await freePort();
    const aligoUrl = `http://127.0.0.1:${aligoPort}`;
    const app = await start({
      DATA_DIR: dataDir,
      GOOGLE_SANDBOX_PORT: String(sandboxPort),
      ALIGO_SANDBOX_PORT: String(aligoPort),
    });
    const processes = descendants(app.pid);
    const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
    try {
      expect(app.output()).toContain(`JOB CASTING is running at http://localhost:${app.port}`);
      password = /Password: +(\S+) +\(generated now/.exec(app.output())?.[1] ?? '';
      expect(password).toMatch(/^[A-Za-z0-9_-]{16,}$/);
      expect(await signIn(app.port, 'admin@jobcasting.local', password)).toBe(200);

      const page = await fetch(`http://localhost:${app.port}/admin/users`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
      expect((await fetch(`http://localhost:${app.port}/backend/api/v1/health`)).status).toBe(200);

      expect(processes.some((p) => /postgres/.test(p.command) && p.command.includes(dataDir))).toBe(true);
      expect(processes.some((p) => /redis-server/.test(p.command))).toBe(true);
      // With its bounded heap (WORKER_NODE_FLAGS).
      expect(processes.some((p) => p.command.includes(workerArgs.join(' ')))).toBe(true);
      expect(existsSync(join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);

      // Without a Google OAuth client, the sandbox stands in: the browser is sent to its consent page, which
      // sends it back to the app's own callback, and the API exchanges the code with the sandbox.
      expect(sandboxUrlOf(app.output())).toBe(sandboxUrl);
      expect(processes.some((p) => p.command.includes('infra/sandbox/google/main.ts'))).toBe(true);
      const { authUrl, cookie } = await connectGoogle(app.port, 'admin@jobcasting.local', password);
      expect(authUrl.origin + authUrl.pathname).toBe(`${sandboxUrl}/o/oauth2/v2/auth`);
      expect(authUrl.searchParams.get('client_id')).toBe('sandbox-client-id');
      const callback = `http://localhost:${app.port}/backend/api/v1/google-auth/callback`;
      expect(authUrl.searchParams.get('redirect_uri')).toBe(callback);

      const consent = (await (await fetch(authUrl, { headers: { accept: 'application/json' } })).json()) as {
        accounts: { email: string; approveUrl: string }[];
      };
      const approved = await fetch(new URL(consent.accounts[0].approveUrl, sandboxUrl), { redirect: 'manual' });
      expect(approved.status).toBe(302);
      const back = approved.headers.get('location') ?? '';
      expect(back.startsWith(`${callback}?`)).toBe(true);
      const done = await fetch(back, { headers: { cookie }, redirect: 'manual' });
      expect(done.status).toBe(302);
      expect(done.headers.get('location')).toBe(
        `/admin/email-accounts?${new URLSearchParams({ connected: consent.accounts[0].email })}`,
      );

      // Without an Aligo key, text messages go to the gateway sandbox, with the sender number the banner names.
      expect(app.output()).toContain(`Text messages: local Aligo sandbox at ${aligoUrl}`);
      const key = /API key (\S+)\)/.exec(app.output())?.[1];
      const { token } = (await (await login(app.port, 'admin@jobcasting.local', password)).json()) as { token: string };
      const api = (path: string, body: unknown) =>
        fetch(`http://localhost:${app.port}/backend/api/v1/${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      expect((await api('user-phone-numbers', { phone: '010-9876-5432', name: '사무실', apiKey: key })).status).toBe(
        201,
      );
      const sent = await api('aligo/send-mass-sms', {
        sender: '01098765432',
        recipients: ['010-1111-2222', '010-3333-4444'],
        message: '촬영 안내',
      });
      expect(await sent.json()).toMatchObject({ success: true, data: { success_cnt: 2, error_cnt: 0 } });
      const received = (await (await fetch(`${aligoUrl}/sandbox/messages`)).json()) as {
        messages: { receiver: string; text: string }[];
      };
      expect(received.messages.map((m) => [m.receiver, m.text]).sort()).toEqual([
        ['01011112222', '촬영 안내'],
        ['01033334444', '촬영 안내'],
      ]);
    } finally {
      expect(await app.interrupt()).toBe(130);
    }
    expect(processes.filter((p) => isRunning(p.pid))).toEqual([]);
    expect(await isListening(`${sandboxUrl}/sandbox/accounts`)).toBe(false);
    expect(await isListening(`${aligoUrl}/sandbox/stats`)).toBe(false);
  }, 180_000);

  it('reuses the data on a second start without printing the password again; the sandbox moves off a taken 4010', async () => {
    expect(password).not.toBe('');
    const taken = await occupy(4010);
    let app: Running;
    try {
      app = await start({ DATA_DIR: dataDir });
    } finally {
      await taken.release();
    }
    const processes = descendants(app.pid);
    try {
      expect(app.output()).not.toContain(password);
      expect(app.output()).toContain(
        `Password:   the initial one is kept in ${join(dataDir, 'superadmin-credentials.json')}`,
      );
      expect(await signIn(app.port, 'admin@jobcasting.local', password)).toBe(200);
      const sandboxUrl = sandboxUrlOf(app.output());
      expect(sandboxUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(sandboxUrl).not.toBe('http://127.0.0.1:4010');
      const { authUrl } = await connectGoogle(app.port, 'admin@jobcasting.local', password);
      expect(authUrl.origin).toBe(sandboxUrl);
    } finally {
      expect(await app.interrupt()).toBe(130);
    }
    expect(processes.filter((p) => isRunning(p.pid))).toEqual([]);
  }, 180_000);

  it('refuses to start with only one of GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET', async () => {
    const child = spawn(process.execPath, [startScript, '--no-build'], {
      cwd: root,
      env: shellEnv({ DATA_DIR: join(tmp, 'half-google'), GOOGLE_CLIENT_ID: 'only-the-id.apps.googleusercontent.com' }),
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
    expect(code).toBe(1);
    expect(output).toContain('Set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET');
    expect(existsSync(join(tmp, 'half-google', 'postgres'))).toBe(false);
  }, 60_000);

  it('uses DATABASE_URL, REDIS_URL and Google when given and starts no service of its own', async () => {
    const serverUrl = process.env.TEST_DATABASE_URL;
    const redisUrl = process.env.TEST_REDIS_URL;
    if (!serverUrl || !redisUrl) throw new Error('TEST_DATABASE_URL and TEST_REDIS_URL must be set');
    const database = `jc_start_${process.pid}`;
    const prefix = `jc-start-${process.pid}`;
    const dataDirOfThisRun = join(tmp, 'external');
    const databaseUrl = await createDatabase(serverUrl, database);
    try {
      const app = await start({
        DATA_DIR: dataDirOfThisRun,
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        REDIS_KEY_PREFIX: prefix,
        ADMIN_EMAIL: 'owner@jobcasting.test',
        ADMIN_PASSWORD: 'Owner-password-1',
        GOOGLE_CLIENT_ID: 'agency-client.apps.googleusercontent.com',
        GOOGLE_CLIENT_SECRET: 'agency-client-secret',
        PUBLIC_URL: 'https://casting.example.kr',
        ALIGO_USER_ID: 'agency',
        ALIGO_API_KEY: 'agency-aligo-key',
      });
      const processes = descendants(app.pid);
      try {
        expect(app.output()).toContain('Password:   the password in ADMIN_PASSWORD');
        expect(await signIn(app.port, 'owner@jobcasting.test', 'Owner-password-1')).toBe(200);
        expect(processes.filter((p) => /postgres|redis-server|sandbox\/(google|aligo)/.test(p.command))).toEqual([]);
        expect(app.output()).toContain('Text messages: Aligo as agency');
        expect(sandboxUrlOf(app.output())).toBeUndefined();
        const callback = 'https://casting.example.kr/backend/api/v1/google-auth/callback';
        expect(app.output()).toContain(
          `Google: OAuth client agency-client.apps.googleusercontent.com (authorised redirect URI: ${callback})`,
        );
        const { authUrl } = await connectGoogle(app.port, 'owner@jobcasting.test', 'Owner-password-1');
        expect(authUrl.origin + authUrl.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
        expect(authUrl.searchParams.get('client_id')).toBe('agency-client.apps.googleusercontent.com');
        expect(authUrl.searchParams.get('redirect_uri')).toBe(callback);
        expect(existsSync(join(dataDirOfThisRun, 'postgres'))).toBe(false);
        expect(existsSync(join(dataDirOfThisRun, 'redis'))).toBe(false);
      } finally {
        expect(await app.interrupt()).toBe(130);
      }
      expect(processes.filter((p) => isRunning(p.pid))).toEqual([]);
    } finally {
      await dropDatabase(serverUrl, database);
      const redis = new Redis(redisUrl);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
  }, 180_000);
});
