import type { Schemas } from '@job-casting/contracts';
import type { Page } from '@playwright/test';
import { api, checkScreen, expect, message, test, useSuperadminSession } from './support.ts';

// A CSV import that knows the book: rows matching contacts by phone update them, and the import is then reverted
// (the book shows its old values again) and the revert restored. At a laptop's screen and a larger one.
useSuperadminSession();

let sequence = 0;
const bookName = (label: string) => `E2E ${label} ${Date.now().toString(36)}-${++sequence}`;

async function seedBook(token: string, name: string, contacts: Schemas['BulkContactDto'][]): Promise<number> {
  const { data, error } = await api.POST('/backend/api/v1/contact-list/bulk', {
    body: { addressBook: name, contacts },
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!data) throw new Error(`seeding ${name} failed: ${JSON.stringify(error)}`);
  return data.addressBookId;
}

async function openBook(page: Page, name: string): Promise<void> {
  await page.goto('/admin/contact-book');
  await page.getByRole('button', { name: /Address book/ }).click();
  await page.getByRole('option', { name: new RegExp(`^${name} \\(`) }).click();
  await expect(page.getByRole('listbox', { name: 'Groups' })).toBeVisible();
}

const emailOf = (page: Page, name: string) => page.getByRole('textbox', { name: `Email of ${name}`, exact: true });

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 1440, height: 900 },
]) {
  test(`an import updates the contacts its rows match, is reverted and restored (${viewport.width}×${viewport.height})`, async ({
    page,
    superadminSession,
  }) => {
    // An import, a revert and a restore, each waited for on a shared machine, and four accessibility scans.
    test.setTimeout(150_000);
    await page.setViewportSize(viewport);
    const size = `${viewport.width}x${viewport.height}`;
    const name = bookName('import match');
    await seedBook(superadminSession.token, name, [
      { contactName: '김하늘', phoneNumber: '010-5555-0001', email: 'old@sky.kr' },
      { contactName: '이준호', phoneNumber: '010-5555-0002', email: '' },
    ]);
    await openBook(page, name);
    await expect(page.getByText(/Checked \d+ \/ Total 2/)).toBeVisible();

    const csv = [
      '이름,전화번호,이메일,카카오톡 이름',
      '김하늘,010 5555 0001,new@sky.kr,하늘',
      '이준호,01055550002,jun@new.kr,',
      '박서연,010-5555-0003,seo@new.kr,',
    ].join('\r\n');
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: '갱신.csv', mimeType: 'text/csv', buffer: Buffer.from(`${csv}\r\n`, 'utf8') });
    const dialog = page.getByRole('dialog', { name: 'CSV Upload' });
    // The mapping names the spec's columns, not the fields behind them.
    const mapping = dialog.getByRole('region', { name: 'Column mapping' });
    await expect(mapping).toContainText('이름 → Name');
    await expect(mapping).toContainText('카카오톡 이름 → KakaoTalk Chat Name');
    const matching = dialog.getByRole('region', { name: 'Matching contacts' });
    const counts = matching.getByRole('definition');
    await expect(matching.getByRole('radio', { name: /Add all/ })).toBeChecked();
    await expect(matching).toContainText('3 contacts will be added.');
    await expect(counts.nth(0)).toHaveText('1');
    await expect(counts.nth(1)).toHaveText('2');
    await expect(counts.nth(2)).toHaveText('0');
    // The radio's input is hidden under its label: the label is what a person clicks.
    await matching.getByText('Update matches', { exact: true }).click();
    await expect(matching.getByRole('radio', { name: /Update matches/ })).toBeChecked();
    await expect(matching).toContainText('1 new contact will be added; 2 contacts updated from 2 matching rows.');
    await expect(dialog.getByRole('button', { name: 'Import 3 rows' })).toBeInViewport({ ratio: 1 });
    await checkScreen(page, `contact-import-update-preview-${size}`);
    await dialog.getByRole('button', { name: 'Import 3 rows' }).click();
    await expect(message(page, 'Added 1 contact, updated 2 from 2 matching rows. Rejected 0.')).toBeVisible({
      timeout: 30_000,
    });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByText(/Checked \d+ \/ Total 3/)).toBeVisible();
    await expect(emailOf(page, '김하늘')).toHaveValue('new@sky.kr');
    await expect(emailOf(page, '이준호')).toHaveValue('jun@new.kr');

    await page.getByRole('button', { name: 'Recent Imports' }).click();
    const imports = page.getByRole('dialog', { name: 'Recent Imports' });
    const row = imports.getByRole('row').filter({ hasText: '갱신.csv' });
    await expect(row).toContainText('Update matches');
    await expect(row).toContainText('Imported');
    await checkScreen(page, `contact-import-list-${size}`);
    await row.getByRole('button', { name: 'Revert 갱신.csv' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revert Import' });
    await expect(confirm).toContainText(
      'Revert this import? 1 added contact will be removed and 2 updated contacts restored.',
    );
    await expect(confirm.getByRole('button', { name: 'Revert' })).toBeInViewport({ ratio: 1 });
    await checkScreen(page, `contact-import-revert-confirm-${size}`);
    await confirm.getByRole('button', { name: 'Revert' }).click();
    await expect(
      imports.getByRole('status').filter({ hasText: 'Import reverted: 1 contact removed, 2 contacts restored.' }),
    ).toBeVisible();
    await expect(row).toContainText('Reverted');
    await imports.getByRole('button', { name: 'Close' }).click();
    // The book shows its old values again, without the added contact.
    await expect(page.getByText(/Checked \d+ \/ Total 2/)).toBeVisible();
    await expect(emailOf(page, '김하늘')).toHaveValue('old@sky.kr');
    await expect(emailOf(page, '이준호')).toHaveValue('');
    await expect(emailOf(page, '박서연')).toHaveCount(0);

    // The revert is restorable.
    await page.getByRole('button', { name: 'Recent Imports' }).click();
    await imports
      .getByRole('row')
      .filter({ hasText: '갱신.csv' })
      .getByRole('button', { name: 'Restore 갱신.csv' })
      .click();
    const restore = page.getByRole('alertdialog', { name: 'Restore Import' });
    await expect(restore).toContainText(
      'Restore this import? 1 removed contact will come back and 2 restored contacts get the import’s values again.',
    );
    await restore.getByRole('button', { name: 'Restore' }).click();
    await expect(
      imports.getByRole('status').filter({ hasText: 'Import restored: 1 contact back, 2 contacts updated again.' }),
    ).toBeVisible();
    await imports.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByText(/Checked \d+ \/ Total 3/)).toBeVisible();
    await expect(emailOf(page, '김하늘')).toHaveValue('new@sky.kr');
  });
}
