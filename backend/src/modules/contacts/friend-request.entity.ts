import { defineEntity, p } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';
import { AddressBook } from './address-book.entity.js';
import { Contact } from './contact.entity.js';

/** A batch of KakaoTalk friend additions staff saved, worked through item by item by a person or an automation. */
export const FriendRequestBatchSchema = defineEntity({
  name: 'FriendRequestBatch',
  tableName: 'friend_request_batch',
  properties: {
    id: p.integer().primary().autoincrement(),
    addressBook: () => p.manyToOne(AddressBook).deleteRule('cascade'),
    createdBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});
export class FriendRequestBatch extends FriendRequestBatchSchema.class {}
FriendRequestBatchSchema.setClass(FriendRequestBatch);

export const FRIEND_REQUEST_STATUSES = ['pending', 'done', 'failed'] as const;
export type FriendRequestStatus = (typeof FRIEND_REQUEST_STATUSES)[number];

/** One contact to add as a friend, with the phone and name as they were when the batch was saved. */
export const FriendRequestItemSchema = defineEntity({
  name: 'FriendRequestItem',
  tableName: 'friend_request_item',
  properties: {
    id: p.integer().primary().autoincrement(),
    batch: () => p.manyToOne(FriendRequestBatch).deleteRule('cascade'),
    contact: () => p.manyToOne(Contact).deleteRule('cascade').index(),
    phoneNumber: p.string().length(100),
    contactName: p.string().length(200),
    status: p
      .string()
      .length(10)
      .$type<FriendRequestStatus>()
      .default('pending')
      .check(`status in (${FRIEND_REQUEST_STATUSES.map((status) => `'${status}'`).join(', ')})`),
    error: p.string().length(1000).nullable(),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onUpdate(() => new Date()),
  },
  indexes: [{ name: 'friend_request_item_batch_index', properties: ['batch', 'id'] }],
});
export class FriendRequestItem extends FriendRequestItemSchema.class {}
FriendRequestItemSchema.setClass(FriendRequestItem);
