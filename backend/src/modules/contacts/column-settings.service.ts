import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { type ColumnSetting, ContactColumnSettings } from './contact-column-settings.entity.js';

/** Each staff member's contact-table columns: order, width and visibility, kept across browsers. */
@Injectable()
export class ColumnSettingsService {
  constructor(private readonly em: EntityManager) {}

  async get(userId: number): Promise<ColumnSetting[] | null> {
    const settings = await this.em.fork().findOne(ContactColumnSettings, { user: userId });
    return settings?.columns ?? null;
  }

  async save(userId: number, columns: ColumnSetting[]): Promise<ColumnSetting[]> {
    const kept = columns.map(({ id, name, width, visible }) => ({ id, name, width, visible }));
    await this.em.fork().upsert(ContactColumnSettings, { user: userId, columns: kept, updatedAt: new Date() });
    return kept;
  }
}
