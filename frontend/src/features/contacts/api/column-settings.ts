import type { Schemas } from '@job-casting/contracts';
import useSWR, { mutate } from 'swr';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/api-error.ts';
import { columnSettingsKey } from './contacts-keys.ts';

export type ColumnSetting = Schemas['ColumnSettingDto'];

async function fetchColumnSettings(): Promise<ColumnSetting[] | null> {
  return unwrap(await api.GET('/backend/api/v1/contact-column-settings')).columns;
}

/** The staff member's saved columns, or null for the default. */
export function useColumnSettings() {
  return useSWR(columnSettingsKey, fetchColumnSettings, { revalidateOnFocus: false });
}

/** PUT contact-column-settings; the cache shows the new columns at once. */
export async function saveColumnSettings(columns: ColumnSetting[]): Promise<void> {
  await mutate(columnSettingsKey, columns, { revalidate: false });
  const saved = unwrap(await api.PUT('/backend/api/v1/contact-column-settings', { body: { columns } })).columns;
  await mutate(columnSettingsKey, saved, { revalidate: false });
}
