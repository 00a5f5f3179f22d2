import { amlRoutes } from '@/lib/contract/routes/aml';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { route } from '@/lib/http/route';
import { importListVersion } from '@/lib/services/aml/lists';

// POST /api/v2.1/platform/aml/lists/{listId}/versions - import a new version of a platform list
const post = endpoint(amlRoutes.platformImportList, async ({ db, params, body }) =>
  envelopeA(await importListVersion(db, { kind: 'platform' }, params.listId, body, { importedBy: null, source: 'UPLOAD' }), { message: 'list imported' }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(post);
