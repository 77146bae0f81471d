import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Inject, Injectable, Logger } from '@nestjs/common';
import { sql } from 'kysely';
import pg from 'pg';
import { Clock } from '../../platform/clock.js';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import type { GatewayEndpoint } from './domain/gateway-batches.js';
import { type LostCall, mayBeLostCall, RECORD_CLOCK_SLACK_MS } from './domain/gateway-records.js';
import { plainGatewayReason } from './domain/gateway-reasons.js';
import { type MessageType, sendingHoursProblem } from '@job-casting/rules';
import { ConsentService, type ExclusionReason } from '../consent/consent.service.js';
import { DeliveryReportsService } from './delivery-reports.service.js';
import { MessageFilesService } from './message-files.service.js';
import { deliveryStatusSql, GatewayCall, type GatewayCallState, MessageSend } from './message-send.entity.js';
import {
  type GatewayAccepted,
  type GatewayCredentials,
  type GatewayPicture,
  GatewayOutcomeUnknown,
  GatewayRefusal,
  GatewayUnreachable,
  SMS_GATEWAY,
  type SmsGateway,
} from './providers/sms-gateway.js';
import { SenderNumbersService } from './sender-numbers.service.js';

/** A send that must be tried again later (the gateway unreachable, or a call's outcome to look up first). */
export class DispatchInterrupted extends Error {}

/** The first key of the advisory lock that makes one run per send (the second is the send's id). */
const SEND_LEASE_KEY = 7_240_301;

/** How long after its start a call's outcome is looked up: the request may still be on its way until it times out. */
const LOOKUP_MARGIN_MS = 2000;

/** A call the worker made and never heard back from, when its send stops for good. */
const UNANSWERED = 'The gateway never answered; the messages may or may not have been delivered.';
/** Why a delivery of a send was left out when the send went. */
const LEFT_OUT_WHEN_SENT: Record<ExclusionReason, string> = {
  'opted-out': 'Left out when the send went: the number opted out (수신거부) after the send was made.',
  'no-consent': 'Left out when the send went: the advertising consent was no longer given.',
};

/** A send none of whose messages went out, when no refusal says why. */
const UNDELIVERED = 'None of the messages could be delivered.';

/** A call whose answer was never recorded. */
interface UnansweredCall {
  id: number;
  endpoint: GatewayEndpoint;
  startedAt: Date;
}

interface PlannedMessage {
  phone: string;
  name: string;
  text: string;
  type: MessageType;
  files: string[];
}

/** A call still to make, with its deliveries: one type and one set of pictures (see gateway-batches). */
interface PlannedCall {
  id: number;
  endpoint: GatewayEndpoint;
  messages: PlannedMessage[];
}

/** A call marked as sending, with its pictures, to be made. */
interface ReadyCall {
  call: PlannedCall;
  pictures: GatewayPicture[];
}

/**
 * The worker's part of a send: its calls, planned when the send was recorded, go to the gateway one by one, each
 * marked as sending before it is made, so that after any interruption the worker knows which calls may have
 * reached the gateway and looks them up in the gateway's records (list, sms_list) before sending anything again.
 * Every recipient is messaged once. A delivery takes its call's state, so a call writes one row, not one per message.
 */
@Injectable()
export class MessageDispatchService {
  private readonly logger = new Logger(MessageDispatchService.name);
  /** When the next message may leave, for MESSAGE_SEND_RATE. */
  private nextSlot = 0;

  constructor(
    private readonly em: EntityManager,
    private readonly senders: SenderNumbersService,
    private readonly files: MessageFilesService,
    private readonly clock: Clock,
    private readonly consent: ConsentService,
    private readonly reports: DeliveryReportsService,
    @Inject(SMS_GATEWAY) private readonly gateway: SmsGateway,
    @Inject(APP_CONFIG)
    private readonly config: Pick<
      AppConfig,
      'ALIGO_KAKAO_SENDER_KEY' | 'ALIGO_TIMEOUT_MS' | 'MESSAGE_SEND_RATE' | 'MESSAGE_SEND_CONCURRENCY' | 'DATABASE_URL'
    >,
  ) {}

  async run(
    sendId: number,
    onProgress: (done: number, total: number) => Promise<void> = async () => {},
  ): Promise<void> {
    // One run per send at a time, whatever the queue does (a lost lock, a stalled job handed on): the lease is a
    // session lock on a connection of the run's own, let go when the run ends or its process dies.
    const lease = new pg.Client({ connectionString: this.config.DATABASE_URL });
    await lease.connect();
    try {
      const [{ leased }] = (
        await lease.query<{ leased: boolean }>(`select pg_try_advisory_lock(${SEND_LEASE_KEY}, $1) as "leased"`, [
          sendId,
        ])
      ).rows;
      if (!leased) throw new DispatchInterrupted(`Send ${sendId} is being sent by another run`);
      await this.runLeased(sendId, onProgress);
    } finally {
      await lease.end();
    }
  }

