import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { sql } from 'kysely';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import type { GatewayEndpoint } from './domain/gateway-batches.js';
import { type LostCall, mayBeLostCall, RECORD_CLOCK_SLACK_MS } from './domain/gateway-records.js';
import { plainGatewayReason } from './domain/gateway-reasons.js';
import type { MessageType } from '@job-casting/rules';
import { DeliveryReportsService } from './delivery-reports.service.js';
import { MessageFilesService } from './message-files.service.js';
import { GatewayCall, type GatewayCallState, type MessageSend } from './message-send.entity.js';
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

/** A send that must be tried again later (the gateway unreachable, or a call's outcome to look up first). */
export class DispatchInterrupted extends Error {}

/** How long after its start a call's outcome is looked up: the request may still be on its way until it times out. */
const LOOKUP_MARGIN_MS = 2000;

/** A call whose answer was never recorded. */
export interface UnansweredCall {
  id: number;
  endpoint: GatewayEndpoint;
  startedAt: Date;
}

export interface PlannedMessage {
  phone: string;
  name: string;
  text: string;
  type: MessageType;
  files: string[];
}

/** A call still to make, with its deliveries: one type and one set of pictures (see gateway-batches). */
export interface PlannedCall {
  id: number;
  endpoint: GatewayEndpoint;
  messages: PlannedMessage[];
}

/** A call marked as sending, with its pictures, to be made. */
export interface ReadyCall {
  call: PlannedCall;
  pictures: GatewayPicture[];
}

/**
 * One gateway call of a send, from planned to answered: marked as sending before it is made, its answer recorded,
 * and a call never heard back from looked up in the gateway's records before anything is sent again.
 */
@Injectable()
export class GatewayCallsService {
  private readonly logger = new Logger(GatewayCallsService.name);
  /** When the next message may leave, for MESSAGE_SEND_RATE. */
  private nextSlot = 0;

  constructor(
    private readonly em: EntityManager,
    private readonly files: MessageFilesService,
    private readonly reports: DeliveryReportsService,
    @Inject(SMS_GATEWAY) private readonly gateway: SmsGateway,
    @Inject(APP_CONFIG)
    private readonly config: Pick<AppConfig, 'ALIGO_KAKAO_SENDER_KEY' | 'ALIGO_TIMEOUT_MS' | 'MESSAGE_SEND_RATE'>,
  ) {}

  async unansweredCalls(sendId: number): Promise<UnansweredCall[]> {
    return this.em
      .fork()
      .execute<UnansweredCall[]>(
        `select "id", "endpoint", "started_at" as "startedAt" from "gateway_call" where "send_id" = ? and "state" = 'sending' order by "id"`,
        [sendId],
      );
  }

  async plannedCalls(sendId: number): Promise<PlannedCall[]> {
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
  async claim(call: PlannedCall): Promise<ReadyCall | null> {
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
  async make(
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
  async accept(
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
  async settle(callId: number, state: GatewayCallState, error: string | null): Promise<void> {
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
  async lookUp(send: MessageSend, credentials: GatewayCredentials, call: UnansweredCall): Promise<void> {
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
