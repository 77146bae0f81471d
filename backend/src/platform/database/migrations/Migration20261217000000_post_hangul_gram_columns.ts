import { Migration } from '@mikro-orm/migrations';
import { CREATE_HANGUL_GRAMS } from './Migration20261215000000_post_revisions_and_hangul_grams.js';

/**
 * A post's Hangul grams as columns the writer fills.
 *
 * Migration 20261215 indexed `hangul_grams(…)` of the texts, worked out by PostgreSQL on every insert and update,
 * row by row in SQL: about 0.5 ms a post, which made a COPY of 20,000 posts eight times slower and held a sheet
 * import back by a third. The importer now works the grams out (domain/search.ts, `hangulGrams`) and stores them;
 * the GIN indexes are on the columns. The existing posts get theirs here, from the function, which then goes.
 */
export class Migration20261217000000_post_hangul_gram_columns extends Migration {
  override up(): void {
    this.addSql(`drop index "post_title_hangul_grams_index";`);
    this.addSql(`drop index "post_body_hangul_grams_index";`);
    this.addSql(
      `alter table "post" add column "title_hangul_grams" text[] not null default '{}', add column "body_hangul_grams" text[] not null default '{}';`,
    );
    // The grams are no change to what a post shows: its revision (the key of its kept JSON) stays.
    this.addSql(`alter table "post" disable trigger "post_revision";`);
    this.addSql(
      `update "post" set "title_hangul_grams" = hangul_grams("post_title", "title_of_the_work"), "body_hangul_grams" = hangul_grams("body", "eng")
        where concat("post_title", "title_of_the_work", "body", "eng") ~ '[가-힣]';`,
    );
    this.addSql(`alter table "post" enable trigger "post_revision";`);
    this.addSql(`drop function "hangul_grams"(text, text);`);
    // The grams as they are, at a high cost: the planner then reads the indexes rather than every post's grams,
    // which it would take for cheap (it does not count unpacking each post's stored array) and which costs a second.
    this.addSql(`create function "indexed_grams"("grams" text[]) returns text[]
      language plpgsql immutable strict parallel safe cost 10000 as $$ begin return "grams"; end $$;`);
    this.addSql(
      `create index "post_title_hangul_grams_index" on "post" using gin (indexed_grams("title_hangul_grams"));`,
    );
    this.addSql(
      `create index "post_body_hangul_grams_index" on "post" using gin (indexed_grams("body_hangul_grams"));`,
    );
  }

  override down(): void {
    this.addSql(`drop index "post_body_hangul_grams_index";`);
    this.addSql(`drop index "post_title_hangul_grams_index";`);
    this.addSql(`drop function "indexed_grams"(text[]);`);
    this.addSql(`alter table "post" drop column "body_hangul_grams", drop column "title_hangul_grams";`);
    this.addSql(CREATE_HANGUL_GRAMS);
    this.addSql(
      `create index "post_title_hangul_grams_index" on "post" using gin (hangul_grams("post_title", "title_of_the_work"));`,
    );
    this.addSql(`create index "post_body_hangul_grams_index" on "post" using gin (hangul_grams("body", "eng"));`);
  }
}
