import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { LruCache } from '../../platform/cache/lru-cache.js';
import { REDIS } from '../../platform/redis/redis.module.js';
import { NOTES_KEPT, SharedVersions } from '../../platform/redis/shared-versions.js';

/**
 * The kinds of list, each with its own version, bumped by the writes that can change which posts such a list
 * holds: imports change the post lists; favourite flags the favourites; sent e-mails the sent list.
 */
export const POST_LIST_KINDS = ['posts', 'favorites', 'sent'] as const;
export type PostListKind = (typeof POST_LIST_KINDS)[number];

const COUNT_TTL_SECONDS = 600;
const versionKey = (kind: PostListKind | 'pages' | 'content') => `posts:version:${kind}`;
const countKeyPrefix = (kind: PostListKind) => `posts:count:${kind}:`;
/** The version of the posts' content, whose every step notes the posts it changed (ids joined by commas). */
const CONTENT = versionKey('content');

/** A post's JSON, with the revisions it is of (`revision:emailRevision`, as the database bumps them). */
export interface PostJson {
  id: number;
  revisions: string;
  json: Buffer;
}

/**
 * A page's answer as UTF-8 JSON, with the posts it shows (and the revisions of each one's JSON) and where each post's
 * JSON lies in it, so that a post that changed can be put in alone.
 */
export interface PageAnswer {
  readonly bytes: Buffer;
  readonly posts: readonly { id: number; revisions: string }[];
  /** Each post's JSON as [start, end) of bytes, in the order of posts. */
  readonly spans: readonly (readonly [number, number])[];
}

const COMMA = Buffer.from(',');

/** A post's revisions as a PostJson names them. */
function revisionsOf(revision: number, emailRevision: number): string {
  return `${revision}:${emailRevision}`;
}

/** The ids of the posts a page shows, in order. */
function postIdsOf(answer: PageAnswer): number[] {
  return answer.posts.map(({ id }) => id);
}

/** The posts' JSON, in order and separated by commas, between a head and a tail. */
export function joinPage(head: Buffer, posts: readonly PostJson[], tail: Buffer): PageAnswer {
  const spans: [number, number][] = [];
  let at = head.length;
  for (const [index, { json }] of posts.entries()) {
    if (index > 0) at += COMMA.length;
    spans.push([at, at + json.length]);
    at += json.length;
  }
  return {
    bytes: Buffer.concat([head, ...posts.flatMap(({ json }, index) => (index === 0 ? [json] : [COMMA, json])), tail]),
    posts: posts.map(({ id, revisions }) => ({ id, revisions })),
    spans,
  };
}

/**
 * The answer with the JSON of each post whose revisions moved taken from `current` (the page's posts as they are
 * now); null when one of them is gone.
 */
function withCurrentPosts(answer: PageAnswer, current: ReadonlyMap<number, PostJson>): PageAnswer | null {
  const { bytes, posts, spans } = answer;
  if (posts.length === 0 || posts.some(({ id }) => !current.has(id))) return null;
  return joinPage(
    bytes.subarray(0, spans[0][0]),
    posts.map((post, index) => {
      const now = current.get(post.id)!;
      return now.revisions === post.revisions ? { ...post, json: bytes.subarray(...spans[index]) } : now;
    }),
    bytes.subarray(spans.at(-1)![1]),
  );
}

/** What the cache holds for one page of a list, and how to keep what had to be computed. */
export interface CachedPage {
  /** The list's total, or null when it must be counted. */
  total: number | null;
  /** The page's answer as UTF-8 JSON, or null when it must be read. */
  answer: Buffer | null;
  /**
   * The posts of a kept page some of which a write changed since (empty otherwise): the page shows the same posts,
   * since a write that can change which posts a list holds makes it another list, so only their revisions need
   * checking, and `patch` puts in those whose revisions moved.
   */
  recheck: readonly number[];
  /**
   * The kept page with the current JSON of its posts (all of `recheck`, by id) put in where their revisions moved,
   * kept for the next callers too; null when the page must be read whole (nothing of it is kept, or a post is gone).
   */
  patch(current: ReadonlyMap<number, PostJson>): Buffer | null;
  /** Keeps a counted total and a read answer for the next callers. */
  keep(total: number, answer: PageAnswer): void;
  /** Names this page under the versions it was looked up in: callers reading it at once share one read. */
  readonly key: string;
}

