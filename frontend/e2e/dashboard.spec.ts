import type { Page } from '@playwright/test';
import { api, checkScreen, expect, expectApart, message, superadmin, test, useSuperadminSession } from './support.ts';
import { POSTS_SHEET, POSTS_SPREADSHEET, SAMPLE_ACCOUNT, sandbox, sandboxUrl } from './google-support.ts';

// The e-mail side against the Google sandbox: connect an account, import the posts sheet, browse and mark posts.
const MODELS_SPREADSHEET = '모델 리스트';
const MODELS_SHEET = '모델';

useSuperadminSession();
test.describe.configure({ mode: 'serial' });
test.skip(!sandboxUrl, 'E2E_GOOGLE_SANDBOX_URL is not set: the Google sandbox is not running');

/** Google's consent window, opened by `open` (a click). */
async function consentPopup(page: Page, open: () => Promise<void>): Promise<Page> {
  const [popup] = await Promise.all([page.waitForEvent('popup'), open()]);
  return popup;
}

async function connectedAccountId(token: string): Promise<number> {
  const { data } = await api.GET('/backend/api/v1/google-auth/accounts', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const account = data?.find((candidate) => candidate.email === SAMPLE_ACCOUNT);
  if (!account) throw new Error(`${SAMPLE_ACCOUNT} is not connected`);
  return account.id;
}

/** Opens the picker, finds the spreadsheet by name, selects it and picks its sheet (tab) from the list. */
async function pickSheet(page: Page, button: string, fileName: string, sheetName: string) {
  await page.getByRole('button', { name: button }).click();
  const picker = page.getByRole('dialog', { name: button });
  await expect(
    picker.getByRole('list', { name: 'Files' }).or(picker.getByText('No files found in this folder.')),
  ).toBeVisible();
  await picker.getByLabel('Search files').fill(fileName);
  await picker.getByRole('button', { name: `Select ${fileName}`, exact: true }).click();
  await chooseTab(page, picker, sheetName);
  return picker;
}

/** Picks a tab in the picker's Sheet name list (its options open over the page). */
async function chooseTab(page: Page, picker: ReturnType<Page['getByRole']>, sheetName: string) {
  await picker.getByRole('button', { name: /Sheet name/ }).click();
  await page.getByRole('option', { name: sheetName, exact: true }).click();
  await expect(picker.getByRole('button', { name: /Sheet name/ })).toContainText(sheetName);
}

test('an account is connected through Google’s consent page', async ({ page }) => {
  await sandbox('POST', '/sandbox/reset');
  await page.goto('/admin/email-accounts');
  await expect(page.getByRole('heading', { name: 'Email Accounts' })).toBeVisible();
  await expect(
    page.getByText('No accounts connected yet.').or(page.getByRole('list', { name: 'Connected accounts' })),
  ).toBeVisible();
  await checkScreen(page, 'email-accounts');

  // Google's consent opens in a pop-up, which hands the outcome back to this window and closes.
  const consent = await consentPopup(page, () => page.getByRole('button', { name: 'Connect Gmail Account' }).click());
  await consent.locator(`a[data-account="${SAMPLE_ACCOUNT}"]`).click();
  await consent.waitForEvent('close');
  await expect(page).toHaveURL(/\/admin\/email-accounts\?connected=/);
  await expect(message(page, `Connected ${SAMPLE_ACCOUNT}.`)).toBeVisible();
  const row = page
    .getByRole('list', { name: 'Connected accounts' })
    .getByRole('listitem')
    .filter({ hasText: SAMPLE_ACCOUNT });
  await expect(row).toContainText('김지현');
  await checkScreen(page, 'email-accounts-connected');

  // Cancelling at Google comes back with the reason.
  const cancelled = await consentPopup(page, () => page.getByRole('button', { name: 'Connect Gmail Account' }).click());
  await cancelled.getByRole('link', { name: /취소|Cancel/ }).click();
  await expect(message(page, 'Google sign-in was cancelled.')).toBeVisible();

  // A browser that blocks the pop-up gets the spec's words.
  await page.evaluate(() => {
    window.open = () => null;
  });
  await page.getByRole('button', { name: 'Connect Gmail Account' }).click();
  await expect(message(page, 'Popup was blocked. Please allow popups for this site and try again.')).toBeVisible();

  await row.getByRole('button', { name: `Dashboard of ${SAMPLE_ACCOUNT}` }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/\d+$/);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('email') ?? 'null'));
  expect(stored).toMatchObject({ email: SAMPLE_ACCOUNT });
  await expect(page.getByRole('link', { name: 'JOB CASTING' })).toHaveAttribute(
    'href',
    `/admin/dashboard/${stored.id}`,
  );
});

