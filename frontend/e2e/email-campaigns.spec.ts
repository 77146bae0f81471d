import { bearer, connectedAccount, postToEmail, sandbox, sandboxUrl } from './google-support.ts';
import { api, checkScreen, expect, superadmin, test, useSuperadminSession } from './support.ts';

// An e-mail campaign from the dashboard: five posts picked on cards and rows, reviewed together (the one without
// models is left out, named), a test copy to the staff member first, then scheduled with a follow-up and watched to
// its end on its own page: one customer replies, another's address bounces, and their follow-ups stay unsent while
// the others go in the first e-mails' threads. The run's follow-up "day" is 15 s (infra/scripts/test.ts). Its name
// runs it after dashboard.spec, which begins before any post is imported.
useSuperadminSession();
test.describe.configure({ mode: 'serial' });
test.skip(!sandboxUrl, 'E2E_GOOGLE_SANDBOX_URL is not set: the Google sandbox is not running');

interface SentMail {
  id: string;
  threadId: string;
  subject: string;
  text: string | null;
  sentAt: string;
  to: { address: string }[];
}

const TEMPLATE = {
  title: `E2E 캠페인 ${Date.now().toString(36)}`,
  subject: '[JOB CASTING] {{postId}} 프로필 {{modelCount}}명',
  template: '안녕하세요,\n{{allModelNames}} 프로필을 보내드립니다.',
  isActive: true,
  attachComcards: false,
};
let accountId: number;
let posts: { postId: string; title: string; email: string }[];
const FOLLOW_UP = {
  ...TEMPLATE,
  title: `${TEMPLATE.title} 후속`,
  subject: '(쓰이지 않음)',
  template: '{{postId}} 건, 보내드린 프로필 확인하셨을까요?',
};
let templateId: number;
let followUpId: number;
const modelIds: number[] = [];

test.beforeAll(async ({ superadminSession }) => {
  const auth = bearer(superadminSession.token);
  accountId = await connectedAccount(superadminSession.token);
  await postToEmail(superadminSession.token, accountId);
  const listed =
    (await api.GET('/backend/api/v1/posts', { ...auth, params: { query: { page: 1, pageSize: 150 } } })).data?.posts
      .data ?? [];
  // Five posts with titles and customers of their own, none e-mailed yet.
  const seen = new Set<string>();
  posts = listed
    .filter((post) => post.data.postTitle && (post.data.customerEmail || post.data.email) && !post.isEmailSent)
    .map((post) => ({
      postId: post.postId,
      title: post.data.postTitle!,
      email: (post.data.customerEmail || post.data.email)!.trim().toLowerCase(),
    }))
    .filter((post) => !seen.has(post.email) && !seen.has(post.title) && seen.add(post.email).add(post.title))
    .slice(-5);
  expect(posts).toHaveLength(5);
  templateId = (await api.POST('/backend/api/v1/email-templates', { ...auth, body: TEMPLATE })).data!.id;
  followUpId = (await api.POST('/backend/api/v1/email-templates', { ...auth, body: FOLLOW_UP })).data!.id;
  for (const [comcardNo, nameEng] of [
    ['E2E-CMP-1', 'Hana Lee'],
    ['E2E-CMP-2', 'Jun Park'],
  ]) {
    const created = await api.POST('/backend/api/v1/models', {
      ...auth,
      body: { comcardNo: `${comcardNo}-${Date.now().toString(36)}`, nameEng },
    });
    modelIds.push(created.data!.id);
  }
  // Four posts with models; the fifth has none and is left out.
  for (const post of posts.slice(0, 4)) {
    await api.PUT('/backend/api/v1/posts/{postId}/selected-models', {
      ...auth,
      params: { path: { postId: post.postId } },
      body: { modelIds },
    });
  }
  await api.PUT('/backend/api/v1/posts/{postId}/selected-models', {
    ...auth,
    params: { path: { postId: posts[4].postId } },
    body: { modelIds: [] },
  });
});

test.afterAll(async ({ superadminSession }) => {
  const auth = bearer(superadminSession.token);
  for (const id of modelIds) await api.DELETE('/backend/api/v1/models/{id}', { ...auth, params: { path: { id } } });
  for (const id of [templateId, followUpId])
    await api.DELETE('/backend/api/v1/email-templates/{id}', { ...auth, params: { path: { id } } });
});

/** A datetime-local value (with seconds) of Korean time, so many seconds from now. */
const koreanLocalIn = (seconds: number) =>
  new Date(Date.now() + seconds * 1000 + 9 * 3600 * 1000).toISOString().slice(0, 19);

