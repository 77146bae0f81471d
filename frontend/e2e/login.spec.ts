import {
  checkScreen,
  createAccount,
  expect,
  message,
  signIn,
  superadmin,
  test,
  useSuperadminSession,
} from './support.ts';

test('the superadmin signs in and reaches the admin area', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel(/^Email\b/)).toHaveAttribute('type', 'email');
  await checkScreen(page, 'login');

  await page.getByRole('button', { name: 'Terms of Service' }).click();
  await expect(page.getByRole('dialog', { name: 'Terms of Service' })).toBeVisible();
  await checkScreen(page, 'login-terms');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.getByRole('button', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('dialog', { name: 'Privacy Policy' })).toBeVisible();
  await checkScreen(page, 'login-privacy');
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();

  await signIn(page, superadmin.email, superadmin.password);
  await expect(page).toHaveURL(/\/admin\/email-accounts$/);
  await expect(page.getByRole('heading', { name: 'Email Accounts' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'JOB CASTING' })).toHaveAttribute('href', '/admin/dashboard');
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('token'),
    refreshToken: localStorage.getItem('refreshToken'),
    user: JSON.parse(localStorage.getItem('user') ?? 'null'),
  }));
  expect(stored.token).toBeTruthy();
  expect(stored.refreshToken).toBeTruthy();
  expect(stored.user.email).toBe(superadmin.email.toLowerCase());
  await checkScreen(page, 'home');

  await page.getByRole('button', { name: '메뉴' }).click();
  const menu = page.getByRole('dialog', { name: '메뉴' });
  await expect(menu).toBeVisible();
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
    'Manage Users',
    'Queue Dashboard',
    'Logout',
  ]);
  await checkScreen(page, 'menu');
  await menu.getByRole('button', { name: 'Manage Users' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
});

test('a wrong password is refused with the spec message', async ({ page }) => {
  await signIn(page, superadmin.email, 'definitely-not-the-password');
  await expect(message(page, 'Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await checkScreen(page, 'login-failed');
});

test('empty fields are reported without calling the server', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
});

test('an account with role user cannot sign in', async ({ page, superadminSession }) => {
  const account = await createAccount(superadminSession.token, 'user');
  await signIn(page, account.email, account.password);
  await expect(message(page, 'Access denied. Admin privileges required.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test.describe('signed in', () => {
  useSuperadminSession();

  test('the login page sends a signed-in admin to the dashboard', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });

  test('the header links to the stored mail account dashboard', async ({ page }) => {
    await page.goto('/admin/email-accounts');
    await page.evaluate(() => localStorage.setItem('email', '42'));
    await page.reload();
    await expect(page.getByRole('link', { name: 'JOB CASTING' })).toHaveAttribute('href', '/admin/dashboard/42');
    await page.getByRole('link', { name: 'JOB CASTING' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard\/42$/);
  });
});
