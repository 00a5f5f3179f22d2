import { createHash } from 'node:crypto';
import { openApiJson } from './document';
import type { z } from 'zod';
import type { openApiDocumentSchema } from '@/lib/contract/routes/platform';
import type { TypedAnswer } from '@/lib/http/envelope';

/**
 * GET /api/openapi.json as served: the compact document, serialized once per process (it is static
 * for the life of the process) and kept in memory, with an ETag so that a browser revalidates with a
 * 304 instead of fetching it again.
 *
 * Compression is Next.js's: its built-in `compress` (on by default, also under server/main.mjs)
 * gzips a route handler's answer when the client accepts gzip (~30 KB on the wire). A route handler
 * cannot send a body it compressed itself: Next.js drops `Content-Encoding` and `Content-Length` from
 * route handler responses (next/dist/server/send-response.js, FORBIDDEN_HEADERS) and would then gzip
 * the compressed bytes again, so no brotli from here.
 */
let body: Uint8Array | undefined;
let etag: string | undefined;

/** The strong validator of the document. */
export function documentEtag(): string {
  etag ??= `"${createHash('sha256').update(openApiJson()).digest('base64url').slice(0, 27)}"`;
  return etag;
}

/** The answer to GET /api/openapi.json for these request headers. */
export function serveDocument(headers: Headers): TypedAnswer<z.input<typeof openApiDocumentSchema>> {
  const common = { ETag: documentEtag(), 'Cache-Control': 'public, max-age=300', Vary: 'Accept-Encoding' };
  const ifNoneMatch = headers.get('if-none-match');
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === common.ETag)) {
    return new Response(null, { status: 304, headers: common }) as TypedAnswer<z.input<typeof openApiDocumentSchema>>;
  }
  body ??= new TextEncoder().encode(openApiJson());
  // the bytes of openApiJson(): the document the openapi test checks against openApiDocumentSchema
  return new Response(body as BodyInit, { headers: { ...common, 'Content-Type': 'application/json' } }) as TypedAnswer<z.input<typeof openApiDocumentSchema>>;
}
