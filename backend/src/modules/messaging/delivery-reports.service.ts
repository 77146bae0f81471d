import { EntityManager } from '@mikro-orm/postgresql';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { sql } from 'kysely';
import { Clock } from '../../platform/clock.js';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { QueueName } from '../../platform/queue/queue-names.js';
import { DELIVERY_LOOKUP_SCHEDULE_MS, isPastReporting, lookupDelay, UNREPORTED } from './domain/delivery-lookups.js';
import { kakaoFate, pairReports, type ReportedFate, smsFate } from './domain/delivery-reports.js';
import {
  DELIVERY_REPORT_JOB,
  DELIVERY_REPORT_JOB_OPTIONS,
  type DeliveryReportJobData,
  deliveryReportJobId,
} from './delivery-report.job.js';
import type { DeliveryEventStatus } from './message-send.entity.js';
import { SMS_GATEWAY, type SmsGateway } from './providers/sms-gateway.js';
import { SenderNumbersService } from './sender-numbers.service.js';

/** Where a change was learnt, kept with its event. */
export type ReportSource = 'sms_list' | 'kakao-history' | 'clock';

/** One delivery's final state as a look-up found it. */
interface ReportedChange {
  id: number;
  status: DeliveryEventStatus;
  detail: string | null;
  state: string | null;
  at: string | null;
}

/** What one look-up did, for the job's result and the benchmark. */
export interface LookupOutcome {
  /** Deliveries that got a final state now. */
  settled: number;
  /** Deliveries still waiting for their report. */
  pending: number;
  /** The next look-up's delay, when one is planned. */
  nextInMs: number | null;
}

/** The accepted call a look-up is about, with what reading the gateway's records needs. */
interface FollowedCall {
  id: number;
  mid: string | null;
  channel: string;
  apiKeyEncrypted: string | null;
  answeredAt: Date;
  lookups: number;
  reportsFinalAt: Date | null;
}

/** A delivery's status while it waits for its report: its call's (accepted: sent), or its own `sent`. */
const AWAITING_REPORT = `("status" is null or "status" = 'sent')`;

/** Accepted calls the sweep looks at in one run. */
const SWEEP_BATCH = 500;

/**
 * The truth after a send: once the gateway accepts a call, its per-recipient records (sms_list, or KakaoTalk's
 * history) are read on a schedule until every message of the call is delivered or failed, or 72 hours have passed
 * (then unknown). Each look-up is a delayed BullMQ job, so it survives restarts; it writes every change of the
 * call in one statement, each delivery's status with its event, and only for deliveries still waiting, so a
 * look-up run twice records nothing twice.
 */
@Injectable()
export class DeliveryReportsService {
  private readonly logger = new Logger(DeliveryReportsService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly senders: SenderNumbersService,
    private readonly clock: Clock,
    @Inject(SMS_GATEWAY) private readonly gateway: SmsGateway,
    @InjectQueue(QueueName.DeliveryReport) private readonly queue: Queue<DeliveryReportJobData>,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'DELIVERY_LOOKUP_SCHEDULE_MS'>,
  ) {}

  private get schedule(): readonly number[] {
    return this.config.DELIVERY_LOOKUP_SCHEDULE_MS ?? DELIVERY_LOOKUP_SCHEDULE_MS;
  }

