import { STORAGE_KEYS } from '../../../lib/storage.ts';

/**
 * The contact ids the address book's Send Selected Items left for the sender (spec §4), taken once: the key is
 * removed as it is read. Anything that is not a list of ids reads as none.
 */
export function takeStoredContactIds(storage: Storage = localStorage): number[] {
  const raw = storage.getItem(STORAGE_KEYS.selectedContactsForMessage);
  if (raw === null) return [];
  storage.removeItem(STORAGE_KEYS.selectedContactsForMessage);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const ids = parsed.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0);
  return [...new Set(ids)];
}
