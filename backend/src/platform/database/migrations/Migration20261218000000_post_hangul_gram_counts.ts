import { Migration } from '@mikro-orm/migrations';

/** Each gram's posts, as one aggregate of a transition table of posts (`rows`), signed. */
const gramCounts = (rows: string, sign: '+' | '-') => `
  select "gram", ${sign}sum("t")::int as "in_title", ${sign}sum("b")::int as "in_body", ${sign}sum("t" + "b" - "tb")::int as "in_any"
  from (
    select "gram", 1 as "t", 0 as "b", ("gram" = any(r."body_hangul_grams"))::int as "tb"
      from ${rows} r, unnest(r."title_hangul_grams") "gram"
    union all
    select "gram", 0, 1, 0 from ${rows} r, unnest(r."body_hangul_grams") "gram"
  ) g
  group by "gram"`;

/** Adds signed counts to the kept ones when `changes` (a condition on the transition tables) holds. */
const addCounts = (changes: string, counts: string) => `
  if ${changes} then
    insert into "post_hangul_gram_count" as c ("gram", "in_title", "in_body", "in_any")
    select "gram", sum("in_title"), sum("in_body"), sum("in_any") from (${counts}) d
    group by "gram" having sum("in_title") <> 0 or sum("in_body") <> 0 or sum("in_any") <> 0
    on conflict ("gram") do update set "in_title" = c."in_title" + excluded."in_title",
      "in_body" = c."in_body" + excluded."in_body", "in_any" = c."in_any" + excluded."in_any";
  end if;`;

/**
 * Writers of grams take turns on one advisory lock, held to their commit, taken before their statement touches a
 * row: an import's batches each lock most of the common grams' rows, and two imports locking them (or each other's
 * posts) in turn would deadlock. An update that sets no gram column (a favourite, a memo) takes no turn and never
 * waits on an import.
 */
const TAKE_TURN = `perform pg_advisory_xact_lock(hashtext('post_hangul_gram_count'));`;

/** Whether any post of a transition table holds a gram. */
const anyGrams = (rows: string) =>
  `exists (select 1 from ${rows} r where r."title_hangul_grams" <> '{}' or r."body_hangul_grams" <> '{}')`;

/**
 * How many posts hold each Hangul gram, in their titles, their bodies and either: the count of a one- or
 * two-syllable search without other filters, which the gram indexes answer only by visiting every match's row
 * (about 70 ms for 39,000 of 100,000 posts). Kept by statement triggers on the post's stored grams, in the writing
 * transaction: a sheet import pays about 0.09 ms a post for it (20,000 generated posts in 12.8 s against 11 s); an
 * update that leaves the grams as they were (a favourite, a memo, an unchanged row) changes no count. The table is
 * derived (its comment says so): backups leave it out, and a restore rebuilds it by its function once the posts are
 * in.
 */
export class Migration20261218000000_post_hangul_gram_counts extends Migration {
  override up(): void {
    this.addSql(`create table "post_hangul_gram_count" (
      "gram" text not null primary key,
      "in_title" int not null default 0,
      "in_body" int not null default 0,
      "in_any" int not null default 0
    );`);
    this.addSql(`comment on table "post_hangul_gram_count" is 'derived: kept by the triggers on post';`);
    this.addSql(`create function "post_hangul_gram_counts_inserted"() returns trigger language plpgsql as $$
      begin ${addCounts(anyGrams('"new_posts"'), gramCounts('"new_posts"', '+'))} return null; end $$;`);
    this.addSql(`create function "post_hangul_gram_counts_deleted"() returns trigger language plpgsql as $$
      begin ${addCounts(anyGrams('"old_posts"'), gramCounts('"old_posts"', '-'))} return null; end $$;`);
    // Only the posts whose grams changed count again: out with their old grams, in with their new ones.
    const changed = (side: 'o' | 'n') => `(select ${side}.* from "old_posts" o join "new_posts" n using ("id")
      where o."title_hangul_grams" is distinct from n."title_hangul_grams"
         or o."body_hangul_grams" is distinct from n."body_hangul_grams")`;
    this.addSql(`create function "post_hangul_gram_counts_updated"() returns trigger language plpgsql as $$
      begin ${addCounts(`exists ${changed('n')}`, `${gramCounts(changed('o'), '-')} union all ${gramCounts(changed('n'), '+')}`)}
      return null; end $$;`);
    this.addSql(`create function "post_hangul_gram_counts_truncated"() returns trigger language plpgsql as $$
      begin ${TAKE_TURN} delete from "post_hangul_gram_count"; return null; end $$;`);
    this.addSql(`create function "post_hangul_gram_counts_turn"() returns trigger language plpgsql as $$
      begin ${TAKE_TURN} return null; end $$;`);
    this.addSql(`create trigger "post_hangul_gram_counts_turn"
      before insert or delete or update of "title_hangul_grams", "body_hangul_grams" on "post"
      for each statement execute function "post_hangul_gram_counts_turn"();`);
    this.addSql(`create trigger "post_hangul_gram_counts_inserted" after insert on "post"
      referencing new table as "new_posts" for each statement execute function "post_hangul_gram_counts_inserted"();`);
    this.addSql(`create trigger "post_hangul_gram_counts_updated" after update on "post"
      referencing old table as "old_posts" new table as "new_posts"
      for each statement execute function "post_hangul_gram_counts_updated"();`);
    this.addSql(`create trigger "post_hangul_gram_counts_deleted" after delete on "post"
      referencing old table as "old_posts" for each statement execute function "post_hangul_gram_counts_deleted"();`);
    this.addSql(`create trigger "post_hangul_gram_counts_truncated" after truncate on "post"
      for each statement execute function "post_hangul_gram_counts_truncated"();`);
    // Counted afresh from every post: for the posts there are now, and by a restore, which loads the posts with
    // their triggers off (platform/backup/schema-catalog.ts, derived tables).
    this.addSql(`create function "post_hangul_gram_count_rebuild"() returns void language sql as $$
      delete from "post_hangul_gram_count";
      insert into "post_hangul_gram_count" ("gram", "in_title", "in_body", "in_any") ${gramCounts('"post"', '+')};
    $$;`);
    this.addSql(`select "post_hangul_gram_count_rebuild"();`);
  }

  override down(): void {
    this.addSql(`drop trigger "post_hangul_gram_counts_turn" on "post";`);
    this.addSql(`drop trigger "post_hangul_gram_counts_truncated" on "post";`);
    this.addSql(`drop trigger "post_hangul_gram_counts_deleted" on "post";`);
    this.addSql(`drop trigger "post_hangul_gram_counts_updated" on "post";`);
    this.addSql(`drop trigger "post_hangul_gram_counts_inserted" on "post";`);
    this.addSql(`drop function "post_hangul_gram_count_rebuild"();`);
    this.addSql(`drop function "post_hangul_gram_counts_turn"();`);
    this.addSql(`drop function "post_hangul_gram_counts_truncated"();`);
    this.addSql(`drop function "post_hangul_gram_counts_updated"();`);
    this.addSql(`drop function "post_hangul_gram_counts_deleted"();`);
    this.addSql(`drop function "post_hangul_gram_counts_inserted"();`);
    this.addSql(`drop table "post_hangul_gram_count";`);
  }
}
