import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import pg from 'pg';
import {
  type AligoSandbox,
  SANDBOX_API_KEY,
  SANDBOX_USER_ID,
  startAligoSandbox,
} from '../../infra/sandbox/aligo/server.ts';
import { ContactImportsService } from '../src/modules/contacts/contact-imports.service.js';
import { MessageSendsService } from '../src/modules/messaging/message-sends.service.js';
import { messagePicturesForBackup } from '../src/modules/messaging/message-files.service.js';
import { entities } from '../src/entities.js';
import { restoreBackup } from '../src/platform/backup/restore-backup.js';
import { takeBackup } from '../src/platform/backup/take-backup.js';
import { WorkerModule } from '../src/worker.module.js';
import {
  bearer,
  clearRedisPrefix,
  createTestDatabase,
  eventually,
  startTestApp,
  SUPERADMIN,
  type TestApp,
} from './support/test-app.js';

const API = '/backend/api/v1';
const CONTACTS = 60_000;
/** At MESSAGE_SEND_RATE 2,000 a second, the sends are handed over for 8 seconds, whatever the machine. */
const SENDS = 8;
const RECIPIENTS = 2_000;

interface Snapshot {
  imported: { state: string; rowsDone: number; imported: number; total: number; contacts: number } | null;
  sends: { id: number; state: string; total: number; deliveries: number; callSizes: number; openCalls: number }[];
}

async function sql(databaseUrl: string, text: string, values: unknown[] = []): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** What a restored database says of the import and the sends running when its backup was taken. */
async function snapshotOf(databaseUrl: string, importId: string): Promise<Snapshot> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const [imported] = (
      await client.query(
        `select i.state, i.rows_done as "rowsDone", i.imported, i.total_rows as total,
           (select count(*)::int from contact c where c.address_book_id = i.address_book_id) as contacts
         from contact_import i where i.id = $1`,
        [importId],
      )
    ).rows;
    const sends = (
      await client.query(
        `select s.id, s.state, s.total,
           (select count(*)::int from message_delivery d where d.send_id = s.id) as deliveries,
           (select coalesce(sum(g.size), 0)::int from gateway_call g where g.send_id = s.id) as "callSizes",
           (select count(*)::int from gateway_call g where g.send_id = s.id and g.state in ('planned', 'sending')) as "openCalls"
         from message_send s order by s.id`,
      )
    ).rows;
    return { imported: imported ?? null, sends };
  } finally {
    await client.end();
  }
}

