import { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { AppConfig } from '../src/platform/config/config.js';
import { toModelRecord } from '../src/modules/models/domain/model-record.js';
import { ModelsService } from '../src/modules/models/models.service.js';
import { urlPostKey } from '../src/modules/posts/domain/post-key.js';
import { hangulGrams, searchColumns } from '../src/modules/posts/domain/search.js';
import { type PostData, type PostRecord, toPostRecord } from '../src/modules/posts/domain/post-record.js';
import { type CachedPage, joinPage, PostListCache } from '../src/modules/posts/post-list-cache.js';
import { SharedVersions } from '../src/platform/redis/shared-versions.js';
import { PostsService } from '../src/modules/posts/posts.service.js';
import { FEW_MATCHES, pageParams, type PostFilters, postListQueries } from '../src/modules/posts/post-list-queries.js';
import { bearer, eventually, startTestApp, SUPERADMIN, type TestApp } from './support/test-app.js';

const POSTS = '/backend/api/v1/posts';

type Row = Partial<PostData> & { postId?: string | null };
/** A node of a plan as EXPLAIN (FORMAT JSON) gives it. */
interface PlanNode {
  'Node Type': string;
  'Plan Rows': number;
  'Index Name'?: string;
  'Relation Name'?: string;
  /** With EXPLAIN ANALYZE: how many times the node ran (0: never), the rows it passed on and those it left. */
  'Actual Loops'?: number;
  'Actual Rows'?: number;
  'Rows Removed by Filter'?: number;
  'Scan Direction'?: string;
  Plans?: PlanNode[];
}

/** Runs `work` in a transaction of its own, rolled back at the end whatever it wrote. */
async function rolledBack(em: EntityManager, work: (tx: EntityManager) => Promise<void>): Promise<void> {
  const tx = em.fork();
  await tx.begin();
  try {
    await work(tx);
  } finally {
    await tx.rollback();
  }
}

/** A statement's plan, its nodes depth first; with `analyze` it runs. */
async function planNodes(
  em: EntityManager,
  sql: string,
  params: unknown[],
  options = 'format json',
): Promise<PlanNode[]> {
  const [row] = await em.execute<{ 'QUERY PLAN': [{ Plan: PlanNode }] }[]>(`explain (${options}) ${sql}`, params);
  const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];
  return nodes(row['QUERY PLAN'][0].Plan);
}
type Query = Record<string, string | number | undefined>;

const kst = (local: string) => new Date(`${local}+09:00`);

/** 400 Hangul syllables, none repeated, from the given offset. */
const syllables = (from: number) =>
  Array.from({ length: 400 }, (_, index) => String.fromCharCode(0xac00 + from + index * 7)).join('');
/** A post of about 5 kB: the default storage would move its widest values, the bodies, to the TOAST store. */
const WIDE_POST: Row = {
  postId: 'WIDE-1',
  postTitle: `넓은 공고 ${syllables(1)}`.slice(0, 120),
  titleOfTheWork: syllables(2).slice(0, 60),
  body: `<p>${syllables(3)}</p>`,
  eng: `<p>${syllables(4)}</p>`,
};
/** The texts a search reads row by row and the bodies a page shows (migration 20261219). */
const IN_ROW_COLUMNS = ['post_title', 'title_of_the_work', 'body', 'eng', 'body_safe_html', 'eng_safe_html'];

/**
 * The pages a read of one post by id touches: its index and its row and, for a value kept apart, the TOAST store's
 * index and pages. strpos and cardinality read the whole value.
 */
async function pagesReadOfPost(t: TestApp, id: number, expression: string): Promise<number> {
  const [plan] = await t.app
    .get(EntityManager)
    .getConnection()
    .execute<{ 'QUERY PLAN': [{ Plan: Record<string, number> }] }[]>(
      `explain (analyze, buffers, format json) select ${expression} from post p where p.id = ?`,
      [id],
    );
  const top = plan['QUERY PLAN'][0].Plan;
  return top['Shared Hit Blocks'] + top['Shared Read Blocks'];
}

const GENDER_INPUTS = ['남자', '여자', '남녀 '];