test('the posts sheet is imported from the Drive picker with a progress bar', async ({ page, superadminSession }) => {
  // Two full-page screenshots of the 50 imported posts (about 31,000 px tall) take half a minute each on a busy machine.
  test.slow();
  const accountId = await connectedAccountId(superadminSession.token);
  await page.goto(`/admin/dashboard/${accountId}`);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('No Data Available')).toBeVisible();
  await expect(page.getByText('There is no data for the selected category.')).toBeVisible();
  await checkScreen(page, 'dashboard-empty');

  // The picker's browsing: My Drive, folders first, Open, the breadcrumb back.
  await page.getByRole('button', { name: 'Select Posting File' }).click();
  const picker = page.getByRole('dialog', { name: 'Select Posting File' });
  const files = picker.getByRole('list', { name: 'Files' });
  await expect(files).toBeVisible();
  await expect(picker.getByRole('navigation', { name: 'Folder' })).toContainText('My Drive');
  await expect(picker.getByRole('button', { name: 'Load Posts' })).toBeDisabled();
  await picker.getByRole('button', { name: 'Open 캐스팅 공고' }).click();
  await expect(picker.getByRole('navigation', { name: 'Folder' })).toContainText('캐스팅 공고');
  await checkScreen(page, 'drive-picker');
  await picker.getByRole('link', { name: 'My Drive' }).click();
  await expect(picker.getByRole('button', { name: 'Open 캐스팅 공고' })).toBeVisible();
  await picker.getByLabel('Search files').fill('없는파일이름');
  await expect(picker.getByText('No matching files found.')).toBeVisible();

  // Only spreadsheets can be selected: other files are listed, marked, and their Select is disabled.
  await picker.getByLabel('Search files').fill('광고 콘티');
  await expect(picker.getByRole('listitem').filter({ hasText: '광고 콘티_커피 CF.pdf' })).toContainText(
    'Not a spreadsheet',
  );
  await expect(picker.getByRole('button', { name: 'Select 광고 콘티_커피 CF.pdf', exact: true })).toBeDisabled();
  await picker.getByRole('button', { name: 'Preview 광고 콘티_커피 CF.pdf', exact: true }).click();
  await expect(picker.getByRole('button', { name: 'Select This File' })).toBeDisabled();
  await expect(picker.getByRole('region', { name: 'Preview' })).toContainText('only Google Sheets files can be loaded');

  // Choosing the spreadsheet lists its sheets (tabs) to pick from; nothing is reported missing before Load is pressed.
  await expect(picker.getByRole('button', { name: /Sheet name/ })).toBeDisabled();
  await picker.getByLabel('Search files').fill(POSTS_SPREADSHEET);
  await picker.getByRole('button', { name: `Preview ${POSTS_SPREADSHEET}`, exact: true }).click();
  await expect(picker.getByRole('region', { name: 'Preview' })).toContainText('Google Sheets');
  await picker.getByRole('button', { name: 'Select This File' }).click();
  await expect(picker.getByText(`Selected: ${POSTS_SPREADSHEET} · choose the sheet to load`)).toBeVisible();
  await expect(picker.getByRole('alert')).toHaveCount(0);
  await expect(picker.getByRole('button', { name: 'Load Posts' })).toBeDisabled();
  await picker.getByRole('button', { name: /Sheet name/ }).click();
  await expect(page.getByRole('option')).toHaveText([POSTS_SHEET, 'posts']);
  await checkScreen(page, 'drive-picker-sheets');
  await page.getByRole('option', { name: POSTS_SHEET, exact: true }).click();
  await expect(picker.getByText(`Selected: ${POSTS_SPREADSHEET} · sheet ${POSTS_SHEET}`)).toBeVisible();

  // The import's answer is held back a moment, so that its progress shows.
  await page.route(/\/backend\/api\/v1\/posts\/[^/]+\/[^/]+\/\d+\?importId=/, async (route) => {
    const response = await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.fulfill({ response });
  });
  await picker.getByRole('button', { name: 'Load Posts' }).click();
  await expect(picker.getByRole('progressbar', { name: /Loading posts/ })).toBeVisible();
  await expect(picker.getByRole('button', { name: 'Loading…' })).toBeDisabled();
  const banner = picker.getByRole('status').filter({ hasText: 'Posts loaded successfully from the sheet' });
  await expect(banner).toBeVisible({ timeout: 30_000 });
  await expect(banner).toContainText(/\d+ rows read: \d+ created, 0 updated, 0 unchanged, \d+ rejected\./);
  await checkScreen(page, 'drive-picker-imported');
  await picker.getByRole('button', { name: 'Close' }).click();

  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Pagination' }).first()).toContainText(/Page 1 of \d+ · \d+ posts/);
  await checkScreen(page, 'dashboard');
});

