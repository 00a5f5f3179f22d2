import { amlRoutes } from '@/lib/contract/routes/aml';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { listEntries } from '@/lib/services/aml/lists';

// GET /api/v2.1/aml/lists/{listId}/entries - the entries of a list in force (search, paged)
const getPage = endpoint(amlRoutes.listEntries, async ({ db, tenant, params, query }) => envelopeA(await listEntries(db, params.listId, { tenantId: tenant.id }, query)));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getPage);
