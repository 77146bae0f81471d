// How a batch of an import's rows reaches the book in each mode, set-based: the rows are COPYed into a temporary
// table, matched to the book's contacts by phone digits in one join (on contact_book_phone_index), then added,
// left out or written onto their contacts by a statement each. Nothing here runs a query per row.
import type pg from 'pg';
import type { ContactImportMode } from './contact-import.entity.js';
import { TEXT_ARRAY_PARAM } from '../../platform/database/sql-arrays.js';
import { IMPORT_COPY_COLUMNS } from './contact-rows.js';
import { IMPORTED_COLUMNS, quoted } from './domain/import-columns.js';

/** The session's table of the batch's rows (its lines are those of CONTACT_COPY_SQL); emptied at each commit. */
const ROWS = 'contact_import_rows';
/** The session's table of the batch's matched contacts, each with the values the rows give it. */
const MATCHES = 'contact_import_matches';

const copied = IMPORT_COPY_COLUMNS.map((column) => `"${column}"`).join(', ');
const textType = (integer?: true) => (integer ? 'int' : 'text');
const COPIED_TYPES: Record<string, string> = {
  address_book_id: 'int',
  group_id: 'int',
  checked: 'boolean',
  import_id: 'uuid',
};

/** COPY of a batch's lines into the rows table (CONTACT_COPY_SQL when the mode adds every row). */
export const ROWS_COPY_SQL = `copy "${ROWS}" (${copied}) from stdin`;

/** Creates the session's tables, once per connection of an import that matches. */
export async function prepareMatching(client: pg.Client): Promise<void> {
  await client.query(
    `create temporary table if not exists "${ROWS}" ("position" int generated always as identity, "matched" boolean not null default false,
       ${IMPORT_COPY_COLUMNS.map((column) => `"${column}" ${COPIED_TYPES[column] ?? 'text'}`).join(', ')}) on commit delete rows`,
  );
  await client.query(
    `create temporary table if not exists "${MATCHES}" ("contact_id" int primary key,
       ${IMPORTED_COLUMNS.map(({ column, integer }) => `"${column}" ${textType(integer)}`).join(', ')}) on commit delete rows`,
  );
}

/**
 * The book's contacts a row matches: live, with the same phone digits, and not added by this import (a row never
 * matches another row of its own file, whatever batch it is in). A row without a phone matches nothing.
 */
const MATCHING_CONTACT = `c."address_book_id" = r."address_book_id" and c."phone_digits" = r."phone_digits" and c."deleted_at" is null
  and c."import_id" is distinct from r."import_id"`;

export interface BatchResult {
  added: number;
  matchedRows: number;
}

/**
 * Writes the batch COPYed into the rows table, inside the caller's transaction. `update` gives each matched contact
 * the row's non-empty cells (when several rows match one contact, the last non-empty cell of each field), and
 * records the values it replaced; a row matching several contacts (duplicates not merged yet) updates them all.
 */
export async function writeMatchedBatch(
  client: pg.Client,
  importId: string,
  mode: Exclude<ContactImportMode, 'add'>,
): Promise<BatchResult> {
  // Fresh statistics of 5,000 rows cost little and let the planner join them by the phone index.
  await client.query(`analyze "${ROWS}"`);
  const matched = await client.query(
    `update "${ROWS}" r set "matched" = true where r."phone_digits" <> '' and exists (select 1 from "contact" c where ${MATCHING_CONTACT})`,
  );
  if (mode === 'update') await updateMatches(client, importId);
  const added = await client.query(
    `insert into "contact" (${copied}) select ${copied} from "${ROWS}" where not "matched" order by "position"`,
  );
  return { added: added.rowCount ?? 0, matchedRows: matched.rowCount ?? 0 };
}

async function updateMatches(client: pg.Client, importId: string): Promise<void> {
  const lastGiven = ({ column, integer }: { column: string; integer?: true }) =>
    `(array_agg(r."${column}" order by r."position" desc) filter (where r."${column}" ${integer ? 'is not null' : `<> ''`}))[1]`;
  await client.query(
    `insert into "${MATCHES}" ("contact_id", ${IMPORTED_COLUMNS.map(({ column }) => quoted(column)).join(', ')})
     select c."id", ${IMPORTED_COLUMNS.map(lastGiven).join(', ')}
     from "${ROWS}" r join "contact" c on ${MATCHING_CONTACT} where r."matched" group by c."id"`,
  );
  // In id order, as every multi-row write of contacts locks them: a staff save meanwhile waits, then sees a new version.
  await client.query(
    `select c."id" from "contact" c join "${MATCHES}" m on m."contact_id" = c."id" order by c."id" for update of c`,
  );
  const columns = IMPORTED_COLUMNS.map(({ column }) => quoted(column));
  const differs = columns
    .map((column) => `(m.${column} is not null and m.${column} is distinct from c.${column})`)
    .join(' or ');
  const recorded = (from: string) =>
    columns
      .map(
        (column) =>
          `case when o.${column} is distinct from n.${column} then jsonb_build_object('${column.slice(1, -1)}', ${from}.${column}) else '{}'::jsonb end`,
      )
      .join(' || ');
  // `old` reads the contacts as the statement found them, before `changed` writes them: the values replaced.
  await client.query(
    `with "old" as (select c."id", ${columns.map((column) => `c.${column}`).join(', ')} from "contact" c join "${MATCHES}" m on m."contact_id" = c."id"),
     "changed" as (
       update "contact" c set ${columns.map((column) => `${column} = coalesce(m.${column}, c.${column})`).join(', ')}, "updated_at" = now()
       from "${MATCHES}" m where c."id" = m."contact_id" and c."deleted_at" is null and (${differs})
       returning c."id", c."version", ${columns.map((column) => `c.${column}`).join(', ')})
     insert into "contact_import_update" ("import_id", "contact_id", "before", "after", "version")
     select $1, n."id", ${recorded('o')}, ${recorded('n')}, n."version" from "changed" n join "old" o on o."id" = n."id"
     on conflict ("import_id", "contact_id") do update set "before" = excluded."before" || "contact_import_update"."before",
       "after" = "contact_import_update"."after" || excluded."after", "version" = excluded."version"`,
    [importId],
  );
}

/**
 * For the preview: of these phone digits (one per row of a file), how many match a contact of the book, and how
 * many contacts they match. Parameters: the digits (textArray), the book's id, the book's id, the digits again.
 */
export const PREVIEW_MATCHES_SQL = `select
    (select count(*)::int from jsonb_array_elements_text(?::jsonb) d("digits") where d."digits" <> ''
       and exists (select 1 from "contact" c where c."address_book_id" = ? and c."phone_digits" = d."digits" and c."deleted_at" is null)) as "matchingRows",
    (select count(*)::int from "contact" c where c."address_book_id" = ? and c."deleted_at" is null and c."phone_digits" <> ''
       and c."phone_digits" = any(${TEXT_ARRAY_PARAM})) as "matchedContacts"`;
