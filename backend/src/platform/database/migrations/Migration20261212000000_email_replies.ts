import { Migration } from '@mikro-orm/migrations';

/**
 * Replies and bounces of sent e-mails: a send keeps its Gmail thread, and when the customer replied or the
 * message bounced (with why); the watch keeps each mail account's Gmail history cursor; an opt-out can come from
 * a bounce.
 */
export class Migration20261212000000_email_replies extends Migration {
  override up(): void {
    this.addSql(
      `alter table "sent_email" add column "gmail_thread_id" varchar(255) null, add column "replied_at" timestamptz null, add column "bounced_at" timestamptz null, add column "bounce_reason" text null;`,
    );
    this.addSql(
      `create index "sent_email_account_id_gmail_thread_id_index" on "sent_email" ("account_id", "gmail_thread_id");`,
    );
    this.addSql(
      `create table "gmail_watch_cursor" ("account_id" int not null, "history_id" varchar(20) not null, "updated_at" timestamptz not null, primary key ("account_id"));`,
    );
    this.addSql(
      `alter table "gmail_watch_cursor" add constraint "gmail_watch_cursor_account_id_foreign" foreign key ("account_id") references "mail_account" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(`alter table "opt_out" drop constraint "opt_out_source_check";`);
    this.addSql(
      `alter table "opt_out" add constraint "opt_out_source_check" check (source in ('080', 'staff', 'request', 'csv', 'bounce'));`,
    );
  }

  override down(): void {
    this.addSql(`alter table "opt_out" drop constraint "opt_out_source_check";`);
    this.addSql(
      `alter table "opt_out" add constraint "opt_out_source_check" check (source in ('080', 'staff', 'request', 'csv'));`,
    );
    this.addSql(`drop table if exists "gmail_watch_cursor";`);
    this.addSql(`drop index if exists "sent_email_account_id_gmail_thread_id_index";`);
    this.addSql(
      `alter table "sent_email" drop column "gmail_thread_id", drop column "replied_at", drop column "bounced_at", drop column "bounce_reason";`,
    );
  }
}
