/** Digits only: how the API keeps a sender number (spec §5: stripped before sending). */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/** A Korean number as people write it: 02-1234-5678, 010-9876-5432; anything else as given. */
export function formatPhone(phone: string): string {
  const digits = phoneDigits(phone);
  const match = /^(02|0\d{2})(\d{3,4})(\d{4})$/.exec(digits);
  return match ? `${match[1]}-${match[2]}-${match[3]}` : phone;
}
