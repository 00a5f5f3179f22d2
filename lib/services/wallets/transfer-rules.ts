import Decimal from 'decimal.js';
import { sql, type SQL } from 'drizzle-orm';

/**
 * The rules a transfer's rows must meet, written once as data (docs/ledger.md). Each rule names the
 * row it reads and one condition on a column of it; two interpreters read the table:
 *  - `holds()` evaluates a rule on the row the transfer's first statement gathered (the slow path's
 *    checks, each refused with its catalogue error in the documented order, transfers.ts
 *    preparePosting), and
 *  - `rulesSql()` writes the same rules as SQL on the locked rows of the fast statement (fastSql),
 *    which writes only when every rule still holds.
 * A column is named as in the table, which is also how the gathered rows spell it (snake_case), so
 * the two cannot drift apart: a rule changed here changes both paths.
 */

/** What a transfer's conditions compare with, besides the row itself. */
export interface RuleParams {
  /** the transfer's currency */
  currency: string;
  /** the transfer's amount, a decimal string */
  amount: string;
  /** what leaves the source wallet: the amount plus the wallet product's fee (docs/products.md); the amount when absent */
  debit?: string;
  /** the source wallet's id */
  walletId: string;
  now: Date;
}

type Operand = { literal: string } | { param: 'currency' | 'walletId' };
type Condition =
  /** the column equals a literal or a parameter */
  | { column: string; equals: Operand }
  /** the column is null */
  | { column: string; isNull: true }
  /** the numeric column is at least the transfer's amount */
  | { column: string; atLeastAmount: true }
  /** the numeric column is at least what leaves the wallet (amount + fee) */
  | { column: string; atLeastDebit: true }
  /** the timestamp column is later than now */
  | { column: string; afterNow: true };

/** The rows a rule reads: the customers (source and destination), the wallets, the beneficiary, the payment consent. */
export type RuleSubject = 'customer' | 'wallet' | 'destination' | 'beneficiary' | 'consent';

export interface TransferRule {
  on: RuleSubject;
  when: Condition;
}

const literal = (value: string): Operand => ({ literal: value });

export const TRANSFER_RULES = {
  /** the customer of each wallet of the transfer is ACTIVE (customerNotActive) */
  customerActive: { on: 'customer', when: { column: 'status', equals: literal('ACTIVE') } },
  /** the source wallet is ACTIVE (walletNotActive) */
  walletActive: { on: 'wallet', when: { column: 'status', equals: literal('ACTIVE') } },
  /** the amount's currency is the source wallet's (currencyMismatch) */
  walletCurrency: { on: 'wallet', when: { column: 'currency', equals: { param: 'currency' } } },
  /** the source wallet holds the amount and the fee (insufficientBalance) */
  balanceCovers: { on: 'wallet', when: { column: 'balance', atLeastDebit: true } },
  /** a wallet transfer's destination is ACTIVE (walletNotActive) */
  destinationActive: { on: 'destination', when: { column: 'status', equals: literal('ACTIVE') } },
  /** and in the transfer's currency (destinationCurrencyMismatch) */
  destinationCurrency: { on: 'destination', when: { column: 'currency', equals: { param: 'currency' } } },
  /** a payout's beneficiary is ACTIVE (beneficiaryInactive) */
  beneficiaryActive: { on: 'beneficiary', when: { column: 'status', equals: literal('ACTIVE') } },
  /** and not blocked by a confirmed screening match (beneficiaryBlocked, docs/aml.md) */
  beneficiaryNotBlocked: { on: 'beneficiary', when: { column: 'aml_blocked_by', isNull: true } },
  /** the payment consent was not revoked (paymentConsentInvalid REVOKED) */
  consentNotRevoked: { on: 'consent', when: { column: 'status', equals: literal('AUTHORIZED') } },
  /** nor expired (paymentConsentInvalid EXPIRED) */
  consentNotExpired: { on: 'consent', when: { column: 'expires_at', afterNow: true } },
  /** it covers the source wallet (paymentConsentInvalid WALLET_MISMATCH) */
  consentWallet: { on: 'consent', when: { column: 'wallet_id', equals: { param: 'walletId' } } },
  /** and the currency (paymentConsentInvalid CURRENCY_MISMATCH) */
  consentCurrency: { on: 'consent', when: { column: 'currency', equals: { param: 'currency' } } },
  /** and the amount (paymentConsentInvalid AMOUNT_EXCEEDED) */
  consentCoversAmount: { on: 'consent', when: { column: 'max_amount_per_payment', atLeastAmount: true } },
} as const satisfies Record<string, TransferRule>;
export type TransferRuleName = keyof typeof TRANSFER_RULES;

/** The rules on one subject, in the table's order. */
export function rulesOn(subject: RuleSubject): TransferRuleName[] {
  return (Object.keys(TRANSFER_RULES) as TransferRuleName[]).filter((name) => TRANSFER_RULES[name].on === subject);
}

function operandValue(operand: Operand, params: RuleParams): string {
  return 'literal' in operand ? operand.literal : params[operand.param];
}

/** Whether the rule holds on a gathered row (columns as the statement named them). */
export function holds(name: TransferRuleName, row: object, params: RuleParams): boolean {
  const when: Condition = TRANSFER_RULES[name].when;
  const value = (row as Record<string, unknown>)[when.column];
  if ('equals' in when) return value === operandValue(when.equals, params);
  if ('isNull' in when) return value === null || value === undefined;
  if ('atLeastAmount' in when) return new Decimal(String(value)).gte(params.amount);
  if ('atLeastDebit' in when) return new Decimal(String(value)).gte(params.debit ?? params.amount);
  return new Date(String(value)).getTime() > params.now.getTime();
}

/** The rule as an SQL condition on the row `alias` (a table alias of the statement). */
export function ruleSql(name: TransferRuleName, alias: string, params: RuleParams): SQL {
  const when: Condition = TRANSFER_RULES[name].when;
  const column = sql.raw(`${alias}.${when.column}`);
  if ('equals' in when) return sql`${column} = ${operandValue(when.equals, params)}`;
  if ('isNull' in when) return sql`${column} is null`;
  if ('atLeastAmount' in when) return sql`${column} >= ${params.amount}::numeric`;
  if ('atLeastDebit' in when) return sql`${column} >= ${params.debit ?? params.amount}::numeric`;
  return sql`${column} > ${params.now}`;
}

/** Every rule on the subject, as one SQL condition on the row `alias`. */
export function rulesSql(subject: RuleSubject, alias: string, params: RuleParams): SQL {
  return sql.join(
    rulesOn(subject).map((name) => sql`(${ruleSql(name, alias, params)})`),
    sql` and `,
  );
}
