// The posts part of the benchmark: a sheet imported through the API (worker, Google sandbox) beside a raw COPY of
// the same rows, and enough posts for the list queries.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { LoadResult } from './load.ts';
import { percentile } from './percentiles.ts';

async function json<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Connects the sandbox account `email` through the API's OAuth flow, as a browser does; answers its id. */
export async function connectSandboxAccount(
  base: string,
  auth: Record<string, string>,
  email: string,
): Promise<number> {
  const connect = await fetch(`${base}/google-auth/connect`, { method: 'POST', headers: auth });
  const cookie = (connect.headers.get('set-cookie') ?? '').split(';')[0];
  const { authUrl } = await json<{ authUrl: string }>(connect, 'connect');
  const consent = await json<{ accounts: { email: string; approveUrl: string }[] }>(
    await fetch(authUrl, { headers: { accept: 'application/json' } }),
    'consent',
  );
  const approve = consent.accounts.find((account) => account.email === email);
  if (!approve) throw new Error(`The sandbox has no account ${email}`);
  const callback = (await fetch(approve.approveUrl, { redirect: 'manual' })).headers.get('location');
  if (!callback) throw new Error('The sandbox did not redirect to the callback');
  const done = await fetch(callback, { headers: { cookie }, redirect: 'manual' });
  if (!String(done.headers.get('location')).includes('connected='))
    throw new Error(`Connecting failed: ${done.headers.get('location')}`);
  const accounts = await json<{ id: number; email: string }[]>(
    await fetch(`${base}/google-auth/accounts`, { headers: auth }),
    'accounts',
  );
  return accounts.find((account) => account.email === email)!.id;
}

