import type { Page } from '@playwright/test';
import { apiLogin, checkScreen, createAccount, expect, message, signIn, superadmin, test } from './support.ts';

/** A token shaped like a JWT whose exp lies in the past. */
function expiredJwt(): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: '1', exp: Math.floor(Date.now() / 1000) - 3600 })}.invalid`;
}

/** Writes a session into the browser's storage as the login page would (the page must be on our origin). */
async function storeSession(
  page: Page,
  session: { token: string; refreshToken?: string; user: string },
): Promise<void> {
  await page.evaluate(({ token, refreshToken, user }) => {
    localStorage.setItem('token', token);
    if (refreshToken) localStorage.setItem('refreshToken', refreshToken);
    localStorage.setItem('user', user);
  }, session);
}

const storedUser = (role: string) =>
  JSON.stringify({
    id: 1,
    name: 'Stored',
    username: 'stored',
    email: 'stored@e2e.jobcasting.test',
    role,
    isAdmin: role !== 'user',
    createdAt: '',
    updatedAt: '',
  });

test('a visitor without a session is sent to /login', async ({ page }) => {
  await page.goto('/admin/profile');
  await expect(page).toHaveURL(/\/login$/);
  await expect(message(page, 'Please login to continue.')).toBeVisible();
  await checkScreen(page, 'guard-login-required');
});

test('an expired token that cannot be renewed ends the session', async ({ page }) => {
  await page.goto('/login');
  await storeSession(page, {
    token: expiredJwt(),
    refreshToken: 'not-a-valid-refresh-token',
    user: storedUser('superadmin'),
  });
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/login$/);
  await expect(message(page, 'Session expired. Please login again.')).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([
    null,
    null,
  ]);
  await checkScreen(page, 'guard-session-expired');
});

test('an expired token is renewed silently with a valid refresh token', async ({ page }) => {
  // A session of its own: renewal rotates the refresh token.
  const session = await apiLogin(superadmin.email, superadmin.password);
  await page.goto('/login');
  await storeSession(page, {
    token: expiredJwt(),
    refreshToken: session.refreshToken,
    user: JSON.stringify(session.user),
  });
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: 'Manage Users' })).toBeVisible();
  const stored = await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('refreshToken')]);
  expect(stored[0]).not.toBe(expiredJwt());
  expect(stored[1]).not.toBe(session.refreshToken);
});

test('the session is checked every minute and ends once it can no longer be renewed', async ({ page }) => {
  const session = await apiLogin(superadmin.email, superadmin.password);
  await page.clock.install();
  await page.goto('/login');
  await storeSession(page, {
    token: session.token,
    refreshToken: 'a-refresh-token-the-server-does-not-know',
    user: JSON.stringify(session.user),
  });
  await page.goto('/admin/email-accounts');
  await expect(page.getByRole('heading', { name: 'Email Accounts' })).toBeVisible();

  // The access token lives 15 minutes. Renewal fails from the 14th minute on, but a live token still works.
  await page.clock.runFor(14 * 60_000);
  await expect(page).toHaveURL(/\/admin\/email-accounts$/);

  // The first check after expiry ends the session.
  await page.clock.runFor(62_000);
  await expect(page).toHaveURL(/\/login$/);
  await expect(message(page, 'Session expired. Please login again.')).toBeVisible();
});

test('an admin is kept out of the user routes', async ({ page, superadminSession }) => {
  const admin = await createAccount(superadminSession.token, 'admin');
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin\/email-accounts$/);

  await page.getByRole('button', { name: '메뉴' }).click();
  const menu = page.getByRole('dialog', { name: '메뉴' });
  await expect(menu.getByRole('navigation').getByRole('button')).toHaveText([
    'Home',
    'Add Account',
    'Sent Emails',
    'Campaigns',
    'Show Favourites',
    'Update Profile',
    'Contact Book',
    'Message Sender',
    'Opt-outs (수신거부)',
    'Logout',
  ]);
  await page.keyboard.press('Escape');

  for (const userRoute of ['/admin/users', '/admin/users/add']) {
    await page.goto(userRoute);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(message(page, 'Access denied. Admins cannot access user routes.')).toBeVisible();
  }
  await checkScreen(page, 'guard-admin-on-users');

  // The login page sends a signed-in admin to the admin dashboard.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test('a stored account without admin rights is refused the admin area', async ({ page, superadminSession }) => {
  await page.goto('/login');
  await storeSession(page, { token: superadminSession.token, user: storedUser('user') });
  await page.goto('/admin/profile');
  await expect(message(page, 'Access denied. Only admin allowed.')).toBeVisible();
  // / forwards to /login, which sends a live session without admin rights to /dashboard.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Access denied. Admin privileges required.')).toBeVisible();
  await checkScreen(page, 'guard-not-admin');
  await page.getByRole('button', { name: 'Sign in with another account' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('unknown paths outside the admin area show the error page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/no\/such\/page$/);
  await expect(page.getByRole('heading', { name: 'Error' })).toBeVisible();
  await expect(page.getByText('Page not found: /no/such/page')).toBeVisible();
});
