import { type DateRange } from './domain/date-range.js';
import { genderFilter } from './domain/gender.js';
import {
  containsPattern,
  gramCountColumn,
  gramExpressions,
  gramSignatureColumns,
  hangulGram,
  likeOperator,
  type SearchScope,
  searchColumns,
  searchKeyword,
} from './domain/search.js';
import type { SortOrder } from './dto/post-query.dto.js';
import type { PostListKind } from './post-list-cache.js';

/** SQL and its parameters. */
export interface ListQuery {
  sql: string;
  params: unknown[];
}

/** Newest first (descending) or oldest first; undated posts last either way. */
type Direction = 'asc' | 'desc';

/** The list order of the posts of a table alias: by post date, undated last, then by row, in the direction. */
const listOrder = (alias: string, direction: Direction) =>
  `${alias}."post_date" ${direction} nulls last, ${alias}."id" ${direction}`;

/**
 * A page's ids: one query; or one for a list of few matches and one for many, chosen by the list's total. A list
 * whose total is a count the database keeps also has `byKeptCount`: both in one statement that reads the count and
 * runs the one it chooses, each row carrying the total as `totalItems` (no row: count it apart). Its walk then
 * starts with the first caller's request, not after a round trip for the count.
 */
export type IdsQuery = ListQuery | { few: ListQuery; many: ListQuery; byKeptCount?: ListQuery };

/**
 * Where a page's limit and offset go among an ids query's parameters, and its end (offset plus limit): pageParams
 * puts in the page's.
 */
export const PAGE_LIMIT = Symbol('page limit');
export const PAGE_OFFSET = Symbol('page offset');
export const PAGE_END = Symbol('page end');

/** An ids query's parameters for one page. */
export function pageParams(query: ListQuery, limit: number, offset: number): unknown[] {
  const page = new Map<unknown, number>([
    [PAGE_LIMIT, limit],
    [PAGE_OFFSET, offset],
    [PAGE_END, offset + limit],
  ]);
  return query.params.map((param) => page.get(param) ?? param);
}

/**
 * A list's queries: `count` counts it; `ids` reads the ids and revisions of a page's posts in list order (each post's
 * own, `revision`, and its sent e-mails', `emailRevision`), its limit, offset and end where PAGE_LIMIT, PAGE_OFFSET
 * and PAGE_END stand among its parameters.
 */
export interface PostListQueries {
  kind: PostListKind;
  count: ListQuery;
  ids: IdsQuery;
}

/** How a list narrows the posts; every part optional. */
export interface PostFilters {
  /** A recruitment gender as the filter bar sends it (`남녀 ` matches `남녀`); All, blank or absent: none. */
  gender?: string | null;
  /** A keyword searched in the scope's columns; blank: none. */
  keyword?: string | null;
  scope?: SearchScope;
  range?: DateRange;
  favoritesOnly?: boolean;
}

/**
 * Up to how many matches a short Hangul keyword's page is read through the gram indexes: that reads and sorts every
 * match (about 3.5 µs each), while the list order's walk reads about 50 × postCount / matches index entries for a
 * page (about 0.7 µs each) and the rows of those whose gram signatures pass (about 12 µs each). On 100,000 posts the
 * two cost the same between 1,500 and 2,000 matches (docs/performance.md).
 */
export const FEW_MATCHES = 2_000;

/** Adds a condition to a where clause being built. */
function and(where: ListQuery, condition: string, ...params: unknown[]): void {
  where.sql = where.sql ? `${where.sql} and ${condition}` : condition;
  where.params.push(...params);
}

const whereClause = (where: ListQuery) => (where.sql ? `where ${where.sql}` : '');

/**
 * Some posts' ids and revisions (alias `p`, in their order) with each one's sent e-mails' revision, in the same
 * statement: the posts' kept JSON is looked up by both. Looked up for those rows alone: PostgreSQL passes a subquery's
 * rows on in their order when nothing (a join, a grouping, a sort) is added above it, and the page tests check the
 * order.
 */
export const withEmailRevisions = (posts: string): string =>
  `select p."id", p."revision",
    coalesce((select r."revision" from "post_email_revision" r where r."post_id" = p."id"), 0) as "emailRevision"
    from (${posts}) p`;

const copy = (where: ListQuery): ListQuery => ({ ...where, params: [...where.params] });

/** The date range's condition on the post date of a table alias, or none. */
function rangeCondition(range: DateRange | undefined, alias: string): ListQuery {
  const where: ListQuery = { sql: '', params: [] };
  if (range)
    and(
      where,
      `${alias}."post_date" >= ?::timestamptz and ${alias}."post_date" < ?::timestamptz`,
      range.from.toISOString(),
      range.toExclusive.toISOString(),
    );
  return where;
}

