import { defineEntity, p } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';
import type { GatewayEndpoint } from './domain/gateway-batches.js';
import type { MessageType } from '@job-casting/rules';
import { SenderNumber } from './sender-number.entity.js';

const inList = (column: string, values: readonly string[]) =>
  `${column} in (${values.map((value) => `'${value}'`).join(', ')})`;

export const CHANNELS = ['sms', 'kakao'] as const;
export type Channel = (typeof CHANNELS)[number];

/**
 * scheduled: waits for its time (a delayed job); queued: to be sent now; sending: the worker has it; completed:
 * every delivery has its outcome; cancelled: stopped before it started; failed: stopped for good (the reason kept).
 */
export const SEND_STATES = ['scheduled', 'queued', 'sending', 'completed', 'cancelled', 'failed'] as const;
export type SendState = (typeof SEND_STATES)[number];

/** One send staff started: its channel, sender and time; one delivery per message the gateway carries. */
export const MessageSendSchema = defineEntity({
  name: 'MessageSend',
  tableName: 'message_send',
  properties: {
    id: p.integer().primary().autoincrement(),
    createdBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    channel: p.string().length(10).$type<Channel>().check(inList('channel', CHANNELS)),
    senderNumber: () => p.manyToOne(SenderNumber).nullable().deleteRule('set null'),
    senderPhone: p.string().length(20),
    senderName: p.string().length(100).default(''),
    /** The sender number's gateway key at the time of sending, sealed; null means the configured default key. */
    apiKeyEncrypted: p.text().nullable(),
    advertising: p.boolean().default(false),
    scheduledAt: p.datetime().nullable(),
    state: p.string().length(10).$type<SendState>().check(inList('state', SEND_STATES)),
    total: p.integer(),
    error: p.string().length(1000).nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
    startedAt: p.datetime().nullable(),
    finishedAt: p.datetime().nullable(),
    /** The request's Idempotency-Key, unique per staff member: a repeated request answers with this send. */
    idempotencyKey: p.string().length(255).nullable(),
    /** What tells that request from another under the same key. */
    requestHash: p.string().length(64).nullable(),
    /** The recipients left out by the opt-out and consent register, with why (consent/consent.service.ts). */
    excluded: p.json<{ phone: string; name: string; reason: string }[]>().defaultRaw(`'[]'`),
    /** The send whose failed messages this one sends again. */
    resendOf: () => p.manyToOne(MessageSend).nullable().deleteRule('set null'),
  },
  indexes: [
    { name: 'message_send_created_index', properties: ['createdAt', 'id'] },
    { name: 'message_send_resend_of_index', properties: ['resendOf'], where: 'resend_of_id is not null' },
  ],
  uniques: [
    {
      name: 'message_send_idempotency_unique',
      properties: ['createdBy', 'idempotencyKey'],
      where: 'idempotency_key is not null',
    },
  ],
});
export class MessageSend extends MessageSendSchema.class {}
MessageSendSchema.setClass(MessageSend);

/**
 * What the API shows of each delivery. queued: not handed to the gateway yet; sending: in a gateway call whose
 * answer is not known yet; sent: the gateway took it, its delivery report not in yet; delivered: the gateway's
 * records say it arrived; failed: the gateway refused it, the carrier could not deliver it, or its send stopped
 * before it left (the reason kept); unknown: the gateway's records could not say, or no report came in 72 hours;
 * cancelled: its send was cancelled.
 */
