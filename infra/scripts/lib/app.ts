// What npm start, npm run dev, npm test and the CLI share: paths, secrets, the app processes.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startServices } from '../services.ts';
import type { Services, ServicesOptions } from '../services.ts';
import { describeExit, onShutdown, prefixFor, spawnChild, waitUntil } from './processes.ts';
import type { Child, ExitStatus } from './processes.ts';

export const root = resolve(import.meta.dirname, '..', '..', '..');
/** The local data folder: `.data/` unless DATA_DIR names another. */
export const dataDir = resolve(process.env.DATA_DIR ?? join(root, '.data'));
/** Node 24, the one running this script. */
export const node = process.execPath;
export const healthPath = '/backend/api/v1/health';
/**
 * How node runs the worker. V8 sizes its heap for the machine's memory and lets a campaign's garbage (each e-mail's
 * 30 kB message, copied several times over) build up between full collections: 400 MB resident and more, with some
 * 70 MB live. A small young generation and a ceiling on the old one keep the worker near 200 MB at about the same
 * speed (docs/performance.md); the ceiling leaves room for a sheet read at once (a 20,000-row import peaks at 358 MB).
 * docker-compose.yml's worker runs with the same flags (infra/docker/compose.spec.ts holds them equal).
 */
export const WORKER_NODE_FLAGS = ['--max-semi-space-size=4', '--max-old-space-size=1024'];
/** node's arguments for the worker. */
export const workerArgs = [...WORKER_NODE_FLAGS, 'backend/dist/worker.js'];
/**
 * How node runs the API. V8 sizes the young generation for the machine's memory (32 MB semi-spaces on the
 * development machine), and each scavenge of it stops the API for 7 to 12 ms: every caller of a burst that met one
 * waited that long. With 8 MB a scavenge stops it for about 2 ms (at most 5), six times as often: more time in
 * collections all told (about 26 µs a request against 15), none of it in one long stop (docs/performance.md). The
 * image's command and docker-compose.yml's API run with the same flags (infra/docker/compose.spec.ts holds them
 * equal).
 */
export const API_NODE_FLAGS = ['--max-semi-space-size=8'];
/** node's arguments for the API. */
export const apiArgs = [...API_NODE_FLAGS, 'backend/dist/main.js'];

export interface Secrets {
  JWT_SECRET: string;
  ENCRYPTION_KEY: string;
}

export function generateSecrets(): Secrets {
  return { JWT_SECRET: randomBytes(48).toString('base64url'), ENCRYPTION_KEY: randomBytes(32).toString('base64') };
}

/** The secrets from the environment, else from <dir>/secrets.json, generated there on first use. */
export function ensureSecrets(dir = dataDir): Secrets {
  const file = join(dir, 'secrets.json');
  const stored: Partial<Secrets> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const generated = generateSecrets();
  const secrets = { ...generated };
  let changed = false;
  for (const key of ['JWT_SECRET', 'ENCRYPTION_KEY'] as const) {
    const given = process.env[key] || stored[key];
    if (given) {
      secrets[key] = given;
    } else {
      // Generated once and kept: a new ENCRYPTION_KEY would make the stored credentials unreadable.
      stored[key] = generated[key];
      changed = true;
    }
  }
  if (changed) {
    ensureDataDir(dir);
    writeFileSync(file, JSON.stringify(stored, null, 2) + '\n', { mode: 0o600 });
  }
  if (existsSync(file)) chmodSync(file, 0o600);
  return secrets;
}

/** 0755: the postgres OS user walks through it to reach its cluster. */
export function ensureDataDir(dir = dataDir): void {
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755);
}

export async function isHealthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.body?.cancel();
    return response.status === 200;
  } catch {
    return false;
  }
}

/** A readiness check for an API child: its health endpoint answers 200. */
export function healthy(port: number, timeoutMs = 120_000) {
  return (child: Child) => waitUntil(child, () => isHealthy(`http://127.0.0.1:${port}${healthPath}`), timeoutMs);
}

export interface AppProcess {
  name: string;
  command: string;
  args: string[];
  cwd?: string;
  /** Added to the common environment. */
  env?: NodeJS.ProcessEnv;
  /** Sees each output line (which is printed with the name as prefix anyway). */
  onLine?: (line: string) => void;
  /** Resolves true once the process serves (or why it does not); the next process starts only then. */
  ready?: (child: Child) => Promise<true | string>;
  /** When false, a failed readiness check is reported but does not stop the start (dev: fix and save). */
  readyRequired?: boolean;
}

/**
 * Starts the processes in order, each after the previous one is ready, with their output prefixed by
 * their name. onUnexpectedExit is called when one of them dies without being asked to.
 */