const XSS = [
  '<script>alert(1)</script>',
  '<img src="https://img.example/a.jpg" onerror="alert(1)">',
  '<svg onload="alert(1)"><circle r="1"/></svg>',
  '<a href="javascript:alert(1)">원문</a>',
  '<div style="width: expression(alert(1))">스타일</div>',
  '<iframe src="https://evil.example/frame"></iframe>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">데이터</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<p onclick="alert(1)">본문</p>',
].join('\n');
const UNSAFE = /<script|<iframe|<svg|\son\w+\s*=|javascript:|data:|expression\(|style=/i;

/** 160 ordinary posts dated 2025 (one a day), then the posts the tests look for, dated 2026 or undated. */
function seedRows(): Row[] {
  const filler: Row[] = Array.from({ length: 160 }, (_, index) => {
    const n = index + 1;
    const day = new Date(Date.UTC(2025, 0, 1) + index * 86_400_000).toISOString().slice(0, 10);
    return {
      postId: `F-${String(n).padStart(3, '0')}`,
      postTitle: `단편영화 캐스팅 ${n}`,
      titleOfTheWork: `작품 ${n}`,
      produce: '제작사',
      recruitmentGender: GENDER_INPUTS[n % 3],
      postDate: kst(`${day}T10:00:00`),
      postDateText: day,
      body: `<p>촬영 안내 ${n}</p>`,
      eng: `<p>Shooting notes ${n}</p>`,
      postUrl: `https://casting.example/f/${n}`,
    };
  });
  return [
    ...filler,
    {
      postId: 'S-TITLE',
      postTitle: '주연 배우 모집',
      body: '<p>연기 경력자</p>',
      recruitmentGender: '남자',
      postDate: kst('2026-03-01T00:00:00'),
      postDateText: '2026-03-01',
      customerEmail: 'cast@studio.kr',
      manager: '김실장',
      phoneCall: '010-1234-5678',
    },
    {
      postId: 'S-BODY',
      postTitle: '엑스트라 모집',
      body: '<p>경력 배우 우대</p>',
      recruitmentGender: '여자',
      postDate: kst('2026-03-31T23:59:00'),
      postDateText: '2026-03-31 23:59',
    },
    {
      postId: 'S-ENG',
      postTitle: 'Commercial',
      body: '<p>광고 촬영</p>',
      eng: '<p>배우 wanted</p>',
      recruitmentGender: '남녀 ',
      postDate: kst('2026-02-28T23:59:00'),
      postDateText: '2026-02-28',
    },
    {
      postId: 'S-WORK',
      postTitle: '오디션 공지',
      titleOfTheWork: '배우의 길',
      postDate: kst('2026-04-01T00:00:00'),
      postDateText: '2026-04-01',
    },
    {
      postId: 'S-LIKE',
      postTitle: '출연료 100% 지급_확정',
      postDate: kst('2026-01-10T12:00:00'),
      postDateText: '2026-01-10',
    },
    { postId: 'S-TIE-A', postTitle: '동시 게시 A', postDate: kst('2026-01-05T09:00:00'), postDateText: '2026-01-05' },
    {
      postId: null,
      postUrl: 'https://casting.example/no-id',
      postTitle: '아이디 없는 공고',
      postDate: kst('2026-01-03T09:00:00'),
      postDateText: '2026-01-03',
    },
    { postId: 'S-UNDATED', postTitle: '상시 모집 공고', postDate: null, postDateText: '상시 모집' },
    {
      postId: 'S-XSS',
      postTitle: '위험한 본문',
      body: XSS,
      eng: XSS,
      postDate: kst('2026-01-01T09:00:00'),
      postDateText: '2026-01-01',
    },
  ];
}

/** Imported in a second call, so its id is higher than S-TIE-A's though both have the same post date. */
const TIE_B: Row = {
  postId: 'S-TIE-B',
  postTitle: '동시 게시 B',
  postDate: kst('2026-01-05T09:00:00'),
  postDateText: '2026-01-05',
};

const records = (rows: Row[]): PostRecord[] => rows.map((row) => toPostRecord(row)!);

interface PostBody {
  postId: string;
  lastEmailOutcome: { kind: string } | null;
  isFavorite: boolean;
  memo: string | null;
  isEmailSent: boolean;
  data: Record<string, string | null>;
}
interface ListBody {
  posts: { data: PostBody[] };
  pagination: {
    currentPage: number;
    totalPages: number;
    totalItems: number;
    itemsPerPage: number;
    hasNextPage: boolean;
    hasPreviousPage: boolean;
  };
}

/** A post list cache of its own Redis connection and shared versions, as another process has. */
async function withCache(config: AppConfig, use: (cache: PostListCache) => Promise<void>): Promise<void> {
  const redis = new Redis(config.REDIS_URL, { keyPrefix: `${config.REDIS_KEY_PREFIX}:` });
  const versions = new SharedVersions(redis, config);
  await versions.onModuleInit();
  try {
    await use(new PostListCache(redis, versions, config));
  } finally {
    await versions.onApplicationShutdown();
    redis.disconnect();
  }
}

describe('posts', () => {
  let t: TestApp;
  let token: string;
  let service: PostsService;
  let all: PostRecord[];
  let total: number;

  const get = (path: string, query: Query = {}) =>
    t.request({ method: 'GET', url: `${POSTS}${path}`, query: stringify(query), headers: bearer(token) });
  const list = async (path: string, query: Query = {}): Promise<ListBody> => {
    const response = await get(path, query);
    if (response.statusCode !== 200) throw new Error(`${path} answered ${response.statusCode}: ${response.body}`);
    return response.json();
  };
  const ids = (body: ListBody) => body.posts.data.map((post) => post.postId);
  const send = (method: 'PUT' | 'POST', url: string, payload: object) =>
    t.request({ method, url: `${POSTS}${url}`, headers: bearer(token), payload });
  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
    t.app.get(EntityManager).getConnection().execute<T[]>(query, params);

  beforeAll(async () => {
    t = await startTestApp();
    token = (await t.login(SUPERADMIN.email, SUPERADMIN.password)).token;
    service = t.app.get(PostsService);
    const first = records(seedRows());
    expect(await service.upsertPosts(first)).toEqual({ created: first.length, updated: 0, unchanged: 0 });
    expect(await service.upsertPosts(records([TIE_B]))).toEqual({ created: 1, updated: 0, unchanged: 0 });
    all = [...first, ...records([TIE_B])];
    total = all.length;
  });
  afterAll(() => t.close());

  describe('lists', () => {
    it('pages with the spec pagination block, 50 by default', async () => {
      const body = await list('');
      expect(body.posts.data).toHaveLength(50);
      expect(body.pagination).toEqual({
        currentPage: 1,
        totalPages: Math.ceil(total / 50),
        totalItems: total,
        itemsPerPage: 50,
        hasNextPage: true,
        hasPreviousPage: false,
      });
      const last = await list('', { page: Math.ceil(total / 50) });
      expect(last.posts.data).toHaveLength(total % 50);
      expect(last.pagination).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    });

    it('takes page sizes 50, 100 and 150, by pageSize or its alias limit', async () => {
      for (const size of [50, 100, 150]) {
        const body = await list('', { pageSize: size, page: 2 });
        expect(body.posts.data).toHaveLength(Math.min(size, total - size));
        expect(body.pagination).toMatchObject({
          currentPage: 2,
          itemsPerPage: size,
          totalPages: Math.ceil(total / size),
          totalItems: total,
        });
      }
      expect((await list('', { limit: 100 })).pagination.itemsPerPage).toBe(100);
      expect((await list('', { limit: 100, pageSize: 150 })).pagination.itemsPerPage).toBe(150);
      expect((await list('/favorites', { limit: 150 })).pagination.itemsPerPage).toBe(150);
    });

    it('refuses a page size of 0 or over 150, and page 0', async () => {
      for (const query of [
        { pageSize: 151 },
        { pageSize: 0 },
        { limit: 151 },
        { limit: 0 },
        { page: 0 },
        { pageSize: 'x' },
      ]) {
        const response = await get('', query);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      }
      expect((await get('/search', { pageSize: 151, query: '배우' })).statusCode).toBe(400);
      expect((await get('', { sortBy: 'postTitle' })).statusCode).toBe(400);
    });

    it('answers an empty page past the end', async () => {
      const body = await list('', { page: 99 });
      expect(body.posts.data).toEqual([]);
      expect(body.pagination).toMatchObject({
        currentPage: 99,
        totalItems: total,
        hasNextPage: false,
        hasPreviousPage: true,
      });
    });

    it('orders by post date, newest first, undated last, then the newest row', async () => {
      const seen = [...ids(await list('', { pageSize: 150 })), ...ids(await list('', { pageSize: 150, page: 2 }))];
      expect(seen).toHaveLength(total);
      const dateOf = new Map(all.map((record) => [record.postKey, record.postDate?.getTime() ?? null]));
      const dates = seen.map((id) => dateOf.get(id));
      const dated = dates.filter((date): date is number => date !== null);
      expect(dated).toEqual([...dated].sort((a, b) => b - a));
      expect(seen.at(-1)).toBe('S-UNDATED');
      expect(seen.slice(0, 3)).toEqual(['S-WORK', 'S-BODY', 'S-TITLE']);
      expect(seen.indexOf('S-TIE-B')).toBe(seen.indexOf('S-TIE-A') - 1);
    });

    it('sorts oldest first on sortOrder=ASC, undated still last', async () => {
      expect(ids(await list('', { sortBy: 'postDate', sortOrder: 'ASC', pageSize: 1 }))).toEqual(['F-001']);
      const last = await list('', { sortOrder: 'asc', pageSize: 50, page: Math.ceil(total / 50) });
      expect(ids(last).at(-1)).toBe('S-UNDATED');
      expect(ids(last).indexOf('S-TIE-A')).toBe(ids(last).indexOf('S-TIE-B') - 1);
    });

    it('returns the spec post shape', async () => {
      const body = await list('/search', { query: '주연 배우' });
      expect(body.posts.data).toEqual([
        {
          postId: 'S-TITLE',
          isFavorite: false,
          memo: null,
          isEmailSent: false,
          lastEmailOutcome: null,
          data: {
            postTitle: '주연 배우 모집',
            titleOfTheWork: null,
            produce: null,
            recruitmentGender: '남자',
            numberOfRecruits: null,
            roleInThePlay: null,
            appearanceFee: null,
            filmingPeriod: null,
            recruitmentDeadline: null,
            postDate: '2026-02-28T15:00:00.000Z',
            manager: '김실장',
            phoneCall: '010-1234-5678',
            customerEmail: 'cast@studio.kr',
            email: null,
            body: '<p>연기 경력자</p>',
            eng: null,
            postUrl: null,
          },
        },
      ]);
    });

    it('gives the typed text as the date of a post whose date could not be read, and a URL key to a post without id', async () => {
      const undated = (await list('/search', { query: '상시 모집 공고' })).posts.data[0];
      expect(undated).toMatchObject({ postId: 'S-UNDATED', data: { postDate: '상시 모집' } });
      const keyed = (await list('/search', { query: '아이디 없는' })).posts.data[0];
      expect(keyed.postId).toBe(urlPostKey('https://casting.example/no-id'));
    });

    it('requires a signed-in staff member', async () => {
      const response = await t.request({ method: 'GET', url: POSTS });
      expect(response.statusCode).toBe(401);
      expect((await t.request({ method: 'GET', url: `${POSTS}/favorites` })).statusCode).toBe(401);
      expect(
        (await t.request({ method: 'PUT', url: `${POSTS}/S-TITLE`, payload: { isFavorite: true } })).statusCode,
      ).toBe(401);
    });
  });

  describe('search', () => {
    it('finds a Korean substring in titles (post title and work title)', async () => {
      const body = await list('/search', { query: '배우', category: 'title' });
      expect(ids(body)).toEqual(['S-WORK', 'S-TITLE']);
      expect(body.pagination).toMatchObject({ totalItems: 2, totalPages: 1, hasNextPage: false });
    });

    it('finds a Korean substring in bodies (Korean and English)', async () => {
      expect(ids(await list('/search', { query: '배우', category: 'body' }))).toEqual(['S-BODY', 'S-ENG']);
    });

    it('finds it anywhere with scope all (the default)', async () => {
      expect(ids(await list('/search', { query: '배우', category: 'all' }))).toEqual([
        'S-WORK',
        'S-BODY',
        'S-TITLE',
        'S-ENG',
      ]);
      expect(ids(await list('/search', { query: ' 배우 ' }))).toEqual(['S-WORK', 'S-BODY', 'S-TITLE', 'S-ENG']);
    });

    it('finds one or two Hangul syllables through the gram indexes, exactly as LIKE does', async () => {
      const scopes = { title: ['post_title', 'title_of_the_work'], body: ['body', 'eng'] } as const;
      for (const keyword of ['배우', '배', '촬영', '캐', '스팅']) {
        for (const scope of ['title', 'body', 'all'] as const) {
          const columns = scope === 'all' ? [...scopes.title, ...scopes.body] : scopes[scope];
          const expected = await sql<{ post_key: string }>(
            `select post_key from post where ${columns.map((column) => `${column} like ?`).join(' or ')}
             order by post_date desc nulls last, id desc limit 150`,
            columns.map(() => `%${keyword}%`),
          );
          const [{ count }] = await sql<{ count: number }>(
            `select count(*)::int as count from post where ${columns.map((column) => `${column} like ?`).join(' or ')}`,
            columns.map(() => `%${keyword}%`),
          );
          const body = await list('/search', { query: keyword, category: scope, pageSize: 150 });
          expect({ keyword, scope, ids: ids(body), total: body.pagination.totalItems }).toEqual({
            keyword,
            scope,
            ids: expected.map((row) => row.post_key),
            total: count,
          });
        }
      }
      // A table this small is read whole; the index must be able to serve the condition where it is not.
      const plan = await t.app
        .get(EntityManager)
        .fork()
        .transactional(async (tx) => {
          await tx.execute('set local enable_seqscan = off');
          return tx.execute<{ 'QUERY PLAN': string }[]>(
            `explain select count(*) from post p where indexed_grams(p."body_hangul_grams") @> array['배우']::text[]`,
          );
        });
      expect(plan.map((line) => line['QUERY PLAN']).join('\n')).toContain('post_body_hangul_grams_index');
      // The importer stored each post's grams: those of the texts, nothing else.
      const [stored] = await sql<{ grams: string[]; body: string; eng: string | null }>(
        `select body_hangul_grams as grams, body, eng from post where body ~ '[가-힣]' order by id limit 1`,
      );
      expect(stored.grams.length).toBeGreaterThan(0);
      expect(new Set(stored.grams)).toEqual(new Set(hangulGrams(stored.body, stored.eng)));
      // JIT would compile such a query, slower than running it.
      expect(await sql(`select current_setting('jit') as jit`)).toEqual([{ jit: 'off' }]);
    });

    it("keeps each gram's count of posts through inserts, updates, deletes and a truncate", async () => {
      // The kept counts against counting the stored grams afresh, for every gram there is.
      const disagreements = (tx: EntityManager) =>
        tx.execute<{ gram: string }[]>(`
          with fresh as (
            select gram, sum(t)::int as in_title, sum(b)::int as in_body, count(*)::int as in_any from (
              select gram, bool_or(t)::int as t, bool_or(not t)::int as b from (
                select p.id, gram, true as t from post p, unnest(p.title_hangul_grams) gram
                union all select p.id, gram, false from post p, unnest(p.body_hangul_grams) gram) g
              group by id, gram) per_post
            group by gram)
          select coalesce(f.gram, k.gram) as gram from fresh f
          full join (select * from post_hangul_gram_count where in_title <> 0 or in_body <> 0 or in_any <> 0) k
            using (gram)
          where f.in_title is distinct from k.in_title or f.in_body is distinct from k.in_body
            or f.in_any is distinct from k.in_any`);
      const em = t.app.get(EntityManager).fork();
      expect(await disagreements(em)).toEqual([]);
      expect(await sql(`select count(*)::int as grams from post_hangul_gram_count`)).not.toEqual([{ grams: 0 }]);
      // An import that adds a post, then one that changes its texts (an insert, then an update on conflict).
      const autumn = async () =>
        (
          await sql<{ in_title: number; in_body: number }>(
            `select in_title, in_body from post_hangul_gram_count where gram = '가을'`,
          )
        )[0] ?? { in_title: 0, in_body: 0 };
      const before = await autumn();
      const imported = { postId: 'S-REIMPORT', postTitle: '가을 하늘 공고', body: '겨울 촬영' };
      expect(await service.upsertPosts(records([imported]))).toMatchObject({ created: 1 });
      expect(await disagreements(em)).toEqual([]);
      expect(await autumn()).toEqual({ in_title: before.in_title + 1, in_body: before.in_body });
      const reimported = { ...imported, postTitle: '겨울 바다 공고', body: '가을 하늘' };
      expect(await service.upsertPosts(records([reimported]))).toMatchObject({ updated: 1 });
      expect(await disagreements(em)).toEqual([]);
      expect(await autumn()).toEqual({ in_title: before.in_title, in_body: before.in_body + 1 });
      await sql(`delete from post where post_key = 'S-REIMPORT'`);
      // In a transaction rolled back at the end, so that the other tests keep their posts.
      await rolledBack(em, async (tx) => {
        // A gram moved from the body into the title, one new in both (grams are stored once a text), and one post's
        // grams gone.
        await tx.execute(`update post set title_hangul_grams = array_remove(title_hangul_grams, '촬영') || array['촬영', '봄꽃'],
          body_hangul_grams = array_remove(body_hangul_grams, '촬영') || array['봄꽃']
          where id in (select id from post order by id limit 3)`);
        await tx.execute(`update post set body_hangul_grams = '{}', title_hangul_grams = '{}'
          where id = (select max(id) from post)`);
        // A memo changes no gram.
        await tx.execute(`update post set memo = '메모' where id in (select id from post order by id desc limit 5)`);
        await tx.execute(`delete from post where id in (select id from post order by id limit 2 offset 3)`);
        await tx.execute(`insert into post (post_key, post_title, body, content_hash, imported_at, updated_at,
            title_hangul_grams, body_hangul_grams)
          values ('S-GRAMS', '봄꽃 배우', '배우 모집', repeat('b', 64), now(), now(), array['봄', '꽃', '봄꽃', '배', '우', '배우'],
            array['배', '우', '배우', '모', '집', '모집'])`);
        expect(await disagreements(tx)).toEqual([]);
        expect(
          await tx.execute(`select in_title, in_body, in_any from post_hangul_gram_count where gram = '봄꽃'`),
        ).toEqual([{ in_title: 4, in_body: 3, in_any: 4 }]);
        await tx.execute(`truncate post cascade`);
        expect(await tx.execute(`select count(*)::int as grams from post_hangul_gram_count`)).toEqual([{ grams: 0 }]);
      });
      expect(await disagreements(em)).toEqual([]);
    });

    it('lets two writers of grams take turns without a deadlock, and an update of no gram wait for neither', async () => {
      const em = t.app.get(EntityManager);
      const insert = (tx: EntityManager, key: string, grams: string[]) =>
        tx.execute(
          `insert into post (post_key, post_title, content_hash, imported_at, updated_at, title_hangul_grams)
           values (?, ?, repeat('c', 64), now(), now(), ?::text[])`,
          [key, key, `{${grams.join(',')}}`],
        );
      const counts = () =>
        sql<{ gram: string; in_title: number }>(
          `select gram, in_title from post_hangul_gram_count where gram in ('겨울', '봄비') order by gram`,
        );
      const before = await counts();
      const first = em.fork();
      const second = em.fork();
      await first.begin();
      await second.begin();
      try {
        await insert(first, 'S-TURN-1', ['겨울', '눈꽃']);
        const [{ pid }] = await second.execute<{ pid: number }[]>(`select pg_backend_pid() as pid`);
        // The second writer's first post holds a gram the first writer has not touched yet, its second one a gram
        // the first writer holds: row by row, each would then wait for the other when the first writes that gram.
        const waiting = (async () => {
          await insert(second, 'S-TURN-2', ['봄비']);
          await insert(second, 'S-TURN-4', ['겨울']);
        })();
        // Until the second writer waits for a lock: its turn, or (row by row) the first writer's row of 겨울.
        await eventually(async () =>
          expect(
            await sql(`select 1 from pg_stat_activity where pid = ? and wait_event_type = 'Lock'`, [pid]),
          ).toHaveLength(1),
        );
        // An update that changes no gram (as a memo) does not wait.
        await sql(`update post set memo = memo where post_key = 'S-TITLE'`);
        await insert(first, 'S-TURN-3', ['봄비']);
        await first.commit();
        await waiting;
        await second.commit();
      } catch (error) {
        await Promise.allSettled([first.rollback(), second.rollback()]);
        throw error;
      }
      const count = (rows: { gram: string; in_title: number }[], gram: string) =>
        rows.find((row) => row.gram === gram)?.in_title ?? 0;
      const after = await counts();
      expect([count(after, '겨울'), count(after, '봄비')]).toEqual([
        count(before, '겨울') + 2,
        count(before, '봄비') + 2,
      ]);
      await sql(`delete from post where post_key like 'S-TURN-%'`);
      const cleared = await counts();
      expect([count(cleared, '겨울'), count(cleared, '봄비')]).toEqual([count(before, '겨울'), count(before, '봄비')]);
    });

    it('counts a short Hangul keyword alone by its kept count, and one with a filter by its matches', async () => {
      const [{ gram, in_any }] = await sql<{ gram: string; in_any: number }>(
        `select gram, in_any from post_hangul_gram_count where in_any > 0 order by gram collate "C" desc limit 1`,
      );
      // Off by a thousand for a moment: the list's total then says where it came from.
      await sql(`update post_hangul_gram_count set in_any = in_any + 1000 where gram = ?`, [gram]);
      try {
        expect((await list('/search', { query: gram })).pagination.totalItems).toBe(in_any + 1000);
        expect((await list('/search', { query: gram, filter: 'All' })).pagination.totalItems).toBe(in_any + 1000);
        // A page past the last has no row to carry the count: it is read apart.
        const past = await list('/search', { query: gram, page: 999 });
        expect(past.posts.data).toEqual([]);
        expect(past.pagination.totalItems).toBe(in_any + 1000);
        const [{ women }] = await sql<{ women: number }>(
          `select count(*)::int as women from post
           where recruitment_gender = '여자' and (title_hangul_grams @> array[?] or body_hangul_grams @> array[?])`,
          [gram, gram],
        );
        expect((await list('/search', { query: gram, filter: '여자' })).pagination.totalItems).toBe(women);
      } finally {
        await sql(`update post_hangul_gram_count set in_any = in_any - 1000 where gram = ?`, [gram]);
      }
      // Read afresh, the keyword alone keeps no total in Redis (its count comes with its ids); with a filter it does.
      const redis = new Redis(t.config.REDIS_URL);
      const totalsInRedis = async () => (await redis.keys(`${t.config.REDIS_KEY_PREFIX}:posts:count:*`)).length;
      try {
        await t.app.get(PostListCache).changed('posts');
        const before = await totalsInRedis();
        await list('/search', { query: gram });
        await list('/search', { query: gram, page: 999 });
        expect(await totalsInRedis()).toBe(before);
        await list('/search', { query: gram, filter: '여자' });
        await eventually(async () => expect(await totalsInRedis()).toBe(before + 1));
      } finally {
        redis.disconnect();
      }
    });

    it("plans a short Hangul keyword's page in many posts alike whatever the planner sampled", async () => {
      // In a transaction rolled back at the end: 20,000 posts more, so that walking the list order is the plan to
      // find 50 of a word's many matches; and statistics that say 촬영 is in every post's body and 최유 in none.
      // Every eighth post is of a 공연, not yet all visible (as after an import).
      await rolledBack(t.app.get(EntityManager), async (tx) => {
        await tx.execute(
          `insert into post (post_key, post_title, body, post_date, content_hash, imported_at, updated_at,
            title_hangul_grams, body_hangul_grams)
          select 'P-' || g, '공고 ' || g, '<p>촬영 본문 ' || case when g % 8 = 0 then '공연 ' else '' end || g || '</p>',
            now() - g * interval '1 minute', repeat('p', 64), now(), now(), string_to_array(?, ' '),
            string_to_array(case when g % 8 = 0 then ? else ? end, ' ')
          from generate_series(1, 20000) g`,
          [hangulGrams('공고').join(' '), hangulGrams('촬영 본문 공연').join(' '), hangulGrams('촬영 본문').join(' ')],
        );
        await tx.execute('analyze post');
        const nodeTypes = (nodes: PlanNode[]) => nodes.map((node) => node['Node Type']).join(' ');
        const plan = async (keyword: string) => {
          const { ids } = postListQueries({ keyword, scope: 'all' });
          if ('sql' in ids) throw new Error('a short Hangul keyword has a query for few matches and one for many');
          return (await planNodes(tx, ids.many.sql, pageParams(ids.many, 50, 0))).map((node) => [
            node['Node Type'],
            node['Plan Rows'],
            ...(node['Index Name'] ? [node['Index Name']] : []),
          ]);
        };
        const rare = await plan('최유');
        expect(rare).toEqual(await plan('촬영'));
        // The walk reads the list-order index alone, in its order, each passing post's row by its id.
        expect(rare.flat().join(' ')).toMatch(/Index Only Scan \d+ post_list_order_index.*Index Scan \d+ post_pkey/);
        expect(rare.flat().join(' ')).not.toMatch(/trgm|Bitmap|Seq Scan|Sort/);

        // Alone, the keyword's count and page are one statement, which runs only the query its kept count chose.
        const ran = async (keyword: string) => {
          const { ids } = postListQueries({ keyword, scope: 'all' });
          if ('sql' in ids || !ids.byKeptCount)
            throw new Error('a short Hangul keyword alone is read by its kept count');
          const scans = (
            await planNodes(tx, ids.byKeptCount.sql, pageParams(ids.byKeptCount, 50, 0), 'analyze, format json')
          )
            .filter((node) => node['Actual Loops'] && /Scan/.test(node['Node Type']))
            .map((node) => `${node['Node Type']} ${node['Index Name'] ?? ''}`.trim());
          const [{ totalItems }] = await tx.execute<{ totalItems: number }[]>(ids.byKeptCount.sql, [
            ...pageParams(ids.byKeptCount, 1, 0),
          ]);
          return { scans: scans.join(', '), totalItems };
        };
        const many = await ran('촬영');
        expect(many.totalItems).toBeGreaterThanOrEqual(20_000);
        expect(many.scans).toContain('Index Only Scan post_list_order_index');
        expect(many.scans).not.toMatch(/Bitmap/);

        // The gram signatures in the index pass on few of the posts without the word: of the 400 or so posts the
        // walk reads for a page of 공연, in every eighth, little more than the 50 holding it have their rows read.
        const { ids } = postListQueries({ keyword: '공연', scope: 'all' });
        if ('sql' in ids) throw new Error('a short Hangul keyword has a query for few matches and one for many');
        const walked = await planNodes(tx, ids.many.sql, pageParams(ids.many, 50, 0), 'analyze, format json');
        const walk = walked.find((node) => node['Node Type'] === 'Index Only Scan')!;
        const passed = walk['Actual Rows']!;
        expect(passed + walk['Rows Removed by Filter']!).toBeGreaterThanOrEqual(350);
        expect(passed).toBeGreaterThanOrEqual(50);
        expect(passed).toBeLessThan(100);
        const page = await tx.execute<{ id: number }[]>(ids.many.sql, pageParams(ids.many, 50, 0));
        const expected = await tx.execute<{ id: number }[]>(
          `select id from post where body like '%공연%' or post_title like '%공연%'
           order by post_date desc nulls last, id desc limit 50`,
        );
        expect(page.map((row) => row.id)).toEqual(expected.map((row) => row.id));

        const [{ word, matches }] = await tx.execute<{ word: string; matches: number }[]>(
          `select gram as word, in_any as matches from post_hangul_gram_count
           where in_any between 1 and ? and char_length(gram) = 2 order by gram limit 1`,
          [FEW_MATCHES],
        );
        const few = await ran(word);
        expect(few.totalItems).toBe(matches);
        expect(few.scans).toMatch(/Bitmap Index Scan post_(title|body)_hangul_grams_index/);
        expect(few.scans).not.toContain('post_list_order_index');

        // Nothing a short keyword's search runs starts parallel workers, however cheap the planner is told they are.
        await tx.execute(`set local parallel_setup_cost = 0`);
        await tx.execute(`set local parallel_tuple_cost = 0`);
        await tx.execute(`set local min_parallel_table_scan_size = 0`);
        await tx.execute(`set local min_parallel_index_scan_size = 0`);
        const filtered = postListQueries({ keyword: '촬영', scope: 'all', gender: '여자' });
        if ('sql' in filtered.ids)
          throw new Error('a short Hangul keyword has a query for few matches and one for many');
        const alone = ids.byKeptCount!;
        for (const query of [filtered.ids.few, filtered.ids.many, ids.few, ids.many, alone]) {
          expect(nodeTypes(await planNodes(tx, query.sql, pageParams(query, 50, 0)))).not.toMatch(/Gather|Parallel/);
        }
        expect(nodeTypes(await planNodes(tx, filtered.count.sql, filtered.count.params))).not.toMatch(
          /Gather|Parallel/,
        );
        // The same settings do start workers for a statement without them (the test would see it).
        const countAll = `select count(*) from post p where p."recruitment_gender" = '여자' or p."memo" is not null`;
        expect(nodeTypes(await planNodes(tx, countAll, []))).toMatch(/Gather/);
      });
    });

    it('reads an oldest-first page backward along the list-order indexes, never sorting the whole list', async () => {
      // In a transaction rolled back at the end: 20,000 posts more, every 40th undated, every 10th a favourite, every
      // other one for women, every fifth with an English word in its title, every eighth of a 공연.
      await rolledBack(t.app.get(EntityManager), async (tx) => {
        await tx.execute(
          `insert into post (post_key, post_title, body, post_date, recruitment_gender, is_favorite, content_hash,
            imported_at, updated_at, title_hangul_grams, body_hangul_grams)
          select 'A-' || g, case when g % 5 = 0 then 'Audition ' else '공고 ' end || g,
            '<p>촬영 본문 ' || case when g % 8 = 0 then '공연 ' else '' end || g || '</p>',
            case when g % 40 <> 0 then timestamptz '2030-01-01 00:00+09' - g * interval '1 minute' end,
            case when g % 2 = 0 then '여자' else '남자' end, g % 10 = 0, repeat('p', 64), now(), now(),
            string_to_array(?, ' '), string_to_array(case when g % 8 = 0 then ? else ? end, ' ')
          from generate_series(1, 20000) g`,
          [hangulGrams('공고').join(' '), hangulGrams('촬영 본문 공연').join(' '), hangulGrams('촬영 본문').join(' ')],
        );
        await tx.execute('analyze post');
        const range = { from: kst('2029-12-30T00:00:00'), toExclusive: kst('2029-12-31T00:00:00') };
        const lists: [PostFilters, string][] = [
          [{}, 'true'],
          [{ gender: '여자' }, `recruitment_gender = '여자'`],
          [{ favoritesOnly: true }, 'is_favorite'],
          [
            { range },
            `post_date >= '${range.from.toISOString()}' and post_date < '${range.toExclusive.toISOString()}'`,
          ],
          [
            { keyword: 'audition', scope: 'title' },
            searchColumns('title')
              .map((column) => `${column} ilike '%audition%'`)
              .join(' or '),
          ],
          [
            { keyword: '공연', gender: '여자' },
            `(${searchColumns('all')
              .map((column) => `${column} like '%공연%'`)
              .join(' or ')}) and recruitment_gender = '여자'`,
          ],
          [
            { keyword: '공연' },
            searchColumns('all')
              .map((column) => `${column} like '%공연%'`)
              .join(' or '),
          ],
        ];
        for (const [filters, where] of lists) {
          const { ids } = postListQueries(filters, 'ASC');
          // A short keyword in many posts is read by the walk, as it is here (every eighth post); alone, in the one
          // statement with its kept count.
          const query = 'sql' in ids ? ids : (ids.byKeptCount ?? ids.many);
          // The nodes that ran (the statement of a keyword alone plans the few matches' query too).
          const nodes = (await planNodes(tx, query.sql, pageParams(query, 50, 0), 'analyze, format json')).filter(
            (node) => node['Actual Loops'] !== 0,
          );
          const types = nodes.map((node) => node['Node Type']).join(' ');
          const backward = nodes
            .filter((node) => node['Scan Direction'] === 'Backward')
            .map((node) => node['Index Name']);
          // What each sort took in, where that is more than the two parts' 50 posts each.
          const sorted = nodes
            .filter((node) => node['Node Type'] === 'Sort')
            .map((node) => node.Plans![0]['Actual Rows']!)
            .filter((rows) => rows > 100);
          expect({ filters, types, backward, sorted }).toEqual({
            filters,
            types: expect.not.stringMatching(/Seq Scan|Bitmap/),
            backward: expect.arrayContaining([expect.stringMatching(/^post_(\w+_)?list_order_index$/)]),
            sorted: [],
          });

          // The pages are those of the order itself: the first, the one across the last dated and first undated
          // posts, and the last.
          const [{ total, dated }] = await tx.execute<{ total: number; dated: number }[]>(
            `select count(*)::int as total, count(post_date)::int as dated from post where ${where}`,
          );
          // A date range holds no undated post; every other list here holds hundreds.
          if (filters.range) expect(total - dated).toBe(0);
          else expect(total - dated).toBeGreaterThanOrEqual(100);
          for (const offset of [0, dated - 20, total - 30]) {
            const page = await tx.execute<{ id: number }[]>(query.sql, pageParams(query, 50, offset));
            const expected = await tx.execute<{ id: number }[]>(
              `select id from post where ${where} order by post_date asc nulls last, id asc limit 50 offset ?`,
              [offset],
            );
            expect({ filters, offset, ids: page.map((row) => row.id) }).toEqual({
              filters,
              offset,
              ids: expected.map((row) => row.id),
            });
          }
        }
      });
    });

    it("reads the posts before a deep page from the list-order indexes alone, and the page's own rows by id", async () => {
      // In a transaction rolled back at the end: 20,000 posts more, every 40th undated, every other one for women,
      // stored in no order (the walk of an index in the order of the rows would cost the planner less than the index
      // of the women's posts, whose rows are not yet all visible).
      await rolledBack(t.app.get(EntityManager), async (tx) => {
        await tx.execute(
          `insert into post (post_key, post_title, body, post_date, recruitment_gender, content_hash,
            imported_at, updated_at)
          select 'D-' || g, '공고 ' || g, '<p>본문 ' || g || '</p>',
            case when g % 40 <> 0 then timestamptz '2030-01-01 00:00+09' - g * interval '1 minute' end,
            case when g % 2 = 0 then '여자' else '남자' end, repeat('p', 64), now(), now()
          from generate_series(1, 20000) g order by md5(g::text)`,
        );
        await tx.execute('analyze post');
        const range = { from: kst('2029-12-01T00:00:00'), toExclusive: kst('2030-01-01T00:00:00') };
        const lists: [PostFilters, string][] = [
          [{}, 'true'],
          [{ gender: '여자' }, `recruitment_gender = '여자'`],
          [
            { range },
            `post_date >= '${range.from.toISOString()}' and post_date < '${range.toExclusive.toISOString()}'`,
          ],
        ];
        // (The favourites, a few of the posts, may as well be read whole and sorted: the planner's choice.)
        const offset = 1500;
        for (const [filters, where] of lists) {
          for (const order of ['DESC', 'ASC'] as const) {
            const { ids } = postListQueries(filters, order);
            if (!('sql' in ids)) throw new Error('a list without a keyword has one query');
            const nodes = (await planNodes(tx, ids.sql, pageParams(ids, 50, offset), 'analyze, format json')).filter(
              (node) => node['Actual Loops'] && /Scan/.test(node['Node Type']),
            );
            const postScans = nodes
              .filter((node) => node['Relation Name'] === 'post')
              .map((node) => `${node['Node Type']} ${node['Index Name'] ?? ''}`.trim());
            // The 1,550 posts up to the page's end are read from an index alone (here, in the transaction, their rows
            // are not yet all visible, so the plan is what the test sees); the 50 of the page, their rows by id.
            const byId = nodes.filter((node) => node['Index Name'] === 'post_pkey');
            expect({ filters, order, postScans }).toEqual({
              filters,
              order,
              postScans: expect.arrayContaining([
                expect.stringMatching(/^Index Only Scan post_(\w+_)?list_order_index$/),
              ]),
            });
            expect({ filters, order, postScans }).toEqual({
              filters,
              order,
              postScans: expect.not.arrayContaining([
                expect.stringMatching(/^(Index Scan post_(\w+_)?list_order_index|Seq Scan|Bitmap)/),
              ]),
            });
            expect(byId.reduce((loops, node) => loops + node['Actual Loops']!, 0)).toBe(50);

            const page = await tx.execute<{ id: number }[]>(ids.sql, pageParams(ids, 50, offset));
            const direction = order === 'ASC' ? 'asc' : 'desc';
            const expected = await tx.execute<{ id: number }[]>(
              `select id from post where ${where} order by post_date ${direction} nulls last, id ${direction}
               limit 50 offset ?`,
              [offset],
            );
            expect({ filters, order, ids: page.map((row) => row.id) }).toEqual({
              filters,
              order,
              ids: expected.map((row) => row.id),
            });
          }
        }
      });
    });

    it('keeps the texts a search reads, and the bodies a page shows, in the post’s row', async () => {
      await service.upsertPosts(records([WIDE_POST]));
      try {
        const [{ id }] = await sql<{ id: number }>(`select id from post where post_key = 'WIDE-1'`);
        const pagesRead = (expression: string) => pagesReadOfPost(t, id, expression);
        const rowOnly = await pagesRead('p.revision');
        for (const column of IN_ROW_COLUMNS) {
          expect({ column, pages: await pagesRead(`strpos(p."${column}", '가')`) }).toEqual({ column, pages: rowOnly });
        }
        // A value kept apart shows: the grams of so wide a post leave the row.
        expect(await pagesRead('cardinality(p.body_hangul_grams)')).toBeGreaterThan(rowOnly);
        // The short titles would stay in this row anyway; their storage says they stay in any row.
        const storage = await sql<{ column: string; storage: string }>(
          `select attname as "column", attstorage as "storage" from pg_attribute
           where attrelid = 'post'::regclass and attname in (?) order by attnum`,
          [IN_ROW_COLUMNS],
        );
        expect(storage).toEqual(IN_ROW_COLUMNS.map((column) => ({ column, storage: 'm' })));
      } finally {
        await sql(`delete from post where post_key = 'WIDE-1'`);
        await t.app.get(PostListCache).changed('posts');
      }
    });

    it('reads the page of a short Hangul keyword in many posts in the list order, as LIKE finds them', async () => {
      const MANY = FEW_MATCHES + 100;
      // 최유 in a title, a body or an English body; dated on 60 days (ties broken by row), some undated.
      const rows: Row[] = Array.from({ length: MANY }, (_, index) => {
        const day = new Date(Date.UTC(2024, 0, 1) + (index % 60) * 86_400_000).toISOString().slice(0, 10);
        return {
          postId: `M-${index}`,
          postTitle: index % 3 === 0 ? `최유진 출연 ${index}` : `공고 ${index}`,
          body: index % 3 === 1 ? `<p>주연 최유나 ${index}</p>` : `<p>본문 ${index}</p>`,
          eng: index % 3 === 2 ? `<p>최유 ${index}</p>` : null,
          postDate: index % 7 === 0 ? null : kst(`${day}T10:00:00`),
          postDateText: day,
          recruitmentGender: index % 4 === 0 ? '남자' : '여자',
        };
      });
      await service.upsertPosts(records(rows));
      try {
        // The walk for many matches, read directly: in each scope, with and without a gender, either way round, a
        // page inside and the last one (oldest first, the undated posts).
        for (const scope of ['all', 'title', 'body'] as const) {
          for (const gender of [undefined, '남자']) {
            for (const sortOrder of ['DESC', 'ASC'] as const) {
              const { ids: query } = postListQueries({ keyword: '최유', scope, gender }, sortOrder);
              if ('sql' in query) throw new Error('a short Hangul keyword has a query for many matches');
              const where = `(${searchColumns(scope)
                .map((column) => `${column} like '%최유%'`)
                .join(' or ')}) ${gender ? `and recruitment_gender = '${gender}'` : ''}`;
              const [{ total }] = await sql<{ total: number }>(
                `select count(*)::int as total from post where ${where}`,
              );
              for (const offset of [50, total - 30]) {
                const walked = await sql<{ id: number }>(query.many.sql, pageParams(query.many, 50, offset));
                const direction = sortOrder === 'ASC' ? 'asc' : 'desc';
                const expected = await sql<{ id: number }>(
                  `select id from post where ${where}
                   order by post_date ${direction} nulls last, id ${direction} limit 50 offset ?`,
                  [offset],
                );
                expect(expected.length).toBeGreaterThanOrEqual(30);
                expect({ scope, gender, sortOrder, offset, ids: walked.map((row) => row.id) }).toEqual({
                  scope,
                  gender,
                  sortOrder,
                  offset,
                  ids: expected.map((row) => row.id),
                });
              }
            }
          }
        }
        const matching = (direction: 'asc' | 'desc', offset: number) =>
          sql<{ post_key: string }>(
            `select post_key from post
             where post_title like '%최유%' or title_of_the_work like '%최유%' or body like '%최유%' or eng like '%최유%'
             order by post_date ${direction} nulls last, id ${direction} limit 50 offset ?`,
            [offset],
          );
        for (const [page, sortOrder] of [
          [1, 'DESC'],
          [2, 'DESC'],
          [Math.ceil(MANY / 50), 'DESC'],
          [3, 'ASC'],
        ] as const) {
          const body = await list('/search', { query: '최유', page, sortOrder });
          const expected = await matching(sortOrder === 'ASC' ? 'asc' : 'desc', (page - 1) * 50);
          expect({ page, sortOrder, ids: ids(body) }).toEqual({
            page,
            sortOrder,
            ids: expected.map((row) => row.post_key),
          });
          expect(body.pagination.totalItems).toBe(MANY);
        }
      } finally {
        await sql(`delete from post where post_key like 'M-%'`);
        await t.app.get(PostListCache).changed('posts');
      }
    });

    it('is case-insensitive and pages its results', async () => {
      const body = await list('/search', { query: 'SHOOTING NOTES', pageSize: 50, page: 2 });
      expect(body.posts.data).toHaveLength(50);
      expect(body.pagination).toEqual({
        currentPage: 2,
        totalPages: 4,
        totalItems: 160,
        itemsPerPage: 50,
        hasNextPage: true,
        hasPreviousPage: true,
      });
      const past = await list('/search', { query: 'shooting notes', page: 5 });
      expect(past.posts.data).toEqual([]);
      expect(past.pagination.totalItems).toBe(160);
    });

    it('takes %, _ and \\ literally', async () => {
      expect(ids(await list('/search', { query: '100%' }))).toEqual(['S-LIKE']);
      expect(ids(await list('/search', { query: '%' }))).toEqual(['S-LIKE']);
      expect(ids(await list('/search', { query: '_' }))).toEqual(['S-LIKE']);
      expect(ids(await list('/search', { query: '\\' }))).toEqual([]);
      expect(ids(await list('/search', { query: "'; drop table post; --" }))).toEqual([]);
    });

    it('narrows by the gender filter too', async () => {
      expect(ids(await list('/search', { query: '배우', filter: '남녀 ' }))).toEqual(['S-ENG']);
      expect(ids(await list('/search', { query: '배우', filter: 'All' }))).toHaveLength(4);
    });

    it('lists every post for a blank keyword, and refuses an unknown scope', async () => {
      expect((await list('/search', { query: '  ' })).pagination.totalItems).toBe(total);
      expect((await get('/search', { query: '배우', category: 'memo' })).statusCode).toBe(400);
    });
  });

  describe('gender filter', () => {
    const expected = (gender: string) => all.filter((record) => record.recruitmentGender === gender).length;

    it('matches 남녀 with or without the trailing space', async () => {
      const count = expected('남녀');
      expect(count).toBeGreaterThan(50);
      for (const value of ['남녀 ', '남녀', '  남녀  ']) {
        const body = await list('/filter', { recruitmentGender: value });
        expect(body.pagination.totalItems).toBe(count);
        expect(body.posts.data.every((post) => post.data.recruitmentGender === '남녀')).toBe(true);
      }
    });

    it('matches 남자 and 여자, in list order', async () => {
      for (const gender of ['남자', '여자']) {
        const body = await list('/filter', { recruitmentGender: gender, pageSize: 150 });
        expect(body.pagination.totalItems).toBe(expected(gender));
        expect(body.posts.data.every((post) => post.data.recruitmentGender === gender)).toBe(true);
      }
      expect(ids(await list('/filter', { recruitmentGender: '여자', pageSize: 1 }))).toEqual(['S-BODY']);
    });

    it('lists every post for All', async () => {
      expect((await list('/filter', { recruitmentGender: 'All' })).pagination.totalItems).toBe(total);
      expect((await list('/filter')).pagination.totalItems).toBe(total);
    });
  });

  describe('date filter', () => {
    it('includes both days whole, in Korean time', async () => {
      // S-TITLE is 2026-03-01 00:00 and S-BODY 2026-03-31 23:59; S-ENG (02-28 23:59) and S-WORK (04-01 00:00) are out.
      const body = await list('/datefilter', { startDate: '2026-03-01', endDate: '2026-03-31' });
      expect(ids(body)).toEqual(['S-BODY', 'S-TITLE']);
      expect(body.pagination).toMatchObject({ totalItems: 2, totalPages: 1 });
      expect(ids(await list('/datefilter', { startDate: '2026-04-01', endDate: '2026-04-01' }))).toEqual(['S-WORK']);
      expect(ids(await list('/datefilter', { startDate: '2026-02-28', endDate: '2026-02-28' }))).toEqual(['S-ENG']);
    });

    it('pages a long range', async () => {
      const body = await list('/datefilter', {
        startDate: '2025-01-01',
        endDate: '2025-12-31',
        pageSize: 100,
        page: 2,
      });
      expect(body.posts.data).toHaveLength(60);
      expect(body.pagination).toMatchObject({
        totalItems: 160,
        totalPages: 2,
        hasNextPage: false,
        hasPreviousPage: true,
      });
    });

    it('applies the active gender filter', async () => {
      const range = { startDate: '2026-03-01', endDate: '2026-03-31' };
      expect(ids(await list('/datefilter', { ...range, activeFilter: '여자' }))).toEqual(['S-BODY']);
      expect(ids(await list('/datefilter', { ...range, activeFilter: 'All' }))).toEqual(['S-BODY', 'S-TITLE']);
    });

    it('needs both dates', async () => {
      for (const query of [
        { startDate: '2026-03-01' },
        { endDate: '2026-03-01' },
        {},
        { startDate: '', endDate: '' },
      ]) {
        const response = await get('/datefilter', query);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          statusCode: 400,
          error: 'Bad Request',
          message: 'Please select both start and end dates',
        });
      }
    });

    it('refuses malformed days and a reversed range', async () => {
      expect((await get('/datefilter', { startDate: '2026/03/01', endDate: '2026-03-31' })).json().message).toBe(
        'Dates must be given as YYYY-MM-DD',
      );
      expect((await get('/datefilter', { startDate: '2026-02-30', endDate: '2026-03-31' })).statusCode).toBe(400);
      expect((await get('/datefilter', { startDate: '2026-03-31', endDate: '2026-03-01' })).statusCode).toBe(400);
    });
  });

  describe('sent e-mails', () => {
    let accountA: number;
    let accountB: number;

    beforeAll(async () => {
      const account = async (email: string) => {
        const [row] = await sql<{ id: number }>(
          `insert into mail_account (email, name, google_user_id, refresh_token_encrypted, scopes, created_at, updated_at)
           values (?, ?, ?, 'sealed', 'gmail.send', now(), now()) returning id`,
          [email, email.split('@')[0], `g-${email}`],
        );
        return row.id;
      };
      accountA = await account('casting.a@gmail.test');
      accountB = await account('casting.b@gmail.test');
      const sent = (postKey: string, accountId: number, at: string, status = 'sent') =>
        sql(
          `insert into sent_email (post_id, account_id, recipient, subject, status, created_at)
           select id, ?, 'cast@studio.kr', '프로필 전달', ?, ?::timestamptz from post where post_key = ?`,
          [accountId, status, at, postKey],
        );
      await sent('S-ENG', accountB, '2026-11-01T09:00:00+09:00');
      await sent('S-TITLE', accountA, '2026-11-02T09:00:00+09:00');
      await sent('S-TITLE', accountB, '2026-11-03T09:00:00+09:00');
      await sent('F-001', accountA, '2026-11-04T09:00:00+09:00');
      await sent('S-BODY', accountA, '2026-11-05T09:00:00+09:00', 'failed');
    });

    it('bumps the e-mail revision of a post whose sent e-mail is sent, answered or bounced, and shows it on its card', async () => {
      const revisions = async () =>
        (
          await sql<{ revision: number; emailRevision: number }>(
            `select p.revision, coalesce(r.revision, 0) as "emailRevision"
             from post p left join post_email_revision r on r.post_id = p.id where p.post_key = 'F-001'`,
          )
        )[0];
      const before = await revisions();
      await sql(
        `update sent_email set replied_at = '2026-11-04T10:00:00+09:00' where post_id = (select id from post where post_key = 'F-001')`,
      );
      // The post's own row is left alone: only what its card shows of its e-mails moved.
      expect(await revisions()).toEqual({ revision: before.revision, emailRevision: before.emailRevision + 1 });
      await t.app.get(PostListCache).changed();
      const card = (await list('/sent-emails', { senderId: accountA })).posts.data.find(
        (post) => post.postId === 'F-001',
      );
      expect(card?.lastEmailOutcome).toMatchObject({ kind: 'replied' });
      await sql(
        `update sent_email set replied_at = null where post_id = (select id from post where post_key = 'F-001')`,
      );
      expect(await revisions()).toEqual({ revision: before.revision, emailRevision: before.emailRevision + 2 });
      await t.app.get(PostListCache).changed();
      const unmarked = (await list('/sent-emails', { senderId: accountA })).posts.data.find(
        (post) => post.postId === 'F-001',
      );
      expect(unmarked?.lastEmailOutcome).toBeNull();
    });

    it('records and marks sends of a post while an import holds the post’s row', async () => {
      const importing = new pg.Client({ connectionString: t.config.DATABASE_URL });
      await importing.connect();
      try {
        // An import's transaction that rewrote the post and has not committed yet.
        await importing.query('begin');
        await importing.query(`update post set manager = manager where post_key = 'F-001'`);
        // Waiting for the import's lock would fail after a second instead of answering at once.
        await sql(`begin;
          set local lock_timeout = '1s';
          insert into sent_email (post_id, account_id, recipient, subject, status, created_at)
            select id, ${accountA}, 'cast@studio.kr', '다시 전달', 'failed', '2026-11-04T11:00:00+09:00' from post where post_key = 'F-001';
          update sent_email set bounced_at = now(), bounce_reason = 'no such user'
            where post_id = (select id from post where post_key = 'F-001') and subject = '다시 전달';
          delete from sent_email where post_id = (select id from post where post_key = 'F-001') and subject = '다시 전달';
          commit;`);
      } finally {
        await importing.query('rollback');
        await importing.end();
      }
    });

    it('lists the posts one account e-mailed, the latest first', async () => {
      expect(ids(await list('/sent-emails', { senderId: accountA }))).toEqual(['F-001', 'S-TITLE']);
      expect(ids(await list('/sent-emails', { senderId: accountB }))).toEqual(['S-TITLE', 'S-ENG']);
    });

    it('lists every account’s for 0 or no senderId, each post once', async () => {
      for (const query of [{ senderId: 0 }, {}]) {
        const body = await list('/sent-emails', query);
        expect(ids(body)).toEqual(['F-001', 'S-TITLE', 'S-ENG']);
        expect(body.pagination).toMatchObject({ totalItems: 3, totalPages: 1 });
      }
    });

    it('pages', async () => {
      const body = await list('/sent-emails', { senderId: 0, pageSize: 1, page: 2 });
      expect(ids(body)).toEqual(['S-TITLE']);
      expect(body.pagination).toEqual({
        currentPage: 2,
        totalPages: 3,
        totalItems: 3,
        itemsPerPage: 1,
        hasNextPage: true,
        hasPreviousPage: true,
      });
    });

    it('is empty for an account that sent nothing, and refuses a negative id', async () => {
      const body = await list('/sent-emails', { senderId: 999 });
      expect(body.posts.data).toEqual([]);
      expect(body.pagination).toMatchObject({ totalItems: 0, totalPages: 1, hasNextPage: false });
      expect((await get('/sent-emails', { senderId: -1 })).statusCode).toBe(400);
    });
  });

  describe('favourites and memos', () => {
    it('turns a favourite on and off', async () => {
      const on = await send('PUT', '/S-TIE-A', { isFavorite: true });
      expect(on.statusCode).toBe(200);
      expect(on.json()).toMatchObject({ postId: 'S-TIE-A', isFavorite: true, memo: null });
      expect((await send('PUT', '/F-010', { isFavorite: true })).json().isFavorite).toBe(true);

      const favourites = await list('/favorites');
      expect(ids(favourites)).toEqual(['S-TIE-A', 'F-010']);
      expect(favourites.posts.data.every((post) => post.isFavorite)).toBe(true);
      const paged = await list('/favorites', { page: 2, limit: 1 });
      expect(ids(paged)).toEqual(['F-010']);
      expect(paged.pagination).toMatchObject({ totalItems: 2, totalPages: 2, itemsPerPage: 1, hasPreviousPage: true });

      const off = await send('PUT', '/F-010', { isFavorite: false });
      expect(off.json().isFavorite).toBe(false);
      const after = await list('/favorites');
      expect(ids(after)).toEqual(['S-TIE-A']);
      // The cached total follows the flag.
      expect(after.pagination.totalItems).toBe(1);
    });

    it('sets a memo with PUT, leaving the favourite alone, and clears it with a blank one', async () => {
      const memo = await send('PUT', '/S-TIE-A', { memo: '배우 프로필 3명 전달 완료\n다음 주 재연락' });
      expect(memo.statusCode).toBe(200);
      expect(memo.json()).toMatchObject({ isFavorite: true, memo: '배우 프로필 3명 전달 완료\n다음 주 재연락' });
      expect((await send('PUT', '/S-TIE-A', { memo: '  ' })).json().memo).toBeNull();
      const both = await send('PUT', '/S-TIE-A', { isFavorite: false, memo: '보류' });
      expect(both.json()).toMatchObject({ isFavorite: false, memo: '보류' });
      expect((await send('PUT', '/S-TIE-A', {})).json()).toMatchObject({ isFavorite: false, memo: '보류' });
    });

    it('adds or updates a memo with addMemo', async () => {
      const added = await send('POST', '/addMemo/S-BODY', { memo: '담당자 통화함' });
      expect(added.statusCode).toBe(200);
      expect(added.json()).toMatchObject({ postId: 'S-BODY', memo: '담당자 통화함', isFavorite: false });
      expect((await send('POST', '/addMemo/S-BODY', { memo: '수정된 메모' })).json().memo).toBe('수정된 메모');
      const shown = await list('/search', { query: '엑스트라 모집' });
      expect(shown.posts.data[0].memo).toBe('수정된 메모');
    });

    it('works with URL-derived post ids', async () => {
      const key = urlPostKey('https://casting.example/no-id');
      expect((await send('PUT', `/${key}`, { isFavorite: true })).json()).toMatchObject({
        postId: key,
        isFavorite: true,
      });
      expect((await send('PUT', `/${key}`, { isFavorite: false })).statusCode).toBe(200);
    });

    it('limits memos to 2000 characters', async () => {
      expect((await send('PUT', '/S-BODY', { memo: '메'.repeat(2000) })).statusCode).toBe(200);
      for (const [method, url] of [
        ['PUT', '/S-BODY'],
        ['POST', '/addMemo/S-BODY'],
      ] as const) {
        const response = await send(method, url, { memo: '메'.repeat(2001) });
        expect(response.statusCode).toBe(400);
        expect(response.json().details.validation[0]).toEqual({
          path: 'memo',
          message: 'Memo must be at most 2000 characters',
        });
      }
      expect((await send('POST', '/addMemo/S-BODY', {})).statusCode).toBe(400);
      expect((await send('PUT', '/S-BODY', { isFavorite: 'yes' })).statusCode).toBe(400);
    });

    it('answers 404 for an unknown post', async () => {
      for (const [method, url, payload] of [
        ['PUT', '/NO-SUCH-POST', { isFavorite: true }],
        ['POST', '/addMemo/NO-SUCH-POST', { memo: 'x' }],
        ['PUT', `/${'x'.repeat(100)}`, { memo: 'x' }],
        ['PUT', `/${encodeURIComponent('없는/공고')}`, { isFavorite: true }],
      ] as const) {
        const response = await send(method, url, payload);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Post not found' });
      }
    });
  });

  describe('kept pages', () => {
    const first = async () => (await list('')).posts.data[0];

    it('answers JSON, and shows a favourite or a memo made through the API at once', async () => {
      const response = await get('');
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      const before = (response.json() as ListBody).posts.data[0];
      expect(before).toMatchObject({ postId: 'S-WORK', isFavorite: false, memo: null });
      await send('PUT', '/S-WORK', { isFavorite: true });
      expect(await first()).toMatchObject({ postId: 'S-WORK', isFavorite: true, memo: null });
      await send('POST', '/addMemo/S-WORK', { memo: '오디션 일정 확인' });
      expect(await first()).toMatchObject({ postId: 'S-WORK', isFavorite: true, memo: '오디션 일정 확인' });
      await send('PUT', '/S-WORK', { isFavorite: false, memo: '' });
      expect(await first()).toMatchObject({ postId: 'S-WORK', isFavorite: false, memo: null });
    });

    it('keeps a page until a write to the posts is announced, by any process, and hears the announcement', async () => {
      expect((await first()).data.manager).toBeNull();
      // A change behind the app's back is not seen: the page is kept, not read again.
      await sql(`update post set manager = '이실장' where post_key = 'S-WORK'`);
      expect((await first()).data.manager).toBeNull();
      // Another process (the worker, a second API) announcing a write makes every process read afresh, as soon as
      // it hears of it.
      await withCache(t.config, (cache) => cache.changed());
      await eventually(async () => expect((await first()).data.manager).toBe('이실장'));
      await sql(`update post set manager = null where post_key = 'S-WORK'`);
      await t.app.get(PostListCache).changed();
      expect((await first()).data.manager).toBeNull();
    });

    it('reads again only the posts a write changed: every other post keeps its JSON by revision', async () => {
      const post = async (key: string) => (await list('')).posts.data.find((candidate) => candidate.postId === key);
      const manager = (await post('S-TITLE'))?.data.manager;
      expect(manager).toBe('김실장');
      // A change with the revision triggers off (as no writer can make one): only a post's revision says it changed.
      await sql(`begin;
        set local session_replication_role = replica;
        update post set manager = '몰래' where post_key = 'S-TITLE';
        commit;`);
      await send('POST', '/addMemo/S-WORK', { memo: '새 메모' });
      expect(await post('S-WORK')).toMatchObject({ memo: '새 메모' });
      expect((await post('S-TITLE'))?.data.manager).toBe(manager);
      // Any update bumps the revision, whoever writes it.
      const [before] = await sql<{ revision: number }>(`select revision from post where post_key = 'S-TITLE'`);
      await sql(`update post set manager = manager where post_key = 'S-TITLE'`);
      const [after] = await sql<{ revision: number }>(`select revision from post where post_key = 'S-TITLE'`);
      expect(after.revision).toBe(before.revision + 1);
      await t.app.get(PostListCache).changed();
      expect((await post('S-TITLE'))?.data.manager).toBe('몰래');
      await sql(`update post set manager = ? where post_key = 'S-TITLE'`, [manager]);
      await sql(`update post set memo = null where post_key = 'S-WORK'`);
      await t.app.get(PostListCache).changed();
    });

    it('answers callers who ask for the same page at once with one read, and reads it again once that is done', async () => {
      await withCache(t.config, async (cache) => {
        let reads = 0;
        const read = async () => {
          reads += 1;
          await new Promise((resolve) => setTimeout(resolve, 20));
          return Buffer.from(`read ${reads}`);
        };
        const { key } = await cache.page('posts', ['list'], [1]);
        const answers = await Promise.all(Array.from({ length: 5 }, () => cache.once(key, read)));
        expect(answers.map(String)).toEqual(Array(5).fill('read 1'));
        expect(String(await cache.once(key, read))).toBe('read 2');
      });
    });

    /** A post's JSON as these tests keep it: `"post <id>"` at revisions 1:0, or with a change at later ones. */
    const postJson = (id: number, change = '', revisions = change ? '2:0' : '1:0') => ({
      id,
      revisions,
      json: Buffer.from(`"post ${id}${change}"`),
    });
    /** Keeps a page showing these posts, the page a JSON array of them. */
    const keepPosts = (cached: CachedPage, ids: number[]) =>
      cached.keep(
        ids.length,
        joinPage(
          Buffer.from('['),
          ids.map((id) => postJson(id)),
          Buffer.from(']'),
        ),
      );
    const current = (...posts: ReturnType<typeof postJson>[]) => new Map(posts.map((post) => [post.id, post]));

    it('marks, on a write to some posts in any process, the kept pages that show one of them', async () => {
      await withCache(t.config, async (writer) => {
        await withCache(t.config, async (reader) => {
          const kept = async (list: string) => (await reader.page('posts', [list], [1])).answer?.toString() ?? null;
          keepPosts(await reader.page('posts', ['a'], [1]), [1, 2]);
          keepPosts(await reader.page('posts', ['b'], [1]), [3, 4]);
          keepPosts(await reader.page('favorites', ['c'], [1]), [5]);
          await writer.postsChanged([3, 9]);
          await eventually(async () => expect(await kept('b')).toBeNull());
          expect(await kept('a')).toBe('["post 1","post 2"]');
          // Its posts are checked again; those whose revisions moved are put in place of the old, and the page is
          // kept so. A post that is gone makes the page be read whole.
          const changed = await reader.page('posts', ['b'], [1]);
          expect(changed.recheck).toEqual([3, 4]);
          expect(changed.patch(current(postJson(3, ' changed')))).toBeNull();
          expect(changed.patch(current(postJson(3, ' changed'), postJson(4, ' not read', '1:0')))?.toString()).toBe(
            '["post 3 changed","post 4"]',
          );
          expect(await kept('b')).toBe('["post 3 changed","post 4"]');
          // A favourite also changes which posts the favourites hold: their pages are read whole again, whatever
          // they show; a page of another list showing the post checks its posts again.
          await writer.postsChanged([1, 5], 'favorites');
          await eventually(async () => expect(await kept('a')).toBeNull());
          expect((await reader.page('posts', ['a'], [1])).recheck).toEqual([1, 2]);
          const favourites = await reader.page('favorites', ['c'], [1]);
          expect(favourites.answer).toBeNull();
          expect(favourites.recheck).toEqual([]);
        });
      });
    });

    it('does not keep a page read before a write to one of its posts, and keeps one read before a write to others', async () => {
      await withCache(t.config, async (writer) => {
        await withCache(t.config, async (reader) => {
          const stale = await reader.page('posts', ['d'], [1]);
          const fresh = await reader.page('posts', ['e'], [1]);
          await writer.postsChanged([7]);
          // The reader catches up with the write on its next look-up, before either page is kept.
          await eventually(async () => expect((await reader.page('posts', ['other'], [1])).key).not.toBe(stale.key));
          keepPosts(stale, [7]);
          keepPosts(fresh, [8]);
          expect((await reader.page('posts', ['d'], [1])).answer).toBeNull();
          expect((await reader.page('posts', ['e'], [1])).answer?.toString()).toBe('["post 8"]');
          // So too a page put back together: a write to another of its posts meanwhile leaves it to be read again.
          await writer.postsChanged([8]);
          await eventually(async () => expect((await reader.page('posts', ['e'], [1])).recheck).toEqual([8]));
          const patching = await reader.page('posts', ['e'], [1]);
          await writer.postsChanged([8]);
          await eventually(async () => expect((await reader.page('posts', ['other'], [1])).key).not.toBe(patching.key));
          expect(patching.patch(current(postJson(8, ' as it was')))?.toString()).toBe('["post 8 as it was"]');
          expect((await reader.page('posts', ['e'], [1])).recheck).toEqual([8]);
        });
      });
    });

    it('has a caller of a page being put back together wait for it rather than read it beside', async () => {
      await withCache(t.config, async (writer) => {
        await withCache(t.config, async (reader) => {
          keepPosts(await reader.page('posts', ['g'], [1]), [21, 22]);
          await writer.postsChanged([21]);
          await eventually(async () => expect((await reader.page('posts', ['g'], [1])).recheck).toEqual([21, 22]));
          const reads: number[][] = [];
          let release = () => {};
          const released = new Promise<void>((resolve) => (release = resolve));
          const refreshing = reader.refresh(async (postIds) => {
            reads.push([...postIds]);
            await released;
            return current(postJson(21, ' changed'), postJson(22, ' not read', '1:0'));
          });
          await eventually(async () => expect(reads).toHaveLength(1));
          let answered = false;
          const asking = reader.page('posts', ['g'], [1]).finally(() => (answered = true));
          // Long enough for a caller who did not wait to have its answer.
          await new Promise((resolve) => setTimeout(resolve, 50));
          expect(answered).toBe(false);
          release();
          const asked = await asking;
          expect(asked.answer?.toString()).toBe('["post 21 changed","post 22"]');
          expect(asked.recheck).toEqual([]);
          await refreshing;
          expect(reads).toEqual([[21, 22]]);
        });
      });
    });

    it('reads no page of a list whose membership changed, and drops a page one of whose posts is gone', async () => {
      await withCache(t.config, async (writer) => {
        await withCache(t.config, async (reader) => {
          keepPosts(await reader.page('favorites', ['j'], [1]), [41]);
          keepPosts(await reader.page('posts', ['k'], [1]), [42, 43]);
          await writer.postsChanged([41, 42], 'favorites');
          await eventually(async () => expect((await reader.page('posts', ['k'], [1])).recheck).toEqual([42, 43]));
          const reads: number[][] = [];
          // Post 43 is gone.
          await reader.refresh(async (postIds) => {
            reads.push([...postIds]);
            return current(postJson(42, ' changed'));
          });
          expect(reads).toEqual([[42, 43]]);
          const gone = await reader.page('posts', ['k'], [1]);
          expect([gone.answer, gone.recheck]).toEqual([null, []]);
        });
      });
    });

    it('serves every write heard while a refresh waits to begin with that one refresh', async () => {
      await withCache(t.config, async (writer) => {
        await withCache(t.config, async (reader) => {
          keepPosts(await reader.page('posts', ['h'], [1]), [31]);
          keepPosts(await reader.page('posts', ['i'], [1]), [32]);
          await writer.postsChanged([31]);
          await eventually(async () => expect((await reader.page('posts', ['h'], [1])).recheck).toEqual([31]));
          const reads: number[][] = [];
          let release = () => {};
          const released = new Promise<void>((resolve) => (release = resolve));
          const read = async (postIds: readonly number[]) => {
            reads.push([...postIds]);
            if (reads.length === 1) await released;
            return current(...postIds.map((id) => postJson(id, ' changed')));
          };
          const first = reader.refresh(read);
          await eventually(async () => expect(reads).toHaveLength(1));
          // A write heard while the first refresh reads: the next two asked for are one, begun after the first.
          const before = (await reader.page('posts', ['other'], [1])).key;
          await writer.postsChanged([32]);
          await eventually(async () => expect((await reader.page('posts', ['other'], [1])).key).not.toBe(before));
          const second = reader.refresh(read);
          expect(reader.refresh(read)).toBe(second);
          release();
          await Promise.all([first, second]);
          expect(reads).toEqual([[31], [32]]);
          expect((await reader.page('posts', ['i'], [1])).answer?.toString()).toBe('["post 32 changed"]');
        });
      });
    });

    it('drops every kept page when the writes it missed are no longer known', async () => {
      await withCache(t.config, async (writer) => {
        await withCache(t.config, async (reader) => {
          keepPosts(await reader.page('posts', ['f'], [1]), [11]);
          const redis = new Redis(t.config.REDIS_URL, { keyPrefix: `${t.config.REDIS_KEY_PREFIX}:` });
          try {
            await writer.postsChanged([12]);
            await redis.del('posts:version:content:notes');
            await writer.postsChanged([13]);
          } finally {
            redis.disconnect();
          }
          await eventually(async () => {
            const page = await reader.page('posts', ['f'], [1]);
            expect(page.answer).toBeNull();
            expect(page.recheck).toEqual([]);
          });
        });
      });
    });

    it('keeps, after a memo, every kept page but for the post: a page showing it reads that post alone', async () => {
      const both = { recruitmentGender: '남녀' };
      const before = ids(await list('/filter', both));
      expect(before).not.toContain('S-WORK');
      const all = ids(await list(''));
      expect(all[0]).toBe('S-WORK');
      // A post no writer announced (as no import would leave one): only a list read afresh shows it.
      await sql(
        `insert into post (post_key, recruitment_gender, post_date, content_hash, imported_at, updated_at) values ('S-QUIET', '남녀', '2030-01-01', 'x', now(), now())`,
      );
      try {
        await send('POST', '/addMemo/S-WORK', { memo: '메모 하나' });
        const shown = await list('');
        expect(shown.posts.data[0]).toMatchObject({ postId: 'S-WORK', memo: '메모 하나' });
        expect(ids(shown)).toEqual(all);
        expect(ids(await list('/filter', both))).toEqual(before);
        // Read afresh, the list shows the post no writer announced.
        await t.app.get(PostListCache).changed('posts');
        expect(ids(await list(''))[0]).toBe('S-QUIET');
      } finally {
        await sql(`delete from post where post_key = 'S-QUIET'`);
        await sql(`update post set memo = null where post_key = 'S-WORK'`);
        await t.app.get(PostListCache).changed('posts');
      }
    });

    it('checks, after a write to a post, the revisions of every post on the pages that show it', async () => {
      const post = async (key: string) => (await list('')).posts.data.find((candidate) => candidate.postId === key);
      const manager = (await post('S-TITLE'))?.data.manager;
      // A change no writer announced (the database bumps the revision all the same): the kept page does not show it.
      await sql(`update post set manager = '알림 없이' where post_key = 'S-TITLE'`);
      try {
        expect((await post('S-TITLE'))?.data.manager).toBe(manager);
        await send('POST', '/addMemo/S-WORK', { memo: '메모' });
        expect((await post('S-TITLE'))?.data.manager).toBe('알림 없이');
        expect(await post('S-WORK')).toMatchObject({ memo: '메모' });
      } finally {
        await sql(`update post set manager = ? where post_key = 'S-TITLE'`, [manager]);
        await sql(`update post set memo = null where post_key = 'S-WORK'`);
        await t.app.get(PostListCache).changed();
      }
    });

    it('puts a memo into the kept pages of the process that wrote it before answering the memo', async () => {
      expect((await list('')).posts.data[0]).toMatchObject({ postId: 'S-WORK', memo: null });
      await send('POST', '/addMemo/S-WORK', { memo: '바로 보임' });
      // A change no revision shows, after the memo: a page that read the post only now would show it.
      await sql(`begin;
        set local session_replication_role = replica;
        update post set manager = '몰래' where post_key = 'S-WORK';
        commit;`);
      try {
        const shown = (await list('')).posts.data[0];
        expect(shown).toMatchObject({ postId: 'S-WORK', memo: '바로 보임' });
        expect(shown.data.manager).toBeNull();
      } finally {
        await sql(`update post set manager = null, memo = null where post_key = 'S-WORK'`);
        await t.app.get(PostListCache).changed();
      }
    });

    it('puts a write another process announces into its kept pages as soon as it hears of it', async () => {
      expect((await list('')).posts.data[0]).toMatchObject({ postId: 'S-WORK', memo: null });
      // The first page of the list as the app's cache knows it: kept while its answer is not null.
      const { kind, count, ids: idsQuery } = postListQueries({});
      const keptFirstPage = async () =>
        (await t.app.get(PostListCache).page(kind, [count.sql, count.params], [idsQuery, 1, 50])).answer;
      expect(await keptFirstPage()).not.toBeNull();
      const [{ id }] = await sql<{ id: number }>(
        `update post set memo = '다른 곳에서' where post_key = 'S-WORK' returning id`,
      );
      try {
        await withCache(t.config, (cache) => cache.postsChanged([id]));
        // Put back together with no caller asking: the page is kept again, showing the memo.
        await eventually(async () => expect((await keptFirstPage())?.toString()).toContain('다른 곳에서'));
        expect((await list('')).posts.data[0]).toMatchObject({ postId: 'S-WORK', memo: '다른 곳에서' });
      } finally {
        await sql(`update post set memo = null where post_key = 'S-WORK'`);
        await t.app.get(PostListCache).changed();
      }
    });

    it('keeps the most recently used pages that fit in POST_PAGE_CACHE_MB, none with 0', async () => {
      const kept = async (cache: PostListCache, page: number) =>
        (await cache.page('posts', ['list'], [page])).answer?.length ?? null;
      const keep = async (cache: PostListCache, page: number, characters: number) =>
        (await cache.page('posts', ['list'], [page])).keep(
          1,
          joinPage(Buffer.alloc(characters, 'x'), [], Buffer.alloc(0)),
        );
      const quarterMegabyte = 256 * 1024;
      await withCache({ ...t.config, POST_PAGE_CACHE_MB: 1 }, async (cache) => {
        await keep(cache, 1, quarterMegabyte);
        await keep(cache, 2, quarterMegabyte);
        expect(await kept(cache, 1)).toBe(quarterMegabyte);
        // Page 1 was used last, so page 2 makes room for page 3.
        await keep(cache, 3, 3 * quarterMegabyte);
        expect(await kept(cache, 2)).toBeNull();
        expect(await kept(cache, 1)).toBe(quarterMegabyte);
        expect(await kept(cache, 3)).toBe(3 * quarterMegabyte);
        // An answer larger than the whole room is not kept.
        await keep(cache, 4, 5 * quarterMegabyte);
        expect(await kept(cache, 4)).toBeNull();
      });
      await withCache({ ...t.config, POST_PAGE_CACHE_MB: 0 }, async (cache) => {
        await keep(cache, 1, 10);
        expect(await kept(cache, 1)).toBeNull();
      });
    });
  });

  describe('bodies', () => {
    it('are returned sanitised and kept raw in the database', async () => {
      const post = (await list('/search', { query: '위험한 본문' })).posts.data[0];
      expect(post.postId).toBe('S-XSS');
      for (const html of [post.data.body, post.data.eng]) {
        expect(html).not.toMatch(UNSAFE);
        expect(html).toContain('<p>본문</p>');
        expect(html).toContain('<img src="https://img.example/a.jpg">');
        expect(html).toContain('원문');
      }
      const [raw] = await sql<{ body: string; eng: string }>(`select body, eng from post where post_key = 'S-XSS'`);
      expect(raw).toEqual({ body: XSS, eng: XSS });
    });
  });

  describe('import store', () => {
    it('leaves unchanged rows alone when the same rows come again', async () => {
      const before = await sql<{ updated_at: string }>(`select updated_at from post where post_key = 'F-001'`);
      expect(await service.upsertPosts(all)).toEqual({ created: 0, updated: 0, unchanged: total });
      const after = await sql<{ updated_at: string }>(`select updated_at from post where post_key = 'F-001'`);
      expect(after).toEqual(before);
    });

    it('updates a changed row and keeps its favourite, memo and sent flag', async () => {
      await send('PUT', '/S-TITLE', { isFavorite: true, memo: '유지되어야 할 메모' });
      await sql(`update post set is_email_sent = true where post_key = 'S-TITLE'`);
      const changed = all.map((record) =>
        record.postKey === 'S-TITLE'
          ? toPostRecord({ ...record, postId: record.postKey, appearanceFee: '회당 30만원' })!
          : record,
      );
      expect(await service.upsertPosts(changed)).toEqual({ created: 0, updated: 1, unchanged: total - 1 });
      const post = (await list('/search', { query: '주연 배우' })).posts.data[0];
      expect(post).toMatchObject({
        postId: 'S-TITLE',
        isFavorite: true,
        memo: '유지되어야 할 메모',
        isEmailSent: true,
        data: { appearanceFee: '회당 30만원', postTitle: '주연 배우 모집' },
      });
      all = changed;
    });

    it('counts new, changed and unchanged rows of one import, a repeated key once', async () => {
      const fresh = records([
        { postId: 'N-1', postTitle: '신규 공고', postDate: kst('2024-06-01T09:00:00'), postDateText: '2024-06-01' },
      ]);
      const edited = toPostRecord({ ...all[0], postId: all[0].postKey, filmingPeriod: '12월 중' })!;
      const result = await service.upsertPosts([...fresh, edited, ...all.slice(1), ...fresh]);
      expect(result).toEqual({ created: 1, updated: 1, unchanged: total - 1 });
      expect((await list('')).pagination.totalItems).toBe(total + 1);
      expect(await service.upsertPosts([])).toEqual({ created: 0, updated: 0, unchanged: 0 });
    });

    it('imports in batches', async () => {
      const many = records(
        Array.from({ length: 1_234 }, (_, index) => ({
          postId: `B-${index}`,
          postTitle: `대량 ${index}`,
          body: `<p>${index}</p>`,
        })),
      );
      expect(await service.upsertPosts(many)).toEqual({ created: 1_234, updated: 0, unchanged: 0 });
      expect(await service.upsertPosts(many)).toEqual({ created: 0, updated: 0, unchanged: 1_234 });
    });
  });

  describe('models store', () => {
    it('upserts by comcard number, telling new, changed and unchanged rows', async () => {
      const models = t.app.get(ModelsService);
      const rows = [
        toModelRecord({ comcardNo: 'A-101', nameEng: 'Kim Minji', nameKor: '김민지', national: 'Korea' })!,
        toModelRecord({
          comcardNo: 'A-102',
          nameEng: 'Anna Petrova',
          nameKor: '안나',
          national: 'Russia',
          stage: 'Anna',
        })!,
      ];
      expect(await models.upsertModels(rows)).toEqual({ created: 2, updated: 0, unchanged: 0 });
      expect(await models.upsertModels(rows)).toEqual({ created: 0, updated: 0, unchanged: 2 });
      const changed = [
        rows[0],
        toModelRecord({ ...rows[1], stage: 'Anya' })!,
        toModelRecord({ comcardNo: 'A-103', nameEng: 'Lee' })!,
      ];
      expect(await models.upsertModels(changed)).toEqual({ created: 1, updated: 1, unchanged: 1 });
      const stored = await sql<{ comcard_no: string; stage: string | null }>(
        `select comcard_no, stage from talent_model order by comcard_no`,
      );
      expect(stored).toEqual([
        { comcard_no: 'A-101', stage: null },
        { comcard_no: 'A-102', stage: 'Anya' },
        { comcard_no: 'A-103', stage: null },
      ]);
    });
  });
});

