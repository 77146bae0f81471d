import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { InjectOptions } from 'fastify';
import pg from 'pg';
import { EmailRepliesModule } from '../src/modules/email-replies/email-replies.module.js';
import { GmailWatchService } from '../src/modules/email-replies/gmail-watch.service.js';
import { toPostRecord } from '../src/modules/posts/domain/post-record.js';
import { PostsService } from '../src/modules/posts/posts.service.js';
import { Clock, ClockModule } from '../src/platform/clock.js';
import { ConfigModule } from '../src/platform/config/config.module.js';
import { CryptoModule } from '../src/platform/crypto/crypto.module.js';
import { DatabaseModule } from '../src/platform/database/database.module.js';
import { entities } from '../src/entities.js';
import { RedisModule } from '../src/platform/redis/redis.module.js';
import {
  connectSandboxAccount,
  googleSandboxConfig,
  SAMPLE_ACCOUNT_EMAILS,
  sandboxControl,
  startGoogleSandboxForTests,
  type TestGoogleSandbox,
} from './support/google-sandbox.js';
import { bearer, startTestApp, SUPERADMIN, type TestApp } from './support/test-app.js';

const API = '/backend/api/v1';
const [JIHYUN] = SAMPLE_ACCOUNT_EMAILS;
const SEND_ONLY_SCOPES =
  'https://www.googleapis.com/auth/gmail.send https://www.googleapis.com/auth/drive.readonly https://www.googleapis.com/auth/userinfo.email';
/** The watch's clock in the test of its seven-day look-back: any fixed day before the sandbox's mail arrives. */
const WATCH_NOW = new Date('2020-03-10T03:00:00Z');
const DAY = 24 * 3600_000;

interface Outcome {
  kind: 'replied' | 'bounced';
  at: string;
  reason: string | null;
}
interface PostBody {
  postId: string;
  lastEmailOutcome: Outcome | null;
}

