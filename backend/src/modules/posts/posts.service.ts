import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable, Logger, NotFoundException, type OnModuleInit } from '@nestjs/common';
import { type KeyedTable, upsertByKey, type UpsertCounts } from '../../platform/database/keyed-upsert.js';
import { paginate } from '../../platform/http/pagination.js';
import { intArray } from '../../platform/database/sql-arrays.js';
import { seoulDayRange } from './domain/date-range.js';
import { sanitiseHtml } from '../../platform/domain/safe-html.js';
import { POST_KEY_MAX_LENGTH } from './domain/post-key.js';
import { POST_TEXT_FIELDS, type PostRecord, type PostTextField } from './domain/post-record.js';
import { hangulGrams } from './domain/search.js';
import type { EmailOutcomeDto, PostDataDto, PostDto } from './dto/post.dto.js';
import type { SortOrder } from './dto/post-query.dto.js';
import { joinPage, PostListCache, type PostJson } from './post-list-cache.js';
import {
  FEW_MATCHES,
  type ListQuery,
  pageParams,
  type PostFilters,
  postListQueries,
  type PostListQueries,
  sentListQueries,
  withEmailRevisions,
} from './post-list-queries.js';
import { Post } from './post.entity.js';

export interface PageRequest {
  page: number;
  pageSize: number;
  sortOrder?: SortOrder;
}

/** A post as an e-mail to its customer needs it. */
export interface PostContact {
  /** The row id. */
  id: number;
  /** The API's postId (the post key). */
  postId: string;
  manager: string | null;
  phoneCall: string | null;
  customerEmail: string | null;
  email: string | null;
}

/** A post as read for display: the entity, or a row of the list queries with the same property names. */
type PostView = Record<PostTextField, string | null | undefined> & {
  postKey: string;
  /** A Date from the entity; an ISO string from the list queries. */
  postDate?: Date | string | null;
  isFavorite: boolean;
  memo?: string | null;
  isEmailSent: boolean;
  lastEmailOutcome?: EmailOutcomeDto | null;
};

/**
 * A post's row id and revisions, which the database bumps: its own on every change to it, its sent e-mails' on every
 * change to them (post_email_revision, 0 before any).
 */
interface PostRevisions {
  id: number;
  revision: number;
  emailRevision: number;
}

/** Column of each text field (the data the importer writes). */
const TEXT_COLUMNS: Record<PostTextField, string> = {
  postTitle: 'post_title',
  titleOfTheWork: 'title_of_the_work',
  produce: 'produce',
  recruitmentGender: 'recruitment_gender',
  numberOfRecruits: 'number_of_recruits',
  roleInThePlay: 'role_in_the_play',
  appearanceFee: 'appearance_fee',
  filmingPeriod: 'filming_period',
  recruitmentDeadline: 'recruitment_deadline',
  postDateText: 'post_date_text',
  manager: 'manager',
  phoneCall: 'phone_call',
  customerEmail: 'customer_email',
  email: 'email',
  body: 'body',
  eng: 'eng',
  postUrl: 'post_url',
};

/** The HTML fields and the columns of their sanitised forms. */
const SAFE_HTML_COLUMNS: Partial<Record<PostTextField, string>> = { body: 'body_safe_html', eng: 'eng_safe_html' };
const sanitiseNullable = (html: string | null | undefined) =>
  html === null || html === undefined ? null : sanitiseHtml(html);

const isoTime = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** What came back to the post's last e-mail sent (alias `p`): a bounce (it never arrived) before a reply; else null. */
const LAST_EMAIL_OUTCOME = `(select case
    when s."bounced_at" is not null then json_build_object('kind', 'bounced', 'at', ${isoTime('s."bounced_at"')}, 'reason', s."bounce_reason")
    when s."replied_at" is not null then json_build_object('kind', 'replied', 'at', ${isoTime('s."replied_at"')}, 'reason', null) end
  from "sent_email" s where s."post_id" = p."id" and s."status" = 'sent' order by s."created_at" desc, s."id" desc limit 1) as "lastEmailOutcome"`;

/** The select list of the list queries (alias `p`), named like the entity's properties. */
const VIEW_COLUMNS = [
  `p."post_key" as "postKey"`,
  // The bodies as sanitised at import, under the names of the bodies: only safe HTML leaves the database.
  ...POST_TEXT_FIELDS.map((field) => `p."${SAFE_HTML_COLUMNS[field] ?? TEXT_COLUMNS[field]}" as "${field}"`),
  `${isoTime('p."post_date"')} as "postDate"`,
  `p."is_favorite" as "isFavorite"`,
  `p."memo" as "memo"`,
  `p."is_email_sent" as "isEmailSent"`,
  LAST_EMAIL_OUTCOME,
].join(', ');

