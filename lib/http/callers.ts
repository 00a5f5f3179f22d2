import { CARD_CAPABILITIES, can, cardApiRefusalMessage, cardOperationRefusalMessage, type Capability } from '@/lib/contract/access';
import { forbidden, missingHeaders, tenantAccessDenied, unauthorized, unsupportedMediaType } from '@/lib/contract/api-errors';
import type { CardScope } from '@/lib/contract/card-processor';
import { REQUIRED_HEADERS, type ContextHeaderName } from '@/lib/contract/headers';
import { refusalOf, type RouteSpec } from '@/lib/contract/routes/types';
import { getDb, type Db } from '@/lib/db/client';
import type { TenantRow } from '@/lib/db/schema';
import type { Principal } from '@/lib/services/identity/sessions';
import { activeTenantOf } from '@/lib/services/tenants/tenants';
import type { BaseContext, ErrorRenderer, RateLimitClass } from './api-route';
import { authenticate, requestTenant } from './authenticate';
import { isJsonContentType } from './body';
import { renderEnvelopeB } from './envelope';
import { parseContextHeaders, type ParsedHeaders } from './headers';

/**
 * Who is calling: the first step of the one request pipeline (lib/http/api-route.ts `createRoute`),
 * one per kind of definition (`auth` in lib/contract/routes). `callerStep(definition)` picks and
 * configures it once, when the route module loads; per request it reads the context headers and the
 * credentials, resolves tenant and principal, checks the definition's capability, fills
 * `base.identity` (which keys the rate limit and Idempotency-Key records) and returns what the
 * handler's context adds. Then the pipeline counts the request against its limit, validates params,
 * query and body, and runs the handler.
 */

/** A bearer definition: a token or the panel session, the token's tenant, the capability. */
export interface AuthContext<R extends ContextHeaderName> {
  principal: Principal;
  tenant: TenantRow;
  headers: ParsedHeaders<R>;
  db: Db;
}

/** A tenant-scoped definition: the X-Tenant-ID tenant, and the caller when `tenantOptionalBearer` sent one. */
export interface TenantContext<R extends ContextHeaderName> {
  tenant: TenantRow;
  headers: ParsedHeaders<R | 'X-Tenant-ID'>;
  db: Db;
  /** the signed-in caller when the definition is `tenantOptionalBearer` and a credential was sent; else null */
  principal: Principal | null;
}

export type CardHeaders = ParsedHeaders<(typeof REQUIRED_HEADERS.card)[number]>;

/** The virtual card API: a bearer token only, its tenant, and the scope of its card access. */
export interface CardAuthContext {
  principal: Principal;
  tenant: TenantRow;
  headers: CardHeaders;
  scope: CardScope;
  db: Db;
}

export interface CallerStep {
  /** none for a route anyone may call */
  prepare?: (base: BaseContext) => Promise<object>;
  /** Envelope B on the card API; Envelope A otherwise */
  renderError?: ErrorRenderer;
  /** the rate-limit class when the definition names none */
  rateLimit?: RateLimitClass;
}

/**
 * The caller if it presents a bearer token or a panel session; null for an anonymous request. A
 * panel-cookie request that changes something must come from our own origin (403 otherwise).
 */
export async function optionalPrincipal(db: Db, req: BaseContext['req']): Promise<Principal | null> {
  return authenticate(req, 'session', db);
}

const NOBODY: CallerStep = {};

/**
 * `bearer`: a bearer token (`Authorization: Bearer`, from a session endpoint or /api/auth/login) or,
 * without one, the admin panel's next-auth session cookie. The token's tenant is the authority: an
 * X-Tenant-ID that differs answers 403, as does a suspended tenant. Then the capability.
 */
function bearerCaller(definition: RouteSpec): CallerStep {
  const { allow, refusal } = definition;
  const spec = { required: definition.headers?.required ?? [], optional: [...(definition.headers?.optional ?? []), 'X-Tenant-ID' as const] };
  return {
    prepare: async (base): Promise<AuthContext<ContextHeaderName>> => {
      const headers = parseContextHeaders(base.req.headers, spec);
      const db = await getDb();
      const principal = await optionalPrincipal(db, base.req);
      if (!principal) throw unauthorized('sign in, or send Authorization: Bearer <token>');
      const claimedTenant = headers['X-Tenant-ID'];
      if (claimedTenant && claimedTenant !== principal.tenantId) throw tenantAccessDenied(claimedTenant);
      base.identity.tenantId = principal.tenantId;
      base.identity.userId = principal.userId;
      const tenant = activeTenantOf(principal);
      if (allow && !can(principal, allow)) throw refusalOf({ allow, refusal }, principal);
      return { principal, tenant, headers: headers as ParsedHeaders<ContextHeaderName>, db };
    },
  };
}

/**
 * `tenant` and `tenantOptionalBearer`: the declared context headers, the X-Tenant-ID tenant (unknown
 * or suspended: 403). With `tenantOptionalBearer` a bearer token or panel session is resolved when
 * sent (an invalid one answers 401), so that limits and Idempotency-Key records are the user's.
 */
function tenantCaller(definition: RouteSpec): CallerStep {
  const required = [...new Set<ContextHeaderName>(['X-Tenant-ID', ...(definition.headers?.required ?? [])])];
  const spec = { required, optional: definition.headers?.optional };
  const withPrincipal = definition.auth === 'tenantOptionalBearer';
  return {
    prepare: async (base): Promise<TenantContext<never>> => {
      const headers = parseContextHeaders(base.req.headers, spec);
      const db = await getDb();
      const tenant = await requestTenant(db, headers['X-Tenant-ID']);
      base.identity.tenantId = tenant.id;
      const principal = withPrincipal ? await authenticate(base.req, 'session', db) : null;
      if (principal) base.identity.userId = principal.userId;
      return { headers, tenant, db, principal };
    },
  };
}

/** `platformKey`: the platform operator's `Authorization: Bearer <PLATFORM_ADMIN_KEY>`; without a configured key the routes do not exist (404). */
const PLATFORM_OPERATOR: CallerStep = {
  prepare: async ({ req }) => {
    await authenticate(req, 'platform');
    return { db: await getDb() };
  },
};

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

/**
 * `card`: the virtual card API (the 46 operations). Everything it answers is Envelope B
 * `{ success, code, msg, data }` (lib/http/envelope.ts `renderEnvelopeB`): a required header absent
 * is HTTP 400 with `code` 500 and a msg naming the headers (the contract); Authorization absent,
 * malformed, invalid or expired is 401. Only a bearer token is accepted (never the panel cookie); its
 * tenant must be X-Tenant-ID.
 */
const CARD_CALLER: CallerStep = {
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
    return { principal, tenant, headers, scope: cardScopeOf(principal), db };
  },
};

/** The caller step of a definition, configured once from its `auth`, headers and capability. */
export function callerStep(definition: RouteSpec): CallerStep {
  switch (definition.auth) {
    case 'none':
      return NOBODY;
    case 'tenant':
    case 'tenantOptionalBearer':
      return tenantCaller(definition);
    case 'bearer':
      return bearerCaller(definition);
    case 'platformKey':
      return PLATFORM_OPERATOR;
    case 'card':
      return CARD_CALLER;
  }
}
