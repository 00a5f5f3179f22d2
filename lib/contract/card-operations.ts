import { z } from 'zod';
import type { Capability } from './access';
import { isoDateTimeSchema, isUuid } from './common';
import { idempotencyKeySchema as baseIdempotencyKeySchema } from './idempotency';
import { currencySchema, decimalStringSchema, positiveAmountSchema, withMinorUnits } from './money';

/**
 * The 46 virtual card operations (../shared/spec/card-operations.md) plus the sandbox-only ones.
 * One table: each operation's body schema, response (`data`) schema, the capability a staff caller
 * needs (lib/contract/access.ts; a customer's user runs every operation on its own cards) and whether
 * it is sensitive (needs an OTP or hands
 * out secrets: never cached, never logged beyond the operation name). The gateway, the sandbox
 * processor, the HTTP processor client (which validates answers with `response`), the OpenAPI
 * generator and the tests all read this table.
 */

// ---------------------------------------------------------------- shared pieces

/**
 * Identifies a card: its number (12 to 19 digits) or its `cardId` as card/apply and card/list answer
 * it. The number is sensitive: never logged, masked in every answer but secure/reveal. Clients that
 * keep no card numbers (the PCI-friendly way) address cards by cardId and reveal the number only
 * when the cardholder asks for it.
 */
export const cardNoSchema = z
  .string()
  .refine((v) => /^\d{12,19}$/.test(v) || isUuid(v), 'must be a card number of 12 to 19 digits or a cardId')
  .describe('card number, or the cardId (sensitive: never logged, masked in every answer but secure/reveal)');
/** A masked card number: first 6 and last 4 at most, e.g. 535522******1234. */
export const maskedCardNoSchema = z
  .string()
  .regex(/^\d{6}\*+\d{4}$/)
  .describe('masked card number: first 6 + last 4');

export const CARD_STATUSES = ['INACTIVE', 'ACTIVE', 'FROZEN', 'CANCELED'] as const;
export const cardStatusSchema = z.enum(CARD_STATUSES);
export type CardStatus = z.infer<typeof cardStatusSchema>;

/** The one key schema (lib/contract/idempotency.ts), described for a card operation's body. */
export const idempotencyKeySchema = baseIdempotencyKeySchema.describe('repeat the same key with the same body to get the first answer again (kept 24 h)');
export const otpSchema = z
  .string()
  .regex(/^\d{6}$/, 'must be a 6-digit code')
  .describe('one-time code from secure/otp/send');
export const pageNoSchema = z.number().int().min(1).default(1).describe('page number, from 1');
export const pageSizeSchema = z.number().int().min(1).max(100).default(20).describe('items per page, 1..100');
export const dateSchema = z.iso.date({ message: 'must be a date YYYY-MM-DD' });
const nameSchema = z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters');
const reasonTextSchema = z.string().trim().min(1, 'must not be empty').max(500, 'must be at most 500 characters');
const idSchema = z.string().min(1, 'must not be empty').max(64, 'must be at most 64 characters');

const card = { cardNo: cardNoSchema };
const paging = { pageNo: pageNoSchema, pageSize: pageSizeSchema };
const dateRange = { dateFrom: dateSchema.optional(), dateTo: dateSchema.optional() };

export const pageOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), pageNo: z.number().int(), pageSize: z.number().int(), total: z.number().int() });