/** A page's answer, whether a write changed one of its posts since, and the list version it is of. */
interface KeptPage {
  answer: PageAnswer;
  stale: boolean;
  kind: PostListKind;
  listVersion: number;
}

/** A step of the content version: the posts it changed. */
interface ContentStep {
  version: number;
  postIds: ReadonlySet<number>;
}

/**
 * Caches the post lists, in three layers. Totals live in Redis under a version per kind of list: counting a filtered
 * list visits every match, and only the writes that change a kind's membership make its lists count afresh (a memo
 * changes none); a short Hangul keyword alone has its count kept by the database instead. Whole answers (a page as
 * UTF-8 JSON, ready to write) live in each API process under their list's version: the dashboard's pages are read far
 * more often than posts change, and an answer kept costs no query, no serialising and no copy out of Redis. A write to
 * some posts (a memo, a favourite, a send) notes their ids in a step of the content version, and each process marks the
 * kept pages that show one of them and puts them back together: it checks their posts' revisions and reads only the
 * posts whose revisions moved into them, as soon as it hears of the write (refresh; the process that made it, before
 * answering), else when a caller next asks for such a page; a list whose membership the write can change is another
 * list, under its new version. A write to many (an import) bumps the pages version, which drops them all. The versions
 * are shared (platform/redis/shared-versions): every process hears of a write as it is announced, and asks Redis while
 * it cannot hear. Each post's JSON lives in each API process under the post's revisions (which the database bumps on
 * every change to the post, and to its sent e-mails, migrations 20261215 and 20261216): a page read afresh after a
 * write reads its ids and revisions, and only the posts that changed.
 */
