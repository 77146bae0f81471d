import { mkdtempSync, readdirSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MikroORM } from '@mikro-orm/postgresql';
import { Redis } from 'ioredis';
import pg from 'pg';
import { backupCommand, restoreCommand } from '../src/backup-commands.js';
import { LocalFileStorage } from '../src/modules/messaging/providers/file-storage.js';
import { readBackupEntries } from '../src/platform/backup/backup-archive.js';
import {
  COPY_SETTINGS,
  schemaObjects,
  sequenceValues,
  tablesInLoadOrder,
} from '../src/platform/backup/schema-catalog.js';
import { type AppConfig } from '../src/platform/config/config.js';
import { migrationsList } from '../src/platform/database/migrations/index.js';
import { ormOptions } from '../src/platform/database/orm-options.js';
import { entities } from '../src/entities.js';
import {
  bearer,
  clearRedisPrefix,
  createTestDatabase,
  startTestApp,
  startTestAppWith,
  SUPERADMIN,
  testConfig,
  type TestApp,
} from './support/test-app.js';

const API = '/backend/api/v1';
/** A 1x1 PNG and a 1x1 GIF. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
/** What COPY's text format must carry exactly: tabs, line breaks, backslashes, its own null marker as text, Hangul, emoji. */
const AWKWARD = 'tab\there\nline\r\nback\\slash \\N 따옴표 "quote" \'single\' 🎬 end  ';
const EVERY_BYTE = Buffer.from(Array.from({ length: 256 }, (_, i) => i));

/** Each table's rows as PostgreSQL writes them out, and each sequence's value: two databases alike are equal here. */
async function contentsOf(
  databaseUrl: string,
): Promise<{ tables: Record<string, string[]>; sequences: Record<string, string | null> }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    for (const statement of COPY_SETTINGS) await client.query(statement);
    const tables: Record<string, string[]> = {};
    for (const table of await tablesInLoadOrder(client)) {
      const name = client.escapeIdentifier(table.name);
      tables[table.name] = (
        await client.query<{ row: string }>(`select t::text as row from ${name} t order by t::text collate "C"`)
      ).rows.map((r) => r.row);
    }
    const sequences = Object.fromEntries((await sequenceValues(client)).map((s) => [s.name, s.lastValue]));
    await client.query('commit');
    return { tables, sequences };
  } finally {
    await client.end();
  }
}

async function objectsIn(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await schemaObjects(client)).map((object) => object.name);
  } finally {
    await client.end();
  }
}

