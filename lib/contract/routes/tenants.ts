import { publicTenantSchema, registerTenantBodySchema, registerTenantResultSchema, setTenantStatusBodySchema, tenantIdParamsSchema, tenantSchema } from '../tenants';
import { conflict } from '../api-errors';
import { defineRoute } from './types';

const tags = ['Tenants'];

const register = defineRoute({
  method: 'POST',
  path: '/api/v2.1/tenants/registration',
  tags,
  auth: 'platformKey',
  rateLimit: 'registration',
  idempotency: true,
  summary: 'Create a tenant, its owner organization, first admin and categorization',
  message: 'tenant registered',
  body: registerTenantBodySchema,
  response: registerTenantResultSchema,
  errors: [conflict('a tenant with this name already exists', { field: 'name' })],
});

const get = defineRoute({
  method: 'GET',
  path: '/api/v2.1/tenants/{tenantId}',
  tags,
  auth: 'platformKey',
  summary: 'One tenant, any status (platform operator)',
  params: tenantIdParamsSchema,
  response: tenantSchema,
});

const setStatus = defineRoute({
  method: 'POST',
  path: '/api/v2.1/tenants/{tenantId}/status',
  tags,
  auth: 'platformKey',
  summary: 'Suspend or reactivate a tenant (platform operator)',
  message: 'tenant suspended',
  params: tenantIdParamsSchema,
  body: setTenantStatusBodySchema,
  response: tenantSchema,
});

const current = defineRoute({ method: 'GET', path: '/api/v2.1/tenant', tags, auth: 'tenant', summary: "The X-Tenant-ID tenant's public profile", response: publicTenantSchema });

export const tenantRoutes = {
  register,
  get,
  setStatus,
  current,
};
