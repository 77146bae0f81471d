import { formatPhone, mobileDigits, phoneDigits } from './phone.js';

describe('phoneDigits', () => {
  it('makes every written form of one Korean mobile number the same digits', () => {
    for (const typed of [
      '010-1234-5678',
      '01012345678',
      '+82 10 1234 5678',
      '010.1234.5678',
      '+82-10-1234-5678',
      '+82 (0)10 1234 5678',
      ' (010) 1234 5678 ',
    ]) {
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

describe('mobileDigits', () => {
  it('takes Korean mobile numbers in any written form', () => {
    expect(mobileDigits('010-1234-5678')).toBe('01012345678');
    expect(mobileDigits('+82 10 1234 5678')).toBe('01012345678');
    expect(mobileDigits('011-123-4567')).toBe('0111234567');
  });

  it('refuses landlines, representative numbers and numbers of the wrong length', () => {
    expect(mobileDigits('02-555-0101')).toBeNull();
    expect(mobileDigits('1588-1234')).toBeNull();
    expect(mobileDigits('010-1234-56789')).toBeNull();
    expect(mobileDigits('012-1234-5678')).toBeNull();
  });
});

describe('formatPhone', () => {
  it('writes numbers with their hyphens, Seoul’s 02 included', () => {
    expect(formatPhone('01098765432')).toBe('010-9876-5432');
    expect(formatPhone('0212345678')).toBe('02-1234-5678');
    expect(formatPhone('0311234567')).toBe('031-123-4567');
    expect(formatPhone('1588')).toBe('1588');
  });
});
