import type { Page } from '@playwright/test';
import { api, checkScreen, expect, message, test, useSuperadminSession } from './support.ts';

useSuperadminSession();

const runId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** One phone written four ways, each with its own e-mail, and one contact of another phone. */
async function seedBook(token: string, label: string) {
  const addressBook = `E2E duplicates ${label} ${runId}`;
  const contacts = [
    { contactName: '김민준', phoneNumber: '010-1234-5678', email: 'minjun@agency.kr', memo: '오디션 참석' },
    {
      contactName: '김민준 배우',
      phoneNumber: '01012345678',
      email: 'MINJUN@agency.kr; kim.actor@mail.kr',
      memo: '오디션 참석',
    },
    { contactName: 'Minjun Kim', phoneNumber: '+82 10 1234 5678', email: 'mj.kim@example.com', memo: '' },
    { contactName: '민준', phoneNumber: '010.1234.5678', email: '', memo: '' },
    { contactName: '이서연', phoneNumber: '010-9876-5432', email: 'seoyeon@agency.kr', memo: '' },
  ];
  const { data, error } = await api.POST('/backend/api/v1/contact-list/bulk', {
    body: { addressBook, contacts },
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!data) throw new Error(`seeding ${addressBook} failed: ${JSON.stringify(error)}`);
  return { name: addressBook, id: data.addressBookId };
}

async function duplicatesOnServer(token: string, bookId: number, phone: string) {
  const { data } = await api.GET('/backend/api/v1/address-books/{id}/duplicates', {
    params: { path: { id: bookId }, query: { phone } },
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!data) throw new Error('searching duplicates failed');
  return data.data;
}

/** The contact book with the seeded book chosen in the Address Book tab, then the Duplicate Check tab. */
async function openDuplicateCheck(page: Page, bookName: string) {
  await page.goto('/admin/contact-book');
  await page.getByRole('button', { name: /Address book$/ }).click();
  await page.getByRole('option', { name: new RegExp(`^${bookName} \\(`) }).click();
  await page.getByRole('tab', { name: 'Duplicate Check' }).click();
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toBeVisible();
}

const results = (page: Page) => page.getByRole('table', { name: 'Contacts with this phone number' });
const resultRows = (page: Page) => results(page).locator('tbody tr');

test('staff find one phone in every written form, merge it into a default with e-mails joined, and undo', async ({
  page,
  superadminSession,
}) => {
  const token = superadminSession.token;
  const book = await seedBook(token, 'merge');
  await openDuplicateCheck(page, book.name);

  // The whole-book scan lists the shared phone with its size.
  await expect(page.getByRole('button', { name: '010-1234-5678 4 contacts' })).toBeVisible();

  await page.getByRole('button', { name: 'Search' }).click();
  await expect(message(page, 'Please enter a phone number to search.')).toBeVisible();

  await page.getByRole('textbox', { name: 'Phone number' }).fill('+82 10 1234 5678');
  await page.getByRole('textbox', { name: 'Phone number' }).press('Enter');
  await expect(resultRows(page)).toHaveCount(4);
  await expect(page.getByRole('checkbox', { name: 'Merge emails' })).toBeEnabled();
  await expect(page.getByRole('checkbox', { name: 'Merge memos' })).toBeDisabled();
  await checkScreen(page, 'duplicate-check-results');

  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(message(page, 'Please set a default value.')).toBeVisible();

  const survivor = (await duplicatesOnServer(token, book.id, '01012345678')).find(
    (contact) => contact.contactName === '김민준 배우',
  )!;
  await page.getByRole('checkbox', { name: `Select 김민준 배우 (ID ${survivor.id})` }).check();
  await page.getByRole('button', { name: 'Set as Default' }).click();
  await expect(resultRows(page).filter({ hasText: 'Default' })).toHaveCount(1);
  await expect(page.getByRole('rowheader', { name: String(survivor.id) }).locator('..')).toContainText('Default');

  await page.getByRole('checkbox', { name: 'Merge emails' }).check();
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(message(page, `Merged 3 contacts into 김민준 배우 (ID ${survivor.id}).`)).toBeVisible();
  await expect(resultRows(page)).toHaveCount(1);
  const joined = 'MINJUN@agency.kr, kim.actor@mail.kr, mj.kim@example.com';
  await expect(page.getByRole('textbox', { name: `Email of 김민준 배우 (ID ${survivor.id})` })).toHaveValue(joined);
  await expect(page.getByRole('region', { name: /Merged contacts: 3 merged into/ })).toBeVisible();
  await checkScreen(page, 'duplicate-check-merged');

  const afterMerge = await duplicatesOnServer(token, book.id, '010.1234.5678');
  expect(afterMerge.map((contact) => [contact.id, contact.email])).toEqual([[survivor.id, joined]]);

  await page.getByRole('button', { name: 'Undo merge' }).click();
  await expect(message(page, 'Restored 3 merged contacts.')).toBeVisible();
  await expect(resultRows(page)).toHaveCount(4);
  const afterUndo = await duplicatesOnServer(token, book.id, '010-1234-5678');
  expect(afterUndo).toHaveLength(4);
  expect(afterUndo.find((contact) => contact.id === survivor.id)?.email).toBe('MINJUN@agency.kr; kim.actor@mail.kr');
});

test("a contact's phone is handed to the Duplicate Check tab in storage, filled in and searched (spec §3, §9), and Quick Process merges into the first", async ({
  page,
  superadminSession,
}) => {
  const book = await seedBook(superadminSession.token, 'quick');
  await page.goto('/admin/contact-book');
  await page.getByRole('button', { name: /Address book$/ }).click();
  await page.getByRole('option', { name: new RegExp(`^${book.name} \\(`) }).click();
  await page.getByRole('button', { name: 'Edit 이서연', exact: true }).click();
  await page.getByRole('dialog', { name: 'Edit Contact' }).getByRole('button', { name: 'Check Duplicates' }).click();
  await expect(page.getByRole('tab', { name: 'Duplicate Check' })).toHaveAttribute('aria-selected', 'true');
  expect(await page.evaluate(() => localStorage.getItem('duplicateCheckPhone'))).toBe('010-9876-5432');
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toHaveValue('010-9876-5432');
  await expect(resultRows(page)).toHaveCount(1);

  // Written by hand in another form, it is searched as the same number.
  await page.getByRole('tab', { name: 'Address Book' }).click();
  await page.evaluate(() => localStorage.setItem('duplicateCheckPhone', '010 1234 5678'));
  await page.getByRole('tab', { name: 'Duplicate Check' }).click();
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toHaveValue('010 1234 5678');
  await expect(resultRows(page)).toHaveCount(4);

  await page.getByRole('button', { name: 'Quick Process' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Quick Process' });
  await expect(dialog).toContainText('4 contacts into 김민준');
  await expect(dialog).toContainText('joining their e-mails');
  await dialog.getByRole('button', { name: 'Merge' }).click();
  await expect(message(page, 'Merged 3 contacts into 김민준')).toBeVisible();
  await expect(resultRows(page)).toHaveCount(1);
  await expect(resultRows(page)).toContainText('Default');
});
