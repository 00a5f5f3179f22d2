import { cardOperationRefusalMessage } from '../access';
import { forbidden } from '../api-errors';
import { ALL_CARD_OPERATIONS, OTP_PURPOSE_CAPABILITIES, cardCapabilitiesOf } from '../card-operations';
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

const purposes = Object.entries(OTP_PURPOSE_CAPABILITIES)
  .map(([purpose, capability]) => `${purpose}: \`${capability}\``)
  .join(', ');

/** Each card operation of the table as its own documented path; its capability is the definition's `allow`, refused in the card API's words. */
export function cardOperationSpecs(): RouteSpec[] {
  return Object.entries(ALL_CARD_OPERATIONS).map(([name, spec]) => {
    const [capability] = cardCapabilitiesOf(spec);
    return {
      ...cardRoutes.operation,
      path: `${CARD_OPERATION_PATH_PREFIX}${name}`,
      tags: [spec.sandboxOnly ? 'Card sandbox' : 'Virtual cards'],
      summary: spec.summary.charAt(0).toUpperCase() + spec.summary.slice(1),
      // the code's operations: no single capability, the purpose's is checked once the body is read
      ...(spec.capability === 'byOtpPurpose'
        ? { errors: [forbidden(cardOperationRefusalMessage(capability!))] }
        : { allow: capability, refusal: () => forbidden(cardOperationRefusalMessage(capability!)) }),
      description: [
        spec.no ? `Card operation ${spec.no} of the contract.` : 'Sandbox only: not served when CARD_PROCESSOR_URL names a real processor.',
        spec.capability === 'byOtpPurpose' ? `Staff need the capability of the code's purpose (${purposes}); customers act on their own cards.` : 'Customers act on their own cards.',
        spec.sensitive ? 'Sensitive: needs a one-time code or hands out secrets; never cached.' : '',
        spec.idempotent ? 'Idempotent through the body’s `idempotencyKey` (24 h).' : '',
      ]
        .filter(Boolean)
        .join(' '),
      body: spec.body,
      response: spec.response,
    };
  });
}
