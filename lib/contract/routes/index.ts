import { amlRoutes } from './aml';
import { cardOperationSpecs, cardRoutes } from './cards';
import { categoryProcessRoutes } from './category-processes';
import { consentTemplateRoutes } from './consent-templates';
import { customerRoutes } from './customers';
import { dashboardRoutes } from './dashboard';
import { draftRoutes } from './drafts';
import { externalEventRoutes } from './external-events';
import { identityRoutes } from './identity';
import { moneyRoutes } from './money';
import { onboardingRoutes } from './onboarding';
import { platformRoutes } from './platform';
import { productRoutes } from './products';
import { referenceDataRoutes } from './reference-data';
import { searchRoutes } from './search';
import { tenantSetupRoutes } from './tenant-setup';
import { tenantRoutes } from './tenants';
import type { RouteSpec } from './types';
import { webhookRoutes } from './webhooks';

/**
 * Every route of the API, one definition each (lib/contract/routes/<domain>.ts). The wrapper of each
 * handler and the OpenAPI document are built from these; tests/integration/routes.test.ts checks
 * that each route file method is bound to exactly the definition of its path and method, and that
 * no definition is left without a route file.
 */
type Domain = Readonly<Record<string, RouteSpec>> | readonly RouteSpec[];
const DOMAINS: readonly Domain[] = [
  platformRoutes,
  tenantRoutes,
  tenantSetupRoutes,
  referenceDataRoutes,
  identityRoutes,
  onboardingRoutes,
  draftRoutes,
  webhookRoutes,
  externalEventRoutes,
  customerRoutes,
  searchRoutes,
  dashboardRoutes,
  moneyRoutes,
  productRoutes,
  amlRoutes,
  categoryProcessRoutes,
  consentTemplateRoutes,
  cardRoutes,
];

export const ROUTES: readonly RouteSpec[] = DOMAINS.flatMap((domain) => Object.values(domain));

/** What the OpenAPI document shows: every documented route, the card catch-all as one path per operation. */
export function documentedRoutes(): RouteSpec[] {
  return ROUTES.flatMap((route) => (route === cardRoutes.operation ? cardOperationSpecs() : route.undocumented ? [] : [route]));
}

/** Route files that bind no definition: not our API's handlers. */
export const UNDECLARED_ROUTES: readonly { route: string; reason: string }[] = [
  { route: '/api/[[...slug]]', reason: 'the fallback that answers 404 ROUTE_NOT_FOUND for every unknown /api path, whatever the method (documented as the generic 404)' },
  { route: '/api/auth/[...nextauth]', reason: "next-auth's own protocol for the admin panel's cookie session (sign-in form, CSRF, callback): not an API for clients" },
];

export { defineRoute, type RouteSpec } from './types';
