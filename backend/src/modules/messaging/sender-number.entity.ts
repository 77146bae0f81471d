import { defineEntity, p } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';

/**
 * A phone number a staff member sends from (registered with the gateway), with the gateway key that goes with it,
 * sealed by SecretBox. Each staff member has at most ten and exactly one default once they have any.
 */
export const SenderNumberSchema = defineEntity({
  name: 'SenderNumber',
  tableName: 'sender_number',
  properties: {
    id: p.integer().primary().autoincrement(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    /** Digits only. */
    phone: p.string().length(20),
    name: p.string().length(100).default(''),
    apiKeyEncrypted: p.text().nullable(),
    /** The key's last characters, so that lists show it masked without opening it. */
    apiKeyHint: p.string().length(8).default(''),
    isDefault: p.boolean().default(false),
    createdAt: p.datetime().defaultRaw('now()'),
  },
  uniques: [
    { name: 'sender_number_user_phone_unique', properties: ['user', 'phone'] },
    // At most one default per staff member, whatever two requests do at once.
    { name: 'sender_number_user_default_unique', properties: ['user'], where: 'is_default' },
  ],
});
export class SenderNumber extends SenderNumberSchema.class {}
SenderNumberSchema.setClass(SenderNumber);
