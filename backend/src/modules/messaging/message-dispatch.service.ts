import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import pg from 'pg';
import { Clock } from '../../platform/clock.js';
import { invalid } from '../../platform/domain/domain-error.js';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { sendingHoursProblem } from '@job-casting/rules';
import { ConsentService, type ExclusionReason } from '../consent/consent.service.js';
import { DispatchInterrupted, GatewayCallsService, type PlannedCall, type ReadyCall } from './gateway-calls.service.js';
import { deliveryStatusSql, MessageSend } from './message-send.entity.js';
import { SenderNumbersService } from './sender-numbers.service.js';

export { DispatchInterrupted };

/** The first key of the advisory lock that makes one run per send (the second is the send's id). */
const SEND_LEASE_KEY = 7_240_301;

/** A call the worker made and never heard back from, when its send stops for good. */
const UNANSWERED = 'The gateway never answered; the messages may or may not have been delivered.';
/** Why a delivery of a send was left out when the send went. */
const LEFT_OUT_WHEN_SENT: Record<ExclusionReason, string> = {
  'opted-out': 'Left out when the send went: the number opted out (수신거부) after the send was made.',
  'no-consent': 'Left out when the send went: the advertising consent was no longer given.',
};

/** A send none of whose messages went out, when no refusal says why. */
const UNDELIVERED = 'None of the messages could be delivered.';

/**
 * The worker's part of a send: its calls, planned when the send was recorded, go to the gateway one by one, each
 * marked as sending before it is made, so that after any interruption the worker knows which calls may have
 * reached the gateway and looks them up in the gateway's records (GatewayCallsService) before sending again.
 * Every recipient is messaged once. A delivery takes its call's state, so a call writes one row, not one per message.
 */
@Injectable()
export class MessageDispatchService {
  private readonly logger = new Logger(MessageDispatchService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly senders: SenderNumbersService,
    private readonly clock: Clock,
    private readonly consent: ConsentService,
    private readonly calls: GatewayCallsService,
    @Inject(APP_CONFIG)
    private readonly config: Pick<AppConfig, 'MESSAGE_SEND_CONCURRENCY' | 'DATABASE_URL'>,
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
    for (const call of await this.calls.unansweredCalls(sendId)) await this.calls.lookUp(send, credentials, call);

    const calls = await this.calls.plannedCalls(sendId);
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
          if (hours) throw invalid(hours);
          const ready = await this.calls.claim(call);
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
        const answer = this.calls.make(send, credentials, ready);
        const following = stopped === null ? takeNext() : Promise.resolve(null);
        try {
          const accepted = await answer;
          if (!accepted) answered(call);
          else recording.push(this.calls.accept(send, credentials, call.id, accepted).then(() => answered(call), stop));
        } catch (error) {
          stop(error);
        }
        ready = await following;
        if (ready && stopped !== null) {
          // Marked but not made: planned again, as it was.
          await this.calls.settle(ready.call.id, 'planned', null).catch(() => {});
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
}
