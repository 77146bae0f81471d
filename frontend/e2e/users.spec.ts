import {
  api,
  checkScreen,
  createAccount,
  expect,
  message,
  newestUsersPage,
  test,
  uniqueUser,
  useSuperadminSession,
} from './support.ts';

useSuperadminSession();

test('the superadmin creates an admin', async ({ page, superadminSession }) => {
  const admin = uniqueUser('added');
  await page.goto('/admin/users');
  await expect(page.getByRole('table')).toBeVisible();
  await checkScreen(page, 'users');
  await page.getByRole('link', { name: 'Add Admin' }).click();
  await expect(page).toHaveURL(/\/admin\/users\/add$/);

  await page.getByRole('button', { name: 'Create Admin' }).click();
  await expect(page.getByText('Name is required', { exact: true })).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await checkScreen(page, 'add-admin-invalid');

  await page.getByLabel(/^Name\b/).fill(admin.name);
  await page.getByLabel(/^Username\b/).fill(admin.username);
  await page.getByLabel(/^Email\b/).fill(admin.email);
  await page.getByLabel(/^Password\b/).fill(admin.password);
  await page.getByRole('button', { name: 'Create Admin' }).click();
  await expect(message(page, 'Admin created successfully!')).toBeVisible();
  await checkScreen(page, 'add-admin-created');
  await expect(page).toHaveURL(/\/admin\/users$/, { timeout: 5000 });
  await page.goto(await newestUsersPage(superadminSession.token));
  const row = page.getByRole('row').filter({ hasText: admin.email });
  await expect(row).toContainText(admin.username);
  await expect(row).toContainText('admin');
});

test('the add page returns to the list 1.5 s after creating an admin', async ({ page }) => {
  const admin = uniqueUser('timed');
  await page.clock.install();
  await page.goto('/admin/users/add');
  await page.getByLabel(/^Name\b/).fill(admin.name);
  await page.getByLabel(/^Username\b/).fill(admin.username);
  await page.getByLabel(/^Email\b/).fill(admin.email);
  await page.getByLabel(/^Password\b/).fill(admin.password);
  await page.clock.pauseAt(Date.now() + 1_000);
  await page.getByRole('button', { name: 'Create Admin' }).click();
  await expect(message(page, 'Admin created successfully!')).toBeVisible();

  await page.clock.runFor(1_400);
  await expect(page).toHaveURL(/\/admin\/users\/add$/);
  await page.clock.runFor(200);
  await expect(page).toHaveURL(/\/admin\/users$/);
});

test('creating an admin with a taken e-mail shows the server message', async ({ page, superadminSession }) => {
  const existing = await createAccount(superadminSession.token, 'admin', 'taken');
  await page.goto('/admin/users/add');
  await page.getByLabel(/^Name\b/).fill('Duplicate');
  await page.getByLabel(/^Username\b/).fill(`${existing.username}-other`);
  await page.getByLabel(/^Email\b/).fill(existing.email);
  await page.getByLabel(/^Password\b/).fill('Password-123');
  await page.getByRole('button', { name: 'Create Admin' }).click();
  await expect(message(page, 'Email is already in use')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/users\/add$/);
});

test('the superadmin edits a user, including the role', async ({ page, superadminSession }) => {
  const account = await createAccount(superadminSession.token, 'admin', 'edit');
  await page.goto(await newestUsersPage(superadminSession.token));
  await page.getByRole('button', { name: `Edit ${account.name}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit User' });
  await expect(dialog.getByLabel(/^Email\b/)).toHaveValue(account.email);
  await checkScreen(page, 'edit-user');

  await dialog.getByLabel(/^Name\b/).fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Name is required', { exact: true })).toBeVisible();

  const renamed = `${account.name} renamed`;
  await dialog.getByLabel(/^Name\b/).fill(renamed);
  await dialog.getByRole('button', { name: /Role/ }).click();
  await page.getByRole('option', { name: 'superadmin' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: account.email });
  await expect(row).toContainText(renamed);
  await expect(row).toContainText('superadmin');

  const { data } = await api.GET('/backend/api/v1/users/{id}', {
    params: { path: { id: account.id } },
    headers: { Authorization: `Bearer ${superadminSession.token}` },
  });
  expect(data).toMatchObject({ name: renamed, role: 'superadmin' });
});

test('an edit that clashes with another user shows the server message', async ({ page, superadminSession }) => {
  const first = await createAccount(superadminSession.token, 'admin', 'clash-a');
  const second = await createAccount(superadminSession.token, 'admin', 'clash-b');
  await page.goto(await newestUsersPage(superadminSession.token));
  await page.getByRole('button', { name: `Edit ${second.name}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit User' });
  await dialog.getByLabel(/^Username\b/).fill(first.username);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Username is already in use')).toBeVisible();
});

test('the superadmin deletes a user after confirming', async ({ page, superadminSession }) => {
  const account = await createAccount(superadminSession.token, 'admin', 'delete');
  await page.goto(await newestUsersPage(superadminSession.token));
  const row = page.getByRole('row').filter({ hasText: account.email });

  await page.getByRole('button', { name: `Delete ${account.name}`, exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Confirm Deletion' });
  await expect(dialog).toContainText('Are you sure you want to delete this user? This action cannot be undone.');
  await checkScreen(page, 'delete-user');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();

  await page.getByRole('button', { name: `Delete ${account.name}`, exact: true }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);
  const { response } = await api.GET('/backend/api/v1/users/{id}', {
    params: { path: { id: account.id } },
    headers: { Authorization: `Bearer ${superadminSession.token}` },
  });
  expect(response.status).toBe(404);
});

test('the queue dashboard opens in a new tab through a one-time link', async ({ page, context }) => {
  await page.goto('/admin/email-accounts');
  await page.getByRole('button', { name: '메뉴' }).click();
  const opened = context.waitForEvent('page');
  await page.getByRole('dialog', { name: '메뉴' }).getByRole('button', { name: 'Queue Dashboard' }).click();
  const board = await opened;
  await expect(board).toHaveURL(/\/backend\/queues\/$/);
  // The board itself, with the worker's queue, not a refusal.
  await expect(board.getByText('maintenance').first()).toBeVisible();
  await board.close();
});
