import { amlRoutes } from '@/lib/contract/routes/aml';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { createList, listLists } from '@/lib/services/aml/lists';

// GET /api/v2.1/platform/aml/lists - the platform operator's lists
const getList = endpoint(amlRoutes.platformListLists, async ({ db }) => envelopeA(await listLists(db, { platform: true })));

// POST /api/v2.1/platform/aml/lists - create a platform list (screened for every tenant)
const post = endpoint(amlRoutes.platformCreateList, async ({ db, body }) => envelopeA(await createList(db, { kind: 'platform' }, body, null), { message: 'list created' }));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getList, post);
