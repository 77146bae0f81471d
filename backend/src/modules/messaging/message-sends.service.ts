import { LockMode } from '@mikro-orm/core';
import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { sql } from 'kysely';
import {
  conflict,
  forbidden,
  invalid,
  notFound,
  unavailable,
  unprocessable,
} from '../../platform/domain/domain-error.js';
import { AccountEvents } from '../../platform/events/account-events.js';
import type { Principal } from '../../platform/http/auth-decorators.js';
import { checkedIdempotencyKey, requestHash } from '../../platform/http/idempotency-key.js';
import {
  type CreateMessageSendDto,
  type DeliveryEventsDto,
  type DeliveryListDto,
  type DeliveryQueryDto,
  type GatewayRemainingDto,
  type MessageSendDto,
  type MessageSendListDto,
  type MessageSendQueryDto,
  type SendPreviewDto,
} from './dto/message-send.dto.js';
import { MessageDispatchService } from './message-dispatch.service.js';
import { MessageSendReadsService } from './message-send-reads.service.js';
import { SendPlansService } from './send-plans.service.js';
import { MESSAGE_SEND_JOB, type MessageSendJobData, messageSendJobId } from './message-send.job.js';
import { type Channel, deliveryStatusSql, MessageSend } from './message-send.entity.js';
import { kakaoBatches, smsBatches } from './domain/gateway-batches.js';
import { mayCancelSend, type SendViewer } from './domain/send-access.js';
import { SEND_MESSAGES } from './domain/send-messages.js';
import { type NewDelivery } from './domain/send-recipients.js';
import { SenderNumbersService } from './sender-numbers.service.js';
import { QueueName } from '../../platform/queue/queue-names.js';
import type pg from 'pg';

const JOB_OPTIONS = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: true,
  removeOnFail: { age: 30 * 24 * 3600 },
} as const;

/** Sends as staff start and follow them: checked, recorded with one delivery per message, queued for the worker. */
@Injectable()
export class MessageSendsService implements OnModuleInit {
  private readonly logger = new Logger(MessageSendsService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly senders: SenderNumbersService,
    private readonly dispatch: MessageDispatchService,
    private readonly reads: MessageSendReadsService,
    private readonly plans: SendPlansService,
    @InjectQueue(QueueName.MessageSend) private readonly queue: Queue<MessageSendJobData>,
    private readonly accountEvents: AccountEvents,
  ) {}

  onModuleInit(): void {
    this.accountEvents.onDeletion((em, userId) => this.cancelSendsOf(em, userId));
  }

