import { toPostRecord } from '../src/modules/posts/domain/post-record.js';
import { PostsService } from '../src/modules/posts/posts.service.js';
import { bearer, startTestApp, SUPERADMIN, type TestApp } from './support/test-app.js';

const API = '/backend/api/v1';
const STAFF = { email: 'casting@jobcasting.test', password: 'Casting-password-1', role: 'admin', username: 'casting' };

interface ModelBody {
  id: number;
  comcardNo: string;
  nameEng: string | null;
}
interface SelectionBody {
  postId: string;
  models: ModelBody[];
}

/** GET posts/selected-models: a page of posts' selections in one read (the dashboard's cards and list rows). */
describe('selected models of many posts', () => {
  let t: TestApp;
  let token: string;
  let staffToken: string;
  let models: ModelBody[];

  const api = async (
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
    as: string | null = token,
  ) =>
    t.request({
      method,
      url: `${API}/${path}`,
      headers: as ? bearer(as) : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const batch = (postIds: string[], as?: string | null) =>
    api(
      'GET',
      `posts/selected-models?${postIds.map((id) => `postIds=${encodeURIComponent(id)}`).join('&')}`,
      undefined,
      as,
    );
  const comcards = (answer: SelectionBody[]) =>
    answer.map(({ postId, models: selected }) => [postId, selected.map((model) => model.comcardNo)]);

  beforeAll(async () => {
    t = await startTestApp();
    token = (await t.login(SUPERADMIN.email, SUPERADMIN.password)).token;
    await t.createUser(STAFF);
    staffToken = (await t.login(STAFF.email, STAFF.password)).token;
    await t.app
      .get(PostsService)
      .upsertPosts(
        ['B-1', 'B-2', 'B-3', 'B,4'].map((postId) => toPostRecord({ postId, postTitle: `공고 ${postId}` })!),
      );
    models = [];
    for (const [comcardNo, nameEng] of [
      ['JC-1', 'Emily Carter'],
      ['JC-2', 'Lucas Martin'],
      ['JC-3', 'Mina Park'],
    ]) {
      models.push((await api('POST', 'models', { comcardNo, nameEng })).json<ModelBody>());
    }
  });

  afterAll(async () => {
    await t?.close();
  });

  it("answers each post's selection of this staff member, in the order given and selected", async () => {
    const [a, b, c] = models;
    await api('PUT', 'posts/B-1/selected-models', { modelIds: [c.id, a.id] });
    await api('PUT', `posts/${encodeURIComponent('B,4')}/selected-models`, { modelIds: [b.id] });
    await api('PUT', 'posts/B-2/selected-models', { modelIds: [a.id] }, staffToken);

    const mine = await batch(['B,4', 'B-1', 'B-2', 'B-1', 'NO-SUCH-POST']);
    expect(mine.statusCode).toBe(200);
    // A repeated id is answered once; a post without a selection, or no such post, has no models.
    expect(comcards(mine.json())).toEqual([
      ['B,4', ['JC-2']],
      ['B-1', ['JC-3', 'JC-1']],
      ['B-2', []],
      ['NO-SUCH-POST', []],
    ]);
    expect(mine.json<SelectionBody[]>()[0].models[0]).toMatchObject({ id: b.id, nameEng: 'Lucas Martin' });

    // Another staff member reads only their own selections.
    expect(comcards((await batch(['B-1', 'B-2'], staffToken)).json())).toEqual([
      ['B-1', []],
      ['B-2', ['JC-1']],
    ]);
  });

  it('follows the selection as it changes: a removed model, a deleted model', async () => {
    const [a, b, c] = models;
    await api('PUT', 'posts/B-3/selected-models', { modelIds: [a.id, b.id, c.id] });
    await api('DELETE', `posts/B-3/selected-models/${a.id}`);
    expect(comcards((await batch(['B-3'])).json())).toEqual([['B-3', ['JC-2', 'JC-3']]]);
    await api('DELETE', `models/${c.id}`);
    expect(comcards((await batch(['B-3'])).json())).toEqual([['B-3', ['JC-2']]]);
  });

  it('refuses a missing, blank, too long or too long a list of postIds with a 400, and a caller without a session', async () => {
    const noIds = await api('GET', 'posts/selected-models');
    expect(noIds.statusCode).toBe(400);
    expect(noIds.json().message).toBeTruthy();

    const blank = await batch(['B-1', '']);
    expect(blank.statusCode).toBe(400);
    expect(JSON.stringify(blank.json())).toContain('A postId must not be blank');

    const long = await batch(['x'.repeat(101)]);
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json())).toContain('A postId has at most 100 characters');

    expect((await batch(Array.from({ length: 150 }, (_, index) => `P-${index}`))).statusCode).toBe(200);
    const tooMany = await batch(Array.from({ length: 151 }, (_, index) => `P-${index}`));
    expect(tooMany.statusCode).toBe(400);
    expect(JSON.stringify(tooMany.json())).toContain('postIds may name at most 150 posts');

    expect((await batch(['B-1'], null)).statusCode).toBe(401);
  });
});
