import { describe, expect, it } from 'vitest';
import { parseGoToPage, sanitizePageInput } from './go-to-page.ts';

describe('sanitizePageInput', () => {
  it('keeps digits only, no more than totalPages has', () => {
    expect(sanitizePageInput('1a2', 40)).toBe('12');
    expect(sanitizePageInput('123', 40)).toBe('12');
    expect(sanitizePageInput('-5', 9)).toBe('5');
    expect(sanitizePageInput('٣', 9)).toBe('');
    expect(sanitizePageInput('', 0)).toBe('');
  });
});

describe('parseGoToPage', () => {
  it('accepts 1 to totalPages', () => {
    expect(parseGoToPage('1', 12)).toEqual({ ok: true, page: 1 });
    expect(parseGoToPage('12', 12)).toEqual({ ok: true, page: 12 });
    expect(parseGoToPage(' 07 ', 12)).toEqual({ ok: true, page: 7 });
  });

  it('refuses blanks, non-digits, zero, pages past the end and too many digits', () => {
    for (const input of ['', '0', '13', 'a', '1.5', '-1', '007']) {
      expect(parseGoToPage(input, 12)).toEqual({ ok: false, message: 'Enter a page number from 1 to 12.' });
    }
  });
});
