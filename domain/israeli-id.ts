/**
 * The Israeli identity number (מספר זהות): nine digits whose last is a check digit (Luhn over
 * weights 1,2,1,2…). Shorter numbers are written without their leading zeros, so they are padded
 * before the check. The brokerage order needs it for both broker and client (Real Estate Brokers
 * regulations, 1997, §1), and the form and the server check it with this one rule.
 */

export const ISRAELI_ID_MAX_DIGITS = 9;

/** Digits only, padded to nine; null when the text cannot be an identity number at all. */
export function normalizeIsraeliId(text: string): string | null {
  const digits = text.replace(/[\s-]/g, '');
  if (!/^\d{5,9}$/.test(digits)) return null;
  return digits.padStart(ISRAELI_ID_MAX_DIGITS, '0');
}

/** True when the text is a well-formed identity number whose check digit is right. */
export function isValidIsraeliId(text: string): boolean {
  const id = normalizeIsraeliId(text);
  if (id === null || /^0+$/.test(id)) return false;
  let sum = 0;
  for (let index = 0; index < id.length; index += 1) {
    const product = Number(id[index]) * ((index % 2) + 1);
    sum += product > 9 ? product - 9 : product;
  }
  return sum % 10 === 0;
}