function stringify(query: Query): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
  );
}

describe('posts stored before the gram columns (migration 20261217)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('get the grams the importer gives, their revision unchanged, and are found by a two-syllable search', async () => {
    const orm = t.app.get(MikroORM);
    await orm.migrator.down({ to: 'Migration20261216000000_post_email_revisions' });
    const connection = t.app.get(EntityManager).getConnection();
    const texts = [
      ['OLD-1', '여자 배우 모집', '단편 영화', '서울에서 촬영합니다. 배우님 환영!', 'Shooting in Seoul'],
      ['OLD-2', 'CF model', null, 'No Korean here', null],
    ] as const;
    for (const [key, title, work, body, eng] of texts)
      await connection.execute(
        `insert into post (post_key, post_title, title_of_the_work, body, eng, content_hash, imported_at, updated_at)
         values (?, ?, ?, ?, ?, repeat('a', 64), now(), now())`,
        [key, title, work, body, eng],
      );
    await orm.migrator.up();

    const rows = await connection.execute<{ key: string; title: string[]; body: string[]; revision: number }[]>(
      `select post_key as key, title_hangul_grams as title, body_hangul_grams as body, revision from post order by post_key`,
    );
    expect(rows.map((row) => [row.key, new Set(row.title), new Set(row.body), row.revision])).toEqual(
      texts.map(([key, title, work, body, eng]) => [
        key,
        new Set(hangulGrams(title, work)),
        new Set(hangulGrams(body, eng)),
        0,
      ]),
    );
    expect(rows[0].body).toContain('배우');
    const found = await t.app.inject({
      method: 'GET',
      url: '/backend/api/v1/posts/search?page=1&pageSize=10&query=배우&category=all',
      headers: bearer((await t.login(SUPERADMIN.email, SUPERADMIN.password)).token),
    });
    expect(found.json().posts.data.map((post: { postId: string }) => post.postId)).toEqual(['OLD-1']);
  });
});

