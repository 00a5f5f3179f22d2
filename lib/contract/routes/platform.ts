import { z } from 'zod';
import { defineRoute } from './types';

const dependencyStatus = z.enum(['ok', 'degraded']);
const healthSchema = z.object({
  status: z.enum(['ok', 'degraded', 'unavailable']).describe('unavailable (503): the database does not answer; degraded: Redis does not, rate limits count in process memory'),
  database: z.object({ status: dependencyStatus, reachable: z.boolean(), driver: z.enum(['pglite', 'postgres']).nullable(), latencyMs: z.number().nullable(), error: z.string().optional() }),
  redis: z
    .object({ status: dependencyStatus, connection: z.string().describe('the client state: ready, connecting, reconnecting, ...') })
    .optional()
    .describe('present when REDIS_URL is set'),
  uptimeSeconds: z.number(),
  version: z.string(),
});

/** The OpenAPI 3.1 document's frame (lib/openapi/document.ts builds it; tests/integration/openapi.test.ts validates it whole). */
export const openApiDocumentSchema = z
  .object({
    openapi: z.literal('3.1.0'),
    info: z.object({ title: z.string(), version: z.string() }).catchall(z.unknown()),
    servers: z.array(z.object({ url: z.string(), description: z.string().optional() })),
    tags: z.array(z.object({ name: z.string(), description: z.string().optional() })),
    paths: z.record(z.string(), z.record(z.string(), z.unknown())),
    components: z.record(z.string(), z.record(z.string(), z.unknown())),
  })
  .catchall(z.unknown())
  .describe('OpenAPI 3.1 document');

// ------------------------------------------------------------------------------------- platform
const health = defineRoute({
  method: 'GET',
  path: '/api/health',
  tags: ['Platform'],
  auth: 'none',
  summary: 'Each dependency ok or degraded; 503 when the database does not answer',
  response: healthSchema,
});

const openapi = defineRoute({
  method: 'GET',
  path: '/api/openapi.json',
  tags: ['Platform'],
  auth: 'none',
  envelope: 'none',
  summary: 'This OpenAPI 3.1 document',
  response: openApiDocumentSchema,
});

const metrics = defineRoute({
  method: 'GET',
  path: '/api/metrics',
  tags: ['Platform'],
  auth: 'none',
  envelope: 'none',
  responseContentType: 'text/plain',
  summary: 'Prometheus text format for operators, behind Authorization: Bearer <METRICS_TOKEN>',
  undocumented: "operators' Prometheus scrape endpoint (text format, not JSON), served only with METRICS_TOKEN (docs/operations.md)",
});

export const platformRoutes = {
  health,
  openapi,
  metrics,
};
