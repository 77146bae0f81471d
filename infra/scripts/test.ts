// npm test: every check CI makes, in order. A failing suite does not stop the next ones, so the summary
// is complete; its last line is the total. Exits 1 when anything failed or could not run.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServices } from './services.ts';
import { createDatabase, dropDatabase, freePort } from './lib/databases.ts';
import type { Services } from './services.ts';
import { describeExit, isShuttingDown, onShutdown, run, shutdown } from './lib/processes.ts';
import type { Child, ExitStatus } from './lib/processes.ts';
import { generateSecrets, healthy, node, root, startProcesses } from './lib/app.ts';
import { aligoSandboxEnv, aligoSandboxProcess } from './lib/aligo.ts';
import { googleSandboxEnv, googleSandboxProcess } from './lib/google.ts';

interface Counts {
  passed: number;
  failed: number;
}

/** The fields read from Jest's and Vitest's --json reports (Vitest writes Jest's shape). */
interface JestReport {
  numPassedTests?: number;
  numFailedTests?: number;
  numRuntimeErrorTestSuites?: number;
}

interface PlaywrightReport {
  stats?: { expected?: number; unexpected?: number; flaky?: number };
}

interface Step {
  name: string;
  /** Counts for the summary; a step that returns nothing (setup) is listed only when it throws. */
  run: () => Promise<Counts | void>;
}

const CHROMIUM = '/usr/bin/chromium';
/**
 * The time zone every suite and the journeys' servers run in: far from Korea, so that code taking the machine's
 * day for Korea's fails here at most hours, whatever zone the machine itself is set to. The product counts
 * Korean days on its own (Asia/Seoul) and must not care.
 */
const FAR_FROM_KOREA = { TZ: 'America/Los_Angeles' };
const tmp = mkdtempSync(join(tmpdir(), 'jobcasting-test-'));
const removeTmp = () => rmSync(tmp, { recursive: true, force: true });
const unregisterTmp = onShutdown(removeTmp);

let services: Services | undefined;
let browserUnavailable: string | undefined;

const allSteps: Step[] = [
  { name: 'chromium', run: ensureChromium },
  { name: 'build', run: () => npmCheck(['run', 'build']) },
  { name: 'typecheck', run: () => npmCheck(['run', 'typecheck']) },
  { name: 'lint', run: () => npmCheck(['run', 'lint']) },
  { name: 'services', run: startTestServices },
  { name: 'backend', run: backendTests },
  { name: 'frontend', run: frontendTests },
  { name: 'browser', run: browserJourneys },
];

/** `npm test -- backend browser` runs only the named suites, with the setup they need; no names, all of them. */
function chosenSteps(names: string[]): Step[] {
  if (names.length === 0) return allSteps;
  const unknown = names.filter((name) => !allSteps.some((step) => step.name === name));
  if (unknown.length > 0)
    throw new Error(`Unknown suite ${unknown.join(', ')}; the suites: ${allSteps.map((s) => s.name).join(', ')}`);
  const needed = new Set(names);
  if (needed.has('browser')) needed.add('chromium');
  if (needed.has('backend') || needed.has('browser')) needed.add('services');
  return allSteps.filter((step) => needed.has(step.name));
}

async function ensureChromium(): Promise<void> {
  if (existsSync(CHROMIUM)) return;
  const install = 'apt-get update && apt-get install -y chromium fonts-noto-cjk';
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    browserUnavailable = `${CHROMIUM} is missing. On Debian/Ubuntu install it as root: ${install}`;
    console.error(browserUnavailable);
    return;
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', 'chromium', 'fonts-noto-cjk']]) {
    const status = await run('apt-get', ['-o', 'DPkg::Lock::Timeout=600', ...args], { env });
    if (status.code !== 0) {
      browserUnavailable = `apt-get ${args.join(' ')} ${describeExit(status)}`;
      return;
    }
  }
  if (!existsSync(CHROMIUM)) browserUnavailable = `${CHROMIUM} is still missing after installing chromium`;
}

