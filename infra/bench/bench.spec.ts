// The seeding tool and the benchmark, run as an operator runs them. Need backend/dist (npm test builds).
import { describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createDatabase, dropDatabase } from '../scripts/lib/databases.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

function runScript(
  script: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('infra/bench', () => {
  it('npm run seed -- --users N adds N admins who sign in with the seed password, and a second run adds none', async () => {
    const serverUrl = process.env.TEST_DATABASE_URL;
    const redisUrl = process.env.TEST_REDIS_URL;
    if (!serverUrl || !redisUrl) throw new Error('TEST_DATABASE_URL and TEST_REDIS_URL must be set');
    const database = `jc_seed_${process.pid}`;
    const databaseUrl = await createDatabase(serverUrl, database);
    const dataDir = mkdtempSync(join(tmpdir(), 'jobcasting-seed-'));
    try {
      const env = { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, DATA_DIR: dataDir };
      const first = await runScript('infra/bench/seed.ts', ['--users', '25'], env);
      expect(first.output).toContain('Users: 25 added (password Seed-password-1).');
      expect(first.code).toBe(0);
      const second = await runScript('infra/bench/seed.ts', ['--users', '25'], env);
      expect(second.output).toContain('Users: 0 added');

      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      const { rows } = await client.query<{ password_hash: string; role: string }>(
        `select password_hash, role from users where email like 'seed.user%'`,
      );
      await client.end();
      expect(rows).toHaveLength(25);
      expect(new Set(rows.map((row) => row.role))).toEqual(new Set(['admin']));
      const { verifyPassword } = (await import(
        new URL('../../backend/dist/platform/crypto/password-hasher.js', import.meta.url).href
      )) as {
        verifyPassword: (hash: string, password: string) => Promise<boolean>;
      };
      expect(await verifyPassword(rows[0].password_hash, 'Seed-password-1')).toBe(true);
    } finally {
      await dropDatabase(serverUrl, database);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('npm run bench prints sign-in, users and post list figures beside GET health, imports beside COPY, the duplicate scan and view, messaging, e-mail and campaign figures, without errors', async () => {
    const { code, output } = await runScript('infra/bench/bench.ts', [
      '--no-build',
      '--seconds',
      '0.5',
      '--users',
      '20',
      '--posts',
      '600',
      '--import-rows',
      '300',
      '--contacts',
      '400',
      '--view-contacts',
      '300',
      '--table-contacts',
      '300',
      '--messages',
      '1200',
      '--campaign-emails',
      '20',
    ]);
    expect(code).toBe(0);
    const rows = output.split('\n').filter((line) => /^(GET|POST) /.test(line));
    expect(rows.map((row) => row.split(/\s{2,}/)[0])).toEqual([
      'GET health',
      'GET users (page 1, 50 of 21)',
      'POST auth/login (argon2id)',
      'GET health (20 callers)',
      'GET posts',
      'GET posts/search (배우, all)',
      'GET posts/search (뮤직비디오, title)',
      'GET posts/filter (여자)',
      'GET posts/datefilter (30 days)',
      'GET posts (page 100)',
      'GET posts, not kept',
      'GET posts/search (배우, all), not kept',
      'GET posts/search (뮤직비디오, title), not kept',
      'GET posts/filter (여자), not kept',
      'GET posts/datefilter (30 days), not kept',
      'GET posts (page 100), not kept',
      'GET posts, kept, 10 rounds of 20 at once',
      'GET posts, kept, each round after a memo on a post it does not show',
      'GET posts, first read after a memo on one of its posts',
      'GET posts, after a memo on one of its posts through the same process',
      'GET posts/filter (여자), kept, 10 rounds of 20 at once',
      'GET posts/filter (여자), kept, each round after a memo on a post it does not show',
      'GET posts/filter (여자), first read after a memo on one of its posts',
      'GET posts/filter (여자), after a memo on one of its posts through the same process',
      'GET posts/search (배우, all), kept, 10 rounds of 20 at once',
      'GET posts/search (10 two-syllable words, all), first search',
      expect.stringMatching(
        /^GET posts\/search \(each of \d+ one- and two-syllable words, all\), first search, one at a time$/,
      ),
    ]);
    for (const row of rows) {
      const [callers, requests, errors, perSecond, p50, p95] = row
        .split(/\s{2,}/)
        .slice(1)
        .map(Number);
      expect(callers).toBeGreaterThan(0);
      expect(requests).toBeGreaterThan(0);
      expect(errors).toBe(0);
      expect(perSecond).toBeGreaterThan(0);
      expect(p95).toBeGreaterThanOrEqual(p50);
    }
    expect(output).toContain('Post lists on 600 posts.');
    expect(output).toMatch(/The slowest first search of a short word: [가-힣]{1,2} \(in \d+ posts\), [\d.]+ ms/);
    const importRate = Number(/import\s+(\d+) rows\/s \([\d.]+ s; (\d+) created/.exec(output)?.[1]);
    const copyRate = Number(/COPY\s+(\d+) rows\/s/.exec(output)?.[1]);
    expect(importRate).toBeGreaterThan(0);
    expect(copyRate).toBeGreaterThan(0);
    expect(output).toContain('Address book of 400 contacts');
    expect(/import\s+\d+ rows\/s from upload to the last row committed \([\d.]+ s, 400 imported\)/.test(output)).toBe(
      true,
    );
    expect(
      Number(/COPY\s+(\d+) rows\/s of the same cells into contact, with its foreign keys/.exec(output)?.[1]),
    ).toBeGreaterThan(0);
    expect(output).toMatch(
      /update matches\s+\d+ rows\/s importing the same file again into that book \([\d.]+ s; 400 rows matching, \d+ contacts updated, 0 added\)/,
    );
    expect(Number(/(\d+) rows\/s into a temporary copy of contact/.exec(output)?.[1])).toBeGreaterThan(0);
    // 5 % of 400 contacts repeat another's phone: 20 repeats.
    const [, , , groups, duplicated] = (
      /duplicate scan of the whole book\s+p50 (\d+) ms, slowest (\d+) ms of 10 \((\d+) phones shared by (\d+) contacts\)/.exec(
        output,
      ) ?? []
    ).map(Number);
    expect(groups).toBeGreaterThan(0);
    expect(duplicated - groups).toBe(20);
    const [first, p50, slowest, listed] = (
      /duplicates view right after importing 300 contacts into a book of 50\s+first answer (\d+) ms, then p50 (\d+) ms, slowest (\d+) ms of 10 \((\d+) contacts listed\)/.exec(
        output,
      ) ?? []
    )
      .slice(1)
      .map(Number);
    expect(first).toBeGreaterThanOrEqual(0);
    expect(slowest).toBeGreaterThanOrEqual(p50);
    expect(listed).toBeGreaterThan(0);
    expect(output).toMatch(
      /contact table of 300 in Chromium: tasks over 50 ms while scrolling \(200 wheel turns and 2 page jumps in [\d.]+ s\): (none|\d+, the longest \d+ ms); while opening the book/,
    );
    expect(output).toContain('Messaging, sends of 1200 personalised texts');
    const [previewP50, previewP95, excludedInPreview] = (
      /preview\s+p50 (\d+) ms, p95 (\d+) ms, slowest \d+ ms of 20 \(POST message-sends\/preview of 1200 recipients: final texts, types, (\d+) opted out left out/.exec(
        output,
      ) ?? []
    )
      .slice(1)
      .map(Number);
    expect(previewP95).toBeGreaterThanOrEqual(previewP50);
    expect(excludedInPreview).toBe(12);
    const [acceptP50, acceptP95] = (/accept\s+p50 (\d+) ms, p95 (\d+) ms/.exec(output) ?? []).slice(1).map(Number);
    expect(acceptP95).toBeGreaterThanOrEqual(acceptP50);
    expect(Number(/dispatch\s+(\d+) messages\/s into the sandbox/.exec(output)?.[1])).toBeGreaterThan(0);
    expect(Number(/gateway\s+(\d+) messages\/s taken by the sandbox/.exec(output)?.[1])).toBeGreaterThan(0);
    expect(output).toMatch(/scheduled 20 sends due 250 ms apart reach the gateway p50 -?\d+ ms, p95 -?\d+ ms/);
    // 1,200 texts go in 3 send_mass calls, each looked up at least once until every message is final.
    const [calls, lookups] = (/reports\s+1200 messages in (\d+) calls, .*?: (\d+) look-ups/.exec(output) ?? [])
      .slice(1)
      .map(Number);
    expect(calls).toBe(3);
    expect(lookups).toBeGreaterThanOrEqual(calls);
    expect(output).toMatch(/every message final [\d.]+ s after the first call was accepted/);
    expect(output).toMatch(
      /had its last report [\d.]+ s after taking the first message; one sms_list of a call of 500 answers in p50 [\d.]+ ms/,
    );
    expect(Number(/render \+ MIME\s+(\d+) messages\/s/.exec(output)?.[1])).toBeGreaterThan(0);
    const [apiP50, apiP95] = (/send\s+p50 ([\d.]+) ms, p95 ([\d.]+) ms through the API/.exec(output) ?? [])
      .slice(1)
      .map(Number);
    const [gmailP50] = (/Gmail alone\s+p50 ([\d.]+) ms/.exec(output) ?? []).slice(1).map(Number);
    expect(apiP95).toBeGreaterThanOrEqual(apiP50);
    expect(gmailP50).toBeGreaterThan(0);
    expect(output).toMatch(
      /E-mail campaigns, 20 e-mails with 20 models each \(\d+ kB of MIME\) in 1 campaign of at most 500 from one account, pacing off:/,
    );
    expect(
      Number(
        /campaign\s+(\d+) e-mails\/s rendered and handed to the Gmail sandbox by the worker \(20 sent, 0 failed, 0 unknown; [\d.]+ s/.exec(
          output,
        )?.[1],
      ),
    ).toBeGreaterThan(0);
    expect(Number(/Gmail\s+(\d+) e-mails\/s taken by the sandbox from one caller/.exec(output)?.[1])).toBeGreaterThan(
      0,
    );
    expect(Number(/worker\s+peak (\d+) MB resident/.exec(output)?.[1])).toBeGreaterThan(0);
  }, 240_000);
});
