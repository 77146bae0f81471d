import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { notFound } from '../../platform/domain/domain-error.js';
import { paginate } from '../../platform/http/pagination.js';
import type {
  DeliveryCountsDto,
  DeliveryDto,
  DeliveryEventDto,
  DeliveryEventsDto,
  DeliveryListDto,
  DeliveryQueryDto,
  MessageSendDto,
  MessageSendListDto,
  MessageSendQueryDto,
} from './dto/message-send.dto.js';
import { canCancelSend, type SendViewer } from './domain/send-access.js';
import { SEND_MESSAGES } from './domain/send-messages.js';
import { sendOutcome } from './domain/send-outcome.js';
import {
  callDeliveryStatusSql,
  type Channel,
  type DeliveryStatus,
  deliveryStatusSql,
  type SendState,
} from './message-send.entity.js';

/** Sends and their messages as staff follow them: straight SQL, for lists that stay fast. */
@Injectable()
export class MessageSendReadsService {
  constructor(private readonly em: EntityManager) {}

  /** A send as this viewer sees it (whether they may cancel it). */
  async get(id: number, viewer: SendViewer): Promise<MessageSendDto> {
    const [send] = await this.sendRows(viewer, `s."id" = ?`, [id], 1, 0);
    if (!send) throw notFound(SEND_MESSAGES.notFound);
    return send;
  }

  /** Sends, newest first, created between two Korean days. */
  async list(query: MessageSendQueryDto, viewer: SendViewer): Promise<MessageSendListDto> {
    const where: string[] = ['true'];
    const params: unknown[] = [];
    if (query.from) {
      where.push(`s."created_at" >= (?::date)::timestamp at time zone 'Asia/Seoul'`);
      params.push(query.from.slice(0, 10));
    }
    if (query.to) {
      where.push(`s."created_at" < ((?::date) + 1)::timestamp at time zone 'Asia/Seoul'`);
      params.push(query.to.slice(0, 10));
    }
    const [{ count }] = await this.em
      .fork()
      .execute<{ count: string }[]>(`select count(*) from "message_send" s where ${where.join(' and ')}`, params);
    const data = await this.sendRows(
      viewer,
      where.join(' and '),
      params,
      query.pageSize,
      (query.page - 1) * query.pageSize,
    );
    return { data, pagination: paginate(query.page, query.pageSize, Number(count)) };
  }

  async deliveries(id: number, query: DeliveryQueryDto): Promise<DeliveryListDto> {
    await this.sendExists(id);
    const em = this.em.fork();
    const status = query.status ? ` and ${deliveryStatusSql('d', 'c')} = ?` : '';
    const params = query.status ? [id, query.status] : [id];
    const from = `from "message_delivery" d join "gateway_call" c on c."id" = d."call_id" where d."send_id" = ?${status}`;
    const [{ count }] = await em.execute<{ count: string }[]>(`select count(*) ${from}`, params);
    const rows = await em.execute<DeliveryRow[]>(
      `select ${DELIVERY_COLUMNS} ${from} order by d."id" limit ? offset ?`,
      [...params, query.pageSize, (query.page - 1) * query.pageSize],
    );
    return { data: rows.map(deliveryOf), pagination: paginate(query.page, query.pageSize, Number(count)) };
  }

  /**
   * One message's path: taken (or refused) by the gateway, as its call's answer says, then each change the
   * look-ups of the gateway's records found (delivered, failed, unknown), oldest first.
   */
  async deliveryEvents(id: number, deliveryId: number): Promise<DeliveryEventsDto> {
    await this.sendExists(id);
    const em = this.em.fork();
    const [row] = await em.execute<
      (DeliveryRow & {
        callState: string;
        answeredAt: Date | null;
        callError: string | null;
        ownStatus: string | null;
        ownError: string | null;
      })[]
    >(
      `select ${DELIVERY_COLUMNS}, c."state" as "callState", c."answered_at" as "answeredAt", c."error" as "callError", d."status" as "ownStatus", d."error" as "ownError"
         from "message_delivery" d join "gateway_call" c on c."id" = d."call_id" where d."send_id" = ? and d."id" = ?`,
      [id, deliveryId],
    );
    if (!row) throw notFound(SEND_MESSAGES.noDelivery);
    const recorded = await em.execute<
      { status: string; at: Date; source: string; detail: string | null; gatewayState: string | null }[]
    >(
      `select "status", "occurred_at" as "at", "source", "detail", "gateway_state" as "gatewayState" from "message_delivery_event" where "delivery_id" = ? order by "occurred_at", "id"`,
      [deliveryId],
    );
    const events: DeliveryEventDto[] = [];
    const answered = row.answeredAt ? new Date(row.answeredAt).toISOString() : null;
    if (row.callState === 'accepted' && answered) {
      events.push({
        status: 'accepted',
        at: answered,
        source: 'gateway',
        detail: row.mid ? `Message id ${row.mid}` : null,
        gatewayState: null,
      });
      // A number the gateway named as failed in its answer: no look-up event of its own.
      if (row.ownStatus === 'failed' && !recorded.some((event) => event.status === 'failed')) {
        events.push({
          status: 'failed',
          at: new Date(row.updated_at).toISOString(),
          source: 'gateway',
          detail: row.ownError,
          gatewayState: null,
        });
      }
    } else if (
      (row.callState === 'failed' || row.callState === 'unknown' || row.callState === 'cancelled') &&
      answered
    ) {
      events.push({
        status: row.callState,
        at: answered,
        source: row.callState === 'cancelled' ? 'app' : 'gateway',
        detail: row.callError,
        gatewayState: null,
      });
    }
    for (const event of recorded) events.push({ ...event, at: new Date(event.at).toISOString() });
    return { delivery: deliveryOf(row), events };
  }