async function npmCheck(args: string[]): Promise<Counts> {
  const status = await run('npm', args, { cwd: root, name: args.join(' ') });
  return status.code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
}

async function startTestServices(): Promise<void> {
  services = await startServices({
    dataDir: join(tmp, 'services'),
    persistent: false,
    log: () => {},
    onUnexpectedExit: (name, status) => console.error(`${name} ${describeExit(status)} during the tests`),
  });
  if (!services.started)
    console.log('Using the servers of DATABASE_URL and REDIS_URL; the tests create databases of their own there.');
}

function requireServices(): Services {
  if (!services) throw new Error('PostgreSQL and Redis did not start');
  return services;
}

/** Counts from a reporter's JSON file; a failure outside any test (a file that does not load) still counts. */
function readCounts<Report>(file: string, status: ExitStatus, pick: (report: Report) => Counts): Counts {
  if (!existsSync(file)) {
    console.error(`No report was written (${describeExit(status)})`);
    return { passed: 0, failed: 1 };
  }
  const counts = pick(JSON.parse(readFileSync(file, 'utf8')));
  if (status.code !== 0 && counts.failed === 0) counts.failed = 1;
  return counts;
}

async function backendTests(): Promise<Counts> {
  const { serverUrl, redisUrl } = requireServices();
  const file = join(tmp, 'jest.json');
  const status = await run('npm', ['test', '-w', 'backend', '--', '--json', `--outputFile=${file}`], {
    cwd: root,
    name: 'backend tests',
    env: {
      ...process.env,
      ...FAR_FROM_KOREA,
      NODE_ENV: 'test',
      TEST_DATABASE_URL: serverUrl,
      TEST_REDIS_URL: redisUrl,
    },
  });
  return readCounts(file, status, (report: JestReport) => ({
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0),
  }));
}

async function frontendTests(): Promise<Counts> {
  const file = join(tmp, 'vitest.json');
  const status = await run(
    'npm',
    ['test', '-w', 'frontend', '--', '--reporter=default', '--reporter=json', `--outputFile=${file}`],
    {
      cwd: root,
      name: 'frontend tests',
      env: { ...process.env, ...FAR_FROM_KOREA },
    },
  );
  return readCounts(file, status, (report: JestReport) => ({
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
  }));
}

