import { describe, expect, it } from 'vitest';
import {
  buildMergeRequest,
  buildQuickProcess,
  changedRows,
  checkDeletion,
  checkNoUnsavedEdits,
  checkSearchPhone,
  chooseDefault,
  distinctValues,
  DUPLICATE_MESSAGES,
  type DuplicateContact,
  editCell,
  failureMessage,
  mergeAvailability,
  survivorRevert,
  withoutRows,
} from './duplicate-merge.ts';
import { contactFixture } from './contact-fixture.ts';

const contact = (id: number, fields: Partial<DuplicateContact> = {}): DuplicateContact =>
  contactFixture(id, { phoneNumber: '010-1234-5678', ...fields });

describe('the search phone', () => {
  it('refuses a blank box, or one without a digit, with the spec message', () => {
    for (const typed of ['', '   ', '-', 'abc']) {
      expect(checkSearchPhone(typed)).toEqual({ ok: false, message: 'Please enter a phone number to search.' });
    }
  });

  it('searches the phone as typed, trimmed', () => {
    expect(checkSearchPhone(' +82 10 1234 5678 ')).toEqual({ ok: true, value: '+82 10 1234 5678' });
  });
});

describe('distinct values for the merge boxes', () => {
  it('splits e-mail lists on commas and semicolons and compares them without case', () => {
    const contacts = [
      contact(1, { email: 'a@x.kr; B@x.kr' }),
      contact(2, { email: 'b@x.kr, c@x.kr' }),
      contact(3, { email: 'A@X.KR' }),
    ];
    expect(distinctValues(contacts, 'email')).toEqual(['a@x.kr', 'B@x.kr', 'c@x.kr']);
  });

  it('skips blanks and compares memos exactly', () => {
    const contacts = [
      contact(1, { memo: ' ' }),
      contact(2, { memo: '' }),
      contact(3, { memo: 'Call' }),
      contact(4, { memo: 'call' }),
    ];
    expect(distinctValues(contacts, 'memo')).toEqual(['Call', 'call']);
  });

  it('enables a box only when more than one distinct non-blank value exists', () => {
    expect(mergeAvailability([])).toEqual({ emails: false, memos: false });
    expect(
      mergeAvailability([
        contact(1, { email: 'a@x.kr', memo: 'm' }),
        contact(2, { email: 'A@x.kr ', memo: 'm' }),
        contact(3),
      ]),
    ).toEqual({
      emails: false,
      memos: false,
    });
    expect(
      mergeAvailability([contact(1, { email: 'a@x.kr', memo: 'one' }), contact(2, { email: 'b@x.kr', memo: 'two' })]),
    ).toEqual({
      emails: true,
      memos: true,
    });
    // One cell holding two addresses is two values.
    expect(mergeAvailability([contact(1, { email: 'a@x.kr;b@x.kr' })]).emails).toBe(true);
  });
});

describe('Set as Default', () => {
  it('needs exactly one selected item', () => {
    expect(chooseDefault([])).toEqual({ ok: false, message: 'Please select an item to set as default.' });
    expect(chooseDefault([3, 4])).toEqual({ ok: false, message: 'Only one item can be set as default.' });
    expect(chooseDefault([4, 4])).toEqual({ ok: true, value: 4 });
    expect(chooseDefault(new Set([7]))).toEqual({ ok: true, value: 7 });
  });
});

describe('Confirm', () => {
  const results = [
    contact(1, { email: 'a@x.kr', memo: 'same' }),
    contact(2, { email: 'b@x.kr', memo: 'same' }),
    contact(3),
  ];

  it('needs a default among the results', () => {
    expect(buildMergeRequest(results, null, { mergeEmails: true, mergeMemos: true })).toEqual({
      ok: false,
      message: 'Please set a default value.',
    });
    expect(buildMergeRequest(results, 99, { mergeEmails: true, mergeMemos: true })).toEqual({
      ok: false,
      message: 'Please set a default value.',
    });
  });

  it('merges every result into the default, survivor included, and sends a box that cannot be ticked as false', () => {
    expect(buildMergeRequest(results, 2, { mergeEmails: true, mergeMemos: true })).toEqual({
      ok: true,
      value: { survivorId: 2, contactIds: [1, 2, 3], mergeEmails: true, mergeMemos: false },
    });
    expect(buildMergeRequest(results, 2, { mergeEmails: false, mergeMemos: false })).toMatchObject({
      value: { mergeEmails: false },
    });
  });

  it('has nothing to merge with fewer than two results', () => {
    expect(buildMergeRequest([], null, { mergeEmails: false, mergeMemos: false })).toEqual({
      ok: false,
      message: 'No data to process.',
    });
    expect(buildMergeRequest([contact(1)], 1, { mergeEmails: false, mergeMemos: false })).toEqual({
      ok: false,
      message: DUPLICATE_MESSAGES.nothingToMerge,
    });
  });

  it('waits for unsaved edits to be saved', () => {
    expect(checkNoUnsavedEdits({})).toEqual({ ok: true, value: null });
    expect(checkNoUnsavedEdits({ 1: { version: 1, fields: { memo: 'x' } } })).toEqual({
      ok: false,
      message: DUPLICATE_MESSAGES.unsavedEdits,
    });
  });
});

