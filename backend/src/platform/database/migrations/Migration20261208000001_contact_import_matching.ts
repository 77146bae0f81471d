import { Migration } from '@mikro-orm/migrations';

/**
 * Contact imports that know the book: an import adds, updates or skips the rows matching the book's contacts by
 * phone digits; the contacts it added carry its id and each contact it updated keeps its values from before, so
 * the import can be reverted and the revert undone.
 */
export class Migration20261208000001_contact_import_matching extends Migration {
  override up(): void {
    this.addSql(`alter table "contact" add column "import_id" uuid null;`);
    this.addSql(`create index "contact_import_id_index" on "contact" ("import_id") where import_id is not null;`);
    this.addSql(
      `alter table "contact_import" add column "mode" varchar(6) not null default 'add', add column "matched_rows" int not null default 0, add column "updated" int not null default 0, add column "reverted_at" timestamptz null, add column "reverted_by_id" int null, add column "revert_report" jsonb null;`,
    );
    this.addSql(
      `alter table "contact_import" add constraint "contact_import_mode_check" check (mode in ('add', 'update', 'skip'));`,
    );
    this.addSql(
      `alter table "contact_import" add constraint "contact_import_reverted_by_id_foreign" foreign key ("reverted_by_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(`create index "contact_import_book_index" on "contact_import" ("address_book_id", "created_at");`);
    this.addSql(
      `create table "contact_import_update" ("import_id" uuid not null, "contact_id" int not null, "before" jsonb not null, "after" jsonb not null, "version" int not null, "reverted_columns" jsonb not null default '[]', primary key ("import_id", "contact_id"));`,
    );
    this.addSql(
      `alter table "contact_import_update" add constraint "contact_import_update_import_id_foreign" foreign key ("import_id") references "contact_import" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "contact_import_update" add constraint "contact_import_update_contact_id_foreign" foreign key ("contact_id") references "contact" ("id") on update cascade on delete cascade;`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "contact_import_update";`);
    this.addSql(`drop index if exists "contact_import_book_index";`);
    this.addSql(`alter table "contact_import" drop constraint if exists "contact_import_reverted_by_id_foreign";`);
    this.addSql(`alter table "contact_import" drop constraint if exists "contact_import_mode_check";`);
    this.addSql(
      `alter table "contact_import" drop column "mode", drop column "matched_rows", drop column "updated", drop column "reverted_at", drop column "reverted_by_id", drop column "revert_report";`,
    );
    this.addSql(`drop index if exists "contact_import_id_index";`);
    this.addSql(`alter table "contact" drop column "import_id";`);
  }
}
