import { Migration } from '@mikro-orm/migrations';

/** Follow-ups of e-mail campaigns: up to two steps, each a recipient row made when the e-mail before it was sent. */
export class Migration20261214000000_campaign_follow_ups extends Migration {
  override up(): void {
    this.addSql(
      `create table "email_campaign_follow_up" ("id" serial primary key, "campaign_id" int not null, "step" smallint not null, "after_days" int not null, "template_id" int null, "template_title" varchar(200) not null, "body_template" text not null, "attach_comcards" boolean not null default false);`,
    );
    this.addSql(
      `alter table "email_campaign_follow_up" add constraint "email_campaign_follow_up_campaign_id_step_unique" unique ("campaign_id", "step");`,
    );
    this.addSql(
      `alter table "email_campaign_follow_up" add constraint "email_campaign_follow_up_campaign_id_foreign" foreign key ("campaign_id") references "email_campaign" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "email_campaign_follow_up" add constraint "email_campaign_follow_up_template_id_foreign" foreign key ("template_id") references "email_template" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "email_campaign_recipient" add column "step" smallint not null default 0, add column "due_at" timestamptz null, add column "follows_id" int null;`,
    );
    this.addSql(
      `alter table "email_campaign_recipient" add constraint "email_campaign_recipient_follows_id_unique" unique ("follows_id");`,
    );
    this.addSql(
      `alter table "email_campaign_recipient" add constraint "email_campaign_recipient_follows_id_foreign" foreign key ("follows_id") references "email_campaign_recipient" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "email_campaign_recipient" drop constraint "email_campaign_recipient_state_check";`);
    this.addSql(
      `alter table "email_campaign_recipient" add constraint "email_campaign_recipient_state_check" check ("state" in ('pending', 'sending', 'sent', 'failed', 'unknown', 'skipped', 'stopped'));`,
    );
  }

  override down(): void {
    this.addSql(`delete from "email_campaign_recipient" where "step" > 0;`);
    this.addSql(`alter table "email_campaign_recipient" drop constraint "email_campaign_recipient_state_check";`);
    this.addSql(
      `alter table "email_campaign_recipient" add constraint "email_campaign_recipient_state_check" check ("state" in ('pending', 'sending', 'sent', 'failed', 'unknown', 'skipped'));`,
    );
    this.addSql(
      `alter table "email_campaign_recipient" drop column "follows_id", drop column "due_at", drop column "step";`,
    );
    this.addSql(`drop table if exists "email_campaign_follow_up";`);
  }
}
