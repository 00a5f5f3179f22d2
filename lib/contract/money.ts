import { z } from 'zod';

/**
 * Money on the wire: a decimal string and an ISO 4217 currency. Never a float. The number of
 * fraction digits an amount may carry is the currency's minor units (EUR 2, JPY 0, BHD 3).
 * Shared by the card API and the wallets/transfers API.
 */
export const CURRENCY_MINOR_UNITS = {
  EUR: 2,
  USD: 2,
  GBP: 2,
  CHF: 2,
  PLN: 2,
  CZK: 2,
  SEK: 2,
  NOK: 2,
  DKK: 2,
  HUF: 2,
  RON: 2,
  BGN: 2,
  CAD: 2,
  AUD: 2,
  NZD: 2,
  SGD: 2,
  HKD: 2,
  CNY: 2,
  INR: 2,
  AED: 2,
  TRY: 2,
  ZAR: 2,
  MXN: 2,
  BRL: 2,
  JPY: 0,
  KRW: 0,
  ISK: 0,
  BHD: 3,
  KWD: 3,
  JOD: 3,
  OMR: 3,
  TND: 3,
} as const;
export type Currency = keyof typeof CURRENCY_MINOR_UNITS;
export const CURRENCIES = Object.keys(CURRENCY_MINOR_UNITS) as [Currency, ...Currency[]];

export const currencySchema = z.enum(CURRENCIES, { error: 'must be a supported ISO 4217 currency code (e.g. EUR)' }).describe('ISO 4217 currency code');

/** Widest decimal the database holds: 15 integer digits (numeric(19,4)); also the shape of every amount we answer. */
export const MAX_AMOUNT_INTEGER_DIGITS = 15;
const AMOUNT_PATTERN = /^(0|[1-9]\d{0,14})(\.\d{1,4})?$/;

/**
 * Money bounds (docs/errors.md, "Money bounds"), one of each for every currency:
 * - MAX_AMOUNT: the largest amount one operation moves (a transfer, a sandbox funding, a payment
 *   consent's maximum, a card top-up, withdrawal, limit or simulated authorization). It is the SEPA
 *   Credit Transfer scheme's maximum. A larger amount answers 400 `request validation failed` naming
 *   the field and the limit.
 * - MAX_BALANCE: the largest balance a wallet or a card may hold (a wallet counts its transfers
 *   waiting for approval too, so a rejection can never push it over). A credit that would pass it
 *   answers before any write: 400 `transaction limit exceeded` with limitType MAX_BALANCE (wallets),
 *   the business error BALANCE_LIMIT_EXCEEDED (card API).
 * MAX_BALANCE is about ten maximal amounts. Both leave the database's numeric(19,4) (15 integer
 * digits) five digits of headroom, so sums over many wallets, fees and statement totals are exact
 * and fit every answer's decimal-string schema.
 */
export const MAX_AMOUNT = '999999999.99';
export const MAX_BALANCE = '9999999999.99';

/** Compares two non-negative decimal strings exactly (no float): -1, 0 or 1. */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const [ai = '0', af = ''] = a.split('.');
  const [bi = '0', bf = ''] = b.split('.');
  const aInt = ai.replace(/^0+(?=\d)/, '');
  const bInt = bi.replace(/^0+(?=\d)/, '');
  if (aInt.length !== bInt.length) return aInt.length < bInt.length ? -1 : 1;
  const width = Math.max(af.length, bf.length);
  const x = aInt + af.padEnd(width, '0');
  const y = bInt + bf.padEnd(width, '0');
  return x === y ? 0 : x < y ? -1 : 1;
}

/** A non-negative decimal string such as "12.50"; fraction digits are checked against the currency separately. */
export const decimalStringSchema = z
  .string()
  .regex(AMOUNT_PATTERN, 'must be a decimal string such as "12.50" (no sign, no exponent, at most 15 integer digits)')
  .describe('decimal amount as a string, e.g. "12.50"');

export const AMOUNT_TOO_LARGE_MESSAGE = `must be at most ${MAX_AMOUNT} (MAX_AMOUNT)`;

/** A strictly positive decimal string of at most MAX_AMOUNT: every amount a request moves. */
export const positiveAmountSchema = z
  .string()
  .regex(AMOUNT_PATTERN, 'must be a decimal string such as "12.50" (no sign, no exponent, at most 15 integer digits)')
  .refine((v) => /[1-9]/.test(v), 'must be greater than zero')
  .refine((v) => !AMOUNT_PATTERN.test(v) || compareDecimal(v, MAX_AMOUNT) <= 0, AMOUNT_TOO_LARGE_MESSAGE)
  .meta({
    description: `decimal amount as a string, e.g. "12.50": greater than zero, at most MAX_AMOUNT = ${MAX_AMOUNT} in any currency`,
    'x-maximum': MAX_AMOUNT,
  });

/** Fraction digits of a decimal string. */
export function fractionDigits(amount: string): number {
  const dot = amount.indexOf('.');
  return dot === -1 ? 0 : amount.length - dot - 1;
}

/** True when the amount has no more fraction digits than the currency's minor units. */
export function fitsMinorUnits(amount: string, currency: Currency): boolean {
  return fractionDigits(amount) <= CURRENCY_MINOR_UNITS[currency];
}

/**
 * `{ amount, currency }` (or any object with those two keys) with the minor-units rule; the issue
 * lands on `amount`. Use: `withMinorUnits(z.object({ amount: positiveAmountSchema, currency: currencySchema, ... }))`.
 */
export function withMinorUnits<T extends z.ZodType<{ amount: string; currency: Currency }>>(schema: T) {
  return schema.superRefine((value, ctx) => {
    if (!fitsMinorUnits(value.amount, value.currency)) {
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: `must have at most ${CURRENCY_MINOR_UNITS[value.currency]} decimal places for ${value.currency}`,
      });
    }
  });
}

/** Normalise a decimal string to the currency's minor units: "5" EUR -> "5.00". */
export function formatAmount(amount: string, currency: Currency): string {
  const units = CURRENCY_MINOR_UNITS[currency];
  const [int, frac = ''] = amount.split('.');
  if (units === 0) return int!;
  return `${int}.${(frac + '0'.repeat(units)).slice(0, units)}`;
}
