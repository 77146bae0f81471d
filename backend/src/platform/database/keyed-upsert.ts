import type { EntityManager } from '@mikro-orm/postgresql';

/** What an import did: rows new, rows whose data changed, rows already as the source has them. */
export interface UpsertCounts {
  created: number;
  updated: number;
  unchanged: number;
}

interface Column {
  column: string;
  /** Its type in jsonb_to_recordset, e.g. `text`, `timestamptz`. */
  type: string;
}

/** A table that imports write by a natural key, skipping rows whose `content_hash` has not changed. */
export interface KeyedTable {
  table: string;
  key: Column;
  /** The data columns, `content_hash` among them. */
  columns: readonly Column[];
  /** Set to now() on insert only (besides `updated_at`, set on every real change). */
  createdAtColumn: string;
}

/** Rows per statement: each row is one JSON object inside one parameter. */
const BATCH_SIZE = 500;

function upsertSql({ table, key, columns, createdAtColumn }: KeyedTable): string {
  const names = columns.map((c) => `"${c.column}"`).join(', ');
  return `
    insert into "${table}" ("${key.column}", ${names}, "${createdAtColumn}", "updated_at")
    select "${key.column}", ${names}, now(), now()
    from jsonb_to_recordset(?::jsonb) as x("${key.column}" ${key.type}, ${columns.map((c) => `"${c.column}" ${c.type}`).join(', ')})
    on conflict ("${key.column}") do update set
      ${columns.map((c) => `"${c.column}" = excluded."${c.column}"`).join(', ')}, "updated_at" = excluded."updated_at"
    where "${table}"."content_hash" is distinct from excluded."content_hash"
    returning (xmax = 0) as "inserted"`;
}

/** How upsertByKey reads the items it writes. */
export interface KeyedItems<T> {
  items: readonly T[];
  keyOf: (item: T) => string;
  /** The content_hash the item will have. */
  hashOf: (item: T) => string;
  /** The item's columns, the key column and content_hash included. */
  toRow: (item: T) => Record<string, unknown>;
}

/**
 * Writes items in one transaction, in batches: new keys are inserted, a known key whose content_hash differs is
 * updated, an equal hash is left alone (and not even mapped: a re-import of an unchanged sheet writes nothing).
 * Items repeating a key count once (the last one wins). While the database writes one batch, the next is
 * prepared, so the mapping (sanitising, say) runs beside the database rather than before it. `onProgress` hears
 * the items done after each batch.
 */
export async function upsertByKey<T>(
  em: EntityManager,
  target: KeyedTable,
  { items, keyOf, hashOf, toRow }: KeyedItems<T>,
  onProgress?: (done: number, total: number) => Promise<void> | void,
): Promise<UpsertCounts> {
  const byKey = new Map<string, T>();
  for (const item of items) byKey.set(keyOf(item), item);
  const sql = upsertSql(target);
  let created = 0;
  let updated = 0;
  let unchanged = 0;
  await em.fork().transactional(async (tx) => {
    const stored = await tx.execute<{ key: string; hash: string }[]>(
      `select "${target.key.column}" as "key", "content_hash" as "hash" from "${target.table}" where "${target.key.column}" in (select jsonb_array_elements_text(?::jsonb))`,
      [JSON.stringify([...byKey.keys()])],
    );
    const storedHash = new Map(stored.map((row) => [row.key, row.hash]));
    const changed = [...byKey.entries()]
      .filter(([key, item]) => storedHash.get(key) !== hashOf(item))
      .map(([, item]) => item);
    unchanged = byKey.size - changed.length;
    const batchJson = (start: number) => JSON.stringify(changed.slice(start, start + BATCH_SIZE).map(toRow));
    let next = changed.length > 0 ? batchJson(0) : null;
    for (let start = 0; next !== null; start += BATCH_SIZE) {
      const writing = tx.execute<{ inserted: boolean }[]>(sql, [next]);
      // Let the statement go out before preparing the next batch.
      await new Promise((resolve) => setImmediate(resolve));
      next = start + BATCH_SIZE < changed.length ? batchJson(start + BATCH_SIZE) : null;
      const written = await writing;
      for (const { inserted } of written) {
        if (inserted) created++;
        else updated++;
      }
      // A row another import wrote meanwhile with the same hash is left alone by the statement's where clause.
      unchanged += Math.min(BATCH_SIZE, changed.length - start) - written.length;
      await onProgress?.(unchanged + created + updated, byKey.size);
    }
    if (changed.length === 0) await onProgress?.(byKey.size, byKey.size);
  });
  return { created, updated, unchanged };
}
