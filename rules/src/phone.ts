// Korean phone numbers as staff type them and as the gateway takes them.

/** The most digits a phone may have: more is a typing slip, not a number. */
export const MAX_PHONE_DIGITS = 20;

/**
 * The digits of a phone number as staff type it, so that every written form of one number matches the others:
 * hyphens, spaces, dots and brackets go, and the country code +82 (with an optional trunk "(0)") becomes the
 * leading 0 of a Korean number: 010-1234-5678, 01012345678, +82 10 1234 5678 and 010.1234.5678 are one number.
 */
export function phoneDigits(typed: string): string {
  const trimmed = typed.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+82')) {
    const national = digits.slice(2).replace(/^0/, '');
    return national ? `0${national}` : '';
  }
  return digits;
}

/**
 * A Korean mobile number (010, 011, 016 to 019 and 7 or 8 digits), the only numbers a text reaches; a landline or
 * a representative number (1588-…) is not one.
 */
const MOBILE = /^01[016789]\d{7,8}$/;

/** The digits of a mobile number as typed, or null when it is not one. */
export function mobileDigits(typed: string): string | null {
  const digits = phoneDigits(typed);
  return MOBILE.test(digits) ? digits : null;
}

/** A Korean number as people write it: 02-1234-5678, 010-9876-5432; anything else as given. */
export function formatPhone(phone: string): string {
  const digits = phoneDigits(phone);
  const match = /^(02|0\d{2})(\d{3,4})(\d{4})$/.exec(digits);
  return match ? `${match[1]}-${match[2]}-${match[3]}` : phone;
}
