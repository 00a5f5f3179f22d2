import { amlRoutes } from '@/lib/contract/routes/aml';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { getAmlSettings, updateAmlSettings } from '@/lib/services/aml/settings';

// GET /api/v2.1/aml/settings - the tenant's match threshold
const getOne = endpoint(amlRoutes.getSettings, async ({ db, tenant }) => envelopeA(await getAmlSettings(db, tenant.id)));

// PUT /api/v2.1/aml/settings - set the match threshold
const put = endpoint(amlRoutes.updateSettings, async ({ db, tenant, principal, body }) =>
  envelopeA(await updateAmlSettings(db, tenant.id, principal.userId, body), { message: 'AML settings updated' }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getOne, put);
