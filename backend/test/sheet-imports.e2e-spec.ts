import { randomUUID } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import pg from 'pg';
import { WorkerModule } from '../src/worker.module.js';
import {
  connectSandboxAccount,
  googleSandboxConfig,
  SAMPLE_ACCOUNT_EMAILS,
  SEED,
  startGoogleSandboxForTests,
  type TestGoogleSandbox,
} from './support/google-sandbox.js';
import { bearer, startTestApp, SUPERADMIN, type TestApp } from './support/test-app.js';

const API = '/backend/api/v1';

interface Report {
  total: number;
  created: number;
  updated: number;
  unchanged: number;
  rejected: { row: number; reason: string }[];
  unknownHeaders: string[];
}

interface LoadAnswer {
  success: boolean;
  message: string;
  importId: string;
  report: Report;
}

describe('sheet imports (posts and models from Google Sheets, on the worker)', () => {
  let sandbox: TestGoogleSandbox;
  let t: TestApp;
  let worker: INestApplicationContext;
  let db: pg.Client;
  let token: string;
  let accountId: number;

  const load = (kind: 'posts' | 'sheets', fileId: string, sheetName: string, query = '', as = token) =>
    t.request({
      method: 'GET',
      url: `${API}/${kind}/${encodeURIComponent(fileId)}/${encodeURIComponent(sheetName)}/${accountId}${query}`,
      headers: bearer(as),
    });

  const loadOk = async (
    kind: 'posts' | 'sheets',
    fileId: string,
    sheetName: string,
    query = '',
  ): Promise<LoadAnswer> => {
    const response = await load(kind, fileId, sheetName, query);
    expect(response.statusCode).toBe(200);
    return response.json<LoadAnswer>();
  };

  /** A spreadsheet added to the sandbox's Drive for one test. */
  const spreadsheet = async (sheets: Record<string, string[][]>): Promise<string> => {
    const response = await fetch(`${sandbox.url}/sandbox/spreadsheets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: `test ${randomUUID()}`, sheets }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };

  const replaceSheet = async (id: string, sheetName: string, values: string[][]) => {
    const response = await fetch(`${sandbox.url}/sandbox/spreadsheets/${id}/sheets/${encodeURIComponent(sheetName)}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ values }),
    });
    expect(response.ok).toBe(true);
  };

  const fault = (body: Record<string, unknown>) =>
    fetch(`${sandbox.url}/sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  const count = async (table: string): Promise<number> =>
    Number((await db.query(`select count(*) as n from ${table}`)).rows[0].n);

  beforeAll(async () => {
    sandbox = await startGoogleSandboxForTests();
    t = await startTestApp(googleSandboxConfig(sandbox.url));
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(t.config), {
      logger: false,
      abortOnError: false,
    });
    await worker.init();
    db = new pg.Client({ connectionString: t.config.DATABASE_URL });
    await db.connect();
    token = (await t.login(SUPERADMIN.email, SUPERADMIN.password)).token;
    accountId = await connectSandboxAccount(t, token, SAMPLE_ACCOUNT_EMAILS[0]);
  });

  afterAll(async () => {
    await db?.end();
    await worker?.close();
    await t?.close();
    await sandbox?.close();
  });

  describe('posts', () => {
    let first: LoadAnswer;

    it('imports the seeded sheet with Korean headers, reporting every row it could not use with its row number', async () => {
      first = await loadOk('posts', SEED.postsSpreadsheetId, SEED.postsSheetName);
      expect(first).toMatchObject({ success: true, message: 'Posts loaded successfully from the sheet' });
      const { report } = first;
      expect(report.total).toBe(SEED.postsRowCount);
      expect(report.created + report.rejected.length).toBe(report.total);
      expect(report.updated).toBe(0);
      expect(report.unknownHeaders).toEqual([]);
      // The seed has three rows with neither a post id nor a URL.
      const keyless = report.rejected.filter((r) => r.reason.includes('neither a post ID nor a post URL'));
      expect(keyless.length).toBeGreaterThanOrEqual(3);
      for (const { row } of report.rejected) expect(row).toBeGreaterThanOrEqual(2);
      expect(await count('post')).toBe(report.created);

      const list = await t.request({ method: 'GET', url: `${API}/posts?pageSize=50`, headers: bearer(token) });
      expect(list.json<{ pagination: { totalItems: number } }>().pagination.totalItems).toBe(report.created);
    });

    it('normalises typed dates and keeps the text as typed', async () => {
      const rows = await db.query<{ post_date: Date | null; post_date_text: string | null }>(
        `select post_date, post_date_text from post`,
      );
      const dated = rows.rows.filter((r) => r.post_date);
      expect(dated.length).toBeGreaterThan(rows.rows.length * 0.9);
      // Whatever way a day was typed, the stored instant is that day's midnight in Seoul.
      const dayOnly = dated.filter((r) => !r.post_date_text?.includes(':'));
      expect(dayOnly.length).toBeGreaterThan(dated.length * 0.5);
      for (const { post_date } of dayOnly) expect(post_date!.toISOString()).toMatch(/T15:00:00\.000Z$/);
      expect(rows.rows.some((r) => r.post_date_text && /년|\.|\//.test(r.post_date_text))).toBe(true);
    });

    it('changes nothing when the same sheet is imported again, or the same rows under English field names', async () => {
      const again = await loadOk('posts', SEED.postsSpreadsheetId, SEED.postsSheetName);
      expect(again.report).toMatchObject({ created: 0, updated: 0, unchanged: first.report.created });
      expect(again.report.rejected).toEqual(first.report.rejected);

      const english = await loadOk('posts', SEED.postsSpreadsheetId, SEED.postsFieldSheetName);
      expect(english.report).toMatchObject({ created: 0, updated: 0, unchanged: first.report.created });
      expect(await count('post')).toBe(first.report.created);
    });

    it('updates a changed row, keeps staff data (favourite, memo), reads columns in any order and only some of them', async () => {
      const id = await spreadsheet({
        시트1: [
          ['모집 성별', '공고 제목', '공고ID', '담당자 메모'],
          ['여자', '광고 모델 모집', 'T-1', 'x'],
          ['남녀 ', '단편영화 주연', 'T-2', ''],
          ['남자', '뮤직비디오 출연', 'T-3', ''],
        ],
      });
      const totalItems = async () =>
        (await t.request({ method: 'GET', url: `${API}/posts?pageSize=50`, headers: bearer(token) })).json<{
          pagination: { totalItems: number };
        }>().pagination.totalItems;
      const before = await totalItems();
      const created = await loadOk('posts', id, '시트1');
      expect(created.report).toMatchObject({
        total: 3,
        created: 3,
        updated: 0,
        unchanged: 0,
        rejected: [],
        unknownHeaders: ['담당자 메모'],
      });
      // The lists' cached totals follow the import.
      expect(await totalItems()).toBe(before + 3);

      const favourite = await t.request({
        method: 'PUT',
        url: `${API}/posts/T-2`,
        headers: bearer(token),
        payload: { isFavorite: true, memo: '연락 완료' },
      });
      expect(favourite.statusCode).toBe(200);

      await replaceSheet(id, '시트1', [
        ['공고ID', '공고 제목', '모집 성별'],
        ['T-1', '광고 모델 모집', '여자'],
        ['T-2', '단편영화 주연 (수정)', '남녀 '],
        ['T-3', '뮤직비디오 출연', '남자'],
      ]);
      const changed = await loadOk('posts', id, '시트1');
      expect(changed.report).toMatchObject({ total: 3, created: 0, updated: 1, unchanged: 2, rejected: [] });
      const row = await db.query(
        `select post_title, is_favorite, memo, recruitment_gender from post where post_key = 'T-2'`,
      );
      expect(row.rows[0]).toEqual({
        post_title: '단편영화 주연 (수정)',
        is_favorite: true,
        memo: '연락 완료',
        recruitment_gender: '남녀',
      });
    });

    it('reports rows without a key and repeated keys, and imports the rest, the last row included', async () => {
      const id = await spreadsheet({
        posts: [
          ['postId', 'postTitle', 'postUrl'],
          ['R-1', 'first', ''],
          ['', '', ''],
          ['', 'no key at all', ''],
          ['R-1', 'again', ''],
          ['', 'keyed by its URL', 'https://example.test/casting/77'],
          ['R-9', 'last row', ''],
        ],
      });
      const { report } = await loadOk('posts', id, 'posts');
      expect(report).toMatchObject({ total: 5, created: 3 });
      expect(report.rejected).toEqual([
        {
          row: 4,
          reason: 'The row has neither a post ID nor a post URL, so it cannot be told apart from other posts.',
        },
        { row: 5, reason: 'The same post ID R-1 is already on row 2.' },
      ]);
      const titles = (
        await db.query(`select post_title from post where post_title in ('first', 'keyed by its URL', 'last row')`)
      ).rows;
      expect(titles).toHaveLength(3);
    });

    it('keeps post bodies as HTML and answers them sanitised', async () => {
      const id = await spreadsheet({
        공고: [
          ['공고ID', '공고 제목', '본문'],
          [
            'X-1',
            '스크립트 공고',
            '<p onclick="steal()">안녕하세요</p><script>alert(1)</script><a href="javascript:alert(2)">링크</a>',
          ],
        ],
      });
      await loadOk('posts', id, '공고');
      const stored = (await db.query(`select body from post where post_key = 'X-1'`)).rows[0].body as string;
      expect(stored).toContain('<script>');
      const search = await t.request({
        method: 'GET',
        url: `${API}/posts/search?query=${encodeURIComponent('스크립트 공고')}&category=title`,
        headers: bearer(token),
      });
      const [post] = search.json<{ posts: { data: { data: { body: string } }[] } }>().posts.data;
      expect(post.data.body).toContain('안녕하세요');
      expect(post.data.body).not.toMatch(/<script|onclick|javascript:/i);
    });

    it('refuses a sheet without the needed columns, an unknown sheet, a file that is not a spreadsheet and an unknown file', async () => {
      const noTitle = await spreadsheet({
        시트1: [
          ['공고ID', '본문'],
          ['N-1', 'x'],
        ],
      });
      const shape = await load('posts', noTitle, '시트1');
      expect(shape.statusCode).toBe(400);
      expect(shape.json().message).toBe('The first row of the sheet needs a 공고 제목 (postTitle) column.');

      const unknownSheet = await load('posts', SEED.postsSpreadsheetId, '없는 시트');
      expect(unknownSheet.statusCode).toBe(400);
      expect(unknownSheet.json().message).toBe(
        'There is no sheet named "없는 시트" in the selected file. Please check the sheet name.',
      );

      const files = await t.request({
        method: 'GET',
        url: `${API}/google-auth/files/${accountId}?folderId=${SEED.contractsFolderId}`,
        headers: bearer(token),
      });
      const document = files
        .json<{ id: string; mimeType: string }[]>()
        .find((f) => !f.mimeType.includes('spreadsheet') && !f.mimeType.includes('folder'));
      expect(document).toBeDefined();
      const notSheet = await load('posts', document!.id, '시트1');
      expect(notSheet.statusCode).toBe(400);
      expect(notSheet.json().message).toBe(
        'The selected file is not a Google Sheets spreadsheet. Please select a Google Sheets file.',
      );

      const missing = await load('posts', 'no-such-file-id', '공고');
      expect(missing.statusCode).toBe(404);
      expect(await count('post')).toBeGreaterThan(0);
    });

    it('checks the path: a blank sheet name, a malformed file id, an unknown account', async () => {
      const blank = await load('posts', SEED.postsSpreadsheetId, '  ');
      expect(blank.statusCode).toBe(400);
      expect(blank.json().message).toContain('Please enter the sheet name.');

      const badId = await load('posts', 'not a drive id!', '공고');
      expect(badId.statusCode).toBe(400);

      const unknownAccount = await t.request({
        method: 'GET',
        url: `${API}/posts/${SEED.postsSpreadsheetId}/${encodeURIComponent('공고')}/999999`,
        headers: bearer(token),
      });
      expect(unknownAccount.statusCode).toBe(404);
    });
  });

  describe('models', () => {
    it('imports the models sheet by comcard number, idempotently', async () => {
      const first = await loadOk('sheets', SEED.modelsSpreadsheetId, SEED.modelsSheetName);
      expect(first).toMatchObject({ success: true, message: 'Models loaded successfully from the sheet' });
      expect(first.report).toMatchObject({
        total: SEED.modelsRowCount,
        created: SEED.modelsRowCount,
        updated: 0,
        rejected: [],
      });
      expect(await count('talent_model')).toBe(SEED.modelsRowCount);

      const english = await loadOk('sheets', SEED.modelsSpreadsheetId, SEED.modelsFieldSheetName);
      expect(english.report).toMatchObject({ created: 0, updated: 0, unchanged: SEED.modelsRowCount });
    });

    it('updates a changed model and reports a row without a comcard number', async () => {
      const id = await spreadsheet({
        모델: [
          ['국적', '콤카드 번호', '영문 이름'],
          ['러시아', 'MC-1', 'Anna'],
          ['', '', 'Nobody'],
        ],
      });
      expect((await loadOk('sheets', id, '모델')).report).toMatchObject({
        total: 2,
        created: 1,
        rejected: [{ row: 3, reason: 'The row has no comcard number.' }],
      });
      await replaceSheet(id, '모델', [
        ['콤카드 번호', '영문 이름', '국적'],
        ['MC-1', 'Anna K.', '러시아'],
      ]);
      expect((await loadOk('sheets', id, '모델')).report).toMatchObject({
        total: 1,
        created: 0,
        updated: 1,
        unchanged: 0,
      });
      expect((await db.query(`select name_eng from talent_model where comcard_no = 'MC-1'`)).rows[0].name_eng).toBe(
        'Anna K.',
      );
    });
  });

  describe('following an import', () => {
    it('answers its progress and result at sheet-imports/{importId}, to its requester only', async () => {
      const importId = randomUUID();
      await fault({ kind: 'slow', path: '/v4/', delayMs: 1500 });
      const running = load('posts', SEED.postsSpreadsheetId, SEED.postsSheetName, `?importId=${importId}`);

      let seen: { state: string } | undefined;
      for (let i = 0; i < 50 && !seen; i++) {
        const status = await t.request({
          method: 'GET',
          url: `${API}/sheet-imports/${importId}`,
          headers: bearer(token),
        });
        if (status.statusCode === 200) seen = status.json();
        else await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(seen && ['waiting', 'active'].includes(seen.state)).toBe(true);

      const answer = (await running).json<LoadAnswer>();
      expect(answer.importId).toBe(importId);
      const done = await t.request({ method: 'GET', url: `${API}/sheet-imports/${importId}`, headers: bearer(token) });
      expect(done.json()).toMatchObject({
        importId,
        kind: 'posts',
        state: 'completed',
        report: answer.report,
        error: null,
      });
      expect(done.json().progress).toEqual({ done: expect.any(Number), total: expect.any(Number) });

      await t.createUser({ email: 'other.admin@jobcasting.test', password: 'Other-password-1', role: 'admin' });
      const other = await t.login('other.admin@jobcasting.test', 'Other-password-1');
      expect(
        (await t.request({ method: 'GET', url: `${API}/sheet-imports/${importId}`, headers: bearer(other.token) }))
          .statusCode,
      ).toBe(404);
      expect(
        (await t.request({ method: 'GET', url: `${API}/sheet-imports/${randomUUID()}`, headers: bearer(token) }))
          .statusCode,
      ).toBe(404);
    });

    it('imports once when a request is retried with the same importId', async () => {
      const id = await spreadsheet({
        공고: [
          ['공고ID', '공고 제목'],
          ['ONCE-1', '한 번만'],
        ],
      });
      const importId = randomUUID();
      const [a, b] = await Promise.all([
        load('posts', id, '공고', `?importId=${importId}`),
        load('posts', id, '공고', `?importId=${importId}`),
      ]);
      expect(a.json().report).toEqual(b.json().report);
      expect(a.json().report.created).toBe(1);

      const reused = await load('posts', SEED.postsSpreadsheetId, SEED.postsSheetName, `?importId=${importId}`);
      expect(reused.statusCode).toBe(409);
    });

    it('marks the account for re-authentication when Google refuses its sign-in', async () => {
      const email = SAMPLE_ACCOUNT_EMAILS[1];
      const second = await connectSandboxAccount(t, token, email);
      await fetch(`${sandbox.url}/sandbox/tokens/expire`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account: email }),
      });
      await fault({ kind: 'invalid_grant', account: email });
      const refused = await t.request({
        method: 'GET',
        url: `${API}/posts/${SEED.postsSpreadsheetId}/${encodeURIComponent('공고')}/${second}`,
        headers: bearer(token),
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toContain('re-authenticate');
      const accounts = await t.request({ method: 'GET', url: `${API}/google-auth/accounts`, headers: bearer(token) });
      expect(accounts.json<{ id: number; needsReauth: boolean }[]>().find((a) => a.id === second)?.needsReauth).toBe(
        true,
      );
    });

    it('is closed to visitors without a session and to role user', async () => {
      const anonymous = await t.request({
        method: 'GET',
        url: `${API}/posts/${SEED.postsSpreadsheetId}/x/${accountId}`,
      });
      expect(anonymous.statusCode).toBe(401);
      await t.createUser({ email: 'plain.user@jobcasting.test', password: 'Plain-password-1', role: 'user' });
      const user = await t.request({
        method: 'POST',
        url: `${API}/auth/login`,
        payload: { email: 'plain.user@jobcasting.test', password: 'Plain-password-1' },
      });
      // Role user cannot sign in at all (spec §5); no token of theirs can reach the route.
      expect(user.statusCode).toBe(403);
    });
  });
});