describe('posts stored before their searched texts were kept in the row (migration 20261219)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('have their texts moved into the row, in the list order, their revision unchanged', async () => {
    const orm = t.app.get(MikroORM);
    await orm.migrator.down({ to: 'Migration20261218000000_post_hangul_gram_counts' });
    const connection = t.app.get(EntityManager).getConnection();
    const service = t.app.get(PostsService);
    // Imported oldest first, so that the rows lie against the list's order (newest first).
    await service.upsertPosts(
      records(
        [1, 2, 3].map((day) => ({ ...WIDE_POST, postId: `WIDE-${day}`, postDate: kst(`2025-01-0${day}T10:00:00`) })),
      ),
    );
    const stored = () =>
      connection.execute<{ id: number; key: string; revision: number }[]>(
        `select id, post_key as key, revision from post order by ctid`,
      );
    const before = await stored();
    expect(before.map((row) => row.key)).toEqual(['WIDE-1', 'WIDE-2', 'WIDE-3']);
    const rowOnly = await pagesReadOfPost(t, before[0].id, 'p.revision');
    expect(await pagesReadOfPost(t, before[0].id, `strpos(p."body", '가')`)).toBeGreaterThan(rowOnly);

    await orm.migrator.up();

    const after = await stored();
    expect(after.map((row) => row.key)).toEqual(['WIDE-3', 'WIDE-2', 'WIDE-1']);
    expect(after.map((row) => row.revision)).toEqual([0, 0, 0]);
    for (const { id } of after) {
      const pages = await pagesReadOfPost(t, id, 'p.revision');
      for (const column of IN_ROW_COLUMNS) {
        expect({ id, column, pages: await pagesReadOfPost(t, id, `strpos(p."${column}", '가')`) }).toEqual({
          id,
          column,
          pages,
        });
      }
    }
  });
});