test('posts picked on the dashboard go out as one reviewed, scheduled campaign with a follow-up a reply stops', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await sandbox('DELETE', '/sandbox/gmail/messages');
  // Picks survive a search, a reload and the view: four on cards, one on a row of the list.
  for (const post of posts.slice(0, 4)) {
    await page.goto(`/admin/dashboard/${accountId}?q=${encodeURIComponent(post.title)}`);
    await page
      .getByRole('article', { name: post.title })
      .first()
      .getByRole('checkbox', { name: `Pick ${post.title} for a campaign` })
      .check();
  }
  await page.goto(`/admin/dashboard/${accountId}?q=${encodeURIComponent(posts[4].title)}`);
  await page.getByRole('radio', { name: 'List' }).click();
  await page
    .getByRole('grid', { name: 'Posts' })
    .getByRole('checkbox', { name: `Pick ${posts[4].title} for a campaign` })
    .first()
    .check();
  await expect(page.getByRole('complementary', { name: 'Selected post' })).toBeHidden();
  await page.getByRole('radio', { name: 'Cards' }).click();
  await page.reload();
  const bar = page.getByRole('region', { name: 'Picked posts' });
  await expect(bar).toContainText('5 posts picked for a campaign');

  await bar.getByRole('button', { name: 'E-mail Campaign…' }).click();
  const dialog = page.getByRole('dialog', { name: 'E-mail Campaign' });
  await dialog.getByRole('button', { name: /Template/ }).click();
  // The first template made in a fresh database is the default, and says so.
  await page.getByRole('option', { name: new RegExp(`^${TEMPLATE.title}( \\(default\\))?$`) }).click();
  await dialog.getByRole('button', { name: 'Review' }).click();
  const review = dialog.getByRole('region', { name: 'Review', exact: true });
  await expect(review).toContainText('4 e-mails to send · 1 post left out');
  await expect(review.getByRole('region', { name: 'Left out' })).toContainText(posts[4].title);
  await expect(review.getByRole('region', { name: 'E-mail preview' })).toContainText('Hana Lee');

  await dialog.getByRole('button', { name: 'Send Test to Me' }).click();
  await expect(
    dialog.getByRole('status').filter({ hasText: `Test e-mail sent to ${superadmin.email}.` }),
  ).toBeVisible();
  expect((await sandbox<SentMail[]>('GET', '/sandbox/gmail/messages')).map((mail) => mail.to[0].address)).toEqual([
    superadmin.email,
  ]);
  await sandbox('DELETE', '/sandbox/gmail/messages');

  // A follow-up a "day" after, and the campaign at a time a few seconds ahead (Korean time).
  const followUps = review.getByRole('region', { name: 'Follow-ups' });
  await followUps.getByRole('button', { name: 'Add Follow-up' }).click();
  await followUps.getByRole('button', { name: /First follow-up after/ }).click();
  await page.getByRole('option', { name: '1 day', exact: true }).click();
  await followUps.getByRole('button', { name: /First follow-up template/ }).click();
  await page.getByRole('option', { name: FOLLOW_UP.title, exact: true }).click();
  await review.getByRole('radio', { name: 'At a time' }).click();
  await review.getByLabel('Day and time (Korean time)').fill(koreanLocalIn(25));
  await checkScreen(page, 'campaign-review');
  await dialog.getByRole('button', { name: 'Schedule 4 e-mails' }).click();

  await expect(page).toHaveURL(/\/admin\/email-campaigns\/\d+$/);
  const state = page.getByRole('region', { name: 'Campaign state' });
  await expect(state).toContainText('Scheduled');
  await expect(state).toContainText('Starts');
  await expect(state).toContainText(`Follow-ups: 1 day later, ${FOLLOW_UP.title}`);
  await expect(state).toContainText('4 sent of 4', { timeout: 60_000 });
  const sent = await sandbox<SentMail[]>('GET', '/sandbox/gmail/messages');
  expect(sent.map((mail) => mail.to[0].address).sort()).toEqual(
    posts
      .slice(0, 4)
      .map((post) => post.email)
      .sort(),
  );

  // Before the follow-ups fall due, one customer replies and another's address bounces.
  const sentTo = (post: (typeof posts)[number], mails = sent) =>
    mails.filter((mail) => mail.to[0].address === post.email).sort((a, b) => a.sentAt.localeCompare(b.sentAt));
  await sandbox('POST', `/sandbox/gmail/messages/${sentTo(posts[0])[0].id}/reply`, {});
  await sandbox('POST', `/sandbox/gmail/messages/${sentTo(posts[1])[0].id}/bounce`, {});

  await expect(state).toContainText('Completed', { timeout: 90_000 });
  await expect(state).toContainText('(2 sent · 2 stopped by a reply or a bounce)');
  const emails = page.getByRole('region', { name: 'E-mails' });
  // The header, then each post's first e-mail followed by its follow-up.
  await expect(emails.getByRole('row')).toHaveCount(9);
  const rowsOf = (post: (typeof posts)[number]) => emails.getByRole('row').filter({ hasText: post.email });
  await expect(rowsOf(posts[0]).first()).toContainText('Replied');
  await expect(rowsOf(posts[0]).last()).toContainText('Not sent: the customer replied.');
  await expect(rowsOf(posts[1]).first()).toContainText('Bounced: The address does not exist');
  await expect(rowsOf(posts[1]).last()).toContainText('Not sent: an e-mail before it bounced.');
  for (const post of posts.slice(2, 4)) await expect(rowsOf(post).last()).toContainText('Follow-up 1');
  await checkScreen(page, 'campaign-done');
  await page.setViewportSize({ width: 1440, height: 900 });
  await checkScreen(page, 'campaign-done-1440');
  await page.setViewportSize({ width: 1366, height: 768 });

  // The follow-ups that went are replies in the first e-mails' threads; none went to whoever answered.
  const all = await sandbox<SentMail[]>('GET', '/sandbox/gmail/messages');
  for (const post of posts.slice(2, 4)) {
    const [first, followUp] = sentTo(post, all);
    expect(followUp.subject).toBe(`Re: ${first.subject}`);
    expect(followUp.threadId).toBe(first.threadId);
    expect(followUp.text).toContain(`${post.postId} 건, 보내드린 프로필 확인하셨을까요?`);
  }
  for (const post of posts.slice(0, 2)) expect(sentTo(post, all)).toHaveLength(1);

  // The posts' cards say what came back.
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
