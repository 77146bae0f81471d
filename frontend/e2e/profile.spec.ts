import { api, apiLogin, checkScreen, createAccount, expect, message, signIn, test } from './support.ts';

test('an admin updates their profile and password, with the current one, which ends their other sign-ins', async ({
  page,
  superadminSession,
}) => {
  const admin = await createAccount(superadminSession.token, 'admin', 'profile');
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin\/email-accounts$/);
  await page.getByRole('button', { name: '메뉴' }).click();
  await page.getByRole('dialog', { name: '메뉴' }).getByRole('button', { name: 'Update Profile' }).click();
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await expect(page.getByLabel(/^Email\b/)).toHaveValue(admin.email);
  await checkScreen(page, 'profile');

  // A blank password keeps the current one.
  const renamed = `${admin.name} 김배우`;
  await page.getByLabel(/^Name\b/).fill(renamed);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(message(page, 'Profile updated successfully!')).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').name)).toBe(renamed);
  await expect(page.getByRole('banner')).toContainText(renamed);
  await apiLogin(admin.email, admin.password);

  // A new password asks for the current one, and a wrong one changes nothing.
  const elsewhere = await apiLogin(admin.email, admin.password);
  const newPassword = `${admin.password}-new`;
  const currentPassword = page.getByLabel(/^Current password\b/);
  await expect(currentPassword).toBeHidden();
  await page.getByLabel(/^Password\b/).fill(newPassword);
  await expect(currentPassword).toBeVisible();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Current password is required')).toBeVisible();
  await currentPassword.fill(`${admin.password}-wrong`);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(message(page, 'Current password is incorrect')).toBeVisible();
  await checkScreen(page, 'profile-wrong-current-password');
  await apiLogin(admin.email, admin.password);

  await currentPassword.fill(admin.password);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(message(page, 'Profile updated successfully!')).toBeVisible();
  await expect(currentPassword).toBeHidden();
  await checkScreen(page, 'profile-saved');
  await apiLogin(admin.email, newPassword);

  // The sign-in elsewhere has ended; this one goes on.
  const ended = await api.GET('/backend/api/v1/users/{id}', {
    params: { path: { id: admin.id } },
    headers: { Authorization: `Bearer ${elsewhere.token}` },
  });
  expect(ended.response.status).toBe(401);
  await page.reload();
  await expect(page.getByLabel(/^Email\b/)).toHaveValue(admin.email);
});
