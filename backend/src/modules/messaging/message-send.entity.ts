import { defineEntity, p } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';
import type { MessageType } from './domain/message-bytes.js';
import { SenderNumber } from './sender-number.entity.js';

const inList = (column: string, values: readonly string[]) => `${column} in (${values.map((value) => `'${value}'`).join(', ')})`;

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
  },
  indexes: [{ name: 'message_send_created_index', properties: ['createdAt', 'id'] }],
});
export class MessageSend extends MessageSendSchema.class {}
MessageSendSchema.setClass(MessageSend);

/**
 * queued: not handed to the gateway yet; sending: in a gateway call whose answer is not known yet; sent: the
 * gateway took it; failed: the gateway refused it (the reason kept); unknown: the gateway's records could not say;
 * cancelled: its send was cancelled.
 */
export const DELIVERY_STATUSES = ['queued', 'sending', 'sent', 'failed', 'unknown', 'cancelled'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const MESSAGE_TYPES = ['SMS', 'LMS', 'MMS'] as const;

/** One gateway call: what it carried is known by its deliveries; its mid once the gateway answered. */
export const GATEWAY_CALL_STATES = ['sending', 'accepted', 'refused', 'unknown'] as const;
export type GatewayCallState = (typeof GATEWAY_CALL_STATES)[number];

export const GatewayCallSchema = defineEntity({
  name: 'GatewayCall',
  tableName: 'gateway_call',
  properties: {
    id: p.integer().primary().autoincrement(),
    send: () => p.manyToOne(MessageSend).deleteRule('cascade').index(),
    /** The gateway endpoint: send, send_mass or kakao. */
    endpoint: p.string().length(20),
    state: p.string().length(10).$type<GatewayCallState>().check(inList('state', GATEWAY_CALL_STATES)),
    /** The gateway's message id (mid): one call's only, so that a lookup cannot give one send to two calls. */
    mid: p.string().length(40).nullable().unique(),
    successCount: p.integer().default(0),
    errorCount: p.integer().default(0),
    error: p.string().length(1000).nullable(),
    startedAt: p.datetime().defaultRaw('now()'),
    answeredAt: p.datetime().nullable(),
  },
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
    status: p.string().length(10).$type<DeliveryStatus>().check(inList('status', DELIVERY_STATUSES)),
    call: () => p.manyToOne(GatewayCall).nullable().deleteRule('set null').index(),
    error: p.string().length(1000).nullable(),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onUpdate(() => new Date()),
  },
  // Not by status: a change of status alone then updates the row in place (HOT, with the table's fill factor of 70
  // from its migration), without new index entries: each message changes status twice on its way out.
  indexes: [{ name: 'message_delivery_send_index', properties: ['send', 'id'] }],
});
export class MessageDelivery extends MessageDeliverySchema.class {}
MessageDeliverySchema.setClass(MessageDelivery);
