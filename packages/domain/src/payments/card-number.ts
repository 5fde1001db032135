/**
 * R-QSALE-5..6: what the till checks of a card before it goes to the payment provider: the
 * number's length and check digit (Luhn), its brand from the leading digits, the expiry month and
 * the security value's length. Only the last four digits (lastFour) ever leave this check to be
 * kept. The cash transaction's card number schema is this same rule.
 */

/** The last four characters of a sensitive number, the only part that may be stored or shown. */
export function lastFour(value: string): string {
  return value.replace(/[^0-9A-Za-z]/g, '').slice(-4);
}

export const cardBrands = ['visa', 'mastercard', 'amex', 'discover', 'unknown'] as const;
export type CardBrand = (typeof cardBrands)[number];

export const cardBrandNames: Readonly<Record<CardBrand, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  unknown: 'Card',
};

/** The digits of a card number as typed: spaces and dashes are dropped, anything else is kept. */
export function normaliseCardNumber(typed: string): string {
  return typed.replace(/[\s-]/g, '');
}

/** The Luhn (mod 10) check digit over a string of digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The brand from the issuer prefix (IIN ranges of the four networks the till takes). */
export function cardBrandOf(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^3[47]/.test(digits)) return 'amex';
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  const three = Number(digits.slice(0, 3));
  if (/^6011/.test(digits) || /^65/.test(digits) || (three >= 644 && three <= 649)) {
    return 'discover';
  }
  return 'unknown';
}

/** The number masked for display: '•••• 4242'. */
export function maskedCardNumber(digits: string): string {
  return `•••• ${lastFour(digits)}`;
}

/** Why a typed card number cannot be charged, or null when it can be tried. */
export function cardNumberProblem(typed: string): string | null {
  const digits = normaliseCardNumber(typed);
  if (digits === '') return 'is required';
  if (!/^\d+$/.test(digits)) return 'must hold digits only';
  if (digits.length < 12 || digits.length > 19) return 'must have 12 to 19 digits';
  if (!luhnValid(digits)) return 'is not a valid card number (check the digits)';
  return null;
}

export type CardExpiry = { readonly month: number; readonly year: number };

/** 'MM/YY', 'MM/YYYY', 'MMYY' or 'MM-YY' as typed; undefined when it is none of them. */
export function parseCardExpiry(typed: string): CardExpiry | undefined {
  const match = /^\s*(\d{1,2})\s*[/-]?\s*(\d{2}|\d{4})\s*$/.exec(typed);
  if (!match) return undefined;
  const month = Number(match[1]);
  const yearText = match[2]!;
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (month < 1 || month > 12) return undefined;
  return { month, year };
}

/** The expiry as a receipt and the cash transaction keep it: 'MM/YY'. */
export function formatCardExpiry(expiry: CardExpiry): string {
  return `${String(expiry.month).padStart(2, '0')}/${String(expiry.year % 100).padStart(2, '0')}`;
}

/** A card is good through the last day of its expiry month. */
export function cardExpiryProblem(typed: string, today: Date): string | null {
  if (typed.trim() === '') return 'is required';
  const expiry = parseCardExpiry(typed);
  if (!expiry) return 'must be a month and year (MM/YY)';
  const thisMonth = today.getFullYear() * 12 + today.getMonth();
  if (expiry.year * 12 + expiry.month - 1 < thisMonth) return 'has expired';
  return null;
}

/** Three digits, four on American Express cards. */
export function securityValueProblem(typed: string, brand: CardBrand): string | null {
  if (typed === '') return 'is required';
  const length = brand === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${length}}$`).test(typed)) return `must be ${length} digits`;
  return null;
}
