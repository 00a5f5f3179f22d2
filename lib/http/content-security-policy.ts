/**
 * The Content-Security-Policy of every HTML page (docs/edge.md, "Security headers"): scripts only by
 * this answer's nonce (and what they load: 'strict-dynamic'), nothing from another origin, no
 * plugins, no <base>, never framed. proxy.ts builds it per request; Next.js reads the nonce from
 * the request's copy of the header and puts it on its own scripts, and the API reference page puts
 * it on its inline capture listener. API answers carry `default-src 'none'` (server/edge.mjs).
 *
 * What the panel needs beyond 'self':
 * - img-src data: Swagger UI's stylesheet draws its icons as data: SVGs;
 * - style-src-attr 'unsafe-inline': style attributes in server-rendered HTML (the document viewer's
 *   zoom, Swagger UI's markup); style elements still need the nonce or our origin.
 * In development React needs 'unsafe-eval' (its error overlay rebuilds server stacks); never in production.
 */
export const NONCE_HEADER = 'x-nonce';

export function htmlContentSecurityPolicy(nonce: string, options: { development?: boolean } = {}): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.development ? " 'unsafe-eval'" : ''}`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** A fresh nonce: 16 random bytes, base64 (unguessable, unique per answer). */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}
