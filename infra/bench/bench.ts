// npm run bench: sign-in throughput and GET users latency beside GET health, on one server in one run.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startServices } from '../scripts/services.ts';
import { createDatabase, dropDatabase, freePort } from '../scripts/lib/databases.ts';
import { generateSecrets, healthy, node, root, startProcesses, unexpectedExitMessage } from '../scripts/lib/app.ts';
import { onShutdown, run, shutdown } from '../scripts/lib/processes.ts';
import { load, type LoadOptions } from './load.ts';
import { seedUsers } from './seed-data.ts';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '10' }, users: { type: 'string', default: '1000' } },
});
const seconds = Number(values.seconds);
const seededUsers = Number(values.users);
const ADMIN = { email: 'bench@jobcasting.test', password: 'Bench-password-1' };

if (!existsSync(join(root, 'backend/dist/main.js'))) {
  const build = await run('npm', ['run', 'build', '-w', 'backend'], { cwd: root });
  if (build.code !== 0) await shutdown(1, 'The back end does not build.');
}

const scratch = mkdtempSync(join(tmpdir(), 'jc-bench-'));
onShutdown(() => rmSync(scratch, { recursive: true, force: true }));
const services = await startServices({ dataDir: scratch, persistent: false, log: () => {} });
onShutdown(() => services.stop());
const database = `jc_bench_${Date.now()}`;
const databaseUrl = await createDatabase(services.serverUrl, database);
onShutdown(() => dropDatabase(services.serverUrl, database));

const port = await freePort();
const base = `http://localhost:${port}/backend/api/v1`;
await startProcesses(
  [{ name: 'api', command: node, args: ['backend/dist/main.js'], ready: healthy(port) }],
  {
    ...process.env,
    ...generateSecrets(),
    NODE_ENV: 'production',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    REDIS_URL: services.redisUrl,
    DATA_DIR: scratch,
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // The sign-in limit protects against guessing; raised here so that the benchmark measures the server.
    LOGIN_RATE_LIMIT_PER_IP: '100000000',
    LOGIN_RATE_LIMIT_PER_EMAIL: '100000000',
  },
  (name, status) => void shutdown(1, unexpectedExitMessage(name, status)),
);
await seedUsers(databaseUrl, seededUsers);

const loginBody = JSON.stringify(ADMIN);
const signIn = await fetch(`${base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: loginBody });
const session = (await signIn.json()) as { token: string };
const auth = { authorization: `Bearer ${session.token}` };

const runs: { name: string; options: LoadOptions }[] = [
  { name: 'GET health', options: { url: `${base}/health`, concurrency: 16, seconds } },
  {
    name: `GET users (page 1, 50 of ${seededUsers + 1})`,
    options: { url: `${base}/users?page=1&pageSize=50`, headers: auth, concurrency: 16, seconds },
  },
  {
    name: 'POST auth/login (argon2id)',
    options: { url: `${base}/auth/login`, method: 'POST', headers: { 'content-type': 'application/json' }, body: loginBody, concurrency: 4, seconds },
  },
];

console.log(`\nJOB CASTING API benchmark: ${seconds} s per endpoint after a 2 s warm-up, Node ${process.version}, one API process\n`);
const header = ['endpoint', 'callers', 'requests', 'errors', 'req/s', 'p50 ms', 'p95 ms'];
const rows: string[][] = [];
for (const { name, options } of runs) {
  await load({ ...options, seconds: 2 });
  const result = await load(options);
  rows.push([name, String(options.concurrency), String(result.requests), String(result.errors), result.perSecond.toFixed(0), result.p50.toFixed(1), result.p95.toFixed(1)]);
}
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
console.log(line(header));
for (const row of rows) console.log(line(row));
console.log('');
await shutdown(0);
