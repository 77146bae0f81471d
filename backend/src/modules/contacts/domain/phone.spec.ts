import { phoneDigits } from './phone.js';

describe('phoneDigits', () => {
  it('makes every written form of one Korean mobile number the same digits', () => {
    for (const typed of ['010-1234-5678', '01012345678', '+82 10 1234 5678', '010.1234.5678', '+82-10-1234-5678', '+82 (0)10 1234 5678', ' (010) 1234 5678 ']) {
      expect(phoneDigits(typed)).toBe('01012345678');
    }
  });

  it('keeps landlines and numbers without a plus as their digits', () => {
    expect(phoneDigits('02-555-0101')).toBe('025550101');
    expect(phoneDigits('+82 2 555 0101')).toBe('025550101');
    expect(phoneDigits('82-10-1234-5678')).toBe('821012345678');
  });

  it('answers empty digits for text without a number', () => {
    expect(phoneDigits('')).toBe('');
    expect(phoneDigits('없음')).toBe('');
    expect(phoneDigits('+82')).toBe('');
  });
});
