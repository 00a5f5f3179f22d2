import Decimal from 'decimal.js';
import { z } from 'zod';
import { uuidSchema } from './common';
import { compareDecimal, CURRENCY_MINOR_UNITS, currencySchema, MAX_AMOUNT, type Currency } from './money';

/**
 * Products (docs/products.md), like Stripe's products and prices: a wallet product (currency,
 * default transaction limits, the fees on payouts and on wallet transfers) or a card product
 * (sandbox BIN range, default spending limits, allowed merchant categories). A wallet or card opens
 * on a product; every tenant has `default-wallet` and `default-card` without fees. Limits are
 * exported constants so the form and the route cannot disagree.
 */
export const PRODUCT_KINDS = ['WALLET', 'CARD'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];
export const PRODUCT_KIND_LABELS: Record<ProductKind, string> = { WALLET: 'Wallet product', CARD: 'Card product' };

/** The codes every tenant's default products carry (created with the tenant or on first use; migration 0021). */
export const DEFAULT_WALLET_PRODUCT_CODE = 'default-wallet';
export const DEFAULT_CARD_PRODUCT_CODE = 'default-card';
/** The sandbox's own test BIN (lib/card-processor/sandbox/core.ts generatePan): the default card product's range. */
export const SANDBOX_DEFAULT_BIN = { start: '400000', end: '400000' } as const;

/** The members of a product a PATCH can change (kind, code and currency are fixed), as `product.updated` names them. */
export const PRODUCT_CHANGEABLE_MEMBERS = ['name', 'description', 'payoutFee', 'transferFee', 'limits', 'binRange', 'allowedMccs'] as const;

export const PRODUCT_CODE_MAX = 63;
export const PRODUCT_NAME_MAX = 100;
export const PRODUCT_DESCRIPTION_MAX = 500;
/** 10000 basis points = 100 %. */
export const FEE_BPS_MAX = 10000;
export const ALLOWED_MCCS_MAX = 200;
export const PRODUCT_CODE_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** A non-negative decimal string of at most MAX_AMOUNT, with a message for each way it can be wrong. */
export const nonNegativeAmountSchema = z
  .string()
  .refine((v) => !v.trim().startsWith('-'), 'must not be negative')
  .refine((v) => v.trim().startsWith('-') || /^(0|[1-9]\d{0,14})(\.\d{1,4})?$/.test(v), 'must be a decimal string such as "0.50" (no sign, no exponent)')
  .refine((v) => !/^(0|[1-9]\d{0,14})(\.\d{1,4})?$/.test(v) || compareDecimal(v, MAX_AMOUNT) <= 0, `must be at most ${MAX_AMOUNT} (MAX_AMOUNT)`)
  .describe('decimal amount as a string, e.g. "0.50": zero or more, at most MAX_AMOUNT');

export const feeSchema = z
  .object({
    fixed: nonNegativeAmountSchema.describe('fixed part of the fee, in the currency of the payment'),
    percentBps: z
      .number({ error: 'must be a whole number of basis points' })
      .int('must be a whole number of basis points')
      .min(0, 'must not be negative')
      .max(FEE_BPS_MAX, `must be at most ${FEE_BPS_MAX} (100 %)`)
      .describe('percentage part in basis points: 125 = 1.25 % of the amount'),
  })
  .describe('fee = fixed + amount x percentBps / 10000, the percentage part rounded half up to the currency minor units');
export type Fee = z.infer<typeof feeSchema>;
export const NO_FEE: Fee = { fixed: '0', percentBps: 0 };

/**
 * The fee of a payment of `amount`: fixed + amount x percentBps / 10000, the percentage part rounded
 * half up (ROUND_HALF_UP) to the currency's minor units, then the fixed part added. The server posts
 * exactly this; the transfer form shows exactly this before the payment is sent.
 */
