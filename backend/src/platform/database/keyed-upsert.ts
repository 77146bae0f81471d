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

/**
 * Writes `rows` (objects keyed by column name, the key column included) in one transaction, in batches: new keys
 * are inserted, a known key whose content_hash differs is updated, an equal hash is left alone. Rows repeating a
 * key count once (the last one wins). `onProgress` hears the rows written after each batch.
 */
export async function upsertByKey(
  em: EntityManager,
  target: KeyedTable,
  rows: readonly Record<string, unknown>[],
  onProgress?: (done: number, total: number) => Promise<void> | void,
): Promise<UpsertCounts> {
  const byKey = new Map<unknown, Record<string, unknown>>();
  for (const row of rows) byKey.set(row[target.key.column], row);
  const unique = [...byKey.values()];
  const sql = upsertSql(target);
  let created = 0;
  let updated = 0;
  await em.fork().transactional(async (tx) => {
    for (let start = 0; start < unique.length; start += BATCH_SIZE) {
      const batch = unique.slice(start, start + BATCH_SIZE);
      const written = await tx.execute<{ inserted: boolean }[]>(sql, [JSON.stringify(batch)]);
      for (const { inserted } of written) {
        if (inserted) created++;
        else updated++;
      }
      await onProgress?.(start + batch.length, unique.length);
    }
  });
  return { created, updated, unchanged: unique.length - created - updated };
}