/**
 * The queries of the posts narrowed by the filters, newest post date first (undated last, then newest row) or the
 * other way round; a page's ids come from the list-order index, reading no more rows than it needs.
 *
 * A keyword of one or two Hangul syllables, which trigrams cannot serve, is counted through the Hangul gram
 * indexes. Its page reads the list order while it has many matches (the first ones come soon) and the gram indexes
 * while it has few (the list order would read most posts to find them), so the count comes first. The list order's
 * walk reads the gram signatures the index holds (migration 20261220) and searches the texts only of the posts
 * whose signatures may hold the keyword.
 */
export function postListQueries(filters: PostFilters, sortOrder?: SortOrder): PostListQueries {
  const shared: ListQuery = { sql: '', params: [] };
  const gender = genderFilter(filters.gender);
  if (gender !== null) and(shared, `p."recruitment_gender" = ?`, gender);
  const range = rangeCondition(filters.range, 'p');
  if (range.sql) and(shared, range.sql, ...range.params);
  if (filters.favoritesOnly) and(shared, `p."is_favorite"`);

  const keyword = searchKeyword(filters.keyword);
  const scope = filters.scope ?? 'all';
  const gram = keyword === null ? null : hangulGram(keyword);
  const textWhere = copy(shared);
  if (keyword !== null) {
    const columns = searchColumns(scope);
    if (gram === null) {
      const operator = likeOperator(keyword);
      and(
        textWhere,
        `(${columns.map((column) => `p."${column}" ${operator} ?`).join(' or ')})`,
        ...columns.map(() => containsPattern(keyword)),
      );
    } else {
      // A short Hangul keyword is looked for in the texts only when it is in many posts, walking the list order.
      // strpos finds it where LIKE '%…%' does (it has no wildcard and no case), at no more than LIKE's cost, and the
      // planner, which cannot estimate strpos from its statistics, takes it for common: it walks the list order
      // whatever values ANALYZE sampled. With LIKE it once took a word in 3 % of the posts, missing from the sample,
      // for a rare one and read its page through the trigram indexes, that is every post (1.4 s on 100,000 posts).
      and(
        textWhere,
        `(${columns.map((column) => `strpos(p."${column}", ?) > 0`).join(' or ')})`,
        ...columns.map(() => gram),
      );
    }
  }
  const gramWhere = copy(shared);
  if (gram !== null) {
    const expressions = gramExpressions(scope);
    and(
      gramWhere,
      `(${expressions.map((expression) => `${expression} @> array[?]::text[]`).join(' or ')})`,
      ...expressions.map(() => gram),
    );
  }

  const direction = sortOrder === 'ASC' ? 'asc' : 'desc';
  const ids = (where: ListQuery): ListQuery => inListOrder(`"post" p`, 'p', where, direction);
  // The matches first (offset 0 keeps the planner from walking the list order instead, as the limit tempts it
  // to), then their order.
  const fewIds = (where: ListQuery): ListQuery => ({
    sql: withEmailRevisions(`select p."id", p."revision"
      from (select p."id", p."revision", p."post_date" from "post" p ${whereClause(where)} offset 0) p
      order by ${listOrder('p', direction)} limit ? offset ?`),
    params: [...where.params, PAGE_LIMIT, PAGE_OFFSET],
  });
  const countWhere = gram === null ? textWhere : gramWhere;
  // A short Hangul keyword alone is counted by the kept count of its gram, not by visiting every match.
  const keptCount =
    gram !== null && shared.sql === ''
      ? `select coalesce((select "${gramCountColumn(scope)}" from "post_hangul_gram_count" where "gram" = ?), 0)`
      : null;
  const count: ListQuery =
    keptCount !== null
      ? { sql: `${keptCount} as "totalItems"`, params: [gram] }
      : {
          sql: `select count(*)::int as "totalItems" from "post" p ${whereClause(countWhere)}`,
          params: countWhere.params,
        };
  const kind = filters.favoritesOnly ? 'favorites' : 'posts';
  if (gram === null) return { kind, count, ids: ids(textWhere) };
  const few = fewIds(gramWhere);
  // The favourites are few, walked in their own index's order, which holds no signatures.
  const many = filters.favoritesOnly ? ids(textWhere) : signatureWalk(gram, scope, filters.range, textWhere, direction);
  return {
    kind,
    count,
    ids: { few, many, ...(keptCount !== null && { byKeptCount: idsByKeptCount(keptCount, gram, few, many) }) },
  };
}

/**
 * The ids of a page of posts holding a short Hangul gram in the scope: the list order's index walked on its own (an
 * index-only scan, alias c) for the posts in the range whose gram signatures may hold the gram (about 3 % of the
 * posts without it pass one signature, 6 % one of two), each such post's row (alias p) then read and kept when
 * `onRow` (every condition of the list, on alias p) holds. The nested loop keeps the walk's order and the page's end
 * stops the walk (inListOrder). The join is on `c.id + 0`: on the id itself PostgreSQL 18 removes a join of a table
 * with itself, and the signatures would be read from each post's row.
 */
