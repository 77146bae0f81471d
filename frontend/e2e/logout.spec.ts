import { api, checkScreen, createAccount, expect, signIn, test } from './support.ts';

test('logout ends the session and clears the browser storage', async ({ page, superadminSession }) => {
  const admin = await createAccount(superadminSession.token, 'admin', 'logout');
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin\/email-accounts$/);
  await page.evaluate(() => localStorage.setItem('email', '7'));
  const token = await page.evaluate(() => localStorage.getItem('token'));

  await page.getByRole('button', { name: '메뉴' }).click();
  await page.getByRole('dialog', { name: '메뉴' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  await checkScreen(page, 'logged-out');

  const { response } = await api.GET('/backend/api/v1/users/{id}', {
    params: { path: { id: admin.id } },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(401);

  await page.goto('/admin/email-accounts');
  await expect(page).toHaveURL(/\/login$/);
});
