import { describe, expect, it } from 'vitest';
import { importButtonLabel, modeOutcome, reportText, restoreQuestion, revertQuestion } from './import-modes.ts';

const matches = { addressBookId: 1, newRows: 3, matchingRows: 4, matchedContacts: 5, rejectedRows: 1 };

describe('import modes', () => {
  it('say what each mode will do with the preview’s counts', () => {
    expect(modeOutcome('add', matches)).toBe('7 contacts will be added.');
    expect(modeOutcome('update', matches)).toBe(
      '3 new contacts will be added; 5 contacts updated from 4 matching rows.',
    );
    expect(modeOutcome('skip', { ...matches, newRows: 1, matchingRows: 1 })).toBe(
      '1 new contact will be added; 1 matching row left out.',
    );
  });

  it('name the import button by rows unless every row becomes a contact', () => {
    expect(importButtonLabel('add', 3)).toBe('Import 3 contacts');
    expect(importButtonLabel('update', 3)).toBe('Import 3 rows');
  });
});

describe('reverting an import', () => {
  it('asks naming what will be removed and restored', () => {
    expect(revertQuestion({ addedInBook: 120, updated: 30 })).toBe(
      'Revert this import? 120 added contacts will be removed and 30 updated contacts restored.',
    );
    expect(revertQuestion({ addedInBook: 1, updated: 0 })).toBe('Revert this import? 1 added contact will be removed.');
    expect(revertQuestion({ addedInBook: 0, updated: 0 })).toBe(
      'Revert this import? It left nothing in the book to undo.',
    );
  });

  it('asks before undoing a revert, from what the revert did', () => {
    const lastReport = { action: 'revert' as const, removed: 3, restored: 4, keptCount: 0, kept: [] };
    expect(restoreQuestion({ lastReport })).toBe(
      'Restore this import? 3 removed contacts will come back and 4 restored contacts get the import’s values again.',
    );
    expect(restoreQuestion({ lastReport: null })).toBe('Restore this import?');
  });

  it('reports the fields kept because staff changed them since, by their column names', () => {
    const report = {
      action: 'revert' as const,
      removed: 3,
      restored: 4,
      keptCount: 3,
      kept: [{ contactId: 1, name: '김민준', fields: ['memo', 'kakaoTalk', 'groupId'] }],
    };
    expect(reportText(report)).toBe(
      'Import reverted: 3 contacts removed, 4 contacts restored. Changed since the import and kept: 김민준 (Memo, KakaoTalk Chat Name, Group) and 2 more.',
    );
    expect(reportText({ ...report, action: 'restore', keptCount: 0, kept: [] })).toBe(
      'Import restored: 3 contacts back, 4 contacts updated again.',
    );
  });
});