  /**
   * Records a send and queues it. Under an Idempotency-Key the staff member already sent with, nothing more is
   * sent: the same request answers with that send, another request is refused.
   */
  async create(viewer: SendViewer, input: CreateMessageSendDto, idempotencyKey?: string): Promise<MessageSendDto> {
    const userId = viewer.userId;
    const request =
      idempotencyKey === undefined ? null : { key: checkedIdempotencyKey(idempotencyKey), hash: requestHash(input) };
    if (request) {
      const earlier = await this.sentUnder(viewer, request);
      if (earlier) return earlier;
    }
    const { channel, advertising, scheduledAt, sender, deliveries, excluded, refusal } = await this.plans.plan(
      userId,
      input,
    );
    if (refusal) throw invalid(refusal.message, refusal.details);
    // Each delivery's gateway call is planned now, so that sending it writes the call's row, not each delivery's.
    const batches = channel === 'kakao' ? kakaoBatches(deliveries) : smsBatches(deliveries);

    let send: MessageSend;
    try {
      send = await this.em.fork().transactional(async (em) => {
        const send = em.create(MessageSend, {
          idempotencyKey: request?.key ?? null,
          requestHash: request?.hash ?? null,
          createdBy: userId,
          channel,
          senderNumber: sender.id,
          senderPhone: sender.phone,
          senderName: sender.name,
          apiKeyEncrypted: sender.apiKeyEncrypted ?? null,
          advertising,
          scheduledAt,
          state: scheduledAt ? 'scheduled' : 'queued',
          total: deliveries.length,
          excluded,
          resendOf: input.resendOf ?? null,
        });
        await em.flush();
        // Through Kysely, which hands the rows to the driver as one parameter; the ORM would write them into the SQL.
        const kysely = em.getKysely();
        const callIds = (
          await sql<{
            id: number;
          }>`select nextval(pg_get_serial_sequence('gateway_call', 'id'))::int as "id" from generate_series(1, ${batches.length})`.execute(
            kysely,
          )
        ).rows
          .map((row) => row.id)
          .sort((a, b) => a - b);
        const callOf = new Map<NewDelivery, number>();
        batches.forEach((batch, index) => batch.messages.forEach((delivery) => callOf.set(delivery, callIds[index])));
        const calls = batches.map((batch, index) => ({
          id: callIds[index],
          endpoint: batch.endpoint,
          size: batch.messages.length,
        }));
        await sql`insert into "gateway_call" ("id", "send_id", "endpoint", "state", "size")
           select c."id", ${send.id}, c."endpoint", 'planned', c."size" from jsonb_to_recordset(${JSON.stringify(calls)}::jsonb) as c("id" int, "endpoint" text, "size" int)`.execute(
          kysely,
        );
        const rows = deliveries.map((delivery) => ({ ...delivery, call: callOf.get(delivery) }));
        await sql`insert into "message_delivery" ("send_id", "call_id", "phone", "name", "text", "type", "files")
           select ${send.id}, d."call", d."phone", d."name", d."text", d."type", d."files"
             from rows from (jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as ("call" int, "phone" text, "name" text, "text" text, "type" text, "files" jsonb))
                  with ordinality as d("call", "phone", "name", "text", "type", "files", "position")
            order by d."position"`.execute(kysely);
        return send;
      });
    } catch (error) {
      // The same request at the same moment: the first one recorded is the send.
      const earlier =
        request && error instanceof UniqueConstraintViolationException ? await this.sentUnder(viewer, request) : null;
      if (earlier) return earlier;
      throw error;
    }

    try {
      await this.queue.add(
        MESSAGE_SEND_JOB,
        { sendId: send.id },
        {
          ...JOB_OPTIONS,
          jobId: messageSendJobId(send.id),
          delay: scheduledAt ? Math.max(0, scheduledAt.getTime() - Date.now()) : 0,
        },
      );
    } catch (error) {
      // Nothing went out: the send says so, and the staff member can send again.
      this.logger.error(
        `Send ${send.id} could not be queued: ${error instanceof Error ? error.message : String(error)}`,
      );
      // The key is let go with it: the same request again may send.
      await this.em
        .fork()
        .nativeUpdate(
          MessageSend,
          { id: send.id },
          { state: 'failed', error: SEND_MESSAGES.queueDown, finishedAt: new Date(), idempotencyKey: null },
        );
      throw unavailable(SEND_MESSAGES.queueDown);
    }
    return this.get(send.id, viewer);
  }

  /** The send as POST message-sends would make it, recording nothing (SendPlansService.preview). */
  preview(viewer: SendViewer, input: CreateMessageSendDto): Promise<SendPreviewDto> {
    return this.plans.preview(viewer, input);
  }

  /** The send made under this key, when the request is the same; a 422 when it is another. */
  private async sentUnder(viewer: SendViewer, request: { key: string; hash: string }): Promise<MessageSendDto | null> {
    const [earlier] = await this.em
      .fork()
      .execute<{ id: number; hash: string }[]>(
        `select "id", "request_hash" as "hash" from "message_send" where "created_by_id" = ? and "idempotency_key" = ?`,
        [viewer.userId, request.key],
      );
    if (!earlier) return null;
    if (earlier.hash !== request.hash) throw unprocessable(SEND_MESSAGES.keyReused);
    return this.get(earlier.id, viewer);
  }