  /** A call the gateway just accepted: its first look-up is planned. A queue that fails here is mended by the sweep. */
  async follow(callId: number, acceptedAt: Date): Promise<void> {
    try {
      await this.plan(callId, 0, acceptedAt);
    } catch (error) {
      this.logger.error(
        `Call ${callId}: its delivery reports could not be planned (the sweep plans them): ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /** Adds look-up `step` of a call; a job already there under its id is left as it is. */
  private async plan(callId: number, step: number, acceptedAt: Date): Promise<number> {
    // BullMQ counts its delays in real time, whatever the injected clock says.
    const delay = lookupDelay(this.schedule, step, acceptedAt, new Date());
    await this.queue.add(
      DELIVERY_REPORT_JOB,
      { callId, step },
      { ...DELIVERY_REPORT_JOB_OPTIONS, jobId: deliveryReportJobId(callId, step), delay },
    );
    return delay;
  }

  /** Look-up `step` of a call: reads the gateway's records, records what changed, and plans the next one. */
  async lookUp(callId: number, step: number): Promise<LookupOutcome> {
    const call = await this.followed(callId);
    // Gone, no longer accepted, settled, or this step already done by an earlier run of it.
    if (!call || call.reportsFinalAt || call.lookups > step) return { settled: 0, pending: 0, nextInMs: null };
    let settled = 0;
    const waiting = await this.em
      .fork()
      .execute<{ id: number; phone: string }[]>(
        `select "id", "phone" from "message_delivery" where "call_id" = ? and ${AWAITING_REPORT}`,
        [callId],
      );
    if (waiting.length > 0 && call.mid) {
      const credentials = this.senders.credentials(call.apiKeyEncrypted);
      const source: ReportSource = call.channel === 'kakao' ? 'kakao-history' : 'sms_list';
      const reports: { phone: string; fate: ReportedFate; state: string; at: Date | null }[] =
        call.channel === 'kakao'
          ? (await this.gateway.kakaoRecipients(credentials, call.mid)).map((record) => ({
              phone: record.phone,
              fate: kakaoFate(record),
              state: record.state,
              at: record.reportedAt,
            }))
          : (await this.gateway.recipients(credentials, call.mid)).map((record) => ({
              phone: record.phone,
              fate: smsFate(record),
              state: record.state,
              at: record.reportedAt,
            }));
      const changes: ReportedChange[] = [];
      for (const { delivery, report } of pairReports(waiting, reports)) {
        const { fate } = report;
        if (fate.fate === 'pending') continue;
        changes.push({
          id: delivery.id,
          status: fate.fate,
          detail: fate.fate === 'failed' ? fate.reason : fate.note,
          state: report.state.slice(0, 100) || null,
          at: report.at?.toISOString() ?? null,
        });
      }
      settled += await this.record(callId, changes, source);
    }
    return this.afterLookup(call, step, settled);
  }

  /**
   * A look-up that could not read the records after its retries: nothing learnt, the schedule goes on (and after
   * 72 hours the messages still waiting are unknown all the same).
   */
  async skip(callId: number, step: number): Promise<LookupOutcome> {
    const call = await this.followed(callId);
    if (!call || call.reportsFinalAt || call.lookups > step) return { settled: 0, pending: 0, nextInMs: null };
    return this.afterLookup(call, step, 0);
  }

  /** After a look-up: unknown past 72 hours, then the call's cursor moves on and the next look-up is planned. */
  private async afterLookup(call: FollowedCall, step: number, settledSoFar: number): Promise<LookupOutcome> {
    let settled = settledSoFar;
    const now = this.clock.now();
    if (isPastReporting(new Date(call.answeredAt), now)) {
      const waiting = await this.em
        .fork()
        .execute<{ id: number }[]>(`select "id" from "message_delivery" where "call_id" = ? and ${AWAITING_REPORT}`, [
          call.id,
        ]);
      settled += await this.record(
        call.id,
        waiting.map(({ id }) => ({ id, status: 'unknown', detail: UNREPORTED, state: null, at: now.toISOString() })),
        'clock',
      );
    }
    const [{ pending }] = await this.em
      .fork()
      .execute<{ pending: number }[]>(
        `select count(*)::int as "pending" from "message_delivery" where "call_id" = ? and ${AWAITING_REPORT}`,
        [call.id],
      );
    // The cursor moves once per step: a second run of the same step plans nothing more.
    const { rows } = await sql<{
      id: number;
    }>`update "gateway_call" set "lookups" = ${step + 1}, "reports_final_at" = ${pending === 0 ? sql`now()` : null}
       where "id" = ${call.id} and "lookups" = ${call.lookups} returning "id"`.execute(this.em.getKysely());
    let nextInMs: number | null = null;
    if (rows.length > 0 && pending > 0) nextInMs = await this.plan(call.id, step + 1, new Date(call.answeredAt));
    return { settled, pending, nextInMs };
  }

  /**
   * Writes the final states of a call's deliveries that still wait for theirs, with an event each, in one
   * statement; answers how many changed. A delivery already final is left alone, and its event is not repeated.
   */
  private async record(callId: number, changes: ReportedChange[], source: ReportSource): Promise<number> {
    if (changes.length === 0) return 0;
    // Through Kysely, which hands the rows to the driver as one parameter (as message-sends.service does).
    const { rows } = await sql<{ count: number }>`with "input" as (
        select * from jsonb_to_recordset(${JSON.stringify(changes)}::jsonb) as i("id" int, "status" text, "detail" text, "state" text, "at" timestamptz)),
      "changed" as (
        update "message_delivery" d set "status" = i."status", "error" = case when i."status" = 'delivered' then null else left(i."detail", 1000) end, "updated_at" = now()
          from "input" i where d."id" = i."id" and d."call_id" = ${callId} and (d."status" is null or d."status" = 'sent')
        returning d."id", i."status", i."detail", i."state", i."at"),
      "events" as (
        insert into "message_delivery_event" ("delivery_id", "status", "detail", "source", "gateway_state", "occurred_at")
        select "id", "status", left("detail", 1000), ${source}, "state", coalesce("at", now()) from "changed"
        on conflict ("delivery_id", "status") do nothing)
      select count(*)::int as "count" from "changed"`.execute(this.em.getKysely());
    return rows[0]?.count ?? 0;
  }

  private async followed(callId: number): Promise<FollowedCall | null> {
    const [call] = await this.em.fork().execute<FollowedCall[]>(
      `select c."id", c."mid", s."channel", s."api_key_encrypted" as "apiKeyEncrypted", c."answered_at" as "answeredAt", c."lookups", c."reports_final_at" as "reportsFinalAt"
         from "gateway_call" c join "message_send" s on s."id" = c."send_id"
        where c."id" = ? and c."state" = 'accepted' and c."answered_at" is not null`,
      [callId],
    );
    return call ?? null;
  }

  /**
   * Accepted calls still waiting for reports whose next look-up has no job (the queue could not take it, or it
   * gave up) get it again. Run every few minutes on the worker; adding a job that is there is a no-op.
   */
  async sweep(): Promise<number> {
    let mended = 0;
    for (let after = 0; ;) {
      const calls = await this.em.fork().execute<{ id: number; lookups: number; answeredAt: Date }[]>(
        `select "id", "lookups", "answered_at" as "answeredAt" from "gateway_call"
            where "state" = 'accepted' and "reports_final_at" is null and "answered_at" is not null and "id" > ? order by "id" limit ?`,
        [after, SWEEP_BATCH],
      );
      for (const call of calls) {
        const job = await this.queue.getJob(deliveryReportJobId(call.id, call.lookups));
        if (job && !(await job.isFailed())) continue;
        await job?.remove();
        await this.plan(call.id, call.lookups, new Date(call.answeredAt));
        mended++;
      }
      if (calls.length < SWEEP_BATCH) return mended;
      after = calls.at(-1)!.id;
    }
  }
}
