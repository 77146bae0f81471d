// The key a post is known by: the sheet's own post id, or one derived from the post's URL. Pure.
import { createHash } from 'node:crypto';

/**
 * The API addresses a post by its key in the path (PUT posts/{postId}), and the router takes path parameters of
 * at most 100 characters; the column is varchar(100) to match.
 */
export const POST_KEY_MAX_LENGTH = 100;

/** `url-` + the first 16 hex digits of the SHA-256 of the (trimmed) post URL. */
export function urlPostKey(postUrl: string): string {
  return `url-${createHash('sha256').update(postUrl.trim(), 'utf8').digest('hex').slice(0, 16)}`;
}

/**
 * The sheet's postId (trimmed) when it has one, else the key derived from the postUrl; null when the row has
 * neither (it cannot be told apart from other rows, so it cannot be imported). A postId longer than
 * POST_KEY_MAX_LENGTH (100) characters is refused with a RangeError.
 */
export function postKeyFor(postId: string | null | undefined, postUrl: string | null | undefined): string | null {
  const id = postId?.trim();
  if (id) {
    if (id.length > POST_KEY_MAX_LENGTH)
      throw new RangeError(`The post ID is longer than ${POST_KEY_MAX_LENGTH} characters.`);
    return id;
  }
  const url = postUrl?.trim();
  return url ? urlPostKey(url) : null;
}
