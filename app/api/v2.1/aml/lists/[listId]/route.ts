import { amlRoutes } from '@/lib/contract/routes/aml';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { getList, updateList } from '@/lib/services/aml/lists';

// GET /api/v2.1/aml/lists/{listId} - one list with every version imported
const getOne = endpoint(amlRoutes.getList, async ({ db, tenant, params }) => envelopeA(await getList(db, params.listId, { tenantId: tenant.id })));

// PATCH /api/v2.1/aml/lists/{listId} - rename, switch on or off, or schedule one of the tenant's own lists
const patch = endpoint(amlRoutes.updateList, async ({ db, tenant, params, body }) =>
  envelopeA(await updateList(db, { kind: 'tenant', tenantId: tenant.id }, params.listId, body), { message: 'list updated' }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getOne, patch);
