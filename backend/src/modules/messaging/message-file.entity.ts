import { defineEntity, p } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';

/** A picture uploaded for messages (JPEG, PNG or GIF); its bytes live in the file storage under storageKey. */
export const MessageFileSchema = defineEntity({
  name: 'MessageFile',
  tableName: 'message_file',
  properties: {
    id: p.uuid().primary(),
    name: p.string().length(255),
    /** The folder it was picked from, in bundle mode ('' otherwise). */
    folder: p.string().length(255).default(''),
    mimeType: p.string().length(40),
    size: p.integer(),
    storageKey: p.string().length(300),
    uploadedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});
export class MessageFile extends MessageFileSchema.class {}
MessageFileSchema.setClass(MessageFile);