  /** Waits (a bounded time) until a send has every outcome; answers it as it then is. */
  async settled(id: number, viewer: SendViewer, withinMs: number): Promise<MessageSendDto> {
    const until = Date.now() + withinMs;
    for (;;) {
      const send = await this.get(id, viewer);
      const open: SendState[] = ['scheduled', 'queued', 'sending'];
      if (!open.includes(send.state as SendState) || Date.now() >= until) return send;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async findSend(
    id: number,
  ): Promise<{ id: number; channel: Channel; advertising: boolean; senderPhone: string } | null> {
    const [send] = await this.em
      .fork()
      .execute<{ id: number; channel: Channel; advertising: boolean; senderPhone: string }[]>(
        `select "id", "channel", "advertising", "sender_phone" as "senderPhone" from "message_send" where "id" = ?`,
        [id],
      );
    return send ?? null;
  }

  private async sendExists(id: number): Promise<void> {
    if (!(await this.findSend(id))) throw notFound(SEND_MESSAGES.notFound);
  }

  private async sendRows(
    viewer: SendViewer,
    where: string,
    params: unknown[],
    limit: number,
    offset: number,
  ): Promise<MessageSendDto[]> {
    // The creator's name by a join: asking UsersService for each creator made a page of sends several times slower.
    const rows = await this.em.fork().execute<
      (Omit<
        MessageSendDto,
        'counts' | 'outcome' | 'outcomeCounts' | 'scheduledAt' | 'createdAt' | 'startedAt' | 'finishedAt' | 'canCancel'
      > & {
        createdById: number | null;
        counts: Partial<Record<DeliveryStatus, number>> | null;
        scheduledAt: Date | null;
        createdAt: Date;
        startedAt: Date | null;
        finishedAt: Date | null;
      })[]
    >(
      `select s."id", s."channel", s."state", s."sender_phone" as "senderPhone", s."sender_name" as "senderName", s."advertising",
              s."scheduled_at" as "scheduledAt", s."total", s."excluded", s."error", s."created_at" as "createdAt", s."started_at" as "startedAt",
              s."finished_at" as "finishedAt", u."name" as "createdBy", s."created_by_id" as "createdById",
              (select d."text" from "message_delivery" d where d."send_id" = s."id" order by d."id" limit 1) as "preview",
              s."resend_of_id" as "resendOf",
              array(select r."id" from "message_send" r where r."resend_of_id" = s."id" order by r."id") as "resentAs",
              -- Each call's deliveries count as its state says, but for the few with a status of their own.
              (select jsonb_object_agg(n."status", n."count") from (
                 select t."status", sum(t."count") as "count" from (
                   select ${callDeliveryStatusSql('c')} as "status", c."size" as "count" from "gateway_call" c where c."send_id" = s."id"
                   union all
                   select d."status", 1 from "message_delivery" d where d."send_id" = s."id" and d."status" is not null
                   union all
                   select ${callDeliveryStatusSql('c')}, -1 from "message_delivery" d join "gateway_call" c on c."id" = d."call_id" where d."send_id" = s."id" and d."status" is not null
                 ) t group by t."status") n) as "counts"
         from "message_send" s left join "users" u on u."id" = s."created_by_id"
        where ${where} order by s."id" desc limit ? offset ?`,
      [...params, limit, offset],
    );
    const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);
    return rows.map(({ createdById, ...row }) => {
      const counts = deliveryCounts(row.counts ?? {});
      const { outcome, ...outcomeCounts } = sendOutcome(counts);
      return {
        ...row,
        canCancel: canCancelSend(viewer, { state: row.state, createdById }),
        counts,
        outcome,
        outcomeCounts,
        preview: row.preview ?? '',
        scheduledAt: iso(row.scheduledAt),
        createdAt: iso(row.createdAt)!,
        startedAt: iso(row.startedAt),
        finishedAt: iso(row.finishedAt),
      };
    });
  }
}

/** A delivery as the API shows it: its own status where it has one, its call's otherwise. */
const DELIVERY_COLUMNS = `d."id", d."phone", d."name", d."text", d."type", jsonb_array_length(d."files") as "files", ${deliveryStatusSql('d', 'c')} as "status", c."mid",
  coalesce(d."error", c."error") as "error", greatest(d."updated_at", c."started_at", c."answered_at") as "updated_at"`;

interface DeliveryRow {
  id: number;
  phone: string;
  name: string;
  text: string;
  type: string;
  files: number;
  status: string;
  mid: string | null;
  error: string | null;
  updated_at: Date;
}

const deliveryOf = ({ updated_at, ...row }: DeliveryRow): DeliveryDto => ({
  id: row.id,
  phone: row.phone,
  name: row.name,
  text: row.text,
  type: row.type,
  files: Number(row.files),
  status: row.status,
  mid: row.mid,
  error: row.error,
  updatedAt: new Date(updated_at).toISOString(),
});

/** Every status's count, none left out (a status no delivery has is missing from the database's answer). */
function deliveryCounts(counts: Partial<Record<DeliveryStatus, number | string>>): DeliveryCountsDto {
  const count = (status: DeliveryStatus) => Number(counts[status] ?? 0);
  return {
    queued: count('queued'),
    sending: count('sending'),
    sent: count('sent'),
    delivered: count('delivered'),
    failed: count('failed'),
    unknown: count('unknown'),
    cancelled: count('cancelled'),
  };
}
