import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

/**
 * API requests answered at the edge (docs/edge.md, "API routes at the edge"). For every request
 * Next.js runs its routing pass (the static routes, then each dynamic route's pattern in its order,
 * then the optional catch-all `app/api/[[...slug]]`) and its route runtime (its request stores,
 * the answer piped through two web streams), which together cost more than most of our answers.
 * The edge asks the build's own route table instead (`routeTableOf`: the same order, the same
 * patterns) and hands a plain API path straight to the route's handlers, the same `createRoute`
 * pipeline Next.js would call (request id, caller step, rate limit, envelope, metrics, access log),
 * and writes the answer itself. Next.js still loads every route module: a route's first request
 * goes through Next.js, whose module registers its handlers here (lib/http/route.ts `route()`), and
 * the next one is answered at the edge. Any path the edge is not sure of (an escape, a trailing
 * slash, a dot segment, a path the proxy matches, a route not loaded yet or not built by `route()`)
 * goes to Next.js as before.
 */

/** Where the catch-all route module (app/api/[[...slug]]/route.ts) leaves its handler when it loads. */
export const API_NOT_FOUND_HANDLER = Symbol.for('business-platform.api-not-found');

/** Where `route()` (lib/http/route.ts) leaves each route's handlers, by `routeKey` of its page. */
export const API_ROUTE_HANDLERS = Symbol.for('business-platform.api-routes');

/** Where the envelope helpers (lib/http/envelope.ts) leave an answer's JSON text, so that the edge need not read it back from its stream. */
export const ANSWER_TEXT = Symbol.for('business-platform.answer-text');

/** The catch-all's page in the build's route table. */
export const CATCH_ALL_PAGE = '/api/[[...slug]]';

/** The methods route files export (route() and the catch-all); any other goes to Next.js (which answers 405). */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * A path the edge may judge alone: `/api/` and segments of unreserved and sub-delimiter characters
 * only (no escape to decode, nothing Next.js would normalise), none of them `.` or `..`, no empty
 * segment, no trailing slash (Next.js redirects those first). The query is not part of it.
 */
const PLAIN_API_PATH = /^\/api(?:\/(?!\.\.?(?:\/|$))[A-Za-z0-9\-._~!$&'()*+,;=:@]+)+$/;

/**
 * The build's route table as the edge needs it, from Next.js's manifests in `distDir`: `resolve(path)`
 * gives the route Next.js would pick for a plain API path and its params (null when the proxy takes
 * it), `serves(path)` whether a route other than the catch-all (or the proxy) would take it. Null,
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

/** `loadApiRouteTable` on the manifests' contents (tests/unit/api-edge.test.ts). */
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
  // Next.js tries the dynamic routes in the table's order, and the catch-all takes every API path:
  // a route after it (the panel's own catch-all page, `/[...missing]`) never gets one
  const patterns = dynamic.slice(0, catchAll).map((r) => ({ page: r.page, regex: new RegExp(r.regex) }));
  // the proxy (middleware) runs before any route: a path it matches is Next.js's
  const proxied = Object.values(functions?.functions ?? {}).flatMap((f) => (f.matchers ?? []).map((m) => new RegExp(m.regexp)));
  /** The route Next.js would pick for a plain API path, with its params; null for a path the proxy takes. */
  const resolve = (pathname) => {
    if (proxied.some((p) => p.test(pathname))) return null;
    if (statics.has(pathname)) return { page: pathname, params: {} };
    for (const { page, regex } of patterns) if (regex.test(pathname)) return { page, params: paramsOf(page, pathname) };
    return { page: CATCH_ALL_PAGE, params: { slug: pathname.slice('/api/'.length).split('/') } };
  };
  return { table: { resolve, serves: (pathname) => resolve(pathname)?.page !== CATCH_ALL_PAGE }, reason: null };
}

/**
 * A dynamic page's params from a plain path (no escape, no empty segment, no trailing slash, so
 * segments line up): `[x]` one segment, `[...x]` and `[[...x]]` the rest as a list, as Next.js
 * gives them.
 */
export function paramsOf(page, pathname) {
  const pageSegments = page.split('/');
  const segments = pathname.split('/');
  const params = {};
  for (let i = 0; i < pageSegments.length; i++) {
    const rest = /^\[\[?\.\.\.([^\]]+)\]\]?$/.exec(pageSegments[i]);
    if (rest) {
      if (i < segments.length) params[rest[1]] = segments.slice(i);
      break;
    }
    const one = /^\[([^\]]+)\]$/.exec(pageSegments[i]);
    if (one) params[one[1]] = segments[i];
  }
  return params;
}

/** The key a route's handlers are kept under: its page with `[...x]` and `[[...x]]` as `[x]`, the form of a definition's `{x}`. */
export function routeKey(page) {
  return page.replace(/\[\[?\.\.\.([^\]]+)\]\]?/g, '[$1]');
}

