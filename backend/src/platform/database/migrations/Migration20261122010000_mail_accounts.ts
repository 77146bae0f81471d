import { Migration } from '@mikro-orm/migrations';

export class Migration20261122010000_mail_accounts extends Migration {
  override up(): void {
    this.addSql(`create table "mail_account" (
      "id" serial primary key,
      "email" varchar(254) not null,
      "name" varchar(200) not null,
      "picture" varchar(2048) null,
      "google_user_id" varchar(64) not null,
      "refresh_token_encrypted" text not null,
      "scopes" text not null,
      "needs_reauth" boolean not null default false,
      "connected_by_id" int null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null
    );`);
    this.addSql(`alter table "mail_account" add constraint "mail_account_email_unique" unique ("email");`);
    this.addSql(`alter table "mail_account" add constraint "mail_account_connected_by_id_foreign"
      foreign key ("connected_by_id") references "users" ("id") on delete set null;`);
  }

  override down(): void {
    this.addSql(`drop table if exists "mail_account" cascade;`);
  }
}
