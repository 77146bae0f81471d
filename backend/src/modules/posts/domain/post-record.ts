// A post as the sheet importer hands it to PostsService.upsertPosts, and the hash that tells unchanged rows. Pure.
import { createHash } from 'node:crypto';
import { normaliseGender } from './gender.js';
import { postKeyFor } from './post-key.js';

/** The text fields of a post (spec §3), in the order they are hashed. */
export const POST_TEXT_FIELDS = [
  'postTitle',
  'titleOfTheWork',
  'produce',
  'recruitmentGender',
  'numberOfRecruits',
  'roleInThePlay',
  'appearanceFee',
  'filmingPeriod',
  'recruitmentDeadline',
  'postDateText',
  'manager',
  'phoneCall',
  'customerEmail',
  'email',
  'body',
  'eng',
  'postUrl',
] as const;
export type PostTextField = (typeof POST_TEXT_FIELDS)[number];

/** HTML is kept as imported (only an empty cell becomes null); every other field is trimmed. */
const HTML_FIELDS: ReadonlySet<PostTextField> = new Set(['body', 'eng']);

/** The data of a post: its text fields, and the post date read from postDateText (null when unreadable). */
export type PostData = Record<PostTextField, string | null> & { postDate: Date | null };

/** What upsertPosts stores: the key, the data, and the hash of the data. */
export interface PostRecord extends PostData {
  /** The sheet's postId, or `url-` + 16 hex of the SHA-256 of postUrl (see post-key.ts). */
  postKey: string;
  /** SHA-256 (hex) of the normalised data; equal hashes mean nothing to update. */
  contentHash: string;
}

/** Text as stored: NUL characters (which PostgreSQL refuses) removed, trimmed unless HTML, blank as null. */
function normaliseText(field: PostTextField, value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = value.replaceAll('\u0000', '');
  if (field === 'recruitmentGender') return normaliseGender(text);
  if (HTML_FIELDS.has(field)) return text.trim() === '' ? null : text;
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

/** Every field present, normalised; an invalid date is null. */
export function normalisePostData(data: Partial<PostData>): PostData {
  const out = {} as PostData;
  for (const field of POST_TEXT_FIELDS) out[field] = normaliseText(field, data[field]);
  const date = data.postDate;
  out.postDate = date instanceof Date && !Number.isNaN(date.getTime()) ? date : null;
  return out;
}

/** SHA-256 (hex) of the normalised data, fields in a fixed order. */
export function postContentHash(data: PostData): string {
  const normal = normalisePostData(data);
  const values = [...POST_TEXT_FIELDS.map((field) => normal[field]), normal.postDate?.toISOString() ?? null];
  return createHash('sha256').update(JSON.stringify(values), 'utf8').digest('hex');
}

/**
 * A row of a posts sheet as a record to store: the key from its postId or postUrl (post-key.ts), the data
 * normalised, and the content hash. Null when the row has neither a postId nor a postUrl.
 */
export function toPostRecord(row: Partial<PostData> & { postId?: string | null }): PostRecord | null {
  const data = normalisePostData(row);
  const postKey = postKeyFor(row.postId, data.postUrl);
  if (postKey === null) return null;
  return { postKey, ...data, contentHash: postContentHash(data) };
}
