import { Migration } from '@mikro-orm/migrations';

/**
 * The opt-out and consent register: opt-outs of a phone number or e-mail address from a channel (withdrawn, never
 * deleted), and each contact's advertising consent as a history of records; a send keeps the recipients it left out.
 */
export class Migration20261203000000_consent extends Migration {
  override up(): void {
    this.addSql(
      `create table "opt_out" ("id" serial primary key, "kind" varchar(10) not null, "address" varchar(320) not null, "channel" varchar(10) not null, "source" varchar(10) not null, "note" varchar(500) not null default '', "recorded_by_id" int null, "recorded_at" timestamptz not null default now(), "withdrawn_at" timestamptz null, "withdrawn_by_id" int null, "withdrawn_note" varchar(500) null);`,
    );
    this.addSql(
      `create index "opt_out_active_address_index" on "opt_out" ("address", "channel") where withdrawn_at is null;`,
    );
    this.addSql(
      `create table "contact_consent" ("id" serial primary key, "contact_id" int not null, "given" boolean not null, "consented_on" date not null, "source" varchar(200) not null, "recorded_by_id" int null, "recorded_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "contact_consent_contact_index" on "contact_consent" ("contact_id", "id");`);
    this.addSql(`alter table "opt_out" add constraint "opt_out_kind_check" check (kind in ('phone', 'email'));`);
    this.addSql(
      `alter table "opt_out" add constraint "opt_out_channel_check" check (channel in ('sms', 'kakao', 'email', 'all'));`,
    );
    this.addSql(
      `alter table "opt_out" add constraint "opt_out_source_check" check (source in ('080', 'staff', 'request', 'csv'));`,
    );
    this.addSql(`alter table "message_send" add "excluded" jsonb not null default '[]';`);
    this.addSql(
      `alter table "opt_out" add constraint "opt_out_recorded_by_id_foreign" foreign key ("recorded_by_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "opt_out" add constraint "opt_out_withdrawn_by_id_foreign" foreign key ("withdrawn_by_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "contact_consent" add constraint "contact_consent_contact_id_foreign" foreign key ("contact_id") references "contact" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "contact_consent" add constraint "contact_consent_recorded_by_id_foreign" foreign key ("recorded_by_id") references "users" ("id") on delete set null;`,
    );
  }

  override down(): void {
    this.addSql(`alter table "message_send" drop column "excluded";`);
    this.addSql(`drop table if exists "contact_consent" cascade;`);
    this.addSql(`drop table if exists "opt_out" cascade;`);
  }
}
