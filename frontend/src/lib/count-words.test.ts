import { describe, expect, it } from 'vitest';
import { countOf } from './count-words.ts';

describe('countOf', () => {
  it('says one thing in the singular and any other count in the plural', () => {
    expect(countOf(1, 'post')).toBe('1 post');
    expect(countOf(0, 'post')).toBe('0 posts');
    expect(countOf(2, 'contact')).toBe('2 contacts');
    expect(countOf(1, 'person', 'people')).toBe('1 person');
    expect(countOf(12_345, 'person', 'people')).toBe('12,345 people');
  });
});
