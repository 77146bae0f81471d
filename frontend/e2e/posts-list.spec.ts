import type { Page } from '@playwright/test';
import { bearer, connectedAccount, openPostCard, postToEmail, sandboxUrl } from './google-support.ts';
import { api, checkScreen, expect, message, test, useSuperadminSession } from './support.ts';

// Posts at a glance: the dashboard's compact list with its side panel, the view kept across reloads and visits,
// the models a card's post has, and long descriptions clamped with More. At a laptop's screen and a larger one.

useSuperadminSession();
test.describe.configure({ mode: 'serial' });
test.skip(!sandboxUrl, 'E2E_GOOGLE_SANDBOX_URL is not set: the Google sandbox is not running');

const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 1440, height: 900 },
] as const;

const MODELS = [
  { comcardNo: 'E2E-LIST-1', nameKor: '김민준', national: 'Korea' },
  { comcardNo: 'E2E-LIST-2', nameKor: '이서연', national: 'Korea' },
];

let accountId: number;
let post: { postId: string; title: string };
const modelIds: number[] = [];

test.beforeAll(async ({ superadminSession }) => {
  const auth = bearer(superadminSession.token);
  accountId = await connectedAccount(superadminSession.token);
  post = await postToEmail(superadminSession.token, accountId);
  const existing = (await api.GET('/backend/api/v1/models', auth)).data ?? [];
  for (const model of MODELS) {
    const id =
      existing.find((candidate) => candidate.comcardNo === model.comcardNo)?.id ??
      (await api.POST('/backend/api/v1/models', { ...auth, body: model })).data?.id;
    if (id !== undefined) modelIds.push(id);
  }
});

test.afterAll(async ({ superadminSession }) => {
  // Deleting the models takes them out of every selection, so other journeys find the post as it was.
  for (const id of modelIds)
    await api.DELETE('/backend/api/v1/models/{id}', { ...bearer(superadminSession.token), params: { path: { id } } });
});

