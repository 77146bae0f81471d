import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import {
  bearer,
  editor,
  hyphenated,
  OFFICE,
  officeSender,
  phoneNumbers,
  receivedBy,
  SANDBOX_KEY,
  sandbox,
  sandboxUrl,
  seedBook,
} from './messaging-support.ts';
import { api, checkScreen, expect, expectApart, message, test, useSuperadminSession } from './support.ts';

// Messaging against the Aligo sandbox: sender numbers, templates with pictures, recipients handed over by the
// address book, personalised sends the sandbox records, and a scheduled send followed on the results page.
const HEAD_OFFICE = { phone: '0212345678', shown: '02-1234-5678', name: '본사' };
// A 1×1 PNG: the server knows pictures by their bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

useSuperadminSession();
test.describe.configure({ mode: 'serial' });
test.skip(!sandboxUrl, 'E2E_ALIGO_SANDBOX_URL is not set: the Aligo sandbox is not running');

const freshPhone = phoneNumbers('0107');

async function removeSenderNumbers(token: string): Promise<void> {
  const { data } = await api.GET('/backend/api/v1/user-phone-numbers', bearer(token));
  for (const entry of data ?? [])
    await api.DELETE('/backend/api/v1/user-phone-numbers/{id}', {
      ...bearer(token),
      params: { path: { id: entry.id } },
    });
}

/** A folder of pictures on disk, for the folder picker of bundle mode. */
function pictureFolder(folder: string, names: string[]): string {
  const directory = join(mkdtempSync(join(tmpdir(), 'jc-pictures-')), folder);
  mkdirSync(directory);
  for (const name of names) writeFileSync(join(directory, name), PNG);
  return directory;
}

const toast = (page: Page, text: string) => message(page, text).first();
const recipientRow = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Recipient list' }).getByRole('row').filter({ hasText: name });

test('the Phone Number Manager adds numbers, masks their keys, moves the default and deletes', async ({
  page,
  superadminSession,
}) => {
  await removeSenderNumbers(superadminSession.token);
  await page.goto('/admin/message-sender');
  await expect(page.getByRole('button', { name: /Sender Number/ })).toContainText('No registered numbers');
  await page.getByRole('button', { name: 'Register Number' }).click();
  const manager = page.getByRole('dialog', { name: 'Phone Number Manager' });
  await expect(manager.getByText('You must register a phone number before using the service.')).toBeVisible();
  await expect(manager.getByText('Maximum registered numbers: 10.')).toBeVisible();
  await expect(manager.getByText('Registered numbers: 0/10')).toBeVisible();

  await manager.getByRole('button', { name: '+ Add New Phone Number' }).click();
  await manager.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, 'Please fill in all required fields')).toBeVisible();
  await expect(manager.getByRole('textbox', { name: 'Phone' })).toHaveAttribute('aria-invalid', 'true');
  await expect(manager.getByRole('textbox', { name: 'API Key' })).toHaveAttribute('aria-invalid', 'true');
  await manager.getByRole('textbox', { name: 'Phone' }).fill(OFFICE.shown);
  await manager.getByRole('textbox', { name: 'Name' }).fill(OFFICE.name);
  await manager.getByRole('textbox', { name: 'API Key' }).fill(SANDBOX_KEY);
  await manager.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, 'Phone number entry created successfully')).toBeVisible();
  await expect(manager.getByRole('button', { name: '+ Add New Phone Number' })).toBeVisible();
  await expect(manager.getByText('Registered numbers: 1/10')).toBeVisible();
  const officeRow = manager.getByRole('row').filter({ hasText: OFFICE.shown });
  await expect(officeRow).toContainText(`********${SANDBOX_KEY.slice(-4)}`);
  await expect(manager).not.toContainText(SANDBOX_KEY);
  await expect(manager.getByRole('radio', { name: `Set ${OFFICE.shown} as default` })).toBeChecked();

  await manager.getByRole('button', { name: '+ Add New Phone Number' }).click();
  await manager.getByRole('textbox', { name: 'Phone' }).fill(HEAD_OFFICE.shown);
  await manager.getByRole('textbox', { name: 'Name' }).fill(HEAD_OFFICE.name);
  await manager.getByRole('textbox', { name: 'API Key' }).fill(SANDBOX_KEY);
  await manager.getByRole('button', { name: 'Confirm' }).click();
  await expect(manager.getByText('Registered numbers: 2/10')).toBeVisible();
  const { data: stored } = await api.GET('/backend/api/v1/user-phone-numbers', bearer(superadminSession.token));
  expect(stored?.map((entry) => entry.phone)).toEqual([OFFICE.phone, HEAD_OFFICE.phone]);

  await manager.getByRole('radio', { name: `Set ${HEAD_OFFICE.shown} as default` }).click();
  await expect(toast(page, `${HEAD_OFFICE.name} (${HEAD_OFFICE.shown}) set as default`)).toBeVisible();
  await expect(manager.getByRole('radio', { name: `Set ${HEAD_OFFICE.shown} as default` })).toBeChecked();
  await checkScreen(page, 'phone-number-manager');
  await manager.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('button', { name: /Sender Number/ })).toContainText(
    `${HEAD_OFFICE.shown} (${HEAD_OFFICE.name})`,
  );

  await page.getByRole('button', { name: 'Register Number' }).click();
  // Deleting asks first, naming the number: Cancel keeps it, Delete deletes it.
  const confirmDelete = page.getByRole('alertdialog', { name: 'Delete Phone Number' });
  await manager.getByRole('button', { name: `Delete ${HEAD_OFFICE.shown}` }).click();
  await expect(confirmDelete).toContainText(`Delete the sender number ${HEAD_OFFICE.shown} (${HEAD_OFFICE.name})?`);
  await checkScreen(page, 'phone-number-delete');
  await confirmDelete.getByRole('button', { name: 'Cancel' }).click();
  await expect(manager.getByText('Registered numbers: 2/10')).toBeVisible();
  await manager.getByRole('button', { name: `Delete ${HEAD_OFFICE.shown}` }).click();
  await confirmDelete.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Phone number entry deleted successfully')).toBeVisible();
  await expect(manager.getByText('Registered numbers: 1/10')).toBeVisible();
  // The default went with it: the oldest number left takes over.
  await expect(manager.getByRole('radio', { name: `Set ${OFFICE.shown} as default` })).toBeChecked();
});

