import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000000_users_and_sessions extends Migration {
  override up(): void {
    this.addSql(`create table "users" (
      "id" serial primary key,
      "name" varchar(100) not null,
      "username" varchar(50) not null,
      "email" varchar(254) not null,
      "password_hash" varchar(255) not null,
      "role" text check ("role" in ('user', 'admin', 'superadmin')) not null default 'admin',
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null
    );`);
    this.addSql(`alter table "users" add constraint "users_username_unique" unique ("username");`);
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);

    this.addSql(`create table "auth_session" (
      "id" uuid not null primary key,
      "user_id" int not null,
      "created_at" timestamptz not null,
      "expires_at" timestamptz not null,
      "revoked_at" timestamptz null,
      "revoked_reason" varchar(50) null
    );`);
    this.addSql(`alter table "auth_session" add constraint "auth_session_user_id_foreign"
      foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`create table "refresh_token" (
      "token_hash" varchar(64) not null primary key,
      "session_id" uuid not null,
      "created_at" timestamptz not null,
      "used_at" timestamptz null
    );`);
    this.addSql(`create index "refresh_token_session_id_index" on "refresh_token" ("session_id");`);
    this.addSql(`alter table "refresh_token" add constraint "refresh_token_session_id_foreign"
      foreign key ("session_id") references "auth_session" ("id") on delete cascade;`);
  }

  override down(): void {
    this.addSql(`drop table if exists "refresh_token" cascade;`);
    this.addSql(`drop table if exists "auth_session" cascade;`);
    this.addSql(`drop table if exists "users" cascade;`);
  }
}
