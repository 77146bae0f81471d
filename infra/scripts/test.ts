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
import type { Child, ExitStatus, Output } from './lib/processes.ts';
import { apiArgs, generateSecrets, healthy, node, root, startProcesses, workerArgs } from './lib/app.ts';
import type { AppProcess } from './lib/app.ts';
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
  /**
   * Counts for the summary; a step that returns nothing (setup) is listed only when it throws. The output is where
   * its commands write: straight through, or kept and shown when the step ends (a step beside another).
   */
  run: (output: Output) => Promise<Counts | void>;
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

const steps = {
  chromium: { name: 'chromium', run: ensureChromium },
  build: { name: 'build', run: (output) => npmCheck(['run', 'build'], output) },
  typecheck: { name: 'typecheck', run: (output) => npmCheck(['run', 'typecheck'], output) },
  lint: { name: 'lint', run: (output) => npmCheck(['run', 'lint'], output) },
  services: { name: 'services', run: startTestServices },
  backend: { name: 'backend', run: backendTests },
  frontend: { name: 'frontend', run: frontendTests },
  browser: { name: 'browser', run: browserJourneys },
} satisfies Record<string, Step>;

/**
 * The stages, one after another. A stage's lanes run side by side, each lane's steps one after another: the back-end
 * suite waits on its servers and child processes for much of its time, which the front-end suite, typecheck and
 * lint fill (the four took 285 s one after another on two cores, 214 s so). The journeys run alone: their waits
 * are set for a machine they do not share.
 */
const stages: Step[][][] = [
  [[steps.chromium]],
  [[steps.build]],
  [[steps.services]],
  [[steps.backend], [steps.frontend, steps.typecheck, steps.lint]],
  [[steps.browser]],
];
const allSteps = stages.flat(2);

