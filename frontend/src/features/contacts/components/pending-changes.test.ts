import { describe, expect, it } from 'vitest';
import type { Contact } from '../api/contacts-keys.ts';
import { addEdits, NO_CHANGES, retryDelay, settle, toSaveBody, withEdits, withoutContacts } from './pending-changes.ts';
import { contactFixture } from './contact-fixture.ts';

const row = (id: number): Contact => contactFixture(id, { contactName: `Name ${id}`, phoneNumber: '010' });

describe('pending changes', () => {
  it('keeps only fields that differ from the server', () => {
    let pending = addEdits(NO_CHANGES, row(1), { contactName: 'Kim', email: 'a@b.c' });
    expect(toSaveBody(pending)).toEqual([{ id: 1, version: 1, contactName: 'Kim', email: 'a@b.c' }]);
    pending = addEdits(pending, row(1), { email: '' });
    expect(toSaveBody(pending)).toEqual([{ id: 1, version: 1, contactName: 'Kim' }]);
    pending = addEdits(pending, row(1), { contactName: 'Name 1' });
    expect(pending.size).toBe(0);
  });

  it('sends the version of the row as it was when first edited, even after the list was read again', () => {
    const pending = addEdits(
      addEdits(NO_CHANGES, row(1), { memo: 'mine' }),
      { ...row(1), memo: 'theirs', version: 2 },
      { email: 'a@b.c' },
    );
    expect(toSaveBody(pending)).toEqual([{ id: 1, version: 1, memo: 'mine', email: 'a@b.c' }]);
  });

  it('settles what was sent and keeps what changed since, on the version the save made', () => {
    const sent = toSaveBody(addEdits(NO_CHANGES, row(1), { contactName: 'Kim', memo: 'm' }));
    const later = addEdits(addEdits(NO_CHANGES, row(1), { contactName: 'Kim', memo: 'm2' }), row(2), {
      email: 'x@y.z',
    });
    expect(toSaveBody(settle(later, sent, [{ ...row(1), contactName: 'Kim', memo: 'm', version: 2 }]))).toEqual([
      { id: 1, version: 2, memo: 'm2' },
      { id: 2, version: 1, email: 'x@y.z' },
    ]);
  });

  it('sets aside the edits of contacts whose save was refused', () => {
    const pending = addEdits(addEdits(NO_CHANGES, row(1), { memo: 'a' }), row(2), { memo: 'b' });
    expect(toSaveBody(withoutContacts(pending, [1]))).toEqual([{ id: 2, version: 1, memo: 'b' }]);
  });

  it('shows edits over the row', () => {
    const pending = addEdits(NO_CHANGES, row(3), { groupId: 4 });
    expect(withEdits(row(3), pending).groupId).toBe(4);
    expect(withEdits(row(5), pending)).toEqual(row(5));
  });

  it('backs off up to 30 s', () => {
    expect([1, 2, 3, 6, 20].map(retryDelay)).toEqual([1000, 2000, 4000, 30_000, 30_000]);
  });
});
