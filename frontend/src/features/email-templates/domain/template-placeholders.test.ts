import { describe, expect, it } from 'vitest';
import { insertAtCursor, normaliseNewlines, PLACEHOLDER_TABS, placeholder } from './template-placeholders.ts';

describe('insertAtCursor', () => {
  it('inserts at the caret and puts the caret after the insertion', () => {
    expect(insertAtCursor('Hello !', 6, 6, '{{name}}')).toEqual({ text: 'Hello {{name}}!', cursor: 14 });
  });

  it('replaces the selection', () => {
    expect(insertAtCursor('Dear XXX,', 5, 8, '{{manager}}')).toEqual({ text: 'Dear {{manager}},', cursor: 16 });
  });

  it('inserts at the start and at the end, and into empty text', () => {
    expect(insertAtCursor('abc', 0, 0, 'X')).toEqual({ text: 'Xabc', cursor: 1 });
    expect(insertAtCursor('abc', 3, 3, 'X')).toEqual({ text: 'abcX', cursor: 4 });
    expect(insertAtCursor('', 0, 0, '{{stage}}')).toEqual({ text: '{{stage}}', cursor: 9 });
  });

  it('tolerates reversed and out-of-range positions', () => {
    expect(insertAtCursor('abcdef', 4, 1, 'X')).toEqual({ text: 'aXef', cursor: 2 });
    expect(insertAtCursor('abc', 10, 20, 'X')).toEqual({ text: 'abcX', cursor: 4 });
    expect(insertAtCursor('abc', -5, 1, 'X')).toEqual({ text: 'Xbc', cursor: 1 });
    expect(insertAtCursor('abc', Number.NaN, Number.NaN, 'X')).toEqual({ text: 'abcX', cursor: 4 });
  });

  it('keeps multi-line text intact', () => {
    expect(insertAtCursor('line1\nline2', 6, 6, '{{nameKor}} ')).toEqual({
      text: 'line1\n{{nameKor}} line2',
      cursor: 18,
    });
  });
});

describe('placeholders', () => {
  it('has the three tabs with every placeholder once', () => {
    expect(PLACEHOLDER_TABS.map((tab) => tab.label)).toEqual([
      'Model Information',
      'Media & Links',
      'Profile & Contact',
    ]);
    const all = PLACEHOLDER_TABS.flatMap((tab) => tab.names);
    expect(all).toHaveLength(21);
    expect(new Set(all).size).toBe(all.length);
    expect(placeholder('nameEng')).toBe('{{nameEng}}');
  });

  it('turns Windows line endings into newlines', () => {
    expect(normaliseNewlines('a\r\nb\rc\nd')).toBe('a\nb\nc\nd');
  });
});
