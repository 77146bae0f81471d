import { MikroORM } from '@mikro-orm/postgresql';
import { type AligoSandbox, SANDBOX_NON_KAKAO_RECEIVER } from '../../infra/sandbox/aligo/server.ts';
import { DeliveryReportsService } from '../src/modules/messaging/delivery-reports.service.js';
import { MessageDispatchService } from '../src/modules/messaging/message-dispatch.service.js';
import { Clock } from '../src/platform/clock.js';
import { type MessagingTestApp, startMessagingApp } from './support/messaging-app.js';
import { eventually, type TestApp } from './support/test-app.js';

const API = '/backend/api/v1';
const HOUR = 3600_000;

interface SendView {
  id: number;
  state: string;
  outcome: string;
  outcomeCounts: { delivered: number; failed: number; pending: number; unknown: number; cancelled: number };
  counts: Record<string, number>;
}
interface DeliveryView {
  id: number;
  phone: string;
  status: string;
  error: string | null;
  mid: string | null;
}
interface EventView {
  status: string;
  at: string;
  source: string;
  detail: string | null;
  gatewayState: string | null;
}

// After a send, the worker reads the gateway's per-recipient records (sms_list, KakaoTalk's history) on a schedule,
// here shortened to 0.2, 1.5, 3 and 5 seconds, until every message is delivered, failed, or unknown after 72 hours.
describe('delivery reports (the truth after a send, through the Aligo sandbox)', () => {
  let m: MessagingTestApp;
  let sandbox: AligoSandbox;
  let t: TestApp;

  beforeAll(async () => {
    m = await startMessagingApp({ ALIGO_TIMEOUT_MS: '2000', DELIVERY_LOOKUP_SCHEDULE_MS: '200,1500,3000,5000' });
    ({ sandbox, t } = m);
  }, 60_000);
  afterAll(() => m?.close());
  beforeEach(() => {
    sandbox.clearMessages();
    sandbox.clearFaults();
    sandbox.setDelivery({ failureRate: 0, delayMs: 0, jitterMs: 0, outcomes: {} });
  });
  afterEach(() => m.resetClocks());

  const startWorker = () => m.startWorker();
  const stopWorker = () => m.stopWorker();
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) =>
    m.call(method, path, payload);
  const send = async (body: Record<string, unknown>): Promise<SendView> => {
    const response = await call('POST', 'message-sends', body);
    if (response.statusCode !== 202) throw new Error(`send: ${response.statusCode} ${response.body}`);
    return response.json();
  };
  const sendView = async (id: number) => (await call('GET', `message-sends/${id}`)).json<SendView>();
  /** Waits until the send's outcome is no longer pending. */
  const settled = async (id: number, withinMs = 20_000): Promise<SendView> => {
    let last!: SendView;
    await eventually(async () => {
      last = await sendView(id);
      expect(last.outcome).not.toBe('pending');
    }, withinMs);
    return last;
  };
  const deliveries = async (id: number, status?: string) =>
    (await call('GET', `message-sends/${id}/deliveries?pageSize=100${status ? `&status=${status}` : ''}`)).json<{
      data: DeliveryView[];
    }>().data;
  const events = async (id: number, deliveryId: number) =>
    (await call('GET', `message-sends/${id}/deliveries/${deliveryId}/events`)).json<{
      delivery: DeliveryView;
      events: EventView[];
    }>();
  const clocks = () => m.clocks();
  const setClock = (at: Date, contexts = clocks()) => {
    for (const context of contexts) context.now = () => at;
  };
  const lookupsOf = async (sendId: number) => {
    const rows = await t.app
      .get(MikroORM, { strict: false })
      .em.fork()
      .execute<{ lookups: number }[]>(`select "lookups" from "gateway_call" where "send_id" = ?`, [sendId]);
    return rows.map((row) => row.lookups);
  };
  const personal = (phones: string[], tag: string) =>
    phones.map((phone, i) => ({ phone, name: `배우 ${i}`, text: `${tag} ${i}` }));

  it('reads sms_list until each message is delivered or failed, with the carrier reason in plain words', async () => {
    sandbox.setDelivery({
      outcomes: {
        '01040000001': 'delivered',
        '01040000002': 'no_such_number',
        '01040000003': 'opted_out',
        '01040000004': 'unreachable',
        '01040000005': 'spam_blocked',
      },
    });
    const created = await send({
      recipients: personal(['01040000001', '01040000002', '01040000003', '01040000004', '01040000005'], '결과'),
    });
    expect(created.outcome).toBe('pending');
    const done = await settled(created.id);
    expect(done).toMatchObject({
      state: 'completed',
      outcome: 'partly-failed',
      outcomeCounts: { delivered: 1, failed: 4, pending: 0, unknown: 0 },
      counts: { delivered: 1, failed: 4, sent: 0 },
    });

    const failed = await deliveries(created.id, 'failed');
    expect(Object.fromEntries(failed.map((delivery) => [delivery.phone, delivery.error]))).toEqual({
      '01040000002': 'The number is not in service (결번)',
      '01040000003': 'The recipient refuses these messages (수신거부)',
      '01040000004': 'The phone was off or out of reach (전원 꺼짐/수신불가)',
      '01040000005': 'The carrier blocked it as spam (스팸 차단)',
    });
    const [delivered] = await deliveries(created.id, 'delivered');
    expect(delivered).toMatchObject({ phone: '01040000001', status: 'delivered', error: null });

    // Each message's path: taken by the gateway under its message id, then what sms_list said.
    const path = await events(created.id, failed[0].id);
    expect(path.delivery).toMatchObject({ id: failed[0].id, status: 'failed' });
    expect(
      path.events.map(({ status, source, detail, gatewayState }) => ({ status, source, detail, gatewayState })),
    ).toEqual([
      { status: 'accepted', source: 'gateway', detail: `Message id ${failed[0].mid}`, gatewayState: null },
      { status: 'failed', source: 'sms_list', detail: 'The number is not in service (결번)', gatewayState: '전송실패' },
    ]);
    expect((await events(created.id, delivered.id)).events.map((event) => event.status)).toEqual([
      'accepted',
      'delivered',
    ]);

    // A send none of whose messages arrived is failed; one whose every message arrived is delivered.
    sandbox.setDelivery({ outcomes: { '01040000011': 'no_such_number', '01040000012': 'spam_blocked' } });
    expect(
      await settled((await send({ recipients: personal(['01040000011', '01040000012'], '전부 실패') })).id),
    ).toMatchObject({ outcome: 'failed', outcomeCounts: { failed: 2, delivered: 0 } });
    sandbox.setDelivery({ outcomes: {} });
    expect(
      await settled((await send({ recipients: personal(['01040000021', '01040000022'], '전부 도착') })).id),
    ).toMatchObject({ outcome: 'delivered', outcomeCounts: { delivered: 2, failed: 0 } });
  }, 40_000);

  it('keeps a message pending until its report is in, across a worker restart, then reads it on the next look-up', async () => {
    // Reports come 10 minutes after sending, on the sandbox's clock.
    sandbox.setDelivery({ delayMs: 10 * 60_000, outcomes: { '01041000002': 'unreachable' } });
    const created = await send({ recipients: personal(['01041000001', '01041000002'], '지연') });
    await eventually(async () => expect((await lookupsOf(created.id)).every((n) => n >= 1)).toBe(true), 10_000);
    expect(await sendView(created.id)).toMatchObject({
      state: 'completed',
      outcome: 'pending',
      outcomeCounts: { pending: 2 },
      counts: { sent: 2 },
    });
    expect(
      (await events(created.id, (await deliveries(created.id))[0].id)).events.map((event) => event.status),
    ).toEqual(['accepted']);

    // The next look-ups are delayed jobs in Redis: a new worker takes them up.
    await stopWorker();
    sandbox.advanceClock(11 * 60_000);
    await startWorker();
    const done = await settled(created.id);
    expect(done).toMatchObject({ outcome: 'partly-failed', outcomeCounts: { delivered: 1, failed: 1, pending: 0 } });
    expect((await deliveries(created.id, 'failed'))[0]).toMatchObject({
      phone: '01041000002',
      error: 'The phone was off or out of reach (전원 꺼짐/수신불가)',
    });
  }, 40_000);

  it('calls a message with no report 72 hours after the gateway took it unknown, by the worker clock', async () => {
    // The carrier never reports (30 days, the sandbox's longest delay).
    sandbox.setDelivery({ delayMs: 30 * 24 * HOUR });
    const created = await send({ recipients: personal(['01042000001', '01042000002'], '무응답') });
    await eventually(async () => expect((await lookupsOf(created.id)).every((n) => n >= 1)).toBe(true), 10_000);
    expect(await sendView(created.id)).toMatchObject({ outcome: 'pending', outcomeCounts: { pending: 2 } });

    // 72 hours and a minute later, as far as the worker can tell: its next look-up gives up on them.
    setClock(new Date(Date.now() + 72 * HOUR + 60_000), [m.worker()!.get(Clock, { strict: false })]);
    const done = await settled(created.id);
    expect(done).toMatchObject({
      outcome: 'unknown',
      outcomeCounts: { unknown: 2, pending: 0 },
      counts: { unknown: 2 },
    });
    const [first] = await deliveries(created.id, 'unknown');
    expect(first.error).toBe('No delivery report from the gateway within 72 hours: whether it arrived is unknown');
    expect((await events(created.id, first.id)).events.map(({ status, source }) => [status, source])).toEqual([
      ['accepted', 'gateway'],
      ['unknown', 'clock'],
    ]);
  }, 40_000);

  it('resends only the failed messages, with their texts, through the review, linked to the original; KakaoTalk ones as SMS', async () => {
    sandbox.setDelivery({ outcomes: { '01044000002': 'no_such_number', '01044000003': 'unreachable' } });
    const original = await send({ recipients: personal(['01044000001', '01044000002', '01044000003'], '재발송') });
    expect((await settled(original.id)).outcomeCounts).toMatchObject({ delivered: 1, failed: 2 });

    const body = await call('GET', `message-sends/${original.id}/resend`);
    expect(body.statusCode).toBe(200);
    expect(body.json()).toEqual({
      channel: 'sms',
      sender: '01098765432',
      advertising: false,
      recipients: [
        { phone: '01044000002', name: '배우 1', text: '재발송 1' },
        { phone: '01044000003', name: '배우 2', text: '재발송 2' },
      ],
      resendOf: original.id,
    });
    // Reviewed like any send, then sent: only the failed numbers get their texts again.
    const preview = (await call('POST', 'message-sends/preview', body.json())).json<{
      total: number;
      refusal: string | null;
    }>();
    expect(preview).toMatchObject({ total: 2, refusal: null });
    sandbox.setDelivery({ outcomes: {} });
    const before = sandbox.messages().length;
    const resend = await send(body.json());
    await settled(resend.id);
    expect(
      sandbox
        .messages()
        .slice(before)
        .map((message) => [message.receiver, message.text]),
    ).toEqual([
      ['01044000002', '재발송 1'],
      ['01044000003', '재발송 2'],
    ]);
    expect((await call('GET', `message-sends/${resend.id}`)).json()).toMatchObject({
      resendOf: original.id,
      resentAs: [],
    });
    expect((await call('GET', `message-sends/${original.id}`)).json()).toMatchObject({
      resendOf: null,
      resentAs: [resend.id],
    });

    // Nothing failed, nothing to resend; a resend of a send that does not exist is refused.
    expect((await call('GET', `message-sends/${resend.id}/resend`)).statusCode).toBe(409);
    expect((await call('GET', 'message-sends/999999/resend')).statusCode).toBe(404);
    expect(
      (await call('POST', 'message-sends', { ...body.json<Record<string, unknown>>(), resendOf: 999999 })).json(),
    ).toMatchObject({ statusCode: 400, message: 'The send to resend does not exist.' });

    // A failed KakaoTalk message goes again as a text message when staff choose so.
    setClock(new Date(Date.UTC(2026, 10, 25, 14) - 9 * HOUR));
    sandbox.setDelivery({ outcomes: { '01044000012': 'spam_blocked' } });
    const kakao = await send({ channel: 'kakao', recipients: personal(['01044000011', '01044000012'], '카톡 재발송') });
    await settled(kakao.id);
    const asText = (await call('GET', `message-sends/${kakao.id}/resend?channel=sms`)).json();
    expect(asText).toMatchObject({
      channel: 'sms',
      recipients: [{ phone: '01044000012', text: '카톡 재발송 1' }],
      resendOf: kakao.id,
    });
    expect((await call('GET', `message-sends/${kakao.id}/resend`)).json()).toMatchObject({ channel: 'kakao' });
    expect((await call('GET', `message-sends/${kakao.id}/resend?channel=fax`)).statusCode).toBe(400);
  }, 60_000);

  it("reads KakaoTalk's history: delivered, failed with the reason, and delivered by the fail-over SMS", async () => {
    // KakaoTalk is sent by day only.
    setClock(new Date(Date.UTC(2026, 10, 25, 14) - 9 * HOUR));
    sandbox.setDelivery({ outcomes: { '01043000002': 'spam_blocked' } });
    const created = await send({
      channel: 'kakao',
      recipients: personal(['01043000001', '01043000002', SANDBOX_NON_KAKAO_RECEIVER], '카카오'),
    });
    const done = await settled(created.id);
    expect(done).toMatchObject({ outcome: 'partly-failed', outcomeCounts: { delivered: 2, failed: 1 } });
    const all = Object.fromEntries((await deliveries(created.id)).map((delivery) => [delivery.phone, delivery]));
    expect(all['01043000002']).toMatchObject({ status: 'failed', error: 'The carrier blocked it as spam (스팸 차단)' });
    expect(all[SANDBOX_NON_KAKAO_RECEIVER]).toMatchObject({ status: 'delivered', error: null });
    const failover = (await events(created.id, all[SANDBOX_NON_KAKAO_RECEIVER].id)).events;
    expect(failover.map(({ status, source, gatewayState }) => [status, source, gatewayState])).toEqual([
      ['accepted', 'gateway', null],
      ['delivered', 'kakao-history', '실패'],
    ]);
    expect(failover[1].detail).toMatch(/^Delivered as SMS: KakaoTalk could not reach it/);
    expect((await events(created.id, all['01043000001'].id)).events.at(-1)).toMatchObject({
      status: 'delivered',
      source: 'kakao-history',
      gatewayState: '완료',
    });
  }, 40_000);

  it('records nothing twice when a look-up runs twice, even at once', async () => {
    await stopWorker();
    try {
      sandbox.setDelivery({ outcomes: { '01044000003': 'opted_out' } });
      const phones = Array.from({ length: 40 }, (_, i) => `010440000${String(i).padStart(2, '0')}`);
      const created = await send({ recipients: personal(phones, '중복') });
      await t.app.get(MessageDispatchService, { strict: false }).run(created.id);
      const reports = t.app.get(DeliveryReportsService, { strict: false });
      const orm = t.app.get(MikroORM, { strict: false });
      const [{ id: callId }] = await orm.em
        .fork()
        .execute<{ id: number }[]>(`select "id" from "gateway_call" where "send_id" = ?`, [created.id]);

      const runs = await Promise.all([reports.lookUp(callId, 0), reports.lookUp(callId, 0)]);
      expect(runs.reduce((sum, run) => sum + run.settled, 0)).toBe(40);
      expect(await reports.lookUp(callId, 0)).toEqual({ settled: 0, pending: 0, nextInMs: null });
      const [{ events: count, deliveries: distinct }] = await orm.em
        .fork()
        .execute<{ events: number; deliveries: number }[]>(
          `select count(*)::int as "events", count(distinct e."delivery_id")::int as "deliveries" from "message_delivery_event" e join "message_delivery" d on d."id" = e."delivery_id" where d."send_id" = ?`,
          [created.id],
        );
      expect({ count, distinct }).toEqual({ count: 40, distinct: 40 });
      expect(await sendView(created.id)).toMatchObject({
        outcome: 'partly-failed',
        outcomeCounts: { delivered: 39, failed: 1 },
      });
      // The call is final: the sweep plans nothing more for it.
      expect(await reports.sweep()).toBe(0);
    } finally {
      await startWorker();
    }
  }, 40_000);

  it('answers the path of a message of this send only, and filters deliveries by the new statuses', async () => {
    const created = await settled((await send({ recipients: personal(['01045000001'], '경로') })).id);
    const other = await settled((await send({ recipients: personal(['01045000002'], '다른') })).id);
    const [theirs] = await deliveries(other.id);
    expect((await call('GET', `message-sends/${created.id}/deliveries/${theirs.id}/events`)).statusCode).toBe(404);
    expect((await call('GET', `message-sends/${created.id}/deliveries/abc/events`)).statusCode).toBe(400);
    expect((await call('GET', `message-sends/999999/deliveries/${theirs.id}/events`)).statusCode).toBe(404);
    expect(await deliveries(created.id, 'delivered')).toHaveLength(1);
    expect(await deliveries(created.id, 'sent')).toHaveLength(0);
    expect((await call('GET', `message-sends/${created.id}/deliveries?status=arrived`)).statusCode).toBe(400);
    expect(
      (await t.request({ method: 'GET', url: `${API}/message-sends/${created.id}/deliveries/${theirs.id}/events` }))
        .statusCode,
    ).toBe(401);
  }, 30_000);
});
