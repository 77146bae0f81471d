import { describe, expect, it } from 'vitest';
import { isFinished, progressPercent } from './import-progress.ts';

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
});
