import { defineEntity, p } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';

export interface ColumnSetting {
  id: string;
  name: string;
  width: number;
  visible: boolean;
}

/** Each staff member's contact-table columns (spec §3 Column setting). */
export const ContactColumnSettingsSchema = defineEntity({
  name: 'ContactColumnSettings',
  tableName: 'contact_column_settings',
  properties: {
    user: () => p.manyToOne(User).primary().deleteRule('cascade'),
    columns: p.json<ColumnSetting[]>(),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export class ContactColumnSettings extends ContactColumnSettingsSchema.class {}
ContactColumnSettingsSchema.setClass(ContactColumnSettings);
