import { Migration } from '@mikro-orm/migrations';

/**
 * Messaging: sender numbers (keys sealed), message templates and their pictures, and sends with one delivery per
 * message and one row per gateway call, planned with the send: a delivery shares its call's state unless it has its
 * own, so a call leaving or answered writes one row.
 */
export class Migration20261127000000_messaging extends Migration {
  override up(): void {
    this.addSql(
      `create table "sender_number" ("id" serial primary key, "user_id" int not null, "phone" varchar(20) not null, "name" varchar(100) not null default '', "api_key_encrypted" text null, "api_key_hint" varchar(8) not null default '', "is_default" boolean not null default false, "created_at" timestamptz not null default now());`,
    );
    this.addSql(
      `alter table "sender_number" add constraint "sender_number_user_phone_unique" unique ("user_id", "phone");`,
    );
    this.addSql(
      `create unique index "sender_number_user_default_unique" on "sender_number" ("user_id") where is_default;`,
    );
    this.addSql(
      `create table "message_template" ("id" varchar(40) not null, "title" varchar(200) not null, "message" text not null, "file_type" varchar(10) not null default 'bundle', "files" jsonb not null, "created_by_id" int null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), primary key ("id"));`,
    );
    this.addSql(
      `create table "message_send" ("id" serial primary key, "created_by_id" int null, "channel" varchar(10) not null, "sender_number_id" int null, "sender_phone" varchar(20) not null, "sender_name" varchar(100) not null default '', "api_key_encrypted" text null, "advertising" boolean not null default false, "scheduled_at" timestamptz null, "state" varchar(10) not null, "total" int not null, "error" varchar(1000) null, "created_at" timestamptz not null default now(), "started_at" timestamptz null, "finished_at" timestamptz null, "idempotency_key" varchar(255) null, "request_hash" varchar(64) null);`,
    );
    this.addSql(`create index "message_send_created_index" on "message_send" ("created_at", "id");`);
    this.addSql(
      `create unique index "message_send_idempotency_unique" on "message_send" ("created_by_id", "idempotency_key") where idempotency_key is not null;`,
    );
    this.addSql(
      `create table "gateway_call" ("id" serial primary key, "send_id" int not null, "endpoint" varchar(20) not null, "state" varchar(10) not null, "size" int not null, "mid" varchar(40) null, "success_count" int not null default 0, "error_count" int not null default 0, "error" varchar(1000) null, "started_at" timestamptz not null default now(), "answered_at" timestamptz null);`,
    );
    this.addSql(`create index "gateway_call_send_id_index" on "gateway_call" ("send_id");`);
    this.addSql(`alter table "gateway_call" add constraint "gateway_call_mid_unique" unique ("mid");`);
    this.addSql(
      `create table "message_delivery" ("id" serial primary key, "send_id" int not null, "phone" varchar(20) not null, "name" varchar(200) not null default '', "text" text not null, "type" varchar(3) not null, "files" jsonb not null, "call_id" int not null, "status" varchar(10) null, "error" varchar(1000) null, "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "message_delivery_call_id_index" on "message_delivery" ("call_id");`);
    this.addSql(`create index "message_delivery_send_index" on "message_delivery" ("send_id", "id");`);
    this.addSql(
      `create index "message_delivery_own_status_index" on "message_delivery" ("send_id") where status is not null;`,
    );
    this.addSql(
      `create table "message_file" ("id" uuid not null, "name" varchar(255) not null, "folder" varchar(255) not null default '', "mime_type" varchar(40) not null, "size" int not null, "storage_key" varchar(300) not null, "uploaded_by_id" int null, "created_at" timestamptz not null default now(), primary key ("id"));`,
    );
    this.addSql(
      `alter table "sender_number" add constraint "sender_number_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "message_template" add constraint "message_template_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "message_template" add constraint "message_template_file_type_check" check (file_type in ('bundle', 'individual'));`,
    );
    this.addSql(
      `alter table "message_send" add constraint "message_send_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "message_send" add constraint "message_send_sender_number_id_foreign" foreign key ("sender_number_id") references "sender_number" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "message_send" add constraint "message_send_channel_check" check (channel in ('sms', 'kakao'));`,
    );
    this.addSql(
      `alter table "message_send" add constraint "message_send_state_check" check (state in ('scheduled', 'queued', 'sending', 'completed', 'cancelled', 'failed'));`,
    );
    this.addSql(
      `alter table "gateway_call" add constraint "gateway_call_send_id_foreign" foreign key ("send_id") references "message_send" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "gateway_call" add constraint "gateway_call_state_check" check (state in ('planned', 'sending', 'accepted', 'failed', 'unknown', 'cancelled'));`,
    );
    this.addSql(
      `alter table "message_delivery" add constraint "message_delivery_send_id_foreign" foreign key ("send_id") references "message_send" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "message_delivery" add constraint "message_delivery_call_id_foreign" foreign key ("call_id") references "gateway_call" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "message_delivery" add constraint "message_delivery_type_check" check (type in ('SMS', 'LMS', 'MMS'));`,
    );
    this.addSql(
      `alter table "message_delivery" add constraint "message_delivery_status_check" check (status in ('queued', 'sending', 'sent', 'failed', 'unknown', 'cancelled'));`,
    );
    this.addSql(
      `alter table "message_file" add constraint "message_file_uploaded_by_id_foreign" foreign key ("uploaded_by_id") references "users" ("id") on delete set null;`,
    );
  }

  override down(): void {
    for (const table of [
      'message_delivery',
      'gateway_call',
      'message_send',
      'message_file',
      'message_template',
      'sender_number',
    ]) {
      this.addSql(`drop table if exists "${table}" cascade;`);
    }
  }
}