describe('Quick Process', () => {
  it('says there is no data on empty results', () => {
    expect(buildQuickProcess([])).toEqual({ ok: false, message: 'No data to process.' });
  });

  it('merges into the first contact with both boxes on when they can be', () => {
    const results = [
      contact(5, { memo: 'a' }),
      contact(6, { memo: 'b', email: 'x@x.kr' }),
      contact(7, { email: 'X@x.kr' }),
    ];
    expect(buildQuickProcess(results)).toEqual({
      ok: true,
      value: { survivorId: 5, contactIds: [5, 6, 7], mergeEmails: false, mergeMemos: true },
    });
  });
});

describe('Delete Selected', () => {
  it('needs a selection among the rows shown', () => {
    const results = [contact(1), contact(2)];
    expect(checkDeletion(results, new Set())).toEqual({ ok: false, message: 'No contacts were selected to delete' });
    expect(checkDeletion(results, new Set([9]))).toEqual({ ok: false, message: 'No contacts were selected to delete' });
    expect(checkDeletion(results, new Set([2, 9]))).toEqual({ ok: true, value: [2] });
  });
});

describe('Modify Confirm', () => {
  const saved = contact(1, { contactName: '김민준', memo: 'old' });

  it('keeps only the cells that differ from the saved row', () => {
    let edits = editCell({}, saved, 'memo', 'new');
    edits = editCell(edits, saved, 'contactName', '김민준');
    edits = editCell(edits, saved, 'check', true);
    expect(edits).toEqual({ 1: { version: 1, fields: { memo: 'new', check: true } } });
    expect(changedRows([saved, contact(2)], edits)).toEqual({
      ok: true,
      value: [{ id: 1, version: 1, memo: 'new', check: true }],
    });
  });

  it('sends the version of the row as it was when first edited', () => {
    const edits = editCell(editCell({}, saved, 'memo', 'new'), { ...saved, version: 2 }, 'contactName', '김민수');
    expect(changedRows([{ ...saved, version: 2 }], edits)).toEqual({
      ok: true,
      value: [{ id: 1, version: 1, memo: 'new', contactName: '김민수' }],
    });
    expect(withoutRows(edits, [1])).toEqual({});
  });

  it('forgets a cell typed back to its saved value, and says when nothing changed', () => {
    const edits = editCell(editCell({}, saved, 'memo', 'new'), saved, 'memo', 'old');
    expect(edits).toEqual({});
    expect(changedRows([saved], edits)).toEqual({ ok: false, message: 'There are no changes to save.' });
    // Edits of a row that is no longer shown are not sent.
    expect(changedRows([saved], { 2: { version: 1, fields: { memo: 'x' } } })).toEqual({
      ok: false,
      message: 'There are no changes to save.',
    });
  });
});

describe('undoing a merge', () => {
  const before = contact(1, { email: 'a@x.kr', memo: '', definition1: '' });
  const after = contact(1, { email: 'a@x.kr, b@x.kr', memo: 'from b', definition1: '배우' });

  it('gives the survivor back the fields the merge changed', () => {
    expect(survivorRevert(before, after)).toEqual({ id: 1, version: 1, email: 'a@x.kr', memo: '', definition1: '' });
    expect(survivorRevert(before, before)).toBeNull();
  });

  it('keeps a field changed again since the merge', () => {
    expect(survivorRevert(before, after, { ...after, memo: 'edited later', version: 3 })).toEqual({
      id: 1,
      version: 3,
      email: 'a@x.kr',
      definition1: '',
    });
  });
});

describe('failure messages (spec §8)', () => {
  it('names a missing contact', () => {
    expect(failureMessage('merge', { status: 404, reason: 'Not Found' })).toBe('Contact not found');
    expect(failureMessage('process', { status: 404, reason: 'Not Found' })).toBe('Contact not found');
  });

  it("shows a merge rule's reason, else the merge error", () => {
    expect(failureMessage('merge', { status: 400, reason: 'Please set a default value.' })).toBe(
      'Please set a default value.',
    );
    expect(failureMessage('merge', { status: 500, reason: 'Internal' })).toBe('An error occurred while merging data.');
    expect(failureMessage('merge', { reason: 'Failed to fetch' })).toBe('An error occurred while merging data.');
  });

  it('names the reason of other failures', () => {
    expect(failureMessage('process', { status: 500, reason: 'Database down' })).toBe(
      'An error occurred while processing: Database down',
    );
    expect(failureMessage('save', { status: 400, reason: 'email must be shorter' })).toBe(
      'An error occurred while saving: email must be shorter',
    );
  });
});
