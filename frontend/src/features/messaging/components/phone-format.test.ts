import { describe, expect, it } from 'vitest';
import { formatPhone, phoneDigits } from './phone-format.ts';

describe('phone numbers', () => {
  it('strip to digits', () => {
    expect(phoneDigits(' 010-9876 5432 ')).toBe('01098765432');
    expect(phoneDigits('(02) 1234.5678')).toBe('0212345678');
  });

  it('are shown with their hyphens, Seoul’s 02 included', () => {
    expect(formatPhone('01098765432')).toBe('010-9876-5432');
    expect(formatPhone('0212345678')).toBe('02-1234-5678');
    expect(formatPhone('0311234567')).toBe('031-123-4567');
    expect(formatPhone('1588')).toBe('1588');
  });
});
