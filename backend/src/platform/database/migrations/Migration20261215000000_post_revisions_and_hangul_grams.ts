import { Migration } from '@mikro-orm/migrations';

/**
 * Every syllable and every pair of adjacent syllables of two texts, in SQL; a high cost, so that the planner reads
 * the index rather than computing the grams of rows it scans. Migration 20261217 replaced it with stored grams.
 */
export const CREATE_HANGUL_GRAMS = `create function "hangul_grams"("first" text, "second" text) returns text[]
  language sql immutable parallel safe cost 10000 as $$
    select coalesce(array_agg(distinct gram.text), '{}')
    from unnest(array["first", "second"]) as source(text)
    cross join lateral regexp_matches(source.text, '[가-힣]+', 'g') as run(parts)
    cross join lateral generate_series(1, char_length(run.parts[1])) as at(i)
    cross join lateral (values (substr(run.parts[1], at.i, 1)), (substr(run.parts[1], at.i, 2))) as gram(text)
  $$;`;

/**
 * Post revisions and a Hangul gram index.
 *
 * Every post carries a revision the database bumps on any change to the post or to its sent e-mails (which its
 * card shows: sent, replied, bounced), whoever writes. The API keeps each post's JSON by revision, so a write
 * throws away only the posts it changed.
 *
 * Trigrams need three characters, so a search for one or two Hangul syllables (배우) read every post. The
 * immutable `hangul_grams(first, second)` gives every syllable and every pair of adjacent syllables of the texts; GIN
 * indexes on it for the title and body scopes answer `@> array['배우']` exactly. No column stores the grams: the
 * index is all they cost.
 */
export class Migration20261215000000_post_revisions_and_hangul_grams extends Migration {
  override up(): void {
    this.addSql(`alter table "post" add column "revision" int not null default 0;`);
    this.addSql(`create function "post_bump_revision"() returns trigger language plpgsql as $$
      begin
        new."revision" := old."revision" + 1;
        return new;
      end $$;`);
    this.addSql(
      `create trigger "post_revision" before update on "post" for each row execute function "post_bump_revision"();`,
    );
    // OLD is null on an insert and NEW on a delete: the post of the row before and after the change.
    this.addSql(`create function "sent_email_bump_post_revision"() returns trigger language plpgsql as $$
      begin
        update "post" set "revision" = "revision" + 1 where "id" in (old."post_id", new."post_id");
        return null;
      end $$;`);
    this.addSql(
      `create trigger "sent_email_post_revision" after insert or delete or update of "post_id", "status", "created_at", "replied_at", "bounced_at", "bounce_reason" on "sent_email" for each row execute function "sent_email_bump_post_revision"();`,
    );

    this.addSql(CREATE_HANGUL_GRAMS);
    this.addSql(
      `create index "post_title_hangul_grams_index" on "post" using gin (hangul_grams("post_title", "title_of_the_work"));`,
    );
    this.addSql(`create index "post_body_hangul_grams_index" on "post" using gin (hangul_grams("body", "eng"));`);
  }

  override down(): void {
    this.addSql(`drop index "post_body_hangul_grams_index";`);
    this.addSql(`drop index "post_title_hangul_grams_index";`);
    this.addSql(`drop function "hangul_grams"(text, text);`);
    this.addSql(`drop trigger "sent_email_post_revision" on "sent_email";`);
    this.addSql(`drop function "sent_email_bump_post_revision"();`);
    this.addSql(`drop trigger "post_revision" on "post";`);
    this.addSql(`drop function "post_bump_revision"();`);
    this.addSql(`alter table "post" drop column "revision";`);
  }
}
