import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Unknown API paths answered at the edge (docs/edge.md, "Unknown API paths"). Next.js finds that no
 * route serves `/api/v2.1/nope` only after its whole routing pass (every static and dynamic route,
 * then the optional catch-all `app/api/[[...slug]]`), which costs more than the 404 itself. The edge
 * asks the build's own route table instead, and hands the request straight to the catch-all's
 * handler, the same `createRoute` pipeline Next.js would call (request id, rate limit, envelope,
 * metrics, access log): the answer is the same, only Next.js's routing is skipped. Any path the edge
 * is not sure of (an escape, a trailing slash, a dot segment, a path some route or the proxy
 * matches) goes to Next.js as before.
 */

/** Where the catch-all route module (app/api/[[...slug]]/route.ts) leaves its handler when it loads. */
export const API_NOT_FOUND_HANDLER = Symbol.for('business-platform.api-not-found');

/** The catch-all's page in the build's route table. */
export const CATCH_ALL_PAGE = '/api/[[...slug]]';

/** The methods the catch-all exports; any other goes to Next.js (which answers 405). */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * A path the edge may judge alone: `/api/` and segments of unreserved and sub-delimiter characters
 * only (no escape to decode, nothing Next.js would normalise), none of them `.` or `..`, no empty
 * segment, no trailing slash (Next.js redirects those first). The query is not part of it.
 */
const PLAIN_API_PATH = /^\/api(?:\/(?!\.\.?(?:\/|$))[A-Za-z0-9\-._~!$&'()*+,;=:@]+)+$/;

/**
 * The build's route table as the edge needs it, from Next.js's manifests in `distDir`: `serves(path)`
 * tells whether a route other than the catch-all (or the proxy) would take a plain API path. Null,
 * with the reason, when the build has something the edge does not model (rewrites, configured
 * headers or redirects, a base path, locales, pages-router API routes, no catch-all): then every
 * request goes to Next.js.
 */
export function loadApiRouteTable(distDir) {
  const read = (file) => JSON.parse(readFileSync(path.join(distDir, file), 'utf8'));
  let routes, pages, functions;
  try {
    routes = read('routes-manifest.json');
    pages = read(path.join('server', 'pages-manifest.json'));
    functions = read(path.join('server', 'functions-config-manifest.json'));
  } catch (err) {
    return { table: null, reason: `the build's manifests could not be read (${err.code ?? err.message})` };
  }
  return routeTableOf(routes, pages, functions);
}

/** `loadApiRouteTable` on the manifests' contents (tests/unit/api-fallback.test.ts). */
export function routeTableOf(routes, pages, functions) {
  const rewrites = routes.rewrites ?? {};
  const rewriteCount = Array.isArray(rewrites) ? rewrites.length : ['beforeFiles', 'afterFiles', 'fallback'].reduce((n, k) => n + (rewrites[k]?.length ?? 0), 0);
  const off = (reason) => ({ table: null, reason });
  if (rewriteCount > 0) return off('the build has rewrites');
  if ((routes.headers ?? []).length > 0) return off('the build has configured headers');
  if ((routes.redirects ?? []).some((r) => !r.internal)) return off('the build has configured redirects');
  if (routes.basePath) return off('the build has a base path');
  if (routes.i18n) return off('the build has locales');
  if (Object.keys(pages ?? {}).some((p) => p === '/api' || p.startsWith('/api/'))) return off('the build has pages-router API routes');
  const dynamic = routes.dynamicRoutes ?? [];
  const catchAll = dynamic.findIndex((r) => r.page === CATCH_ALL_PAGE);
  if (catchAll === -1) return off(`the build has no ${CATCH_ALL_PAGE} route`);
  const statics = new Set((routes.staticRoutes ?? []).map((r) => r.page));
  const patterns = [
    // Next.js tries the dynamic routes in the table's order, and the catch-all takes every API path:
    // a route after it (the panel's own catch-all page, `/[...missing]`) never gets one
    ...dynamic.slice(0, catchAll).map((r) => new RegExp(r.regex)),
    // the proxy (middleware) runs before any route: a path it matches is Next.js's
    ...Object.values(functions?.functions ?? {}).flatMap((f) => (f.matchers ?? []).map((m) => new RegExp(m.regexp))),
  ];
  return { table: { serves: (pathname) => statics.has(pathname) || patterns.some((p) => p.test(pathname)) }, reason: null };
}

/**
 * The catch-all's path segments when the edge may answer this request itself (a catch-all method,
 * a plain API path, no route or proxy for it), else null.
 */
export function unservedApiSlug(method, url, table) {
  if (!table || !METHODS.has(method)) return null;
  const q = url.indexOf('?');
  const pathname = q === -1 ? url : url.slice(0, q);
  if (!PLAIN_API_PATH.test(pathname) || table.serves(pathname)) return null;
  return pathname.slice('/api/'.length).split('/');
}

/** The request's headers as a fetch Headers init (node:http joins repeats, except set-cookie). */
function headersOf(incoming) {
  const out = [];
  for (const name in incoming) {
    const value = incoming[name];
    if (Array.isArray(value)) for (const v of value) out.push([name, v]);
    else if (value !== undefined) out.push([name, value]);
  }
  return out;
}

/**
 * Answers `req` with the catch-all's handler: the request as Next.js would give it (a NextRequest
 * of the same URL, method, headers and the catch-all's `slug`), the handler's Response written back.
 */
export async function answerUnserved({ handler, NextRequest, req, res, slug, origin }) {
  const request = new NextRequest(new URL(req.url, origin), { method: req.method, headers: headersOf(req.headers) });
  const response = await handler(request, { params: Promise.resolve({ slug }) });
  const body = req.method === 'HEAD' ? undefined : Buffer.from(await response.arrayBuffer());
  res.statusCode = response.status;
  for (const [name, value] of response.headers) res.setHeader(name, value);
  if (body !== undefined) res.setHeader('content-length', body.length);
  res.end(body);
}