// The watch of replies and bounces runs as the worker runs it (the same modules, without the repeating schedule),
// against the Google sandbox, whose customers reply and whose mailer-daemon bounces on demand.
describe('replies and bounces of sent e-mails (Google sandbox)', () => {
  let sandbox: TestGoogleSandbox;
  let t: TestApp;
  let worker: INestApplicationContext;
  let db: pg.Client;
  let token: string;
  let accountId: number;

  const api = async (method: InjectOptions['method'], path: string, body?: unknown) =>
    t.request({
      method,
      url: `${API}/${path}`,
      headers: bearer(token),
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const sandboxCall = sandboxControl(() => sandbox.url);
  /** Sends the post's customer an e-mail through the API; answers Gmail's message id. */
  const send = async (postId: string, recipient: string): Promise<string> => {
    const answer = await api('POST', 'email-templates/send', {
      recipient,
      postId,
      accountId,
      subject: '[캐스팅] {{postId}} 프로필',
      content: '안녕하세요 {{manager}}님, 프로필 보내드립니다.',
    });
    if (answer.statusCode !== 200) throw new Error(`send: ${answer.statusCode} ${answer.body}`);
    return answer.json().messageId;
  };
  const watch = () => worker.get(GmailWatchService).watchAll();
  const sentEmails = async () =>
    (
      await db.query(
        'select recipient, replied_at, bounced_at, bounce_reason, gmail_thread_id from sent_email order by id',
      )
    ).rows as {
      recipient: string;
      replied_at: Date | null;
      bounced_at: Date | null;
      bounce_reason: string | null;
      gmail_thread_id: string | null;
    }[];
  const bounceOptOuts = async () =>
    (
      await db.query(
        `select address, channel, source, note, recorded_by_id from opt_out where source = 'bounce' order by id`,
      )
    ).rows;
  const outcomes = async () =>
    Object.fromEntries(
      (await api('GET', 'posts/sent-emails'))
        .json<{ posts: { data: PostBody[] } }>()
        .posts.data.map((post) => [post.postId, post.lastEmailOutcome]),
    );
  const cursor = async () =>
    (
      await db.query<{ history_id: string }>('select history_id from gmail_watch_cursor where account_id = $1', [
        accountId,
      ])
    ).rows[0]?.history_id ?? null;
  const mailboxHistoryId = async () =>
    (await sandboxCall('GET', '/sandbox/gmail/accounts')).find((entry: { account: string }) => entry.account === JIHYUN)
      .historyId as string | number;

  beforeAll(async () => {
    sandbox = await startGoogleSandboxForTests();
    t = await startTestApp(googleSandboxConfig(sandbox.url));
    worker = await NestFactory.createApplicationContext(
      {
        module: class WatchContext {},
        imports: [
          ConfigModule.forRoot(t.config),
          ClockModule,
          DatabaseModule.forRoot(entities),
          RedisModule,
          CryptoModule,
          EmailRepliesModule,
        ],
      },
      { logger: ['warn', 'error'] },
    );
    db = new pg.Client({ connectionString: t.config.DATABASE_URL });
    await db.connect();
    token = (await t.login(SUPERADMIN.email, SUPERADMIN.password)).token;
    accountId = await connectSandboxAccount(t, token, JIHYUN);
    await t.app.get(PostsService).upsertPosts(
      [
        { postId: 'R-1', postTitle: '광고 모델 모집', customerEmail: 'cast@studio.example', manager: '김실장' },
        { postId: 'R-2', postTitle: '뮤직비디오 배우', customerEmail: 'nobody@label.example', manager: '박PD' },
      ].map((row) => toPostRecord(row)!),
    );
  });

  afterAll(async () => {
    await worker?.close();
    await db?.end();
    await t?.close();
    await sandbox?.close();
  });

  beforeEach(async () => {
    worker.get(Clock).now = () => new Date();
    await sandboxCall('DELETE', '/sandbox/gmail/messages');
    // The sandbox's mailboxes start over, and so does what the watch knows of them.
    await db.query('delete from gmail_watch_cursor');
    await db.query('delete from sent_email');
    await db.query('delete from opt_out');
  });

  it('marks a reply and a bounce with its reason, opts the bounced address out, and changes nothing when run again', async () => {
    const replied = await send('R-1', 'cast@studio.example');
    const bounced = await send('R-2', 'nobody@label.example');
    // The first watch starts at the mailbox's present: nothing has come back yet.
    expect(await watch()).toEqual({ watched: 1, skipped: 0, failed: 0, replied: 0, bounced: 0 });
    expect(await cursor()).toBe(String(await mailboxHistoryId()));
    expect((await sentEmails()).every((row) => row.gmail_thread_id !== null)).toBe(true);

    const reply = await sandboxCall('POST', `/sandbox/gmail/messages/${replied}/reply`, {
      text: '프로필 잘 받았습니다. 미팅 가능할까요?',
    });
    await sandboxCall('POST', `/sandbox/gmail/messages/${bounced}/bounce`, {});
    expect(await watch()).toEqual({ watched: 1, skipped: 0, failed: 0, replied: 1, bounced: 1 });

    const [first, second] = await sentEmails();
    expect(first).toMatchObject({
      recipient: 'cast@studio.example',
      replied_at: new Date(Number(reply.internalDate)),
      bounced_at: null,
    });
    expect(second).toMatchObject({ recipient: 'nobody@label.example', replied_at: null, bounced_at: expect.any(Date) });
    expect(second.bounce_reason).toMatch(
      /^The address does not exist \(5\.1\.1\): The email account that you tried to reach does not exist\./,
    );
    expect(await bounceOptOuts()).toEqual([
      {
        address: 'nobody@label.example',
        channel: 'email',
        source: 'bounce',
        note: `Bounced: ${second.bounce_reason}`,
        recorded_by_id: null,
      },
    ]);
    expect(await cursor()).toBe(String(await mailboxHistoryId()));

    // The sent-e-mails list (and every post list) says what came back.
    expect(await outcomes()).toEqual({
      'R-1': { kind: 'replied', at: first.replied_at!.toISOString(), reason: null },
      'R-2': { kind: 'bounced', at: second.bounced_at!.toISOString(), reason: second.bounce_reason },
    });
    // No further mail goes to the bounced address.
    const again = await api('POST', 'email-templates/send', {
      recipient: 'nobody@label.example',
      postId: 'R-2',
      accountId,
      subject: '다시',
      content: '다시 보냅니다',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(
      'nobody@label.example has opted out of e-mails (수신거부): this e-mail cannot be sent to it.',
    );

    // The next watch, and one that lost its cursor (a crash before saving it) and reads the threads again, change nothing.
    const before = await sentEmails();
    expect(await watch()).toEqual({ watched: 1, skipped: 0, failed: 0, replied: 0, bounced: 0 });
    await db.query('delete from gmail_watch_cursor');
    expect(await watch()).toEqual({ watched: 1, skipped: 0, failed: 0, replied: 0, bounced: 0 });
    expect(await sentEmails()).toEqual(before);
    expect(await bounceOptOuts()).toHaveLength(1);
  });

  it("shows the last e-mail's outcome only: a new e-mail to the post that got no answer yet shows none", async () => {
    const first = await send('R-1', 'cast@studio.example');
    await watch();
    await sandboxCall('POST', `/sandbox/gmail/messages/${first}/reply`, {});
    await watch();
    expect((await outcomes())['R-1']).toMatchObject({ kind: 'replied' });
    await send('R-1', 'cast@studio.example');
    expect((await outcomes())['R-1']).toBeNull();
  });

  it("ignores Gmail's delay notices and the account's own answers in the thread", async () => {
    const sent = await send('R-1', 'cast@studio.example');
    await watch();
    await sandboxCall('POST', `/sandbox/gmail/messages/${sent}/bounce`, {
      status: '4.4.1',
      diagnostic: '451 4.4.1 No answer from host',
    });
    // Staff answering in the thread from Gmail itself.
    await sandboxCall('POST', `/sandbox/gmail/messages/${sent}/reply`, {
      from: JIHYUN,
      text: '추가 자료 보내드립니다.',
    });
    expect(await watch()).toMatchObject({ replied: 0, bounced: 0 });
    expect(await sentEmails()).toEqual([expect.objectContaining({ replied_at: null, bounced_at: null })]);
    expect(await bounceOptOuts()).toEqual([]);
  });

  it('resyncs from the profile when Gmail no longer keeps the history, reading the threads of the last seven days', async () => {
    worker.get(Clock).now = () => WATCH_NOW;
    const recent = await send('R-1', 'cast@studio.example');
    const old = await send('R-2', 'nobody@label.example');
    await db.query(`update sent_email set created_at = $1 where gmail_message_id = $2`, [
      new Date(WATCH_NOW.getTime() - DAY),
      recent,
    ]);
    await db.query(`update sent_email set created_at = $1 where gmail_message_id = $2`, [
      new Date(WATCH_NOW.getTime() - 8 * DAY),
      old,
    ]);
    await watch();
    const staleCursor = await cursor();

    await sandboxCall('POST', `/sandbox/gmail/messages/${recent}/reply`, {});
    await sandboxCall('POST', `/sandbox/gmail/messages/${old}/reply`, {});
    await sandboxCall('POST', '/sandbox/gmail/history/trim', { account: JIHYUN });

    expect(await watch()).toEqual({ watched: 1, skipped: 0, failed: 0, replied: 1, bounced: 0 });
    expect((await sentEmails()).map((row) => [row.recipient, row.replied_at !== null])).toEqual([
      ['cast@studio.example', true],
      ['nobody@label.example', false],
    ]);
    expect(await cursor()).toBe(String(await mailboxHistoryId()));
    expect(BigInt((await cursor())!)).toBeGreaterThan(BigInt(staleCursor!));
  });

  it('skips an account connected without the read scope and flags it, until it is re-authenticated', async () => {
    const sent = await send('R-1', 'cast@studio.example');
    await db.query('update mail_account set scopes = $1 where id = $2', [SEND_ONLY_SCOPES, accountId]);
    const listed = async () =>
      (await api('GET', 'google-auth/accounts'))
        .json<{ id: number; canReadReplies: boolean }[]>()
        .find((account) => account.id === accountId);
    expect(await listed()).toMatchObject({ canReadReplies: false });

    await sandboxCall('POST', `/sandbox/gmail/messages/${sent}/reply`, {});
    expect(await watch()).toEqual({ watched: 0, skipped: 1, failed: 0, replied: 0, bounced: 0 });
    expect(await cursor()).toBeNull();

    // Re-authenticating grants the scope; the first watch then reads the recent threads, the reply among them.
    expect(await connectSandboxAccount(t, token, JIHYUN)).toBe(accountId);
    expect(await listed()).toMatchObject({ canReadReplies: true });
    expect(await watch()).toEqual({ watched: 1, skipped: 0, failed: 0, replied: 1, bounced: 0 });
  });
});
