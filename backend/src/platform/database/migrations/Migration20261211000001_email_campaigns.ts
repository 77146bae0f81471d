import { Migration } from '@mikro-orm/migrations';

/** E-mail campaigns over many posts: one e-mail per post's customer, each recipient's state. */
export class Migration20261211000001_email_campaigns extends Migration {
  override up(): void {
    this.addSql(
      `create table "email_campaign" ("id" serial primary key, "template_id" int null, "template_title" varchar(200) not null, "subject_template" varchar(500) not null, "body_template" text not null, "account_id" int null, "state" text not null, "over_quota" text not null, "scheduled_at" timestamptz null, "paused_until" timestamptz null, "pause_cause" text null, "pause_reason" text null, "total" int not null, "left_out" jsonb not null default '[]', "created_by_id" int null, "idempotency_key" varchar(255) null, "request_hash" varchar(64) null, "created_at" timestamptz not null, "started_at" timestamptz null, "finished_at" timestamptz null);`,
    );
    this.addSql(`create index "email_campaign_state_index" on "email_campaign" ("state");`);
    this.addSql(
      `alter table "email_campaign" add constraint "email_campaign_created_by_idempotency_key_unique" unique ("created_by_id", "idempotency_key");`,
    );
    this.addSql(
      `create table "email_campaign_recipient" ("id" serial primary key, "campaign_id" int not null, "position" int not null, "post_id" int null, "post_key" varchar(100) not null, "post_title" text null, "recipient" varchar(254) not null, "subject" text not null, "state" text not null, "error" text null, "sent_email_id" int null, "sent_at" timestamptz null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "email_campaign_recipient_post_id_index" on "email_campaign_recipient" ("post_id");`);
    this.addSql(
      `create index "email_campaign_recipient_sent_email_id_index" on "email_campaign_recipient" ("sent_email_id");`,
    );
    this.addSql(
      `create index "email_campaign_recipient_campaign_id_state_position_index" on "email_campaign_recipient" ("campaign_id", "state", "position");`,
    );
    this.addSql(
      `alter table "email_campaign" add constraint "email_campaign_template_id_foreign" foreign key ("template_id") references "email_template" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "email_campaign" add constraint "email_campaign_account_id_foreign" foreign key ("account_id") references "mail_account" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "email_campaign" add constraint "email_campaign_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "email_campaign" add constraint "email_campaign_state_check" check ("state" in ('scheduled', 'running', 'paused', 'completed', 'cancelled'));`,
    );
    this.addSql(
      `alter table "email_campaign" add constraint "email_campaign_over_quota_check" check ("over_quota" in ('spread', 'refuse'));`,
    );
    this.addSql(
      `alter table "email_campaign" add constraint "email_campaign_pause_cause_check" check ("pause_cause" in ('staff', 'rate_limited', 'reauth'));`,
    );
    this.addSql(
      `alter table "email_campaign_recipient" add constraint "email_campaign_recipient_campaign_id_foreign" foreign key ("campaign_id") references "email_campaign" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "email_campaign_recipient" add constraint "email_campaign_recipient_post_id_foreign" foreign key ("post_id") references "post" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "email_campaign_recipient" add constraint "email_campaign_recipient_sent_email_id_foreign" foreign key ("sent_email_id") references "sent_email" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "email_campaign_recipient" add constraint "email_campaign_recipient_state_check" check ("state" in ('pending', 'sending', 'sent', 'failed', 'unknown', 'skipped'));`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "email_campaign_recipient";`);
    this.addSql(`drop table if exists "email_campaign";`);
  }
}
