import { brandingSchema, preloadSchema, tenantSetupSchema, updateBrandingBodySchema } from '../tenant-setup';
import { defineRoute } from './types';

const tags = ['Tenant set-up'];
const configure = { tags, auth: 'bearer', allow: 'tenant:configure' } as const;

const getBranding = defineRoute({
  ...configure,
  method: 'GET',
  path: '/api/v2.1/tenant/branding',
  summary: "The tenant's branding: display name, logo, primary colour",
  response: brandingSchema,
});

const updateBranding = defineRoute({
  ...configure,
  method: 'PUT',
  path: '/api/v2.1/tenant/branding',
  summary: "Set the tenant's branding (audited)",
  description: 'The logo is a data: URL of a PNG, JPEG or WebP image of at most 32 KiB (no SVG); the primary colour is #RRGGBB with a contrast of at least 4.5:1 against white text.',
  message: 'branding updated',
  body: updateBrandingBodySchema,
  response: brandingSchema,
});

const setup = defineRoute({
  ...configure,
  method: 'GET',
  path: '/api/v2.1/tenant/setup',
  summary: "The first-run checklist of the tenant's administrator, each step ticked from what exists",
  response: tenantSetupSchema,
});

const preload = defineRoute({
  method: 'GET',
  path: '/api/v2.1/preload',
  tags,
  auth: 'tenant',
  summary: 'Everything a panel or the tenant’s own frontend needs to start, in one call',
  description:
    'Tenant, branding, modules, the versions (ETags) of the reference lists and the active categories. Answered with a strong `ETag` of its content and ' +
    '`Cache-Control: private, max-age=60` (`Vary: X-Tenant-ID`); a request whose `If-None-Match` names the current ETag is answered `304 Not Modified` without a body.',
  response: preloadSchema,
});

export const tenantSetupRoutes = { getBranding, updateBranding, setup, preload };
