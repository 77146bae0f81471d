import { defineEntity, p } from '@mikro-orm/core';

/**
 * How many posts hold a Hangul gram (`hangulGrams` in domain/search.ts) in their titles, their bodies and either:
 * kept by the database's triggers on post (migration 20261218), read by the count of a short Hangul search.
 */
export const PostHangulGramCountSchema = defineEntity({
  name: 'PostHangulGramCount',
  tableName: 'post_hangul_gram_count',
  // Backups leave a derived table out (platform/backup/schema-catalog.ts); a restore rebuilds it from the posts.
  comment: 'derived: kept by the triggers on post',
  properties: {
    gram: p.text().primary(),
    inTitle: p.integer().default(0),
    inBody: p.integer().default(0),
    inAny: p.integer().default(0),
  },
});

export class PostHangulGramCount extends PostHangulGramCountSchema.class {}
PostHangulGramCountSchema.setClass(PostHangulGramCount);
