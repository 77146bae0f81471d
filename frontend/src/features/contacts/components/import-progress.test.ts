import { describe, expect, it } from 'vitest';
import { importedText, isFinished, progressPercent } from './import-progress.ts';

describe('import progress', () => {
  it('is a whole percentage', () => {
    expect(progressPercent({ done: 0, total: 0 })).toBe(0);
    expect(progressPercent({ done: 1, total: 3 })).toBe(33);
    expect(progressPercent({ done: 5, total: 4 })).toBe(100);
  });

  it('knows when an import is over', () => {
    expect(isFinished('queued')).toBe(false);
    expect(isFinished('running')).toBe(false);
    expect(isFinished('completed')).toBe(true);
    expect(isFinished('failed')).toBe(true);
  });

  it('reports a finished import in its mode’s words', () => {
    const job = { imported: 3, matchedRows: 4, updated: 5, rejected: [{}] };
    expect(importedText({ ...job, mode: 'add' })).toBe('Imported 3 contacts. Rejected 1.');
    expect(importedText({ ...job, mode: 'update' })).toBe(
      'Added 3 contacts, updated 5 from 4 matching rows. Rejected 1.',
    );
    expect(importedText({ ...job, mode: 'skip' })).toBe('Added 3 contacts, skipped 4 matching rows. Rejected 1.');
  });
});
