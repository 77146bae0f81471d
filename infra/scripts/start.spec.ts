// npm start as a newcomer runs it: embedded services with data kept between starts, one origin, the superadmin's
// sign-in printed, and nothing left running after Ctrl-C. Needs backend/dist and frontend/dist (npm test builds).
import { afterAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
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
  const child = spawn(process.execPath, [startScript, '--no-build'], { cwd: root, env: shellEnv({ PORT: String(port), ...extra }) });
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
  const response = await fetch(`http://localhost:${port}/backend/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return response.status;
}

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('npm start', () => {
  const dataDir = join(tmp, 'embedded');
  let password = '';

  it('starts embedded PostgreSQL and Redis, serves the SPA and the API on one origin, and prints the sign-in', async () => {
    const app = await start({ DATA_DIR: dataDir });
    const processes = descendants(app.pid);
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
      expect(processes.some((p) => p.command.includes('backend/dist/worker.js'))).toBe(true);
      expect(existsSync(join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
    } finally {
      expect(await app.interrupt()).toBe(130);
    }
    expect(processes.filter((p) => isRunning(p.pid))).toEqual([]);
  }, 180_000);

  it('reuses the data on a second start without printing the password again', async () => {
    expect(password).not.toBe('');
    const app = await start({ DATA_DIR: dataDir });
    const processes = descendants(app.pid);
    try {
      expect(app.output()).not.toContain(password);
      expect(app.output()).toContain(`Password:   the initial one is kept in ${join(dataDir, 'superadmin-credentials.json')}`);
      expect(await signIn(app.port, 'admin@jobcasting.local', password)).toBe(200);
    } finally {
      expect(await app.interrupt()).toBe(130);
    }
    expect(processes.filter((p) => isRunning(p.pid))).toEqual([]);
  }, 180_000);

  it('uses DATABASE_URL and REDIS_URL when given and starts no service of its own', async () => {
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
      });
      const processes = descendants(app.pid);
      try {
        expect(app.output()).toContain('Password:   the password in ADMIN_PASSWORD');
        expect(await signIn(app.port, 'owner@jobcasting.test', 'Owner-password-1')).toBe(200);
        expect(processes.filter((p) => /postgres|redis-server/.test(p.command))).toEqual([]);
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