/** `npm test -- backend browser` runs only the named suites, with the setup they need; no names, all of them. */
function chosenStages(names: string[]): Step[][][] {
  if (names.length === 0) return stages;
  const unknown = names.filter((name) => !allSteps.some((step) => step.name === name));
  if (unknown.length > 0)
    throw new Error(`Unknown suite ${unknown.join(', ')}; the suites: ${allSteps.map((s) => s.name).join(', ')}`);
  const needed = new Set(names);
  if (needed.has('browser')) needed.add('chromium');
  if (needed.has('backend') || needed.has('browser')) needed.add('services');
  return stages
    .map((lanes) => lanes.map((lane) => lane.filter((step) => needed.has(step.name))).filter((lane) => lane.length > 0))
    .filter((lanes) => lanes.length > 0);
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

async function npmCheck(args: string[], output: Output): Promise<Counts> {
  const status = await run('npm', args, { cwd: root, name: args.join(' '), output });
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

/**
 * Counts from a reporter's JSON file; a failure outside any test (a file that does not load) still counts. A missing
 * report is told where the step writes (`output`).
 */
function readCounts<Report>(
  file: string,
  status: ExitStatus,
  output: Output,
  pick: (report: Report) => Counts,
): Counts {
  if (!existsSync(file)) {
    const line = `No report was written (${describeExit(status)})`;
    if (typeof output === 'function') output(line, 'err');
    else console.error(line);
    return { passed: 0, failed: 1 };
  }
  const counts = pick(JSON.parse(readFileSync(file, 'utf8')));
  if (status.code !== 0 && counts.failed === 0) counts.failed = 1;
  return counts;
}

async function backendTests(output: Output): Promise<Counts> {
  const { serverUrl, redisUrl } = requireServices();
  const file = join(tmp, 'jest.json');
  const status = await run('npm', ['test', '-w', 'backend', '--', '--json', `--outputFile=${file}`], {
    cwd: root,
    name: 'backend tests',
    output,
    env: {
      ...process.env,
      ...FAR_FROM_KOREA,
      NODE_ENV: 'test',
      TEST_DATABASE_URL: serverUrl,
      TEST_REDIS_URL: redisUrl,
    },
  });
  return readCounts(file, status, output, (report: JestReport) => ({
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0),
  }));
}

async function frontendTests(output: Output): Promise<Counts> {
  const file = join(tmp, 'vitest.json');
  const status = await run(
    'npm',
    ['test', '-w', 'frontend', '--', '--reporter=default', '--reporter=json', `--outputFile=${file}`],
    {
      cwd: root,
      name: 'frontend tests',
      output,
      env: { ...process.env, ...FAR_FROM_KOREA },
    },
  );
  return readCounts(file, status, output, (report: JestReport) => ({
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
  }));
}

/**
 * The journeys run on JOURNEY_STACKS stacks at once, one per Playwright worker: each its own database, queues,
 * Google and Aligo sandboxes, API and worker, so that a journey that resets a sandbox or counts a list never sees
 * another's data. One by default: two take about a third less time on two cores, but the dashboard's filter
 * journey then misses its 10 s waits now and then, with two browsers and two stacks on the same cores.
 */
const JOURNEY_STACKS = Math.max(1, Number(process.env.JOURNEY_STACKS ?? 1) || 1);

interface JourneyStack {
  /** What the Playwright worker of this stack reads (frontend/e2e/stack.ts). */
  env: Record<string, string>;
  children: Child[];
  database: string;
}

async function browserJourneys(): Promise<Counts> {
  if (browserUnavailable) throw new Error(browserUnavailable);
  const { serverUrl } = requireServices();
  for (const built of ['backend/dist/main.js', 'backend/dist/worker.js', 'frontend/dist/index.html']) {
    if (!existsSync(join(root, built))) throw new Error(`${built} is missing: the build did not produce it`);
  }

  const admin = { email: 'admin@jobcasting.test', password: `Jc-${randomBytes(15).toString('base64url')}-7q` };
  const usedPorts = new Set<number>();
  const stacks: JourneyStack[] = [];
  try {
    for (let index = 0; index < JOURNEY_STACKS; index++) stacks.push(await startJourneyStack(index, admin, usedPorts));
    const file = join(tmp, 'playwright.json');
    const playwright = join(root, 'node_modules', '@playwright', 'test', 'cli.js');
    // JOURNEYS="opt-outs messaging" runs only the journey files whose names hold those words.
    const only = (process.env.JOURNEYS ?? '').split(/\s+/).filter(Boolean);
    const status = await run(
      node,
      [
        playwright,
        'test',
        '-c',
        'frontend/playwright.config.ts',
        '--reporter=list,json',
        `--workers=${stacks.length}`,
        ...only,
      ],
      {
        cwd: root,
        name: 'playwright',
        env: {
          ...process.env,
          ...FAR_FROM_KOREA,
          ...Object.assign({}, ...stacks.map((stack) => stack.env)),
          PLAYWRIGHT_JSON_OUTPUT_NAME: file,
          E2E_ADMIN_EMAIL: admin.email,
          E2E_ADMIN_PASSWORD: admin.password,
        },
      },
    );
    // A flaky test passed on a retry.
    return readCounts(file, status, 'inherit', (report: PlaywrightReport) => ({
      passed: (report.stats?.expected ?? 0) + (report.stats?.flaky ?? 0),
      failed: report.stats?.unexpected ?? 0,
    }));
  } finally {
    for (const stack of stacks.reverse()) {
      for (const child of stack.children.reverse()) await child.stop();
      await dropDatabase(serverUrl, stack.database).catch((error: unknown) =>
        console.error(`Could not drop ${stack.database}:`, error),
      );
    }
  }
}

async function freshPort(used: Set<number>): Promise<number> {
  let port = await freePort();
  while (used.has(port)) port = await freePort();
  used.add(port);
  return port;
}

async function startJourneyStack(
  index: number,
  admin: { email: string; password: string },
  usedPorts: Set<number>,
): Promise<JourneyStack> {
  const { serverUrl, redisUrl } = requireServices();
  const database = `jobcasting_e2e_${randomBytes(4).toString('hex')}`;
  const databaseUrl = await createDatabase(serverUrl, database);
  const port = await freshPort(usedPorts);
  // Always the sandbox, whatever Google client the shell has: the journeys reset it and read the mails it got.
  const sandbox = googleSandboxProcess(await freshPort(usedPorts));
  // The gateway too is always the sandbox: the journeys read the messages it took.
  const aligo = aligoSandboxProcess(await freshPort(usedPorts));
  const dataDir = join(tmp, `e2e-data-${index}`);
  mkdirSync(dataDir, { recursive: true });
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
    // Its own queues, apart from whatever the back-end tests and the other stacks left in the same Redis.
    REDIS_KEY_PREFIX: database,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    ...googleSandboxEnv(sandbox.url, `http://localhost:${port}`),
    ...aligoSandboxEnv(aligo.url),
  };
  const stack: JourneyStack = {
    database,
    children: [],
    env: {
      [`E2E_BASE_URL_${index}`]: `http://localhost:${port}`,
      [`E2E_GOOGLE_SANDBOX_URL_${index}`]: sandbox.url,
      [`E2E_ALIGO_SANDBOX_URL_${index}`]: aligo.url,
    },
  };
  const named = (process: AppProcess) => ({ ...process, name: `${process.name}-${index}` });
  try {
    stack.children = await startProcesses(
      [
        named(sandbox.process),
        named(aligo.process),
        { name: `api-${index}`, command: node, args: apiArgs, ready: healthy(port) },
        { name: `worker-${index}`, command: node, args: workerArgs },
      ],
      env,
      (name, status) => console.error(`${name} ${describeExit(status)} during the journeys`),
    );
  } catch (error) {
    await dropDatabase(serverUrl, database).catch(() => undefined);
    throw error;
  }
  return stack;
}

