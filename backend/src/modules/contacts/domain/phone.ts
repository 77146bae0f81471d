/**
 * The digits of a phone number as staff type it, so that every written form of one number matches the others:
 * hyphens, spaces, dots and brackets go, and the country code +82 (with an optional trunk "(0)") becomes the
 * leading 0 of a Korean number: 010-1234-5678, 01012345678, +82 10 1234 5678 and 010.1234.5678 are one number.
 */
/** The most digits a phone may have: more is a typing slip, not a number. */
export const MAX_PHONE_DIGITS = 20;

export function phoneDigits(typed: string): string {
  const trimmed = typed.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+82')) {
    const national = digits.slice(2).replace(/^0/, '');
    return national ? `0${national}` : '';
  }
  return digits;
}