test('the models sheet needs a spreadsheet and one of its sheets, then loads', async ({ page, superadminSession }) => {
  // The guide, a failed sheet listing, an import and a refused one: more than a minute on a busy machine.
  test.slow();
  const accountId = await connectedAccountId(superadminSession.token);
  await page.goto(`/admin/dashboard/${accountId}`);

  // The guide lists the headers a sheet may use; its tabs work with the arrow keys.
  await page.getByRole('button', { name: 'Instructions' }).click();
  const guide = page.getByRole('dialog', { name: 'Instructions' });
  await expect(guide.getByRole('tab')).toHaveText([
    'Loading Models',
    'Loading Posts',
    'Adding New Model',
    'Email Templates',
  ]);
  await expect(guide.getByRole('tabpanel')).toContainText('콤카드 번호');
  await guide.getByRole('tab', { name: 'Loading Models' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(guide.getByRole('tab', { name: 'Loading Posts' })).toHaveAttribute('aria-selected', 'true');
  await expect(guide.getByRole('tabpanel')).toContainText('공고 제목');
  await checkScreen(page, 'instructions');
  await page.keyboard.press('Escape');
  await expect(guide).toBeHidden();

  await page.getByRole('button', { name: 'Select Model File' }).click();
  const picker = page.getByRole('dialog', { name: 'Select Model File' });
  await expect(picker.getByRole('button', { name: 'Load Models' })).toBeDisabled();
  await expect(picker.getByRole('button', { name: /Sheet name/ })).toBeDisabled();
  await expect(picker.getByText('Select a spreadsheet, then its sheet.')).toBeVisible();

  // The sheets cannot be listed (Google answers an error): said in place, with Try Again.
  let tabsFail = true;
  await page.route(/\/backend\/api\/v1\/google-auth\/spreadsheets\/\d+\/[^/]+\/tabs$/, (route) =>
    tabsFail
      ? route.fulfill({
          status: 502,
          json: { statusCode: 502, error: 'Bad Gateway', message: 'Google Sheets did not answer. Please try again.' },
        })
      : route.continue(),
  );
  await picker.getByLabel('Search files').fill(MODELS_SPREADSHEET);
  await picker.getByRole('button', { name: `Select ${MODELS_SPREADSHEET}`, exact: true }).click();
  await expect(picker.getByRole('alert').filter({ hasText: 'Sheets Error' })).toContainText(
    'Google Sheets did not answer. Please try again.',
  );
  tabsFail = false;
  await picker.getByRole('button', { name: 'Try Again' }).click();
  await chooseTab(page, picker, MODELS_SHEET);
  await expect(picker.getByRole('alert')).toHaveCount(0);
  await picker.getByRole('button', { name: 'Load Models' }).click();
  await expect(picker.getByRole('status').filter({ hasText: 'Models loaded successfully from the sheet' })).toBeVisible(
    { timeout: 30_000 },
  );

  // An import the server refuses is its error under the spec's title.
  await page.route(/\/backend\/api\/v1\/sheets\/[^/]+\/[^/]+\/\d+\?importId=/, (route) =>
    route.fulfill({ status: 404, json: { statusCode: 404, error: 'Not Found', message: 'The sheet was not found.' } }),
  );
  await picker.getByRole('button', { name: 'Load Models' }).click();
  await expect(picker.getByRole('alert').filter({ hasText: 'Load Models Error' })).toContainText(
    'The sheet was not found.',
  );
  await page.unrouteAll();
  await picker.getByRole('button', { name: 'Close' }).click();

  // Picked again, the spreadsheet's sheets are listed at once.
  const reopened = await pickSheet(page, 'Select Model File', MODELS_SPREADSHEET, MODELS_SHEET);
  await expect(reopened.getByRole('button', { name: 'Load Models' })).toBeEnabled();
  await reopened.getByRole('button', { name: 'Close' }).click();

  // The imported models are the Model List's.
  await page.getByRole('button', { name: 'Model Templates' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Model List' }).getByRole('region', { name: 'Model cards' }),
  ).toContainText(/MC-0\d{3}/);
  await page.keyboard.press('Escape');
});

test('filters, Korean search and paging', async ({ page, superadminSession }) => {
  const accountId = await connectedAccountId(superadminSession.token);
  await page.goto(`/admin/dashboard/${accountId}`);
  const pager = page.getByRole('navigation', { name: 'Pagination' }).first();
  await expect(pager).toContainText(/Page 1 of \d+/);
  const totalPages = Number((await pager.textContent())?.match(/Page 1 of (\d+)/)?.[1]);
  expect(totalPages).toBeGreaterThan(2);

  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager).toContainText(`Page 2 of ${totalPages}`);
  await pager.getByRole('button', { name: 'Last' }).click();
  await expect(pager).toContainText(`Page ${totalPages} of ${totalPages}`);
  await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
  await pager.getByRole('button', { name: 'First' }).click();
  await expect(pager).toContainText(`Page 1 of ${totalPages}`);

  // Go to page: digits only, no more digits than the page count has, 1 to the last page.
  const goTo = pager.getByLabel('Go to page');
  await goTo.fill('x');
  await expect(goTo).toHaveValue('');
  await goTo.fill('0');
  await pager.getByRole('button', { name: 'Go' }).click();
  await expect(pager.getByText(`Enter a page number from 1 to ${totalPages}.`)).toBeVisible();
  await goTo.fill('2');
  await pager.getByRole('button', { name: 'Go' }).click();
  await expect(pager).toContainText(`Page 2 of ${totalPages}`);

  // Changing a filter resets to page 1 (spec §4), also when it changes back: All on page 2, 남자, All is page 1.
  await page
    .getByRole('radio', { name: '남자' })
    .or(page.getByRole('button', { name: '남자', exact: true }))
    .click();
  await expect(pager).toContainText(/Page 1 of \d+/);
  await page
    .getByRole('radio', { name: 'All' })
    .or(page.getByRole('button', { name: 'All', exact: true }))
    .first()
    .click();
  await expect(pager).toContainText(`Page 1 of ${totalPages}`);

  // Items per page; any filter goes back to page 1.
  await page.getByRole('button', { name: /Items per page/ }).click();
  await page.getByRole('option', { name: '150' }).click();
  await expect(pager).toContainText(/Page 1 of \d+/);
  await expect(page.getByRole('article')).toHaveCount(150);

  await page
    .getByRole('radio', { name: '여자' })
    .or(page.getByRole('button', { name: '여자', exact: true }))
    .click();
  await expect(pager).toContainText(/Page 1 of \d+/);
  const badges = page.getByRole('article').locator('span', { hasText: /^(남자|여자|남녀)$/ });
  await expect(badges.first()).toHaveText('여자');
  expect(new Set(await badges.allTextContents())).toEqual(new Set(['여자']));
  await page
    .getByRole('radio', { name: 'All' })
    .or(page.getByRole('button', { name: 'All', exact: true }))
    .first()
    .click();

  // Korean keyword: the search button runs at once.
  const title = (await page.getByRole('article').first().getByRole('heading').textContent()) ?? '';
  const word = title.split(/\s+/).find((part) => /[가-힣]{2,}/.test(part)) ?? title;
  await page.getByRole('searchbox', { name: 'Keyword' }).fill(word);
  // The first card holds the word before the search too: its answer tells that the list is the search's.
  const searched = page.waitForResponse((response) => /\/posts\/search\?/.test(response.url()) && response.ok());
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await searched;
  await expect(page.getByRole('article').first()).toContainText(word);
  await checkScreen(page, 'dashboard-search');

  // A keyword without the button waits 2 s, saying so, then searches.
  await page.getByRole('searchbox', { name: 'Keyword' }).fill('존재하지않는검색어');
  const searchState = page.getByRole('search').getByRole('status');
  await expect(searchState).toHaveText('Search starts when you stop typing…');
  await expect(page.getByText('No Data Available')).toBeVisible({ timeout: 5000 });
  await expect(searchState).toHaveText('');
  await page.getByRole('searchbox', { name: 'Keyword' }).fill('');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('article').first()).toBeVisible();

  // Date range: both dates needed; a range without posts is empty; Reset brings the list back.
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Please select both start and end dates.')).toBeVisible();
  await page.getByLabel('Start date').fill('2001-01-01');
  await page.getByLabel('End date').fill('2001-01-31');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('No Data Available')).toBeVisible();
  await expect(page.getByText('There is no data for the selected category.')).toBeVisible();
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByRole('article').first()).toBeVisible();

  // English descriptions.
  await page.getByRole('button', { name: /Language/ }).click();
  await page.getByRole('option', { name: 'English' }).click();
  await expect(page.getByRole('article').locator('[role="region"][lang="en"]').first()).toBeVisible();
  await expect(page.getByRole('article').locator('[role="region"][lang="ko"]')).toHaveCount(0);
});

