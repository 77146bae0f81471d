import { describe, expect, it } from 'vitest';
import type { Contact } from '../api/contacts-keys.ts';
import { addEdits, NO_CHANGES, retryDelay, settle, toSaveBody, withEdits } from './pending-changes.ts';
import { contactFixture } from './contact-fixture.ts';

const row = (id: number): Contact => contactFixture(id, { contactName: `Name ${id}`, phoneNumber: '010' });

describe('pending changes', () => {
  it('keeps only fields that differ from the server', () => {
    let pending = addEdits(NO_CHANGES, row(1), { contactName: 'Kim', email: 'a@b.c' });
    expect(toSaveBody(pending)).toEqual([{ id: 1, contactName: 'Kim', email: 'a@b.c' }]);
    pending = addEdits(pending, row(1), { email: '' });
    expect(toSaveBody(pending)).toEqual([{ id: 1, contactName: 'Kim' }]);
    pending = addEdits(pending, row(1), { contactName: 'Name 1' });
    expect(pending.size).toBe(0);
  });

  it('settles what was sent and keeps what changed since', () => {
    const sent = toSaveBody(addEdits(NO_CHANGES, row(1), { contactName: 'Kim', memo: 'm' }));
    const later = addEdits(addEdits(NO_CHANGES, row(1), { contactName: 'Kim', memo: 'm2' }), row(2), { email: 'x@y.z' });
    expect(toSaveBody(settle(later, sent))).toEqual([
      { id: 1, memo: 'm2' },
      { id: 2, email: 'x@y.z' },
    ]);
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
