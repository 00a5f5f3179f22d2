import { withApi } from '@/lib/http/api-route';
import { route } from '@/lib/http/route';
import { openApiJson } from '@/lib/openapi/document';

// GET /api/openapi.json - the OpenAPI 3.1 document of this API (also docs/openapi.json)
const getDocument = withApi(async () => new Response(openApiJson(), { headers: { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=300' } }));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: getDocument });