/** How imports write posts: by post_key; the data columns with their types for jsonb_to_recordset. */
const UPSERT_COLUMNS: readonly { field: PostTextField | 'postDate' | 'contentHash'; column: string; type: string }[] = [
  ...POST_TEXT_FIELDS.map((field) => ({ field, column: TEXT_COLUMNS[field], type: 'text' })),
  { field: 'postDate', column: 'post_date', type: 'timestamptz' },
  { field: 'contentHash', column: 'content_hash', type: 'varchar(64)' },
];

const POST_TABLE: KeyedTable = {
  table: 'post',
  key: { column: 'post_key', type: 'varchar(100)' },
  columns: [
    ...UPSERT_COLUMNS,
    ...Object.values(SAFE_HTML_COLUMNS).map((column) => ({ column, type: 'text' })),
    { column: 'title_hangul_grams', type: 'text[]' },
    { column: 'body_hangul_grams', type: 'text[]' },
  ],
  createdAtColumn: 'imported_at',
};

/** The display form of a post (spec §3) from a view whose body and eng are the sanitised forms; the date as ISO. */
export function toPostDto(post: PostView): PostDto {
  const postDate = post.postDate instanceof Date ? post.postDate.toISOString() : (post.postDate ?? null);
  const data: PostDataDto = {
    postTitle: post.postTitle ?? null,
    titleOfTheWork: post.titleOfTheWork ?? null,
    produce: post.produce ?? null,
    recruitmentGender: post.recruitmentGender ?? null,
    numberOfRecruits: post.numberOfRecruits ?? null,
    roleInThePlay: post.roleInThePlay ?? null,
    appearanceFee: post.appearanceFee ?? null,
    filmingPeriod: post.filmingPeriod ?? null,
    recruitmentDeadline: post.recruitmentDeadline ?? null,
    postDate: postDate ?? post.postDateText ?? null,
    manager: post.manager ?? null,
    phoneCall: post.phoneCall ?? null,
    customerEmail: post.customerEmail ?? null,
    email: post.email ?? null,
    body: post.body ?? null,
    eng: post.eng ?? null,
    postUrl: post.postUrl ?? null,
  };
  return {
    postId: post.postKey,
    isFavorite: post.isFavorite,
    memo: post.memo ?? null,
    isEmailSent: post.isEmailSent,
    lastEmailOutcome: post.lastEmailOutcome ?? null,
    data,
  };
}

/** A memo as stored: blank is none. */
function memoValue(memo: string | null | undefined): string | null {
  return memo === null || memo === undefined || memo.trim() === '' ? null : memo;
}

/** Casting posts: the dashboard's lists, favourites and memos, and the store the sheet importer writes to. */
@Injectable()
export class PostsService implements OnModuleInit {
  private readonly logger = new Logger(PostsService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly cache: PostListCache,
  ) {}

  /**
   * Another process's write to some posts (a memo, a favourite, a send) is put into this process's kept pages as soon
   * as it hears of it, so that the next caller finds them kept.
   */
  onModuleInit(): void {
    this.cache.onWritesElsewhere(() => void this.refreshKeptPages());
  }

  /**
   * One page of posts as JSON text (a PostListDto), narrowed by the filters (post-list-queries.ts): from the cache
   * when it holds the page; else the page's ids and (unless the cache knows it) its count.
   */
  list(filters: PostFilters, request: PageRequest): Promise<Buffer> {
    return this.page(postListQueries(filters, request.sortOrder), request);
  }

  /** The dashboard's date filter (spec §5): both days required, inclusive, in Korean time. */
  async listByDate(
    startDate: string | undefined,
    endDate: string | undefined,
    gender: string | undefined,
    request: PageRequest,
  ): Promise<Buffer> {
    const result = seoulDayRange(startDate, endDate);
    if (!result.ok) throw new BadRequestException(result.message);
    return this.list({ range: result.range, gender }, request);
  }

  /**
   * Posts that have a sent e-mail (from one mail account, or any when accountId is 0), the most recently
   * e-mailed first, each post once.
   */
  listSent(accountId: number, request: PageRequest): Promise<Buffer> {
    return this.page(sentListQueries(accountId), request);
  }