test('the filters, the keyword and the page live in the address: a reload and a shared link show the same list', async ({
  page,
  context,
  superadminSession,
}) => {
  const accountId = await connectedAccountId(superadminSession.token);
  await page.goto(`/admin/dashboard/${accountId}`);
  const pager = page.getByRole('navigation', { name: 'Pagination' }).first();
  const firstTitle = page.getByRole('article').first().getByRole('heading');
  const genderBadges = page.getByRole('article').locator('span', { hasText: /^(남자|여자|남녀)$/ });
  await expect(pager).toContainText(/Page 1 of \d+/);

  // Women's posts in English, page 2.
  await page
    .getByRole('radio', { name: '여자' })
    .or(page.getByRole('button', { name: '여자', exact: true }))
    .click();
  await expect(page).toHaveURL(/[?&]gender=%EC%97%AC%EC%9E%90(&|$)/);
  await page.getByRole('button', { name: /Language/ }).click();
  await page.getByRole('option', { name: 'English' }).click();
  await expect(page).toHaveURL(/[?&]lang=eng(&|$)/);
  await expect(pager).toContainText(/Page 1 of \d+/);
  // The women's list itself, not the whole list still shown while it loads.
  await expect(
    page.getByRole('article').locator('[aria-busy="true"]').or(page.locator('ul[aria-busy="true"]')),
  ).toHaveCount(0);
  await expect.poll(async () => new Set(await genderBadges.allTextContents())).toEqual(new Set(['여자']));
  const totalPages = Number((await pager.textContent())?.match(/Page 1 of (\d+)/)?.[1]);
  expect(totalPages).toBeGreaterThan(1);
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager).toContainText(`Page 2 of ${totalPages}`);
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  const titleOnPage2 = (await firstTitle.textContent()) ?? '';

  const sameList = async (target: Page) => {
    const targetPager = target.getByRole('navigation', { name: 'Pagination' }).first();
    await expect(targetPager).toContainText(`Page 2 of ${totalPages}`);
    await expect(target.getByRole('article').first().getByRole('heading')).toHaveText(titleOnPage2);
    expect(
      new Set(
        await target
          .getByRole('article')
          .locator('span', { hasText: /^(남자|여자|남녀)$/ })
          .allTextContents(),
      ),
    ).toEqual(new Set(['여자']));
    await expect(target.getByRole('button', { name: /Language/ })).toContainText('English');
    await expect(target.getByRole('article').locator('[role="region"][lang="en"]').first()).toBeVisible();
  };
  await page.reload();
  await sameList(page);
  const shared = await context.newPage();
  await shared.goto(page.url());
  await sameList(shared);
  await shared.close();

  // The keyword reaches the address once it has settled (2 s), in place of the last entry; page 1 again.
  const word = titleOnPage2.split(/\s+/).find((part) => /[가-힣]{2,}/.test(part)) ?? titleOnPage2;
  const addressKeyword = () => new URL(page.url()).searchParams.get('q');
  await page.getByRole('button', { name: /Search in/ }).click();
  await page.getByRole('option', { name: 'Title' }).click();
  await expect(page).toHaveURL(/[?&]in=title(&|$)/);
  const historyLength = await page.evaluate(() => history.length);
  await page.getByRole('searchbox', { name: 'Keyword' }).pressSequentially(word, { delay: 50 });
  expect(addressKeyword()).toBeNull();
  await expect.poll(addressKeyword, { timeout: 5000 }).toBe(word);
  await expect(page).not.toHaveURL(/[?&]page=/);
  expect(await page.evaluate(() => history.length)).toBe(historyLength);
  await expect(firstTitle).toContainText(word);
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Keyword' })).toHaveValue(word);
  await expect(page.getByRole('button', { name: /Search in/ })).toContainText('Title');
  await expect(firstTitle).toContainText(word);
  await expect(genderBadges.first()).toHaveText('여자');

  // An applied date range is kept with its days; Reset takes it out of the address.
  await page.getByLabel('Start date').fill('2001-01-01');
  await page.getByLabel('End date').fill('2001-01-31');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/[?&]from=2001-01-01&to=2001-01-31(&|$)/);
  await page.reload();
  await expect(page.getByText('No Data Available')).toBeVisible();
  await expect(page.getByLabel('Start date')).toHaveValue('2001-01-01');
  await expect(page.getByLabel('End date')).toHaveValue('2001-01-31');
  // Back returns to the list before the range, its fields following the address.
  await page.goBack();
  await expect(firstTitle).toContainText(word);
  await expect(page.getByLabel('Start date')).toHaveValue('');
  await page.goForward();
  await expect(page.getByText('No Data Available')).toBeVisible();
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page).not.toHaveURL(/[?&]from=/);
  await expect(firstTitle).toContainText(word);

  // Values the filter bar does not offer read as its defaults; a page past the last shows the last.
  await page.goto(`/admin/dashboard/${accountId}?gender=x&lang=fr&size=77&page=abc&from=2026-02-30&to=2026-03-01`);
  await expect(pager).toContainText(/Page 1 of \d+/);
  await expect(page.getByRole('article')).toHaveCount(50);
  await expect(page.getByRole('button', { name: /Language/ })).toContainText('Korean');
  await page.goto(`/admin/dashboard/${accountId}?gender=%EC%97%AC%EC%9E%90&page=999`);
  await expect(pager).toContainText(`Page ${totalPages} of ${totalPages}`);
  await expect(page).toHaveURL(new RegExp(`[?&]page=${totalPages}(&|$)`));
});

