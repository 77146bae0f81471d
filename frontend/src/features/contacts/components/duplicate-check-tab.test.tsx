import { phoneDigits } from '@job-casting/rules';
import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { mutate, SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster.tsx';
import { dismissToast, useToasts } from '../../../lib/toast.tsx';
import { distinctValues, type DuplicateContact } from './duplicate-merge.ts';
import { contactFixture } from './contact-fixture.ts';

/** A small in-memory back end for the tab's calls, reached through the real generated client (mocked at fetch). */
interface Row extends DuplicateContact {
  deleted: boolean;
  mergedInto: number | null;
}

let rows: Row[] = [];
const seen: { method: string; path: string; query: string; body: unknown }[] = [];
let failNext: { path: string; status: number; message: string } | null = null;

const row = (id: number, fields: Partial<DuplicateContact>): Row => ({
  ...contactFixture(id),
  deleted: false,
  mergedInto: null,
  ...fields,
});

const out = ({ deleted: _deleted, mergedInto: _mergedInto, ...contact }: Row): DuplicateContact => contact;
const live = () => rows.filter((contact) => !contact.deleted);
const list = (contacts: Row[]) => ({ data: contacts.map(out), total: contacts.length });

async function handle(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname.replace('/backend/api/v1/', '');
  const body = request.method === 'GET' ? undefined : await request.json();
  seen.push({ method: request.method, path, query: url.search, body });
  if (failNext && path === failNext.path) {
    const { status, message } = failNext;
    failNext = null;
    return Response.json({ statusCode: status, error: 'Error', message }, { status });
  }
  let match: RegExpExecArray | null;
  if ((match = /^address-books\/(\d+)\/duplicates$/.exec(path))) {
    const digits = phoneDigits(url.searchParams.get('phone') ?? '');
    if (!digits) {
      return Response.json(
        {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Validation failed',
          details: { validation: [{ path: 'phone', message: 'Please enter a phone number to search.' }] },
        },
        { status: 400 },
      );
    }
    return Response.json(
      list(
        live().filter(
          (contact) => contact.addressBookId === Number(match![1]) && phoneDigits(contact.phoneNumber) === digits,
        ),
      ),
    );
  }
  if (/^address-books\/\d+\/duplicate-groups$/.test(path)) {
    const byDigits = new Map<string, Row[]>();
    for (const contact of live())
      byDigits.set(phoneDigits(contact.phoneNumber), [
        ...(byDigits.get(phoneDigits(contact.phoneNumber)) ?? []),
        contact,
      ]);
    const groups = [...byDigits]
      .filter(([, members]) => members.length > 1)
      .map(([digits, members]) => ({
        phoneDigits: digits,
        phoneNumber: members[0].phoneNumber,
        count: members.length,
        contactIds: members.map((m) => m.id),
      }));
    return Response.json({
      groups,
      contacts: live().length,
      duplicated: groups.reduce((sum, group) => sum + group.count, 0),
    });
  }
  if ((match = /^contacts\/(\d+)\/merged$/.exec(path))) {
    return Response.json(list(rows.filter((contact) => contact.mergedInto === Number(match![1]))));
  }
  if (path === 'contacts/merge') {
    const { survivorId, contactIds, mergeEmails, mergeMemos } = body as {
      survivorId: number;
      contactIds: number[];
      mergeEmails: boolean;
      mergeMemos: boolean;
    };
    const survivor = rows.find((contact) => contact.id === survivorId && !contact.deleted);
    if (!survivor)
      return Response.json({ statusCode: 404, error: 'Not Found', message: 'Contact not found' }, { status: 404 });
    // As the server does: the survivor's values first, then the others in the order given.
    const everyone = [
      survivor,
      ...contactIds.filter((id) => id !== survivorId).map((id) => rows.find((contact) => contact.id === id)!),
    ];
    if (mergeEmails) survivor.email = distinctValues(everyone, 'email').join(', ');
    if (mergeMemos) survivor.memo = distinctValues(everyone, 'memo').join('\n');
    for (const other of everyone.filter((contact) => contact.id !== survivorId))
      Object.assign(other, { deleted: true, mergedInto: survivorId });
    return Response.json(out(survivor));
  }
  if (path === 'contacts/delete') {
    const ids = (body as { contactIds: number[] }).contactIds;
    for (const contact of rows.filter((c) => ids.includes(c.id))) contact.deleted = true;
    return Response.json({ count: ids.length });
  }
  if (path === 'contacts/restore') {
    const ids = (body as { contactIds: number[] }).contactIds;
    const restored = rows.filter((c) => ids.includes(c.id) && c.deleted);
    for (const contact of restored) Object.assign(contact, { deleted: false, mergedInto: null });
    return Response.json(list(restored));
  }
  if (path === 'contacts' && request.method === 'PUT') {
    const changes = (body as { contacts: Partial<DuplicateContact>[] }).contacts;
    // As the server does: a row saved on an older version is stale, and then none of the rows is saved.
    const stale = changes
      .map((change) => ({ change, stored: rows.find((contact) => contact.id === change.id)! }))
      .filter(({ change, stored }) => change.version !== undefined && change.version !== stored.version)
      .map(({ change, stored }) => ({
        id: stored.id,
        conflictingFields: Object.keys(change).filter((field) => !['id', 'version'].includes(field)),
        current: out(stored),
      }));
    if (stale.length > 0) {
      const details = { conflictingFields: stale.flatMap((item) => item.conflictingFields), staleRecords: stale };
      return Response.json(
        { statusCode: 409, error: 'Conflict', message: 'Changed by someone else meanwhile', details },
        { status: 409 },
      );
    }
    const saved = changes.map(({ version: _version, ...change }) => {
      const stored = rows.find((contact) => contact.id === change.id)!;
      return Object.assign(stored, change, { version: stored.version + 1 });
    });
    return Response.json(list(saved));
  }
  return Response.json({ statusCode: 404, error: 'Not Found', message: `No route ${path}` }, { status: 404 });
}

vi.mock('../../../lib/api-client.ts', async () => {
  const { createApiClient } = await import('@job-casting/contracts');
  return { api: createApiClient({ baseUrl: 'http://api.test', fetch: (request: Request) => handle(request) }) };
});

const { DuplicateCheckTab } = await import('./duplicate-check-tab.tsx');

const wrapper = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ dedupingInterval: 0 }}>
    {children}
    <Toaster />
  </SWRConfig>
);

