import type { z } from 'zod';
import type { Role } from '@/lib/contract/enums';
import type { ContextHeaderName } from '@/lib/contract/headers';
import type { ApiError } from '@/lib/contract/api-errors';
import type { RateLimitClass } from '@/lib/http/rate-limit';
import type { HttpMethod } from '@/lib/http/route';

/**
 * One documented operation of the API. The registry (lib/openapi/operations.ts) lists one per
 * (method, path) of app/api/**\/route.ts; tests/integration/openapi.test.ts fails naming any route
 * file method that has none. The generator (lib/openapi/document.ts) derives from it the parameters,
 * security, the success response in its envelope and the error responses with examples: the generic
 * ones follow from `auth`, `headers`, `params`, `query`, `body`, `roles` and `idempotency`; `errors`
 * adds the catalogue rows the operation can answer.
 */
export type OperationAuth =
  /** no credential (health, JWKS) */
  | 'none'
  /** X-Tenant-ID only (sign-in, public tenant profile) */
  | 'tenant'
  /** X-Tenant-ID; a signed-in administrator is optional (customer registration) */
  | 'tenantOptionalBearer'
  /** bearer token or the panel's session cookie (withAuth) */
  | 'bearer'
  /** bearer token only, Envelope B (the card API) */
  | 'card'
  /** Authorization: Bearer <PLATFORM_ADMIN_KEY> (withPlatformAdmin) */
  | 'platformKey';

export interface ApiOperation {
  method: HttpMethod;
  /** OpenAPI path: /api/v2.1/webhooks/subscriptions/{subscriptionId} */
  path: string;
  summary: string;
  description?: string;
  tags: readonly string[];
  auth: OperationAuth;
  roles?: readonly Role[];
  headers?: { required?: readonly ContextHeaderName[]; optional?: readonly ContextHeaderName[] };
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** `data` of the success answer (omit: an object documented in prose) */
  response?: z.ZodType;
  /** `message` of the success answer, for the example */
  message?: string;
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
   * 'required': the header is required and the service keeps its own records (POST /transfers),
   * whose 409/422 the operation lists in `errors`.
   */
  idempotency?: boolean | 'required';
  /** extra business-error reasons (card API: data.reason) shown as examples of the 200 answer */
  businessErrors?: readonly string[];
  deprecated?: boolean;
}

/** Route files (or methods) the document deliberately leaves out, each with its reason. */
export interface UndocumentedRoute {
  /** Next.js route path as in app/: /api/[[...slug]] */
  route: string;
  methods: readonly HttpMethod[] | 'ALL';
  reason: string;
}