function signatureWalk(
  gram: string,
  scope: SearchScope,
  range: DateRange | undefined,
  onRow: ListQuery,
  direction: Direction,
): ListQuery {
  const where = rangeCondition(range, 'c');
  const signatures = gramSignatureColumns(scope);
  and(
    where,
    `(${signatures.map((column) => `may_hold_hangul_gram(c."${column}", ?, c."id")`).join(' or ')})`,
    ...signatures.map(() => gram),
  );
  if (onRow.sql) and(where, onRow.sql, ...onRow.params);
  return inListOrder(`"post" c join "post" p on p."id" = c."id" + 0`, 'c', where, direction);
}

/**
 * A page of the posts (alias p) of `from` where `where` holds, their ids and revisions with their sent e-mails', in
 * the list order of the posts of alias `ordered` (p, or the walk's c), read from a list-order index (newest post
 * date first, undated last, then newest row) as far as the page reaches. Oldest first, undated still last, is not
 * that order backward, which puts the undated first: the dated posts are read backward up to the page's end, then
 * the undated ones backward as far as the dated fell short of it (with a limit of 0, when they did not, that part is
 * never read), and only those rows, no more than the page's end, are sorted: never the whole list.
 *
 * The walk takes the index's own columns alone, the post date and the id, and the page's rows are read by id once
 * the page is known: a list whose conditions the index holds too (all posts, by gender, by date) reads the index
 * alone for the posts before its page (page 100 passes 4,950), not each one's row, once autovacuum has marked their
 * table pages all visible (after an import, until then, the rows are still read).
 */
function inListOrder(from: string, ordered: string, where: ListQuery, direction: Direction): ListQuery {
  const keys = `${ordered}."id", ${ordered}."post_date"`;
  // The page's rows by id, in the order of its keys (alias w); the limit keeps PostgreSQL 18 from removing the join of
  // the table with itself, which would read the row of every post walked.
  const rowsOf = (page: string) =>
    withEmailRevisions(`select p."id", p."revision" from (${page}) w join "post" p on p."id" = w."id"
      order by ${listOrder('w', direction)}`);
  if (direction === 'desc')
    return {
      sql: rowsOf(`select ${keys} from ${from} ${whereClause(where)}
        order by ${listOrder(ordered, 'desc')} limit ? offset ?`),
      params: [...where.params, PAGE_LIMIT, PAGE_OFFSET],
    };
  const part = (dated: string, limit: string): ListQuery => {
    const partWhere = copy(where);
    and(partWhere, `${ordered}."post_date" ${dated}`);
    return {
      sql: `select ${keys} from ${from} ${whereClause(partWhere)}
        order by ${ordered}."post_date" asc nulls first, ${ordered}."id" asc limit ${limit}`,
      params: [...partWhere.params, PAGE_END],
    };
  };
  const dated = part('is not null', '?');
  const undated = part('is null', `greatest(? - (select count(*) from "dated"), 0)`);
  return {
    sql: `with "dated" as materialized (${dated.sql}) ${rowsOf(`select * from (select * from "dated" union all (${undated.sql})) u
      order by ${listOrder('u', 'asc')} limit ? offset ?`)}`,
    params: [...dated.params, ...undated.params, PAGE_LIMIT, PAGE_OFFSET],
  };
}

/**
 * The ids of `few` or of `many` in one statement, by the kept count (`keptCount`, with one parameter, the gram),
 * which each row carries as totalItems. The count is read once; the query not chosen never runs (its condition on
 * the count is a one-time filter), and the chosen one passes its rows on in its order.
 */
function idsByKeptCount(keptCount: string, gram: string, few: ListQuery, many: ListQuery): ListQuery {
  const total = `(select "n" from "kept_count")`;
  return {
    sql: `with "kept_count" as (${keptCount} as "n")
      select w.*, ${total} as "totalItems" from (
        select * from (${few.sql}) f where ${total} <= ${FEW_MATCHES}
        union all
        select * from (${many.sql}) m where ${total} > ${FEW_MATCHES}
      ) w`,
    params: [gram, ...few.params, ...many.params],
  };
}

/**
 * The queries of the posts that have a sent e-mail (from one mail account, or any when accountId is 0), the most
 * recently e-mailed first, each post once.
 */
export function sentListQueries(accountId: number): PostListQueries {
  const sentWhere = `where s."status" = 'sent'${accountId > 0 ? ` and s."account_id" = ?` : ''}`;
  const params = accountId > 0 ? [accountId] : [];
  return {
    kind: 'sent',
    count: { sql: `select count(distinct s."post_id")::int as "totalItems" from "sent_email" s ${sentWhere}`, params },
    ids: {
      sql: withEmailRevisions(`select p."id", p."revision"
        from (select s."post_id", max(s."created_at") as "last_sent_at" from "sent_email" s ${sentWhere} group by s."post_id") sent
        join "post" p on p."id" = sent."post_id"
        order by sent."last_sent_at" desc, p."id" desc
        limit ? offset ?`),
      params: [...params, PAGE_LIMIT, PAGE_OFFSET],
    },
  };
}