const toastText = () =>
  screen
    .queryAllByRole('alert')
    .concat(screen.queryAllByRole('status'))
    .map((element) => element.textContent ?? '');
const expectToast = (text: string) =>
  waitFor(() => expect(toastText().some((content) => content.includes(text))).toBe(true));
const searchCalls = () => seen.filter((call) => call.path.endsWith('/duplicates'));

beforeEach(async () => {
  rows = [
    row(1, { contactName: '김민준', phoneNumber: '010-1234-5678', email: 'kim@a.kr', memo: 'first' }),
    row(2, { contactName: '김민준', phoneNumber: '01012345678', email: 'KIM@a.kr; minjun@b.kr', memo: 'first' }),
    row(3, { contactName: 'Minjun Kim', phoneNumber: '+82 10 1234 5678', email: '', memo: '' }),
    row(4, { contactName: '민준', phoneNumber: '010.1234.5678', email: 'mj@c.kr', memo: 'first' }),
    row(5, { contactName: '이서연', phoneNumber: '010-9999-0000', email: 'seo@a.kr', memo: 'one' }),
    row(6, { contactName: '이서연2', phoneNumber: '01099990000', email: '', memo: 'two' }),
    row(7, { contactName: 'Alone', phoneNumber: '010-5555-5555' }),
  ];
  seen.length = 0;
  failNext = null;
  await act(() => mutate(() => true, undefined, { revalidate: false }));
});

afterEach(() => {
  vi.useRealTimers();
  // The toast store outlives a test: each test starts with none.
  const { result, unmount } = renderHook(() => useToasts());
  for (const toast of result.current) dismissToast(toast.id);
  unmount();
});

async function searchFor(user: ReturnType<typeof userEvent.setup>, phone: string) {
  const box = screen.getByRole('textbox', { name: 'Phone number' });
  await user.clear(box);
  if (phone) await user.type(box, phone);
  await user.click(screen.getByRole('button', { name: 'Search' }));
}

