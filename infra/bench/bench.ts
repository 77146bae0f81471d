// npm run bench: on one server in one run, beside GET health: sign-in throughput, GET users, the post list queries
// on --posts posts, a --import-rows sheet imported from the Google sandbox beside a raw COPY of its rows, and the
// e-mail side: render and MIME build with 20 models, and a send through the API beside the sandbox's own answer;
// then messaging: sends of --messages texts, their hand-over to the gateway sandbox and their delivery reports;
// last, campaigns of --campaign-emails e-mails beside the Gmail sandbox's own intake, and the worker's peak memory.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startServices } from '../scripts/services.ts';
import { createDatabase, dropDatabase, freePort } from '../scripts/lib/databases.ts';
import {
  apiArgs,
  generateSecrets,
  healthy,
  node,
  root,
  startProcesses,
  unexpectedExitMessage,
  workerArgs,
} from '../scripts/lib/app.ts';
import { onShutdown, run, shutdown } from '../scripts/lib/processes.ts';
import { startGoogleSandbox, SAMPLE_ACCOUNT_EMAILS } from '../sandbox/google/server.ts';
import { googleSandboxEnv } from '../scripts/lib/google-env.ts';
import { aligoSandboxEnv, aligoSandboxProcess } from '../scripts/lib/aligo.ts';
import { contactTableBenchAvailable, scrollContactTable, type ScrollFigures } from './contact-table.ts';
import {
  analyzeContacts,
  copyContactsPerSecond,
  duplicateScan,
  duplicatesView,
  generatedAddressBook,
  importAddressBook,
} from './contacts.ts';
import { renderAndBuildRate, sendLatency } from './email.ts';
import { bursts, load, type LoadOptions, type LoadResult } from './load.ts';
import { campaignFigures, prepareCampaign } from './campaigns.ts';
import {
  acceptTimes,
  deliveryReportFigures,
  dispatchRate,
  previewTimes,
  registerSandboxSender,
  sandboxIntakeRate,
  scheduledLateness,
} from './messaging.ts';
import { median } from './percentiles.ts';
import {
  connectSandboxAccount,
  copyRowsPerSecond,
  type FirstSearches,
  firstSearchOfEachShortWord,
  generatedPostsSheet,
  growPosts,
  importPosts,
  warmUpWords,
} from './posts.ts';
import { seedUsers } from './seed-data.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    users: { type: 'string', default: '1000' },
    posts: { type: 'string', default: '100000' },
    'import-rows': { type: 'string', default: '20000' },
    contacts: { type: 'string', default: '100000' },
    'table-contacts': { type: 'string', default: '50000' },
    // Contacts imported into a book that already holds some, before its duplicates view is read.
    'view-contacts': { type: 'string', default: '20000' },
    messages: { type: 'string', default: '10000' },
    'campaign-emails': { type: 'string', default: '2000' },
    // `--only post-lists`, `--only contacts`, `--only contact-table`, `--only messaging`, `--only delivery-reports` or
    // `--only campaigns`: just that part, for work on it.
    only: { type: 'string' },
    // The back end as last built (its tests build it first), not built again.
    'no-build': { type: 'boolean', default: false },
  },
});
const ONLY = ['post-lists', 'contacts', 'contact-table', 'messaging', 'delivery-reports', 'campaigns'];
if (values.only !== undefined && !ONLY.includes(values.only))
  throw new Error(`--only knows ${ONLY.join(', ')}, not ${values.only}`);
const seconds = Number(values.seconds);
const seededUsers = Number(values.users);
const postCount = Number(values.posts);
const importRows = Number(values['import-rows']);
const contactCount = Number(values.contacts);
const tableContacts = Number(values['table-contacts']);
const viewContacts = Number(values['view-contacts']);
const messageCount = Number(values.messages);
const campaignEmails = Number(values['campaign-emails']);
// Gateway calls the worker keeps in flight (MESSAGE_SEND_CONCURRENCY); the sandbox's intake is measured with as
// many callers.
const SEND_CONCURRENCY = 4;
const ADMIN = { email: 'bench@jobcasting.test', password: 'Bench-password-1' };

