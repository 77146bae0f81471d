import { Migration } from '@mikro-orm/migrations';

/**
 * Address books, their groups and contacts, column settings, friend-request batches and CSV imports. Contacts keep
 * deleted and merged-away rows (deleted_at, merged_into_id); the partial indexes serve the live ones.
 */
export class Migration20261126000000_contacts extends Migration {
  override up(): void {
    this.addSql(
      `create table "address_book" ("id" serial primary key, "name" varchar(200) not null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`alter table "address_book" add constraint "address_book_name_unique" unique ("name");`);
    this.addSql(
      `create table "contact_group" ("id" serial primary key, "address_book_id" int not null, "name" varchar(200) not null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(
      `alter table "contact_group" add constraint "contact_group_book_name_unique" unique ("address_book_id", "name");`,
    );
    this.addSql(
      `create table "contact" ("id" serial primary key, "address_book_id" int not null, "group_id" int null, "checked" boolean not null default false, "contact_name" varchar(200) not null default '', "phone_number" varchar(100) not null default '', "phone_digits" varchar(40) not null default '', "email" text not null default '', "definition1" varchar(2000) not null default '', "definition2" varchar(2000) not null default '', "definition3" varchar(2000) not null default '', "memo" text not null default '', "start_status" varchar(50) not null default '', "completion_status" varchar(50) not null default '', "checklist_confirm" varchar(50) not null default '', "chat_window_name" varchar(200) not null default '', "kakao_talk" varchar(200) not null default '', "modify_chat" varchar(200) not null default '', "deleted_at" timestamptz null, "merged_into_id" int null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(
      `create index "contact_book_live_index" on "contact" ("address_book_id", "id") where deleted_at is null;`,
    );
    this.addSql(
      `create index "contact_book_phone_index" on "contact" ("address_book_id", "phone_digits") where deleted_at is null;`,
    );
    this.addSql(`create index "contact_group_id_index" on "contact" ("group_id") where deleted_at is null;`);
    this.addSql(
      `create index "contact_merged_into_index" on "contact" ("merged_into_id") where merged_into_id is not null;`,
    );
    this.addSql(
      `create table "friend_request_batch" ("id" serial primary key, "address_book_id" int not null, "created_by_id" int null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(
      `create table "friend_request_item" ("id" serial primary key, "batch_id" int not null, "contact_id" int not null, "phone_number" varchar(100) not null, "contact_name" varchar(200) not null, "status" varchar(10) not null default 'pending', "error" varchar(1000) null, "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "friend_request_item_contact_id_index" on "friend_request_item" ("contact_id");`);
    this.addSql(`create index "friend_request_item_batch_index" on "friend_request_item" ("batch_id", "id");`);
    this.addSql(
      `create table "contact_import" ("id" uuid not null, "user_id" int null, "file_name" varchar(500) not null, "content" bytea null, "address_book_id" int null, "state" varchar(10) not null default 'uploaded', "total_rows" int not null default 0, "rows_done" int not null default 0, "imported" int not null default 0, "rejected" jsonb not null, "error" varchar(1000) null, "created_at" timestamptz not null default now(), "finished_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(
      `create table "contact_column_settings" ("user_id" int not null, "columns" jsonb not null, "updated_at" timestamptz not null, primary key ("user_id"));`,
    );
    this.addSql(
      `alter table "contact_group" add constraint "contact_group_address_book_id_foreign" foreign key ("address_book_id") references "address_book" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "contact" add constraint "contact_address_book_id_foreign" foreign key ("address_book_id") references "address_book" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "contact" add constraint "contact_group_id_foreign" foreign key ("group_id") references "contact_group" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "contact" add constraint "contact_merged_into_id_foreign" foreign key ("merged_into_id") references "contact" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "friend_request_batch" add constraint "friend_request_batch_address_book_id_foreign" foreign key ("address_book_id") references "address_book" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "friend_request_batch" add constraint "friend_request_batch_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "friend_request_item" add constraint "friend_request_item_batch_id_foreign" foreign key ("batch_id") references "friend_request_batch" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "friend_request_item" add constraint "friend_request_item_contact_id_foreign" foreign key ("contact_id") references "contact" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "friend_request_item" add constraint "friend_request_item_status_check" check (status in ('pending', 'done', 'failed'));`,
    );
    this.addSql(
      `alter table "contact_import" add constraint "contact_import_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "contact_import" add constraint "contact_import_address_book_id_foreign" foreign key ("address_book_id") references "address_book" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "contact_import" add constraint "contact_import_state_check" check (state in ('uploaded', 'queued', 'running', 'completed', 'failed'));`,
    );
    this.addSql(
      `alter table "contact_column_settings" add constraint "contact_column_settings_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
  }

  override down(): void {
    for (const table of [
      'contact_import',
      'friend_request_item',
      'friend_request_batch',
      'contact_column_settings',
      'contact',
      'contact_group',
      'address_book',
    ]) {
      this.addSql(`drop table if exists "${table}" cascade;`);
    }
  }
}
