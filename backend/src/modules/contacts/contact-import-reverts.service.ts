import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { intArray } from '../../platform/database/sql-arrays.js';
import { AddressBooksService } from './address-books.service.js';
import type { ContactImportRevertReport } from './contact-import.entity.js';
import { lockContacts } from './contact-rows.js';
import { fieldsOfColumns, IMPORTED_COLUMNS, quoted } from './domain/import-columns.js';
import type { BookImportDto, ContactImportRevertReportDto } from './dto/contact-import.dto.js';

export const IMPORT_REVERT_MESSAGES = {
  notFound: 'No such import in this address book.',
  running: 'This import has not finished yet. It can be reverted once it is done.',
  reverted: 'This import is already reverted. Restore it first to revert it again.',
  notReverted: 'This import is not reverted, so there is nothing to restore.',
} as const;

/** The imports listed per book. */
const LISTED = 20;
/** The contacts a report names one by one (the count is always whole). */
const KEPT_NAMED = 100;

type Direction = 'revert' | 'restore';

/**
 * Reverting an import, as EspoCRM does: its added contacts are removed (kept as deleted rows, as every delete here)
 * and its updated contacts get their values from before it back. Fields staff changed after the import are left
 * as staff made them and named in the report. A revert can itself be undone (Restore): the removed contacts come
 * back and the restored fields get the import's values again, by the same rule.
 */
@Injectable()
export class ContactImportRevertsService {
  constructor(
    private readonly em: EntityManager,
    private readonly books: AddressBooksService,
  ) {}

  /** The book's latest imports (uploads never started are not imports yet). */
  async list(addressBookId: number): Promise<BookImportDto[]> {
    await this.books.require(addressBookId);
    return this.em.fork().execute<BookImportDto[]>(
      `select i."id", i."file_name" as "fileName", i."state", i."mode", u."name" as "userName", i."created_at" as "createdAt",
         i."finished_at" as "finishedAt", i."imported", i."matched_rows" as "matchedRows", i."updated", i."reverted_at" as "revertedAt",
         r."name" as "revertedBy", i."revert_report" as "lastReport",
         (select count(*)::int from "contact" c where c."import_id" = i."id" and c."deleted_at" is null) as "addedInBook"
       from "contact_import" i left join "users" u on u."id" = i."user_id" left join "users" r on r."id" = i."reverted_by_id"
       where i."address_book_id" = ? and i."state" <> 'uploaded' order by i."created_at" desc, i."id" limit ${LISTED}`,
      [addressBookId],
    );
  }

  revert(addressBookId: number, importId: string, userId: number): Promise<ContactImportRevertReportDto> {
    return this.em.fork().transactional(async (em) => {
      const found = await lockImport(em, addressBookId, importId);
      if (found.state !== 'completed' && found.state !== 'failed')
        throw new ConflictException(IMPORT_REVERT_MESSAGES.running);
      if (found.revertedAt) throw new ConflictException(IMPORT_REVERT_MESSAGES.reverted);
      // Locked in id order first, as every multi-row write of contacts, so that a paste or a merge waits instead of deadlocking.
      await lockContacts(em, `"import_id" = ?`, [importId]);
      // now() is the transaction's time: the contacts removed here carry the import's revertedAt exactly.
      const [{ count: removed }] = await em.execute<{ count: number }[]>(
        `with "removed" as (update "contact" set "deleted_at" = now(), "checked" = false where "import_id" = ? and "deleted_at" is null returning 1)
         select count(*)::int as "count" from "removed"`,
        [importId],
      );
      const report = { action: 'revert' as const, removed, ...(await applyRecorded(em, importId, 'revert')) };
      await em.execute(
        `update "contact_import" set "reverted_at" = now(), "reverted_by_id" = ?, "revert_report" = ? where "id" = ?`,
        [userId, JSON.stringify(report), importId],
      );
      return report;
    });
  }

  restore(addressBookId: number, importId: string): Promise<ContactImportRevertReportDto> {
    return this.em.fork().transactional(async (em) => {
      const found = await lockImport(em, addressBookId, importId);
      if (!found.revertedAt) throw new ConflictException(IMPORT_REVERT_MESSAGES.notReverted);
      // Only the contacts the revert removed: one staff deleted before it, or brought back since, stays as it is.
      const [{ count: removed }] = await em.execute<{ count: number }[]>(
        `with "back" as (update "contact" set "deleted_at" = null, "updated_at" = now()
           where "import_id" = ? and "deleted_at" = (select "reverted_at" from "contact_import" where "id" = ?) returning 1)
         select count(*)::int as "count" from "back"`,
        [importId, importId],
      );
      const report = { action: 'restore' as const, removed, ...(await applyRecorded(em, importId, 'restore')) };
      await em.execute(
        `update "contact_import" set "reverted_at" = null, "reverted_by_id" = null, "revert_report" = ? where "id" = ?`,
        [JSON.stringify(report), importId],
      );
      return report;
    });
  }
}

