import { defineEntity, p } from '@mikro-orm/core';
import { recordVersionTrigger } from '../../platform/database/record-versions.js';
import { User } from '../users/user.entity.js';
import { ATTACHMENT_MODES, type AttachmentMode } from './domain/attachments.js';

/** A text message staff reuse, with its pictures (message_file ids); shared by all staff, like e-mail templates. */
export const MessageTemplateSchema = defineEntity({
  name: 'MessageTemplate',
  tableName: 'message_template',
  properties: {
    /** The client makes it (from the current time, spec §3); the server makes one when none is given. */
    id: p.string().length(40).primary(),
    title: p.string().length(200),
    message: p.text(),
    fileType: p
      .string()
      .length(10)
      .$type<AttachmentMode>()
      .default('bundle')
      .check(`file_type in (${ATTACHMENT_MODES.map((mode) => `'${mode}'`).join(', ')})`),
    files: p.json<string[]>(),
    createdBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onUpdate(() => new Date()),
    /** platform/database/record-versions.ts: raised by the trigger on every change of the template. */
    version: p.integer().version(),
    fieldVersions: p.json<Record<string, number>>().defaultRaw(`'{}'`),
  },
  triggers: [recordVersionTrigger('message_template', ['title', 'message', 'file_type', 'files'])],
});
export class MessageTemplate extends MessageTemplateSchema.class {}
MessageTemplateSchema.setClass(MessageTemplate);