@Injectable()
export class PostListCache {
  private pagesVersion = '';
  /** Room for the pages staff open most (every dashboard starts on page 1), least recently used out first. */
  private readonly pages: LruCache<string, KeptPage>;
  /** Each post's JSON by `id:revision:emailRevision`, so that a write throws away only what it changed. */
  private readonly posts: LruCache<string, Buffer>;
  /** The pages being read now, by key: a burst of callers after a write waits for one read. */
  private readonly reading = new Map<string, Promise<Buffer>>();
  /** The content version whose steps the kept pages have been checked against. */
  private contentVersion = 0;
  /** The steps after `stepsFrom` up to contentVersion, oldest first: what a page read meanwhile may miss. */
  private steps: ContentStep[] = [];
  private stepsFrom = 0;
  private catchingUp: Promise<void> | null = null;
  /** The refreshes asked for, one after another (never rejecting): a caller of a page being refreshed waits. */
  private refreshing: Promise<void> | null = null;
  /** A refresh of every changed page asked for and not begun: a write heard meanwhile joins it. */
  private queuedForAll: Promise<void> | null = null;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly versions: SharedVersions,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'POST_PAGE_CACHE_MB' | 'POST_JSON_CACHE_MB'>,
  ) {
    this.pages = new LruCache(config.POST_PAGE_CACHE_MB * 1024 * 1024, (page) => page.answer.bytes.length);
    this.posts = new LruCache(config.POST_JSON_CACHE_MB * 1024 * 1024, (json) => json.length);
  }

  /**
   * The cache's knowledge of one page: `list` names the list (its SQL and parameters), `page` the page in it. A list
   * whose total the database keeps and reads with its ids (`totalInRedis: false`) has no total in Redis: looking one
   * up would only hold back its read by a round trip.
   */
  async page(
    kind: PostListKind,
    list: readonly unknown[],
    page: readonly unknown[],
    { totalInRedis }: { totalInRedis: boolean } = { totalInRedis: true },
  ): Promise<CachedPage> {
    const listDigest = digest(list);
    const [listVersion, pagesVersionNumber, contentVersion] = await this.versions.read([
      versionKey(kind),
      versionKey('pages'),
      CONTENT,
    ]);
    const pagesVersion = String(pagesVersionNumber);
    await this.catchUpWith(pagesVersion, contentVersion);
    // A page of a list whose membership changed is another page: the old one ages out.
    const pageKey = `${kind}:${listDigest}:${digest(page)}@${listVersion}`;
    // Being put back together now (refresh): waited for, rather than read a second time beside it.
    if (this.refreshing !== null && this.pages.peek(pageKey)?.stale) await this.refreshing;
    const readAt = this.contentVersion;
    const key = `${pageKey}:${pagesVersion}:${readAt}`;
    const kept = this.pages.get(pageKey);
    // A write to none of the page's posts may come while this page is put back together or read: keep it only then.
    const keepIfUnchanged = (answer: PageAnswer) => {
      if (this.pagesVersion === pagesVersion && this.unchangedSince(readAt, postIdsOf(answer)))
        this.pages.set(pageKey, { answer, stale: false, kind, listVersion });
    };
    const readWhole = () => null;
    if (kept !== undefined && !kept.stale)
      return { total: null, answer: kept.answer.bytes, recheck: [], patch: readWhole, keep: () => {}, key };
    if (kept !== undefined)
      return {
        total: null,
        answer: null,
        recheck: postIdsOf(kept.answer),
        patch: (current) => {
          const answer = withCurrentPosts(kept.answer, current);
          if (answer === null) return null;
          keepIfUnchanged(answer);
          return answer.bytes;
        },
        keep: (total, answer) => keepIfUnchanged(answer),
        key,
      };
    const cachedTotal = totalInRedis
      ? await this.redis.get(`${countKeyPrefix(kind)}${listVersion}:${listDigest}`)
      : null;
    return {
      key,
      total: cachedTotal === null ? null : Number(cachedTotal),
      answer: null,
      recheck: [],
      patch: readWhole,
      keep: (total, answer) => {
        keepIfUnchanged(answer);
        // Not waited for: the answer goes out meanwhile, and a total that failed to be kept is counted again.
        if (totalInRedis && cachedTotal === null)
          void this.redis
            .set(`${countKeyPrefix(kind)}${listVersion}:${listDigest}`, String(total), 'EX', COUNT_TTL_SECONDS)
            .catch(() => {});
      },
    };
  }

  /**
   * Puts the current JSON of the posts into the kept pages that a write changed (those showing one of `postIds`, or
   * all of them), with any other post of those pages whose revisions moved: `read` reads posts' current JSON by id,
   * once for all the pages. The process that made a write calls it once the write is announced, so that its next
   * callers find the pages kept; every process calls it as it hears of another's write (onWritesElsewhere). One
   * refresh runs at a time, and one of every page waiting to begin serves every write heard meanwhile (it catches up
   * with them all when it begins); callers of a page it is putting back together wait for it.
   */
  refresh(
    read: (postIds: readonly number[]) => Promise<ReadonlyMap<number, PostJson>>,
    postIds?: readonly number[],
  ): Promise<void> {
    if (postIds === undefined && this.queuedForAll !== null) return this.queuedForAll;
    const run = (this.refreshing ?? Promise.resolve()).then(() => {
      if (postIds === undefined) this.queuedForAll = null;
      return this.refreshNow(read, postIds);
    });
    if (postIds === undefined) this.queuedForAll = run;
    const done: Promise<void> = run
      .catch(() => {})
      .finally(() => {
        if (this.refreshing === done) this.refreshing = null;
      });
    this.refreshing = done;
    return run;
  }

  /** Calls `listener` whenever this process hears that another one wrote to some posts (postsChanged). */
  onWritesElsewhere(listener: () => void): void {
    this.versions.onHeard(CONTENT, listener);
  }

  /** Reads the page of `key` (CachedPage.key) once for all who ask while it is being read. */
  async once(key: string, read: () => Promise<Buffer>): Promise<Buffer> {
    const pending = this.reading.get(key);
    if (pending) return pending;
    const reading = read().finally(() => this.reading.delete(key));
    this.reading.set(key, reading);
    return reading;
  }

  /** The JSON kept for a post at these revisions (its own and its sent e-mails'), or undefined. */
  post(id: number, revision: number, emailRevision: number): PostJson | undefined {
    const revisions = revisionsOf(revision, emailRevision);
    const json = this.posts.get(`${id}:${revisions}`);
    return json === undefined ? undefined : { id, revisions, json };
  }

  /** Keeps a post's JSON read at these revisions. */
  keepPost(id: number, revision: number, emailRevision: number, json: Buffer): PostJson {
    const revisions = revisionsOf(revision, emailRevision);
    this.posts.set(`${id}:${revisions}`, json);
    return { id, revisions, json };
  }

  /**
   * Call after a write that changed many posts or an unknown few, naming the kinds of list whose membership it can
   * change: those count afresh, and every kept page is read again.
   */
  changed(...kinds: PostListKind[]): Promise<void> {
    return this.versions.bump(...kinds.map(versionKey), versionKey('pages'));
  }

  /**
   * Call after a write that changed what these posts show, naming the kinds of list whose membership it can change
   * (none for a memo): those count afresh, and only the kept pages that show one of the posts are read again.
   */
  postsChanged(postIds: readonly number[], ...kinds: PostListKind[]): Promise<void> {
    return this.versions.bumpNoted(CONTENT, postIds.join(','), ...kinds.map(versionKey));
  }

  private async refreshNow(
    read: (postIds: readonly number[]) => Promise<ReadonlyMap<number, PostJson>>,
    postIds: readonly number[] | undefined,
  ): Promise<void> {
    // A process that keeps no pages (the worker) has none to put back together.
    if (this.pages.size === 0) return;
    const [pagesVersion, contentVersion, ...listVersions] = await this.versions.read([
      versionKey('pages'),
      CONTENT,
      ...POST_LIST_KINDS.map(versionKey),
    ]);
    await this.catchUpWith(String(pagesVersion), contentVersion);
    const readAt = this.contentVersion;
    const written = postIds === undefined ? null : new Set(postIds);
    const stale: [string, KeptPage][] = [];
    for (const [key, page] of this.pages.list()) {
      if (!page.stale || (written !== null && !page.answer.posts.some(({ id }) => written.has(id)))) continue;
      // Of a list whose membership changed since, so that nobody can ask for it: not worth reading.
      if (page.listVersion !== listVersions[POST_LIST_KINDS.indexOf(page.kind)]) this.pages.delete(key);
      else stale.push([key, page]);
    }
    if (stale.length === 0) return;
    const current = await read([...new Set(stale.flatMap(([, page]) => postIdsOf(page.answer)))]);
    for (const [key, page] of stale) {
      // Dropped, read again or changed once more meanwhile: left to its next caller.
      if (this.pages.peek(key) !== page || !this.unchangedSince(readAt, postIdsOf(page.answer))) continue;
      const answer = withCurrentPosts(page.answer, current);
      // In its place in the order of use. A page one of whose posts is gone must be read whole: not kept to be checked
      // again by every refresh.
      if (answer === null) this.pages.delete(key);
      else this.pages.replace(key, { ...page, answer, stale: false });
    }
  }

  /** Brings the kept pages up to the versions read: all dropped under another pages version, then the content's. */
  private async catchUpWith(pagesVersion: string, contentVersion: number): Promise<void> {
    if (pagesVersion !== this.pagesVersion) this.forgetPages(pagesVersion);
    await this.catchUp(contentVersion);
  }

  /** Brings the kept pages up to a content version, one catch-up at a time. */
  private async catchUp(version: number): Promise<void> {
    while (this.contentVersion < version) {
      this.catchingUp ??= this.applySteps(version).finally(() => (this.catchingUp = null));
      await this.catchingUp;
    }
  }

  /**
   * Marks the kept pages that show a post the steps up to `version` changed, for their next caller to check their
   * posts again (drops every page when the steps are not known).
   */
  private async applySteps(version: number): Promise<void> {
    const from = this.contentVersion;
    const notes = await this.versions.notes(CONTENT, from, version);
    if (notes === null) {
      // Steps no longer known (or a process just started): start afresh from here.
      this.pages.clear();
      this.steps = [];
      this.stepsFrom = version;
    } else {
      const steps = notes.map((note, index) => ({
        version: from + index + 1,
        postIds: new Set(note.split(',').filter(Boolean).map(Number)),
      }));
      for (const [, page] of this.pages.list())
        if (page.answer.posts.some(({ id }) => steps.some((step) => step.postIds.has(id)))) page.stale = true;
      this.steps.push(...steps);
      const excess = this.steps.length - NOTES_KEPT;
      if (excess > 0) this.stepsFrom = this.steps.splice(0, excess).at(-1)!.version;
    }
    this.contentVersion = version;
  }

  /** Whether no step after `readAt` changed any of these posts. */
  private unchangedSince(readAt: number, postIds: readonly number[]): boolean {
    if (readAt === this.contentVersion) return true;
    if (readAt < this.stepsFrom) return false;
    return this.steps.every((step) => step.version <= readAt || !postIds.some((id) => step.postIds.has(id)));
  }

  private forgetPages(version: string): void {
    this.pages.clear();
    this.pagesVersion = version;
  }
}

function digest(value: readonly unknown[]): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('base64url');
}
