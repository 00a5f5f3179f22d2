import { amlRoutes } from '@/lib/contract/routes/aml';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { updateList } from '@/lib/services/aml/lists';

// PATCH /api/v2.1/platform/aml/lists/{listId} - rename, switch on or off, or schedule a platform list
const patch = endpoint(amlRoutes.platformUpdateList, async ({ db, params, body }) => envelopeA(await updateList(db, { kind: 'platform' }, params.listId, body), { message: 'list updated' }));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(patch);
