import { createHash } from 'node:crypto';
import { postKeyFor, urlPostKey } from './post-key.js';

describe('postKeyFor', () => {
  it("uses the sheet's post id, trimmed", () => {
    expect(postKeyFor('  P-2026-001 ', 'https://example.kr/p/1')).toBe('P-2026-001');
  });

  it('derives url- + 16 hex of the SHA-256 of the URL when there is no id', () => {
    const url = 'https://www.filmmakers.co.kr/actorsAudition/123';
    const expected = `url-${createHash('sha256').update(url).digest('hex').slice(0, 16)}`;
    expect(postKeyFor(null, url)).toBe(expected);
    expect(postKeyFor('   ', ` ${url}  `)).toBe(expected);
    expect(urlPostKey(url)).toMatch(/^url-[0-9a-f]{16}$/);
    expect(urlPostKey(url)).not.toBe(urlPostKey(`${url}4`));
  });

  it('is null without an id or a URL', () => {
    expect(postKeyFor(undefined, undefined)).toBeNull();
    expect(postKeyFor('', ' ')).toBeNull();
  });

  it('refuses an id too long for the column', () => {
    expect(() => postKeyFor('x'.repeat(101), null)).toThrow(RangeError);
    expect(postKeyFor('x'.repeat(100), null)).toHaveLength(100);
  });
});
