import type { Schemas } from '@job-casting/contracts';
import type { Page } from '@playwright/test';
import {
  api,
  apiLogin,
  checkScreen,
  createAccount,
  expect,
  message,
  sessionStorageState,
  test,
  useSuperadminSession,
} from './support.ts';

useSuperadminSession();

type BulkContact = Schemas['BulkContactDto'];
let bookSequence = 0;
const bookName = (label: string) => `E2E ${label} ${Date.now().toString(36)}-${++bookSequence}`;

/** Seeds a book through POST contact-list/bulk (fast); returns its id. */
async function seedBook(token: string, name: string, contacts: BulkContact[]): Promise<number> {
  const { data, error } = await api.POST('/backend/api/v1/contact-list/bulk', {
    body: { addressBook: name, contacts },
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!data) throw new Error(`seeding ${name} failed: ${JSON.stringify(error)}`);
  return data.addressBookId;
}

async function bookContacts(token: string, bookId: number) {
  const { data } = await api.GET('/backend/api/v1/address-books/{id}/contacts', {
    params: { path: { id: bookId } },
    headers: { Authorization: `Bearer ${token}` },
  });
  return data?.data ?? [];
}

async function openBook(page: Page, name: string): Promise<void> {
  await page.goto('/admin/contact-book');
  await expect(page.getByRole('heading', { name: 'Address Book', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: /Address book/ }).click();
  await page.getByRole('option', { name: new RegExp(`^${name} \\(`) }).click();
  await expect(page.getByRole('listbox', { name: 'Groups' })).toBeVisible();
}

const groupItem = (page: Page, name: string) =>
  page.getByRole('listbox', { name: 'Groups' }).getByRole('option', { name: new RegExp(`^${name} \\d`) });
const toast = (page: Page, text: string) => message(page, text).first();

test('a new book: contacts, groups and their refusals, inline edits saved at once', async ({
  page,
  superadminSession,
}) => {
  const name = bookName('fresh');
  await page.goto('/admin/contact-book');
  await expect(page.getByRole('tab', { name: 'Address Book' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Message Sender' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Duplicate Check' })).toBeVisible();

  await page.getByRole('button', { name: 'New Address Book' }).click();
  await page
    .getByRole('dialog', { name: 'New Address Book' })
    .getByLabel(/^Address book name/)
    .fill(name);
  await page.getByRole('dialog', { name: 'New Address Book' }).getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, `Address book ${name} created`)).toBeVisible();
  await expect(page.getByRole('button', { name: /Address book/ })).toContainText(name);
  await expect(groupItem(page, 'Entire')).toBeVisible();

  await page.getByRole('button', { name: 'Add Contact' }).click();
  const add = page.getByRole('dialog', { name: 'Add Contact' });
  await expect(add.getByLabel(/^Email/)).toHaveAttribute('type', 'email');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add.getByText('Name is required')).toBeVisible();
  await add.getByLabel(/^Name\b/).fill('김민지');
  await add.getByLabel(/^Phone_Number/).fill('010-1234-5678');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Contact added')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name of 김민지', exact: true })).toHaveValue('김민지');
  await expect(page.getByText(/Checked 0 \/ Total 1/)).toBeVisible();

  await page.getByRole('button', { name: 'Add Group' }).click();
  const addGroup = page.getByRole('dialog', { name: 'Add Group' });
  await addGroup.getByLabel(/^Group name/).fill('  배우  ');
  await addGroup.getByRole('button', { name: 'Save' }).click();
  await expect(groupItem(page, '배우')).toBeVisible();
  await page.getByRole('button', { name: 'Add Group' }).click();
  await addGroup.getByLabel(/^Group name/).fill('배우');
  await addGroup.getByRole('button', { name: 'Save' }).click();
  await expect(addGroup.getByText('Group already exists')).toBeVisible();
  await addGroup.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Delete Group' }).click();
  await expect(toast(page, 'System groups cannot be deleted')).toBeVisible();

  await page.getByRole('checkbox', { name: 'Select 김민지' }).check();
  await expect(page.getByText(/Checked 1 \/ Total 1/)).toBeVisible();
  await page.getByRole('button', { name: 'Move Checked Group' }).click();
  const move = page.getByRole('dialog', { name: 'Move Checked Group' });
  await move.getByRole('button', { name: /Group/ }).click();
  await page.getByRole('option', { name: '배우', exact: true }).click();
  await move.getByRole('button', { name: 'Move' }).click();
  await expect(toast(page, '1 contact moved')).toBeVisible();
  await groupItem(page, '배우').click();
  await expect(page.getByRole('textbox', { name: 'Name of 김민지', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Delete Group' }).click();
  await expect(toast(page, 'Cannot delete group with 1 contact(s)')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Cannot delete group' })).toContainText('Error');

  // Autosave: an inline edit reaches the server without a Save.
  const email = page.getByRole('textbox', { name: 'Email of 김민지', exact: true });
  await email.fill('minji@example.com');
  await email.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  await expect
    .poll(async () => {
      const { data } = await api.GET('/backend/api/v1/address-book', {
        headers: { Authorization: `Bearer ${superadminSession.token}` },
      });
      const book = data?.addressBooks.find((candidate) => candidate.name === name);
      return book ? (await bookContacts(superadminSession.token, book.id))[0]?.email : undefined;
    })
    .toBe('minji@example.com');

  // F8 reaches the toasts.
  await page.getByRole('button', { name: 'Delete Group' }).click();
  await page.keyboard.press('F8');
  await expect(page.getByRole('region', { name: /Notifications/ })).toBeFocused();
  await checkScreen(page, 'contact-book');
});

test('copy, cut and paste between groups, with their refusals', async ({ page, superadminSession }) => {
  const name = bookName('clipboard');
  await seedBook(superadminSession.token, name, [
    { contactName: '가수 하나', phoneNumber: '010-1111-0001', Group: 'A' },
    { contactName: '가수 둘', phoneNumber: '010-1111-0002', Group: 'A' },
    { contactName: '가수 셋', phoneNumber: '010-1111-0003', Group: 'A' },
    { contactName: '배우 하나', phoneNumber: '010-2222-0001', Group: 'B' },
  ]);
  await openBook(page, name);

  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(toast(page, 'No contacts selected to copy')).toBeVisible();
  await page.getByRole('button', { name: 'Cut' }).click();
  await expect(toast(page, 'No contacts selected to cut')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(1);
  await page.getByRole('button', { name: 'Paste' }).click();
  await expect(toast(page, 'There are no contacts to paste')).toBeVisible();
  await page.getByRole('button', { name: 'Delete Selected' }).click();
  await expect(toast(page, 'No contacts were selected to delete')).toBeVisible();

  await page.getByRole('checkbox', { name: 'Select 가수 하나' }).check();
  await page.getByRole('checkbox', { name: 'Select 가수 둘' }).check();
  await page.getByRole('button', { name: 'Cut' }).click();
  await expect(toast(page, '2 contacts cut')).toBeVisible();
  await expect(page.locator('[role="row"][data-cut]')).toHaveCount(2);
  await page.getByRole('button', { name: 'Paste' }).click();
  await expect(toast(page, 'Please select a specific group to paste to')).toBeVisible();

  await groupItem(page, 'B').click();
  await page.getByRole('button', { name: 'Paste' }).click();
  await expect(toast(page, '2 contacts pasted')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name of 가수 하나', exact: true })).toBeVisible();
  await expect(groupItem(page, 'B')).toContainText('3');
  await expect(groupItem(page, 'A')).toContainText('1');
  await page.getByRole('button', { name: 'Paste' }).click();
  await expect(toast(page, 'There are no contacts to paste')).toBeVisible();

  // Copy keeps the originals.
  await groupItem(page, 'A').click();
  await page.getByRole('checkbox', { name: 'Select 가수 셋' }).check();
  await page.getByRole('button', { name: 'Copy' }).click();
  await groupItem(page, 'B').click();
  await page.getByRole('button', { name: 'Paste' }).click();
  await expect(toast(page, '1 contact pasted')).toBeVisible();
  await expect(groupItem(page, 'A')).toContainText('1');
  await expect(groupItem(page, 'B')).toContainText('4');

  // Delete Selected asks first.
  await page.getByRole('button', { name: 'Uncheck All' }).click();
  await expect(page.getByText(/Checked 0 \//)).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select 배우 하나' }).check();
  await page.getByRole('button', { name: 'Delete Selected' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Delete Contacts' })).toContainText('Delete 배우 하나?');
  await page.getByRole('alertdialog', { name: 'Delete Contacts' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, '1 contact deleted')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name of 배우 하나', exact: true })).toHaveCount(0);
});

test('a row’s Delete asks first, naming the contact: Cancel keeps it, Delete deletes it', async ({
  page,
  superadminSession,
}) => {
  const name = bookName('row delete');
  const bookId = await seedBook(superadminSession.token, name, [
    { contactName: '김민준', phoneNumber: '010-4444-0001' },
    { contactName: '이서연', phoneNumber: '010-4444-0002' },
  ]);
  await openBook(page, name);
  const confirm = page.getByRole('alertdialog', { name: 'Delete Contacts' });

  await page.getByRole('button', { name: 'Delete 김민준', exact: true }).click();
  await expect(confirm).toContainText('Delete 김민준?');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await checkScreen(page, 'contact-delete-confirm');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Name of 김민준', exact: true })).toBeVisible();
  expect((await bookContacts(superadminSession.token, bookId)).map((contact) => contact.contactName)).toEqual([
    '김민준',
    '이서연',
  ]);

  await page.getByRole('button', { name: 'Delete 김민준', exact: true }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, '1 contact deleted')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name of 김민준', exact: true })).toHaveCount(0);
  expect((await bookContacts(superadminSession.token, bookId)).map((contact) => contact.contactName)).toEqual([
    '이서연',
  ]);
});

test('status and checklist cells are chosen from a list and kept across a reload; an e-mail cell refuses a non-address', async ({
  page,
  superadminSession,
}) => {
  const name = bookName('choices');
  const bookId = await seedBook(superadminSession.token, name, [
    { contactName: '박지훈', phoneNumber: '010-5555-0001', checklistConfirm: 'Mismatch', completionStatus: '2' },
  ]);
  await openBook(page, name);

  // An import's spelling shows as its listed value; an unknown code stays visible, marked.
  const checklist = page.getByRole('button', { name: /Checklist Confirmation of 박지훈$/ });
  await expect(checklist).toContainText('inconsistency');
  const status = page.getByRole('button', { name: /Completion Status of 박지훈$/ });
  await expect(status).toContainText('2');

  // The keyboard opens the list; the codes come with their meaning.
  await status.focus();
  await page.keyboard.press('Enter');
  // The open list is the last on the page (the groups panel is a list too).
  const openList = page.getByRole('listbox').last();
  await expect(openList.getByRole('option')).toHaveText([
    '— (none)',
    '1 · Friend addition requested or pending',
    '3 · New chat name in use',
    '5 · Existing chat name kept',
    '2 (not in the list)',
  ]);
  await checkScreen(page, 'contact-status-choice');
  await page.getByRole('option', { name: '5 · Existing chat name kept' }).click();
  await expect(status).toContainText('5');
  await checklist.click();
  await expect(openList.getByRole('option')).toHaveText([
    '— (not checked)',
    'agreement · 일치',
    'inconsistency · 불일치',
  ]);
  await page.getByRole('option', { name: 'agreement · 일치' }).click();
  await page.getByRole('button', { name: /Start Status of 박지훈$/ }).click();
  await page.getByRole('option', { name: '1 · Friend addition requested or pending' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  await expect
    .poll(async () => {
      const [contact] = await bookContacts(superadminSession.token, bookId);
      return contact && [contact.completionStatus, contact.checklistConfirm, contact.startStatus];
    })
    .toEqual(['5', 'agreement', '1']);

  // A value that is not an address stays in the cell, marked, and is not saved.
  const email = page.getByRole('textbox', { name: 'Email of 박지훈', exact: true });
  await email.fill('박지훈 매니저');
  await email.press('Enter');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(toast(page, 'Please enter a valid email address. (박지훈: "박지훈 매니저")')).toBeVisible();
  await email.scrollIntoViewIfNeeded();
  await checkScreen(page, 'contact-email-refused');
  expect((await bookContacts(superadminSession.token, bookId))[0]?.email).toBe('');
  await email.fill('jihoon@example.com');
  await email.press('Enter');
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');
  await expect
    .poll(async () => (await bookContacts(superadminSession.token, bookId))[0]?.email)
    .toBe('jihoon@example.com');

  await page.reload();
  await page.getByRole('button', { name: /Address book/ }).click();
  await page.getByRole('option', { name: new RegExp(`^${name} \\(`) }).click();
  await expect(page.getByRole('button', { name: /Completion Status of 박지훈$/ })).toContainText('5');
  await expect(page.getByRole('button', { name: /Checklist Confirmation of 박지훈$/ })).toContainText('agreement');
  await expect(page.getByRole('button', { name: /Start Status of 박지훈$/ })).toContainText('1');
  await expect(page.getByRole('textbox', { name: 'Email of 박지훈', exact: true })).toHaveValue('jihoon@example.com');
});

test('a friend batch and both nickname batches', async ({ page, superadminSession }) => {
  const name = bookName('kakao');
  await seedBook(superadminSession.token, name, [
    { contactName: '친구 후보', phoneNumber: '010-3333-0001', kakaoTalk: '후보' },
    { contactName: '전화 없음', phoneNumber: '' },
    {
      contactName: '일치 배우',
      phoneNumber: '010-3333-0002',
      checklistConfirm: 'agreement',
      kakaoTalk: '일치',
      chatWindowName: '일치',
    },
    {
      contactName: '불일치 하나',
      phoneNumber: '010-3333-0003',
      checklistConfirm: 'inconsistency',
      kakaoTalk: '카톡하나',
      chatWindowName: '옛이름1',
    },
    {
      contactName: '불일치 둘',
      phoneNumber: '010-3333-0004',
      checklistConfirm: 'inconsistency',
      kakaoTalk: '카톡둘',
      chatWindowName: '옛이름2',
    },
  ]);
  await openBook(page, name);

  await expect(page.getByRole('button', { name: 'Done conversation name of 일치 배우' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Done friend 일치 배우' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Wait conversation name of 친구 후보' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Modify conversation name of 불일치 하나' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Done friend 불일치 하나' })).toBeDisabled();

  await page.getByRole('button', { name: 'Send Friend Requests' }).click();
  await expect(toast(page, 'No contacts available.')).toBeVisible();
  await page.getByRole('button', { name: 'Modify Nickname (New)' }).click();
  await expect(toast(page, 'There are no contacts that need to change their nickname.')).toBeVisible();

  await page.getByRole('checkbox', { name: 'Select All' }).check();
  await expect(page.getByText(/Checked 5 \/ Total 5/)).toBeVisible();
  await page.getByRole('button', { name: 'Send Friend Requests' }).click();
  const preview = page.getByRole('dialog', { name: 'Friend Addition Target List' });
  await expect(preview.getByRole('row')).toHaveCount(2);
  await expect(preview).toContainText('친구 후보');
  // The checked contacts left out are named with the reason, in the preview and in the confirmation.
  const leftOut =
    'Left out: 전화 없음 (no phone number), 일치 배우 (checklist: agreement), 불일치 하나 (checklist: inconsistency), 불일치 둘 (checklist: inconsistency)';
  await expect(preview.getByRole('note', { name: 'Left out' })).toHaveText(leftOut);
  await checkScreen(page, 'contact-friend-targets');
  await preview.getByRole('button', { name: 'Add Friends' }).click();
  const confirmFriends = page.getByRole('alertdialog', { name: 'Confirm Friend Addition' });
  await expect(confirmFriends).toContainText('Send friend requests to 1 contact?');
  await expect(confirmFriends.getByRole('note', { name: 'Left out' })).toHaveText(leftOut);
  await checkScreen(page, 'contact-friend-confirm');
  await confirmFriends.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, 'Friend requests saved for 1 contact(s).')).toBeVisible();
  await expect(page.getByRole('button', { name: /Completion Status of 친구 후보$/ })).toContainText('1');
  await expect(groupItem(page, 'Add KakaoTalk friend')).toContainText('1');

  // The row's Add: the single-contact preview.
  await page.getByRole('button', { name: 'Add friend 친구 후보' }).click();
  await expect(page.getByRole('dialog', { name: 'Friend Addition: Single Contact' })).toContainText('010-3333-0001');
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Modify Nickname (New)' }).click();
  const nickname = page.getByRole('dialog', { name: '대화명 수정 (새 이름)' });
  await nickname.getByRole('textbox', { name: '새 이름: 불일치 하나' }).fill('카톡하나');
  await nickname.getByRole('button', { name: '다음' }).click();
  await expect(nickname.getByText('카카오톡 대화명과 같은 이름은 사용할 수 없습니다.')).toBeVisible();
  await expect(nickname.getByText('수정할 대화명을 입력해주세요.')).toBeVisible();
  await expect(nickname.getByRole('alert')).toHaveText(
    '수정할 대화명을 확인해주세요. 비어 있거나 카카오톡 대화명과 같은 이름입니다.',
  );
  await nickname.getByRole('textbox', { name: '새 이름: 불일치 하나' }).fill('새이름1');
  await nickname.getByRole('textbox', { name: '새 이름: 불일치 둘' }).fill('새이름2');
  await nickname.getByRole('button', { name: '다음' }).click();
  await expect(nickname).toContainText('아래 내용으로 대화명을 수정하시겠습니까?');
  await nickname.getByRole('button', { name: '저장' }).click();
  await expect(toast(page, 'New chat names saved for 2 contact(s).')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Modified Chat Name of 불일치 둘', exact: true })).toHaveValue(
    '새이름2',
  );

  await page.getByRole('button', { name: 'Modify Nickname (Use Existing Name)' }).click();
  const existing = page.getByRole('dialog', { name: '대화명 수정 (기존 이름 사용)' });
  await expect(existing.getByRole('textbox', { name: '기존 이름: 불일치 하나' })).toHaveValue('카톡하나');
  await expect(existing.getByRole('textbox', { name: '기존 이름: 불일치 하나' })).not.toBeEditable();
  await existing.getByRole('button', { name: '다음' }).click();
  await existing.getByRole('button', { name: '저장' }).click();
  await expect(toast(page, 'Existing chat names kept for 2 contact(s).')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Done conversation name of 불일치 하나' })).toBeDisabled();
  await expect(page.getByRole('textbox', { name: 'Chat Window Name of 불일치 하나', exact: true })).toHaveValue(
    '카톡하나',
  );
  await page.getByRole('button', { name: 'Modify Nickname (Use Existing Name)' }).click();
  await expect(toast(page, 'There are no contacts that need to change their nickname.')).toBeVisible();
});

test('friend requests and nickname batches take every checked contact of the book, whichever group is shown', async ({
  page,
  superadminSession,
}) => {
  const name = bookName('kakao groups');
  await seedBook(superadminSession.token, name, [
    { contactName: '친구 가', phoneNumber: '010-3434-0001', kakaoTalk: '친구가', Group: 'A' },
    {
      contactName: '불일치 가',
      phoneNumber: '010-3434-0002',
      checklistConfirm: 'inconsistency',
      kakaoTalk: '카톡가',
      chatWindowName: '옛가',
      Group: 'A',
    },
    { contactName: '친구 나', phoneNumber: '010-3434-0003', kakaoTalk: '친구나', Group: 'B' },
    {
      contactName: '불일치 나',
      phoneNumber: '010-3434-0004',
      checklistConfirm: 'inconsistency',
      kakaoTalk: '카톡나',
      chatWindowName: '옛나',
      Group: 'B',
    },
  ]);
  await openBook(page, name);
  await groupItem(page, 'A').click();
  await page.getByRole('checkbox', { name: 'Select 친구 가' }).check();
  await page.getByRole('checkbox', { name: 'Select 불일치 가' }).check();
  await groupItem(page, 'B').click();
  await page.getByRole('checkbox', { name: 'Select 친구 나' }).check();
  await page.getByRole('checkbox', { name: 'Select 불일치 나' }).check();
  await expect(groupItem(page, 'Selected')).toContainText('4');

  // Group B is on screen; the batches still take group A's checked contacts.
  await page.getByRole('button', { name: 'Send Friend Requests' }).click();
  const preview = page.getByRole('dialog', { name: 'Friend Addition Target List' });
  await expect(preview).toContainText('친구 가');
  await expect(preview).toContainText('친구 나');
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();
  await page.getByRole('button', { name: 'Modify Nickname (New)' }).click();
  const nickname = page.getByRole('dialog', { name: '대화명 수정 (새 이름)' });
  await expect(nickname.getByRole('textbox', { name: '새 이름: 불일치 가' })).toBeVisible();
  await expect(nickname.getByRole('textbox', { name: '새 이름: 불일치 나' })).toBeVisible();
});

test('Send Selected Items takes the checked ids to the message sender', async ({ page, superadminSession }) => {
  const name = bookName('send');
  const bookId = await seedBook(superadminSession.token, name, [
    { contactName: '받는 사람', phoneNumber: '010-4444-0001' },
    { contactName: '안 받는 사람', phoneNumber: '010-4444-0002' },
  ]);
  const [first] = await bookContacts(superadminSession.token, bookId);
  await openBook(page, name);
  await page.getByRole('button', { name: 'Send Selected Items' }).click();
  await expect(toast(page, 'No contacts selected for sending')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select 받는 사람' }).check();
  await page.getByRole('button', { name: 'Send Selected Items' }).click();
  await page.getByRole('alertdialog', { name: 'Send Selected Items' }).getByRole('button', { name: 'Send' }).click();
  await expect(page).toHaveURL(/\/admin\/message-sender$/);
  // The sender takes the checked ids from storage (and removes them): the checked contact is its one recipient.
  await expect(toast(page, 'Contacts Added')).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Recipient list' })
      .getByRole('row')
      .filter({ hasText: String(first!.id) }),
  ).toContainText('받는 사람');
  await expect(page.getByRole('region', { name: 'Recipient list' })).not.toContainText('안 받는 사람');
  expect(await page.evaluate(() => localStorage.getItem('selected-contacts-for-message'))).toBeNull();
});

test('autosave off keeps edits until Save and warns before leaving', async ({ page, superadminSession }) => {
  const name = bookName('manual');
  const bookId = await seedBook(superadminSession.token, name, [
    { contactName: '수동 저장', phoneNumber: '010-5555-0001' },
  ]);
  await openBook(page, name);
  await page.getByRole('switch', { name: /Autosave/ }).press('Space');
  await expect(page.getByRole('switch', { name: 'Autosave off' })).not.toBeChecked();
  const memo = page.getByRole('textbox', { name: 'Definition 1 of 수동 저장', exact: true });
  await memo.fill('뮤지컬');
  await memo.press('Enter');
  await expect(page.getByText('1 unsaved change')).toBeVisible();
  expect((await bookContacts(superadminSession.token, bookId))[0]?.definition1).toBe('');

  await page.getByRole('button', { name: '메뉴' }).click();
  await page.getByRole('button', { name: 'Sent Emails' }).click();
  const warning = page.getByRole('alertdialog', { name: 'Unsaved changes' });
  await expect(warning).toBeVisible();
  await warning.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/admin\/contact-book$/);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Changes saved')).toBeVisible();
  expect((await bookContacts(superadminSession.token, bookId))[0]?.definition1).toBe('뮤지컬');
});

test('two staff members edit one contact: the later autosave is refused, the row shows the saved value, and the edit is re-applied', async ({
  page,
  browser,
  superadminSession,
}) => {
  const name = bookName('shared');
  const bookId = await seedBook(superadminSession.token, name, [
    { contactName: '공유 연락처', phoneNumber: '010-5555-0101' },
  ]);
  const colleague = await createAccount(superadminSession.token, 'admin', 'contact-editor');
  const colleagueContext = await browser.newContext({
    storageState: sessionStorageState(await apiLogin(colleague.email, colleague.password)),
  });
  try {
    const colleaguePage = await colleagueContext.newPage();
    await openBook(page, name);
    await openBook(colleaguePage, name);
    const emailOf = (on: Page) => on.getByRole('textbox', { name: 'Email of 공유 연락처', exact: true });

    // The colleague saves first; this table still shows the contact as it was.
    await emailOf(colleaguePage).fill('colleague@agency.kr');
    await emailOf(colleaguePage).press('Enter');
    await expect(colleaguePage.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
    await expect(emailOf(page)).toHaveValue('');

    await emailOf(page).fill('mine@agency.kr');
    await emailOf(page).press('Enter');
    await expect(toast(page, 'someone else changed 공유 연락처 (Email) meanwhile')).toBeVisible();
    await expect(emailOf(page)).toHaveValue('colleague@agency.kr');
    const notice = page.getByRole('region', { name: 'Someone else changed 공유 연락처 while you were editing.' });
    await expect(notice).toContainText('Changed: Email. The row shows the values saved now.');
    await expect(notice.getByRole('row', { name: 'Email colleague@agency.kr mine@agency.kr' })).toBeVisible();
    expect((await bookContacts(superadminSession.token, bookId))[0]?.email).toBe('colleague@agency.kr');
    await checkScreen(page, 'contact-book-stale-edit');
    // On a laptop's screen the choice is in view, not below the fold.
    await page.setViewportSize({ width: 1366, height: 768 });
    await expect(notice.getByRole('button', { name: 'Re-apply my edit' })).toBeInViewport();
    await page.screenshot({ path: `${test.info().project.outputDir}/screens/contact-book-stale-edit-1366.png` });

    await notice.getByRole('button', { name: 'Re-apply my edit' }).click();
    await expect(notice).toHaveCount(0);
    await expect(emailOf(page)).toHaveValue('mine@agency.kr');
    await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
    await expect
      .poll(async () => (await bookContacts(superadminSession.token, bookId))[0]?.email)
      .toBe('mine@agency.kr');
  } finally {
    await colleagueContext.close();
  }
});

test('a large book pages by 100 and renders only the rows in view', async ({ page, superadminSession }) => {
  const name = bookName('large');
  await seedBook(
    superadminSession.token,
    name,
    Array.from({ length: 250 }, (_, index) => ({
      contactName: `연락처 ${String(index + 1).padStart(3, '0')}`,
      phoneNumber: `010-6000-${String(index).padStart(4, '0')}`,
    })),
  );
  await openBook(page, name);
  await expect(page.getByText('page 1 / 3')).toBeVisible();
  const rendered = await page.getByRole('table', { name: 'Contacts' }).getByRole('row').count();
  expect(rendered).toBeLessThan(60);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('page 2 / 3')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name of 연락처 101', exact: true })).toBeInViewport();
  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(page.getByText('page 1 / 3')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name of 연락처 001', exact: true })).toBeInViewport();
});

test('a Korean CSV is previewed, imported with progress, and reported', async ({ page, superadminSession }) => {
  const name = bookName('csv');
  await seedBook(superadminSession.token, name, [{ contactName: '기존 연락처', phoneNumber: '010-7777-0000' }]);
  await openBook(page, name);
  const upload = page.locator('input[type="file"]');

  await upload.setInputFiles({ name: 'contacts.txt', mimeType: 'text/plain', buffer: Buffer.from('이름,전화번호\n') });
  await expect(toast(page, 'CSV upload accepts .csv only')).toBeVisible();

  const csv = [
    '이름,전화번호,이메일,그룹,메모',
    '김하늘,010-7777-0001,sky@example.com,신인,"첫 줄, 쉼표"',
    '이준호,010-7777-0002,,신인,',
    '박서연,010 7777 0003,,,',
    '전화 없음,없음,,,',
  ].join('\r\n');
  await upload.setInputFiles({
    name: '배우 연락처.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${csv}\r\n`, 'utf8'),
  });
  const dialog = page.getByRole('dialog', { name: 'CSV Upload' });
  await expect(dialog).toContainText('utf-8');
  await expect(dialog).toContainText('4 rows, 1 rejected');
  await expect(dialog.getByRole('region', { name: 'First rows' })).toContainText('첫 줄, 쉼표');
  await expect(dialog.getByRole('region', { name: 'Rejected lines' })).toContainText('5');
  await checkScreen(page, 'contact-csv-preview');
  await dialog.getByRole('button', { name: 'Import 3 contacts' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Imported 3 contacts. Rejected 1.' })).toBeVisible({
    timeout: 30_000,
  });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText(/Checked \d+ \/ Total 4/)).toBeVisible();
  await expect(groupItem(page, '신인')).toContainText('2');
});
