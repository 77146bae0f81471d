import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Queue } from 'bullmq';
import type { InjectOptions } from 'fastify';
import pg from 'pg';
import { EmailCampaignsService } from '../src/modules/email-campaigns/email-campaigns.service.js';
import { toPostRecord } from '../src/modules/posts/domain/post-record.js';
import { PostsService } from '../src/modules/posts/posts.service.js';
import { Clock } from '../src/platform/clock.js';
import { QueueName } from '../src/platform/queue/queue-names.js';
import { WorkerModule } from '../src/worker.module.js';
import {
  connectSandboxAccount,
  googleSandboxConfig,
  SAMPLE_ACCOUNT_EMAILS,
  sandboxControl,
  startGoogleSandboxForTests,
  type TestGoogleSandbox,
} from './support/google-sandbox.js';
import { bearer, eventually, startTestApp, SUPERADMIN, type TestApp } from './support/test-app.js';

const API = '/backend/api/v1';
const [JIHYUN] = SAMPLE_ACCOUNT_EMAILS;
const HOUR = 3600 * 1000;

interface SentMail {
  id: string;
  threadId: string;
  messageId: string | null;
  inReplyTo: string | null;
  sentAt: string;
  account: string;
  to: { address: string }[];
  subject: string;
  html: string | null;
  text: string | null;
}
interface Recipient {
  id: number;
  postId: string;
  postTitle: string | null;
  recipient: string;
  subject: string;
  state: string;
  error: string | null;
  sentAt: string | null;
  step: number;
  dueAt: string | null;
  outcome: string | null;
  bounceReason: string | null;
}
interface Campaign {
  id: number;
  state: string;
  accountId: number | null;
  accountEmail: string | null;
  templateTitle: string;
  scheduledAt: string | null;
  pausedUntil: string | null;
  pauseCause: string | null;
  pauseReason: string | null;
  total: number;
  counts: Record<string, number>;
  followUpCounts: Record<string, number>;
  followUps: { step: number; afterDays: number; templateId: number | null; templateTitle: string }[];
  leftOut: { postId: string; reason: string }[];
  recipients: Recipient[];
  startedAt: string | null;
  finishedAt: string | null;
}

// Posts: C-1..C-4 can be e-mailed (with models), C-5 has no selected models, C-6 no address, C-7 an opted-out address.
const POSTS = [
  { postId: 'C-1', postTitle: '광고 모델 A', customerEmail: 'a@studio.example', manager: '김실장' },
  { postId: 'C-2', postTitle: '광고 모델 B', email: 'b@label.example', manager: '이PD' },
  { postId: 'C-3', postTitle: '뮤직비디오', customerEmail: 'c@studio.example' },
  { postId: 'C-4', postTitle: '드라마 단역', customerEmail: 'd@studio.example' },
  { postId: 'C-5', postTitle: '선택 없음', customerEmail: 'e@studio.example' },
  { postId: 'C-6', postTitle: '주소 없음' },
  { postId: 'C-7', postTitle: '수신거부', customerEmail: 'Stop@Studio.example' },
];
const SENDABLE = ['C-1', 'C-2', 'C-3', 'C-4'];