async function sql<R extends pg.QueryResultRow>(
  databaseUrl: string,
  text: string,
  values: unknown[] = [],
): Promise<R[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Fills every table of the schema with rows whose values are hard to carry: the test then checks none is empty. */
async function fillEveryTable(t: TestApp, token: string): Promise<{ pictureIds: string[] }> {
  const boundary = 'jc-boundary';
  const body = Buffer.concat([
    ...[
      ['card.png', PNG],
      ['folder/still.gif', GIF],
    ].flatMap(([name, bytes]) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name as string}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      bytes as Buffer,
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  const uploaded = await t.request({
    method: 'POST',
    url: `${API}/message-files`,
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
  expect(uploaded.statusCode).toBe(201);
  const pictureIds = uploaded.json<{ files: { id: string }[] }>().files.map((file) => file.id);

  const client = new pg.Client({ connectionString: t.config.DATABASE_URL });
  await client.connect();
  try {
    const one = async (text: string, values: unknown[] = []) =>
      (await client.query<{ id: number }>(text, values)).rows[0]?.id;
    const admin = await one(`select id from users where email = $1`, [SUPERADMIN.email]);
    const account = await one(
      `insert into mail_account (email, name, picture, google_user_id, refresh_token_encrypted, scopes, connected_by_id, created_at, updated_at)
       values ('casting@agency.kr', $1, null, '1234567890', 'v1.sealed.token', 'gmail.send', $2, '2026-11-27 09:00:00.123456+09', now()) returning id`,
      [AWKWARD, admin],
    );
    const post = await one(
      `insert into post (post_key, post_title, body, post_date, is_favorite, memo, content_hash, imported_at, updated_at, title_hangul_grams)
       values ('sheet-1', '드라마 〈봄〉 배우 모집', $1, '1999-12-31 23:59:59.999999+00', true, '', repeat('a', 64), now(), now(),
         array['드', '라', '마', '드라', '라마', '봄', '배', '우', '배우', '모', '집', '모집']) returning id`,
      [AWKWARD],
    );
    await one(
      `insert into post (post_key, post_title, post_date, content_hash, imported_at, updated_at) values ('sheet-2', null, null, repeat('b', 64), now(), now())`,
    );
    await one(
      `insert into sent_email (post_id, account_id, recipient, subject, status, gmail_message_id, idempotency_key, request_hash, sent_by_id, created_at)
       values ($1, $2, 'customer@studio.kr', $3, 'sent', '18c2f0a9', 'key-1', repeat('c', 64), $4, now())`,
      [post, account, AWKWARD, admin],
    );
    await one(
      `insert into gmail_watch_cursor (account_id, history_id, updated_at) values ($1, '18446744073709551615', now())`,
      [account],
    );
    const model = await one(
      `insert into talent_model (comcard_no, name_kor, name_eng, content_hash, created_at, updated_at) values ('C-001', '김민준', $1, repeat('d', 64), now(), now()) returning id`,
      [AWKWARD],
    );
    await one(
      `insert into email_template (title, subject, template, html_template, is_default, created_at, updated_at) values ('기본', '제목', $1, '<p>x</p>', true, now(), now())`,
      [AWKWARD],
    );
    await one(`insert into model_selection (user_id, post_id, model_id, position) values ($1, $2, $3, 0)`, [
      admin,
      post,
      model,
    ]);
    const book = await one(`insert into address_book (name) values ('주소록 1') returning id`);
    const group = await one(`insert into contact_group (address_book_id, name) values ($1, '그룹 A') returning id`, [
      book,
    ]);
    const contact = await one(
      `insert into contact (address_book_id, group_id, contact_name, phone_number, phone_digits, memo) values ($1, $2, '이서연', '010-1234-5678', '01012345678', $3) returning id`,
      [book, group, AWKWARD],
    );
    await one(
      `insert into contact (address_book_id, contact_name, phone_number, phone_digits, merged_into_id, deleted_at) values ($1, '이서연 (중복)', '+82 10 1234 5678', '01012345678', $2, now())`,
      [book, contact],
    );
    const batch = await one(
      `insert into friend_request_batch (address_book_id, created_by_id) values ($1, $2) returning id`,
      [book, admin],
    );
    await one(
      `insert into friend_request_item (batch_id, contact_id, phone_number, contact_name, status, error) values ($1, $2, '010-1234-5678', '이서연', 'failed', $3)`,
      [batch, contact, AWKWARD],
    );
    await one(
      `insert into contact_consent (contact_id, given, consented_on, source, recorded_by_id) values ($1, true, '2024-02-29', $2, $3)`,
      [contact, AWKWARD, admin],
    );
    await one(
      `insert into opt_out (kind, address, channel, source, note, recorded_by_id, withdrawn_at, withdrawn_by_id, withdrawn_note) values ('phone', '01012345678', 'all', '080', $1, $2, now(), $2, $1)`,
      [AWKWARD, admin],
    );
    const contactImport = await one(
      `insert into contact_import (id, user_id, file_name, content, address_book_id, state, total_rows, rows_done, imported, rejected, finished_at)
       values (gen_random_uuid(), $1, 'book.csv', $2, $3, 'completed', 2, 2, 2, $4, 'infinity') returning id`,
      [admin, EVERY_BYTE, book, JSON.stringify([{ line: 3, reason: `전화번호 없음 ${AWKWARD}` }])],
    );
    await one(
      `insert into contact_import_update (import_id, contact_id, before, after, version, reverted_columns) values ($1, $2, $3, $4, 2, '["memo"]')`,
      [contactImport, contact, JSON.stringify({ memo: AWKWARD }), JSON.stringify({ memo: null })],
    );
    await one(
      `insert into contact_column_settings (user_id, columns, updated_at) values ($1, '[{"key": "memo", "width": 20.5}]', now())`,
      [admin],
    );
    const sender = await one(
      `insert into sender_number (user_id, phone, name, api_key_encrypted, api_key_hint, is_default) values ($1, '01098765432', '잡캐스팅', 'v1.sealed.key', 'a1b2', true) returning id`,
      [admin],
    );
    await one(
      `insert into message_template (id, title, message, file_type, files, created_by_id) values ('tpl-1', '안내', $1, 'individual', $2, $3)`,
      [AWKWARD, JSON.stringify(pictureIds), admin],
    );
    const send = await one(
      `insert into message_send (created_by_id, channel, sender_number_id, sender_phone, state, total, scheduled_at) values ($1, 'sms', $2, '01098765432', 'scheduled', 1, '2027-01-01 09:00+09') returning id`,
      [admin, sender],
    );
    const call = await one(
      `insert into gateway_call (send_id, endpoint, state, size) values ($1, 'send', 'planned', 1) returning id`,
      [send],
    );
    const delivery = await one(
      `insert into message_delivery (send_id, phone, name, text, type, files, call_id) values ($1, '01011112222', '배우', $2, 'MMS', $3, $4) returning id`,
      [send, AWKWARD, JSON.stringify(pictureIds), call],
    );
    await one(
      `insert into message_delivery_event (delivery_id, status, detail, source, gateway_state, occurred_at) values ($1, 'failed', $2, 'sms_list', '전송실패', now())`,
      [delivery, AWKWARD],
    );
    const campaign = await one(
      `insert into email_campaign (template_title, subject_template, body_template, account_id, state, over_quota, total, left_out, created_by_id, created_at, finished_at)
       values ('기본', '제목', $1, $2, 'completed', 'spread', 1, $3, $4, now(), now()) returning id`,
      [AWKWARD, account, JSON.stringify([{ postId: 'sheet-2', postTitle: null, reason: AWKWARD }]), admin],
    );
    const first = await one(
      `insert into email_campaign_recipient (campaign_id, position, post_id, post_key, post_title, recipient, subject, state, sent_at, updated_at)
       values ($1, 0, $2, 'sheet-1', '드라마 〈봄〉 배우 모집', 'customer@studio.kr', $3, 'sent', now(), now()) returning id`,
      [campaign, post, AWKWARD],
    );
    await one(
      `insert into email_campaign_follow_up (campaign_id, step, after_days, template_title, body_template) values ($1, 1, 3, '후속', $2)`,
      [campaign, AWKWARD],
    );
    await one(
      `insert into email_campaign_recipient (campaign_id, position, step, due_at, follows_id, post_id, post_key, recipient, subject, state, error, updated_at)
       values ($1, 0, 1, now(), $2, $3, 'sheet-1', 'customer@studio.kr', $4, 'stopped', 'Not sent: the customer replied.', now())`,
      [campaign, first, post, AWKWARD],
    );
  } finally {
    await client.end();
  }
  return { pictureIds };
}

describe('backups', () => {
  let source: TestApp;
  let token: string;
  let pictureIds: string[];
  const scratch = mkdtempSync(join(tmpdir(), 'jc-backups-'));
  const cleanups: (() => Promise<void>)[] = [];
  const lines: string[] = [];
  const log = (line: string) => void lines.push(line);

  /** An empty database and data folder, with the settings of a deployment of their own. */
  const freshTarget = async (overrides: Record<string, string> = {}): Promise<AppConfig> => {
    const database = await createTestDatabase();
    const config = testConfig(database.url, overrides);
    cleanups.push(async () => {
      await database.drop();
      await clearRedisPrefix(config);
      rmSync(config.DATA_DIR, { recursive: true, force: true });
    });
    return config;
  };
  const backUp = async (config: AppConfig, name: string) => {
    const file = join(scratch, name);
    expect(await backupCommand(['--to', file], config, log)).toBe(0);
    return file;
  };

  beforeAll(async () => {
    source = await startTestApp();
    token = (await source.login(SUPERADMIN.email, SUPERADMIN.password)).token;
    ({ pictureIds } = await fillEveryTable(source, token));
  });
  afterAll(async () => {
    await source?.close();
    for (const cleanup of cleanups) await cleanup();
    rmSync(scratch, { recursive: true, force: true });
  });
  beforeEach(() => void lines.splice(0));

  it('restores every row, sequence and picture into a fresh database, on which the app then runs', async () => {
    const before = await contentsOf(source.config.DATABASE_URL);
    const empty = Object.entries(before.tables)
      .filter(([, rows]) => rows.length === 0)
      .map(([name]) => name);
    expect(empty).toEqual([]);
    expect(Object.keys(before.tables)).toEqual(
      expect.arrayContaining(['users', 'contact', 'message_delivery', 'mikro_orm_migrations']),
    );

    const file = await backUp(source.config, 'full.tar.gz');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(lines.join('\n')).toMatch(
      /Backed up \d+ tables \(\d+ rows\) and 2 message pictures at migration Migration\d+_\w+ to /,
    );

    const target = await freshTarget({ ENCRYPTION_KEY: source.config.ENCRYPTION_KEY });
    expect(await restoreCommand([file], target, log)).toBe(0);
    expect(lines.join('\n')).toContain('and 2 message pictures');
    expect(lines.join('\n')).not.toContain('ENCRYPTION_KEY');

    const after = await contentsOf(target.DATABASE_URL);
    expect(after.tables).toEqual(before.tables);
    expect(after.sequences).toEqual(before.sequences);
    // A derived table is left out of the backup and rebuilt as the rows it derives from are loaded.
    expect(Object.keys(before.tables)).not.toContain('post_hangul_gram_count');
    const gramCounts = (url: string) =>
      sql(url, `select gram, in_title, in_body, in_any from post_hangul_gram_count order by gram collate "C"`);
    expect(await gramCounts(source.config.DATABASE_URL)).toContainEqual({
      gram: '배우',
      in_title: 1,
      in_body: 0,
      in_any: 1,
    });
    expect(await gramCounts(target.DATABASE_URL)).toEqual(await gramCounts(source.config.DATABASE_URL));
    const storage = new LocalFileStorage(target.DATA_DIR);
    const keys = await sql<{ id: string; storage_key: string }>(
      target.DATABASE_URL,
      `select id, storage_key from message_file`,
    );
    const restored = await Promise.all(
      keys.map(async (file) => [file.id, await storage.get(file.storage_key)] as const),
    );
    expect(new Map(restored).get(pictureIds[0])).toEqual(PNG);
    expect(new Map(restored).get(pictureIds[1])).toEqual(GIF);

    // The app runs on what was restored: the same sign-in, the pictures served, new rows numbered after the old.
    const app = await startTestAppWith(target);
    try {
      const session = await app.login(SUPERADMIN.email, SUPERADMIN.password);
      const picture = await app.request({
        method: 'GET',
        url: `${API}/message-files/${pictureIds[0]}`,
        headers: bearer(session.token),
      });
      expect(picture.statusCode).toBe(200);
      expect(picture.rawPayload).toEqual(PNG);
      const created = await app.request({
        method: 'POST',
        url: `${API}/models`,
        headers: bearer(session.token),
        payload: { comcardNo: 'C-002', nameKor: '박지우' },
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().id).toBeGreaterThan(
        Math.max(
          ...(await sql<{ id: number }>(source.config.DATABASE_URL, 'select id from talent_model')).map(
            (row) => row.id,
          ),
        ),
      );
    } finally {
      await app.app.close();
    }
  });

  it("refuses a database that holds anything unless told to replace it, refuses to drop tables not the app's, and refuses while the app runs on it", async () => {
    const file = await backUp(source.config, 'replace.tar.gz');
    const target = await freshTarget();
    expect(await restoreCommand([file], target, log)).toBe(0);
    await sql(target.DATABASE_URL, `update contact set memo = 'changed since' where contact_name = '이서연'`);
    await sql(target.DATABASE_URL, `create table scratch_notes (note text)`);
    const changed = await contentsOf(target.DATABASE_URL);

    await expect(restoreCommand([file], target, log)).rejects.toThrow(
      /The database is not empty \(it holds .+\): restore into an empty database, or add --replace/,
    );
    expect(await contentsOf(target.DATABASE_URL)).toEqual(changed);

    // The source's API listens on its deployment's Redis: a restore there is refused before anything is read.
    await expect(restoreCommand([file, '--replace'], source.config, log)).rejects.toThrow(
      /The API or the worker is running \(1 process connected\): stop them/,
    );

    // Another tool's table beside the app's is never dropped: --replace is refused while it is there.
    await expect(restoreCommand([file, '--replace'], target, log)).rejects.toThrow(
      /The database also holds tables the app does not know \(scratch_notes\)/,
    );
    expect(await contentsOf(target.DATABASE_URL)).toEqual(changed);
    await sql(target.DATABASE_URL, `drop table scratch_notes`);

    expect(await restoreCommand([file, '--replace'], target, log)).toBe(0);
    expect(lines.join('\n')).toMatch(/Dropped the \d+ tables and other objects the database held\./);
    expect(await contentsOf(target.DATABASE_URL)).toEqual(await contentsOf(source.config.DATABASE_URL));
  });

  it('changes nothing when the file is incomplete or not a backup', async () => {
    const file = await backUp(source.config, 'cut.tar.gz');
    truncateSync(file, statSync(file).size - 200);
    const target = await freshTarget();
    await expect(restoreCommand([file], target, log)).rejects.toThrow(
      /^The restore failed, and the database was left as it was: (unexpected end of file|the backup file ends before its summary)/,
    );
    expect(await objectsIn(target.DATABASE_URL)).toEqual([]);

    const notABackup = join(scratch, 'notes.tar.gz');
    writeFileSync(notABackup, 'just some text');
    await expect(restoreCommand([notABackup], target, log)).rejects.toThrow(/This is not a backup file/);
    expect(await objectsIn(target.DATABASE_URL)).toEqual([]);
  });

  it('brings a backup of an earlier release back at its level, then applies the migrations since', async () => {
    const old = await freshTarget();
    const orm = await MikroORM.init(ormOptions(old.DATABASE_URL, entities));
    try {
      await orm.migrator.up({ to: migrationsList.at(-2)!.name });
    } finally {
      await orm.close();
    }
    await sql(old.DATABASE_URL, `insert into address_book (name) values ('옛 주소록')`);
    const file = await backUp(old, 'earlier.tar.gz');

    const target = await freshTarget();
    expect(await restoreCommand([file], target, log)).toBe(0);
    expect(lines.join('\n')).toContain(`Applied the 1 migrations since: ${migrationsList.at(-1)!.name}.`);
    const applied = await sql<{ name: string }>(
      target.DATABASE_URL,
      `select name from mikro_orm_migrations order by id`,
    );
    expect(applied.map((row) => row.name)).toEqual(migrationsList.map((migration) => migration.name));
    expect(await sql(target.DATABASE_URL, `select name from address_book`)).toEqual([{ name: '옛 주소록' }]);
  });

  it('refuses a backup of a later release, whose migrations this one does not have', async () => {
    const later = await freshTarget();
    const orm = await MikroORM.init(ormOptions(later.DATABASE_URL, entities));
    try {
      await orm.migrator.up();
    } finally {
      await orm.close();
    }
    await sql(
      later.DATABASE_URL,
      `insert into mikro_orm_migrations (name) values ('Migration29990101000000_from_the_future')`,
    );
    const file = await backUp(later, 'later.tar.gz');

    const target = await freshTarget();
    await expect(restoreCommand([file], target, log)).rejects.toThrow(
      "The backup's schema is at migration Migration29990101000000_from_the_future, which this release does not have: restore it with the release that took it, or a newer one.",
    );
    expect(await objectsIn(target.DATABASE_URL)).toEqual([]);
  });

  it('stops the sends that may have gone out after the backup instead of sending them twice, and keeps those due later', async () => {
    // A copy of the source with sends in every open state: queued with a call on its way, past its time, later.
    const copy = await freshTarget({ ENCRYPTION_KEY: source.config.ENCRYPTION_KEY });
    expect(await restoreCommand([await backUp(source.config, 'open-sends-base.tar.gz')], copy, log)).toBe(0);
    const [{ admin, sender }] = await sql<{ admin: number; sender: number }>(
      copy.DATABASE_URL,
      `select min(u.id) as admin, min(n.id) as sender from users u, sender_number n`,
    );
    const sendIn = async (state: string, scheduledAt: string | null, calls: string[]) => {
      const [{ id }] = await sql<{ id: number }>(
        copy.DATABASE_URL,
        `insert into message_send (created_by_id, channel, sender_number_id, sender_phone, state, total, scheduled_at) values ($1, 'sms', $2, '01098765432', $3, $4, $5) returning id`,
        [admin, sender, state, calls.length, scheduledAt],
      );
      for (const call of calls)
        await sql(
          copy.DATABASE_URL,
          `insert into gateway_call (send_id, endpoint, state, size) values ($1, 'send', $2, 1)`,
          [id, call],
        );
      return id;
    };
    const going = await sendIn('sending', null, ['accepted', 'sending', 'planned']);
    const queued = await sendIn('queued', null, ['planned']);
    const due = await sendIn('scheduled', new Date(Date.now() - 3600_000).toISOString(), ['planned']);
    const later = await sendIn('scheduled', new Date(Date.now() + 24 * 3600_000).toISOString(), ['planned']);
    const campaignIn = async (state: string, recipients: string[]) => {
      const [{ id }] = await sql<{ id: number }>(
        copy.DATABASE_URL,
        `insert into email_campaign (template_title, subject_template, body_template, state, over_quota, total, created_by_id, created_at) values ('t', 's', 'b', $1, 'spread', $2, $3, now()) returning id`,
        [state, recipients.length, admin],
      );
      for (const [position, recipient] of recipients.entries()) {
        await sql(
          copy.DATABASE_URL,
          `insert into email_campaign_recipient (campaign_id, position, post_key, recipient, subject, state, updated_at) values ($1, $2, 'p', 'a@b.kr', 's', $3, now())`,
          [id, position, recipient],
        );
      }
      return id;
    };
    const mailing = await campaignIn('running', ['sent', 'sending', 'pending']);
    const mailingLater = await campaignIn('scheduled', ['pending']);
    await sql(copy.DATABASE_URL, `update email_campaign set scheduled_at = now() + interval '1 day' where id = $1`, [
      mailingLater,
    ]);
    const file = await backUp(copy, 'open-sends.tar.gz');

    const target = await freshTarget({ ENCRYPTION_KEY: source.config.ENCRYPTION_KEY });
    expect(await restoreCommand([file], target, log)).toBe(0);
    expect(lines.join('\n')).toContain(
      'Stopped 3 sends that may have gone out after the backup was taken (see their results): nothing is sent twice.',
    );
    const sends = await sql<{ id: number; state: string; error: string | null; calls: string[] }>(
      target.DATABASE_URL,
      `select s.id, s.state, s.error, array(select c.state from gateway_call c where c.send_id = s.id order by c.id) as calls from message_send s where s.id = any($1) order by s.id`,
      [[going, queued, due, later]],
    );
    expect(sends.map(({ id, state, calls }) => ({ id, state, calls }))).toEqual([
      { id: going, state: 'cancelled', calls: ['accepted', 'unknown', 'cancelled'] },
      { id: queued, state: 'cancelled', calls: ['cancelled'] },
      { id: due, state: 'cancelled', calls: ['cancelled'] },
      { id: later, state: 'scheduled', calls: ['planned'] },
    ]);
    expect(sends[0].error).toMatch(
      /^Restored from the backup of .+: this send may have gone out after the backup was taken/,
    );

    // A campaign that was sending is paused for staff to check, its e-mail on its way unknown; one due later keeps its time.
    expect(lines.join('\n')).toContain(
      'Paused 1 e-mail campaign that may have sent e-mails after the backup was taken: check them before resuming.',
    );
    const campaigns = await sql<{ id: number; state: string; pause_reason: string | null; recipients: string[] }>(
      target.DATABASE_URL,
      `select c.id, c.state, c.pause_reason, array(select r.state from email_campaign_recipient r where r.campaign_id = c.id order by r.position) as recipients from email_campaign c where c.id = any($1) order by c.id`,
      [[mailing, mailingLater]],
    );
    expect(campaigns.map(({ id, state, recipients }) => ({ id, state, recipients }))).toEqual([
      { id: mailing, state: 'paused', recipients: ['sent', 'unknown', 'pending'] },
      { id: mailingLater, state: 'scheduled', recipients: ['pending'] },
    ]);
    expect(campaigns[0].pause_reason).toMatch(
      /^Restored from the backup of .+: this campaign may have sent e-mails after the backup was taken\./,
    );
  });

  it('clears the Redis keys of the data it replaces, and says when the encryption key differs', async () => {
    const file = await backUp(source.config, 'redis.tar.gz');
    const target = await freshTarget();
    const redis = new Redis(target.REDIS_URL);
    try {
      await redis.set(`${target.REDIS_KEY_PREFIX}:bull:message-send:send-1`, 'a job of the data replaced');
      await redis.set(`${target.REDIS_KEY_PREFIX}:posts:version:pages`, '7');
      await redis.set(`other${target.REDIS_KEY_PREFIX}:kept`, 'another deployment');
      expect(await restoreCommand([file], target, log)).toBe(0);
      expect(lines.join('\n')).toContain('Cleared 2 Redis keys of the data replaced');
      expect(lines.join('\n')).toContain('Warning: the backup was taken under another ENCRYPTION_KEY.');
      expect(
        await redis.exists(
          `${target.REDIS_KEY_PREFIX}:bull:message-send:send-1`,
          `${target.REDIS_KEY_PREFIX}:posts:version:pages`,
        ),
      ).toBe(0);
      expect(await redis.get(`other${target.REDIS_KEY_PREFIX}:kept`)).toBe('another deployment');
    } finally {
      await redis.del(`other${target.REDIS_KEY_PREFIX}:kept`);
      redis.disconnect();
    }
  });

  it('keeps the newest backups of a folder when asked', async () => {
    const folder = join(scratch, 'nightly');
    for (let i = 0; i < 3; i++) {
      expect(await backupCommand(['--to', folder, '--keep', '2'], source.config, log)).toBe(0);
      // Names carry the second they were taken.
      await new Promise((resolve) => setTimeout(resolve, 1100));
    }
    const left = readdirSync(folder);
    expect(left).toHaveLength(2);
    expect(left.every((name) => /^jobcasting-\d{8}-\d{6}Z\.tar\.gz$/.test(name))).toBe(true);
    expect(lines.filter((line) => line.startsWith('Removed the older backup'))).toHaveLength(1);
  });

  it('lists the pictures it could not find, keeps the backup and exits 1', async () => {
    const file = join(scratch, 'no-pictures.tar.gz');
    const elsewhere = { ...source.config, DATA_DIR: mkdtempSync(join(tmpdir(), 'jc-empty-')) };
    try {
      expect(await backupCommand(['--to', file], elsewhere, log)).toBe(1);
    } finally {
      rmSync(elsewhere.DATA_DIR, { recursive: true, force: true });
    }
    expect(lines.join('\n')).toContain('and 0 message pictures');
    expect(lines.join('\n')).toMatch(
      /Warning: 2 stored files the database names could not be found, and are not in the backup: message-files\/[0-9a-f]{2}\/[0-9a-f-]{36}\.(png|gif), /,
    );
    const target = await freshTarget();
    expect(await restoreCommand([file], target, log)).toBe(0);
    expect((await contentsOf(target.DATABASE_URL)).tables.message_file).toHaveLength(2);
  });

  it('writes a tar archive of the documented layout: what it holds, the tables, the files, the summary last', async () => {
    const names: string[] = [];
    for await (const entry of readBackupEntries(join(scratch, 'full.tar.gz'))) names.push(entry.name);
    expect(names[0]).toBe('backup.json');
    expect(names.at(-1)).toBe('summary.json');
    const tables = names.filter((name) => name.startsWith('tables/'));
    expect(tables.indexOf('tables/users.copy')).toBeLessThan(tables.indexOf('tables/contact.copy'));
    expect(tables.indexOf('tables/message_send.copy')).toBeLessThan(tables.indexOf('tables/message_delivery.copy'));
    expect(names.filter((name) => name.startsWith('files/message-files/'))).toHaveLength(2);
  });
});