  /**
   * Stops a send that has not started: its calls are cancelled and its job dropped. Only the staff member who made
   * it, or a superadmin, may stop it.
   */
  async cancel(principal: Principal, id: number): Promise<MessageSendDto> {
    await this.em.fork().transactional(async (em) => {
      const send = await em.findOne(MessageSend, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!send) throw notFound(SEND_MESSAGES.notFound);
      if (!mayCancelSend(principal, send.createdBy?.id ?? null)) throw forbidden(SEND_MESSAGES.notYours);
      if (send.state === 'cancelled') return;
      if (send.state !== 'scheduled' && send.state !== 'queued') throw conflict(SEND_MESSAGES.started);
      await this.cancelSends(em, `"id" = ?`, [id], null);
    });
    // The worker also skips a cancelled send, should the job already be on its way.
    await this.queue.remove(messageSendJobId(id)).catch(() => 0);
    return this.get(id, principal);
  }

  /**
   * A staff account is being deleted: the sends it made that have not started are cancelled with it, in the same
   * transaction (a send already going out finishes). Their jobs are dropped at once; should the deletion not
   * commit, the sweep gives the sends that are still scheduled their jobs again.
   */
  private async cancelSendsOf(em: EntityManager, userId: number): Promise<void> {
    const ids = await this.cancelSends(
      em,
      `"created_by_id" = ? and "state" in ('scheduled', 'queued')`,
      [userId],
      SEND_MESSAGES.creatorDeleted,
    );
    for (const id of ids) await this.queue.remove(messageSendJobId(id)).catch(() => 0);
  }

  /** Cancels the sends the condition names, and their calls that have not left; answers their ids. */
  private async cancelSends(
    em: EntityManager,
    where: string,
    params: unknown[],
    reason: string | null,
  ): Promise<number[]> {
    const rows = await em.execute<{ id: number }[]>(
      `with cancelled as (update "message_send" set "state" = 'cancelled', "finished_at" = now(), "error" = ? where ${where} returning "id"),
            calls as (update "gateway_call" set "state" = 'cancelled', "answered_at" = now() where "send_id" in (select "id" from cancelled) and "state" = 'planned')
       select "id" from cancelled`,
      [reason, ...params],
    );
    return rows.map((row) => row.id);
  }

  /** A send as this viewer sees it (whether they may cancel it). */
  get(id: number, viewer: SendViewer): Promise<MessageSendDto> {
    return this.reads.get(id, viewer);
  }

  list(query: MessageSendQueryDto, viewer: SendViewer): Promise<MessageSendListDto> {
    return this.reads.list(query, viewer);
  }

  deliveries(id: number, query: DeliveryQueryDto): Promise<DeliveryListDto> {
    return this.reads.deliveries(id, query);
  }

  deliveryEvents(id: number, deliveryId: number): Promise<DeliveryEventsDto> {
    return this.reads.deliveryEvents(id, deliveryId);
  }

  settled(id: number, viewer: SendViewer, withinMs: number): Promise<MessageSendDto> {
    return this.reads.settled(id, viewer, withinMs);
  }

