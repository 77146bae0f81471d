import { defineEntity, p } from '@mikro-orm/core';
import { Post } from './post.entity.js';

/**
 * The revision of what a post's card shows of its sent e-mails (sent, replied, bounced), bumped by the database on
 * every change to them (migration 20261216). Kept apart from the post's row so that a send never waits on a sheet
 * import that is rewriting the post, and the two never lock each other's rows in turn.
 */
export const PostEmailRevisionSchema = defineEntity({
  name: 'PostEmailRevision',
  tableName: 'post_email_revision',
  properties: {
    post: () => p.manyToOne(Post).primary().deleteRule('cascade'),
    revision: p.integer().default(0),
  },
});

export class PostEmailRevision extends PostEmailRevisionSchema.class {}
PostEmailRevisionSchema.setClass(PostEmailRevision);
