import { Migration } from '@mikro-orm/migrations';

export class Migration20261125000000_email_templates_and_selections extends Migration {
  override up(): void {
    this.addSql(`create table "email_template" (
      "id" serial primary key,
      "title" varchar(200) not null,
      "subject" varchar(500) not null,
      "template" text not null,
      "html_template" text not null,
      "is_active" boolean not null default true,
      "is_default" boolean not null default false,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null
    );`);
    // At most one default...
    this.addSql(
      `create unique index "email_template_one_default_index" on "email_template" ("is_default") where "is_default";`,
    );
    // ...and at least one whenever there are templates, checked at commit, so a switch can clear and set in turn.
    this.addSql(`create function "email_template_has_default_fn"() returns trigger language plpgsql as $$
  begin
    if exists (select 1 from "email_template") and not exists (select 1 from "email_template" where "is_default") then
      raise exception 'One e-mail template must be the default' using errcode = 'check_violation', constraint = 'email_template_has_default';
    end if;
    return null;
  end $$;`);
    this.addSql(`create constraint trigger "has_default" after insert or update or delete on "email_template"
  deferrable initially deferred for each row execute function "email_template_has_default_fn"();`);

    this.addSql(`create table "model_selection" (
      "user_id" int not null,
      "post_id" int not null,
      "model_id" int not null,
      "position" int not null,
      primary key ("user_id", "post_id", "model_id")
    );`);
    this.addSql(`create index "model_selection_model_id_index" on "model_selection" ("model_id");`);
    this.addSql(`alter table "model_selection" add constraint "model_selection_user_id_foreign"
      foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "model_selection" add constraint "model_selection_post_id_foreign"
      foreign key ("post_id") references "post" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "model_selection" add constraint "model_selection_model_id_foreign"
      foreign key ("model_id") references "talent_model" ("id") on update cascade on delete cascade;`);

    // A send is recorded before Gmail is called, so that a repeated request finds it; Gmail's silence is 'unknown'.
    this.addSql(`alter table "sent_email" drop constraint "sent_email_status_check";`);
    this.addSql(
      `alter table "sent_email" add constraint "sent_email_status_check" check ("status" in ('sending', 'sent', 'failed', 'unknown'));`,
    );
    this.addSql(`alter table "sent_email" add column "request_hash" varchar(64) null;`);
  }

  override down(): void {
    this.addSql(`delete from "sent_email" where "status" in ('sending', 'unknown');`);
    this.addSql(`alter table "sent_email" drop column "request_hash";`);
    this.addSql(`alter table "sent_email" drop constraint "sent_email_status_check";`);
    this.addSql(
      `alter table "sent_email" add constraint "sent_email_status_check" check ("status" in ('sent', 'failed'));`,
    );
    this.addSql(`drop table if exists "model_selection" cascade;`);
    this.addSql(`drop table if exists "email_template" cascade;`);
    this.addSql(`drop function if exists "email_template_has_default_fn"();`);
  }
}
