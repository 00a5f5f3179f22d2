import { validationFailed } from '../api-errors';
import { cardSearchPageSchema, searchCardsQuerySchema, searchQuerySchema, searchResultSchema } from '../search';
import { defineRoute } from './types';

// ------------------------------------------------------------------------------------- finding things (docs/finding-things.md)
const panel = { tags: ['Panel'], auth: 'bearer' } as const;

const searchCards = defineRoute({
  ...panel,
  method: 'GET',
  path: '/api/v2.1/cards',
  allow: 'card:read',
  summary: 'Find cards by last four digits, cardholder name or email, customer or card id (masked; newest first)',
  description:
    "Searches the card tables of the built-in sandbox processor, always within the caller's tenant; filters combine with AND and at least one of last4, holder, customerId, cardId is required. Never takes or answers a full card number.",
  query: searchCardsQuerySchema,
  response: cardSearchPageSchema,
  errors: [validationFailed([{ field: 'last4', message: 'give the last four digits, a cardholder name or email, a customer or a card id' }])],
});

const search = defineRoute({
  ...panel,
  method: 'GET',
  path: '/api/v2.1/search',
  allow: 'tenant:staff',
  summary: 'One search box across the tenant: customers (name, email, id), wallets (id or its start), cards (last four digits, id)',
  description: 'At most `limit` hits per kind. Cards are searched only for callers holding `card:read`; for the others `cards` is empty.',
  query: searchQuerySchema,
  response: searchResultSchema,
  errors: [validationFailed([{ field: 'q', message: 'must be at least 2 characters' }])],
});

export const searchRoutes = { searchCards, search };
