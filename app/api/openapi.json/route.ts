import { platformRoutes } from '@/lib/contract/routes/platform';
import { endpoint } from '@/lib/http/endpoint';
import { route } from '@/lib/http/route';
import { serveDocument } from '@/lib/openapi/served';

// GET /api/openapi.json - the OpenAPI 3.1 document of this API (docs/openapi.json, indented), compact,
// brotli or gzip when accepted, serialized and compressed once per process (lib/openapi/served.ts)
const getDocument = endpoint(platformRoutes.openapi, async ({ req }) => serveDocument(req.headers));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getDocument);
