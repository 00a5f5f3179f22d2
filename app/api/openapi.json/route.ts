import { withApi } from '@/lib/http/api-route';
import { route } from '@/lib/http/route';
import { serveDocument } from '@/lib/openapi/served';

// GET /api/openapi.json - the OpenAPI 3.1 document of this API (docs/openapi.json, indented), compact,
// brotli or gzip when accepted, serialized and compressed once per process (lib/openapi/served.ts)
const getDocument = withApi(async ({ req }) => serveDocument(req.headers));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: getDocument });