  /** PUT posts/{postId}: favourite flag and/or memo; a field left out stays as it is. */
  async update(postKey: string, changes: { isFavorite?: boolean; memo?: string | null }): Promise<PostDto> {
    const em = this.em.fork();
    const post = await this.load(em, postKey);
    const favouriteChanged = changes.isFavorite !== undefined && changes.isFavorite !== post.isFavorite;
    if (changes.isFavorite !== undefined) post.isFavorite = changes.isFavorite;
    if (changes.memo !== undefined) post.memo = memoValue(changes.memo);
    await em.flush();
    // A favourite moves the post in or out of the favourites; a memo only changes what the pages show.
    await (favouriteChanged ? this.cache.postsChanged([post.id], 'favorites') : this.cache.postsChanged([post.id]));
    // This process's kept pages that show the post take its new JSON now: the next callers find them kept.
    await this.refreshKeptPages([post.id]);
    const [{ lastEmailOutcome }] = await em.execute<Pick<PostView, 'lastEmailOutcome'>[]>(
      `select ${LAST_EMAIL_OUTCOME} from "post" p where p."id" = ?`,
      [post.id],
    );
    return toPostDto({ ...post, body: post.bodySafeHtml, eng: post.engSafeHtml, lastEmailOutcome });
  }

  /** What an e-mail about the post needs: its row id and the customer's contacts. 404 when there is no such post. */
  async forEmail(postKey: string): Promise<PostContact> {
    // Lean: a send should not read the post's bodies.
    const [post] =
      postKey.length <= POST_KEY_MAX_LENGTH
        ? await this.em.getConnection().execute<PostContact[]>(
            `select "id", "post_key" as "postId", "manager", "phone_call" as "phoneCall", "customer_email" as "customerEmail", "email"
             from "post" where "post_key" = ?`,
            [postKey],
          )
        : [];
    if (!post) throw new NotFoundException('Post not found');
    return post;
  }

  /** Many posts' contact fields and titles in one read (a campaign's), by postKey; keys no post has are absent. */
  async forEmails(postKeys: readonly string[]): Promise<Map<string, PostContact & { postTitle: string | null }>> {
    const keys = postKeys.filter((key) => key.length <= POST_KEY_MAX_LENGTH);
    if (keys.length === 0) return new Map();
    const posts = await this.em.getConnection().execute<(PostContact & { postTitle: string | null })[]>(
      `select "id", "post_key" as "postId", "post_title" as "postTitle", "manager", "phone_call" as "phoneCall", "customer_email" as "customerEmail", "email"
         from "post" where "post_key" in (select jsonb_array_elements_text(?::jsonb))`,
      [JSON.stringify(keys)],
    );
    return new Map(posts.map((post) => [post.postId, post]));
  }

  /**
   * Stores imported posts by postKey, in one transaction: new keys are inserted; a known key whose contentHash
   * differs gets the new data; an equal hash is left alone. isFavorite, memo and isEmailSent are never touched.
   * Rows repeating a key count once (the last one wins).
   */
  async upsertPosts(
    rows: readonly PostRecord[],
    onProgress?: (done: number, total: number) => Promise<void> | void,
  ): Promise<UpsertCounts> {
    const toRow = (row: PostRecord) => {
      const record: Record<string, unknown> = { post_key: row.postKey };
      for (const { field, column } of UPSERT_COLUMNS) record[column] = row[field] ?? null;
      for (const [field, column] of Object.entries(SAFE_HTML_COLUMNS))
        record[column] = sanitiseNullable(row[field as PostTextField]);
      record.title_hangul_grams = hangulGrams(row.postTitle, row.titleOfTheWork);
      record.body_hangul_grams = hangulGrams(row.body, row.eng);
      return record;
    };
    const counts = await upsertByKey(
      this.em,
      POST_TABLE,
      { items: rows, keyOf: (row) => row.postKey, hashOf: (row) => row.contentHash, toRow },
      onProgress,
    );
    // New posts join the lists; changed ones may move in or out of a filter. Favourites never change here.
    if (counts.created + counts.updated > 0) await this.cache.changed('posts');
    return counts;
  }

