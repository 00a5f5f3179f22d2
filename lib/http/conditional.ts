import type { TypedAnswer } from './envelope';

/**
 * A GET answer with a validator (RFC 9110 §13.1.2): 304 Not Modified without a body when one of the
 * request's If-None-Match tags matches the current ETag (weak comparison, as the RFC asks for
 * If-None-Match; `*` matches anything), else 200 with the body. Both carry the ETag and the
 * Cache-Control, so a client that revalidates keeps its copy for another max-age.
 */
export function conditionalAnswer<T>(headers: Headers, content: { etag: string; body: string }, cacheHeaders: { cacheControl: string; vary?: string }): TypedAnswer<T> {
  const common: Record<string, string> = { ETag: content.etag, 'Cache-Control': cacheHeaders.cacheControl };
  if (cacheHeaders.vary) common.Vary = cacheHeaders.vary;
  if (matches(headers.get('if-none-match'), content.etag)) return new Response(null, { status: 304, headers: common }) as TypedAnswer<T>;
  return new Response(content.body, { headers: { ...common, 'Content-Type': 'application/json' } }) as TypedAnswer<T>;
}

/** Does an If-None-Match header name this ETag? */
export function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}