/**
 * Runs a step. The first lane of a stage writes as it goes; a step in another lane (`beside` names the first lane's
 * step) keeps its output and shows it whole when it ends, so that suites side by side do not interleave their lines.
 */
async function runStep(step: Step, beside?: string): Promise<Counts | undefined> {
  const kept: { line: string; stream: 'out' | 'err' }[] = [];
  const show = (line: string, stream: 'out' | 'err') => (stream === 'err' ? console.error(line) : console.log(line));
  const write: Output = beside ? (line, stream) => void kept.push({ line, stream }) : show;
  // Kept lines are shown when the step ends, or when the run is stopped (a signal, a crash) while it runs.
  const showKept = () => {
    if (!beside) return;
    console.log(`\n==> ${step.name}, run beside ${beside}`);
    for (const { line, stream } of kept.splice(0)) show(line, stream);
  };
  const unregister = onShutdown(showKept);
  const started = Date.now();
  if (!beside) console.log(`\n==> ${step.name}`);
  let counts: Counts | undefined;
  try {
    counts = (await step.run(beside ? write : 'inherit')) ?? undefined;
  } catch (error) {
    write(`${step.name} could not run: ${error instanceof Error ? error.message : String(error)}`, 'err');
    counts = { passed: 0, failed: 1 };
  }
  unregister();
  showKept();
  console.log(`==> ${step.name} done in ${Math.round((Date.now() - started) / 1000)} s`);
  return counts;
}

async function main(): Promise<never> {
  const results: { name: string; counts: Counts }[] = [];
  for (const lanes of chosenStages(process.argv.slice(2))) {
    if (isShuttingDown()) break;
    await Promise.all(
      lanes.map(async (lane, index) => {
        for (const step of lane) {
          if (isShuttingDown()) return;
          const counts = await runStep(step, index === 0 ? undefined : lanes[0][0].name);
          if (counts) results.push({ name: step.name, counts });
        }
      }),
    );
  }
  // The summary lists the suites in their usual order, whichever lane ended first.
  results.sort((a, b) => allSteps.findIndex((s) => s.name === a.name) - allSteps.findIndex((s) => s.name === b.name));

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