async function browserJourneys(): Promise<Counts> {
  if (browserUnavailable) throw new Error(browserUnavailable);
  const { serverUrl, redisUrl } = requireServices();
  for (const built of ['backend/dist/main.js', 'backend/dist/worker.js', 'frontend/dist/index.html']) {
    if (!existsSync(join(root, built))) throw new Error(`${built} is missing: the build did not produce it`);
  }

  const database = `jobcasting_e2e_${randomBytes(4).toString('hex')}`;
  const databaseUrl = await createDatabase(serverUrl, database);
  const port = await freePort();
  // Always the sandbox, whatever Google client the shell has: the journeys reset it and read the mails it got.
  let sandboxPort = await freePort();
  while (sandboxPort === port) sandboxPort = await freePort();
  const sandbox = googleSandboxProcess(sandboxPort);
  // The gateway too is always the sandbox: the journeys read the messages it took.
  let aligoPort = await freePort();
  while (aligoPort === port || aligoPort === sandboxPort) aligoPort = await freePort();
  const aligo = aligoSandboxProcess(aligoPort);
  const dataDir = join(tmp, 'e2e-data');
  mkdirSync(dataDir, { recursive: true });
  const admin = { email: 'admin@jobcasting.test', password: `Jc-${randomBytes(15).toString('base64url')}-7q` };
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...FAR_FROM_KOREA,
    ...generateSecrets(),
    NODE_ENV: 'production',
    PORT: String(port),
    WEB_ROOT: join(root, 'frontend', 'dist'),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    LOGIN_RATE_LIMIT_PER_IP: '1000',
    LOGIN_RATE_LIMIT_PER_EMAIL: '1000',
    // A campaign's e-mails a moment apart, not Gmail's 20 s: the journeys watch one run to its end.
    EMAIL_CAMPAIGN_GAP_MS: '200',
    // A follow-up's "day" is 15 s: the campaign journey watches a follow-up go, and one stopped by a reply.
    EMAIL_FOLLOW_UP_DAY_MS: '15000',
    // The watch of replies and bounces at its shortest, for the journey that waits for one.
    GMAIL_WATCH_INTERVAL_MS: '10000',
    // Its own queues, apart from whatever the back-end tests left in the same Redis.
    REDIS_KEY_PREFIX: database,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    ...googleSandboxEnv(sandbox.url, `http://localhost:${port}`),
    ...aligoSandboxEnv(aligo.url),
  };

  let children: Child[] = [];
  try {
    children = await startProcesses(
      [
        sandbox.process,
        aligo.process,
        { name: 'api', command: node, args: ['backend/dist/main.js'], ready: healthy(port) },
        { name: 'worker', command: node, args: ['backend/dist/worker.js'] },
      ],
      env,
      (name, status) => console.error(`${name} ${describeExit(status)} during the journeys`),
    );
    const file = join(tmp, 'playwright.json');
    const playwright = join(root, 'node_modules', '@playwright', 'test', 'cli.js');
    // JOURNEYS="opt-outs messaging" runs only the journey files whose names hold those words.
    const only = (process.env.JOURNEYS ?? '').split(/\s+/).filter(Boolean);
    const status = await run(
      node,
      [playwright, 'test', '-c', 'frontend/playwright.config.ts', '--reporter=list,json', ...only],
      {
        cwd: root,
        name: 'playwright',
        env: {
          ...env,
          PLAYWRIGHT_JSON_OUTPUT_NAME: file,
          E2E_BASE_URL: `http://localhost:${port}`,
          E2E_ADMIN_EMAIL: admin.email,
          E2E_ADMIN_PASSWORD: admin.password,
          E2E_GOOGLE_SANDBOX_URL: sandbox.url,
          E2E_ALIGO_SANDBOX_URL: aligo.url,
        },
      },
    );
    // A flaky test passed on a retry.
    return readCounts(file, status, (report: PlaywrightReport) => ({
      passed: (report.stats?.expected ?? 0) + (report.stats?.flaky ?? 0),
      failed: report.stats?.unexpected ?? 0,
    }));
  } finally {
    for (const child of children.reverse()) await child.stop();
    await dropDatabase(serverUrl, database).catch((error: unknown) =>
      console.error(`Could not drop ${database}:`, error),
    );
  }
}

async function main(): Promise<never> {
  const results: { name: string; counts: Counts }[] = [];
  for (const step of chosenSteps(process.argv.slice(2))) {
    if (isShuttingDown()) break;
    const started = Date.now();
    console.log(`\n==> ${step.name}`);
    try {
      const counts = await step.run();
      if (counts) results.push({ name: step.name, counts });
    } catch (error) {
      console.error(`${step.name} could not run: ${error instanceof Error ? error.message : String(error)}`);
      results.push({ name: step.name, counts: { passed: 0, failed: 1 } });
    }
    console.log(`==> ${step.name} done in ${Math.round((Date.now() - started) / 1000)} s`);
  }

  await services?.stop();
  unregisterTmp();
  removeTmp();

  const total = results.reduce(
    (sum, { counts }) => ({ passed: sum.passed + counts.passed, failed: sum.failed + counts.failed }),
    {
      passed: 0,
      failed: 0,
    },
  );
  console.log('\nSummary');
  for (const { name, counts } of results) console.log(`${name}: ${counts.passed} passed, ${counts.failed} failed`);
  console.log(`${total.passed} passed, ${total.failed} failed`);
  return shutdown(total.failed > 0 ? 1 : 0);
}

main().catch((error: unknown) =>
  shutdown(1, `npm test crashed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
);
