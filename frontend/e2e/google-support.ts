// What the journeys of the e-mail side share: the Google sandbox, the sample account connected to it, and a post
// imported from the sandbox's posts sheet.
import type { Page } from '@playwright/test';
import { api, baseURL, expect, sandboxControl } from './support.ts';
import { stackEnv } from './stack.ts';

export const sandboxUrl = stackEnv('E2E_GOOGLE_SANDBOX_URL');
export const SAMPLE_ACCOUNT = 'casting.jihyun@gmail.com';
export const POSTS_SPREADSHEET = '2026 캐스팅 공고';
export const POSTS_SHEET = '공고';

/** A call to the sandbox's control API (/sandbox/...). */
export const sandbox = sandboxControl(sandboxUrl);

export const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

/** The sample account, connected through the OAuth round trip as a browser makes it (once per run). */
export async function connectedAccount(token: string): Promise<number> {
  const find = async () =>
    (await api.GET('/backend/api/v1/google-auth/accounts', bearer(token))).data?.find(
      (a) => a.email === SAMPLE_ACCOUNT && !a.needsReauth,
    );
  const known = await find();
  if (known) return known.id;
  const connect = await fetch(`${baseURL}/backend/api/v1/google-auth/connect`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
  });
  const cookie = (connect.headers.get('set-cookie') ?? '').split(';')[0];
  const { authUrl } = (await connect.json()) as { authUrl: string };
  const consent = (await (await fetch(authUrl, { headers: { accept: 'application/json' } })).json()) as {
    accounts: { email: string; approveUrl: string }[];
  };
  const approve = consent.accounts.find((account) => account.email === SAMPLE_ACCOUNT)!;
  const callback = (await fetch(approve.approveUrl, { redirect: 'manual' })).headers.get('location')!;
  await fetch(callback, { headers: { cookie }, redirect: 'manual' });
  const account = await find();
  if (!account) throw new Error(`${SAMPLE_ACCOUNT} did not connect`);
  return account.id;
}

/** The sandbox's posts sheet imported (once per run), and a post with a customer to e-mail. */
export async function postToEmail(token: string, accountId: number): Promise<{ postId: string; title: string }> {
  const list = async () =>
    (await api.GET('/backend/api/v1/posts', { ...bearer(token), params: { query: { page: 1, pageSize: 150 } } })).data
      ?.posts.data ?? [];
  if ((await list()).length === 0) {
    const files = await api.GET('/backend/api/v1/google-auth/files/{accountId}', {
      ...bearer(token),
      params: { path: { accountId }, query: { search: POSTS_SPREADSHEET } },
    });
    const sheet = files.data?.find((file) => file.name === POSTS_SPREADSHEET);
    if (!sheet) throw new Error(`${POSTS_SPREADSHEET} is not in the sandbox's Drive`);
    await fetch(`${baseURL}/backend/api/v1/posts/${sheet.id}/${encodeURIComponent(POSTS_SHEET)}/${accountId}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
  }
  const post = (await list()).find(
    (candidate) => candidate.data.postTitle && candidate.data.phoneCall && !candidate.isEmailSent,
  );
  if (!post) throw new Error('No post with a title and a phone to e-mail');
  return { postId: post.postId, title: post.data.postTitle! };
}

/** The post's card on the dashboard, found by searching its title. */
export async function openPostCard(page: Page, accountId: number, post: { postId: string; title: string }) {
  // The keyword in the address (as a reload keeps it): the first cards shown are the search's, so a click never
  // lands on a card that the search's answer then replaces.
  await page.goto(`/admin/dashboard/${accountId}?q=${encodeURIComponent(post.title)}`);
  await expect(page.getByRole('searchbox', { name: 'Keyword' })).toHaveValue(post.title);
  const card = page.getByRole('article', { name: post.title }).first();
  await expect(card).toBeVisible();
  return card;
}
