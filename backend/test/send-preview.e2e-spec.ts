import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import pg from 'pg';
import { type AligoSandbox, SANDBOX_ACCOUNT } from '../../infra/sandbox/aligo/server.ts';
import { QueueName } from '../src/platform/queue/queue-names.js';
import { type MessagingTestApp, startMessagingApp } from './support/messaging-app.js';
import { eventually, type TestApp } from './support/test-app.js';

const API = '/backend/api/v1';
const SENDER = '01098765432';
/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

interface Preview {
  channel: string;
  advertising: boolean;
  senderPhone: string;
  senderName: string;
  people: number;
  total: number;
  texts: { text: string; bytes: number }[];
  messages: { phone: string; name: string; type: string; failover?: string; textIndex: number; pictures: number }[];
  excluded: { phone: string; name: string; reason: string }[];
  counts: Record<'SMS' | 'LMS' | 'MMS' | 'KAKAO', number>;
  unitPrices: Record<'SMS' | 'LMS' | 'MMS' | 'KAKAO', number>;
  estimatedCost: number;
  remaining: { SMS_CNT: number; LMS_CNT: number; MMS_CNT: number } | null;
  remainingProblem: string | null;
  remainingShort: boolean;
  refusal: string | null;
}

describe('the review before a send (POST message-sends/preview)', () => {
  let m: MessagingTestApp;
  let sandbox: AligoSandbox;
  let t: TestApp;
  let db: pg.Client;
  let bookId: number;

  beforeAll(async () => {
    m = await startMessagingApp({ ALIGO_TIMEOUT_MS: '1000', MESSAGE_PRICE_LMS: '30' });
    ({ sandbox, t } = m);
    db = new pg.Client({ connectionString: t.config.DATABASE_URL });
    await db.connect();
    bookId = (await ok<{ id: number }>('POST', 'address-books', { name: '리뷰 연락처' }, undefined, 201)).id;
  });
  afterAll(async () => {
    await db?.end();
    await m?.close();
  });
  beforeEach(() => {
    sandbox.clearMessages();
    sandbox.clearFaults();
    // Advertising and KakaoTalk are refused at night: the sends are made at noon, Korean time, by the API and the worker.
    atKoreanHour(12);
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) => m.call(method, path, payload, headers);
  const ok = async <T>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    payload?: unknown,
    headers?: Record<string, string>,
    status = 200,
  ): Promise<T> => {
    const response = await call(method, path, payload, headers);
    if (response.statusCode !== status) throw new Error(`${method} ${path}: ${response.statusCode} ${response.body}`);
    return response.json<T>();
  };
  const preview = (body: Record<string, unknown>) => ok<Preview>('POST', 'message-sends/preview', body);
  const atKoreanHour = (hour: number) => {
    const at = new Date(Date.UTC(2026, 10, 25, hour) - 9 * 3600_000);
    for (const clock of m.clocks()) clock.now = () => at;
  };
  const addContact = async (contactName: string, phoneNumber: string, consent?: boolean) => {
    const contact = await ok<{ id: number }>(
      'POST',
      `address-books/${bookId}/contacts`,
      { contactName, phoneNumber },
      undefined,
      201,
    );
    if (consent !== undefined) await ok('PUT', `contacts/${contact.id}/consent`, { given: consent, source: '지원서' });
    return contact;
  };
  /** What the database and the queue hold of sends: a preview must change none of it. */
  const recorded = async () => {
    const { rows } = await db.query<{ sends: number; deliveries: number; calls: number }>(
      `select (select count(*)::int from "message_send") as "sends", (select count(*)::int from "message_delivery") as "deliveries", (select count(*)::int from "gateway_call") as "calls"`,
    );
    const queue = t.app.get<Queue>(getQueueToken(QueueName.MessageSend), { strict: false });
    // Jobs a send would queue; an earlier test's job that is still finishing (and then removed) is not one of them.
    const jobs = await queue.getJobCounts('waiting', 'delayed', 'prioritized');
    return { ...rows[0], jobs: Object.values(jobs).reduce((sum, count) => sum + count, 0) };
  };
  const finished = async (id: number) => {
    let state = '';
    await eventually(async () => {
      state = (await ok<{ state: string }>('GET', `message-sends/${id}`)).state;
      expect(['completed', 'failed', 'cancelled']).toContain(state);
    }, 15_000);
    return state;
  };

  it("answers each message's final text, type and bytes, the counts, the cost and the remaining counts, and records nothing", async () => {
    const picture = (
      await m.call(
        'POST',
        'message-files',
        Buffer.from(
          `--b\r\nContent-Disposition: form-data; name="files"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n${PNG.toString('latin1')}\r\n--b--\r\n`,
          'latin1',
        ),
        { 'content-type': 'multipart/form-data; boundary=b' },
      )
    ).json<{ files: { id: string }[] }>().files[0].id;
    const long = '가'.repeat(46);
    const body = {
      sender: SENDER,
      recipients: [
        { phone: '010-3100-0001', name: '짧은', text: '내일 10시 오디션' },
        { phone: '010-3100-0002', name: '긴', text: long },
        { phone: '010-3100-0003', name: '사진', text: '프로필', files: [picture], fileType: '개별' },
        { phone: '010-3100-0004', name: '긴 둘', text: long },
      ],
    };
    const before = await recorded();
    const answer = await call('POST', 'message-sends/preview', body, { 'idempotency-key': 'review-records-nothing-1' });
    expect(answer.statusCode).toBe(200);
    const review = answer.json<Preview>();
    expect(review).toMatchObject({
      channel: 'sms',
      advertising: false,
      senderPhone: SENDER,
      senderName: '잡캐스팅',
      people: 4,
      total: 4,
      excluded: [],
      refusal: null,
      remainingShort: false,
    });
    expect(review.texts).toEqual([
      { text: '내일 10시 오디션', bytes: 16 },
      { text: long, bytes: 92 },
      { text: '프로필', bytes: 6 },
    ]);
    expect(review.messages).toEqual([
      { phone: '01031000001', name: '짧은', type: 'SMS', textIndex: 0, pictures: 0 },
      { phone: '01031000002', name: '긴', type: 'LMS', textIndex: 1, pictures: 0 },
      { phone: '01031000003', name: '사진', type: 'MMS', textIndex: 2, pictures: 1 },
      { phone: '01031000004', name: '긴 둘', type: 'LMS', textIndex: 1, pictures: 0 },
    ]);
    expect(review.counts).toEqual({ SMS: 1, LMS: 2, MMS: 1, KAKAO: 0 });
    // MESSAGE_PRICE_LMS is set to 30 won; the others are Aligo's list prices.
    expect(review.unitPrices).toEqual({ SMS: 8.4, LMS: 30, MMS: 60, KAKAO: 13.2 });
    expect(review.estimatedCost).toBe(8.4 + 60 + 60);
    expect(review.remaining).toEqual(await ok('GET', 'aligo/remain'));
    expect(review.remainingProblem).toBeNull();

    // Nothing recorded, queued or sent; and the key a preview carried is still free for the send.
    expect(await recorded()).toEqual(before);
    expect(sandbox.messages()).toHaveLength(0);
    const sent = await ok<{ id: number; total: number }>(
      'POST',
      'message-sends',
      body,
      { 'idempotency-key': 'review-records-nothing-1' },
      202,
    );
    expect(sent.total).toBe(4);

    // KakaoTalk: each message is KakaoTalk falling back to its text message.
    const kakao = await preview({ channel: 'kakao', sender: SENDER, recipients: body.recipients.slice(0, 2) });
    expect(kakao.messages.map((message) => [message.type, message.failover])).toEqual([
      ['KAKAO', 'SMS'],
      ['KAKAO', 'LMS'],
    ]);
    expect(kakao).toMatchObject({ counts: { SMS: 0, LMS: 0, MMS: 0, KAKAO: 2 }, estimatedCost: 26.4 });
    await finished(sent.id);
  });

  it('names why each recipient is left out: opted out, no advertising consent, not a mobile number, the same message twice', async () => {
    await addContact('동의', '010-3200-0001', true);
    await addContact('동의 안 함', '010-3200-0002', false);
    await addContact('수신거부', '010-3200-0003', true);
    await ok('POST', 'opt-outs', { address: '010-3200-0003', channel: 'sms', source: '080' }, undefined, 201);
    await addContact('동의 둘', '010-3200-0004', true);
    const recipients = [
      { phone: '010-3200-0001', name: '동의', text: '12월 오디션 모집' },
      { phone: '010-3200-0002', name: '동의 안 함', text: '12월 오디션 모집' },
      { phone: '010-3200-0003', name: '수신거부', text: '12월 오디션 모집' },
      { phone: '02-555-0101', name: '사무실', text: '12월 오디션 모집' },
      { phone: '01032000001', name: '동의 (다시)', text: '12월 오디션 모집' },
      { phone: '010-3200-0004', name: '동의 둘', text: '12월 오디션 모집' },
      { phone: '010-3200-0099', name: '모르는 번호', text: '12월 오디션 모집' },
    ];
    const review = await preview({ advertising: true, recipients });
    expect(review.excluded).toEqual([
      { phone: '01032000002', name: '동의 안 함', reason: 'no-consent' },
      { phone: '01032000003', name: '수신거부', reason: 'opted-out' },
      { phone: '02-555-0101', name: '사무실', reason: 'not-mobile' },
      { phone: '01032000001', name: '동의 (다시)', reason: 'duplicate' },
      { phone: '01032000099', name: '모르는 번호', reason: 'no-consent' },
    ]);
    const framed = '(광고)잡캐스팅 12월 오디션 모집\n무료수신거부 080-123-4567';
    expect(review.texts).toEqual([{ text: framed, bytes: 57 }]);
    expect(review.messages.map((message) => message.phone)).toEqual(['01032000001', '01032000004']);
    expect(review).toMatchObject({ people: 2, total: 2, refusal: null });

    // Information needs no consent: only the opt-out, the landline and the repeat are left out.
    const information = await preview({ advertising: false, recipients });
    expect(information.excluded.map((entry) => entry.reason)).toEqual(['opted-out', 'not-mobile', 'duplicate']);

    // Everyone left out: the review shows why, and Send is refused with the same words.
    const nobody = recipients.slice(1, 4);
    const refused = await preview({ advertising: true, recipients: nobody });
    expect(refused.refusal).toBe(
      'Every recipient is left out, so nothing was sent: 1 opted out (수신거부), 1 without advertising consent, 1 not a mobile number.',
    );
    expect(refused.excluded).toHaveLength(3);
    const create = await call('POST', 'message-sends', { advertising: true, recipients: nobody });
    expect(create.statusCode).toBe(400);
    expect(create.json()).toMatchObject({ message: refused.refusal, details: { excluded: refused.excluded } });

    // At night an advertisement is refused as a whole: the review still shows the send, with the refusal.
    atKoreanHour(22);
    const night = await preview({ advertising: true, recipients });
    expect(night).toMatchObject({
      refusal: 'Advertising messages cannot be sent between 21:00 and 08:00 (Korean time).',
      total: 2,
    });
    expect((await call('POST', 'message-sends', { advertising: true, recipients })).json().message).toBe(night.refusal);
  });

  it('sends exactly what it previewed: the same texts, types, counts and exclusions', async () => {
    await addContact('광고 동의 1', '010-3300-0001', true);
    await addContact('광고 동의 2', '010-3300-0002', true);
    await addContact('광고 거부', '010-3300-0003', false);
    await ok('POST', 'opt-outs', { address: '010-3300-0002', channel: 'all', source: 'request' }, undefined, 201);
    const body = {
      advertising: true,
      sender: SENDER,
      recipients: [
        {
          phone: '010-3300-0001',
          name: '광고 동의 1',
          text: '겨울 화보 모델 모집: 12월 5일까지 지원하세요. 자세한 내용은 홈페이지를 확인해 주세요.',
        },
        { phone: '010-3300-0002', name: '광고 동의 2', text: '겨울 화보 모델 모집' },
        { phone: '010-3300-0003', name: '광고 거부', text: '겨울 화보 모델 모집' },
        { phone: '010-3300-0001', name: '광고 동의 1', text: '짧은 안내' },
        { phone: '010-3300-0001', name: '광고 동의 1', text: '짧은 안내' },
        { phone: '1588-0000', name: '대표번호', text: '겨울 화보 모델 모집' },
      ],
    };
    const review = await preview(body);
    const key = 'review-then-send-3300';
    const created = await call('POST', 'message-sends', body, { 'idempotency-key': key });
    expect(created.statusCode).toBe(202);
    const send = created.json<{ id: number; total: number; excluded: Preview['excluded'] }>();
    expect(send.total).toBe(review.total);
    expect(send.excluded).toEqual(review.excluded);
    const deliveries = (
      await ok<{ data: { phone: string; text: string; type: string }[] }>(
        'GET',
        `message-sends/${send.id}/deliveries?pageSize=150`,
      )
    ).data;
    expect(deliveries.map(({ phone, text, type }) => ({ phone, text, type }))).toEqual(
      review.messages.map((message) => ({
        phone: message.phone,
        text: review.texts[message.textIndex].text,
        type: message.type,
      })),
    );
    expect(await finished(send.id)).toBe('completed');
    // And the gateway got those texts, as the handset shows them.
    expect(
      sandbox
        .messages()
        .map((message) => [message.receiver, message.text, message.type])
        .sort(),
    ).toEqual(
      review.messages.map((message) => [message.phone, review.texts[message.textIndex].text, message.type]).sort(),
    );
    expect(review.messages.map((message) => message.type).sort()).toEqual(['LMS', 'SMS']);
    expect(review.excluded.map((entry) => entry.reason)).toEqual([
      'opted-out',
      'no-consent',
      'duplicate',
      'not-mobile',
    ]);
  });

  it('leaves out opted-out numbers in the send itself, whatever the client sends, never previewed', async () => {
    await ok('POST', 'opt-outs', { address: '+82 10 3400 0001', channel: 'sms', source: 'staff' }, undefined, 201);
    const created = await ok<{ id: number; total: number; excluded: Preview['excluded'] }>(
      'POST',
      'message-sends',
      { recipients: ['010-3400-0001', '010-3400-0002'].map((phone) => ({ phone, text: '촬영 안내' })) },
      undefined,
      202,
    );
    expect(created).toMatchObject({ total: 1, excluded: [{ phone: '01034000001', reason: 'opted-out' }] });
    await finished(created.id);
    expect(sandbox.messages().map((message) => message.receiver)).toEqual(['01034000002']);
  });

  it('refuses a send the gateway has too little left for, in the review and in the send, with the same words', async () => {
    // 100 won pays for 11 SMS or 3 LMS (the sandbox's prices: 8.4 and 25.9 won).
    sandbox.setAccount({ ...SANDBOX_ACCOUNT, points: 100 });
    try {
      const body = {
        recipients: Array.from({ length: 4 }, (_, i) => ({ phone: `010-3500-000${i}`, text: '가'.repeat(46) })),
      };
      const review = await preview(body);
      expect(review).toMatchObject({
        remaining: { SMS_CNT: 11, LMS_CNT: 3, MMS_CNT: 1 },
        remainingShort: true,
        counts: { LMS: 4 },
      });
      expect(review.refusal).toBe(
        'The gateway account has too little left for this send: it needs 4 LMS, and the balance pays for 11 SMS, 3 LMS or 1 MMS. Top up the gateway account, then send.',
      );
      const before = await recorded();
      const create = await call('POST', 'message-sends', body);
      expect(create.statusCode).toBe(400);
      expect(create.json().message).toBe(review.refusal);
      expect(await recorded()).toEqual(before);
      // Three fit.
      expect(await preview({ recipients: body.recipients.slice(0, 3) })).toMatchObject({
        remainingShort: false,
        refusal: null,
      });
    } finally {
      sandbox.setAccount(SANDBOX_ACCOUNT);
    }
  });

  it('shows the review without the remaining counts when the gateway does not give them, and sends all the same', async () => {
    sandbox.setFault({ kind: 'http_error', path: '/remain', status: 500, times: 0 });
    const body = { recipients: [{ phone: '010-3600-0001', text: '안내' }] };
    const review = await preview(body);
    expect(review).toMatchObject({ remaining: null, remainingShort: false, refusal: null });
    expect(review.remainingProblem).toMatch(/^Failed to query remaining count\./);
    const created = await ok<{ id: number }>('POST', 'message-sends', body, undefined, 202);
    sandbox.clearFaults();
    expect(await finished(created.id)).toBe('completed');
  });

  it('takes the same caller as a send: no token, no preview', async () => {
    const answer = await t.request({
      method: 'POST',
      url: `${API}/message-sends/preview`,
      payload: { recipients: [{ phone: '01011112222', text: '안내' }] },
    });
    expect(answer.statusCode).toBe(401);
  });
});