/** The page does not scroll sideways: whatever is wide scrolls inside its own area. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
}

for (const viewport of VIEWPORTS) {
  const size = `${viewport.width}x${viewport.height}`;

  test.describe(`at ${size}`, () => {
    test.use({ viewport });

    test('the list view opens a post in the side panel, acts from it, and stays chosen', async ({ page }) => {
      // Three loads of a page of 50 posts and two accessibility scans: up to three minutes on a busy machine.
      test.setTimeout(300_000);
      await page.goto(`/admin/dashboard/${accountId}`);
      // The first page of 50 cards, on a machine that may be busy.
      await expect(page.getByRole('article').first()).toBeVisible({ timeout: 30_000 });
      const cards = page.getByRole('radio', { name: 'Cards' });
      const list = page.getByRole('radio', { name: 'List' });
      await expect(cards).toBeChecked();

      // The view switch is a radio group: the arrow keys move between its choices, Space takes one.
      await cards.focus();
      await page.keyboard.press('ArrowRight');
      await expect(list).toBeFocused();
      await page.keyboard.press('Space');
      await expect(list).toBeChecked();
      const table = page.getByRole('grid', { name: 'Posts' });
      await expect(table.getByRole('row')).toHaveCount(51);
      await expect(page.getByRole('article')).toHaveCount(0);
      for (const column of ['Title', 'Flags', 'Work', 'Gender', 'Fee', 'Deadline', 'Post Date']) {
        await expect(table.getByRole('columnheader', { name: column, exact: true })).toBeAttached();
      }
      await expectNoSidewaysScroll(page);
      await checkScreen(page, `posts-list-${size}`);

      // A row opens its post's full card beside the list, the row highlighted.
      const row = table.getByRole('row').nth(2);
      const title = (await row.getByRole('rowheader').textContent())!;
      await row.getByRole('rowheader').click();
      const panel = page.getByRole('complementary', { name: 'Selected post' });
      await expect(panel.getByRole('article', { name: title })).toBeVisible();
      await expect(row).toHaveAttribute('aria-selected', 'true');
      const background = (locator: typeof row) =>
        locator.evaluate((element) => getComputedStyle(element).backgroundColor);
      expect(await background(row)).not.toBe(await background(table.getByRole('row').nth(4)));
      await expect(panel.getByRole('button', { name: 'Close post details' })).toBeInViewport();
      await expect(panel.getByRole('button', { name: 'Send Email' })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await checkScreen(page, `posts-list-panel-${size}`);

      // An action from the panel: the heart marks the post, and its row says so.
      const heart = panel.getByRole('button', { name: 'Favourite' });
      const wasFavourite = (await heart.getAttribute('aria-pressed')) === 'true';
      await heart.click();
      await expect(message(page, wasFavourite ? 'Removed from favourites' : 'Added to favourites')).toBeVisible();
      await expect(heart).toHaveAttribute('aria-pressed', String(!wasFavourite));
      // The row's cells: the campaign pick, then the flags.
      const flags = row.getByRole('gridcell').nth(1);
      await expect(flags.getByText('Favourite')).toHaveCount(wasFavourite ? 0 : 1);
      await heart.click();
      await expect(heart).toHaveAttribute('aria-pressed', String(wasFavourite));
      await expect(flags.getByText('Favourite')).toHaveCount(wasFavourite ? 1 : 0);

      // Esc closes the panel; the keyboard opens the next row with Enter, Close closes it.
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      await expect(row).toHaveAttribute('aria-selected', 'false');
      await row.getByRole('rowheader').click();
      await expect(panel).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      await table.getByRole('row').nth(3).focus();
      await page.keyboard.press('Enter');
      const next = (await table.getByRole('row').nth(3).getByRole('rowheader').textContent())!;
      await expect(panel.getByRole('article', { name: next })).toBeVisible();
      await panel.getByRole('button', { name: 'Close post details' }).click();
      await expect(panel).toBeHidden();

      // Kept across a reload, and on the next visit to the dashboard.
      await page.reload();
      await expect(page.getByRole('radio', { name: 'List' })).toBeChecked();
      await expect(page.getByRole('grid', { name: 'Posts' }).getByRole('row')).toHaveCount(51);
      await page.goto('/admin/email-accounts');
      await page.goto(`/admin/dashboard/${accountId}`);
      await expect(page.getByRole('radio', { name: 'List' })).toBeChecked();
      await page.getByRole('radio', { name: 'Cards' }).click();
      await expect(page.getByRole('article').first()).toBeVisible();
    });

    test('a card names the models selected for its post, its row counts them, and a long body opens with More', async ({
      page,
      superadminSession,
    }) => {
      test.slow();
      // The post starts without models (the journey at the other window size left one).
      await api.PUT('/backend/api/v1/posts/{postId}/selected-models', {
        ...bearer(superadminSession.token),
        params: { path: { postId: post.postId } },
        body: { modelIds: [] },
      });
      const card = await openPostCard(page, accountId, post);
      await card.getByRole('button', { name: 'Select Models' }).click();
      const picker = page.getByRole('dialog', { name: '콤카드 데이터' });
      await picker.getByLabel('Search').fill('E2E-LIST');
      const models = picker.getByRole('grid', { name: 'Model cards' });
      await models.getByRole('row', { name: /E2E-LIST-1/ }).click();
      await models.getByRole('row', { name: /E2E-LIST-2/ }).click();
      await picker.getByRole('button', { name: 'Finish Selection' }).click();
      await expect(picker).toBeHidden();

      const selected = card.getByRole('list', { name: 'Selected models (2 models):' });
      await expect(selected.getByRole('listitem')).toHaveText(['김민준', '이서연']);

      // The description is clamped; More shows all of it, Less clamps it again.
      const body = card.getByRole('region', { name: `Description of ${post.title}` });
      const clampedHeight = (await body.boundingBox())!.height;
      await card.getByRole('button', { name: 'More' }).click();
      await expect(card.getByRole('button', { name: 'Less' })).toHaveAttribute('aria-expanded', 'true');
      expect((await body.boundingBox())!.height).toBeGreaterThan(clampedHeight + 20);
      await checkScreen(page, `posts-card-models-more-${size}`);
      await card.getByRole('button', { name: 'Less' }).click();
      await expect.poll(async () => (await body.boundingBox())!.height).toBeLessThanOrEqual(clampedHeight + 1);

      // The list's row counts the models; one removed in Send Email's list leaves the card and the row with one.
      await page.getByRole('radio', { name: 'List' }).click();
      const row = page
        .getByRole('grid', { name: 'Posts' })
        .getByRole('row', { name: new RegExp(post.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
        .first();
      await expect(row.getByRole('gridcell').nth(1)).toContainText('2 models');
      await row.getByRole('rowheader').click();
      const panel = page.getByRole('complementary', { name: 'Selected post' });
      await expect(panel.getByRole('list', { name: 'Selected models (2 models):' })).toBeVisible();
      await panel.getByRole('button', { name: 'Specify' }).click();
      const specify = page.getByRole('dialog', { name: 'Send Model Information' });
      await specify.getByRole('button', { name: 'Remove E2E-LIST-1' }).click();
      await specify.getByRole('button', { name: 'Cancel' }).click();
      await expect(row.getByRole('gridcell').nth(1)).toContainText('1 model');
      await expect(panel.getByRole('list', { name: 'Selected models (1 model):' }).getByRole('listitem')).toHaveText([
        '이서연',
      ]);
      await page.getByRole('radio', { name: 'Cards' }).click();
    });
  });
}