describe('e-mail campaigns and Gmail quotas (Google sandbox, worker)', () => {
  let sandbox: TestGoogleSandbox;
  let t: TestApp;
  let db: pg.Client;
  let token: string;
  let accountId: number;
  let templateId: number;
  let worker: INestApplicationContext | null = null;
  let keys = 0;

  const api = async (
    method: InjectOptions['method'],
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
    t.request({
      method,
      url: `${API}/${path}`,
      headers: { ...bearer(token), ...headers },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const sandboxCall = sandboxControl(() => sandbox.url);
  const sentMails = async (): Promise<SentMail[]> => sandboxCall('GET', '/sandbox/gmail/messages');
  const fault = (kind: string, times = 1) => sandboxCall('POST', '/sandbox/faults', { kind, path: '/gmail/', times });
  const startWorker = async () => {
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(t.config), {
      logger: false,
      abortOnError: false,
    });
    await worker.init();
  };
  const stopWorker = async () => {
    await worker?.close();
    worker = null;
  };
  const queue = () => t.app.get(getQueueToken(QueueName.EmailCampaign), { strict: false }) as Queue;
  const apiClock = () => t.app.get(Clock, { strict: false });
  const create = (fields: Record<string, unknown> = {}, key = `campaign-key-${++keys}`) =>
    api(
      'POST',
      'email-campaigns',
      { postIds: SENDABLE, templateId, accountId, overQuota: 'spread', ...fields },
      { 'idempotency-key': key },
    );
  const campaign = async (id: number) => (await api('GET', `email-campaigns/${id}`)).json<Campaign>();
  const settled = async (id: number, state = 'completed', withinMs = 10_000) => {
    let last: Campaign | undefined;
    await eventually(async () => {
      last = await campaign(id);
      expect(last.state).toBe(state);
    }, withinMs);
    return last!;
  };
  // The worker writes a campaign's pause first and then puts its job back, delayed: wait for the job too.
  const delayed = (id: number) =>
    eventually(async () => expect(await (await queue().getJob(`campaign-${id}`))?.isDelayed()).toBe(true), 10_000);
  const setLimit = (dailyLimit: number) => api('PUT', `google-auth/accounts/${accountId}/daily-limit`, { dailyLimit });

  beforeAll(async () => {
    sandbox = await startGoogleSandboxForTests();
    t = await startTestApp({ ...googleSandboxConfig(sandbox.url), EMAIL_CAMPAIGN_GAP_MS: '0' });
    db = new pg.Client({ connectionString: t.config.DATABASE_URL });
    await db.connect();
    token = (await t.login(SUPERADMIN.email, SUPERADMIN.password)).token;
    await t.app.get(PostsService).upsertPosts(POSTS.map((row) => toPostRecord(row)!));
    accountId = await connectSandboxAccount(t, token, JIHYUN);
    const models = [];
    for (const [comcardNo, nameEng] of [
      ['JC-1', 'Emily Carter'],
      ['JC-2', 'Lucas Martin'],
    ]) {
      models.push((await api('POST', 'models', { comcardNo, nameEng, national: 'USA' })).json<{ id: number }>().id);
    }
    for (const postId of ['C-1', 'C-2', 'C-3', 'C-4', 'C-6', 'C-7'])
      await api('PUT', `posts/${postId}/selected-models`, { modelIds: models });
    expect(
      (await api('POST', 'opt-outs', { address: 'stop@studio.example', channel: 'email', source: 'request' }))
        .statusCode,
    ).toBe(201);
    const template = await api('POST', 'email-templates', {
      title: '캠페인 안내',
      subject: '[캐스팅] {{postId}} 프로필 {{modelCount}}명',
      template: '안녕하세요 {{manager}}님,\n{{allModelNames}} 프로필입니다.',
    });
    templateId = template.json<{ id: number }>().id;
  });

  afterAll(async () => {
    await stopWorker();
    await db?.end();
    await t?.close();
    await sandbox?.close();
  });

  beforeEach(async () => {
    await sandboxCall('DELETE', '/sandbox/faults');
    await sandboxCall('DELETE', '/sandbox/gmail/messages');
    await db.query('delete from email_campaign');
    await db.query('delete from sent_email');
    await db.query('update mail_account set needs_reauth = false, daily_limit = 500');
    apiClock().now = Clock.prototype.now;
  });

  describe('quota of a mail account', () => {
    it('shows the daily limit read from the domain, the e-mails of the last 24 hours and what is left', async () => {
      const sentAt = (hoursAgo: number) => new Date(Date.now() - hoursAgo * HOUR);
      // Two within the rolling 24 hours (sent, and unknown: it may have gone), one failed, one older than the window.
      for (const [status, at] of [
        ['sent', sentAt(1)],
        ['unknown', sentAt(23)],
        ['failed', sentAt(2)],
        ['sent', sentAt(25)],
      ] as const) {
        await db.query(
          `insert into sent_email (post_id, account_id, recipient, subject, status, created_at) select id, $1, 'x@y.example', 's', $2, $3 from post where post_key = 'C-1'`,
          [accountId, status, at],
        );
      }
      for (const path of ['user-email', 'google-auth/accounts']) {
        const [account] = (await api('GET', path)).json<
          { email: string; dailyLimit: number; sentLast24h: number; remainingToday: number }[]
        >();
        expect(account).toMatchObject({ email: JIHYUN, dailyLimit: 500, sentLast24h: 2, remainingToday: 498 });
      }
    });

    it('lets staff set the limit from 1 to 10,000', async () => {
      const set = await setLimit(2000);
      expect(set.statusCode).toBe(200);
      expect(set.json()).toMatchObject({ id: accountId, dailyLimit: 2000, remainingToday: 2000 });
      for (const dailyLimit of [0, 10_001, 1.5, '100']) {
        const refused = await setLimit(dailyLimit as number);
        expect(refused.statusCode).toBe(400);
        expect(refused.json().details.validation[0].message).toBe(
          'The daily limit must be a whole number from 1 to 10000',
        );
      }
      expect((await api('PUT', 'google-auth/accounts/999999/daily-limit', { dailyLimit: 10 })).statusCode).toBe(404);
      expect(
        (
          await t.request({
            method: 'PUT',
            url: `${API}/google-auth/accounts/${accountId}/daily-limit`,
            payload: { dailyLimit: 10 },
          })
        ).statusCode,
      ).toBe(401);
      expect((await db.query('select daily_limit from mail_account where id = $1', [accountId])).rows).toEqual([
        { daily_limit: 2000 },
      ]);
    });

    it('refuses a single send with the daily-limit wording once nothing is left, without calling Gmail', async () => {
      await setLimit(1);
      const send = () =>
        api('POST', 'email-templates/send', {
          recipient: 'a@studio.example',
          postId: 'C-1',
          accountId,
          subject: '제목',
          content: '본문',
        });
      expect((await send()).statusCode).toBe(200);
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(
        `The daily sending limit of ${JIHYUN} has been reached. Please try again tomorrow or send from another account.`,
      );
      expect(await sentMails()).toHaveLength(1);
      expect((await api('GET', 'user-email')).json()[0]).toMatchObject({
        dailyLimit: 1,
        sentLast24h: 1,
        remainingToday: 0,
      });
    });
  });

  describe('review', () => {
    const review = (fields: Record<string, unknown> = {}) =>
      api('POST', 'email-campaigns/review', {
        postIds: POSTS.map((post) => post.postId).concat('NOPE'),
        templateId,
        accountId,
        ...fields,
      });

    it("lists each recipient with the single send's address and the rendered subject, and the posts left out with why", async () => {
      const answer = await review();
      expect(answer.statusCode).toBe(200);
      const body = answer.json();
      expect(body.recipients).toEqual([
        {
          postId: 'C-1',
          postTitle: '광고 모델 A',
          recipient: 'a@studio.example',
          subject: '[캐스팅] C-1 프로필 2명',
          modelCount: 2,
        },
        {
          postId: 'C-2',
          postTitle: '광고 모델 B',
          recipient: 'b@label.example',
          subject: '[캐스팅] C-2 프로필 2명',
          modelCount: 2,
        },
        {
          postId: 'C-3',
          postTitle: '뮤직비디오',
          recipient: 'c@studio.example',
          subject: '[캐스팅] C-3 프로필 2명',
          modelCount: 2,
        },
        {
          postId: 'C-4',
          postTitle: '드라마 단역',
          recipient: 'd@studio.example',
          subject: '[캐스팅] C-4 프로필 2명',
          modelCount: 2,
        },
      ]);
      expect(body.leftOut).toEqual([
        {
          postId: 'C-5',
          postTitle: '선택 없음',
          reason: 'No models selected. Choose the models for this post with Select Models before sending.',
        },
        { postId: 'C-6', postTitle: '주소 없음', reason: 'The post has no valid customer e-mail address.' },
        {
          postId: 'C-7',
          postTitle: '수신거부',
          reason: 'Stop@Studio.example has opted out of e-mails (수신거부): this e-mail cannot be sent to it.',
        },
        { postId: 'NOPE', postTitle: null, reason: 'Post not found' },
      ]);
      expect(body.quota).toEqual({ dailyLimit: 500, sentLast24h: 0, remainingToday: 500 });
      expect(body.exceedsToday).toBe(false);
      expect(body.spread).toHaveLength(1);
      expect(body.spread[0].count).toBe(4);
      // Nothing is recorded or sent.
      expect((await db.query('select count(*)::int as n from email_campaign')).rows).toEqual([{ n: 0 }]);
    });

    it('spreads what exceeds the quota over the following Korean days, as the rolling window frees', async () => {
      // 10:00 in Korea; the account's limit is 3 and it sent one e-mail at 08:00.
      const now = new Date('2026-12-01T01:00:00Z');
      apiClock().now = () => new Date(now);
      await setLimit(3);
      await db.query(
        `insert into sent_email (post_id, account_id, recipient, subject, status, created_at) select id, $1, 'x@y.example', 's', 'sent', $2 from post where post_key = 'C-1'`,
        [accountId, new Date(now.getTime() - 2 * HOUR)],
      );
      const body = (await review({ postIds: SENDABLE })).json();
      expect(body.quota).toEqual({ dailyLimit: 3, sentLast24h: 1, remainingToday: 2 });
      expect(body.exceedsToday).toBe(true);
      // Two today; the third when the 08:00 send leaves the window, the fourth 24 hours after today's first.
      expect(body.spread).toEqual([
        { day: '2026-12-01', count: 2 },
        { day: '2026-12-02', count: 2 },
      ]);
    });

    it('previews any one recipient as the single send previews it, and says why a left-out post has none', async () => {
      const preview = await api('POST', 'email-campaigns/review/preview', { postId: 'C-1', templateId, accountId });
      expect(preview.statusCode).toBe(200);
      expect(preview.json()).toMatchObject({
        postId: 'C-1',
        recipient: 'a@studio.example',
        subject: '[캐스팅] C-1 프로필 2명',
      });
      const single = await api('POST', 'email-templates/preview', {
        postId: 'C-1',
        accountId,
        subject: '[캐스팅] {{postId}} 프로필 {{modelCount}}명',
        template: '안녕하세요 {{manager}}님,\n{{allModelNames}} 프로필입니다.',
      });
      expect(preview.json().html).toBe(single.json().html);
      expect(preview.json().text).toBe(single.json().text);
      const leftOut = await api('POST', 'email-campaigns/review/preview', { postId: 'C-5', templateId, accountId });
      expect(leftOut.statusCode).toBe(400);
      expect(leftOut.json().message).toBe(
        'No models selected. Choose the models for this post with Select Models before sending.',
      );
    });

    it('refuses an empty, repeated or oversized selection, and unknown templates and accounts', async () => {
      const messages = async (fields: Record<string, unknown>) =>
        (await review(fields)).json().details?.validation?.map((v: { message: string }) => v.message);
      expect(await messages({ postIds: [] })).toEqual(['Please select the posts to e-mail']);
      expect(await messages({ postIds: ['C-1', 'C-1'] })).toEqual(['Each post can be selected only once']);
      expect(await messages({ postIds: Array.from({ length: 501 }, (_, n) => `P-${n}`) })).toEqual([
        'A campaign can e-mail at most 500 posts',
      ]);
      expect(await messages({ templateId: 'x', accountId: 0 })).toEqual(
        expect.arrayContaining(['Please select an email template', 'Please choose the mail account to send from']),
      );
      expect((await review({ templateId: 999999 })).statusCode).toBe(404);
      expect((await review({ accountId: 999999 })).statusCode).toBe(404);
      expect((await t.request({ method: 'POST', url: `${API}/email-campaigns/review`, payload: {} })).statusCode).toBe(
        401,
      );
    });
  });

  describe('running', () => {
    beforeAll(startWorker);
    afterAll(stopWorker);

    it('sends each recipient its own e-mail once, through the sent-e-mail log, and shows each state', async () => {
      const made = await create({ postIds: POSTS.map((post) => post.postId) });
      expect(made.statusCode).toBe(201);
      const { id } = made.json<Campaign>();
      expect(made.json()).toMatchObject({ templateTitle: '캠페인 안내', accountId, accountEmail: JIHYUN, total: 4 });
      expect(made.json<Campaign>().leftOut.map((post) => post.postId)).toEqual(['C-5', 'C-6', 'C-7']);

      const done = await settled(id);
      expect(done.counts).toEqual({ pending: 0, sending: 0, sent: 4, failed: 0, unknown: 0, skipped: 0, stopped: 0 });
      expect(done.recipients.map((r) => [r.postId, r.state, r.error, typeof r.sentAt])).toEqual(
        SENDABLE.map((postId) => [postId, 'sent', null, 'string']),
      );
      expect(done.finishedAt).not.toBeNull();

      const mails = await sentMails();
      expect(mails.map((mail) => [mail.to[0].address, mail.subject]).sort()).toEqual([
        ['a@studio.example', '[캐스팅] C-1 프로필 2명'],
        ['b@label.example', '[캐스팅] C-2 프로필 2명'],
        ['c@studio.example', '[캐스팅] C-3 프로필 2명'],
        ['d@studio.example', '[캐스팅] C-4 프로필 2명'],
      ]);
      expect(mails.find((mail) => mail.to[0].address === 'a@studio.example')!.text).toContain('안녕하세요 김실장님,');
      const log = await db.query(`select status, idempotency_key from sent_email order by id`);
      expect(log.rows.map((row) => row.status)).toEqual(['sent', 'sent', 'sent', 'sent']);
      expect(new Set(log.rows.map((row) => row.idempotency_key)).size).toBe(4);
      // The account's quota counts them.
      expect((await api('GET', 'user-email')).json()[0]).toMatchObject({ sentLast24h: 4, remainingToday: 496 });

      const list = await api('GET', 'email-campaigns?page=1&pageSize=10');
      expect(list.json().data.map((c: Campaign) => [c.id, c.state])).toEqual([[id, 'completed']]);
      expect(list.json().pagination).toMatchObject({ currentPage: 1, totalItems: 1, totalPages: 1 });
    });

    it('answers the same campaign for a repeated Idempotency-Key, and refuses the key for another', async () => {
      const first = await create({}, 'same-campaign-01');
      const again = await create({}, 'same-campaign-01');
      expect(again.statusCode).toBe(201);
      expect(again.json().id).toBe(first.json().id);
      const other = await create({ postIds: ['C-1'] }, 'same-campaign-01');
      expect(other.statusCode).toBe(422);
      expect(other.json().message).toBe('This Idempotency-Key was used for a different campaign.');
      await settled(first.json().id);
      expect(await sentMails()).toHaveLength(4);
      expect((await create({}, 'no')).statusCode).toBe(400);
    });

    it("refuses a campaign larger than today's quota when told to, and spreads one otherwise", async () => {
      await setLimit(2);
      const refused = await create({ overQuota: 'refuse' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        `This campaign has 4 e-mails, but ${JIHYUN} can send only 2 more today (its daily limit is 2). Choose to spread it over the following days, or select fewer posts.`,
      );
      expect((await db.query('select count(*)::int as n from email_campaign')).rows).toEqual([{ n: 0 }]);

      const { id } = (await create({ overQuota: 'spread' })).json<Campaign>();
      let waiting: Campaign | undefined;
      await eventually(async () => {
        waiting = await campaign(id);
        expect(waiting.pausedUntil).not.toBeNull();
      }, 10_000);
      expect(waiting!.state).toBe('running');
      expect(waiting!.pauseCause).toBeNull();
      expect(waiting!.counts).toMatchObject({ sent: 2, pending: 2 });
      expect(waiting!.pauseReason).toMatch(
        new RegExp(
          `^The daily sending limit of ${JIHYUN} is reached; the next e-mail goes at \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} \\(Korean time\\)\\.$`,
        ),
      );
      // It waits till the first of today's two leaves the rolling 24 hours.
      const [first] = (
        await db.query(`select created_at from sent_email where status = 'sent' order by created_at limit 1`)
      ).rows;
      expect(new Date(waiting!.pausedUntil!).getTime()).toBe(new Date(first.created_at).getTime() + 24 * HOUR);
      await delayed(id);
      expect(await sentMails()).toHaveLength(2);
    });

    it("pauses on Gmail's rate limit without failing the recipient, and resumes by itself when it passes", async () => {
      await fault('too_many_requests_429', 1);
      const before = Date.now();
      const { id } = (await create()).json<Campaign>();
      const paused = await settled(id, 'paused');
      expect(paused.counts).toMatchObject({ pending: 4, failed: 0 });
      expect(paused.pauseCause).toBe('rate_limited');
      // No retry time from Gmail: fifteen minutes.
      const until = new Date(paused.pausedUntil!).getTime();
      expect(until).toBeGreaterThanOrEqual(before + 15 * 60_000);
      expect(until).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
      expect(paused.pauseReason).toMatch(
        new RegExp(
          `^Gmail is holding back the e-mails of ${JIHYUN} for now; the campaign resumes by itself at .+ \\(Korean time\\)\\.$`,
        ),
      );
      expect(await sentMails()).toHaveLength(0);

      // The time passes (moved, not waited for): the job wakes and the campaign goes on by itself.
      await delayed(id);
      await db.query(`update email_campaign set paused_until = now() - interval '1 second' where id = $1`, [id]);
      await (await queue().getJob(`campaign-${id}`))!.promote();
      const done = await settled(id);
      expect(done.counts).toMatchObject({ sent: 4, failed: 0 });
      expect(done.pausedUntil).toBeNull();
      expect(done.pauseCause).toBeNull();
      expect(await sentMails()).toHaveLength(4);
    });

    it("waits for the window when Gmail answers that the day's limit is spent", async () => {
      // Twice: Google's client refreshes its token and tries again once on a 403.
      await fault('daily_limit_403', 2);
      const { id } = (await create()).json<Campaign>();
      let waiting: Campaign | undefined;
      await eventually(async () => {
        waiting = await campaign(id);
        expect(waiting.pausedUntil).not.toBeNull();
      }, 10_000);
      expect(waiting!.state).toBe('running');
      expect(waiting!.counts).toMatchObject({ pending: 4, failed: 0 });
      expect(waiting!.pauseReason).toMatch(
        new RegExp(`^Gmail answered that the daily sending limit of ${JIHYUN} has been reached`),
      );
      expect(await sentMails()).toHaveLength(0);
    });

    it('fails a recipient Gmail refuses with the existing wording and goes on with the others', async () => {
      // googleapis never retries a POST; the send retries a 5xx twice, so three answers fail the first e-mail.
      await fault('server_error_500', 3);
      const { id } = (await create()).json<Campaign>();
      const done = await settled(id);
      expect(done.recipients.map((r) => [r.postId, r.state])).toEqual([
        ['C-1', 'failed'],
        ['C-2', 'sent'],
        ['C-3', 'sent'],
        ['C-4', 'sent'],
      ]);
      expect(done.recipients[0].error).toBe('Google did not respond. Please try again.');
      expect(await sentMails()).toHaveLength(3);
    });

    it('pauses until the account is re-authenticated when Google refuses its sign-in', async () => {
      await sandboxCall('POST', '/sandbox/faults', { kind: 'invalid_grant', path: '/token' });
      await sandboxCall('POST', '/sandbox/tokens/expire', { account: JIHYUN });
      const { id } = (await create()).json<Campaign>();
      const paused = await settled(id, 'paused');
      expect(paused.pauseReason).toBe(
        `Google no longer accepts the sign-in of ${JIHYUN}. Please re-authenticate the account.`,
      );
      expect(paused.pausedUntil).toBeNull();
      expect(paused.pauseCause).toBe('reauth');
      expect(paused.counts).toMatchObject({ pending: 4, failed: 0 });
      const resumed = await api('POST', `email-campaigns/${id}/resume`);
      expect(resumed.statusCode).toBe(409);
      expect(resumed.json().message).toBe(
        `Google no longer accepts the sign-in of ${JIHYUN}. Please re-authenticate the account.`,
      );
      accountId = await connectSandboxAccount(t, token, JIHYUN);
      expect((await api('POST', `email-campaigns/${id}/resume`)).statusCode).toBe(200);
      expect((await settled(id)).counts).toMatchObject({ sent: 4 });
    });

    it('pauses, resumes and cancels a scheduled campaign, and refuses what makes no sense', async () => {
      const at = new Date(Date.now() + HOUR).toISOString();
      const made = await create({ scheduledAt: at });
      expect(made.json()).toMatchObject({ state: 'scheduled', scheduledAt: at });
      const { id } = made.json<Campaign>();
      expect(await (await queue().getJob(`campaign-${id}`))?.isDelayed()).toBe(true);

      expect((await api('POST', `email-campaigns/${id}/resume`)).json().message).toBe(
        'This campaign is not paused, so there is nothing to resume.',
      );
      const paused = await api('POST', `email-campaigns/${id}/pause`);
      expect(paused.json()).toMatchObject({ state: 'paused', pauseCause: 'staff', pauseReason: 'Paused by staff.' });
      // The job waiting for the time is dropped: a paused campaign holds no job.
      expect(await queue().getJob(`campaign-${id}`)).toBeUndefined();
      const twice = await api('POST', `email-campaigns/${id}/pause`);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe('This campaign is paused already.');
      // Paused before its time: resumed, it waits for that time again.
      expect((await api('POST', `email-campaigns/${id}/resume`)).json()).toMatchObject({
        state: 'scheduled',
        pauseReason: null,
      });
      expect(await (await queue().getJob(`campaign-${id}`))?.isDelayed()).toBe(true);

      const cancelled = await api('POST', `email-campaigns/${id}/cancel`);
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json<Campaign>().counts).toMatchObject({ skipped: 4, pending: 0 });
      expect(cancelled.json<Campaign>().recipients[0]).toMatchObject({
        state: 'skipped',
        error: 'Cancelled before it was sent.',
      });
      for (const command of ['pause', 'resume', 'cancel']) {
        const refused = await api('POST', `email-campaigns/${id}/${command}`);
        expect(refused.statusCode).toBe(409);
        expect(refused.json().message).toBe('This campaign has been cancelled.');
      }
      expect((await api('POST', 'email-campaigns/999999/pause')).statusCode).toBe(404);
      expect(await sentMails()).toHaveLength(0);
    });

    it('refuses a time past or more than 30 days ahead, and a campaign nobody can be sent', async () => {
      const past = await create({ scheduledAt: new Date(Date.now() - 60_000).toISOString() });
      expect(past.statusCode).toBe(400);
      expect(past.json().message).toBe('The scheduled time has already passed. Please choose a later time.');
      const far = await create({ scheduledAt: new Date(Date.now() + 31 * 24 * HOUR).toISOString() });
      expect(far.statusCode).toBe(400);
      expect(far.json().message).toBe('A campaign can be scheduled at most 30 days ahead.');
      expect((await create({ scheduledAt: '2026-12-01T10:00:00' })).statusCode).toBe(400);
      expect((await create({ overQuota: 'maybe' })).json().details.validation[0].message).toBe(
        "overQuota must be 'spread' or 'refuse'",
      );
      const nobody = await create({ postIds: ['C-5', 'C-6'] });
      expect(nobody.statusCode).toBe(400);
      expect(nobody.json().message).toBe('None of the selected posts can be e-mailed. See why each one was left out.');
    });

    it('keeps cancelled recipients unsent while sent ones stay sent', async () => {
      await setLimit(1);
      const { id } = (await create()).json<Campaign>();
      // One sent; the job waits (delayed) for the quota.
      await eventually(async () => {
        expect((await campaign(id)).counts.sent).toBe(1);
        expect(await (await queue().getJob(`campaign-${id}`))?.isDelayed()).toBe(true);
      }, 10_000);
      const cancelled = (await api('POST', `email-campaigns/${id}/cancel`)).json<Campaign>();
      expect(cancelled.state).toBe('cancelled');
      expect(cancelled.counts).toMatchObject({ sent: 1, skipped: 3, pending: 0 });
      // Its waiting job is dropped.
      expect(await queue().getJob(`campaign-${id}`)).toBeUndefined();
      expect(await sentMails()).toHaveLength(1);
    });
  });

  describe('across a crash', () => {
    it('never sends again what may have reached Gmail, and sends what had not', async () => {
      // Made while no worker runs; then the state a worker that died half-way leaves behind.
      const { id } = (await create()).json<Campaign>();
      const recipients = (await campaign(id)).recipients;
      const userId = (await db.query(`select id from users where email = $1`, [SUPERADMIN.email])).rows[0].id;
      // C-1: handed to Gmail, no answer recorded. C-2: claimed, nothing logged yet. C-3: sent, the recipient not yet marked.
      for (const [index, status] of [
        [0, 'sending'],
        [2, 'sent'],
      ] as const) {
        await db.query(
          `insert into sent_email (post_id, account_id, recipient, subject, status, idempotency_key, request_hash, sent_by_id, created_at)
           select post_id, $1, recipient, subject, $2, 'campaign-' || campaign_id || '-' || id, 'x', $3, now() from email_campaign_recipient where id = $4`,
          [accountId, status, userId, recipients[index].id],
        );
      }
      await db.query(`update email_campaign_recipient set state = 'sending' where id = any($1)`, [
        [recipients[0].id, recipients[1].id, recipients[2].id],
      ]);

      await startWorker();
      try {
        const done = await settled(id);
        expect(done.recipients.map((r) => [r.postId, r.state])).toEqual([
          ['C-1', 'unknown'],
          ['C-2', 'sent'],
          ['C-3', 'sent'],
          ['C-4', 'sent'],
        ]);
        expect(done.recipients[0].error).toMatch(/^The worker stopped while Gmail was being called/);
        // Only C-2 and C-4 went now: C-1 may have gone before, C-3 did.
        expect((await sentMails()).map((mail) => mail.to[0].address).sort()).toEqual([
          'b@label.example',
          'd@studio.example',
        ]);
        expect(
          (
            await db.query(`select status from sent_email where idempotency_key = $1`, [
              `campaign-${id}-${recipients[0].id}`,
            ])
          ).rows,
        ).toEqual([{ status: 'unknown' }]);
      } finally {
        await stopWorker();
      }
    });

    it('gives a campaign left without a job its job again (the sweep)', async () => {
      const { id } = (await create()).json<Campaign>();
      await queue().remove(`campaign-${id}`);
      // Run every minute by the worker; called here as its scheduler would.
      expect(await t.app.get(EmailCampaignsService, { strict: false }).sweep()).toBe(1);
      expect(await queue().getJob(`campaign-${id}`)).toBeDefined();
      expect(await t.app.get(EmailCampaignsService, { strict: false }).sweep()).toBe(0);
      await startWorker();
      try {
        expect((await settled(id)).counts).toMatchObject({ sent: 4 });
      } finally {
        await stopWorker();
      }
    });
  });
  describe('when the e-mails go', () => {
    it('asks the opt-out register and the selection again, and skips whoever no longer qualifies', async () => {
      // Made while no worker runs; meanwhile C-2's customer opts out and C-3's models are deselected.
      const { id } = (await create()).json<Campaign>();
      expect(
        (await api('POST', 'opt-outs', { address: 'b@label.example', channel: 'all', source: 'request' })).statusCode,
      ).toBe(201);
      await api('PUT', 'posts/C-3/selected-models', { modelIds: [] });
      await startWorker();
      try {
        const done = await settled(id);
        expect(done.recipients.map((r) => [r.postId, r.state, r.error])).toEqual([
          ['C-1', 'sent', null],
          ['C-2', 'skipped', 'b@label.example has opted out of e-mails (수신거부): this e-mail cannot be sent to it.'],
          ['C-3', 'skipped', 'No models selected. Choose the models for this post with Select Models before sending.'],
          ['C-4', 'sent', null],
        ]);
        expect((await sentMails()).map((mail) => mail.to[0].address).sort()).toEqual([
          'a@studio.example',
          'd@studio.example',
        ]);
      } finally {
        await stopWorker();
        const [{ id: optOut }] = (
          await db.query(`select id from opt_out where address = 'b@label.example' and withdrawn_at is null`)
        ).rows;
        await api('POST', `opt-outs/${optOut}/withdraw`, {});
        const models = (await db.query(`select id from talent_model order by id`)).rows.map((row) => row.id);
        await api('PUT', 'posts/C-3/selected-models', { modelIds: models });
      }
    });

    it("paces one account's e-mails by the configured gap, plus at most a quarter of it", async () => {
      // Long enough that a send's own time on a busy machine (up to 600 ms allowed) is told apart from a gap twice
      // as long.
      const gapMs = 1000;
      worker = await NestFactory.createApplicationContext(
        WorkerModule.forRoot({ ...t.config, EMAIL_CAMPAIGN_GAP_MS: gapMs }),
        { logger: false, abortOnError: false },
      );
      await worker.init();
      try {
        const { id } = (await create()).json<Campaign>();
        await settled(id);
        const times = (
          await db.query<{ at: Date }>(
            `select created_at as at from sent_email where status = 'sent' order by created_at`,
          )
        ).rows.map((row) => row.at.getTime());
        expect(times).toHaveLength(4);
        for (let n = 1; n < times.length; n++) {
          const gap = times[n] - times[n - 1];
          expect(gap).toBeGreaterThanOrEqual(gapMs);
          // The random quarter, and the time a send takes.
          expect(gap).toBeLessThan(gapMs * 1.25 + 600);
        }
      } finally {
        await stopWorker();
      }
    });
  });

  describe('follow-ups', () => {
    // A follow-up's "day" in these tests: long enough to answer the first e-mails before their follow-ups fall due.
    const DAY_MS = 3000;
    let followUpTemplates: number[];
    const startFollowUpWorker = async () => {
      worker = await NestFactory.createApplicationContext(
        WorkerModule.forRoot({ ...t.config, EMAIL_FOLLOW_UP_DAY_MS: DAY_MS }),
        { logger: false, abortOnError: false },
      );
      await worker.init();
    };
    const withFollowUps = (key?: string) =>
      create(
        {
          followUps: [
            { afterDays: 1, templateId: followUpTemplates[0] },
            { afterDays: 1, templateId: followUpTemplates[1] },
          ],
        },
        key,
      );
    // In the order they were sent.
    const mailsTo = async (address: string) =>
      (await sentMails())
        .filter((mail) => mail.to[0].address === address)
        .sort((one, other) => Date.parse(one.sentAt) - Date.parse(other.sentAt));

    beforeAll(async () => {
      followUpTemplates = [];
      for (const [title, template] of [
        ['첫 번째 후속', '{{manager}}님, 보내드린 프로필 확인하셨을까요?'],
        ['두 번째 후속', '마지막으로 한 번 더 여쭙니다.'],
      ]) {
        followUpTemplates.push(
          (await api('POST', 'email-templates', { title, subject: '쓰이지 않는 제목', template })).json<{
            id: number;
          }>().id,
        );
      }
    });
    afterEach(stopWorker);

    it("sends each follow-up in the first e-mail's thread after its days, and none once the customer replied or the address bounced", async () => {
      await startFollowUpWorker();
      const made = (await withFollowUps()).json<Campaign>();
      expect(made.followUps).toEqual([
        { step: 1, afterDays: 1, templateId: followUpTemplates[0], templateTitle: '첫 번째 후속' },
        { step: 2, afterDays: 1, templateId: followUpTemplates[1], templateTitle: '두 번째 후속' },
      ]);
      await eventually(async () => expect((await campaign(made.id)).counts.sent).toBe(4));
      // Before their follow-ups fall due, C-1's customer answers and C-2's address bounces.
      const [a] = await mailsTo('a@studio.example');
      const [b] = await mailsTo('b@label.example');
      await sandboxCall('POST', `/sandbox/gmail/messages/${a.id}/reply`, { text: '네, 미팅 가능합니다.' });
      await sandboxCall('POST', `/sandbox/gmail/messages/${b.id}/bounce`, {});
      try {
        const done = await settled(made.id, 'completed', 20_000);
        expect(done.recipients.map((r) => [r.postId, r.step, r.state, r.error])).toEqual([
          ['C-1', 0, 'sent', null],
          ['C-1', 1, 'stopped', 'Not sent: the customer replied.'],
          ['C-2', 0, 'sent', null],
          ['C-2', 1, 'stopped', 'Not sent: an e-mail before it bounced.'],
          ['C-3', 0, 'sent', null],
          ['C-3', 1, 'sent', null],
          ['C-3', 2, 'sent', null],
          ['C-4', 0, 'sent', null],
          ['C-4', 1, 'sent', null],
          ['C-4', 2, 'sent', null],
        ]);
        expect(done.counts).toMatchObject({ sent: 4, stopped: 0 });
        expect(done.followUpCounts).toMatchObject({ sent: 4, stopped: 2, pending: 0 });
        const outcomes = Object.fromEntries(
          done.recipients
            .filter((r) => r.step === 0)
            .map((r) => [r.postId, [r.outcome, r.bounceReason === null ? null : 'reason']]),
        );
        expect(outcomes).toEqual({
          'C-1': ['replied', null],
          'C-2': ['bounced', 'reason'],
          'C-3': [null, null],
          'C-4': [null, null],
        });

        // Each follow-up went a day after the e-mail before it, as a reply in its thread.
        const [first, second, third] = await mailsTo('c@studio.example');
        expect([first.subject, second.subject, third.subject]).toEqual([
          '[캐스팅] C-3 프로필 2명',
          'Re: [캐스팅] C-3 프로필 2명',
          'Re: [캐스팅] C-3 프로필 2명',
        ]);
        expect([second.threadId, third.threadId]).toEqual([first.threadId, first.threadId]);
        expect(second.inReplyTo).toBe(first.messageId);
        expect(third.inReplyTo).toBe(second.messageId);
        expect(second.text).toContain('님, 보내드린 프로필 확인하셨을까요?');
        expect(third.text).toContain('마지막으로 한 번 더 여쭙니다.');
        const c = done.recipients.filter((r) => r.postId === 'C-3');
        for (const step of [1, 2]) {
          expect(new Date(c[step].sentAt!).getTime() - new Date(c[step - 1].sentAt!).getTime()).toBeGreaterThanOrEqual(
            DAY_MS - 50,
          );
        }
        // Counted like the first e-mails: every follow-up is in the sent-e-mail log.
        expect((await db.query(`select count(*)::int as n from sent_email where status = 'sent'`)).rows).toEqual([
          { n: 8 },
        ]);
        expect(await mailsTo('a@studio.example')).toHaveLength(1);
        expect(await mailsTo('b@label.example')).toHaveLength(1);
      } finally {
        const [{ id: optOut }] = (
          await db.query(`select id from opt_out where address = 'b@label.example' and withdrawn_at is null`)
        ).rows;
        await api('POST', `opt-outs/${optOut}/withdraw`, {});
      }
    });

    it('makes a follow-up a stopped run had not made yet, once', async () => {
      await startFollowUpWorker();
      const { id } = (await withFollowUps()).json<Campaign>();
      await eventually(async () => expect((await campaign(id)).counts.sent).toBe(4));
      await stopWorker();
      // As if the run had stopped between an e-mail going and its follow-up being made.
      await db.query(
        `delete from email_campaign_recipient where campaign_id = $1 and step > 0 and position in (0, 1)`,
        [id],
      );
      await startFollowUpWorker();
      const done = await settled(id, 'completed', 20_000);
      expect(done.recipients.map((r) => `${r.postId}/${r.step}/${r.state}`)).toEqual(
        SENDABLE.flatMap((postId) => [0, 1, 2].map((step) => `${postId}/${step}/sent`)),
      );
      expect(await sentMails()).toHaveLength(12);
    });

    it('stops nothing and sends nothing more once the campaign is cancelled', async () => {
      await startFollowUpWorker();
      const { id } = (await withFollowUps()).json<Campaign>();
      await eventually(async () => expect((await campaign(id)).followUpCounts.pending).toBe(4));
      const cancelled = (await api('POST', `email-campaigns/${id}/cancel`)).json<Campaign>();
      expect(cancelled.state).toBe('cancelled');
      expect(cancelled.followUpCounts).toMatchObject({ pending: 0, skipped: 4 });
      await new Promise((resolve) => setTimeout(resolve, DAY_MS + 500));
      expect(await sentMails()).toHaveLength(4);
    });

    it('refuses follow-ups from an account that cannot read replies, more than two, and days out of range', async () => {
      const messages = async (followUps: unknown) =>
        (await create({ followUps })).json().details?.validation?.map((v: { message: string }) => v.message);
      const step = (afterDays: unknown) => ({ afterDays, templateId: followUpTemplates[0] });
      expect(await messages([step(1), step(2), step(3)])).toEqual(['A campaign can have at most 2 follow-ups']);
      for (const days of [0, 31, 1.5, '2'])
        expect(await messages([step(days)])).toEqual(['A follow-up waits a whole number of days, from 1 to 30']);
      expect(await messages([{ afterDays: 1 }])).toEqual(['Please select an email template']);
      expect(await messages('soon')).toContain('followUps must be a list of follow-up steps');
      expect(await messages([7])).toEqual(['followUps must be a list of follow-up steps']);
      expect((await create({ followUps: [{ afterDays: 1, templateId: 999999 }] })).statusCode).toBe(404);

      const scopes = (await db.query('select scopes from mail_account where id = $1', [accountId])).rows[0].scopes;
      await db.query('update mail_account set scopes = $1 where id = $2', [
        'https://www.googleapis.com/auth/gmail.send https://www.googleapis.com/auth/drive.readonly',
        accountId,
      ]);
      try {
        const refused = await create({ followUps: [step(2)] });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().message).toBe(
          `Follow-ups stop when the customer replies, so ${JIHYUN} must be allowed to read replies first. Re-authenticate it in Mail Accounts, or make the campaign without follow-ups.`,
        );
        expect((await create()).statusCode).toBe(201);
      } finally {
        await db.query('update mail_account set scopes = $1 where id = $2', [scopes, accountId]);
      }
    });
  });
});
