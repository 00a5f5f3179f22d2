import { amlRoutes } from '@/lib/contract/routes/aml';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { adHocSearch } from '@/lib/services/aml/screening';

// POST /api/v2.1/aml/search - ad hoc search of a name against every list in force
const post = endpoint(amlRoutes.search, async ({ db, tenant, body }) => envelopeA(await adHocSearch(db, tenant.id, body)));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(post);
