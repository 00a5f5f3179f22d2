import { rolesWith } from '../access';
import { ALL_CARD_OPERATIONS } from '../card-operations';
import { REQUIRED_HEADERS } from '../headers';
import { defineRoute, type RouteSpec } from './types';

/** The card API path of an operation name (the route's catch-all segment). */
export const CARD_OPERATION_PATH_PREFIX = '/api/v2.1/card/virtual/';

const cardHeaders = { required: REQUIRED_HEADERS.card, optional: ['User-Agent'] } as const;

export const cardRoutes = {
  /**
   * The one route file of the 46 virtual card operations (and the sandbox ones): a catch-all whose
   * operations the card table (lib/contract/card-operations.ts) lists; the document shows each as
   * its own path (cardOperationSpecs).
   */
  operation: defineRoute({
    method: 'POST',
    path: `${CARD_OPERATION_PATH_PREFIX}{operation}`,
    tags: ['Virtual cards'],
    auth: 'card',
    envelope: 'B',
    rateLimit: 'card',
    headers: cardHeaders,
    summary: 'One of the virtual card operations',
  }),
};

/** Each card operation of the table as its own documented path. */
export function cardOperationSpecs(): RouteSpec[] {
  return Object.entries(ALL_CARD_OPERATIONS).map(([name, spec]) => ({
    ...cardRoutes.operation,
    path: `${CARD_OPERATION_PATH_PREFIX}${name}`,
    tags: [spec.sandboxOnly ? 'Card sandbox' : 'Virtual cards'],
    summary: spec.summary.charAt(0).toUpperCase() + spec.summary.slice(1),
    description: [
      spec.no ? `Card operation ${spec.no} of the contract.` : 'Sandbox only: not served when CARD_PROCESSOR_URL names a real processor.',
      spec.access === 'write'
        ? `Write access: administrators need ${rolesWith('card:write').join(' or ')}; customers act on their own cards.`
        : `Reads: customers see their own cards, administrators (${rolesWith('card:read').join(', ')}) the tenant’s.`,
      spec.sensitive ? 'Sensitive: needs a one-time code or hands out secrets; never cached.' : '',
      spec.idempotent ? 'Idempotent through the body’s `idempotencyKey` (24 h).' : '',
    ]
      .filter(Boolean)
      .join(' '),
    body: spec.body,
    response: spec.response,
  }));
}