test('contacts sent from the address book are personalised with Apply and sent with their pictures', async ({
  page,
  superadminSession,
}) => {
  await officeSender(superadminSession.token);
  const [minji, sumin, other] = [freshPhone(), freshPhone(), freshPhone()];
  const book = await seedBook(superadminSession.token, [
    { contactName: '김민지', phoneNumber: hyphenated(minji), definition1: '배우' },
    { contactName: '이수민', phoneNumber: hyphenated(sumin), definition1: '모델' },
    { contactName: '박보내지않음', phoneNumber: hyphenated(other), definition1: '가수' },
  ]);

  await page.goto('/admin/contact-book');
  await page.getByRole('button', { name: /Address book/ }).click();
  await page.getByRole('option', { name: new RegExp(`^${book.name} \\(`) }).click();
  await page.getByRole('checkbox', { name: 'Select 김민지' }).check();
  await page.getByRole('checkbox', { name: 'Select 이수민' }).check();
  await page.getByRole('button', { name: 'Send Selected Items' }).click();
  await page.getByRole('alertdialog', { name: 'Send Selected Items' }).getByRole('button', { name: 'Send' }).click();
  await expect(page).toHaveURL(/\/admin\/message-sender$/);
  await expect(toast(page, 'Contacts Added')).toContainText('2 contacts added');
  expect(await page.evaluate(() => localStorage.getItem('selected-contacts-for-message'))).toBeNull();
  await expect(page.getByText(/Selected\s*0\s*Total\s*2/)).toBeVisible();
  await expectApart(toast(page, 'Contacts Added'), page.getByText(/Selected\s*0\s*Total\s*2/));
  await expect(recipientRow(page, '김민지')).toContainText('Incomplete');
  await expect(recipientRow(page, '박보내지않음')).toHaveCount(0);
  const kakaoIds = book.contacts
    .filter((contact) => contact.contactName !== '박보내지않음')
    .map((contact) => String(contact.id));
  for (const id of kakaoIds) await expect(page.getByRole('region', { name: 'Recipient list' })).toContainText(id);

  // What a text message cannot carry is flagged while typing.
  await editor(page).fill('축하해요 🎉');
  await expect(
    page.getByRole('alert').filter({ hasText: 'The message has characters a text message cannot carry: 🎉' }),
  ).toBeVisible();

  await editor(page).fill('');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(toast(page, 'Please enter the message content to apply.')).toBeVisible();
  await editor(page).fill('안녕하세요 ');
  await page.getByRole('button', { name: 'Insert Name' }).click();
  await editor(page).press('End');
  await editor(page).pressSequentially('님, ');
  await page.getByRole('button', { name: 'Insert Definition1' }).click();
  await expect(editor(page)).toHaveValue('안녕하세요 {{Name}}님, {{Definition1}}');
  await expect(page.getByText('Short', { exact: true })).toBeVisible();
  await expect(page.getByText('38 / 90 byte')).toBeVisible();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(toast(page, 'Please select contacts to apply the message to.')).toBeVisible();

  await page.getByRole('checkbox', { name: 'Select all recipients' }).check();
  await expect(page.getByText(/Selected\s*2\s*Total\s*2/)).toBeVisible();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(toast(page, 'Message applied to 2 contacts.')).toBeVisible();
  await expect(recipientRow(page, '김민지')).toContainText('안녕하세요 김민지님, 배우');
  await expect(recipientRow(page, '김민지')).toContainText('Completed');
  await expect(recipientRow(page, '이수민')).toContainText('안녕하세요 이수민님, 모델');

  // A row loads its message into the editor; a second click unloads it.
  await page.getByRole('button', { name: /^Load the message of 이수민/ }).click();
  await expect(editor(page)).toHaveValue('안녕하세요 이수민님, 모델');
  await page.getByRole('button', { name: /^Unload the message of 이수민/ }).click();
  await expect(editor(page)).toHaveValue('');

  // A folder of pictures (bundle mode), applied to 김민지 only.
  await editor(page).fill('{{Name}}님 프로필 사진입니다');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload files' }).click();
  await (await chooser).setFiles(pictureFolder('프로필', ['one.png', 'two.png']));
  await expect(page.getByRole('list', { name: 'Attached files' })).toContainText('프로필/one.png');
  // The thumbnails are the stored pictures, fetched with the session.
  await expect(page.getByRole('list', { name: 'Attached files' }).locator('img').first()).toHaveJSProperty(
    'naturalWidth',
    1,
  );
  await expect(page.getByText('Image', { exact: true })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select 이수민' }).uncheck();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(toast(page, 'Message applied to 1 contacts.')).toBeVisible();
  await expect(recipientRow(page, '김민지')).toContainText('Bundle');
  await page.getByRole('checkbox', { name: 'Select 이수민' }).check();
  await checkScreen(page, 'message-sender');

  await page.getByRole('button', { name: 'Start Sending' }).click();
  const review = page.getByRole('alertdialog', { name: 'Confirm Sender List' });
  await expect(review.getByRole('list', { name: 'Messages as they will arrive' })).toContainText(
    '안녕하세요 이수민님, 모델',
  );
  await expect(review.getByRole('region', { name: 'Messages by type' })).toContainText('SMS 1');
  await expect(review.getByRole('region', { name: 'Messages by type' })).toContainText('MMS 1');
  // The gateway answers slowly, so the progress dialog is seen on its way.
  await sandbox('POST', '/sandbox/faults', { kind: 'slow', delayMs: 1500, times: 1 });
  await review.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Sending' })).toContainText(/\[[1-4]\/4\]/);
  const results = page.getByRole('dialog', { name: 'Sending Results' });
  await expect(results).toContainText('Sending completed.', { timeout: 30_000 });
  await expect(results.getByRole('definition').first()).toHaveText('2');
  await expect(results.getByRole('definition').last()).toHaveText('0');
  await expect(toast(page, 'SMS sent successfully!')).toBeVisible();
  await results.getByRole('button', { name: 'Confirm' }).click();
  await expect(results).toBeHidden();

  const [toMinji, toSumin, toOther] = await Promise.all([receivedBy(minji), receivedBy(sumin), receivedBy(other)]);
  expect(toMinji.map(({ text, type, sender, images }) => ({ text, type, sender, images: images.length }))).toEqual([
    { text: '김민지님 프로필 사진입니다', type: 'MMS', sender: OFFICE.phone, images: 2 },
  ]);
  expect(toSumin.map(({ text, type }) => ({ text, type }))).toEqual([
    { text: '안녕하세요 이수민님, 모델', type: 'SMS' },
  ]);
  expect(toOther).toEqual([]);
});

test('the sender keeps its recipients, their applied messages, the editor and its choices across a reload, until Reset Data or a send', async ({
  page,
  superadminSession,
}) => {
  await officeSender(superadminSession.token);
  const [yuji, jiho] = [freshPhone(), freshPhone()];
  const book = await seedBook(
    superadminSession.token,
    [
      { contactName: '김유지', phoneNumber: hyphenated(yuji), definition1: '배우' },
      { contactName: '박지호', phoneNumber: hyphenated(jiho), definition1: '모델' },
    ],
    'kept',
  );
  // The address book's hand-over (spec §3): the contact ids under selected-contacts-for-message.
  await page.goto('/admin');
  await page.evaluate(
    (ids) => localStorage.setItem('selected-contacts-for-message', JSON.stringify(ids)),
    book.contacts.map((contact) => contact.id),
  );
  await page.goto('/admin/message-sender');
  await expect(toast(page, 'Contacts Added')).toContainText('2 contacts added');
  await page.getByRole('checkbox', { name: 'Select all recipients' }).check();
  await editor(page).fill('{{Name}}님, {{Definition1}} 오디션 안내');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(toast(page, 'Message applied to 2 contacts.')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select 박지호' }).uncheck();
  await editor(page).fill('아직 적용하지 않은 초안');
  await page.getByRole('radio', { name: 'Advertising' }).click();

  const kept = async () => {
    await expect(page.getByText(/Selected\s*1\s*Total\s*2/)).toBeVisible();
    await expect(recipientRow(page, '김유지')).toContainText('김유지님, 배우 오디션 안내');
    await expect(recipientRow(page, '김유지')).toContainText('Completed');
    await expect(recipientRow(page, '박지호')).toContainText('박지호님, 모델 오디션 안내');
    await expect(page.getByRole('checkbox', { name: 'Select 김유지' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Select 박지호' })).not.toBeChecked();
    await expect(editor(page)).toHaveValue('아직 적용하지 않은 초안');
    await expect(page.getByRole('radio', { name: 'Advertising' })).toBeChecked();
  };
  await kept();
  await page.reload();
  await kept();
  // The hand-over was taken once: the reload adds nobody again.
  await expect(toast(page, 'Contacts Added')).toHaveCount(0);

  // It is kept in this tab's session storage under the signed-in staff member.
  const userId = await page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { id?: number }).id);
  const key = `message-sender:${userId}`;
  expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual([key]);

  // A stored value that is not the sender's (an older shape, broken JSON) reads as an empty sender.
  await page.evaluate((stored) => sessionStorage.setItem(stored, '{"recipients":[{"key":1}]'), key);
  await page.reload();
  await expect(page.getByText(/Selected\s*0\s*Total\s*0/)).toBeVisible();
  await expect(editor(page)).toHaveValue('');

  // Kept again, then Reset Data: recipients, selection, message and files are gone, also after a reload.
  await page.goto('/admin');
  await page.evaluate(
    (ids) => localStorage.setItem('selected-contacts-for-message', JSON.stringify(ids)),
    book.contacts.map((contact) => contact.id),
  );
  await page.goto('/admin/message-sender');
  await expect(page.getByText(/Selected\s*0\s*Total\s*2/)).toBeVisible();
  await editor(page).fill('지울 초안');
  await page.reload();
  await expect(editor(page)).toHaveValue('지울 초안');
  await page.getByRole('radio', { name: 'Information' }).click();
  await page.getByRole('button', { name: 'Reset Data' }).click();
  await expect(page.getByText(/Selected\s*0\s*Total\s*0/)).toBeVisible();
  await page.reload();
  await expect(page.getByText(/Selected\s*0\s*Total\s*0/)).toBeVisible();
  await expect(
    page.getByText('No recipients. Click the "Send" button in the address book to add contacts.'),
  ).toBeVisible();
  await expect(editor(page)).toHaveValue('');

  // A send the server took leaves nothing for the next reload.
  await page.goto(`/admin/message-sender?phoneNumber=${hyphenated(yuji)}`);
  await page.getByRole('checkbox', { name: `Select ${hyphenated(yuji)}` }).check();
  await editor(page).fill(`보관 후 발송 ${Date.now().toString(36)}`);
  await page.reload();
  await expect(page.getByRole('checkbox', { name: `Select ${hyphenated(yuji)}` })).toBeChecked();
  await page.getByRole('button', { name: 'Start Sending' }).click();
  await page.getByRole('alertdialog', { name: 'Confirm Sender List' }).getByRole('button', { name: 'Send' }).click();
  const results = page.getByRole('dialog', { name: 'Sending Results' });
  await expect(results).toContainText('Sending completed.', { timeout: 30_000 });
  await results.getByRole('button', { name: 'Confirm' }).click();
  await page.goto('/admin/message-sender');
  await expect(page.getByText(/Selected\s*0\s*Total\s*0/)).toBeVisible();
  await expect(editor(page)).toHaveValue('');
});

test('templates are added, changed and deleted in the Template dialog, and opened and saved from the editor', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const first = `오디션 안내 ${stamp}`;
  const second = `촬영 안내 ${stamp}`;
  await page.goto('/admin/message-sender');
  await page.getByRole('button', { name: 'Manage Templates' }).click();
  const dialog = page.getByRole('dialog', { name: 'Template' });
  const table = dialog.getByRole('grid', { name: 'Templates' });
  await expect(dialog.getByRole('button', { name: 'Delete Template' })).toBeDisabled();

  // A blank title or message is said under its field (errors about a form stay next to it).
  await dialog.getByRole('button', { name: 'Registration' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription(
    '템플릿 제목을 입력해주세요.',
  );
  await dialog.getByRole('textbox', { name: 'Title' }).fill(first);
  await expect(dialog.getByRole('textbox', { name: 'Title' })).not.toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('button', { name: 'Registration' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Message' })).toHaveAccessibleDescription(
    '메시지 내용을 입력해주세요.',
  );
  await dialog.getByRole('textbox', { name: 'Message' }).fill('안녕하세요 ');
  await dialog.getByRole('button', { name: 'Insert Name' }).click();
  await dialog.getByRole('radio', { name: 'Individual' }).click();
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Choose files' }).click();
  await (await chooser).setFiles({ name: 'portfolio.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByRole('list', { name: 'Attached files' })).toContainText('portfolio.png');
  // One button saves: Registration for a new template, Correction for the selected one.
  await expect(dialog.getByRole('button', { name: 'Update Template' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Add New Template' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Registration' }).click();
  await expect(toast(page, '새 템플릿이 추가되었습니다.')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue('');
  await expect(table.getByRole('row').filter({ hasText: first })).toContainText('안녕하세요 {{Name}}');
  await expect(table.getByRole('row').filter({ hasText: first })).toContainText('Individual');
  await expect(table.getByRole('row').filter({ hasText: first })).toContainText('portfolio.png');

  await dialog.getByRole('textbox', { name: 'Title' }).fill(second);
  await dialog.getByRole('textbox', { name: 'Message' }).fill('{{Name}}님 촬영은 {{Definition2}}입니다');
  await dialog.getByRole('button', { name: 'Registration' }).click();
  await expect(toast(page, '새 템플릿이 추가되었습니다.')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: second })).toContainText('no files');

  await table.getByRole('row').filter({ hasText: first }).click();
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue(first);
  await expect(dialog.getByRole('button', { name: 'Correction' })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Message' }).fill('안녕하세요 {{Name}}님, 오디션은 {{Definition1}}입니다');
  await dialog.getByRole('button', { name: 'Correction' }).click();
  await expect(toast(page, '템플릿이 수정되었습니다.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Registration' })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: first })).toContainText('오디션은 {{Definition1}}입니다');
  await checkScreen(page, 'message-templates');

  // Add New Template leaves the selected template for a blank form.
  await table.getByRole('row').filter({ hasText: second }).click();
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue(second);
  await dialog.getByRole('button', { name: 'Add New Template' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue('');
  await expect(dialog.getByRole('button', { name: 'Registration' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Open Template: the newest first; the arrow keys move and Enter loads one into the editor.
  await page.getByRole('button', { name: 'Open Template' }).click();
  const list = page.getByRole('listbox', { name: 'Templates' });
  await expect(list.getByRole('option').first()).toContainText(second);
  await expect(list.getByRole('option').first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(list.getByRole('option', { name: first })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(list).toBeHidden();
  await expect(editor(page)).toHaveValue('안녕하세요 {{Name}}님, 오디션은 {{Definition1}}입니다');
  await expect(page.getByRole('list', { name: 'Attached files' })).toContainText('portfolio.png');
  await expect(page.getByRole('radio', { name: 'Individual' })).toBeChecked();

  await page.getByRole('button', { name: 'Write Message' }).click();
  await expect(editor(page)).toHaveValue('');
  await expect(page.getByText('no files')).toBeVisible();
  await page.getByRole('button', { name: 'Save Template' }).click();
  await expect(toast(page, 'Please enter the message content to save.')).toBeVisible();
  await editor(page).fill('저장할 메시지');
  await page.getByRole('button', { name: 'Save Template' }).click();
  const save = page.getByRole('dialog', { name: 'Save Template' });
  await save.getByRole('button', { name: 'Save' }).click();
  await expect(save.getByText('Please enter the template title.')).toBeVisible();
  await save.getByRole('textbox', { name: 'Template title' }).fill(`저장 ${stamp}`);
  await save.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, '새 템플릿이 추가되었습니다.')).toBeVisible();
  await expect(save).toBeHidden();

  await page.getByRole('button', { name: 'Manage Templates' }).click();
  // Delete Template asks first, naming the template: Cancel keeps it, Delete deletes it.
  const confirmDelete = page.getByRole('alertdialog', { name: 'Delete Template' });
  await table.getByRole('row').filter({ hasText: first }).click();
  await dialog.getByRole('button', { name: 'Delete Template' }).click();
  await expect(confirmDelete).toContainText(`Delete the template '${first}'?`);
  await checkScreen(page, 'message-template-delete');
  await confirmDelete.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirmDelete).toBeHidden();
  await expect(table.getByRole('row').filter({ hasText: first })).toHaveCount(1);
  for (const title of [first, second, `저장 ${stamp}`]) {
    await table.getByRole('row').filter({ hasText: title }).click();
    await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
    await dialog.getByRole('button', { name: 'Delete Template' }).click();
    await confirmDelete.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, '템플릿이 삭제되었습니다.')).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: title })).toHaveCount(0);
  }
});

test(
  'a scheduled send is picked on the calendar, shown as scheduled on the results page and cancelled there',
  { tag: '@dates' },
  async ({ page, context, superadminSession }) => {
    await officeSender(superadminSession.token);
    const phone = freshPhone();
    await page.goto('/admin');
    await page.getByRole('button', { name: '메뉴' }).click();
    await page.getByRole('dialog', { name: '메뉴' }).getByRole('button', { name: 'Message Sender' }).click();
    await expect(page).toHaveURL(/\/admin\/message-sender$/);
    await page.goto(`/admin/message-sender?phoneNumber=${hyphenated(phone)}`);
    await expect(page.getByText(/Selected\s*0\s*Total\s*1/)).toBeVisible();
    await page.getByRole('checkbox', { name: `Select ${hyphenated(phone)}` }).check();
    // Its own text: the journey runs again in the korean-night project, against the same sends.
    const text = `내일 오전 예약 발송 안내 ${Date.now().toString(36)}`;
    await editor(page).fill(text);

    // KakaoTalk cannot be scheduled.
    await page.getByRole('radio', { name: 'KakaoTalk' }).click();
    await expect(page.getByRole('radio', { name: 'Scheduled' })).toBeDisabled();
    await page.getByRole('radio', { name: 'SMS' }).click();
    await page.getByRole('radio', { name: 'Scheduled' }).click();

    await page.getByRole('button', { name: 'Sending date: Select Date' }).click();
    const calendar = page.getByRole('application', { name: /Sending date/ });
    await expect(calendar).toBeVisible();
    // Today has the focus (days before it cannot be chosen), so one step right is tomorrow.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(
      new Date(Date.now() + 24 * 3600 * 1000),
    );
    await expect(page.getByRole('button', { name: `Sending date: ${tomorrow}` })).toHaveText(tomorrow);
    await page.getByRole('group', { name: 'Sending time of day' }).getByRole('spinbutton').first().click();
    await page.keyboard.type('1030');

    await page.getByRole('button', { name: 'Start Sending' }).click();
    await page.getByRole('alertdialog', { name: 'Confirm Sender List' }).getByRole('button', { name: 'Send' }).click();
    const results = page.getByRole('dialog', { name: 'Sending Results' });
    await expect(results).toContainText(`Scheduled for ${tomorrow} 10:30 (Korean time): 1 message will be sent then.`);
    await results.getByRole('button', { name: 'Confirm' }).click();
    expect(await receivedBy(phone)).toEqual([]);

    const opened = context.waitForEvent('page');
    await page.getByRole('link', { name: 'View Results' }).click();
    const resultsPage = await opened;
    await expect(resultsPage).toHaveURL(/\/admin\/message-results$/);
    const row = resultsPage.getByRole('row').filter({ hasText: text });
    await expect(row).toContainText('Scheduled');
    await expect(row).toContainText(`${tomorrow} 10:30`);
    await row.getByRole('button', { name: /^Details of the send/ }).click();
    await expect(resultsPage.getByRole('table', { name: /^Recipients of send/ })).toContainText(hyphenated(phone));
    await expect(resultsPage.getByRole('table', { name: /^Recipients of send/ })).toContainText('Queued');
    await row.getByRole('button', { name: /^Cancel the send/ }).click();
    await resultsPage
      .getByRole('alertdialog', { name: 'Cancel Send' })
      .getByRole('button', { name: 'Cancel Send' })
      .click();
    await expect(toast(resultsPage, 'The send was cancelled')).toBeVisible();
    await expect(row).toContainText('Cancelled');
    await expect(row.getByRole('button', { name: /^Cancel the send/ })).toHaveCount(0);
    await expect(resultsPage.getByRole('table', { name: /^Recipients of send/ })).toContainText('Cancelled');
  },
);

test('a send nobody got is shown as failed with the gateway reason in plain words, in the results dialog and on the results page', async ({
  page,
  superadminSession,
}) => {
  const token = superadminSession.token;
  // A number the sandbox account has not registered as a sender: the gateway refuses every message (-103).
  const created = await api.POST('/backend/api/v1/user-phone-numbers', {
    ...bearer(token),
    body: { phone: '01055557777', name: '미등록', apiKey: SANDBOX_KEY },
  });
  if (!created.data) throw new Error(`registering the sender failed: ${JSON.stringify(created.error)}`);
  await api.PUT('/backend/api/v1/user-phone-numbers/{id}', {
    ...bearer(token),
    params: { path: { id: created.data.id } },
    body: { isDefault: true },
  });
  const reason = 'The sender number is not registered with the gateway. Register it with Aligo before sending from it.';
  try {
    const phone = freshPhone();
    const text = `미등록 발신 ${Date.now().toString(36)}`;
    await page.goto(`/admin/message-sender?phoneNumber=${hyphenated(phone)}`);
    await page.getByRole('checkbox', { name: `Select ${hyphenated(phone)}` }).check();
    await editor(page).fill(text);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(toast(page, 'Message applied to 1 contacts.')).toBeVisible();
    await page.getByRole('button', { name: 'Start Sending' }).click();
    await page.getByRole('alertdialog', { name: 'Confirm Sender List' }).getByRole('button', { name: 'Send' }).click();
    const results = page.getByRole('dialog', { name: 'Sending Results' });
    await expect(results).toContainText(reason, { timeout: 30_000 });
    await expect(results.getByRole('definition').first()).toHaveText('0');
    await expect(results.getByRole('definition').last()).toHaveText('1');
    await expect(message(page, 'SMS sent successfully!')).toHaveCount(0);
    await results.getByRole('button', { name: 'Confirm' }).click();

    await page.goto('/admin/message-results');
    const row = page.getByRole('row').filter({ hasText: text });
    await expect(row).toContainText(reason);
    await expect(row).toContainText('Failed');
    await expect(row).not.toContainText('Completed');
  } finally {
    await api.DELETE('/backend/api/v1/user-phone-numbers/{id}', {
      ...bearer(token),
      params: { path: { id: created.data.id } },
    });
  }
});

test(
  'the results page lists sends with their recipients, filters by day and shows what the gateway has left',
  { tag: '@dates' },
  async ({ page, superadminSession }) => {
    await officeSender(superadminSession.token);
    const phone = freshPhone();
    const text = `결과 확인용 ${Date.now().toString(36)}`;
    const created = await api.POST('/backend/api/v1/message-sends', {
      ...bearer(superadminSession.token),
      body: { channel: 'sms', recipients: [{ phone, name: '결과 확인', text }] },
    });
    if (!created.data) throw new Error(`sending failed: ${JSON.stringify(created.error)}`);
    await expect.poll(async () => (await receivedBy(phone)).map((received) => received.text)).toEqual([text]);

    await page.goto('/admin/message-results');
    await expect(page.getByRole('heading', { name: 'Message Results', level: 1 })).toBeVisible();
    const remaining = page.getByRole('region', { name: 'Remaining messages' });
    for (const type of ['SMS', 'LMS', 'MMS']) await expect(remaining.getByText(type, { exact: true })).toBeVisible();
    await expect(remaining.getByRole('definition').first()).toHaveText(/^[\d,]+$/);

    const row = page.getByRole('row').filter({ hasText: text });
    // The gateway took it; its delivery report is read a minute later, so the send awaits it, never a bare Completed.
    await expect(row).toContainText('Awaiting reports');
    await expect(row).toContainText('Delivered 0 · Failed 0 · Awaiting report 1');
    await expect(row).toContainText(OFFICE.shown);
    await row.getByRole('button', { name: /^Details of the send/ }).click();
    const recipients = page.getByRole('table', { name: `Recipients of send ${created.data.id}` });
    await expect(recipients.getByRole('row').filter({ hasText: hyphenated(phone) })).toContainText('결과 확인');
    await expect(recipients.getByRole('row').filter({ hasText: hyphenated(phone) })).toContainText('SMS');
    await expect(recipients.getByRole('row').filter({ hasText: hyphenated(phone) })).toContainText(
      'Sent, awaiting report',
    );
    await checkScreen(page, 'message-results');
    // Each message opens to its path, from the keyboard too.
    await recipients.getByRole('button', { name: `Path of the message to ${hyphenated(phone)}` }).focus();
    await page.keyboard.press('Enter');
    const path = page.getByRole('dialog', { name: `Path of the message to ${hyphenated(phone)}` });
    await expect(path.getByRole('list', { name: 'Path of the message' })).toContainText('Taken by the gateway');
    await expect(path).toContainText('Waiting for the delivery report');
    await checkScreen(page, 'message-path');
    await page.keyboard.press('Escape');
    await expect(path).toBeHidden();

    // Sends requested from tomorrow on: none yet.
    await page.getByRole('button', { name: 'From: Select Date' }).click();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}/);
    await expect(page.getByText('No messages sent on these days.')).toBeVisible();
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(row).toBeVisible();
  },
);

test('a message that failed is resent from the results page, through the review, and the resend is linked to its original', async ({
  page,
  superadminSession,
}) => {
  const token = superadminSession.token;
  await officeSender(token);
  const [failing, reached] = [freshPhone(), freshPhone()];
  const text = `재발송 확인 ${Date.now().toString(36)}`;
  // The gateway takes the send but refuses one of its numbers.
  await sandbox('POST', '/sandbox/faults', {
    kind: 'partial_failure',
    path: '/send',
    failReceivers: [failing],
    times: 1,
  });
  const created = await api.POST('/backend/api/v1/message-sends', {
    ...bearer(token),
    body: {
      channel: 'sms',
      recipients: [
        { phone: failing, name: '실패 배우', text },
        { phone: reached, name: '도착 배우', text },
      ],
    },
  });
  if (!created.data) throw new Error(`sending failed: ${JSON.stringify(created.error)}`);
  const originalId = created.data.id;
  await expect
    .poll(
      async () =>
        (
          await api.GET('/backend/api/v1/message-sends/{id}', {
            ...bearer(token),
            params: { path: { id: originalId } },
          })
        ).data?.outcomeCounts.failed,
      { timeout: 30_000 },
    )
    .toBe(1);

  await page.goto('/admin/message-results');
  // The original, not its resend (which has the same text).
  const row = page.getByRole('row').filter({ hasText: text }).filter({ hasNotText: 'Resend of' });
  await row.getByRole('button', { name: /^Resend failed \(1\) of the send/ }).click();
  const review = page.getByRole('alertdialog', { name: 'Confirm Sender List' });
  await expect(review.getByRole('definition').first()).toHaveText('1');
  await expect(review).toContainText(hyphenated(failing));
  await expect(review).not.toContainText(hyphenated(reached));
  await review.getByRole('button', { name: 'Send' }).click();
  const results = page.getByRole('dialog', { name: 'Sending Results' });
  await expect(results.getByRole('definition').first()).toHaveText('1', { timeout: 30_000 });
  await results.getByRole('button', { name: 'Confirm' }).click();

  // Only the failed number got the text again; the two sends name each other.
  await expect
    .poll(async () =>
      (await receivedBy(failing)).filter((received) => received.status !== 'failed').map((received) => received.text),
    )
    .toEqual([text]);
  expect((await receivedBy(reached)).map((received) => received.text)).toEqual([text]);
  const resend = page
    .getByRole('row')
    .filter({ hasText: text })
    .filter({ hasText: `Resend of #${originalId}` });
  await expect(resend).toBeVisible();
  await expect(row).toContainText(/Resent as #\d+/);
  await checkScreen(page, 'message-results-resend');
});

test("a contact's outreach history: what was sent, by whom and with what result, its consent, and an opt-out in one step", async ({
  page,
  superadminSession,
}) => {
  const token = superadminSession.token;
  await officeSender(token);
  const phone = freshPhone();
  const book = await seedBook(token, [{ contactName: '이력 배우', phoneNumber: hyphenated(phone) }]);
  const contact = book.contacts[0];
  await api.PUT('/backend/api/v1/contacts/{id}/consent', {
    ...bearer(token),
    params: { path: { id: contact.id } },
    body: { given: true, consentedOn: '2026-01-05', source: '지원서' },
  });
  const text = `이력 확인 ${Date.now().toString(36)}`;
  const created = await api.POST('/backend/api/v1/message-sends', {
    ...bearer(token),
    body: { channel: 'sms', recipients: [{ phone, name: '이력 배우', text }] },
  });
  if (!created.data) throw new Error(`sending failed: ${JSON.stringify(created.error)}`);
  await expect.poll(async () => (await receivedBy(phone)).map((received) => received.text)).toEqual([text]);

  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/admin/outreach');
  await page.getByLabel('Phone number or e-mail', { exact: true }).fill(`+82 ${phone.slice(1)}`);
  await page.getByRole('button', { name: 'Show History' }).click();
  await expect(page).toHaveURL(/\/admin\/outreach\?address=/);
  const timeline = page.getByRole('list', { name: 'Messages and e-mails sent' });
  await expect(timeline.getByRole('listitem')).toHaveCount(1);
  await expect(timeline).toContainText(text);
  await expect(timeline).toContainText(/Sent, awaiting report|Delivered/);
  await expect(timeline).toContainText('by ');
  await expect(page.getByRole('region', { name: 'Contacts and advertising consent' })).toContainText(
    'Consent given 2026-01-05 · 지원서',
  );
  await expect(page.getByRole('heading', { name: hyphenated(phone) })).toBeVisible();
  await expect(page.getByText('No opt-out in force: every channel may reach it.')).toBeVisible();
  await checkScreen(page, 'outreach-history-1366');

  // The person asks to receive nothing more: one step, and the register has it.
  await page.getByRole('button', { name: 'Record Opt-out' }).click();
  await expect(message(page, `${hyphenated(phone)} opted out of All channels.`)).toBeVisible();
  // Since Korea's today, also in the hours when UTC is still on the day before.
  const today = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
  await expect(page.getByText(`Opted out of All channels since ${today}`)).toBeVisible();
  const register = await api.GET('/backend/api/v1/opt-outs', {
    ...bearer(token),
    params: { query: { address: phone, page: 1, pageSize: 10 } },
  });
  expect(register.data?.data.map((optOut) => [optOut.channel, optOut.source, optOut.active])).toEqual([
    ['all', 'request', true],
  ]);

  // And withdraws the advertising consent.
  await page.getByRole('button', { name: 'Record consent of 이력 배우' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record Consent' });
  await dialog.getByRole('radio', { name: 'Refused' }).click();
  // Refused yesterday (Korea's), as a call log says.
  await dialog.getByRole('button', { name: /^Day: / }).click();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  const yesterday = new Date(Date.parse(today) - 86_400_000).toISOString().slice(0, 10);
  await expect(dialog.getByRole('button', { name: `Day: ${yesterday}` })).toBeVisible();
  await dialog.getByLabel('How').fill('전화로 철회');
  await dialog.getByRole('button', { name: 'Record Consent' }).click();
  await expect(page.getByRole('region', { name: 'Contacts and advertising consent' })).toContainText(
    `Consent refused ${yesterday} · 전화로 철회`,
  );
  await page.setViewportSize({ width: 1440, height: 900 });
  await checkScreen(page, 'outreach-history-1440');
});