export const LIMIT_INTERVALS = ['PER_TRANSACTION', 'DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY', 'LIFETIME'] as const;
export const limitIntervalSchema = z.enum(LIMIT_INTERVALS);
export const OTP_PURPOSES = ['REVEAL', 'PIN', 'UNFREEZE', 'ACTIVATE', 'CANCEL'] as const;
export const otpPurposeSchema = z.enum(OTP_PURPOSES);
export const CANCEL_REASONS = ['LOST', 'STOLEN', 'FRAUD', 'USER'] as const;
export const REPLACE_REASONS = ['LOST', 'STOLEN', 'DAMAGED', 'COMPROMISED', 'EXPIRED'] as const;
export const TRANSACTION_STATUSES = ['PENDING', 'SETTLED', 'DECLINED', 'REVERSED'] as const;
export const transactionStatusSchema = z.enum(TRANSACTION_STATUSES);
export const AUTHORIZATION_STATUSES = ['APPROVED', 'DECLINED', 'CLEARED', 'REVERSED', 'PENDING_3DS'] as const;
export const DECLINE_REASONS = ['CARD_INACTIVE', 'CARD_FROZEN', 'INSUFFICIENT_FUNDS', 'SPENDING_LIMIT', 'MCC_BLOCKED', 'COUNTRY_BLOCKED', 'CHANNEL_BLOCKED'] as const;
export const declineReasonSchema = z.enum(DECLINE_REASONS);
export const FUND_ORDER_TYPES = ['TOPUP', 'WITHDRAW'] as const;
export const FUND_ORDER_STATUSES = ['COMPLETED', 'FAILED'] as const;
export const DISPUTE_STATUSES = ['OPEN', 'UNDER_REVIEW', 'WON', 'LOST', 'CLOSED'] as const;
export const WALLET_TYPES = ['APPLE_PAY', 'GOOGLE_PAY'] as const;
export const WALLET_TOKEN_STATUSES = ['ACTIVE', 'PAUSED', 'DELETED'] as const;
export const CHANNELS = ['ecommerce', 'atm', 'contactless', 'international'] as const;
export const channelSchema = z.enum(CHANNELS);

const mccSchema = z.string().regex(/^\d{4}$/, 'must be a 4-digit merchant category code');
const countryCodeSchema = z.string().regex(/^[A-Z]{2}$/, 'must be a 2-letter ISO 3166 country code in capitals');
const addressSchema = z.object({
  line1: z.string().trim().min(1).max(200),
  line2: z.string().trim().max(200).optional(),
  city: z.string().trim().min(1).max(100),
  postalCode: z.string().trim().min(1).max(20),
  country: countryCodeSchema,
});
const phoneSchema = z.string().regex(/^\+[1-9]\d{6,14}$/, 'must be an E.164 phone number such as +4915112345678');

const limitInputSchema = withMinorUnits(z.object({ interval: limitIntervalSchema, amount: positiveAmountSchema, currency: currencySchema }));

// ---------------------------------------------------------------- response records

