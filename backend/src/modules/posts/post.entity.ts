import { defineEntity, p } from '@mikro-orm/core';

/** The list order (newest post date first, undated last, then newest row) as index columns. */
const LIST_ORDER = [
  { name: 'post_date', sort: 'DESC', nulls: 'LAST' },
  { name: 'id', sort: 'DESC' },
] as const;

/** A trigram index for ILIKE '%…%' (Korean substrings included) on one text column. */
const trigram = (column: string) => ({
  name: `post_${column}_trgm_index`,
  expression: `create index "post_${column}_trgm_index" on "post" using gin ("${column}" gin_trgm_ops)`,
});

/** An index of the Hangul syllables and syllable pairs of a search scope's columns (domain/search.ts). */
const hangulGrams = (scope: string) => ({
  name: `post_${scope}_hangul_grams_index`,
  expression: `create index "post_${scope}_hangul_grams_index" on "post" using gin (indexed_grams("${scope}_hangul_grams"))`,
});

/**
 * A casting post imported from a posts sheet (spec §3). The data fields are the sheet's, as imported (the
 * importer replaces them when the sheet changes: contentHash tells); isFavorite, memo and isEmailSent are the
 * agency's own and survive re-imports.
 */
export const PostSchema = defineEntity({
  name: 'Post',
  tableName: 'post',
  properties: {
    id: p.integer().primary().autoincrement(),
    /** The sheet's postId, or `url-` + 16 hex of the SHA-256 of postUrl: the `postId` of the API (domain/post-key.ts). */
    postKey: p.string().length(100).unique(),
    postTitle: p.text().nullable(),
    titleOfTheWork: p.text().nullable(),
    produce: p.text().nullable(),
    /** Trimmed: the filter's `남녀 ` (trailing space) matches `남녀`. */
    recruitmentGender: p.text().nullable(),
    numberOfRecruits: p.text().nullable(),
    roleInThePlay: p.text().nullable(),
    appearanceFee: p.text().nullable(),
    filmingPeriod: p.text().nullable(),
    /** As typed in the sheet. */
    recruitmentDeadline: p.text().nullable(),
    /** postDateText read as a Korean day, or null when it could not be read. */
    postDate: p.datetime().nullable(),
    /** The post date as typed in the sheet. */
    postDateText: p.text().nullable(),
    manager: p.text().nullable(),
    phoneCall: p.text().nullable(),
    customerEmail: p.text().nullable(),
    email: p.text().nullable(),
    /** Korean description, HTML as imported. */
    body: p.text().nullable(),
    /** English description, HTML as imported. */
    eng: p.text().nullable(),
    /** The body as displayed: sanitised once, when imported (platform/domain/safe-html.ts). */
    bodySafeHtml: p.text().nullable(),
    /** The English body as displayed, sanitised when imported. */
    engSafeHtml: p.text().nullable(),
    postUrl: p.text().nullable(),
    isFavorite: p.boolean().default(false),
    memo: p.text().nullable(),
    isEmailSent: p.boolean().default(false),
    /** The Hangul grams of postTitle and titleOfTheWork, and of body and eng (domain/search.ts), for the search. */
    titleHangulGrams: p.array().defaultRaw(`'{}'`).lazy(),
    bodyHangulGrams: p.array().defaultRaw(`'{}'`).lazy(),
    /** Signatures of those grams, worked out by the database (migration 20261220), read only by the list order index. */
    titleGramSignature: p
      .blob()
      .generated(`(hangul_gram_signature("title_hangul_grams", "id")) stored`)
      .nullable()
      .lazy(),
    bodyGramSignature: p
      .blob()
      .generated(`(hangul_gram_signature("body_hangul_grams", "id")) stored`)
      .nullable()
      .lazy(),
    /** Bumped by the database on every change to the post or its sent e-mails (the kept JSON's key). */
    revision: p.integer().default(0),
    /** SHA-256 (hex) of the normalised data (domain/post-record.ts). */
    contentHash: p.string().length(64),
    importedAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  // Migration 20261215: every update bumps the revision, whoever writes it.
  triggers: [
    {
      name: 'post_revision',
      timing: 'before',
      events: ['update'],
      expression: `create trigger "post_revision" before update on "post" for each row execute function "post_bump_revision"();`,
    },
    // Migration 20261218: each Hangul gram's count of posts (post_hangul_gram_count), kept statement by statement,
    // its writers taking turns.
    {
      name: 'post_hangul_gram_counts_turn',
      timing: 'before',
      events: ['insert', 'delete', 'update'],
      expression: `create trigger "post_hangul_gram_counts_turn" before insert or delete or update of "title_hangul_grams", "body_hangul_grams" on "post" for each statement execute function "post_hangul_gram_counts_turn"();`,
    },
    {
      name: 'post_hangul_gram_counts_inserted',
      timing: 'after',
      events: ['insert'],
      expression: `create trigger "post_hangul_gram_counts_inserted" after insert on "post" referencing new table as "new_posts" for each statement execute function "post_hangul_gram_counts_inserted"();`,
    },
    {
      name: 'post_hangul_gram_counts_updated',
      timing: 'after',
      events: ['update'],
      expression: `create trigger "post_hangul_gram_counts_updated" after update on "post" referencing old table as "old_posts" new table as "new_posts" for each statement execute function "post_hangul_gram_counts_updated"();`,
    },
    {
      name: 'post_hangul_gram_counts_deleted',
      timing: 'after',
      events: ['delete'],
      expression: `create trigger "post_hangul_gram_counts_deleted" after delete on "post" referencing old table as "old_posts" for each statement execute function "post_hangul_gram_counts_deleted"();`,
    },
  ],
  indexes: [
    // The gram signatures let a short keyword's walk of the list order skip most posts without reading them.
    { name: 'post_list_order_index', columns: [...LIST_ORDER], include: ['titleGramSignature', 'bodyGramSignature'] },
    { name: 'post_recruitment_gender_list_order_index', columns: [{ name: 'recruitment_gender' }, ...LIST_ORDER] },
    { name: 'post_favorite_list_order_index', columns: [...LIST_ORDER], where: 'is_favorite' },
    trigram('post_title'),
    trigram('title_of_the_work'),
    trigram('body'),
    trigram('eng'),
    hangulGrams('title'),
    hangulGrams('body'),
  ],
});

export class Post extends PostSchema.class {}
PostSchema.setClass(Post);
