import { defineEntity, p } from '@mikro-orm/core';
import { MailAccount } from '../mail-accounts/mail-account.entity.js';

/**
 * How far the watch of replies and bounces has read a mail account's mailbox: Gmail's history id it goes on from.
 * Gone with the account.
 */
export const GmailWatchCursorSchema = defineEntity({
  name: 'GmailWatchCursor',
  tableName: 'gmail_watch_cursor',
  properties: {
    account: () => p.manyToOne(MailAccount).primary().deleteRule('cascade'),
    /** Gmail's history id (an unsigned 64-bit number, as text). */
    historyId: p.string().length(20),
    updatedAt: p.datetime(),
  },
});
export class GmailWatchCursor extends GmailWatchCursorSchema.class {}
GmailWatchCursorSchema.setClass(GmailWatchCursor);
