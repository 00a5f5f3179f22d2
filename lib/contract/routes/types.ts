import type { z } from 'zod';
import { missingCapabilityMessage, type Capability } from '../access';
import { forbidden, type ApiError } from '../api-errors';
import type { Role } from '../enums';
import type { ContextHeaderName } from '../headers';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** The route classes of the rate limiter; each has its own limit and window (RATE_LIMIT_<CLASS>_MAX / _WINDOW_SECONDS). */
export const RATE_LIMIT_CLASSES = ['default', 'login', 'registration', 'webhooks', 'card'] as const;
export type RateLimitClass = (typeof RATE_LIMIT_CLASSES)[number];

/** How a route authenticates its caller: picks the wrapper (lib/http/endpoint.ts) and the document's security. */
export type RouteAuth =
  /** no credential (health, JWKS) */
  | 'none'
  /** X-Tenant-ID only (sign-in, public tenant profile) */
  | 'tenant'
  /** X-Tenant-ID; a signed-in administrator is optional (customer registration) */
  | 'tenantOptionalBearer'
  /** bearer token or the panel's session cookie */
  | 'bearer'
  /** bearer token only, Envelope B (the card API) */
  | 'card'
  /** Authorization: Bearer <PLATFORM_ADMIN_KEY> */
  | 'platformKey';

/**
 * One route of the API, as data: the single definition from which the handler's wrapper
 * (lib/http/endpoint.ts: authentication, headers, access, params/query/body validation, rate-limit
 * class, Idempotency-Key) and its OpenAPI operation (lib/openapi/document.ts) are both built. A
 * route file binds a definition to a handler with `endpoint(definition, handler)`;
 * tests/integration/routes.test.ts fails when a route file method has no definition or a
 * definition has no route file.
 */
export interface RouteSpec {
  method: HttpMethod;
  /** OpenAPI path: /api/v2.1/webhooks/subscriptions/{subscriptionId} */
  path: string;
  summary: string;
  description?: string;
  tags: readonly string[];
  auth: RouteAuth;
  /** the capability the caller needs (lib/contract/access.ts); `refusal` (403 naming its roles by default) otherwise */
  allow?: Capability;
  /** the definition's own answer to a caller without `allow`, where the contract names one (the verification routes) */
  refusal?: Refusal;
  headers?: { required: readonly ContextHeaderName[]; optional?: readonly ContextHeaderName[] };
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * A body the handler reads itself, byte for byte (a signed event: the signature covers the exact
   * bytes): documented as the request body, not read or parsed by the wrapper. Never with `body`.
   */
  rawBody?: z.ZodType;
  /** a larger body limit than MAX_BODY_BYTES (registration with a document) */
  maxBodyBytes?: number;
  /** `data` of the success answer (omit: an object documented in prose) */
  response?: z.ZodType;
  /** `message` of the success answer, for the example */
  message?: string;
  /** the operation also answers 202 with the same `data`: when, and the answer's `message` (documented as its own response) */
  accepted?: { when: string; message: string };
  /** A: {code, message, data} (default); B: the card API; none: the body is `response` itself */
  envelope?: 'A' | 'B' | 'none';
  /** a non-JSON success body (document content) */
  responseContentType?: string;
  /** further success bodies: what a query switch asks for (?format=csv answers text/csv), or the stored file's own type */
  alternativeContentTypes?: readonly string[];
  /** catalogue errors this operation answers besides the generic ones */
  errors?: readonly ApiError[];
  rateLimit?: RateLimitClass;
  /**
   * true: the optional Idempotency-Key of lib/http/idempotency (its 409/422 added automatically);
   * 'required': the header is required and the service keeps its records in the same store inside
   * its own transaction (POST /transfers), whose 409/422 the operation lists in `errors`.
   */
  idempotency?: boolean | 'required';
  /** extra business-error reasons (card API: data.reason) shown as examples of the 200 answer */
  businessErrors?: readonly string[];
  deprecated?: boolean;
  /** served but left out of the OpenAPI document, with the reason (the 404 fallback, metrics, the bench baseline) */
  undocumented?: string;
}

/** Who was refused: what a contract-specific refusal may report. */
export interface RefusedCaller {
  userId: string;
  roles: readonly Role[];
}
export type Refusal = (caller: RefusedCaller) => ApiError;

/** The answer to a caller who lacks the definition's capability: its own refusal, or the generic 403. */
export function refusalOf(definition: { allow: Capability; refusal?: Refusal }, caller: RefusedCaller): ApiError {
  return definition.refusal ? definition.refusal(caller) : forbidden(missingCapabilityMessage(definition.allow));
}

/** A definition with its literal types kept (schemas, headers), so that the handler's context is typed from it. */
export function defineRoute<const D extends RouteSpec>(definition: D): D {
  return definition;
}