export function computeFee(fee: Fee | null | undefined, amount: string, currency: Currency): string {
  const units = CURRENCY_MINOR_UNITS[currency];
  if (!fee) return new Decimal(0).toFixed(units);
  const percent = new Decimal(amount).times(fee.percentBps).dividedBy(FEE_BPS_MAX).toDecimalPlaces(units, Decimal.ROUND_HALF_UP);
  return percent.plus(fee.fixed).toFixed(units, Decimal.ROUND_HALF_UP);
}

const limitAmount = nonNegativeAmountSchema.nullable();
export const productLimitsSchema = z
  .object({
    perTransaction: limitAmount.describe('largest single payment (null: none)'),
    daily: limitAmount.describe('most per calendar day, UTC (null: none)'),
    monthly: limitAmount.describe('most per calendar month, UTC (null: none)'),
  })
  .describe('default limits: a wallet opened on the product gets them as its transaction limits; a card issued on it as its spending limits');
export type ProductLimits = z.infer<typeof productLimitsSchema>;
export const NO_LIMITS: ProductLimits = { perTransaction: null, daily: null, monthly: null };

const binSchema = z.string().regex(/^\d{6,8}$/, 'must be 6 to 8 digits');
export const binRangeSchema = z
  .object({ start: binSchema.describe('first BIN of the range'), end: binSchema.describe('last BIN of the range') })
  .superRefine((range, ctx) => {
    if (!/^\d{6,8}$/.test(range.start) || !/^\d{6,8}$/.test(range.end)) return;
    if (range.start.length !== range.end.length) ctx.addIssue({ code: 'custom', path: ['end'], message: 'must have as many digits as start' });
    else if (range.end < range.start) ctx.addIssue({ code: 'custom', path: ['end'], message: 'must not be below start' });
  })
  .describe('sandbox BIN range: card numbers of the product begin with a BIN from start to end');
export type BinRange = z.infer<typeof binRangeSchema>;

export const mccSchema = z.string().regex(/^\d{4}$/, 'must be a 4-digit merchant category code (ISO 18245)');
const allowedMccsSchema = z
  .array(mccSchema)
  .max(ALLOWED_MCCS_MAX, `must list at most ${ALLOWED_MCCS_MAX} codes`)
  .nullable()
  .describe('merchant categories a card of the product may pay at (null: every category)');

const codeSchema = z
  .string()
  .max(PRODUCT_CODE_MAX, `must be at most ${PRODUCT_CODE_MAX} characters`)
  .regex(PRODUCT_CODE_PATTERN, 'must be lower-case letters, digits and hyphens, starting and ending with a letter or digit')
  .describe('unique within the tenant; other configuration (the category-to-process mapping) names products by it');
const nameSchema = z.string().trim().min(1, 'must not be empty').max(PRODUCT_NAME_MAX, `must be at most ${PRODUCT_NAME_MAX} characters`);
const descriptionSchema = z.string().trim().max(PRODUCT_DESCRIPTION_MAX, `must be at most ${PRODUCT_DESCRIPTION_MAX} characters`).nullable();

/** Amounts of a product in its currency: at most the currency's minor units (a product without currency: 4 decimals). */
function minorUnitsIssues(value: { currency?: Currency | null; payoutFee?: Fee; transferFee?: Fee; limits?: ProductLimits }, ctx: z.RefinementCtx) {
  const currency = value.currency;
  if (!currency) return;
  const units = CURRENCY_MINOR_UNITS[currency];
  const check = (amount: string | null | undefined, path: (string | number)[]) => {
    if (!amount || !/^\d+(\.\d+)?$/.test(amount)) return;
    const dot = amount.indexOf('.');
    if (dot !== -1 && amount.length - dot - 1 > units) ctx.addIssue({ code: 'custom', path, message: `must have at most ${units} decimal places for ${currency}` });
  };
  check(value.payoutFee?.fixed, ['payoutFee', 'fixed']);
  check(value.transferFee?.fixed, ['transferFee', 'fixed']);
  for (const key of ['perTransaction', 'daily', 'monthly'] as const) check(value.limits?.[key], ['limits', key]);
}