export const cardSchema = z.object({
  cardId: z.string(),
  cardNo: maskedCardNoSchema,
  last4: z.string().regex(/^\d{4}$/),
  cardholderId: z.string(),
  customerId: z.uuid().nullable(),
  currency: currencySchema,
  nickname: z.string().nullable(),
  status: cardStatusSchema,
  expiryMonth: z.number().int().min(1).max(12),
  expiryYear: z.number().int(),
  replacesCardId: z.string().nullable(),
  replacedByCardId: z.string().nullable(),
  productId: z.string().nullable().optional().describe('the card product the card was issued on (docs/products.md); absent when the processor does not know products'),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export const statusChangeSchema = z.object({
  from: cardStatusSchema.nullable(),
  to: cardStatusSchema,
  reason: z.string().nullable(),
  actorUserId: z.string().nullable(),
  actorName: z
    .string()
    .nullable()
    .default(null)
    .describe('who made the change: full name, else username; null when the system or the processor did (or an upstream processor that does not know our users)'),
  at: isoDateTimeSchema,
});
export const limitSchema = z.object({
  interval: limitIntervalSchema,
  amount: decimalStringSchema,
  currency: currencySchema,
  used: decimalStringSchema.describe('spent in the current window (PER_TRANSACTION: always 0)'),
  remaining: decimalStringSchema,
  resetsAt: isoDateTimeSchema.nullable().describe('start of the next window; null for PER_TRANSACTION and LIFETIME'),
});
export const controlsSchema = z.object({
  mcc: z.object({ allowed: z.array(mccSchema).nullable(), blocked: z.array(mccSchema) }),
  country: z.object({ allowed: z.array(countryCodeSchema).nullable(), blocked: z.array(countryCodeSchema) }),
  channel: z.object({ ecommerce: z.boolean(), atm: z.boolean(), contactless: z.boolean(), international: z.boolean() }),
  alerts: z.object({ lowBalancePercent: z.number().int().min(1).max(99).nullable(), notifyOnAuthorization: z.boolean() }),
});
export const balanceSchema = z.object({
  currency: currencySchema,
  available: decimalStringSchema,
  pending: decimalStringSchema.describe('held by approved, not yet cleared authorizations'),
  ledger: decimalStringSchema.describe('settled balance'),
});
export const quoteSchema = z.object({
  quoteId: z.string(),
  amount: decimalStringSchema,
  currency: currencySchema,
  fee: decimalStringSchema,
  rate: z.string(),
  total: decimalStringSchema,
  expiresAt: isoDateTimeSchema,
});
export const fundOrderSchema = z.object({
  orderNo: z.string(),
  type: z.enum(FUND_ORDER_TYPES),
  status: z.enum(FUND_ORDER_STATUSES),
  amount: decimalStringSchema,
  fee: decimalStringSchema,
  currency: currencySchema,
  accountId: z.string().describe('source account of a top-up, target account of a withdrawal'),
  cardId: z.string(),
  createdAt: isoDateTimeSchema,
});
export const merchantSchema = z.object({
  name: z.string().trim().min(1).max(100),
  mcc: mccSchema,
  country: countryCodeSchema,
});
export const transactionSchema = z.object({
  transactionId: z.string(),
  cardId: z.string(),
  authorizationId: z.string().nullable(),
  status: transactionStatusSchema,
  amount: decimalStringSchema,
  currency: currencySchema,
  merchant: merchantSchema,
  channel: channelSchema.nullable(),
  declineReason: declineReasonSchema.nullable(),
  createdAt: isoDateTimeSchema,
  settledAt: isoDateTimeSchema.nullable(),
});
export const authorizationSchema = z.object({
  authorizationId: z.string(),
  cardId: z.string(),
  status: z.enum(AUTHORIZATION_STATUSES),
  amount: decimalStringSchema,
  currency: currencySchema,
  merchant: merchantSchema,
  channel: channelSchema.nullable(),
  declineReason: declineReasonSchema.nullable(),
  createdAt: isoDateTimeSchema,
});
export const statementSchema = z.object({
  statementId: z.string(),
  year: z.number().int(),
  month: z.number().int().min(1).max(12),
  currency: currencySchema,
  openingBalance: decimalStringSchema,
  closingBalance: decimalStringSchema,
  totalSpent: decimalStringSchema,
  totalFunded: decimalStringSchema,
  transactionCount: z.number().int(),
  formats: z.array(z.enum(['CSV', 'PDF'])),
});
export const statementFileSchema = z.object({
  statementId: z.string(),
  format: z.enum(['CSV', 'PDF']),
  fileName: z.string(),
  contentType: z.string(),
  encoding: z.enum(['utf8', 'base64']),
  content: z.string(),
});
export const cardholderSchema = z.object({
  cardholderId: z.string(),
  customerId: z.uuid().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  dateOfBirth: z.string(),
  billingAddress: addressSchema,
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export const otpSentSchema = z.object({
  purpose: otpPurposeSchema,
  channel: z.enum(['SMS', 'EMAIL']),
  destination: z.string().describe('masked phone or email'),
  expiresAt: isoDateTimeSchema,
  attemptsAllowed: z.number().int(),
});
export const revealSchema = z.object({
  cardNo: z.string().optional().describe('full card number (only when PAN was asked for)'),
  cvv: z.string().optional(),
  expiryMonth: z.number().int().optional(),
  expiryYear: z.number().int().optional(),
  expiresAt: isoDateTimeSchema.describe('the client must discard the revealed data by then'),
});
export const revealTokenSchema = z.object({ token: z.string(), expiresAt: isoDateTimeSchema });
export const pinControlTokenSchema = z.object({
  controlToken: z.string(),
  type: z.enum(['SET_PIN', 'REVEAL_PIN']),
  expiresAt: isoDateTimeSchema,
  pin: z.string().optional().describe('REVEAL_PIN only is answered by the hosted view, never here'),
});
export const challengeSchema = z.object({
  challengeId: z.string(),
  cardId: z.string(),
  authorizationId: z.string(),
  amount: decimalStringSchema,
  currency: currencySchema,
  merchant: merchantSchema,
  status: z.enum(['PENDING', 'APPROVED', 'DECLINED', 'EXPIRED']),
  expiresAt: isoDateTimeSchema,
  createdAt: isoDateTimeSchema,
});
export const walletTokenSchema = z.object({
  tokenId: z.string(),
  cardId: z.string(),
  walletType: z.enum(WALLET_TYPES),
  deviceId: z.string(),
  status: z.enum(WALLET_TOKEN_STATUSES),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export const disputeSchema = z.object({
  disputeId: z.string(),
  cardId: z.string(),
  transactionId: z.string(),
  reason: z.string(),
  amount: decimalStringSchema,
  currency: currencySchema,
  description: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
const okSchema = z.object({ ok: z.literal(true) });

// ---------------------------------------------------------------- the table

export interface CardOperationSpec<B extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  /** number in card-operations.md; 0 for sandbox-only operations */
  no: number;
  summary: string;
  body: B;
  response: R;
  /**
   * The capability a staff caller needs (lib/contract/access.ts; docs/cards.md groups them); a
   * customer's user runs every operation on its own cards. `byOtpPurpose`: the one-time code's
   * purpose decides (sending or reading the code for an unfreeze needs what the unfreeze needs).
   * Only `card:read` operations change nothing (the sandbox runs them without a transaction).
   */
  capability: CardCapability | typeof byOtpPurpose;
  /** needs an OTP or hands out secrets */
  sensitive: boolean;
  /** the body carries an idempotencyKey */
  idempotent: boolean;
  /** sandbox-only: never served when a real processor is configured */
  sandboxOnly?: boolean;
}

/** The capabilities a card operation can name (the `card:` rows of the access table). */
export type CardCapability = Extract<Capability, `card:${string}`>;

/** What a one-time code is for decides who may ask for it: the operation it unlocks. */
export const OTP_PURPOSE_CAPABILITIES = {
  REVEAL: 'card:secrets',
  PIN: 'card:secrets',
  UNFREEZE: 'card:freeze',
  ACTIVATE: 'card:activate',
  CANCEL: 'card:cancel',
} as const satisfies Record<(typeof OTP_PURPOSES)[number], CardCapability>;
const byOtpPurpose = 'byOtpPurpose' as const;

const op = <B extends z.ZodType, R extends z.ZodType>(spec: CardOperationSpec<B, R>) => spec;
const strict = <T extends z.ZodRawShape>(shape: T) => z.strictObject(shape);

export const CARD_OPERATIONS = {
  'card/apply': op({
    no: 1,
    summary: 'issue a virtual card (INACTIVE)',
    body: strict({
      cardholderId: idSchema,
      currency: currencySchema,
      nickname: nameSchema.optional(),
      limits: z.array(limitInputSchema).max(LIMIT_INTERVALS.length).optional().describe("spend limits; absent: the card product's default spending limits"),
      productId: z.uuid({ message: 'must be a UUID' }).optional().describe("the card product to issue on (docs/products.md); default: the tenant's default-card"),
      productCode: z.string().max(63).optional().describe('the card product by its code (instead of productId)'),
      idempotencyKey: idempotencyKeySchema,
    }),
    response: cardSchema,
    capability: 'card:issue',
    sensitive: false,
    idempotent: true,
  }),
  'card/list': op({
    no: 2,
    summary: 'list cards visible to the caller',
    body: strict({ status: cardStatusSchema.optional(), cardholderId: idSchema.optional(), ...paging }),
    response: pageOf(cardSchema),
    capability: 'card:read',
    sensitive: false,
    idempotent: false,
  }),
  'card/info': op({ no: 3, summary: 'card details, masked', body: strict(card), response: cardSchema, capability: 'card:read', sensitive: false, idempotent: false }),
  'card/activate': op({
    no: 4,
    summary: 'INACTIVE -> ACTIVE',
    body: strict({ ...card, otp: otpSchema }),
    response: cardSchema,
    capability: 'card:activate',
    sensitive: true,
    idempotent: false,
  }),
  'card/freeze': op({
    no: 5,
    summary: 'ACTIVE -> FROZEN',
    body: strict({ ...card, reason: reasonTextSchema }),
    response: cardSchema,
    capability: 'card:freeze',
    sensitive: false,
    idempotent: false,
  }),
  'card/unfreeze': op({
    no: 6,
    summary: 'FROZEN -> ACTIVE',
    body: strict({ ...card, otp: otpSchema }),
    response: cardSchema,
    capability: 'card:freeze',
    sensitive: true,
    idempotent: false,
  }),
  'card/cancel': op({
    no: 7,
    summary: '-> CANCELED, final',
    body: strict({ ...card, reason: z.enum(CANCEL_REASONS), otp: otpSchema }),
    response: cardSchema,
    capability: 'card:cancel',
    sensitive: true,
    idempotent: false,
  }),
  'card/replace': op({
    no: 8,
    summary: 'cancel and issue a successor',
    body: strict({ ...card, reason: z.enum(REPLACE_REASONS) }),
    response: z.object({ previous: cardSchema, card: cardSchema }),
    capability: 'card:issue',
    sensitive: false,
    idempotent: false,
  }),
  'card/renew': op({ no: 9, summary: 'new expiry, same card', body: strict(card), response: cardSchema, capability: 'card:issue', sensitive: false, idempotent: false }),
  'card/update': op({
    no: 10,
    summary: 'change card metadata',
    body: strict({ ...card, nickname: nameSchema.nullable().optional() }),
    response: cardSchema,
    capability: 'card:issue',
    sensitive: false,
    idempotent: false,
  }),
  'card/status-history': op({
    no: 11,
    summary: 'every state change with time, actor, reason',
    body: strict(card),
    response: z.object({ items: z.array(statusChangeSchema) }),
    capability: 'card:read',
    sensitive: false,
    idempotent: false,
  }),
  'secure/otp/send': op({
    no: 12,
    summary: 'send a one-time code',
    body: strict({ ...card, purpose: otpPurposeSchema }),
    response: otpSentSchema,
    capability: byOtpPurpose,
    sensitive: true,
    idempotent: false,
  }),
  'secure/reveal': op({
    no: 13,
    summary: 'the only answer with the full number; short-lived',
    body: strict({
      ...card,
      otp: otpSchema,
      fields: z
        .array(z.enum(['PAN', 'CVV', 'EXPIRY']))
        .min(1)
        .max(3),
    }),
    response: revealSchema,
    capability: 'card:secrets',
    sensitive: true,
    idempotent: false,
  }),
  'secure/reveal-token': op({
    no: 14,
    summary: 'a token valid for 60 s for a hosted reveal view',
    body: strict({ ...card, otp: otpSchema }),
    response: revealTokenSchema,
    capability: 'card:secrets',
    sensitive: true,
    idempotent: false,
  }),
  'limit/info': op({
    no: 15,
    summary: 'limits per interval with usage and reset time',
    body: strict(card),
    response: z.object({ items: z.array(limitSchema) }),
    capability: 'card:read',
    sensitive: false,
    idempotent: false,
  }),
  'limit/update': op({
    no: 16,
    summary: 'set spend limits',
    body: strict({ ...card, limits: z.array(limitInputSchema).max(LIMIT_INTERVALS.length) }).refine((b) => new Set(b.limits.map((l) => l.interval)).size === b.limits.length, {
      path: ['limits'],
      message: 'each interval may appear once',
    }),
    response: z.object({ items: z.array(limitSchema) }),
    capability: 'card:limits',
    sensitive: false,
    idempotent: false,
  }),
  'control/info': op({
    no: 17,
    summary: 'merchant category, country and channel controls',
    body: strict(card),
    response: controlsSchema,
    capability: 'card:read',
    sensitive: false,
    idempotent: false,
  }),
  'control/mcc/update': op({
    no: 18,
    summary: 'merchant category rules',
    body: strict({ ...card, allowed: z.array(mccSchema).max(500).nullable().optional(), blocked: z.array(mccSchema).max(500).optional() }).refine(
      (b) => b.allowed !== undefined || b.blocked !== undefined,
      { message: 'give allowed or blocked', path: ['blocked'] },
    ),
    response: controlsSchema,
    capability: 'card:limits',
    sensitive: false,
    idempotent: false,
  }),
  'control/country/update': op({
    no: 19,
    summary: 'country rules',
    body: strict({
      ...card,
      allowed: z.array(countryCodeSchema).max(250).nullable().optional(),
      blocked: z.array(countryCodeSchema).max(250).optional(),
    }).refine((b) => b.allowed !== undefined || b.blocked !== undefined, { message: 'give allowed or blocked', path: ['blocked'] }),
    response: controlsSchema,
    capability: 'card:limits',
    sensitive: false,
    idempotent: false,
  }),
  'control/channel/update': op({
    no: 20,
    summary: 'channel switches',
    body: strict({
      ...card,
      ecommerce: z.boolean().optional(),
      atm: z.boolean().optional(),
      contactless: z.boolean().optional(),
      international: z.boolean().optional(),
    }),
    response: controlsSchema,
    capability: 'card:limits',
    sensitive: false,
    idempotent: false,
  }),
  'control/alert/update': op({
    no: 21,
    summary: 'alert settings',
    body: strict({
      ...card,
      lowBalancePercent: z.number().int().min(1).max(99).nullable().optional(),
      notifyOnAuthorization: z.boolean().optional(),
    }),
    response: controlsSchema,
    capability: 'card:limits',
    sensitive: false,
    idempotent: false,
  }),
  'balance/info': op({ no: 22, summary: 'available, pending and ledger balance', body: strict(card), response: balanceSchema, capability: 'card:read', sensitive: false, idempotent: false }),
  'topup/quote': op({
    no: 23,
    summary: 'rate and fee quote, expires',
    body: withMinorUnits(strict({ ...card, amount: positiveAmountSchema, currency: currencySchema, sourceAccountId: idSchema })),
    response: quoteSchema,
    capability: 'card:fund',
    sensitive: false,
    idempotent: false,
  }),
  'topup/create': op({
    no: 24,
    summary: 'fund the card',
    body: strict({ ...card, quoteId: idSchema, idempotencyKey: idempotencyKeySchema }),
    response: fundOrderSchema,
    capability: 'card:fund',
    sensitive: false,
    idempotent: true,
  }),
  'withdraw/create': op({
    no: 25,
    summary: 'move funds off the card',
    body: withMinorUnits(strict({ ...card, amount: positiveAmountSchema, currency: currencySchema, targetAccountId: idSchema, idempotencyKey: idempotencyKeySchema })),
    response: fundOrderSchema,
    capability: 'card:fund',
    sensitive: false,
    idempotent: true,
  }),
  'fund/order/info': op({
    no: 26,
    summary: 'one top-up or withdrawal',
    body: strict({ orderNo: idSchema }),
    response: fundOrderSchema,
    capability: 'card:read',
    sensitive: false,
    idempotent: false,
  }),
  'fund/order/list': op({
    no: 27,
    summary: 'funding history',
    body: strict({ ...card, type: z.enum(FUND_ORDER_TYPES).optional(), ...dateRange, ...paging }),
    response: pageOf(fundOrderSchema),
    capability: 'card:read',
    sensitive: false,
    idempotent: false,
  }),
  'transaction/list': op({
    no: 28,
    summary: 'card transactions',
    body: strict({ ...card, status: transactionStatusSchema.optional(), ...dateRange, ...paging }),
    response: pageOf(transactionSchema),
    capability: 'card:read',
    sensitive: false,
    idempotent: false,
  }),
  'transaction/info': op({
    no: 29,
    summary: 'one transaction',
    body: strict({ ...card, transactionId: idSchema }),
    response: transactionSchema,
    capability: 'card:read',
    sensitive: false,
    idempotent: false,
  }),
  'authorization/list': op({
    no: 30,
    summary: 'authorizations with decline reasons',
    body: strict({ ...card, status: z.enum(AUTHORIZATION_STATUSES).optional(), ...paging }),
    response: pageOf(authorizationSchema),
    capability: 'card:read',
    sensitive: false,
    idempotent: false,
  }),
  'statement/list': op({
    no: 31,
    summary: 'monthly statements',
    body: strict({ ...card, year: z.number().int().min(2000).max(2100) }),
    response: z.object({ items: z.array(statementSchema) }),
    capability: 'card:read',
    sensitive: false,
    idempotent: false,
  }),
  'statement/download': op({
    no: 32,
    summary: 'one statement',
    body: strict({ ...card, statementId: idSchema, format: z.enum(['CSV', 'PDF']) }),
    response: statementFileSchema,
    capability: 'card:read',
    sensitive: false,
    idempotent: false,
  }),
  'cardholder/create': op({
    no: 33,
    summary: 'a cardholder (links to a customer)',
    body: strict({
      firstName: nameSchema,
      lastName: nameSchema,
      email: z.email({ message: 'must be a valid email address' }).max(254),
      phone: phoneSchema,
      dateOfBirth: dateSchema,
      billingAddress: addressSchema,
      customerId: z.uuid().optional().describe('admins: the customer the cardholder belongs to; customers: their own (implied)'),
      idempotencyKey: idempotencyKeySchema,
    }),
    response: cardholderSchema,
    capability: 'card:issue',
    sensitive: false,
    idempotent: true,
  }),
  'cardholder/info': op({
    no: 34,
    summary: 'one cardholder',
    body: strict({ cardholderId: idSchema }),
    response: cardholderSchema,
    capability: 'card:read',
    sensitive: false,
    idempotent: false,
  }),
  'cardholder/update': op({
    no: 35,
    summary: 'change contact data',
    body: strict({
      cardholderId: idSchema,
      email: z.email({ message: 'must be a valid email address' }).max(254).optional(),
      phone: phoneSchema.optional(),
      billingAddress: addressSchema.optional(),
    }),
    response: cardholderSchema,
    capability: 'card:issue',
    sensitive: false,
    idempotent: false,
  }),
  'pin/control-token': op({
    no: 36,
    summary: 'single-use token, short-lived',
    body: strict({ ...card, type: z.enum(['SET_PIN', 'REVEAL_PIN']), otp: otpSchema }),
    response: pinControlTokenSchema,
    capability: 'card:secrets',
    sensitive: true,
    idempotent: false,
  }),
  'pin/set': op({
    no: 37,
    summary: 'set the PIN (never stored in clear)',
    body: strict({ ...card, controlToken: idSchema.max(256), pin: z.string().regex(/^\d{4,6}$/, 'must be 4 to 6 digits') }),
    response: okSchema,
    capability: 'card:secrets',
    sensitive: true,
    idempotent: false,
  }),
  'pin/unblock': op({
    no: 38,
    summary: 'reset the wrong-PIN counter',
    body: strict({ ...card, otp: otpSchema }),
    response: okSchema,
    capability: 'card:secrets',
    sensitive: true,
    idempotent: false,
  }),
  '3ds/pending': op({
    no: 39,
    summary: '3-D Secure challenges awaiting the cardholder',
    body: strict(card),
    response: z.object({ items: z.array(challengeSchema) }),
    capability: 'card:read',
    sensitive: false,
    idempotent: false,
  }),
  '3ds/confirm': op({
    no: 40,
    summary: 'answer a challenge',
    body: strict({ ...card, challengeId: idSchema, decision: z.enum(['APPROVE', 'DECLINE']) }),
    response: challengeSchema,
    capability: 'card:3ds',
    sensitive: false,
    idempotent: false,
  }),
  'wallet/provision': op({
    no: 41,
    summary: 'add the card to a device wallet',
    body: strict({ ...card, walletType: z.enum(WALLET_TYPES), deviceId: idSchema.max(128) }),
    response: walletTokenSchema,
    capability: 'card:wallets',
    sensitive: false,
    idempotent: false,
  }),
  'wallet/token/list': op({
    no: 42,
    summary: 'device wallet tokens',
    body: strict(card),
    response: z.object({ items: z.array(walletTokenSchema) }),
    capability: 'card:read',
    sensitive: false,
    idempotent: false,
  }),
  'wallet/token/update': op({
    no: 43,
    summary: 'pause, resume or delete a wallet token',
    body: strict({ ...card, tokenId: idSchema, action: z.enum(['PAUSE', 'RESUME', 'DELETE']) }),
    response: walletTokenSchema,
    capability: 'card:wallets',
    sensitive: false,
    idempotent: false,
  }),
  'dispute/create': op({
    no: 44,
    summary: 'open a dispute',
    body: strict({
      ...card,
      transactionId: idSchema,
      reason: z.enum(['FRAUD', 'DUPLICATE', 'NOT_RECEIVED', 'NOT_AS_DESCRIBED', 'CANCELED_RECURRING', 'OTHER']),
      amount: positiveAmountSchema,
      description: reasonTextSchema.max(2000),
      idempotencyKey: idempotencyKeySchema,
    }),
    response: disputeSchema,
    capability: 'card:dispute',
    sensitive: false,
    idempotent: true,
  }),
  'dispute/info': op({ no: 45, summary: 'one dispute', body: strict({ disputeId: idSchema }), response: disputeSchema, capability: 'card:read', sensitive: false, idempotent: false }),
  'dispute/list': op({
    no: 46,
    summary: 'disputes of a card',
    body: strict({ ...card, status: z.enum(DISPUTE_STATUSES).optional(), ...paging }),
    response: pageOf(disputeSchema),
    capability: 'card:read',
    sensitive: false,
    idempotent: false,
  }),
} as const;

const simulateBody = withMinorUnits(
  strict({
    ...card,
    amount: positiveAmountSchema,
    currency: currencySchema,
    merchant: merchantSchema,
    channel: channelSchema.default('ecommerce'),
    threeDSecure: z.boolean().default(false).describe('ask the cardholder to confirm through 3ds/confirm'),
  }),
);

/** Sandbox-only operations: never served when CARD_PROCESSOR_URL points to a real processor. */
export const SANDBOX_OPERATIONS = {
  'simulate/authorize': op({
    no: 0,
    summary: 'run an authorization through the decision rules',
    body: simulateBody,
    response: authorizationSchema,
    capability: 'card:simulate',
    sensitive: false,
    idempotent: false,
    sandboxOnly: true,
  }),
  'simulate/clear': op({
    no: 0,
    summary: 'clear (settle) an approved authorization',
    body: strict({ ...card, authorizationId: idSchema, amount: positiveAmountSchema.optional() }),
    response: transactionSchema,
    capability: 'card:simulate',
    sensitive: false,
    idempotent: false,
    sandboxOnly: true,
  }),
  'simulate/reverse': op({
    no: 0,
    summary: 'reverse an approved authorization',
    body: strict({ ...card, authorizationId: idSchema }),
    response: authorizationSchema,
    capability: 'card:simulate',
    sensitive: false,
    idempotent: false,
    sandboxOnly: true,
  }),
  'sandbox/otp/peek': op({
    no: 0,
    summary: 'read the last one-time code sent for a card (sandbox only, for tests and the demo)',
    body: strict({ ...card, purpose: otpPurposeSchema }),
    response: z.object({ otp: otpSchema, purpose: otpPurposeSchema, expiresAt: isoDateTimeSchema }),
    // the code is what secure/reveal, activation and cancellation ask for: reading it is as strong as
    // using it, so it needs the capability of the operation it unlocks (a customer: its own cards)
    capability: byOtpPurpose,
    sensitive: true,
    idempotent: false,
    sandboxOnly: true,
  }),
} as const;

export type CardOperationName = keyof typeof CARD_OPERATIONS;
export type SandboxOperationName = keyof typeof SANDBOX_OPERATIONS;
export type AnyCardOperationName = CardOperationName | SandboxOperationName;
export const ALL_CARD_OPERATIONS: Record<AnyCardOperationName, CardOperationSpec> = { ...CARD_OPERATIONS, ...SANDBOX_OPERATIONS };
type AllOperations = typeof CARD_OPERATIONS & typeof SANDBOX_OPERATIONS;
export type CardOperationBody<N extends AnyCardOperationName> = z.infer<AllOperations[N]['body']>;
export type CardOperationResult<N extends AnyCardOperationName> = z.infer<AllOperations[N]['response']>;

/** The operation spec for a path such as "card/info", or undefined. */
export function cardOperation(path: string): { name: AnyCardOperationName; spec: CardOperationSpec } | undefined {
  if (!Object.prototype.hasOwnProperty.call(ALL_CARD_OPERATIONS, path)) return undefined;
  const name = path as AnyCardOperationName;
  return { name, spec: ALL_CARD_OPERATIONS[name] };
}

/**
 * The capabilities that may run an operation before its body is read: its own, or (a code's operations)
 * any that one of the purposes needs. A staff caller holding none is refused before the body is parsed.
 */
export function cardCapabilitiesOf(spec: CardOperationSpec): readonly CardCapability[] {
  return spec.capability === byOtpPurpose ? [...new Set(Object.values(OTP_PURPOSE_CAPABILITIES))] : [spec.capability];
}

/** The capability a parsed request of the operation needs (a code's operations: the one of its purpose). */
export function cardCapabilityFor(spec: CardOperationSpec, body: Record<string, unknown>): CardCapability {
  if (spec.capability !== byOtpPurpose) return spec.capability;
  return OTP_PURPOSE_CAPABILITIES[body.purpose as keyof typeof OTP_PURPOSE_CAPABILITIES];
}

/** Changes nothing: the sandbox runs it without a transaction. */
export const isCardRead = (spec: CardOperationSpec) => spec.capability === 'card:read';

/** Mask a card number: first 6 + last 4. */
export function maskCardNo(cardNo: string): string {
  return `${cardNo.slice(0, 6)}${'*'.repeat(Math.max(cardNo.length - 10, 0))}${cardNo.slice(-4)}`;
}