async function lockImport(
  em: EntityManager,
  addressBookId: number,
  importId: string,
): Promise<{ state: string; revertedAt: Date | null }> {
  const [found] = await em.execute<{ state: string; revertedAt: Date | null; addressBookId: number | null }[]>(
    `select "state", "reverted_at" as "revertedAt", "address_book_id" as "addressBookId" from "contact_import" where "id" = ? for update`,
    [importId],
  );
  // An import of another book is not found here: the route names the book it acts on.
  if (!found || found.addressBookId !== addressBookId) throw new NotFoundException(IMPORT_REVERT_MESSAGES.notFound);
  return found;
}

/**
 * Puts back, on the live contacts the import updated, the values recorded for `direction` (a revert: those from
 * before the import; a restore: the import's, on the fields the revert put back). A field whose version is newer
 * than the entry's was changed by someone since, and is kept; so is a group that no longer exists. All set-based.
 */
async function applyRecorded(
  em: EntityManager,
  importId: string,
  direction: Direction,
): Promise<Omit<ContactImportRevertReport, 'action' | 'removed'>> {
  const source = direction === 'revert' ? 'before' : 'after';
  // Locked in id order, as every multi-row write of contacts.
  await em.execute(
    `select c."id" from "contact" c join "contact_import_update" e on e."contact_id" = c."id" where e."import_id" = ? and c."deleted_at" is null order by c."id" for update of c`,
    [importId],
  );
  if (direction === 'revert')
    await em.execute(`update "contact_import_update" set "reverted_columns" = '[]' where "import_id" = ?`, [importId]);
  const candidates =
    direction === 'revert' ? `(select jsonb_agg(k) from jsonb_object_keys(e."before") k)` : `e."reverted_columns"`;
  const groupExists = `(e."${source}"->'group_id' = 'null'::jsonb or exists (select 1 from "contact_group" g where g."id" = (e."${source}"->>'group_id')::int and g."address_book_id" = c."address_book_id"))`;
  const kept = await em.execute<{ contactId: number; kept: string[] }[]>(
    `with "candidate" as (
       select e."contact_id", k."column",
         coalesce((c."field_versions"->>k."column")::int, 0) <= e."version" and (k."column" <> 'group_id' or ${groupExists}) as "applies"
       from "contact_import_update" e join "contact" c on c."id" = e."contact_id" and c."deleted_at" is null
         cross join lateral jsonb_array_elements_text(coalesce(${candidates}, '[]'::jsonb)) k("column")
       where e."import_id" = ?),
     "per_contact" as (
       select "contact_id", coalesce(jsonb_agg("column") filter (where "applies"), '[]') as "applies",
         coalesce(jsonb_agg("column") filter (where not "applies"), '[]') as "kept"
       from "candidate" group by "contact_id"),
     "marked" as (update "contact_import_update" e set "reverted_columns" = p."applies" from "per_contact" p where e."import_id" = ? and e."contact_id" = p."contact_id")
     select "contact_id" as "contactId", "kept" from "per_contact" where "kept" <> '[]'::jsonb order by "contact_id"`,
    [importId, importId],
  );
  const set = IMPORTED_COLUMNS.map(({ column, integer }) => {
    const value = integer ? `(e."${source}"->>'${column}')::int` : `e."${source}"->>'${column}'`;
    return `${quoted(column)} = case when e."reverted_columns" @> '["${column}"]' then ${value} else c.${quoted(column)} end`;
  });
  const [{ count: restored }] = await em.execute<{ count: number }[]>(
    `with "restored" as (
       update "contact" c set ${set.join(', ')}, "updated_at" = now()
       from "contact_import_update" e where e."import_id" = ? and e."contact_id" = c."id" and c."deleted_at" is null and e."reverted_columns" <> '[]'::jsonb
       returning 1)
     select count(*)::int as "count" from "restored"`,
    [importId],
  );
  // The versions the entries now stand at: a change after this one is staff's.
  await em.execute(
    `update "contact_import_update" e set "version" = c."version"${direction === 'restore' ? `, "reverted_columns" = '[]'` : ''} from "contact" c where c."id" = e."contact_id" and e."import_id" = ?`,
    [importId],
  );
  // Named as they read now that the values are put back.
  const named = kept.slice(0, KEPT_NAMED);
  const names = new Map(
    (
      await em.execute<{ id: number; name: string }[]>(
        `select "id", coalesce(nullif("contact_name", ''), "phone_number") as "name" from "contact" where "id" = any(?::int[])`,
        [intArray(named.map((row) => row.contactId))],
      )
    ).map((row) => [row.id, row.name]),
  );
  return {
    restored,
    keptCount: kept.length,
    kept: named.map((row) => ({
      contactId: row.contactId,
      name: names.get(row.contactId) ?? '',
      fields: fieldsOfColumns(row.kept),
    })),
  };
}