  private async runLeased(sendId: number, onProgress: (done: number, total: number) => Promise<void>): Promise<void> {
    const send = await this.start(sendId);
    if (!send) return;
    await this.leaveOutNewlyExcluded(send);
    const credentials = this.senders.credentials(send.apiKeyEncrypted ?? null);
    for (const call of await this.unansweredCalls(sendId)) await this.lookUp(send, credentials, call);

    const calls = await this.plannedCalls(sendId);
    let done = send.total - calls.reduce((sum, call) => sum + call.messages.length, 0);
    // A few calls in flight at once, in lanes: each call is marked before it leaves and settled alone, so they may
    // overlap. While a lane's call is on its way, the lane marks its next one (a durable write), so that the next
    // can leave as soon as the answer comes; the answer is recorded while the next call goes (until then its call
    // is marked as sending, so a run that stops first has it looked up). Every lane and record ends before the
    // run does, so nothing is sent after the run has given up; a marked call a lane did not make is planned again.
    let next = 0;
    let stopped: unknown = null;
    const stop = (error: unknown) => void (stopped ??= error);
    const recording: Promise<void>[] = [];
    // Progress is for the dashboard, reported in order: a failure to report it must not stop the send.
    let progress = Promise.resolve();
    const answered = (call: PlannedCall) => {
      done += call.messages.length;
      progress = progress.then(() => onProgress(done, send.total)).catch(() => {});
    };
    /** The next call this lane makes, marked as sending; null when there is none, or the run stopped. */
    const takeNext = async (): Promise<ReadyCall | null> => {
      try {
        while (stopped === null && next < calls.length) {
          const call = calls[next++];
          // The hours are those of each call: a send that runs into the night stops there.
          const hours = sendingHoursProblem(send, this.clock.now());
          if (hours) throw new BadRequestException(hours);
          const ready = await this.claim(call);
          if (ready) return ready;
          answered(call);
        }
      } catch (error) {
        stop(error);
      }
      return null;
    };
    const lane = async () => {
      let ready = await takeNext();
      while (ready) {
        const call = ready.call;
        const answer = this.make(send, credentials, ready);
        const following = stopped === null ? takeNext() : Promise.resolve(null);
        try {
          const accepted = await answer;
          if (!accepted) answered(call);
          else recording.push(this.accept(send, credentials, call.id, accepted).then(() => answered(call), stop));
        } catch (error) {
          stop(error);
        }
        ready = await following;
        if (ready && stopped !== null) {
          // Marked but not made: planned again, as it was.
          await this.settle(ready.call.id, 'planned', null).catch(() => {});
          ready = null;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.config.MESSAGE_SEND_CONCURRENCY, calls.length) }, lane));
    await Promise.all(recording);
    await progress;
    if (stopped !== null) throw stopped;
    await this.finish(sendId);
  }

  /**
   * Every delivery has its outcome: the send is completed, or failed when not one message went out, with the
   * first reason the gateway gave, so that nobody reads a send nobody got as done.
   */
  private async finish(sendId: number): Promise<void> {
    const [outcome] = await this.em.fork().execute<{ delivered: boolean; reason: string | null }[]>(
      `select exists(select 1 from "message_delivery" d join "gateway_call" c on c."id" = d."call_id"
                      where d."send_id" = ? and ${deliveryStatusSql('d', 'c')} not in ('failed', 'cancelled')) as "delivered",
              (select coalesce(d."error", c."error") from "message_delivery" d join "gateway_call" c on c."id" = d."call_id"
                where d."send_id" = ? and coalesce(d."error", c."error") is not null order by d."id" limit 1) as "reason"`,
      [sendId, sendId],
    );
    const failed = !outcome.delivered;
    await this.em.fork().nativeUpdate(
      MessageSend,
      { id: sendId, state: 'sending' },
      {
        state: failed ? 'failed' : 'completed',
        error: failed ? (outcome.reason ?? UNDELIVERED).slice(0, 1000) : null,
        finishedAt: new Date(),
      },
    );
  }

  /** After the last attempt: calls never made fail with the reason, calls that may have left stay unknown. */
  async fail(sendId: number, reason: string): Promise<void> {
    this.logger.error(`Send ${sendId} stopped: ${reason}`);
    await this.em.fork().transactional(async (em) => {
      await em.execute(
        `update "gateway_call" set "state" = 'failed', "error" = ?, "answered_at" = now() where "send_id" = ? and "state" = 'planned'`,
        [reason.slice(0, 1000), sendId],
      );
      await em.execute(
        `update "gateway_call" set "state" = 'unknown', "error" = coalesce("error", ?) where "send_id" = ? and "state" = 'sending'`,
        [UNANSWERED, sendId],
      );
      await em.nativeUpdate(
        MessageSend,
        { id: sendId },
        { state: 'failed', error: reason.slice(0, 1000), finishedAt: new Date() },
      );
    });
  }

  /** Takes the send for this run; null when there is nothing to do (cancelled, finished, or gone). */
  private async start(sendId: number): Promise<MessageSend | null> {
    return this.em.fork().transactional(async (em) => {
      const send = await em.findOne(MessageSend, { id: sendId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!send || send.state === 'cancelled' || send.state === 'completed' || send.state === 'failed') return null;
      send.state = 'sending';
      send.startedAt ??= new Date();
      await em.flush();
      return send;
    });
  }

  /**
   * The register is asked again when a send goes, not only when it was made: whoever opted out since (or, for an
   * advertisement, no longer has a given consent) is left out of the calls not made yet, each delivery cancelled
   * with why and kept on the send's list of those left out. A call left without messages is cancelled.
   */
  private async leaveOutNewlyExcluded(send: MessageSend): Promise<void> {
    const em = this.em.fork();
    const waiting = await em.execute<{ id: number; phone: string; name: string }[]>(
      `select d."id", d."phone", d."name" from "message_delivery" d join "gateway_call" c on c."id" = d."call_id"
        where d."send_id" = ? and c."state" = 'planned' and d."status" is null order by d."id"`,
      [send.id],
    );
    const leaveOut = await this.consent.sendExclusions(
      send.channel,
      send.advertising,
      waiting.map((delivery) => delivery.phone),
    );
    const left = waiting.filter((delivery) => leaveOut.has(delivery.phone));
    if (left.length === 0) return;
    const ids = JSON.stringify(left.map((delivery) => delivery.id));
    const excluded = left.map(({ phone, name }) => ({ phone, name, reason: leaveOut.get(phone)! }));
    await em.transactional(async (tx) => {
      await tx.execute(
        `update "message_delivery" d set "status" = 'cancelled', "error" = x."error", "updated_at" = now()
           from jsonb_to_recordset(?::jsonb) as x("id" int, "error" text) where d."id" = x."id" and d."status" is null`,
        [JSON.stringify(left.map(({ id, phone }) => ({ id, error: LEFT_OUT_WHEN_SENT[leaveOut.get(phone)!] })))],
      );
      await tx.execute(
        `update "gateway_call" c set "size" = c."size" - gone."count", "state" = case when c."size" = gone."count" then 'cancelled' else c."state" end
           from (select "call_id", count(*)::int as "count" from "message_delivery" where "id" in (select jsonb_array_elements_text(?::jsonb)::int) group by "call_id") gone
          where c."id" = gone."call_id" and c."state" = 'planned'`,
        [ids],
      );
      await tx.execute(`update "message_send" set "excluded" = "excluded" || ?::jsonb where "id" = ?`, [
        JSON.stringify(excluded),
        send.id,
      ]);
    });
    this.logger.log(
      `Send ${send.id}: ${left.length} recipients left out when it went (opted out or no consent since it was made)`,
    );
  }

  private async unansweredCalls(sendId: number): Promise<UnansweredCall[]> {
    return this.em
      .fork()
      .execute<UnansweredCall[]>(
        `select "id", "endpoint", "started_at" as "startedAt" from "gateway_call" where "send_id" = ? and "state" = 'sending' order by "id"`,
        [sendId],
      );
  }

  private async plannedCalls(sendId: number): Promise<PlannedCall[]> {
    const rows = await this.em.fork().execute<(PlannedMessage & { call: number; endpoint: GatewayEndpoint })[]>(
      `select c."id" as "call", c."endpoint", d."phone", d."name", d."text", d."type", d."files"
         from "gateway_call" c join "message_delivery" d on d."call_id" = c."id"
        where c."send_id" = ? and c."state" = 'planned' and d."status" is null order by c."id", d."id"`,
      [sendId],
    );
    const calls: PlannedCall[] = [];
    for (const { call, endpoint, ...message } of rows) {
      if (calls.at(-1)?.id !== call) calls.push({ id: call, endpoint, messages: [] });
      calls.at(-1)!.messages.push(message);
    }
    return calls;
  }

  /**
   * Marks a call as sending, if it is still planned (another run may have made it, or the send been cancelled),
   * with its pictures read first: a picture that cannot be read means nothing was sent.
   */
  private async claim(call: PlannedCall): Promise<ReadyCall | null> {
    await this.waitForRate(call.messages.length);
    const pictures = await this.files.pictures(call.messages[0].files);
    // Through Kysely, as a parameterised statement: the one write each call waits for, kept light.
    const { rows } = await sql<{
      id: number;
    }>`update "gateway_call" set "state" = 'sending', "error" = null, "started_at" = now()
       where "id" = ${call.id} and "state" = 'planned' returning "id"`.execute(this.em.getKysely());
    return rows.length === 0 ? null : { call, pictures };
  }

  /** Makes a marked call. Its answer when the gateway took it, for accept(); null when it refused it (recorded). */
  private async make(
    send: MessageSend,
    credentials: GatewayCredentials,
    { call, pictures }: ReadyCall,
  ): Promise<GatewayAccepted | null> {
    const { type } = call.messages[0];
    try {
      return call.endpoint === 'kakao'
        ? await this.gateway.sendKakao(credentials, {
            senderKey: this.config.ALIGO_KAKAO_SENDER_KEY ?? '',
            sender: send.senderPhone,
            messages: call.messages.map((message) => ({
              phone: message.phone,
              name: message.name,
              subject: send.senderName || 'JOB CASTING',
              text: message.text,
            })),
            picture: pictures[0] ?? null,
            failover: true,
          })
        : await this.gateway.send(credentials, {
            sender: send.senderPhone,
            type,
            endpoint: call.endpoint,
            messages: call.messages.map((message) => ({ phone: message.phone, text: message.text })),
            pictures,
          });
    } catch (error) {
      if (error instanceof GatewayRefusal) {
        await this.settle(call.id, 'failed', plainGatewayReason(error.code, error.message));
        return null;
      }
      if (error instanceof GatewayUnreachable) {
        // Nothing left: the call is planned again, and the send is tried again later.
        await this.settle(call.id, 'planned', error.message);
        throw new DispatchInterrupted(error.message);
      }
      // It may have arrived: it stays sending, to be looked up before anything is sent again.
      const reason =
        error instanceof GatewayOutcomeUnknown
          ? error.message
          : `The call failed: ${error instanceof Error ? error.message : String(error)}`;
      await this.em
        .fork()
        .nativeUpdate(GatewayCall, { id: call.id, state: 'sending' }, { error: reason.slice(0, 1000) });
      throw new DispatchInterrupted(reason);
    }
  }

  /**
   * The gateway took the call: its deliveries are sent, except those its records name as failed; failures it
   * counts but cannot name (KakaoTalk's, or records that cannot be read) leave the call unknown. An accepted call's
   * delivery reports are then followed (DeliveryReportsService).
   */
  private async accept(
    send: MessageSend,
    credentials: GatewayCredentials,
    callId: number,
    accepted: GatewayAccepted,
  ): Promise<void> {
    let failedPhones: string[] | null = [];
    if (accepted.errorCount > 0) {
      failedPhones =
        send.channel === 'sms'
          ? await this.gateway
              .recipients(credentials, accepted.mid)
              .then((records) => records.filter((record) => record.failed).map((record) => record.phone))
              .catch(() => null)
          : null;
    }
    const answer = sql`"mid" = ${accepted.mid || null}, "success_count" = ${accepted.successCount}, "error_count" = ${accepted.errorCount}, "answered_at" = now()`;
    if (failedPhones === null) {
      const error = `The gateway could not deliver ${accepted.errorCount} of these messages and does not say which`;
      await sql`update "gateway_call" set "state" = 'unknown', "error" = ${error}, ${answer} where "id" = ${callId} and "state" = 'sending'`.execute(
        this.em.getKysely(),
      );
      return;
    }
    // One statement: the call is accepted and the numbers the gateway names as failed get their own status, or
    // neither (a call settled meanwhile keeps its outcome).
    const { rows } = await sql<{ answeredAt: Date }>`with "taken" as (
        update "gateway_call" set "state" = 'accepted', "error" = null, ${answer} where "id" = ${callId} and "state" = 'sending' returning "id", "answered_at"),
      "refused" as (
        update "message_delivery" set "status" = 'failed', "error" = 'The gateway could not deliver to this number', "updated_at" = now()
         where "call_id" in (select "id" from "taken") and "phone" = any(${failedPhones}::text[]))
      select "answered_at" as "answeredAt" from "taken"`.execute(this.em.getKysely());
    // Taken: what became of each message is read in the gateway's records, on a schedule.
    if (rows.length > 0 && accepted.mid) await this.reports.follow(callId, new Date(rows[0].answeredAt));
  }

  /** Settles a call still sending, with why (null: nothing went wrong); one settled meanwhile keeps its outcome. */
  private async settle(callId: number, state: GatewayCallState, error: string | null): Promise<void> {
    await this.em
      .fork()
      .nativeUpdate(
        GatewayCall,
        { id: callId, state: 'sending' },
        { state, error: error?.slice(0, 1000) ?? null, answeredAt: state === 'planned' ? null : new Date() },
      );
  }

  /**
   * A call whose answer was never recorded (the worker stopped, or the answer never came): once it can no longer
   * be on its way, the gateway's records say whether it arrived. Found, it is accepted as recorded there; not
   * found, it is planned again. KakaoTalk's records are not read: its deliveries stay unknown.
   */
  private async lookUp(send: MessageSend, credentials: GatewayCredentials, call: UnansweredCall): Promise<void> {
    const startedAt = new Date(call.startedAt).getTime();
    const settledAt = startedAt + this.config.ALIGO_TIMEOUT_MS + LOOKUP_MARGIN_MS;
    if (Date.now() < settledAt) await new Promise((resolve) => setTimeout(resolve, settledAt - Date.now()));
    if (call.endpoint === 'kakao') {
      await this.settle(
        call.id,
        'unknown',
        'KakaoTalk did not answer; the messages may or may not have been delivered.',
      );
      return;
    }
    const em = this.em.fork();
    const deliveries = await em.execute<{ phone: string; text: string; type: MessageType; pictures: number }[]>(
      `select "phone", "text", "type", jsonb_array_length("files") as "pictures" from "message_delivery" where "call_id" = ? order by "phone"`,
      [call.id],
    );
    const phones = deliveries.map((delivery) => delivery.phone);
    // A mid another call of ours already holds is not this one's, even with the same receivers.
    const claimed = new Set(
      (
        await em.execute<{ mid: string }[]>(
          `select "mid" from "gateway_call" where "mid" is not null and "started_at" > ?::timestamptz - interval '1 day'`,
          [new Date(startedAt).toISOString()],
        )
      ).map((row) => row.mid),
    );
    let records;
    try {
      records = await this.gateway.sends(credentials, new Date(startedAt - RECORD_CLOCK_SLACK_MS));
    } catch (error) {
      throw new DispatchInterrupted(
        `The gateway's records cannot be read: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    // The records are in the gateway's form: compared as domain/gateway-records says.
    const [{ text, type, pictures }] = deliveries;
    const lost: LostCall = {
      sender: send.senderPhone,
      type,
      pictures,
      receivers: phones.length,
      text: call.endpoint === 'send' ? text : null,
      startedAt: new Date(startedAt),
      timeoutMs: this.config.ALIGO_TIMEOUT_MS,
    };
    const candidates = records.filter((record) => !claimed.has(record.mid) && mayBeLostCall(record, lost));
    for (const candidate of candidates) {
      const recipients = await this.gateway.recipients(credentials, candidate.mid);
      const theirs = recipients.map((recipient) => recipient.phone).sort();
      if (theirs.length === phones.length && theirs.every((phone, i) => phone === phones[i])) {
        const failed = recipients.filter((recipient) => recipient.failed).length;
        this.logger.warn(`Send ${send.id}: call ${call.id} had reached the gateway as ${candidate.mid}`);
        await this.accept(send, credentials, call.id, {
          mid: candidate.mid,
          successCount: recipients.length - failed,
          errorCount: failed,
        });
        return;
      }
    }
    this.logger.warn(
      `Send ${send.id}: call ${call.id} never reached the gateway; its ${phones.length} messages are planned again`,
    );
    await this.settle(call.id, 'planned', 'Not in the gateway records: sent again');
  }

  /** Paces calls to MESSAGE_SEND_RATE messages a second (none when 0). */
  private async waitForRate(messages: number): Promise<void> {
    const rate = this.config.MESSAGE_SEND_RATE;
    if (!rate) return;
    const now = Date.now();
    const start = Math.max(now, this.nextSlot);
    this.nextSlot = start + (messages / rate) * 1000;
    if (start > now) await new Promise((resolve) => setTimeout(resolve, start - now));
  }
}
