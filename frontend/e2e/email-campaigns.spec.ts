import { bearer, connectedAccount, postToEmail, sandbox, sandboxUrl } from './google-support.ts';
import { api, checkScreen, expect, superadmin, test, useSuperadminSession } from './support.ts';

// An e-mail campaign from the dashboard: posts picked on cards and rows, reviewed together (a post without models is
// left out, named), a test copy to the staff member first, then sent and watched to its end on its own page. Its
// name runs it after dashboard.spec, which begins before any post is imported.
useSuperadminSession();
test.describe.configure({ mode: 'serial' });
test.skip(!sandboxUrl, 'E2E_GOOGLE_SANDBOX_URL is not set: the Google sandbox is not running');

interface SentMail {
  id: string;
  subject: string;
  to: { address: string }[];
}

const TEMPLATE = { title: `E2E 캠페인 ${Date.now().toString(36)}`, subject: '[JOB CASTING] {{postId}} 프로필 {{modelCount}}명', template: '안녕하세요,\n{{allModelNames}} 프로필을 보내드립니다.', isActive: true, attachComcards: false };
let accountId: number;
let posts: { postId: string; title: string; email: string }[];
let templateId: number;
const modelIds: number[] = [];

test.beforeAll(async ({ superadminSession }) => {
  const auth = bearer(superadminSession.token);
  accountId = await connectedAccount(superadminSession.token);
  await postToEmail(superadminSession.token, accountId);
  const listed = (await api.GET('/backend/api/v1/posts', { ...auth, params: { query: { page: 1, pageSize: 150 } } })).data?.posts.data ?? [];
  posts = listed
    .filter((post) => post.data.postTitle && (post.data.customerEmail || post.data.email) && !post.isEmailSent)
    .slice(-3)
    .map((post) => ({ postId: post.postId, title: post.data.postTitle!, email: (post.data.customerEmail || post.data.email)! }));
  expect(posts).toHaveLength(3);
  templateId = (await api.POST('/backend/api/v1/email-templates', { ...auth, body: TEMPLATE })).data!.id;
  for (const [comcardNo, nameEng] of [
    ['E2E-CMP-1', 'Hana Lee'],
    ['E2E-CMP-2', 'Jun Park'],
  ]) {
    const created = await api.POST('/backend/api/v1/models', { ...auth, body: { comcardNo: `${comcardNo}-${Date.now().toString(36)}`, nameEng } });
    modelIds.push(created.data!.id);
  }
  // Two posts with models; the third has none and is left out.
  for (const post of posts.slice(0, 2)) {
    await api.PUT('/backend/api/v1/posts/{postId}/selected-models', { ...auth, params: { path: { postId: post.postId } }, body: { modelIds } });
  }
  await api.PUT('/backend/api/v1/posts/{postId}/selected-models', { ...auth, params: { path: { postId: posts[2].postId } }, body: { modelIds: [] } });
});

test.afterAll(async ({ superadminSession }) => {
  const auth = bearer(superadminSession.token);
  for (const id of modelIds) await api.DELETE('/backend/api/v1/models/{id}', { ...auth, params: { path: { id } } });
  await api.DELETE('/backend/api/v1/email-templates/{id}', { ...auth, params: { path: { id: templateId } } });
});

test('posts picked on the dashboard go out as one reviewed campaign, watched to its end', async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 1366, height: 768 });
  await sandbox('DELETE', '/sandbox/gmail/messages');
  // Picks survive a search, a reload and the view: two on cards, one on a row of the list.
  for (const post of posts.slice(0, 2)) {
    await page.goto(`/admin/dashboard/${accountId}?q=${encodeURIComponent(post.title)}`);
    await page.getByRole('article', { name: post.title }).first().getByRole('checkbox', { name: `Pick ${post.title} for a campaign` }).check();
  }
  await page.goto(`/admin/dashboard/${accountId}?q=${encodeURIComponent(posts[2].title)}`);
  await page.getByRole('radio', { name: 'List' }).click();
  await page.getByRole('grid', { name: 'Posts' }).getByRole('checkbox', { name: `Pick ${posts[2].title} for a campaign` }).first().check();
  await expect(page.getByRole('complementary', { name: 'Selected post' })).toBeHidden();
  await page.getByRole('radio', { name: 'Cards' }).click();
  await page.reload();
  const bar = page.getByRole('region', { name: 'Picked posts' });
  await expect(bar).toContainText('3 posts picked for a campaign');

  await bar.getByRole('button', { name: 'E-mail Campaign…' }).click();
  const dialog = page.getByRole('dialog', { name: 'E-mail Campaign' });
  await dialog.getByRole('button', { name: /Template/ }).click();
  await page.getByRole('option', { name: TEMPLATE.title }).click();
  await dialog.getByRole('button', { name: 'Review' }).click();
  const review = dialog.getByRole('region', { name: 'Review', exact: true });
  await expect(review).toContainText('2 e-mails to send · 1 post left out');
  await expect(review.getByRole('region', { name: 'Left out' })).toContainText(posts[2].title);
  await expect(review.getByRole('region', { name: 'E-mail preview' })).toContainText('Hana Lee');
  await checkScreen(page, 'campaign-review');

  await dialog.getByRole('button', { name: 'Send Test to Me' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: `Test e-mail sent to ${superadmin.email}.` })).toBeVisible();
  expect((await sandbox<SentMail[]>('GET', '/sandbox/gmail/messages')).map((mail) => mail.to[0].address)).toEqual([superadmin.email]);
  await sandbox('DELETE', '/sandbox/gmail/messages');

  await dialog.getByRole('button', { name: 'Send 2 e-mails' }).click();
  await expect(page).toHaveURL(/\/admin\/email-campaigns\/\d+$/);
  const state = page.getByRole('region', { name: 'Campaign state' });
  await expect(state).toContainText('Completed', { timeout: 30_000 });
  await expect(state).toContainText('2 sent of 2');
  await expect(page.getByRole('region', { name: 'E-mails' }).getByRole('row')).toHaveCount(3);
  await checkScreen(page, 'campaign-done');
  const sent = await sandbox<SentMail[]>('GET', '/sandbox/gmail/messages');
  expect(sent.map((mail) => mail.to[0].address).sort()).toEqual(posts.slice(0, 2).map((post) => post.email.trim().toLowerCase()).sort());

  // The customers answer: one replies, and the other's address bounces. The watch of the account's Gmail finds
  // both and the posts' cards say so.
  const sentTo = (post: (typeof posts)[number]) => sent.find((mail) => mail.to[0].address === post.email.trim().toLowerCase())!;
  await sandbox('POST', `/sandbox/gmail/messages/${sentTo(posts[0]).id}/reply`, {});
  await sandbox('POST', `/sandbox/gmail/messages/${sentTo(posts[1]).id}/bounce`, {});
  for (const [post, outcome] of [
    [posts[0], 'Replied'],
    [posts[1], 'Bounced: The address does not exist'],
  ] as const) {
    await expect(async () => {
      await page.goto(`/admin/dashboard/${accountId}?q=${encodeURIComponent(post.title)}`);
      await expect(page.getByRole('article', { name: post.title }).first()).toContainText(outcome, { timeout: 2000 });
    }).toPass({ timeout: 60_000 });
  }

  // The picks were used up; the list names the campaign.
  await page.goto('/admin/email-campaigns');
  await expect(page.getByRole('link', { name: new RegExp(TEMPLATE.title) }).first()).toBeVisible();
  await page.goto(`/admin/dashboard/${accountId}`);
  await expect(page.getByRole('region', { name: 'Picked posts' })).toBeHidden();
});
