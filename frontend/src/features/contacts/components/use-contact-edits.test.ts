import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error.ts';
import type { ContactChange } from '../api/contacts.ts';
import type { Contact } from '../api/contacts-keys.ts';
import { contactFixture } from './contact-fixture.ts';

const saveContacts = vi.fn<(bookId: number, rows: ContactChange[]) => Promise<Contact[]>>();
vi.mock('../api/contacts.ts', () => ({
  saveContacts: (bookId: number, rows: ContactChange[]) => saveContacts(bookId, rows),
}));
const toastError = vi.fn();
vi.mock('./contact-toast.ts', () => ({
  contactToast: { error: (message: string) => toastError(message) },
  reasonOf: (failure: Error) => failure.message,
}));

const { useContactEdits } = await import('./use-contact-edits.ts');

const kim = contactFixture(1, { contactName: '김민준', memo: '' });
const lee = contactFixture(2, { contactName: '이서연' });
// Someone else wrote Kim's memo meanwhile.
const kimNow = { ...kim, memo: '오디션 합격', version: 2 };
const stale = new ApiError(409, {
  statusCode: 409,
  error: 'Conflict',
  message: 'Changed by someone else meanwhile',
  details: { conflictingFields: ['memo'], staleRecords: [{ id: 1, conflictingFields: ['memo'], current: kimNow }] },
});

beforeEach(() => {
  saveContacts.mockReset();
  toastError.mockReset();
});

describe('the contact table’s edits', () => {
  it('sets aside an edit refused as stale, saves the other rows at once, and re-applies it on the current version', async () => {
    saveContacts
      .mockRejectedValueOnce(stale)
      .mockImplementation(async (_book, rows) =>
        rows.map((row) => ({ ...lee, ...row, version: (row.version ?? 0) + 1 }) as Contact),
      );
    const { result } = renderHook(() => useContactEdits(7, true));

    act(() => {
      result.current.edit(kim, { memo: '연락 안 됨' });
      result.current.edit(lee, { email: 'lee@example.com' });
    });
    await waitFor(() => expect(result.current.refused).toHaveLength(1));
    expect(saveContacts.mock.calls[0][1]).toEqual([
      { id: 1, version: 1, memo: '연락 안 됨' },
      { id: 2, version: 1, email: 'lee@example.com' },
    ]);
    // Nothing of the refused save was kept: Lee's row goes again by itself.
    await waitFor(() => expect(saveContacts).toHaveBeenCalledTimes(2));
    expect(saveContacts.mock.calls[1][1]).toEqual([{ id: 2, version: 1, email: 'lee@example.com' }]);
    await waitFor(() => expect(result.current.pending.size).toBe(0));
    expect(result.current.refused).toEqual([
      { contact: kimNow, conflictingFields: ['memo'], edits: { memo: '연락 안 됨' } },
    ]);
    expect(toastError).toHaveBeenCalledWith(
      'An error occurred while saving: someone else changed 김민준 (Memo) meanwhile. The row shows the saved values; your edit is kept to re-apply.',
    );

    act(() => result.current.reapply(1));
    await waitFor(() => expect(saveContacts).toHaveBeenCalledTimes(3));
    expect(saveContacts.mock.calls[2][1]).toEqual([{ id: 1, version: 2, memo: '연락 안 됨' }]);
    expect(result.current.refused).toEqual([]);
  });

  it('drops a refused edit when asked', async () => {
    saveContacts.mockRejectedValueOnce(stale);
    const { result } = renderHook(() => useContactEdits(7, true));
    act(() => result.current.edit(kim, { memo: '연락 안 됨' }));
    await waitFor(() => expect(result.current.refused).toHaveLength(1));
    act(() => result.current.dismiss(1));
    expect(result.current.refused).toEqual([]);
    expect(result.current.pending.size).toBe(0);
    expect(saveContacts).toHaveBeenCalledTimes(1);
  });
});
