import { amlRoutes } from '@/lib/contract/routes/aml';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { getListVersion } from '@/lib/services/aml/lists';

// GET /api/v2.1/aml/lists/{listId}/versions/{versionId} - one version with its difference to the version before
const getOne = endpoint(amlRoutes.getListVersion, async ({ db, tenant, params }) => envelopeA(await getListVersion(db, params.listId, params.versionId, { tenantId: tenant.id })));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getOne);