export const DELIVERY_STATUSES = ['queued', 'sending', 'sent', 'delivered', 'failed', 'unknown', 'cancelled'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const MESSAGE_TYPES = ['SMS', 'LMS', 'MMS'] as const;

/**
 * One gateway call, planned when its send is recorded: every delivery belongs to one call from the start, and
 * shares its call's state until the gateway names it as failed. So a call that leaves or is answered writes one
 * row, not one per message. planned: not made yet (also after it proved never to have arrived); sending: made,
 * its answer not recorded (looked up in the gateway's records before anything is sent again); accepted: the
 * gateway took it; failed: refused by the gateway, or its send stopped before it left; unknown: the gateway's
 * records cannot say; cancelled: its send was cancelled before it left.
 */
export const GATEWAY_CALL_STATES = ['planned', 'sending', 'accepted', 'failed', 'unknown', 'cancelled'] as const;
export type GatewayCallState = (typeof GATEWAY_CALL_STATES)[number];

export const GatewayCallSchema = defineEntity({
  name: 'GatewayCall',
  tableName: 'gateway_call',
  properties: {
    id: p.integer().primary().autoincrement(),
    send: () => p.manyToOne(MessageSend).deleteRule('cascade').index(),
    /** The gateway endpoint: send, send_mass or kakao. */
    endpoint: p.string().length(20).$type<GatewayEndpoint>(),
    state: p.string().length(10).$type<GatewayCallState>().check(inList('state', GATEWAY_CALL_STATES)),
    /** How many deliveries the call carries. */
    size: p.integer(),
    /** The gateway's message id (mid): one call's only, so that a lookup cannot give one send to two calls. */
    mid: p.string().length(40).nullable().unique(),
    successCount: p.integer().default(0),
    errorCount: p.integer().default(0),
    /** Why the call failed or is unknown; for a call still sending, why its answer is missing. */
    error: p.string().length(1000).nullable(),
    /** When it was planned, then when it was last made. */
    startedAt: p.datetime().defaultRaw('now()'),
    answeredAt: p.datetime().nullable(),
    /** How many times its deliveries' reports were looked up in the gateway's records since it was accepted. */
    lookups: p.integer().default(0),
    /** When every delivery of the accepted call had a final state (delivered, failed, unknown); null until then. */
    reportsFinalAt: p.datetime().nullable(),
  },
  // The accepted calls still waiting for reports, for the sweep that keeps their look-ups going.
  indexes: [
    {
      name: 'gateway_call_awaiting_reports_index',
      properties: ['id'],
      where: `state = 'accepted' and reports_final_at is null`,
    },
  ],
});
export class GatewayCall extends GatewayCallSchema.class {}
GatewayCallSchema.setClass(GatewayCall);

export const MessageDeliverySchema = defineEntity({
  name: 'MessageDelivery',
  tableName: 'message_delivery',
  properties: {
    id: p.integer().primary().autoincrement(),
    send: () => p.manyToOne(MessageSend).deleteRule('cascade'),
    /** Digits only. */
    phone: p.string().length(20),
    name: p.string().length(200).default(''),
    /** The final text, as the recipient gets it. */
    text: p.text(),
    type: p.string().length(3).$type<MessageType>().check(inList('type', MESSAGE_TYPES)),
    /** message_file ids. */
    files: p.json<string[]>(),
    call: () => p.manyToOne(GatewayCall).deleteRule('cascade').index(),
    /** Its own status where it differs from its call's (a number the gateway names as failed); null otherwise. */
    status: p.string().length(10).$type<DeliveryStatus>().nullable().check(inList('status', DELIVERY_STATUSES)),
    error: p.string().length(1000).nullable(),
    updatedAt: p.datetime().defaultRaw('now()'),
  },
  indexes: [
    { name: 'message_delivery_send_index', properties: ['send', 'id'] },
    // A person's outreach history, by number.
    { name: 'message_delivery_phone_index', properties: ['phone', 'id'] },
    // The few deliveries whose status is their own, counted beside their calls'.
    { name: 'message_delivery_own_status_index', properties: ['send'], where: 'status is not null' },
  ],
});
export class MessageDelivery extends MessageDeliverySchema.class {}
MessageDeliverySchema.setClass(MessageDelivery);

/** SQL for the status a call gives its deliveries (`call` is the gateway_call alias). */
export const callDeliveryStatusSql = (call: string) =>
  `(case ${call}."state" when 'planned' then 'queued' when 'accepted' then 'sent' else ${call}."state" end)`;

/** SQL for a delivery's status: its own where it has one, its call's otherwise. */
export const deliveryStatusSql = (delivery: string, call: string) =>
  `coalesce(${delivery}."status", ${callDeliveryStatusSql(call)})`;

/** What a look-up found of one delivery: its final state, with the time the gateway gives and where it was read. */
export const DELIVERY_EVENT_STATUSES = ['delivered', 'failed', 'unknown'] as const;
export type DeliveryEventStatus = (typeof DELIVERY_EVENT_STATUSES)[number];

/**
 * A delivery's path after the gateway took it, one row per change (its acceptance is its call's answer, so it has
 * no row of its own). One row per status per delivery: a look-up run twice records nothing twice.
 */
export const MessageDeliveryEventSchema = defineEntity({
  name: 'MessageDeliveryEvent',
  tableName: 'message_delivery_event',
  properties: {
    id: p.integer().primary().autoincrement(),
    delivery: () => p.manyToOne(MessageDelivery).deleteRule('cascade'),
    status: p.string().length(10).$type<DeliveryEventStatus>().check(inList('status', DELIVERY_EVENT_STATUSES)),
    /** In plain words: the carrier's reason of a failure, how a message arrived (e.g. as SMS), why it is unknown. */
    detail: p.string().length(1000).nullable(),
    /** Where it was learnt: sms_list, kakao-history, or clock (72 hours without a report). */
    source: p.string().length(20),
    /** The gateway's own words for the state (e.g. 전송실패), as it gave them. */
    gatewayState: p.string().length(100).nullable(),
    /** When it happened, as the gateway reports it (else when it was learnt). */
    occurredAt: p.datetime(),
    recordedAt: p.datetime().defaultRaw('now()'),
  },
  uniques: [{ name: 'message_delivery_event_status_unique', properties: ['delivery', 'status'] }],
});
export class MessageDeliveryEvent extends MessageDeliveryEventSchema.class {}
MessageDeliveryEventSchema.setClass(MessageDeliveryEvent);