  /**
   * The body of a send of this one's failed messages, each to its number with its text and pictures, from the same
   * sender (when the caller has that number) and as advertising or not like the original; KakaoTalk ones may go as
   * texts. It is reviewed (POST message-sends/preview) and sent like any send, linked to this one by resendOf.
   */
  async resendBody(id: number, userId: number, channel: Channel | undefined): Promise<CreateMessageSendDto> {
    const original = await this.reads.findSend(id);
    if (!original) throw notFound(SEND_MESSAGES.notFound);
    const failed = await this.em.fork().execute<{ phone: string; name: string; text: string; files: string[] }[]>(
      `select d."phone", d."name", d."text", d."files" from "message_delivery" d join "gateway_call" c on c."id" = d."call_id"
        where d."send_id" = ? and ${deliveryStatusSql('d', 'c')} = 'failed' order by d."id"`,
      [id],
    );
    if (failed.length === 0) throw conflict(SEND_MESSAGES.nothingFailed);
    const ownNumbers = await this.senders.phonesOf(userId);
    return {
      channel: channel ?? original.channel,
      ...(ownNumbers.includes(original.senderPhone) ? { sender: original.senderPhone } : {}),
      advertising: original.advertising,
      recipients: failed.map(({ phone, name, text, files }) => ({
        phone,
        name,
        text,
        ...(files.length > 0 ? { files } : {}),
      })),
      resendOf: id,
    };
  }

  /** What the gateway account has left, with the staff member's default number's key. */
  async remaining(userId: number): Promise<GatewayRemainingDto> {
    const sender = await this.senders.forSending(userId, undefined);
    return this.senders.remaining(this.senders.credentials(sender.apiKeyEncrypted ?? null));
  }

  /**
   * Sends no job would finish: a send recorded while its job could not be added (the API stopped in between, or
   * Redis lost it) gets its job again; a send whose job gave up without its process saying so (a worker that died
   * twice on it) is failed as the last attempt fails it. Run every minute on the worker; adding a job a send has is
   * a no-op (one job id per send).
   */
  async sweep(): Promise<number> {
    const sends = await this.em
      .fork()
      .execute<{ id: number; scheduledAt: Date | null }[]>(
        `select "id", "scheduled_at" as "scheduledAt" from "message_send" where "state" in ('scheduled', 'queued', 'sending') order by "id"`,
      );
    let mended = 0;
    for (const send of sends) {
      const job = await this.queue.getJob(messageSendJobId(send.id));
      if (job && (await job.isFailed())) {
        await this.dispatch.fail(send.id, job.failedReason || 'The worker stopped while sending');
        await job.remove();
        mended++;
      } else if (!job) {
        const delay = send.scheduledAt ? Math.max(0, new Date(send.scheduledAt).getTime() - Date.now()) : 0;
        await this.queue.add(
          MESSAGE_SEND_JOB,
          { sendId: send.id },
          { ...JOB_OPTIONS, jobId: messageSendJobId(send.id), delay },
        );
        mended++;
      }
    }
    return mended;
  }
}

/**
 * After a backup is restored, the sends that were open when it was taken may have gone out since: the worker
 * handed them to the gateway after the snapshot, and only the gateway knows. Rather than send them again, they
 * are stopped with a reason staff can act on: those queued or going out, and those scheduled for a time now
 * past. Calls never made are cancelled; calls on their way are left unknown. A send scheduled for later is kept,
 * and goes at its time. Answers how many were stopped.
 */
export async function holdSendsThatMayHaveGone(client: pg.ClientBase, backupTakenAt: string): Promise<number> {
  const reason =
    `Restored from the backup of ${backupTakenAt}: this send may have gone out after the backup was taken, so it was ` +
    'stopped rather than sent twice. Check its results and send again what did not arrive.';
  const { rows } = await client.query<{ held: number }>(
    `with held as (
       update "message_send" set "state" = 'cancelled', "finished_at" = now(), "error" = $1
        where "state" in ('queued', 'sending') or ("state" = 'scheduled' and "scheduled_at" <= now())
        returning "id"),
     never_made as (
       update "gateway_call" set "state" = 'cancelled', "answered_at" = now()
        where "send_id" in (select "id" from held) and "state" = 'planned'),
     on_their_way as (
       update "gateway_call" set "state" = 'unknown', "error" = coalesce("error", $2)
        where "send_id" in (select "id" from held) and "state" = 'sending')
     select count(*)::int as "held" from held`,
    [reason, 'Unanswered when the backup was taken; the gateway may have it.'],
  );
  return rows[0]?.held ?? 0;
}
