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

export const currencySchema = z
  .enum(CURRENCIES, { error: 'must be a supported ISO 4217 currency code (e.g. EUR)' })
  .describe('ISO 4217 currency code');

/** Largest amount we accept: 15 integer digits (numeric(19,4) in the database). */
export const MAX_AMOUNT_INTEGER_DIGITS = 15;
const AMOUNT_PATTERN = /^(0|[1-9]\d{0,14})(\.\d{1,4})?$/;

/** A non-negative decimal string such as "12.50"; fraction digits are checked against the currency separately. */
export const decimalStringSchema = z
  .string()
  .regex(AMOUNT_PATTERN, 'must be a decimal string such as "12.50" (no sign, no exponent, at most 15 integer digits)')
  .describe('decimal amount as a string, e.g. "12.50"');

/** A strictly positive decimal string. */
export const positiveAmountSchema = decimalStringSchema.refine((v) => /[1-9]/.test(v), 'must be greater than zero');

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
