import { REFERENCE_DATA_CACHE_CONTROL } from '@/lib/contract/reference-data';
import { referenceDataRoutes } from '@/lib/contract/routes/reference-data';
import { conditionalAnswer } from '@/lib/http/conditional';
import { endpoint } from '@/lib/http/endpoint';
import { route } from '@/lib/http/route';
import { referenceDataKind } from '@/lib/services/reference-data/reference-data';

// GET /api/v2.1/reference-data/{kind} - one reference list, with a strong ETag (304 on a matching If-None-Match)
const getKind = endpoint(referenceDataRoutes.kind, async ({ req, params }) => conditionalAnswer(req.headers, referenceDataKind(params.kind), { cacheControl: REFERENCE_DATA_CACHE_CONTROL }));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getKind);