describe('a backup taken while sends and imports run', () => {
  let sandbox: AligoSandbox;
  let t: TestApp;
  let worker: INestApplicationContext;
  let token: string;
  const scratch = mkdtempSync(join(tmpdir(), 'jc-backups-load-'));

  beforeAll(async () => {
    sandbox = await startAligoSandbox({ port: 0 });
    t = await startTestApp({
      ALIGO_API_URL: sandbox.url,
      ALIGO_KAKAO_API_URL: sandbox.url,
      ALIGO_USER_ID: SANDBOX_USER_ID,
      MESSAGE_SEND_RATE: '2000',
    });
    token = (await t.login(SUPERADMIN.email, SUPERADMIN.password)).token;
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(t.config), {
      logger: false,
      abortOnError: false,
    });
    await worker.init();
    const registered = await t.request({
      method: 'POST',
      url: `${API}/user-phone-numbers`,
      headers: bearer(token),
      payload: { phone: '010-9876-5432', name: '잡캐스팅', apiKey: SANDBOX_API_KEY },
    });
    expect(registered.statusCode).toBe(201);
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
    await sandbox?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('restores to a consistent state: every batch and every send whole or not at all', async () => {
    const csv = [
      'Name,Phone Number',
      ...Array.from(
        { length: CONTACTS },
        (_, i) => `배우 ${i},010-${String(2000 + (i % 8000)).padStart(4, '0')}-${String(i % 10_000).padStart(4, '0')}`,
      ),
    ].join('\n');
    const uploaded = await t.request({
      method: 'POST',
      url: `${API}/contact-imports?fileName=load.csv`,
      headers: { ...bearer(token), 'content-type': 'text/csv' },
      payload: Buffer.from(csv),
    });
    expect(uploaded.statusCode).toBe(201);
    const importId = uploaded.json<{ id: string }>().id;

    const status = async () =>
      (await t.request({ method: 'GET', url: `${API}/contact-imports/${importId}`, headers: bearer(token) })).json<{
        state: string;
      }>().state;
    const sendsOpen = async () =>
      (
        await sql(
          t.config.DATABASE_URL,
          `select count(*)::int as open from message_send where state in ('scheduled', 'queued', 'sending')`,
        )
      )[0].open as number;

    const fileSets = [messagePicturesForBackup(t.config)];
    const backups: string[] = [];
    const backUp = async () => {
      const path = join(scratch, `during-${backups.length}.tar.gz`);
      backups.push(path);
      await takeBackup({ databaseUrl: t.config.DATABASE_URL, path, fileSets, encryptionKey: t.config.ENCRYPTION_KEY });
    };

    // Sends are accepted one after another while the import runs and the worker hands the earlier ones over. A
    // backup is also taken after each of the first ones, so that some surely fall while sends are still accepted,
    // however fast or loaded the machine is.
    const sending = (async () => {
      for (let n = 0; n < SENDS; n++) {
        const recipients = Array.from({ length: RECIPIENTS }, (_, i) => ({
          phone: `010-${String(3000 + n).padStart(4, '0')}-${String(i).padStart(4, '0')}`,
          text: `${n}번째 안내 ${i}`,
        }));
        const response = await t.request({
          method: 'POST',
          url: `${API}/message-sends`,
          headers: bearer(token),
          payload: { channel: 'sms', recipients },
        });
        if (response.statusCode !== 202) throw new Error(`send: ${response.statusCode} ${response.body}`);
        if (n < 2) await backUp();
      }
    })();
    const started = await t.request({
      method: 'POST',
      url: `${API}/contact-imports/${importId}/start`,
      headers: bearer(token),
      payload: { addressBook: '불러온 주소록' },
    });
    expect(started.statusCode).toBe(202);

    let postingDone = false;
    void sending.then(() => (postingDone = true));
    while (!postingDone || (await status()) !== 'completed' || (await sendsOpen()) > 0) {
      await backUp();
      if (backups.length > 60) throw new Error('the sends and the import did not finish');
    }
    await sending;

    // The import and the accepting of sends happen early; the sends are handed over at their pace until the end.
    const restored = backups.length > 7 ? [...backups.slice(0, 6), backups.at(-1)!] : backups;
    const caught = { importHalfway: 0, sendHalfway: 0, sendBeingAccepted: 0 };
    let resumed = false;
    for (const path of restored) {
      const database = await createTestDatabase();
      const config = {
        ...t.config,
        DATABASE_URL: database.url,
        REDIS_KEY_PREFIX: `t${randomBytes(5).toString('hex')}`,
        DATA_DIR: mkdtempSync(join(tmpdir(), 'jc-restored-')),
      };
      try {
        await restoreBackup({
          databaseUrl: database.url,
          entities,
          path,
          replace: false,
          fileSets: [messagePicturesForBackup(config)],
          encryptionKey: config.ENCRYPTION_KEY,
        });
        const { imported, sends } = await snapshotOf(database.url, importId);
        // The import's progress moves in the transaction of each batch's rows: the two always agree.
        expect(imported).not.toBeNull();
        expect(imported!.contacts).toBe(imported!.rowsDone);
        expect(imported!.imported).toBe(imported!.rowsDone);
        const importHalfway = imported!.rowsDone > 0 && imported!.rowsDone < imported!.total;
        if (importHalfway) caught.importHalfway++;
        // A send is recorded with all its deliveries and calls at once, and finishes only after its last call.
        for (const send of sends) {
          expect({ id: send.id, deliveries: send.deliveries, callSizes: send.callSizes }).toEqual({
            id: send.id,
            deliveries: send.total,
            callSizes: send.total,
          });
          if (send.state === 'completed') expect(send.openCalls).toBe(0);
          if (send.state === 'sending') caught.sendHalfway++;
        }
        if (sends.length > 0 && sends.length < SENDS) caught.sendBeingAccepted++;

        if (importHalfway && !resumed) {
          // A worker on the restored data (its Redis empty, as after a restore) takes the work up where the backup left it.
          resumed = true;
          const restoredWorker = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), {
            logger: false,
            abortOnError: false,
          });
          try {
            await restoredWorker.init();
            // The worker's every-minute tasks do this on their first run too; called here so as not to wait for it.
            await restoredWorker.get(ContactImportsService).resumeStranded();
            await restoredWorker.get(MessageSendsService).sweep();
            await eventually(async () => {
              const now = await snapshotOf(database.url, importId);
              expect(now.imported).toMatchObject({ state: 'completed', contacts: CONTACTS, imported: CONTACTS });
              expect(now.sends.filter((send) => send.state !== 'completed')).toEqual([]);
            }, 60_000);
            const [{ names }] = await sql(
              database.url,
              `select count(distinct contact_name)::int as names from contact`,
            );
            expect(names).toBe(CONTACTS);
          } finally {
            await restoredWorker.close();
          }
        }
      } finally {
        await database.drop();
        await clearRedisPrefix(config);
        rmSync(config.DATA_DIR, { recursive: true, force: true });
      }
    }
    // The backups did fall in the middle of the work, or the checks above proved nothing.
    expect(caught.importHalfway).toBeGreaterThan(0);
    expect(caught.sendBeingAccepted).toBeGreaterThan(0);
    expect(caught.sendHalfway).toBeGreaterThan(0);
  }, 240_000);
});
