import { amlRoutes } from '@/lib/contract/routes/aml';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { importListVersion } from '@/lib/services/aml/lists';

// POST /api/v2.1/aml/lists/{listId}/versions - import a new version of one of the tenant's own lists
const post = endpoint(amlRoutes.importList, async ({ db, tenant, principal, params, body }) =>
  envelopeA(await importListVersion(db, { kind: 'tenant', tenantId: tenant.id }, params.listId, body, { importedBy: principal.userId, source: 'UPLOAD' }), { message: 'list imported' }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(post);