export const createWalletProductBodySchema = z.object({
  kind: z.literal('WALLET'),
  code: codeSchema,
  name: nameSchema,
  description: descriptionSchema.optional(),
  currency: currencySchema.nullable().describe('the currency of wallets on the product; null: chosen when a wallet is opened'),
  payoutFee: feeSchema.default(NO_FEE).describe('fee on a payout to a beneficiary'),
  transferFee: feeSchema.default(NO_FEE).describe('fee on a transfer to another wallet'),
  limits: productLimitsSchema.default(NO_LIMITS),
});
export const createCardProductBodySchema = z.object({
  kind: z.literal('CARD'),
  code: codeSchema,
  name: nameSchema,
  description: descriptionSchema.optional(),
  currency: currencySchema.nullable().describe('the currency of cards on the product; null: chosen when a card is issued'),
  binRange: binRangeSchema,
  limits: productLimitsSchema.default(NO_LIMITS),
  allowedMccs: allowedMccsSchema.default(null),
});
export const createProductBodySchema = z
  .discriminatedUnion('kind', [createWalletProductBodySchema, createCardProductBodySchema], { error: 'must be WALLET or CARD' })
  .superRefine(minorUnitsIssues);
export type CreateProductBody = z.infer<typeof createProductBodySchema>;

/** PATCH: what may change. Kind, code and currency are fixed once wallets or cards open on a product. Changing a fee affects future payments only. */
export const updateProductBodySchema = z
  .object({
    name: nameSchema.optional(),
    description: descriptionSchema.optional(),
    payoutFee: feeSchema.optional().describe('wallet products only'),
    transferFee: feeSchema.optional().describe('wallet products only'),
    limits: productLimitsSchema.optional(),
    binRange: binRangeSchema.optional().describe('card products only'),
    allowedMccs: allowedMccsSchema.optional().describe('card products only'),
  })
  .refine((v) => Object.keys(v).length > 0, { message: 'must change at least one field' });
export type UpdateProductBody = z.infer<typeof updateProductBodySchema>;

export const productSchema = z.object({
  id: z.uuid(),
  kind: z.enum(PRODUCT_KINDS),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  isDefault: z.boolean().describe('the tenant default of its kind (default-wallet, default-card): what a wallet or card opens on when none is named'),
  currency: currencySchema.nullable(),
  payoutFee: feeSchema.nullable().describe('wallet products: the fee on payouts (null for card products)'),
  transferFee: feeSchema.nullable().describe('wallet products: the fee on wallet transfers (null for card products)'),
  limits: productLimitsSchema,
  binRange: binRangeSchema.nullable().describe('card products (null for wallet products)'),
  allowedMccs: allowedMccsSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;
/** A tenant has a handful of products: the list is not paged. */
export const productListSchema = z.object({ items: z.array(productSchema) });

export const listProductsQuerySchema = z.object({ kind: z.enum(PRODUCT_KINDS).optional().describe('only products of this kind') });
export type ListProductsQuery = z.infer<typeof listProductsQuerySchema>;
export const productIdParamsSchema = z.object({ productId: uuidSchema });

/** What a wallet or card shows of its product. */
export const productRefSchema = z.object({ id: z.uuid(), code: z.string(), name: z.string() }).describe('the product the wallet or card was opened on');
export type ProductRef = z.infer<typeof productRefSchema>;
/** What a wallet shows of its product: the reference and the fees that apply to its payments now (the transfer form previews with computeFee). */
export const walletProductSchema = productRefSchema
  .extend({ payoutFee: feeSchema, transferFee: feeSchema })
  .describe('the product the wallet was opened on, with the fees its payouts and wallet transfers pay now');
export type WalletProduct = z.infer<typeof walletProductSchema>;

/** Naming a product at open or issue: by id or by code (not both). */
export const productChoiceFields = {
  productId: uuidSchema.optional().describe('the product to open on (default: the tenant default product)'),
  productCode: codeSchema.optional().describe('the product to open on, by its code (instead of productId)'),
};
