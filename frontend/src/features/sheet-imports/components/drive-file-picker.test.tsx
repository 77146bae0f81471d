import { describe, expect, it } from 'vitest';
import { tabToLoad } from './drive-file-picker.tsx';

const tabs = (...titles: string[]) => titles.map((title) => ({ title, rowCount: 1000 }));

describe('tabToLoad', () => {
  it('is nothing until the sheets are listed, and nothing picked among several', () => {
    expect(tabToLoad(undefined, '공고')).toBe('');
    expect(tabToLoad(tabs('공고', 'posts'), '')).toBe('');
  });

  it('is the sheet picked when the spreadsheet has it, also one picked for an earlier spreadsheet', () => {
    expect(tabToLoad(tabs('공고', 'posts'), 'posts')).toBe('posts');
    expect(tabToLoad(tabs('모델', 'models'), 'posts')).toBe('');
  });

  it('is the only sheet of a one-sheet spreadsheet', () => {
    expect(tabToLoad(tabs('공고'), '')).toBe('공고');
    expect(tabToLoad(tabs('공고'), 'posts')).toBe('공고');
  });
});
