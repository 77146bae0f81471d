import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Inject, Injectable, Logger } from '@nestjs/common';
import pg from 'pg';
import { Clock } from '../../platform/clock.js';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { intArray } from '../../platform/database/sql-arrays.js';
import { type GatewayBatch, kakaoBatches, type OutgoingMessage, smsBatches } from './domain/gateway-batches.js';
import { sendingHoursProblem } from './domain/sending-rules.js';
import type { MessageType } from './domain/message-bytes.js';
import { MessageFilesService } from './message-files.service.js';
import { type DeliveryStatus, GatewayCall, type GatewayCallState, MessageSend } from './message-send.entity.js';
import {
  type GatewayAccepted,
  type GatewayCredentials,
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

interface CallRow {
  id: number;
  endpoint: string;
  state: GatewayCallState;
  startedAt: Date;
}

/**
 * The worker's part of a send: its deliveries go to the gateway in calls, each recorded before it is made, so
 * that after any interruption the worker knows which calls may have reached the gateway and looks them up in the
 * gateway's records (list, sms_list) before sending anything again. Every recipient is messaged once.
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
    @Inject(SMS_GATEWAY) private readonly gateway: SmsGateway,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'ALIGO_KAKAO_SENDER_KEY' | 'ALIGO_TIMEOUT_MS' | 'MESSAGE_SEND_RATE' | 'MESSAGE_SEND_CONCURRENCY' | 'DATABASE_URL'>,
  ) {}

  async run(sendId: number, onProgress: (done: number, total: number) => Promise<void> = async () => {}): Promise<void> {
    // One run per send at a time, whatever the queue does (a lost lock, a stalled job handed on): the lease is a
    // session lock on a connection of the run's own, let go when the run ends or its process dies.
    const lease = new pg.Client({ connectionString: this.config.DATABASE_URL });
    await lease.connect();
    try {
      const [{ leased }] = (await lease.query<{ leased: boolean }>(`select pg_try_advisory_lock(${SEND_LEASE_KEY}, $1) as "leased"`, [sendId])).rows;
      if (!leased) throw new DispatchInterrupted(`Send ${sendId} is being sent by another run`);
      await this.runLeased(sendId, onProgress);
    } finally {
      await lease.end();
    }
  }

  private async runLeased(sendId: number, onProgress: (done: number, total: number) => Promise<void>): Promise<void> {
    const send = await this.start(sendId);
    if (!send) return;
    const credentials = this.senders.credentials(send.apiKeyEncrypted ?? null);
    for (const call of await this.openCalls(sendId)) await this.lookUp(send, credentials, call);

    const queued = await this.queuedMessages(sendId);
    const batches = send.channel === 'kakao' ? kakaoBatches(queued) : smsBatches(queued);
    let done = send.total - queued.length;
    // A few calls in flight at once: each is recorded before it leaves and settled alone, so they may overlap.
    // Every lane ends before the run does, so nothing is sent after the run has given up.
    let next = 0;
    let stopped: unknown = null;
    const lane = async () => {
      while (stopped === null && next < batches.length) {
        const batch = batches[next++];
        try {
          // The hours are those of each call: a send that runs into the night stops there.
          const hours = sendingHoursProblem(send, this.clock.now());
          if (hours) throw new BadRequestException(hours);
          await this.dispatch(send, credentials, batch);
        } catch (error) {
          stopped ??= error;
          return;
        }
        done += batch.messages.length;
        // Progress is for the dashboard: a failure to report it must not stop the send.
        await onProgress(done, send.total).catch(() => {});
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.config.MESSAGE_SEND_CONCURRENCY, batches.length) }, lane));
    if (stopped !== null) throw stopped;
    await this.em.fork().nativeUpdate(MessageSend, { id: sendId, state: 'sending' }, { state: 'completed', finishedAt: new Date() });
  }

  /** After the last attempt: what never left is failed with the reason, what may have left stays unknown. */
  async fail(sendId: number, reason: string): Promise<void> {
    this.logger.error(`Send ${sendId} stopped: ${reason}`);
    await this.em.fork().transactional(async (em) => {
      await em.execute(`update "message_delivery" set "status" = 'failed', "error" = ?, "updated_at" = now() where "send_id" = ? and "status" = 'queued'`, [reason.slice(0, 1000), sendId]);
      await em.execute(`update "message_delivery" set "status" = 'unknown', "updated_at" = now() where "send_id" = ? and "status" = 'sending'`, [sendId]);
      await em.nativeUpdate(MessageSend, { id: sendId }, { state: 'failed', error: reason.slice(0, 1000), finishedAt: new Date() });
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

  private async openCalls(sendId: number): Promise<CallRow[]> {
    return this.em
      .fork()
      .execute<CallRow[]>(`select "id", "endpoint", "state", "started_at" as "startedAt" from "gateway_call" where "send_id" = ? and "state" in ('sending', 'unknown') order by "id"`, [sendId]);
  }

  private async queuedMessages(sendId: number): Promise<OutgoingMessage[]> {
    const rows = await this.em
      .fork()
      .execute<{ id: number; phone: string; name: string; text: string; type: MessageType; files: string[] }[]>(
        `select "id", "phone", "name", "text", "type", "files" from "message_delivery" where "send_id" = ? and "status" = 'queued' order by "id"`,
        [sendId],
      );
    return rows;
  }

  /** One gateway call: recorded with its deliveries before it is made, settled by its answer. */
  private async dispatch(send: MessageSend, credentials: GatewayCredentials, batch: GatewayBatch): Promise<void> {
    await this.waitForRate(batch.messages.length);
    // Read before the call is recorded: a picture that cannot be read means nothing was sent.
    const pictures = await this.files.pictures(batch.files);
    const claimed = await this.em.fork().transactional(async (em) => {
      const call = em.create(GatewayCall, { send: send.id, endpoint: batch.endpoint, state: 'sending' });
      await em.flush();
      // Only the deliveries still queued go: a message another run already took is not sent again.
      const rows = await em.execute<{ id: number }[]>(
        `update "message_delivery" set "status" = 'sending', "call_id" = ?, "updated_at" = now() where "id" = any(?::int[]) and "status" = 'queued' returning "id"`,
        [call.id, intArray(batch.messages.map((message) => message.id))],
      );
      if (rows.length === 0) em.remove(call);
      return { callId: call.id, ids: new Set(rows.map((row) => row.id)) };
    });
    const messages = batch.messages.filter((message) => claimed.ids.has(message.id));
    if (messages.length === 0) return;
    const callId = claimed.callId;

    let accepted: GatewayAccepted;
    try {
      accepted =
        batch.endpoint === 'kakao'
          ? await this.gateway.sendKakao(credentials, {
              senderKey: this.config.ALIGO_KAKAO_SENDER_KEY ?? '',
              sender: send.senderPhone,
              messages: messages.map((message) => ({ phone: message.phone, name: message.name, subject: send.senderName || 'JOB CASTING', text: message.text })),
              picture: pictures[0] ?? null,
              failover: true,
            })
          : await this.gateway.send(credentials, {
              sender: send.senderPhone,
              type: batch.type,
              endpoint: batch.endpoint,
              messages: messages.map((message) => ({ phone: message.phone, text: message.text })),
              pictures,
            });
    } catch (error) {
      if (error instanceof GatewayRefusal) {
        await this.settle(callId, 'refused', { error: `${error.message} (${error.code})`, status: 'failed' });
        return;
      }
      if (error instanceof GatewayUnreachable) {
        // Nothing left: the deliveries go back to the queue, and the send is tried again later.
        await this.settle(callId, 'refused', { error: error.message, status: 'queued' });
        throw new DispatchInterrupted(error.message);
      }
      const reason = error instanceof GatewayOutcomeUnknown ? error.message : `The call failed: ${error instanceof Error ? error.message : String(error)}`;
      await this.em.fork().nativeUpdate(GatewayCall, { id: callId, state: 'sending' }, { state: 'unknown', error: reason.slice(0, 1000) });
      throw new DispatchInterrupted(reason);
    }
    await this.accept(send, credentials, callId, accepted);
  }

  /**
   * The gateway took the call: its deliveries are sent, except those its records name as failed; failures it
   * counts but cannot name (KakaoTalk's, or records that cannot be read) leave the call's deliveries unknown.
   */
  private async accept(send: MessageSend, credentials: GatewayCredentials, callId: number, accepted: GatewayAccepted): Promise<void> {
    let failedPhones: Set<string> | null = new Set();
    if (accepted.errorCount > 0) {
      failedPhones =
        send.channel === 'sms'
          ? await this.gateway
              .recipients(credentials, accepted.mid)
              .then((records) => new Set(records.filter((record) => record.failed).map((record) => record.phone)))
              .catch(() => null)
          : null;
    }
    await this.em.fork().transactional(async (em) => {
      const taken = await em.nativeUpdate(
        GatewayCall,
        { id: callId, state: { $in: ['sending', 'unknown'] } },
        { state: 'accepted', mid: accepted.mid || null, successCount: accepted.successCount, errorCount: accepted.errorCount, answeredAt: new Date() },
      );
      if (taken === 0) return;
      if (failedPhones === null) {
        const error = `The gateway could not deliver ${accepted.errorCount} of these messages and does not say which`;
        await em.execute(`update "message_delivery" set "status" = 'unknown', "error" = ?, "updated_at" = now() where "call_id" = ? and "status" = 'sending'`, [error, callId]);
        return;
      }
      await em.execute(`update "message_delivery" set "status" = 'sent', "error" = null, "updated_at" = now() where "call_id" = ? and "status" = 'sending'`, [callId]);
      if (failedPhones.size > 0) {
        await em.execute(
          `update "message_delivery" set "status" = 'failed', "error" = 'The gateway could not deliver to this number', "updated_at" = now() where "call_id" = ? and "phone" = any(?::text[])`,
          [callId, `{${[...failedPhones].join(',')}}`],
        );
      }
    });
  }

  private async settle(callId: number, state: GatewayCallState, outcome: { error: string; status: DeliveryStatus }): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      // Only a call still open is settled: one settled meanwhile keeps its outcome.
      const open = await em.nativeUpdate(GatewayCall, { id: callId, state: { $in: ['sending', 'unknown'] } }, { state, error: outcome.error.slice(0, 1000), answeredAt: new Date() });
      if (open === 0) return;
      const released = outcome.status === 'queued';
      await em.execute(
        `update "message_delivery" set "status" = ?, "error" = ?, ${released ? `"call_id" = null, ` : ''}"updated_at" = now() where "call_id" = ? and "status" = 'sending'`,
        [outcome.status, released ? null : outcome.error.slice(0, 1000), callId],
      );
    });
  }

  /**
   * A call whose answer was never recorded (the worker stopped, or the answer never came): once it can no longer
   * be on its way, the gateway's records say whether it arrived. Found, it is accepted as recorded there; not
   * found, its deliveries go back to the queue. KakaoTalk's records are not read: its deliveries stay unknown.
   */
  private async lookUp(send: MessageSend, credentials: GatewayCredentials, call: CallRow): Promise<void> {
    const settledAt = new Date(call.startedAt).getTime() + this.config.ALIGO_TIMEOUT_MS + LOOKUP_MARGIN_MS;
    if (Date.now() < settledAt) await new Promise((resolve) => setTimeout(resolve, settledAt - Date.now()));
    if (call.endpoint === 'kakao') {
      await this.settle(call.id, 'unknown', { error: 'KakaoTalk did not answer; the messages may or may not have been delivered.', status: 'unknown' });
      return;
    }
    const phones = (await this.em.fork().execute<{ phone: string }[]>(`select "phone" from "message_delivery" where "call_id" = ? order by "phone"`, [call.id])).map((row) => row.phone);
    // A mid another call of ours already holds is not this one's, even with the same receivers.
    const claimed = new Set(
      (await this.em.fork().execute<{ mid: string }[]>(`select "mid" from "gateway_call" where "mid" is not null and "started_at" > ?::timestamptz - interval '1 day'`, [new Date(call.startedAt).toISOString()])).map((row) => row.mid),
    );
    let records;
    try {
      records = await this.gateway.sends(credentials, new Date(new Date(call.startedAt).getTime() - 60_000));
    } catch (error) {
      throw new DispatchInterrupted(`The gateway's records cannot be read: ${error instanceof Error ? error.message : String(error)}`);
    }
    // The gateway registers a call while it is on its way: not long before it started (clocks differ a little),
    // and not after it could no longer arrive. A call of one text must also carry that text.
    const startedAt = new Date(call.startedAt).getTime();
    const texts = (await this.em.fork().execute<{ text: string }[]>(`select distinct "text" from "message_delivery" where "call_id" = ?`, [call.id])).map((row) => row.text);
    const candidates = records.filter(
      (record) =>
        record.sender === send.senderPhone &&
        record.count === phones.length &&
        !claimed.has(record.mid) &&
        record.registeredAt.getTime() >= startedAt - 60_000 &&
        record.registeredAt.getTime() <= startedAt + this.config.ALIGO_TIMEOUT_MS + 60_000 &&
        (call.endpoint !== 'send' || texts.length !== 1 || record.text === texts[0]),
    );
    for (const candidate of candidates) {
      const recipients = await this.gateway.recipients(credentials, candidate.mid);
      const theirs = recipients.map((recipient) => recipient.phone).sort();
      if (theirs.length === phones.length && theirs.every((phone, i) => phone === phones[i])) {
        const failed = recipients.filter((recipient) => recipient.failed).length;
        this.logger.warn(`Send ${send.id}: call ${call.id} had reached the gateway as ${candidate.mid}`);
        await this.accept(send, credentials, call.id, { mid: candidate.mid, successCount: recipients.length - failed, errorCount: failed });
        return;
      }
    }
    this.logger.warn(`Send ${send.id}: call ${call.id} never reached the gateway; its ${phones.length} messages are queued again`);
    await this.settle(call.id, 'refused', { error: 'Not in the gateway records: sent again', status: 'queued' });
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