/** The route handlers registered so far (one Map per process, shared by the edge and every route module). */
function registry() {
  return (globalThis[API_ROUTE_HANDLERS] ??= new Map());
}

/** Called by `route()` as a route module loads: its handlers by method, under its key. The first registration of a key stays. */
export function registerRoute(key, handlers) {
  const routes = registry();
  if (!routes.has(key)) routes.set(key, handlers);
}

/**
 * The handler and params the edge answers this request with itself, else null (Next.js answers):
 * a method a route file exports (HEAD is GET's, as Next.js serves it), a plain API path, the route
 * Next.js would pick already loaded. A path no route serves gets the catch-all's handler.
 */
export function edgeRoute(method, url, table) {
  if (!table || !METHODS.has(method)) return null;
  const q = url.indexOf('?');
  const pathname = q === -1 ? url : url.slice(0, q);
  if (!PLAIN_API_PATH.test(pathname)) return null;
  const hit = table.resolve(pathname);
  if (!hit) return null;
  if (hit.page === CATCH_ALL_PAGE) {
    const notFound = globalThis[API_NOT_FOUND_HANDLER];
    return notFound ? { handler: notFound, params: hit.params } : null;
  }
  const handlers = registry().get(routeKey(hit.page));
  const handler = handlers?.[method === 'HEAD' ? 'GET' : method];
  return handler ? { handler, params: hit.params } : null;
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

const gzipped = promisify(gzip);
/** What Next.js's compression compresses: a body of 1 KiB or more, of a textual type, for a client that accepts gzip. */
const COMPRESS_MIN_BYTES = 1024;
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|[\w.+-]*\+json|javascript|xml|[\w.+-]*\+xml)\b)/i;

/**
 * A request's body as a route reads it: a web stream of the Node request, when it has a body, that
 * starts reading only when the route reads (a route that answers without reading, a 401 or a 413
 * by Content-Length, leaves the body to Node, which discards it after the answer and keeps the
 * connection) and, when the route stops reading (a 413 part-way), discards the rest itself.
 */
function bodyOf(req) {
  if (req.method === 'GET' || req.method === 'HEAD') return undefined;
  const length = req.headers['content-length'];
  if (req.headers['transfer-encoding'] === undefined && (length === undefined || length === '0')) return undefined;
  let reading = false;
  let done = false;
  return new ReadableStream(
    {
      pull(controller) {
        if (!reading) {
          reading = true;
          req.on('data', (chunk) => {
            if (done) return;
            controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
            if (controller.desiredSize <= 0) req.pause();
          });
          req.once('end', () => {
            if (!done) controller.close();
            done = true;
          });
          req.once('error', (err) => {
            if (!done) controller.error(err);
            done = true;
          });
          // a client gone before its body ended
          req.once('close', () => {
            if (!done) controller.error(new Error('the request closed before its body ended'));
            done = true;
          });
        }
        req.resume();
      },
      cancel() {
        done = true;
        req.resume();
      },
    },
    // nothing is read ahead of the route
    { highWaterMark: 0 },
  );
}

/**
 * Answers `req` with a route's handler: the request as Next.js would give it (a NextRequest of the
 * same URL, method, headers and body, the route's params), the handler's Response written back
 * with a Content-Length, gzip-compressed as Next.js would compress it.
 */
export async function answerAtEdge({ handler, params, NextRequest, req, res, origin }) {
  const body = bodyOf(req);
  const request = new NextRequest(
    new URL(req.url, origin),
    body ? { method: req.method, headers: headersOf(req.headers), body, duplex: 'half' } : { method: req.method, headers: headersOf(req.headers) },
  );
  const response = await handler(request, { params: Promise.resolve(params) });
  res.statusCode = response.status;
  for (const [name, value] of response.headers) if (name !== 'set-cookie') res.setHeader(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader('set-cookie', cookies);
  if (response.body === null) {
    res.end();
    return;
  }
  const text = globalThis[ANSWER_TEXT]?.get(response);
  let bytes = text === undefined ? Buffer.from(await response.arrayBuffer()) : Buffer.from(text);
  if (
    bytes.length >= COMPRESS_MIN_BYTES &&
    COMPRESSIBLE.test(response.headers.get('content-type') ?? '') &&
    !response.headers.has('content-encoding') &&
    !/\bno-transform\b/i.test(response.headers.get('cache-control') ?? '')
  ) {
    const vary = response.headers.get('vary');
    res.setHeader('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    if (/\bgzip\b/i.test(req.headers['accept-encoding'] ?? '')) {
      res.setHeader('content-encoding', 'gzip');
      // HEAD: GET's headers, no body to compress
      if (req.method !== 'HEAD') bytes = await gzipped(bytes);
    }
  }
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  res.setHeader('content-length', bytes.length);
  res.end(bytes);
}