export async function startProcesses(
  processes: AppProcess[],
  env: NodeJS.ProcessEnv,
  onUnexpectedExit: (name: string, status: ExitStatus) => void,
): Promise<Child[]> {
  const children: Child[] = [];
  for (const spec of processes) {
    const prefix = prefixFor(spec.name);
    const output = (line: string, stream: 'out' | 'err') => {
      (stream === 'err' ? process.stderr : process.stdout).write(prefix + line + '\n');
      spec.onLine?.(line);
    };
    const child = spawnChild(spec.name, spec.command, spec.args, {
      cwd: spec.cwd ?? root,
      env: { ...env, ...spec.env },
      output,
    });
    children.push(child);
    void child.exited.then((status) => {
      if (!child.stopping) onUnexpectedExit(spec.name, status);
    });
    if (!spec.ready) continue;
    const ready = await spec.ready(child);
    if (ready === true) continue;
    if (spec.readyRequired ?? true) {
      for (const started of children.reverse()) await started.stop();
      throw new Error(`${spec.name} did not become ready: ${ready}`);
    }
    console.error(`${spec.name} is not ready yet (${ready}); carrying on`);
  }
  return children;
}

export function unexpectedExitMessage(name: string, status: ExitStatus): string {
  return `\n${name} ${describeExit(status)} unexpectedly: stopping everything.`;
}

const launchedAt = Date.now();

/**
 * How to sign in as the superadmin, from ADMIN_EMAIL/ADMIN_PASSWORD or the file the API writes on first boot.
 * A generated password is printed only by the start that created it; later starts point at the file.
 */
export function superadminSignIn(dir = dataDir): string[] {
  if (process.env.ADMIN_PASSWORD) {
    return [`Superadmin: ${process.env.ADMIN_EMAIL ?? '(ADMIN_EMAIL)'}`, 'Password:   the password in ADMIN_PASSWORD'];
  }
  const file = join(dir, 'superadmin-credentials.json');
  if (!existsSync(file)) return [`Superadmin sign-in: ${file} was not found (the API writes it on its first boot)`];
  const { email, password } = JSON.parse(readFileSync(file, 'utf8')) as { email: string; password: string };
  const createdNow = statSync(file).mtimeMs >= launchedAt;
  return [
    `Superadmin: ${email}`,
    createdNow
      ? `Password:   ${password}   (generated now, kept in ${file})`
      : `Password:   the initial one is kept in ${file}`,
  ];
}

export function banner(lines: string[]): void {
  const width = Math.max(...lines.map((line) => line.length)) + 4;
  const rule = '='.repeat(width);
  console.log(['', rule, ...lines.map((line) => `  ${line}`), rule, ''].join('\n'));
}

// While npm start or npm run dev runs, the URLs of its services are kept here for the CLI and the seed script.
const runningFile = join(dataDir, 'services.json');

interface RunningServices {
  pid: number;
  databaseUrl: string;
  serverUrl: string;
  redisUrl: string;
}

/**
 * What npm start and npm run dev share: the data folder, the secrets, PostgreSQL and Redis (embedded unless
 * DATABASE_URL and REDIS_URL are given), and the environment every app process gets.
 */
export async function startLocalStack(
  onUnexpectedExit: (name: string, status: ExitStatus) => void,
): Promise<NodeJS.ProcessEnv> {
  ensureDataDir();
  const secrets = ensureSecrets();
  const services = await startServices({ dataDir, persistent: true, onUnexpectedExit });
  if (services.started) publishServices(services);
  return {
    ...process.env,
    ...secrets,
    DATA_DIR: dataDir,
    DATABASE_URL: services.databaseUrl,
    REDIS_URL: services.redisUrl,
  };
}

export function publishServices(services: Services): void {
  const running: RunningServices = {
    pid: process.pid,
    databaseUrl: services.databaseUrl,
    serverUrl: services.serverUrl,
    redisUrl: services.redisUrl,
  };
  writeFileSync(runningFile, JSON.stringify(running, null, 2) + '\n', { mode: 0o600 });
  onShutdown(() => rmSync(runningFile, { force: true }));
}

/**
 * Services for a command run beside the app (CLI, seed, bench): DATABASE_URL/REDIS_URL when set, else those
 * of a running npm start/dev, else the persistent ones under .data/, started for the command's duration.
 */
export async function localServices(options: Partial<ServicesOptions> = {}): Promise<Services> {
  if (!(process.env.DATABASE_URL && process.env.REDIS_URL) && existsSync(runningFile)) {
    const running = JSON.parse(readFileSync(runningFile, 'utf8')) as RunningServices;
    if (isAlive(running.pid)) return { ...running, started: false, stop: async () => {} };
  }
  ensureDataDir();
  return startServices({ dataDir, persistent: true, log: () => {}, ...options });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
