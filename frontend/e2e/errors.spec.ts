import { checkScreen, expect, test, useSuperadminSession } from './support.ts';

useSuperadminSession();

test('an unknown admin path shows the error page', async ({ page }) => {
  await page.goto('/admin/no-such-screen');
  await expect(page.getByRole('heading', { name: 'Error' })).toBeVisible();
  await expect(page.getByText('Page not found: /admin/no-such-screen')).toBeVisible();
  await checkScreen(page, 'not-found');
});

test('/admin/error shows every field of the error in its query string', async ({ page }) => {
  const error = {
    statusCode: 409,
    error: 'Conflict',
    message: 'Email is already in use',
    details: {
      databaseDetail: 'Key (email)=(kim@example.com) already exists.',
      errorType: 'UniqueConstraintViolationException',
      validation: [
        { path: 'email', message: 'Email must be a valid e-mail address' },
        { path: 'name', message: 'Name is required' },
      ],
      conflictingFields: ['email', 'username'],
      query: 'insert into "users" ("email") values ($1)',
      originalError: 'duplicate key value violates unique constraint "users_email_unique"',
    },
  };
  await page.goto(`/admin/error?message=${encodeURIComponent(JSON.stringify(error))}`);
  const details = page.locator('dl');
  for (const [label, value] of [
    ['Message', error.message],
    ['Error type', error.details.errorType],
    ['Database detail', error.details.databaseDetail],
    ['Query', error.details.query],
    ['Original error', error.details.originalError],
    ['Raw message', JSON.stringify(error)],
  ]) {
    await expect(
      details
        .locator('div')
        .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
        .locator('dd'),
    ).toHaveText(value);
  }
  await expect(details.getByText('email: Email must be a valid e-mail address')).toBeVisible();
  await expect(details.getByText('name: Name is required')).toBeVisible();
  await expect(details.getByRole('listitem').filter({ hasText: /^username$/ })).toBeVisible();
  await checkScreen(page, 'error-page');
});