  /**
   * One page of a list as JSON text. The posts' JSON comes from the cache by revision; only the posts it does not
   * hold are read.
   */
  private async page({ kind, count, ids }: PostListQueries, request: PageRequest): Promise<Buffer> {
    const { page, pageSize } = request;
    // A total read with the ids comes from a count the database keeps: nothing to keep beside it.
    const byKeptCount = 'sql' in ids ? undefined : ids.byKeptCount;
    const cached = await this.cache.page(kind, [count.sql, count.params], [byKeptCount ?? ids, page, pageSize], {
      totalInRedis: byKeptCount === undefined,
    });
    if (cached.answer !== null) return cached.answer;
    return this.cache.once(cached.key, async () => {
      // A kept page some of whose posts a write changed: the posts whose revisions moved, put into the rest.
      if (cached.recheck.length > 0) {
        const patched = cached.patch(await this.currentPostsJson(cached.recheck));
        if (patched !== null) return patched;
      }
      const connection = this.em.getConnection();
      const countApart = () =>
        connection
          .execute<{ totalItems: number }[]>(count.sql, count.params)
          .then(([row]) => Number(row?.totalItems ?? 0));
      const readIds = <Row = PostRevisions>(query: ListQuery) =>
        connection.execute<Row[]>(query.sql, pageParams(query, pageSize, (page - 1) * pageSize));
      let rows: PostRevisions[];
      let totalItems: number;
      if ('sql' in ids) {
        [rows, totalItems] = await Promise.all([readIds(ids), cached.total ?? countApart()]);
      } else if (byKeptCount !== undefined) {
        const withTotal = await readIds<PostRevisions & { totalItems: number }>(byKeptCount);
        rows = withTotal;
        // No row (no match, or a page past the last): the count alone says the total.
        totalItems = withTotal.length > 0 ? Number(withTotal[0].totalItems) : await countApart();
      } else {
        totalItems = cached.total ?? (await countApart());
        rows = await readIds(totalItems <= FEW_MATCHES ? ids.few : ids.many);
      }
      // The JSON of a PostListDto, put together from the posts' own.
      const answer = joinPage(
        Buffer.from('{"posts":{"data":['),
        await this.postsJson(rows),
        Buffer.from(`]},"pagination":${JSON.stringify(paginate(page, pageSize, totalItems))}}`),
      );
      cached.keep(totalItems, answer);
      return answer.bytes;
    });
  }

  /**
   * Each post's JSON (a PostDto) in the order given, with its revisions: kept ones from the cache (by the post's
   * revision and its sent e-mails'), the rest read in one query. A post removed between the two reads is left out.
   */
  private async postsJson(rows: readonly PostRevisions[]): Promise<PostJson[]> {
    const found = rows.map(({ id, revision, emailRevision }) => this.cache.post(id, revision, emailRevision));
    const missing = rows.filter((_, index) => found[index] === undefined).map((row) => row.id);
    const read = missing.length === 0 ? new Map<number, PostJson>() : await this.readPostsJson(missing);
    return rows.flatMap(({ id }, index) => found[index] ?? read.get(id) ?? []);
  }

  /** These posts' JSON as they are now, by id: kept JSON where the revisions are kept, the rest read. */
  private async currentPostsJson(ids: readonly number[]): Promise<Map<number, PostJson>> {
    const rows = await this.em
      .getConnection()
      .execute<PostRevisions[]>(
        withEmailRevisions(`select p."id", p."revision" from "post" p where p."id" = any(?::int[])`),
        [intArray(ids)],
      );
    return new Map((await this.postsJson(rows)).map((post) => [post.id, post]));
  }

  /**
   * These posts' JSON (a PostDto each) by id, read now and kept in the cache under the revisions they were read at
   * (read in the same statement). A post that is gone is absent.
   */
  private async readPostsJson(ids: readonly number[]): Promise<Map<number, PostJson>> {
    const read = await this.em.getConnection().execute<(PostView & PostRevisions)[]>(
      `select p."id", p."revision", coalesce(r."revision", 0) as "emailRevision", ${VIEW_COLUMNS}
         from "post" p left join "post_email_revision" r on r."post_id" = p."id"
         where p."id" = any(?::int[])`,
      [intArray(ids)],
    );
    const byId = new Map<number, PostJson>();
    for (const { id, revision, emailRevision, ...post } of read) {
      byId.set(id, this.cache.keepPost(id, revision, emailRevision, Buffer.from(JSON.stringify(toPostDto(post)))));
    }
    return byId;
  }

  /**
   * Puts the current JSON of the posts into the kept pages a write changed (those showing one of `postIds`, or all).
   * Best effort: the write is saved, and a page not refreshed here is checked again by its next caller.
   */
  private refreshKeptPages(postIds?: readonly number[]): Promise<void> {
    return this.cache
      .refresh((ids) => this.currentPostsJson(ids), postIds)
      .catch((error: unknown) => this.logger.warn(`Could not refresh the kept pages: ${(error as Error).message}`));
  }

  private async load(em: EntityManager, postKey: string): Promise<Post> {
    const post = postKey.length <= POST_KEY_MAX_LENGTH ? await em.findOne(Post, { postKey }) : null;
    if (!post) throw new NotFoundException('Post not found');
    return post;
  }
}
