import { apiLogin, checkScreen, createAccount, expect, message, signIn, test } from './support.ts';

test('an admin updates their profile and password', async ({ page, superadminSession }) => {
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

  const newPassword = `${admin.password}-new`;
  await page.getByLabel(/^Password\b/).fill(newPassword);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(message(page, 'Profile updated successfully!')).toBeVisible();
  await checkScreen(page, 'profile-saved');
  await apiLogin(admin.email, newPassword);
});
