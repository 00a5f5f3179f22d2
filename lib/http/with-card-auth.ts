import { CARD_CAPABILITIES, can, cardApiRefusalMessage, cardOperationRefusalMessage, type Capability } from '@/lib/contract/access';
import type { CardScope } from '@/lib/contract/card-processor';
import { REQUIRED_HEADERS } from '@/lib/contract/headers';
import type { EnvelopeB } from '@/lib/contract/envelopes';
import { ERROR_TYPES } from '@/lib/contract/errors';
import { getDb, type Db } from '@/lib/db/client';
import type { TenantRow } from '@/lib/db/schema';
import type { Principal } from '@/lib/services/identity/sessions';
import { activeTenantOf } from '@/lib/services/tenants/tenants';
import { createRoute, type BaseContext, type ErrorRenderer, type RawParams, type RouteHandler } from './api-route';
import { authenticate } from './authenticate';
import { isJsonContentType } from './body';
import { forbidden, missingHeaders, tenantAccessDenied, unsupportedMediaType, type ApiError } from '@/lib/contract/api-errors';
import { parseContextHeaders, type ParsedHeaders } from './headers';

/**
 * The wrapper of the virtual card API (the 46 operations). Everything it answers is Envelope B
 * `{ success, code, msg, data }`:
 * - a required header absent: HTTP 400, `code` 500, msg naming the missing headers (the contract);
 *   Authorization absent, empty, malformed, invalid or expired: HTTP 401, `code` 401 (expired: the
 *   JWT_EXPIRED data);
 * - every other ApiError keeps its HTTP status; `code` mirrors it, except that 400 is `code` 500 as
 *   the contract says and 5xx are `code` 500. Business errors (HTTP 200, `code` -1) are answered by
 *   the route, not thrown.
 * Only a bearer token is accepted (never the panel cookie). The token's tenant must be X-Tenant-ID.
 */

export type CardHeaders = ParsedHeaders<(typeof REQUIRED_HEADERS.card)[number]>;

export interface CardAuthContext {
  principal: Principal;
  tenant: TenantRow;
  headers: CardHeaders;
  scope: CardScope;
  db: Db;
}

/** The Envelope B body of an ApiError (also the OpenAPI document's examples). */
export function envelopeBErrorBody(error: ApiError): EnvelopeB<Record<string, unknown>> {
  const code = error.status === 400 || error.status >= 500 ? 500 : error.status;
  const msg = error.data.error === ERROR_TYPES.missingHeaders && typeof error.data.details === 'string' ? error.data.details : error.message;
  return { success: false, code, msg, data: error.data };
}

/** Envelope B for an ApiError. */
export const renderEnvelopeB: ErrorRenderer = (error) => Response.json(envelopeBErrorBody(error), { status: error.status, headers: error.headers });

/** The scope of the principal's card access: its customer's cards, or (staff holding a card capability) the tenant's. */
export function cardScopeOf(principal: Principal): CardScope {
  if (principal.customerId) return { kind: 'customer', customerId: principal.customerId };
  if (!CARD_CAPABILITIES.some((capability) => can(principal, capability))) throw forbidden(cardApiRefusalMessage());
  return { kind: 'tenant' };
}

/** Staff need one of the operation's capabilities (lib/contract/card-operations.ts); customers act on their own cards. */
export function assertCardCapability(principal: Principal, scope: CardScope, capabilities: readonly Capability[]): void {
  if (scope.kind === 'customer') return;
  if (!capabilities.some((capability) => can(principal, capability))) throw forbidden(cardOperationRefusalMessage(capabilities[0]!));
}

export function withCardAuth(handler: (ctx: BaseContext & CardAuthContext & { params: RawParams }) => Promise<Response>): RouteHandler {
  return createRoute({
    schemas: {},
    renderError: renderEnvelopeB,
    rateLimit: 'card',
    prepare: async (base): Promise<CardAuthContext> => {
      const h = base.req.headers;
      // Authorization is answered by the token rule (401); every other required header by the 400 rule.
      const missing = ['Content-Type', ...REQUIRED_HEADERS.card].filter((name) => h.get(name) === null);
      if (missing.length) throw missingHeaders(missing);
      if (!isJsonContentType(h.get('content-type'))) throw unsupportedMediaType(h.get('content-type'));
      const headers = parseContextHeaders(h, { required: REQUIRED_HEADERS.card, optional: ['User-Agent'] });

      const principal = await authenticate(base.req, 'card');
      const db = await getDb();
      base.identity.tenantId = principal.tenantId;
      base.identity.userId = principal.userId;
      if (headers['X-Tenant-ID'] !== principal.tenantId) throw tenantAccessDenied(headers['X-Tenant-ID']);
      const tenant = activeTenantOf(principal);
      const scope = cardScopeOf(principal);
      base.log = base.log.child({ tenantId: tenant.id, userId: principal.userId });
      return { principal, tenant, headers, scope, db };
    },
    handler: (ctx) => handler(ctx),
  });
}