// Built every time, as npm start builds: a build left from an earlier checkout would be measured in its place. (The
// rules package is built before this script starts, by infra/scripts/bootstrap.mjs.)
if (!values['no-build'] || !existsSync(join(root, 'backend/dist/main.js'))) {
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
/** The health check: what the bursts ask to open their connections before they measure. */
const HEALTH = `${base}/health`;
const sandbox = await startGoogleSandbox({ port: 0 });
onShutdown(() => sandbox.close());
// The gateway sandbox in a process of its own, as Aligo is: its intake is measured apart from the caller.
let aligoPort = await freePort();
while (aligoPort === port) aligoPort = await freePort();
const aligo = aligoSandboxProcess(aligoPort);
const env = {
  ...googleSandboxEnv(sandbox.url, `http://localhost:${port}`),
  ...process.env,
  ...aligoSandboxEnv(aligo.url),
  MESSAGE_SEND_CONCURRENCY: String(SEND_CONCURRENCY),
  ...generateSecrets(),
  NODE_ENV: 'production',
  PORT: String(port),
  DATABASE_URL: databaseUrl,
  REDIS_URL: services.redisUrl,
  DATA_DIR: scratch,
  LOG_LEVEL: 'warn',
  // The built app on the same origin, for the contact table in Chromium.
  ...(contactTableBenchAvailable() ? { WEB_ROOT: join(root, 'frontend/dist') } : {}),
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  // The sign-in limit protects against guessing; raised here so that the benchmark measures the server.
  LOGIN_RATE_LIMIT_PER_IP: '100000000',
  LOGIN_RATE_LIMIT_PER_EMAIL: '100000000',
};
const onExit = (name: string, status: Parameters<typeof unexpectedExitMessage>[1]) =>
  void shutdown(1, unexpectedExitMessage(name, status));
const api = (extra: Record<string, string> = {}) => ({
  name: 'api',
  command: node,
  args: apiArgs,
  ready: healthy(port),
  env: extra,
});
await startProcesses([aligo.process], env, onExit);
const worker = (extra: Record<string, string> = {}) => ({
  name: 'worker',
  command: node,
  args: workerArgs,
  env: extra,
});
const started = await startProcesses([api(), worker()], env, onExit);
let [apiProcess, workerProcess] = started;
await seedUsers(databaseUrl, seededUsers);

const loginBody = JSON.stringify(ADMIN);
const signIn = await fetch(`${base}/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: loginBody,
});
const session = (await signIn.json()) as { token: string };
const auth = { authorization: `Bearer ${session.token}` };

// Contacts: a generated address book (5 % duplicates) uploaded and imported, beside a COPY; then the duplicate scan.
// Then the statistics are taken (as autovacuum would after that import), a book of 50 is imported and
// viewContacts more into it, and its duplicates view is read at once: the planner may still know nothing of it.
const SMALL_BOOK = 50;
async function contactFigures() {
  const book = generatedAddressBook(contactCount, 0.05);
  const contactImport = await importAddressBook(base, auth, book, 'bench-contacts');
  const contactCopy = await copyContactsPerSecond(databaseUrl, book.rows, contactImport.addressBookId);
  const contactImportRate = contactImport.imported / contactImport.seconds;
  // The same file again into that book, updating the contacts its rows match: every row is matched by phone.
  const reimport = await importAddressBook(base, auth, book, 'bench-contacts', 'update');
  const scan = await duplicateScan(base, auth, contactImport.addressBookId, 10);
  await analyzeContacts(databaseUrl);
  const small = await importAddressBook(base, auth, generatedAddressBook(SMALL_BOOK, 0.05), 'bench-duplicates');
  const grown = await importAddressBook(base, auth, generatedAddressBook(viewContacts, 0.05), 'bench-duplicates');
  const view = await duplicatesView(base, auth, small.addressBookId, 10);
  return [
    `\nAddress book of ${contactCount} contacts (${(book.csv.length / 1024 / 1024).toFixed(1)} MB of CSV, 5 % duplicates):`,
    `  import    ${contactImportRate.toFixed(0)} rows/s from upload to the last row committed (${contactImport.seconds.toFixed(1)} s, ${contactImport.imported} imported)`,
    `  COPY      ${contactCopy.intoContact.toFixed(0)} rows/s of the same cells into contact, with its foreign keys and indexes (import = ${((100 * contactImportRate) / contactCopy.intoContact).toFixed(0)} % of COPY)`,
    `            ${contactCopy.intoTemporary.toFixed(0)} rows/s into a temporary copy of contact: indexes, no foreign keys, no WAL (import = ${((100 * contactImportRate) / contactCopy.intoTemporary).toFixed(0)} %)`,
    `  update matches  ${(contactCount / reimport.seconds).toFixed(0)} rows/s importing the same file again into that book (${reimport.seconds.toFixed(1)} s; ${reimport.matchedRows} rows matching, ${reimport.updated} contacts updated, ${reimport.imported} added)`,
    `  duplicate scan of the whole book  p50 ${scan.p50.toFixed(0)} ms, slowest ${scan.max.toFixed(0)} ms of 10 (${scan.groups} phones shared by ${scan.duplicated} contacts)`,
    `  duplicates view right after importing ${grown.imported} contacts into a book of ${small.imported}  first answer ${view.first.toFixed(0)} ms, then p50 ${view.p50.toFixed(0)} ms, slowest ${view.max.toFixed(0)} ms of 10 (${view.contacts} contacts listed)`,
  ];
}
if (values.only === 'contacts') {
  for (const text of await contactFigures()) console.log(text);
  await shutdown(0);
}

// The contact table in Chromium: a book of tableContacts opened and scrolled through.
async function contactTableFigures(): Promise<ScrollFigures | null> {
  if (!contactTableBenchAvailable()) return null;
  await importAddressBook(base, auth, generatedAddressBook(tableContacts, 0.05), 'bench-table');
  const browserSession = (await (
    await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: loginBody,
    })
  ).json()) as Parameters<typeof scrollContactTable>[1];
  return scrollContactTable(`http://localhost:${port}`, browserSession, 'bench-table');
}
function contactTableLine(table: ScrollFigures | null): string {
  const longest = (tasks: number[]) =>
    tasks.length === 0 ? 'none' : `${tasks.length}, the longest ${Math.max(...tasks).toFixed(0)} ms`;
  return table
    ? `  contact table of ${tableContacts} in Chromium: tasks over 50 ms while scrolling (${table.scrollSteps} wheel turns and ${table.pageJumps} page jumps in ${table.seconds.toFixed(1)} s): ${longest(table.scrollTasks)}; while opening the book: ${longest(table.openTasks)}`
    : '  contact table in Chromium: skipped (needs /usr/bin/chromium and a built front end)';
}
if (values.only === 'contact-table') {
  console.log(contactTableLine(await contactTableFigures()));
  await shutdown(0);
}

// Messaging: sends of messageCount personalised texts through the API, the worker and the gateway sandbox.
// The hand-over of 10,000 messages takes a fraction of a second, on a machine the worker, the sandbox and the
// database share: the dispatch and the sandbox's own intake are measured in turns, DISPATCH_ROUNDS times each,
// and compared by their medians.
const DISPATCH_ROUNDS = 15;
const PREVIEW_RUNS = 20;
async function messagingFigures() {
  await registerSandboxSender(base, auth);
  const preview = await previewTimes(base, auth, messageCount, PREVIEW_RUNS);
  const accept = await acceptTimes(base, auth, messageCount, 5);
  const dispatches: Awaited<ReturnType<typeof dispatchRate>>[] = [];
  const intakes: number[] = [];
  for (let round = 0; round < DISPATCH_ROUNDS; round++) {
    dispatches.push(await dispatchRate(base, auth, aligo.url, messageCount, round));
    intakes.push(await sandboxIntakeRate(aligo.url, messageCount, SEND_CONCURRENCY));
  }
  const dispatch = median(dispatches.map((run) => run.perSecond));
  const intake = median(intakes);
  const spread = (values: number[]) => `${Math.min(...values).toFixed(0)} to ${Math.max(...values).toFixed(0)}`;
  const late = await scheduledLateness(base, auth, aligo.url, 20);
  return [
    `\nMessaging, sends of ${messageCount} personalised texts (LMS, EUC-KR) through the API, the worker and the Aligo sandbox:`,
    `  preview   p50 ${preview.p50.toFixed(0)} ms, p95 ${preview.p95.toFixed(0)} ms, slowest ${preview.max.toFixed(0)} ms of ${PREVIEW_RUNS} (POST message-sends/preview of ${messageCount} recipients: final texts, types, ${preview.excluded} opted out left out, cost, the gateway's remaining counts; ${(preview.bytes / 1024).toFixed(0)} kB answered, nothing recorded)`,
    `  accept    p50 ${accept.p50.toFixed(0)} ms, p95 ${accept.p95.toFixed(0)} ms, slowest ${accept.max.toFixed(0)} ms of 5 (checked, recorded with a delivery each, queued)`,
    `  dispatch  ${dispatch.toFixed(0)} messages/s into the sandbox, by its count, while the worker sends (median of ${DISPATCH_ROUNDS} sends, ${spread(dispatches.map((run) => run.perSecond))}; the whole send ${median(dispatches.map((run) => run.seconds)).toFixed(2)} s from acceptance to the last delivery settled)`,
    `  gateway   ${intake.toFixed(0)} messages/s taken by the sandbox from ${SEND_CONCURRENCY} callers posting send_mass calls of 500 side by side (median of ${DISPATCH_ROUNDS}, ${spread(intakes)}, in turns with the sends; dispatch = ${((100 * dispatch) / intake).toFixed(0)} % of it)`,
    `  scheduled 20 sends due 250 ms apart reach the gateway p50 ${late.p50.toFixed(0)} ms, p95 ${late.p95.toFixed(0)} ms, at most ${late.max.toFixed(0)} ms after their time`,
  ];
}
// Delivery reports on the product's schedule shortened 60 times (1, 5 and 30 s, 2 and 24 min), by a worker started
// with it: reports that come 2 to 10 s after sending stand for reports 2 to 10 minutes late.
async function deliveryReportLines() {
  await workerProcess.stop();
  [workerProcess] = await startProcesses(
    [worker({ DELIVERY_LOOKUP_SCHEDULE_MS: '1000,5000,30000,120000,1440000' })],
    env,
    onExit,
  );
  const reports = await deliveryReportFigures(base, auth, aligo.url, databaseUrl, {
    recipients: messageCount,
    reportDelayMs: 2000,
    jitterMs: 8000,
    failureRate: 0.05,
  });
  return [
    `  reports   ${messageCount} messages in ${reports.calls} calls, reported 2 to 10 s after sending (5 % failing), look-ups 1, 5, 30 s… after acceptance: ${reports.lookups} look-ups (${(reports.lookups / reports.calls).toFixed(1)} a call, ${reports.pages} sms_list pages of 500); every message final ${reports.finalAfterAcceptanceSeconds.toFixed(1)} s after the first call was accepted (${reports.finalSeconds.toFixed(1)} s after the send was posted, ${reports.dispatchedSeconds.toFixed(1)} s of it handing over)`,
    `  gateway   had its last report ${reports.gatewayLastReportSeconds.toFixed(1)} s after taking the first message; one sms_list of a call of 500 answers in p50 ${reports.smsListP50Ms.toFixed(1)} ms (outcome ${reports.outcome}: ${reports.counts.delivered} delivered, ${reports.counts.failed} failed, ${reports.counts.unknown} unknown)`,
  ];
}
if (values.only === 'messaging') {
  for (const text of [...(await messagingFigures()), ...(await deliveryReportLines())]) console.log(text);
  await shutdown(0);
}
if (values.only === 'delivery-reports') {
  await registerSandboxSender(base, auth);
  for (const text of await deliveryReportLines()) console.log(text);
  await shutdown(0);
}

// E-mail campaigns: campaignEmails posts with 20 selected models each, sent by a worker started afresh with pacing
// off (so that its peak memory is the campaign's), beside the Gmail sandbox taking the same messages from one caller.
async function campaignLines(accountId: number) {
  const setup = await prepareCampaign(base, auth, databaseUrl, accountId, campaignEmails);
  await workerProcess.stop();
  [workerProcess] = await startProcesses([worker({ EMAIL_CAMPAIGN_GAP_MS: '0' })], env, onExit);
  const campaign = await campaignFigures({
    base,
    auth,
    sandboxUrl: sandbox.url,
    databaseUrl,
    accountId,
    accountEmail: SAMPLE_ACCOUNT_EMAILS[0],
    setup,
    workerPid: workerProcess.pid!,
  });
  const campaignCount = `${campaign.campaigns} campaign${campaign.campaigns === 1 ? '' : 's'}`;
  return [
    `\nE-mail campaigns, ${campaign.emails} e-mails with 20 models each (${(campaign.messageBytes / 1024).toFixed(0)} kB of MIME) in ${campaignCount} of at most ${campaign.campaignSize} from one account, pacing off:`,
    `  campaign  ${campaign.perSecond.toFixed(0)} e-mails/s rendered and handed to the Gmail sandbox by the worker (${campaign.counts.sent ?? 0} sent, ${campaign.counts.failed ?? 0} failed, ${campaign.counts.unknown ?? 0} unknown; ${campaign.seconds.toFixed(1)} s from the first campaign's start to the last one's finish)`,
    `  Gmail     ${campaign.intakePerSecond.toFixed(0)} e-mails/s taken by the sandbox from one caller sending the same messages one at a time (${campaign.intakeSeconds.toFixed(1)} s; campaign = ${((100 * campaign.perSecond) / campaign.intakePerSecond).toFixed(0)} % of it)`,
    `  worker    peak ${campaign.workerPeakMb === null ? 'n/a (no /proc)' : `${campaign.workerPeakMb.toFixed(0)} MB`} resident, from its start to the last campaign's finish`,
  ];
}
if (values.only === 'campaigns') {
  const accountId = await connectSandboxAccount(base, auth, SAMPLE_ACCOUNT_EMAILS[0]);
  // A few rows of a generated sheet are rejected by the import: a tenth more than needed.
  await importPosts(
    base,
    auth,
    await generatedPostsSheet(sandbox.url, Math.ceil(campaignEmails * 1.1) + 20),
    accountId,
  );
  for (const text of await campaignLines(accountId)) console.log(text);
  await shutdown(0);
}

// A sheet imported through the API and the worker, beside a raw COPY of the same rows.
const accountId = await connectSandboxAccount(base, auth, SAMPLE_ACCOUNT_EMAILS[0]);
const sheet = await generatedPostsSheet(sandbox.url, importRows);
const imported = await importPosts(base, auth, sheet, accountId);
const copyRate = await copyRowsPerSecond(databaseUrl, sheet.values);
const importRate = importRows / imported.seconds;
const posts = await growPosts(databaseUrl, postCount);
const today = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
const monthAgo = new Date(Date.now() + 9 * 3600_000 - 30 * 86400_000).toISOString().slice(0, 10);
const postRuns = (concurrency: number): { name: string; options: LoadOptions }[] =>
  [
    ['GET posts', 'posts?page=1&pageSize=50&sortBy=postDate&sortOrder=DESC'],
    [
      'GET posts/search (배우, all)',
      `posts/search?page=1&pageSize=50&query=${encodeURIComponent('배우')}&category=all`,
    ],
    [
      'GET posts/search (뮤직비디오, title)',
      `posts/search?page=1&pageSize=50&query=${encodeURIComponent('뮤직비디오')}&category=title`,
    ],
    ['GET posts/filter (여자)', `posts/filter?page=1&pageSize=50&recruitmentGender=${encodeURIComponent('여자')}`],
    ['GET posts/datefilter (30 days)', `posts/datefilter?page=1&pageSize=50&startDate=${monthAgo}&endDate=${today}`],
    ['GET posts (page 100)', 'posts?page=100&pageSize=50'],
  ].map(([name, path]) => ({
    name: `${name}`,
    options: { url: `${base}/${path}`, headers: auth, concurrency, seconds },
  }));

const runs: { name: string; options: LoadOptions }[] = [
  { name: 'GET health', options: { url: `${base}/health`, concurrency: 16, seconds } },
  {
    name: `GET users (page 1, 50 of ${seededUsers + 1})`,
    options: { url: `${base}/users?page=1&pageSize=50`, headers: auth, concurrency: 16, seconds },
  },
  {
    name: 'POST auth/login (argon2id)',
    options: {
      url: `${base}/auth/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: loginBody,
      concurrency: 4,
      seconds,
    },
  },
  { name: 'GET health (20 callers)', options: { url: `${base}/health`, concurrency: 20, seconds } },
];

console.log(
  `\nJOB CASTING API benchmark: ${seconds} s per endpoint after a ${Math.min(2, seconds)} s warm-up, Node ${process.version}, one API process\n`,
);
const header = ['endpoint', 'callers', 'requests', 'errors', 'req/s', 'p50 ms', 'p95 ms'];
const rows: string[][] = [];
const row = (name: string, concurrency: number, result: LoadResult) =>
  rows.push([
    name,
    String(concurrency),
    String(result.requests),
    String(result.errors),
    result.perSecond.toFixed(0),
    result.p50.toFixed(1),
    result.p95.toFixed(1),
  ]);
const measure = async (list: { name: string; options: LoadOptions }[]) => {
  for (const { name, options } of list) {
    await load({ ...options, seconds: Math.min(2, seconds) });
    row(name, options.concurrency, await load(options));
  }
};
const printTable = () => {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(line(header));
  for (const cells of rows) console.log(line(cells));
};

/**
 * Two-syllable words of the generated posts: each round of the first searches asks for a word nobody searched
 * for yet, so that no page of it is kept (its count the database keeps). Some are in most posts, some in few.
 */
const TWO_SYLLABLES = ['모델', '영화', '광고', '화보', '예능', '서울', '여름', '계절', '이웃', '식당'];
const BURST_ROUNDS = TWO_SYLLABLES.length;
/** Untimed rounds of each kind of first read that a process just started serves before the timed ones. */
const WARM_UP_ROUNDS = 30;

/** Rounds of 20 callers asking at once for a page read once before, so kept: a burst's own cost. */
async function keptBursts(name: string, url: string) {
  await (await fetch(url, { headers: auth })).arrayBuffer();
  row(
    `${name}, kept, ${BURST_ROUNDS} rounds of 20 at once`,
    20,
    await bursts({ url: () => url, headers: auth, concurrency: 20, rounds: BURST_ROUNDS, warmUp: HEALTH }),
  );
}

let firstSearches: FirstSearches | undefined;

/** The post lists: kept, then from an API that keeps no pages, then the first reads after a write. */
async function postListFigures() {
  if (values.only !== 'post-lists') await measure(runs);
  await measure(postRuns(20));
  // The same lists again from an API that keeps no answers, so that every request reads its page afresh (totals
  // stay cached in Redis; 배우's comes with its ids from the count the database keeps): what a page costs right
  // after a write.
  await apiProcess.stop();
  [apiProcess] = await startProcesses([api({ POST_PAGE_CACHE_MB: '0' })], env, onExit);
  await measure(postRuns(20).map(({ name, options }) => ({ name: `${name}, not kept`, options })));
  // And from an API as it runs: a memo on one of the page's posts (which makes the pages showing it be checked
  // again) before each round of 20 callers reading at once; and a first search for a two-syllable word, whose
  // page nobody has read yet, in each round. The memo is made through a second API process, as another member of staff
  // would, so that the process read hears of it and checks the page on its first read; and, in a row of its own,
  // through the process read, which puts the post into its kept pages before answering the memo.
  // Beside each, the same rounds of 20 callers asking at once for a page that is kept: what a burst costs when
  // nothing has to be read, back to back and after a memo elsewhere.
  await apiProcess.stop();
  let writerPort = await freePort();
  while (writerPort === port || writerPort === aligoPort) writerPort = await freePort();
  [apiProcess] = await startProcesses([api()], env, onExit);
  const [writerProcess] = await startProcesses(
    [{ ...api({ PORT: String(writerPort) }), name: 'api-2', ready: healthy(writerPort) }],
    env,
    onExit,
  );
  const writer = base.replace(`:${port}/`, `:${writerPort}/`);
  const postsOf = async (url: string) =>
    ((await (await fetch(url, { headers: auth })).json()) as { posts: { data: { postId: string }[] } }).posts.data;
  const memoOn = (posts: { postId: string }[], through: string) => async (round: number) => {
    const post = posts[(round * 7) % posts.length];
    const response = await fetch(`${through}/posts/${encodeURIComponent(post.postId)}`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ memo: `벤치 메모 ${round}` }),
    });
    if (!response.ok) throw new Error(`The memo was refused: ${response.status}`);
  };
  const searchOf = (word: string) =>
    `${base}/posts/search?page=1&pageSize=50&query=${encodeURIComponent(word)}&category=all`;
  // V8 runs a process's code unoptimised until it has seen it run a while, and staff meet API processes that have
  // run for hours. So before the rounds below are timed, the two processes just started serve, untimed, what they
  // time: a kept page, first reads of a page after memos made through either process, and first searches of words
  // that the rounds do not search. Those read the oldest posts first, which no timed page shows, so that the warm-up
  // leaves the timed reads no post's JSON kept that they would not have found anyway.
  const oldestFirst = '&sortOrder=ASC';
  const warmUpSearches = await warmUpWords(databaseUrl, [...TWO_SYLLABLES, '배우'], WARM_UP_ROUNDS);
  const warmUpPage = `${base}/posts?page=1&pageSize=50${oldestFirst}`;
  const warmUpShown = await postsOf(warmUpPage);
  const untimed = (result: LoadResult) => {
    if (result.errors > 0) throw new Error(`${result.errors} requests of the warm-up failed`);
  };
  untimed(
    await load({
      url: `${base}/posts?page=1&pageSize=50`,
      headers: auth,
      concurrency: 20,
      seconds: Math.min(2, seconds),
    }),
  );
  untimed(
    await bursts({
      url: () => warmUpPage,
      headers: auth,
      concurrency: 20,
      rounds: WARM_UP_ROUNDS,
      before: (round) => memoOn(warmUpShown, round % 2 === 0 ? writer : base)(round),
      warmUp: HEALTH,
    }),
  );
  untimed(
    await bursts({
      url: (round) => `${searchOf(warmUpSearches[round])}${oldestFirst}`,
      headers: auth,
      concurrency: 20,
      rounds: warmUpSearches.length,
      warmUp: HEALTH,
    }),
  );
  for (const [list, path] of [
    ['GET posts', 'posts?page=1&pageSize=50'],
    ['GET posts/filter (여자)', `posts/filter?page=1&pageSize=50&recruitmentGender=${encodeURIComponent('여자')}`],
  ]) {
    await keptBursts(list, `${base}/${path}`);
    const shown = await postsOf(`${base}/${path}`);
    const elsewhere = (await postsOf(`${base}/posts?page=2&pageSize=50`)).filter(
      (post) => !shown.some((onPage) => onPage.postId === post.postId),
    );
    const rounds = (before: (round: number) => Promise<void>) =>
      bursts({
        url: () => `${base}/${path}`,
        headers: auth,
        concurrency: 20,
        rounds: BURST_ROUNDS,
        before,
        warmUp: HEALTH,
      });
    // The same write before each round, on a post the page does not show: the page stays kept, so the difference
    // between this row and the next is what checking the page again costs, not what the write leaves behind.
    row(
      `${list}, kept, each round after a memo on a post it does not show`,
      20,
      await rounds(memoOn(elsewhere, writer)),
    );
    row(`${list}, first read after a memo on one of its posts`, 20, await rounds(memoOn(shown, writer)));
    row(`${list}, after a memo on one of its posts through the same process`, 20, await rounds(memoOn(shown, base)));
  }
  await writerProcess.stop();
  await keptBursts(
    'GET posts/search (배우, all)',
    `${base}/posts/search?page=1&pageSize=50&query=${encodeURIComponent('배우')}&category=all`,
  );
  row(
    `GET posts/search (${TWO_SYLLABLES.length} two-syllable words, all), first search`,
    20,
    await bursts({
      url: (round) => searchOf(TWO_SYLLABLES[round]),
      headers: auth,
      concurrency: 20,
      rounds: BURST_ROUNDS,
      warmUp: HEALTH,
    }),
  );
  // 배우 was searched above, so it is kept. The warm-up's words were read oldest first: their pages here are not.
  firstSearches = await firstSearchOfEachShortWord(base, auth, databaseUrl, [...TWO_SYLLABLES, '배우']);
  row(
    `GET posts/search (each of ${firstSearches.requests} one- and two-syllable words, all), first search, one at a time`,
    1,
    firstSearches,
  );
}
/** The post lists' size, and the sheet import beside a COPY of the same rows. */
function printPostFigures(): void {
  console.log(
    `\nPost lists on ${posts} posts. Sheet import of ${importRows} generated posts through the API and the worker:`,
  );
  console.log(
    `  import  ${importRate.toFixed(0)} rows/s (${imported.seconds.toFixed(1)} s; ${imported.report.created} created, ${imported.report.rejected.length} rejected)`,
  );
  console.log(
    `  COPY    ${copyRate.toFixed(0)} rows/s of the same cells into a table like post, with its indexes (import = ${((100 * importRate) / copyRate).toFixed(0)} % of COPY)`,
  );
  if (firstSearches)
    console.log(
      `The slowest first search of a short word: ${firstSearches.slowest.word} (in ${firstSearches.slowest.matches} posts), ${firstSearches.slowest.ms.toFixed(1)} ms`,
    );
}
await postListFigures();
if (values.only === 'post-lists') {
  printTable();
  printPostFigures();
  await shutdown(0);
}
// E-mail: the renderer and MailComposer in this process, then sends one at a time.
const rendered = await renderAndBuildRate(Math.min(seconds, 5));
const [firstPost] = (
  (await (await fetch(`${base}/posts?page=1&pageSize=1`, { headers: auth })).json()) as {
    posts: { data: { postId: string }[] };
  }
).posts.data;
const sends = await sendLatency({
  base,
  auth,
  sandboxUrl: sandbox.url,
  accountId,
  accountEmail: SAMPLE_ACCOUNT_EMAILS[0],
  postId: firstPost.postId,
  sends: Math.max(10, seconds * 3),
});
const contacts = await contactFigures();
const table = await contactTableFigures();
const messaging = [...(await messagingFigures()), ...(await deliveryReportLines())];
const campaigns = await campaignLines(accountId);
printTable();
printPostFigures();
for (const text of contacts) console.log(text);
console.log(contactTableLine(table));
for (const text of messaging) console.log(text);
console.log(`\nE-mail with 20 models (${(rendered.bytes / 1024).toFixed(0)} kB of MIME):`);
console.log(`  render + MIME  ${rendered.perSecond.toFixed(0)} messages/s in one process`);
console.log(
  `  send           p50 ${sends.apiP50.toFixed(1)} ms, p95 ${sends.apiP95.toFixed(1)} ms through the API (${sends.sends} sends, one at a time)`,
);
console.log(
  `  Gmail alone    p50 ${sends.sandboxP50.toFixed(1)} ms, p95 ${sends.sandboxP95.toFixed(1)} ms straight to the sandbox: the API adds ${(sends.apiP50 - sends.sandboxP50).toFixed(1)} ms at p50`,
);
for (const text of campaigns) console.log(text);
console.log('');
await shutdown(0);