describe('DuplicateCheckTab', () => {
  it('asks for an address book first', () => {
    render(<DuplicateCheckTab addressBookId={null} />, { wrapper });
    expect(screen.getByText(/Select an address book first/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Search' })).toBeNull();
  });

  it('warns about an empty phone without asking the server', async () => {
    const user = userEvent.setup();
    render(<DuplicateCheckTab addressBookId={1} />, { wrapper });
    await searchFor(user, '   ');
    await expectToast('Please enter a phone number to search.');
    expect(searchCalls()).toEqual([]);
  });

  it('finds every written form, sets a default, merges with e-mails joined and undoes the merge', async () => {
    const user = userEvent.setup();
    render(<DuplicateCheckTab addressBookId={1} />, { wrapper });
    await searchFor(user, '+82 10 1234 5678');
    const table = await screen.findByRole('table', { name: 'Contacts with this phone number' });
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    expect(searchCalls()[0].query).toBe(`?phone=${encodeURIComponent('+82 10 1234 5678')}`);
    for (const column of [
      'ID',
      'Group',
      'Check',
      'Conversation',
      'Name',
      'Phone_Number',
      'Email',
      'Definition1',
      'Definition2',
      'Definition3',
      'Memo',
      'Start_Or',
      'Whether_Or',
      'Checklist',
      'Dialogue_Name',
      'Change_Name',
    ]) {
      expect(within(table).getByRole('columnheader', { name: column })).toBeTruthy();
    }

    // kim@a.kr, minjun@b.kr, mj@c.kr are distinct; the memos are all "first".
    const mergeEmails = screen.getByRole('checkbox', { name: 'Merge emails' }) as HTMLInputElement;
    const mergeMemos = screen.getByRole('checkbox', { name: 'Merge memos' }) as HTMLInputElement;
    expect(mergeEmails.disabled).toBe(false);
    expect(mergeMemos.disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await expectToast('Please set a default value.');
    await user.click(screen.getByRole('button', { name: 'Set as Default' }));
    await expectToast('Please select an item to set as default.');
    await user.click(screen.getByRole('checkbox', { name: 'Select 김민준 (ID 1)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select 김민준 (ID 2)' }));
    await user.click(screen.getByRole('button', { name: 'Set as Default' }));
    await expectToast('Only one item can be set as default.');
    await user.click(screen.getByRole('checkbox', { name: 'Select 김민준 (ID 1)' }));
    await user.click(screen.getByRole('button', { name: 'Set as Default' }));
    const defaultRow = within(table).getByRole('rowheader', { name: '2' }).closest('tr')!;
    expect(within(defaultRow).getByText('Default')).toBeTruthy();

    await user.click(mergeEmails);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await expectToast('Merged 3 contacts into 김민준 (ID 2).');
    expect(seen.find((call) => call.path === 'contacts/merge')?.body).toEqual({
      survivorId: 2,
      contactIds: [1, 2, 3, 4],
      mergeEmails: true,
      mergeMemos: false,
    });
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    expect((screen.getByRole('textbox', { name: 'Email of 김민준 (ID 2)' }) as HTMLInputElement).value).toBe(
      'KIM@a.kr, minjun@b.kr, mj@c.kr',
    );

    const merged = await screen.findByRole('region', { name: /Merged contacts: 3 merged into 김민준 \(ID 2\)/ });
    await user.click(within(merged).getByRole('button', { name: 'Undo merge' }));
    await expectToast('Restored 3 merged contacts.');
    expect(seen.find((call) => call.path === 'contacts/restore')?.body).toEqual({ contactIds: [1, 3, 4] });
    // The survivor gets its own e-mail back.
    expect(seen.find((call) => call.path === 'contacts' && call.method === 'PUT')?.body).toEqual({
      contacts: [{ id: 2, version: 1, email: 'KIM@a.kr; minjun@b.kr' }],
    });
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(5));
  });

  it('Quick Process says when there is nothing, and merges into the first contact after a confirmation', async () => {
    const user = userEvent.setup();
    render(<DuplicateCheckTab addressBookId={1} />, { wrapper });
    await user.click(screen.getByRole('button', { name: 'Quick Process' }));
    await expectToast('No data to process.');

    await searchFor(user, '010 9999 0000');
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Quick Process' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Quick Process' });
    expect(dialog.textContent).toContain('2 contacts into 이서연 (ID 5), joining their memos.');
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await expectToast('Merged 1 contact into 이서연 (ID 5).');
    expect(seen.find((call) => call.path === 'contacts/merge')?.body).toEqual({
      survivorId: 5,
      contactIds: [5, 6],
      mergeEmails: false,
      mergeMemos: true,
    });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('deletes the selected rows, and undoes it', async () => {
    const user = userEvent.setup();
    render(<DuplicateCheckTab addressBookId={1} />, { wrapper });
    await searchFor(user, '01012345678');
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Delete Selected' }));
    await expectToast('No contacts were selected to delete');
    await user.click(screen.getByRole('checkbox', { name: 'Select 민준 (ID 4)' }));
    await user.click(screen.getByRole('button', { name: 'Delete Selected' }));
    await expectToast('Deleted 1 contact.');
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(4));
    await user.click(screen.getByRole('button', { name: 'Undo delete' }));
    await expectToast('Restored 1 contact.');
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(5));
  });

  it('saves edited cells with Modify Confirm, and keeps a merge from losing them', async () => {
    const user = userEvent.setup();
    render(<DuplicateCheckTab addressBookId={1} />, { wrapper });
    await searchFor(user, '010-9999-0000');
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Modify Confirm' }));
    await expectToast('There are no changes to save.');

    const memo = screen.getByRole('textbox', { name: 'Memo of 이서연2 (ID 6)' });
    await user.clear(memo);
    await user.type(memo, 'callback Friday');
    await user.click(screen.getByRole('checkbox', { name: 'Check of 이서연 (ID 5)' }));
    await user.click(screen.getByRole('button', { name: 'Quick Process' }));
    await expectToast('Please save your changes with Modify Confirm first.');

    await user.click(screen.getByRole('button', { name: 'Modify Confirm' }));
    await expectToast('Saved 2 contacts.');
    expect(seen.find((call) => call.path === 'contacts' && call.method === 'PUT')?.body).toEqual({
      contacts: [
        { id: 5, version: 1, check: true },
        { id: 6, version: 1, memo: 'callback Friday' },
      ],
    });
  });

  it('keeps an edit refused because someone else changed the row meanwhile, saves the others, and re-applies it', async () => {
    const user = userEvent.setup();
    render(<DuplicateCheckTab addressBookId={1} />, { wrapper });
    await searchFor(user, '010-9999-0000');
    await screen.findByRole('table');
    const memoOf = (name: string) => screen.getByRole('textbox', { name: `Memo of ${name}` }) as HTMLInputElement;
    await user.clear(memoOf('이서연 (ID 5)'));
    await user.type(memoOf('이서연 (ID 5)'), 'mine');
    await user.clear(memoOf('이서연2 (ID 6)'));
    await user.type(memoOf('이서연2 (ID 6)'), 'also mine');
    // Another staff member saves row 5 meanwhile.
    Object.assign(
      rows.find((contact) => contact.id === 5)!,
      { memo: 'theirs', version: 2 },
    );

    await user.click(screen.getByRole('button', { name: 'Modify Confirm' }));
    await expectToast(
      'someone else changed 이서연 (Memo) meanwhile. The row shows the saved values; your edit is kept to re-apply. Saved 1 other contact.',
    );
    expect(rows.find((contact) => contact.id === 6)).toMatchObject({ memo: 'also mine', version: 2 });
    const notice = await screen.findByRole('region', { name: 'Someone else changed 이서연 while you were editing.' });
    await waitFor(() => expect(memoOf('이서연 (ID 5)').value).toBe('theirs'));
    expect(within(notice).getByRole('row', { name: 'Memo theirs mine' })).toBeTruthy();

    await user.click(within(notice).getByRole('button', { name: 'Re-apply my edit' }));
    expect(memoOf('이서연 (ID 5)').value).toBe('mine');
    await user.click(screen.getByRole('button', { name: 'Modify Confirm' }));
    await waitFor(() => expect(rows.find((contact) => contact.id === 5)).toMatchObject({ memo: 'mine', version: 3 }));
  });

  it('shows the spec errors of a failed merge', async () => {
    const user = userEvent.setup();
    render(<DuplicateCheckTab addressBookId={1} />, { wrapper });
    await searchFor(user, '010-9999-0000');
    await screen.findByRole('table');
    failNext = { path: 'contacts/merge', status: 500, message: 'Internal server error' };
    await user.click(screen.getByRole('button', { name: 'Quick Process' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Merge' }));
    await expectToast('An error occurred while merging data.');
    expect(screen.getAllByRole('alert').some((toast) => toast.textContent?.startsWith('Error'))).toBe(true);

    rows = rows.map((contact) => (contact.id === 5 ? { ...contact, deleted: true } : contact));
    await user.click(screen.getByRole('button', { name: 'Quick Process' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Merge' }));
    await expectToast('Contact not found');
  });

  it('lists the duplicate groups of the book, and choosing one searches it', async () => {
    const user = userEvent.setup();
    render(<DuplicateCheckTab addressBookId={1} />, { wrapper });
    const groups = await screen.findByRole('list', { name: 'Duplicate phone numbers' });
    expect(screen.getByText('6 of 7 contacts share a phone number with another')).toBeTruthy();
    await user.click(within(groups).getByRole('button', { name: '010-9999-0000 2 contacts' }));
    expect((screen.getByRole('textbox', { name: 'Phone number' }) as HTMLInputElement).value).toBe('010-9999-0000');
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });

  it('fills in a stored phone after 200 ms and searches it 1000 ms later (spec §9)', async () => {
    vi.useFakeTimers();
    localStorage.setItem('duplicateCheckPhone', '010 1234 5678');
    render(<DuplicateCheckTab addressBookId={1} />, { wrapper });
    const box = screen.getByRole('textbox', { name: 'Phone number' }) as HTMLInputElement;
    await act(() => vi.advanceTimersByTimeAsync(199));
    expect(box.value).toBe('');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(box.value).toBe('010 1234 5678');
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(searchCalls()).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    vi.useRealTimers();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    expect(searchCalls()).toHaveLength(1);
  });
});
