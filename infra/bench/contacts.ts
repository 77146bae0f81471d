// The contacts part of the benchmark: a generated address book CSV uploaded and imported through the API and the
// worker, beside a raw COPY of the same rows, the whole-book duplicate scan, and the duplicates view read right
// after an import.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

const FAMILY = ['김', '이', '박', '최', '정', '강', '조', '윤', '장', '임'];
const GIVEN = ['민준', '서연', '지호', '하은', '도윤', '서준', '지우', '수아', '예준', '지민'];
const GROUPS = ['배우', '모델', '보조출연', '스태프', '성우'];

export interface GeneratedBook {
  csv: Buffer;
  /** The same rows as cells, for the COPY. */
  rows: string[][];
}

/**
 * An address book as staff export it from Excel: Korean names, phones typed in several ways, e-mails, groups and
 * memos; `duplicateShare` of the contacts repeat another's phone in another written form.
 */
export function generatedAddressBook(contacts: number, duplicateShare: number): GeneratedBook {
  const header = ['Group', 'Name', 'Phone Number', 'Email', 'Definition 1', 'Memo'];
  const rows: string[][] = [];
  const duplicates = Math.round(contacts * duplicateShare);
  const phone = (n: number) => `010${String(10_000_000 + n).slice(-8)}`;
  for (let i = 0; i < contacts; i++) {
    const original = i < contacts - duplicates ? i : (i * 7919) % (contacts - duplicates);
    const digits = phone(original);
    const typed =
      i % 3 === 0
        ? `${digits.slice(0, 3)}-${digits.slice(3, 7)}-${digits.slice(7)}`
        : i % 3 === 1
          ? digits
          : `+82 ${digits.slice(1, 3)} ${digits.slice(3, 7)} ${digits.slice(7)}`;
    const name = `${FAMILY[i % 10]}${GIVEN[Math.floor(i / 10) % 10]}`;
    rows.push([
      GROUPS[i % GROUPS.length],
      name,
      typed,
      `actor${i}@casting.kr`,
      i % 2 ? '배우' : '모델',
      i % 4 === 0 ? `오디션 메모, "${i}"` : '',
    ]);
  }
  const quote = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
  const csv = Buffer.from(`\uFEFF${[header, ...rows].map((row) => row.map(quote).join(',')).join('\r\n')}\r\n`);
  return { csv, rows };
}

/**
 * Seconds from the first byte uploaded to the last row committed: preview, start, and the worker's import, in the
 * mode given (rows matching a contact of the book by phone: added, updated from, or skipped).
 */
export async function importAddressBook(
  base: string,
  auth: Record<string, string>,
  book: GeneratedBook,
  name: string,
  mode: 'add' | 'update' | 'skip' = 'add',
): Promise<{ seconds: number; addressBookId: number; imported: number; matchedRows: number; updated: number }> {
  const started = performance.now();
  const uploaded = await fetch(`${base}/contact-imports?fileName=${encodeURIComponent(`${name}.csv`)}`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'text/csv' },
    body: new Uint8Array(book.csv),
  });
  if (uploaded.status !== 201) throw new Error(`contact upload: ${uploaded.status} ${await uploaded.text()}`);
  const { id } = (await uploaded.json()) as { id: string };
  const start = await fetch(`${base}/contact-imports/${id}/start`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ addressBook: name, mode }),
  });
  if (start.status !== 202) throw new Error(`contact import start: ${start.status} ${await start.text()}`);
  for (;;) {
    const status = (await (await fetch(`${base}/contact-imports/${id}`, { headers: auth })).json()) as {
      state: string;
      addressBookId: number;
      imported: number;
      matchedRows: number;
      updated: number;
      error: string | null;
    };
    if (status.state === 'completed') {
      const { addressBookId, imported, matchedRows, updated } = status;
      return { seconds: (performance.now() - started) / 1000, addressBookId, imported, matchedRows, updated };
    }
    if (status.state === 'failed') throw new Error(`contact import failed: ${status.error}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Rows per second of a raw COPY of the same cells: into `contact` itself, in the imported book with its groups (so
 * with the table's foreign keys, indexes and WAL, as the import writes; rolled back after), and into a temporary
 * copy of the table (indexes, but no foreign keys and no WAL: the fastest PostgreSQL takes these rows at all).
 */
export async function copyContactsPerSecond(
  databaseUrl: string,
  rows: string[][],
  addressBookId: number,
): Promise<{ intoContact: number; intoTemporary: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const groups = new Map(
      (
        await client.query<{ id: number; name: string }>(
          `select "id", "name" from "contact_group" where "address_book_id" = $1`,
          [addressBookId],
        )
      ).rows.map((g) => [g.name, g.id]),
    );
    const escape = (cell: string) =>
      cell.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!);
    const lines = (book: number) =>
      rows.map(
        ([group, name, phone, email, definition, memo]) =>
          `${book}\t${groups.get(group) ?? '\\N'}\t${escape(name)}\t${escape(phone)}\t${escape(email)}\t${escape(definition)}\t${escape(memo)}\n`,
      );
    const columns = '(address_book_id, group_id, contact_name, phone_number, email, definition1, memo)';
    const copy = async (table: string, book: number) => {
      const data = lines(book);
      const started = performance.now();
      await pipeline(Readable.from(data), client.query(copyFrom(`copy ${table} ${columns} from stdin`)));
      return rows.length / ((performance.now() - started) / 1000);
    };
    await client.query('begin');
    const intoContact = await copy('contact', addressBookId);
    await client.query('rollback');
    await client.query(`create temporary table contact_copy_bench (like contact including defaults including indexes)`);
    const intoTemporary = await copy('contact_copy_bench', addressBookId);
    return { intoContact, intoTemporary };
  } finally {
    await client.end();
  }
}

/** The whole-book duplicate scan through the API: p50 and the slowest of `runs` calls, one at a time. */
export async function duplicateScan(base: string, auth: Record<string, string>, addressBookId: number, runs: number) {
  const times: number[] = [];
  let groups = 0;
  let duplicated = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const response = await fetch(`${base}/address-books/${addressBookId}/duplicate-groups`, { headers: auth });
    const body = (await response.json()) as { groups: unknown[]; duplicated: number };
    times.push(performance.now() - started);
    groups = body.groups.length;
    duplicated = body.duplicated;
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length / 2)], max: times[times.length - 1], groups, duplicated };
}

/** Takes the contact table's statistics now, as autovacuum would: what the planner knows before the next import. */
export async function analyzeContacts(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('analyze "contact"');
  } finally {
    await client.end();
  }
}

/** GET contacts?view=duplicates of a book through the API: the first answer, then p50 and the slowest of `runs` more. */
export async function duplicatesView(base: string, auth: Record<string, string>, addressBookId: number, runs: number) {
  const read = async () => {
    const started = performance.now();
    const response = await fetch(`${base}/address-books/${addressBookId}/contacts?view=duplicates`, { headers: auth });
    if (response.status !== 200) throw new Error(`duplicates view: ${response.status} ${await response.text()}`);
    const body = (await response.json()) as { data: unknown[] };
    return { ms: performance.now() - started, contacts: body.data.length };
  };
  const first = await read();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push((await read()).ms);
  times.sort((a, b) => a - b);
  return {
    first: first.ms,
    contacts: first.contacts,
    p50: times[Math.floor(times.length / 2)],
    max: times[times.length - 1],
  };
}
