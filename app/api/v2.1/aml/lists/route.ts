import { amlRoutes } from '@/lib/contract/routes/aml';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { createList, listLists } from '@/lib/services/aml/lists';

// GET /api/v2.1/aml/lists - the lists screened for the tenant: the platform operator's and its own
const getList = endpoint(amlRoutes.listLists, async ({ db, tenant }) => envelopeA(await listLists(db, { tenantId: tenant.id })));

// POST /api/v2.1/aml/lists - create one of the tenant's own lists
const post = endpoint(amlRoutes.createList, async ({ db, tenant, principal, body }) =>
  envelopeA(await createList(db, { kind: 'tenant', tenantId: tenant.id }, body, principal.userId), { message: 'list created' }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getList, post);
