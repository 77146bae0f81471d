import { defineEntity, p } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';

/**
 * A connected Gmail account, shared by the agency's staff. Its Google refresh token is kept only encrypted
 * (platform/crypto/secret-box); an account Google refused (invalid_grant) waits for re-authentication.
 */
export const MailAccountSchema = defineEntity({
  name: 'MailAccount',
  tableName: 'mail_account',
  properties: {
    id: p.integer().primary().autoincrement(),
    email: p.string().length(254).unique(),
    name: p.string().length(200),
    picture: p.string().length(2048).nullable(),
    googleUserId: p.string().length(64),
    refreshTokenEncrypted: p.text().hidden(),
    scopes: p.text(),
    needsReauth: p.boolean().default(false),
    /** Gmail's daily sending limit of the account (domain/daily-limit.ts), counted over a rolling 24 hours. */
    dailyLimit: p.integer().default(500),
    connectedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class MailAccount extends MailAccountSchema.class {}
MailAccountSchema.setClass(MailAccount);
