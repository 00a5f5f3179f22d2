import { z } from 'zod';
import { productRefSchema } from './products';
import { cardStatusSchema, maskedCardNoSchema } from './card-operations';
import { trimmedMatching, uuidSchema } from './common';
import { customerStatusSchema, customerTypeSchema, walletStatusSchema } from './enums';

/**
 * The panel's finding endpoints (docs/finding-things.md): the card search over the card directory
 * (GET /api/v2.1/cards) and the one search box across the tenant (GET /api/v2.1/search).
 * Neither ever takes or answers a full card number: cards are found by their last four digits,
 * their holder, their customer or their id, and answered masked (first 6 + last 4).
 */

export const CARD_SEARCH_FILTERS = ['last4', 'holder', 'customerId', 'cardId'] as const;

export const searchCardsQuerySchema = z
  .object({
    last4: trimmedMatching(/^\d{4}$/, 'must be the last four digits of the card number')
      .optional()
      .describe('the last four digits of the card number'),
    holder: z
      .string()
      .trim()
      .min(2, 'must be at least 2 characters')
      .max(100, 'must be at most 100 characters')
      .optional()
      .describe("part of the cardholder's name (first, last or both) or email; case-insensitive"),
    customerId: uuidSchema.optional().describe("only this customer's cards"),
    cardId: uuidSchema.optional().describe('exactly this card'),
    status: cardStatusSchema.optional(),
    pageNo: z.coerce.number().int().min(1, 'must be at least 1').default(1),
    pageSize: z.coerce.number().int().min(1, 'must be at least 1').max(100, 'must be at most 100').default(20),
  })
  .superRefine((v, ctx) => {
    if (!CARD_SEARCH_FILTERS.some((f) => v[f] !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['last4'], message: 'give the last four digits, a cardholder name or email, a customer or a card id' });
    }
  });
export type SearchCardsQuery = z.infer<typeof searchCardsQuerySchema>;

export const cardSearchItemSchema = z.object({
  cardId: z.uuid(),
  cardNo: maskedCardNoSchema,
  last4: z.string().regex(/^\d{4}$/),
  status: cardStatusSchema,
  currency: z.string(),
  nickname: z.string().nullable(),
  expiryMonth: z.number().int(),
  expiryYear: z.number().int(),
  cardholderId: z.uuid(),
  cardholderName: z.string().describe('first and last name of the cardholder'),
  cardholderEmail: z.string(),
  customerId: z.uuid(),
  customerName: z.string(),
  createdAt: z.string(),
  product: productRefSchema.nullable().describe('the card product the card was issued on (null: the tenant has no card product yet)'),
});
export type CardSearchItem = z.infer<typeof cardSearchItemSchema>;

export const cardSearchPageSchema = z.object({
  items: z.array(cardSearchItemSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type CardSearchPage = z.infer<typeof cardSearchPageSchema>;

export const SEARCH_RESULT_LIMIT = 10;

export const searchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(2, 'must be at least 2 characters')
    .max(100, 'must be at most 100 characters')
    .describe(
      "a customer name, email or id; a representative's name or email; a wallet name or id (or its first 8+ characters); a card id, a card number’s last four digits or its holder's name or email",
    ),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const searchResultSchema = z.object({
  q: z.string(),
  customers: z.array(
    z.object({
      id: z.uuid(),
      customerType: customerTypeSchema,
      displayName: z.string(),
      email: z.string().nullable(),
      status: customerStatusSchema,
    }),
  ),
  wallets: z.array(
    z.object({
      id: z.uuid(),
      customerId: z.uuid(),
      customerName: z.string(),
      name: z.string(),
      currency: z.string(),
      status: walletStatusSchema,
      balance: z.string(),
    }),
  ),
  representatives: z
    .array(
      z.object({
        id: z.uuid(),
        firstName: z.string(),
        lastName: z.string(),
        position: z.string().nullable(),
        email: z.string().nullable(),
        customerId: z.uuid().describe('the organization customer the person represents'),
        customerName: z.string(),
      }),
    )
    .describe('representatives and owners of organization customers whose name or email has every word of q'),
  cards: z.array(cardSearchItemSchema).describe('only for callers holding card:read; empty for the others'),
  limit: z.number().int().describe(`at most this many hits per kind (${SEARCH_RESULT_LIMIT})`),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
