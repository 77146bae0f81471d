// What a backup and a restore read of the database's own schema (the connection's current schema), from
// PostgreSQL's catalog: so that a table, a column or a sequence a migration adds is backed up without a word.
import type pg from 'pg';

/**
 * How the values are written and read as text, set the same on both sides: ISO dates in UTC, floats to the last
 * digit, bytea as hex. With them the COPY text format carries every value exactly.
 */
export const COPY_SETTINGS = [
  `set local datestyle = 'ISO, YMD'`,
  `set local intervalstyle = 'postgres'`,
  `set local timezone = 'UTC'`,
  `set local extra_float_digits = 3`,
  `set local bytea_output = 'hex'`,
  `set local client_encoding = 'UTF8'`,
];

/** Objects an extension brought (pg_trgm's functions) belong to the extension, not to the application. */
const notFromExtension = (catalog: string, oid: string) =>
  `not exists (select 1 from pg_depend d where d.classid = '${catalog}'::regclass and d.objid = ${oid} and d.deptype = 'e')`;

export interface TableOfSchema {
  name: string;
  columns: string[];
}

/**
 * A table a migration marked derived (its comment starts so) is kept by triggers from other tables' rows and has a
 * function `<table>_rebuild()` that counts it afresh from them. A backup leaves it out; a restore, which loads the
 * rows with their triggers off, calls that function once they are in.
 */
const DERIVED_TABLE_COMMENT = 'derived:';
const isDerived = (oid: string) => `coalesce(obj_description(${oid}, 'pg_class'), '') like '${DERIVED_TABLE_COMMENT}%'`;

/** The rebuild functions of the schema's derived tables, as statements that call them. */
export async function derivedTableRebuilds(client: pg.ClientBase): Promise<string[]> {
  const tables = await client.query<{ name: string }>(`
    select c.relname as name from pg_class c
    where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r' and ${isDerived('c.oid')}
    order by c.relname collate "C"`);
  return tables.rows.map(({ name }) => `select ${client.escapeIdentifier(`${name}_rebuild`)}()`);
}

/**
 * The schema's tables with their stored columns (generated ones are computed again), each after the tables it
 * refers to, else by name: loaded in this order, every foreign key finds its row. A table referring to itself
 * is loaded by one COPY, whose checks run at its end. Derived tables are not among them.
 */
export async function tablesInLoadOrder(client: pg.ClientBase): Promise<TableOfSchema[]> {
  const tables = await client.query<{ oid: number; name: string; columns: string[] }>(`
    select c.oid::int as oid, c.relname as name,
      array(select a.attname::text from pg_attribute a
            where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '' order by a.attnum) as columns
    from pg_class c
    where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r' and ${notFromExtension('pg_class', 'c.oid')}
      and not ${isDerived('c.oid')}
    order by c.relname collate "C"`);
  const references = await client.query<{ table: number; refers: number }>(`
    select conrelid::int as table, confrelid::int as refers from pg_constraint
    where contype = 'f' and conrelid <> confrelid and connamespace = current_schema()::regnamespace`);
  const refersTo = new Map<number, number[]>();
  for (const { table, refers } of references.rows) refersTo.set(table, [...(refersTo.get(table) ?? []), refers]);

  const ordered: TableOfSchema[] = [];
  const placed = new Set<number>();
  const visiting = new Set<number>();
  const byOid = new Map(tables.rows.map((table) => [table.oid, table]));
  const place = (oid: number) => {
    const table = byOid.get(oid);
    // A cycle of references (none today) cannot be ordered; its tables go in by name and the load says which row fails.
    if (!table || placed.has(oid) || visiting.has(oid)) return;
    visiting.add(oid);
    for (const parent of refersTo.get(oid) ?? []) place(parent);
    visiting.delete(oid);
    placed.add(oid);
    ordered.push({ name: table.name, columns: table.columns });
  };
  for (const table of tables.rows) place(table.oid);
  return ordered;
}

/** Every sequence of the schema with its last value (null when never used). */
export async function sequenceValues(client: pg.ClientBase): Promise<{ name: string; lastValue: string | null }[]> {
  const result = await client.query<{ name: string; lastValue: string | null }>(`
    select sequencename as name, last_value::text as "lastValue" from pg_sequences
    where schemaname = current_schema() order by sequencename collate "C"`);
  return result.rows;
}

/** The application's objects in the schema, each with the statement that drops it (and what depends on it). */
export async function schemaObjects(client: pg.ClientBase): Promise<{ name: string; drop: string }[]> {
  const result = await client.query<{ name: string; drop: string }>(`
    select name, drop from (
    select c.relname::text as name,
      format('drop %s if exists %I cascade', case c.relkind when 'v' then 'view' when 'm' then 'materialized view'
        when 'S' then 'sequence' when 'f' then 'foreign table' else 'table' end, c.relname) as drop,
      case c.relkind when 'r' then 0 when 'p' then 0 when 'f' then 0 else 1 end as pass
    from pg_class c
    where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
      and not c.relispartition and ${notFromExtension('pg_class', 'c.oid')}
    union all
    select p.proname::text, format('drop routine if exists %s cascade', p.oid::regprocedure), 2
    from pg_proc p where p.pronamespace = current_schema()::regnamespace and ${notFromExtension('pg_proc', 'p.oid')}
    union all
    select t.typname::text, format('drop type if exists %s cascade', t.oid::regtype), 3
    from pg_type t
    where t.typnamespace = current_schema()::regnamespace and t.typtype in ('e', 'd', 'r', 'm', 'c')
      and (t.typtype <> 'c' or (select relkind from pg_class where oid = t.typrelid) = 'c')
      and ${notFromExtension('pg_type', 't.oid')}
    ) objects order by pass, name collate "C"`);
  return result.rows;
}
