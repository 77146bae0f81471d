import { Migration } from '@mikro-orm/migrations';

/**
 * A post's e-mail revision, apart from its row.
 *
 * Migration 20261215 bumped the post's own revision on every change to its sent e-mails, so each send and each
 * reply or bounce marked took the post's row lock: a send waited for a sheet import rewriting that post, and a mark
 * over several posts could deadlock with one. The sent e-mails now bump `post_email_revision` (one row per post
 * e-mailed), which imports never lock; the API keeps a post's JSON under both revisions.
 */
export class Migration20261216000000_post_email_revisions extends Migration {
  override up(): void {
    this.addSql(
      `create table "post_email_revision" ("post_id" int not null, "revision" int not null default 0, primary key ("post_id"));`,
    );
    this.addSql(
      `alter table "post_email_revision" add constraint "post_email_revision_post_id_foreign" foreign key ("post_id") references "post" ("id") on update cascade on delete cascade;`,
    );
    // OLD is null on an insert and NEW on a delete. Reading the post (no lock) leaves out one being deleted, whose
    // sent e-mails go with it.
    this.addSql(`create function "sent_email_bump_post_email_revision"() returns trigger language plpgsql as $$
      begin
        insert into "post_email_revision" ("post_id", "revision")
          select "id", 1 from "post" where "id" in (old."post_id", new."post_id")
          on conflict ("post_id") do update set "revision" = "post_email_revision"."revision" + 1;
        return null;
      end $$;`);
    this.addSql(`drop trigger "sent_email_post_revision" on "sent_email";`);
    this.addSql(`drop function "sent_email_bump_post_revision"();`);
    this.addSql(
      `create trigger "sent_email_post_email_revision" after insert or delete or update of "post_id", "status", "created_at", "replied_at", "bounced_at", "bounce_reason" on "sent_email" for each row execute function "sent_email_bump_post_email_revision"();`,
    );
  }

  override down(): void {
    this.addSql(`drop trigger "sent_email_post_email_revision" on "sent_email";`);
    this.addSql(`drop function "sent_email_bump_post_email_revision"();`);
    this.addSql(`create function "sent_email_bump_post_revision"() returns trigger language plpgsql as $$
      begin
        update "post" set "revision" = "revision" + 1 where "id" in (old."post_id", new."post_id");
        return null;
      end $$;`);
    this.addSql(
      `create trigger "sent_email_post_revision" after insert or delete or update of "post_id", "status", "created_at", "replied_at", "bounced_at", "bounce_reason" on "sent_email" for each row execute function "sent_email_bump_post_revision"();`,
    );
    this.addSql(`drop table "post_email_revision";`);
  }
}