test('a post is marked favourite, listed in favourites, and gets a memo', async ({ page, superadminSession }) => {
  const accountId = await connectedAccountId(superadminSession.token);
  await page.goto(`/admin/dashboard/${accountId}`);
  const card = page.getByRole('article').first();
  const title = (await card.getByRole('heading').textContent()) ?? '';

  await card.getByRole('button', { name: 'Favourite' }).click();
  await expect(message(page, 'Added to favourites')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Favourite' })).toHaveAttribute('aria-pressed', 'true');
  await expectApart(message(page, 'Added to favourites'), card.getByRole('button', { name: 'Favourite' }));

  await card.getByRole('button', { name: 'Add Memo' }).click();
  const memo = page.getByRole('dialog', { name: 'Add Memo' });
  await memo.getByLabel('Memo').fill('담당자와 통화 완료, 프로필 발송 예정');
  await checkScreen(page, 'memo');
  await memo.getByRole('button', { name: 'Save' }).click();
  await expect(message(page, 'Memo updated successfully')).toBeVisible();
  await expect(memo).toBeHidden();
  await expect(card).toContainText('담당자와 통화 완료, 프로필 발송 예정');
  await expect(card.getByRole('button', { name: 'Update Memo' })).toBeVisible();

  // Send Email asks which way (Simple or Specify) and opens that dialog (email.spec.ts sends); Cancel leaves nothing behind.
  await card.getByRole('button', { name: 'Send Email' }).click();
  const choice = page.getByRole('dialog', { name: 'Send Email' });
  await expect(choice).toContainText('Choose any template and edit its subject and text before sending.');
  await checkScreen(page, 'send-email-choice');
  await choice.getByRole('button', { name: 'Specify' }).click();
  await expect(choice).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Send Model Information' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Send Model Information' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog', { name: 'Send Model Information' })).toBeHidden();
  await expect(card.getByRole('link', { name: 'View Original Post' })).toHaveAttribute('target', '_blank');
  await expect(card.getByRole('link', { name: 'View Original Post' })).toHaveAttribute('rel', /noopener/);

  await page.getByRole('button', { name: '메뉴' }).click();
  await page.getByRole('dialog', { name: '메뉴' }).getByRole('button', { name: 'Show Favourites' }).click();
  await expect(page).toHaveURL(/\/admin\/favourites$/);
  const favourite = page.getByRole('article', { name: title });
  await expect(favourite).toBeVisible();
  await checkScreen(page, 'favourites');
  await favourite.getByRole('button', { name: 'Favourite' }).click();
  await expect(message(page, 'Removed from favourites')).toBeVisible();
  await expect(page.getByText('No favorites yet.')).toBeVisible();

  await page.getByRole('button', { name: '메뉴' }).click();
  await page.getByRole('dialog', { name: '메뉴' }).getByRole('button', { name: 'Sent Emails' }).click();
  await expect(page).toHaveURL(/\/admin\/sent-emails$/);
  await expect(page.getByText('No emails sent yet.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Account/ })).toContainText('All');
  await checkScreen(page, 'sent-emails');
});

test('a script in a post body is shown as nothing but text and never runs', async ({ page, superadminSession }) => {
  const accountId = await connectedAccountId(superadminSession.token);
  const title = `스크립트 검사 ${Date.now()}`;
  await sandbox('POST', '/sandbox/spreadsheets', {
    name: '보안 검사 공고',
    sheets: {
      [POSTS_SHEET]: [
        ['공고ID', '공고 제목', '모집 성별', '본문', '공고 URL'],
        [
          `xss-${Date.now()}`,
          title,
          '여자',
          '<p>안전한 본문입니다.</p><script>window.__pwned = true; alert(1)</script><img src="https://example.invalid/x.png" onerror="window.__pwned = true">',
          'https://example.com/posts/xss',
        ],
      ],
    },
  });
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs++;
    void dialog.dismiss();
  });
  await page.goto(`/admin/dashboard/${accountId}`);
  const picker = await pickSheet(page, 'Select Posting File', '보안 검사 공고', POSTS_SHEET);
  await picker.getByRole('button', { name: 'Load Posts' }).click();
  await expect(picker.getByRole('status').filter({ hasText: 'Posts loaded successfully from the sheet' })).toBeVisible({
    timeout: 30_000,
  });
  await picker.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('searchbox', { name: 'Keyword' }).fill(title);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const card = page.getByRole('article', { name: title });
  await expect(card.getByRole('region', { name: `Description of ${title}` })).toContainText('안전한 본문입니다.');
  await expect(card.locator('script')).toHaveCount(0);
  await expect(card.locator('[onerror]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
  expect(dialogs).toBe(0);
});

test('Drive failures are shown in the picker, and a refused account is re-authenticated from the dashboard', async ({
  page,
  superadminSession,
}) => {
  const accountId = await connectedAccountId(superadminSession.token);
  await page.goto(`/admin/dashboard/${accountId}`);

  // Google answers 500 to every Drive call: the picker names the status and the server's words.
  await sandbox('POST', '/sandbox/faults', { kind: 'server_error_500', path: '/drive/', times: 0 });
  try {
    await page.getByRole('button', { name: 'Select Posting File' }).click();
    const picker = page.getByRole('dialog', { name: 'Select Posting File' });
    await expect(picker.getByRole('alert').filter({ hasText: /Error 5\d\d/ })).toBeVisible({ timeout: 20_000 });
    await checkScreen(page, 'drive-picker-error');
    await picker.getByRole('button', { name: 'Close' }).click();
  } finally {
    await sandbox('DELETE', '/sandbox/faults');
  }

  // Google refuses the stored sign-in: the account needs re-authentication.
  await sandbox('POST', '/sandbox/tokens/expire', { account: SAMPLE_ACCOUNT });
  await sandbox('POST', '/sandbox/faults', { kind: 'invalid_grant', path: '/token', times: 0 });
  try {
    await page.getByRole('button', { name: 'Select Posting File' }).click();
    const picker = page.getByRole('dialog', { name: 'Select Posting File' });
    await expect(picker.getByRole('alert').filter({ hasText: /Error 409/ })).toBeVisible({ timeout: 20_000 });
    await picker.getByRole('button', { name: 'Close' }).click();
  } finally {
    await sandbox('DELETE', '/sandbox/faults');
  }
  await page.reload();
  const banner = page.getByRole('alert').filter({ hasText: 'needs re-authentication' });
  await expect(banner).toBeVisible();
  await checkScreen(page, 'dashboard-reauth');
  const consent = await consentPopup(page, () => banner.getByRole('button', { name: 'Re-authenticate' }).click());
  await consent.locator(`a[data-account="${SAMPLE_ACCOUNT}"]`).click();
  // Signed in again, and said so.
  await expect(message(page, `Re-authenticated ${SAMPLE_ACCOUNT}.`)).toBeVisible();
  await expect(banner).toHaveCount(0);
});

test('connecting from another origin than PUBLIC_URL is explained, not left on a login page; a disconnect clears its Connected banner', async ({
  page,
  superadminSession,
}) => {
  const other = 'sumin.models@gmail.com';
  await page.goto('/admin/email-accounts');
  const consent = await consentPopup(page, () => page.getByRole('button', { name: 'Connect Gmail Account' }).click());
  await consent.locator(`a[data-account="${other}"]`).click();
  await consent.waitForEvent('close');
  const banner = page.getByRole('status').filter({ hasText: `Connected ${other}.` });
  await expect(banner).toBeVisible();
  const row = page.getByRole('list', { name: 'Connected accounts' }).getByRole('listitem').filter({ hasText: other });
  await row.getByRole('button', { name: /^Disconnect/ }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /Disconnect/ })
    .click();
  await expect(message(page, 'Account disconnected.')).toBeVisible();
  await expect(banner).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/email-accounts$/);

  // The same app at 127.0.0.1, while Google sends the sign-in back to localhost: nothing is opened, and it says why.
  const elsewhere = new URL(page.url());
  elsewhere.hostname = '127.0.0.1';
  elsewhere.pathname = '/login';
  await page.goto(elsewhere.toString());
  await page.getByLabel(/^Email\b/).fill(superadmin.email);
  await page.getByLabel(/^Password\b/).fill(superadmin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1.*\/admin\/email-accounts$/);
  const popups: Page[] = [];
  page.on('popup', (popup) => void popups.push(popup));
  await page.getByRole('button', { name: 'Connect Gmail Account' }).click();
  await expect(
    message(
      page,
      `Google sends the sign-in back to http://localhost:${elsewhere.port}, but this page is open at http://127.0.0.1:${elsewhere.port}.`,
    ),
  ).toBeVisible();
  await expect.poll(() => popups.every((popup) => popup.isClosed())).toBe(true);
  void superadminSession;
});