/** A spreadsheet of `rows` generated posts in the sandbox; answers its id, sheet name and cells. */
export async function generatedPostsSheet(
  sandboxUrl: string,
  rows: number,
): Promise<{ id: string; sheetName: string; values: string[][] }> {
  const sheet = await json<{ id: string; sheetName: string }>(
    await fetch(`${sandboxUrl}/sandbox/spreadsheets/generated-posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // Headers as the field names, so that the COPY below can name the same columns.
      body: JSON.stringify({ rows, seed: 7, headers: 'fields' }),
    }),
    'generated posts',
  );
  const cells = await json<{ values: string[][] }>(
    await fetch(`${sandboxUrl}/sandbox/spreadsheets/${sheet.id}/sheets/${encodeURIComponent(sheet.sheetName)}`, {
      headers: { accept: 'application/json' },
    }),
    'sheet cells',
  );
  return { ...sheet, values: cells.values };
}

/** Loads posts through GET posts/{fileId}/{sheetName}/{accountId}; answers the seconds it took and the report. */
export async function importPosts(
  base: string,
  auth: Record<string, string>,
  sheet: { id: string; sheetName: string },
  accountId: number,
): Promise<{ seconds: number; report: { created: number; updated: number; unchanged: number; rejected: unknown[] } }> {
  const started = performance.now();
  const answer = await json<{
    report: { created: number; updated: number; unchanged: number; rejected: unknown[] } | null;
  }>(
    await fetch(`${base}/posts/${sheet.id}/${encodeURIComponent(sheet.sheetName)}/${accountId}`, { headers: auth }),
    'import',
  );
  if (!answer.report) throw new Error('The import outlasted the request; run the benchmark with fewer rows');
  return { seconds: (performance.now() - started) / 1000, report: answer.report };
}

/** The post column of a sheet field: postTitle → post_title; postId is the key; postDate stays as typed. */
function postColumn(field: string): string {
  if (field === 'postId') return 'post_key';
  if (field === 'postDate') return 'post_date_text';
  return field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/**
 * Rows per second of a raw COPY of the same cells into a table shaped like the posts table, with its indexes
 * (trigram ones included): what storing these rows costs the database at least, without reading, checking,
 * hashing, sanitising or comparing them.
 */
export async function copyRowsPerSecond(databaseUrl: string, values: string[][]): Promise<number> {
  const [header, ...rows] = values;
  const columns = header.map(postColumn);
  const keyIndex = columns.indexOf('post_key');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `create temporary table copy_bench (like post including defaults including generated including indexes)`,
    );
    await client.query(
      `alter table copy_bench alter column content_hash drop not null, alter column imported_at drop not null, alter column updated_at drop not null`,
    );
    const escape = (cell: string) =>
      cell.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!);
    // Every row gets a key of its own (rows without an id, or repeating one, are rejected by the import).
    const lines = rows.map(
      (row, i) =>
        `${columns.map((_, c) => (c === keyIndex ? `${row[c] ?? ''}#${i}` : escape(row[c] ?? ''))).join('\t')}\n`,
    );
    const started = performance.now();
    await pipeline(
      Readable.from(lines),
      client.query(copyFrom(`copy copy_bench (${columns.map((c) => `"${c}"`).join(', ')}) from stdin`)),
    );
    return rows.length / ((performance.now() - started) / 1000);
  } finally {
    await client.end();
  }
}

/**
 * Grows the posts table to `target` rows by copying the imported ones under new keys, spreading their dates over
 * the last two years: the list queries then run on realistic text at the size the agency reaches.
 */
export async function growPosts(databaseUrl: string, target: number): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const columns = (
      await client.query<{ name: string }>(
        `select column_name as name from information_schema.columns
         where table_name = 'post' and is_generated = 'NEVER'
           and column_name not in ('id', 'post_key', 'post_date') order by ordinal_position`,
      )
    ).rows.map((r) => `"${r.name}"`);
    const existing = Number((await client.query(`select count(*) from post`)).rows[0].count);
    const copies = Math.ceil(target / Math.max(existing, 1)) - 1;
    await client.query(
      `insert into post (post_key, post_date, ${columns.join(', ')})
       select 'bench-' || g || '-' || p.post_key, now() - (random() * interval '730 days'), ${columns.map((c) => `p.${c}`).join(', ')}
       from post p cross join generate_series(1, $1::int) g
       limit $2::int`,
      [copies, target - existing],
    );
    // As autovacuum leaves a table after a load: statistics, and a visibility map for index-only scans.
    await client.query('vacuum analyze post');
    // And as the database settles after it: the load's pages written out, so that no flush competes with the measuring.
    await client.query('checkpoint');
    return Number((await client.query(`select count(*) from post`)).rows[0].count);
  } finally {
    await client.end();
  }
}

/**
 * The two-syllable words in the most posts but `except`, up to `count`: words to search, untimed (oldest posts
 * first), so that a process has run the first search of a word often before the first searches that are timed.
 */
export async function warmUpWords(databaseUrl: string, except: readonly string[], count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const words = await client
    .query<{ gram: string }>(
      `select gram from post_hangul_gram_count where char_length(gram) = 2 and in_any > 0 and gram <> all($1::text[])
       order by in_any desc, gram limit $2`,
      [except, count],
    )
    .finally(() => client.end());
  return words.rows.map(({ gram }) => gram);
}

/** What the first search of each short word cost, and the slowest one. */
export interface FirstSearches extends LoadResult {
  slowest: { ms: number; word: string; matches: number };
}

/**
 * The first search of every one- and two-syllable Hangul word the posts hold but `except`, one at a time, so that
 * each reads its count and page afresh: what a word the planner misjudges costs shows here, not in a burst's p95.
 */
export async function firstSearchOfEachShortWord(
  base: string,
  auth: Record<string, string>,
  databaseUrl: string,
  except: readonly string[],
): Promise<FirstSearches> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const words = await client
    .query<{ gram: string; in_any: number }>(
      `select gram, in_any from post_hangul_gram_count where in_any > 0 and char_length(gram) <= 2 order by gram`,
    )
    .finally(() => client.end());
  const latencies: number[] = [];
  let errors = 0;
  let slowest = { ms: 0, word: '', matches: 0 };
  const started = performance.now();
  for (const { gram, in_any: matches } of words.rows.filter(({ gram }) => !except.includes(gram))) {
    const t0 = performance.now();
    const response = await fetch(
      `${base}/posts/search?page=1&pageSize=50&query=${encodeURIComponent(gram)}&category=all`,
      {
        headers: auth,
      },
    );
    await response.arrayBuffer();
    const ms = performance.now() - t0;
    if (response.status !== 200) errors++;
    latencies.push(ms);
    if (ms > slowest.ms) slowest = { ms, word: gram, matches };
  }
  return {
    requests: latencies.length,
    errors,
    perSecond: latencies.length / ((performance.now() - started) / 1000),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    slowest,
  };
}
