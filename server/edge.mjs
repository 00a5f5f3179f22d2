import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, ServerResponse } from 'node:http';

/**
 * The edge: what the HTTP server answers before Next.js sees a request, because Next.js (or Node's
 * HTTP parser) would otherwise answer first without our envelope, request id or log line
 * (docs/edge.md). Plain JavaScript so that `node server/main.mjs` runs it without a build step; the
 * messages are the contract catalogue's (tests/unit/edge.test.ts compares them with lib/contract).
 */

/** Request line plus headers, in bytes: our limit, checked in the request handler where the path is known. */
export const MAX_HEADER_BYTES = 16 * 1024;

/**
 * Node's own parser limit (`maxHeaderSize`), far above ours: a head between the two reaches the
 * request handler whole, so its 431 is in the envelope of its path. Only a head beyond this one is
 * refused by the parser (`onClientError`), which may no longer know the path (docs/edge.md).
 */
export const PARSER_MAX_HEADER_BYTES = 1024 * 1024;

const HEAD_TOO_LARGE_DETAILS = `the request line and headers must be at most ${MAX_HEADER_BYTES} bytes together`;

export const EDGE_ERRORS = {
  undecodablePath: { status: 400, message: 'request validation failed', error: 'VALIDATION_FAILED' },
  malformedRequest: { status: 400, message: 'request validation failed', error: 'VALIDATION_FAILED' },
  headersTooLarge: { status: 431, message: 'request header fields too large', error: 'HEADERS_TOO_LARGE' },
  internal: { status: 500, message: 'internal server error', error: 'INTERNAL_ERROR' },
};

const REASONS = { 400: 'Bad Request', 431: 'Request Header Fields Too Large', 500: 'Internal Server Error' };

/**
 * The name of the internal header that carries the socket's peer address to the route handlers
 * (which never see the socket). Random per process, so no client can know it, and kept in
 * process.env.BP_PEER_HEADER so that lib/http/client-ip.ts, loaded later by Next.js in the same
 * process, reads the same name.
 */
export function peerHeaderName() {
  return (process.env.BP_PEER_HEADER ??= `x-bp-peer-${randomBytes(12).toString('hex')}`);
}

let peerHeader;

/**
 * Writes the socket's remote address into the peer header of a request, after deleting any copy
 * the client sent under that name (docs/developer-api.md, "Client IP").
 */
export function stampPeerAddress(req) {
  const name = (peerHeader ??= peerHeaderName());
  const headers = req.headers;
  // deleting turns the object into a slow dictionary: only when a client did send the name
  if (headers[name] !== undefined) delete headers[name];
  const address = req.socket?.remoteAddress;
  if (address) headers[name] = address;
}

/** The prefix of the virtual card API, whose answers are Envelope B. */
export const CARD_API_PREFIX = '/api/v2.1/card/virtual/';

/** What every JSON answer of the API carries unless its route says otherwise: data, never a document to run or frame. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Two years, every subdomain: sent when the public URL (NEXTAUTH_URL) is https (docs/edge.md). */
export const HSTS_VALUE = 'max-age=63072000; includeSubDomains';

const isApiPath = (url) => typeof url === 'string' && url.startsWith('/api') && (url.length === 4 || url[4] === '/' || url[4] === '?');

/**
 * The security headers every answer carries (docs/edge.md, "Security headers"), added by the
 * edge's answer class when the head is written, where the answer has none of that name.
 * `hsts`: the public URL is https.
 */
export function securityHeaders({ hsts = false } = {}) {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    ...(hsts ? { 'Strict-Transport-Security': HSTS_VALUE } : {}),
  };
}

/**
 * The headers an answer gets when it did not set its own: never framed, and on the API a policy
 * that runs nothing. The one route that sets its own is a case document shown in the review page's
 * frame (X-Frame-Options SAMEORIGIN and a sandboxing policy); HTML pages get their nonce-based
 * policy from proxy.ts. They are added when the head is written: Next.js copies a route's header
 * only where none is set yet, so a default set earlier would win over the route's own.
 */
export function defaultSecurityHeaders(url) {
  return { 'X-Frame-Options': 'DENY', ...(isApiPath(url) ? { 'Content-Security-Policy': API_CONTENT_SECURITY_POLICY } : {}) };
}

/** Whether a writeHead's own headers argument (an object, or a flat [name, value, ...] array) names `lowerName`. */
function namesHeader(given, lowerName) {
  if (!given) return false;
  if (Array.isArray(given)) {
    for (let i = 0; i < given.length; i += 2) if (String(given[i]).toLowerCase() === lowerName) return true;
    return false;
  }
  for (const name in given) if (name.toLowerCase() === lowerName) return true;
  return false;
}

/** Adds `defaults` ([lower-case name, value] pairs) to a head being written, each only when the answer has no header of that name. */
function addMissing(res, defaults, given) {
  for (let i = 0; i < defaults.length; i++) {
    const [name, value] = defaults[i];
    if (!res.hasHeader(name) && !namesHeader(given, name)) res.setHeader(name, value);
  }
}

/**
 * The edge's answer class (`createServer({ ServerResponse })`): when the head is written (by
 * `writeHead` or implicitly by the first write), the security headers every answer carries, then
 * the defaults of its path, each only where the answer has none of that name. Made once per
 * server, so a request costs no closure and no header object of its own.
 */
export function edgeResponseClass({ hsts = false } = {}) {
  const always = Object.entries({ ...securityHeaders({ hsts }), ...defaultSecurityHeaders('/') }).map(([n, v]) => [n.toLowerCase(), v]);
  const onApi = Object.entries({ ...securityHeaders({ hsts }), ...defaultSecurityHeaders('/api/') }).map(([n, v]) => [n.toLowerCase(), v]);
  return class EdgeResponse extends ServerResponse {
    writeHead(status, ...rest) {
      const given = rest.length === 0 ? undefined : typeof rest[0] === 'object' ? rest[0] : rest[1];
      addMissing(this, isApiPath(this.req?.url) ? onApi : always, typeof given === 'object' ? given : undefined);
      return super.writeHead(status, ...rest);
    }
  };
}

/** Whether the public URL is https, so that Strict-Transport-Security is sent (read once at start). */
export function publicUrlIsHttps(env = process.env) {
  return /^https:\/\//i.test(env.NEXTAUTH_URL ?? '');
}

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;
const PAN_LIKE = /\d{13,19}/;

/** The client's X-Request-ID when sane (as lib/http/request-id.ts decides), else a new UUID. */
export function requestIdFrom(headers) {
  const given = headers?.['x-request-id'];
  return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) && !PAN_LIKE.test(given.replace(/[ -]/g, '')) ? given : randomUUID();
}

/**
 * The size of a parsed request head as it was on the wire: request line, each header line, the
 * blank line. Node decodes the URL and header bytes as latin1, so a string's length is its byte
 * count; only the optional whitespace around header values (which the parser trims) is not counted.
 */
export function headBytes(req) {
  let bytes = `${req.method} ${req.url} HTTP/${req.httpVersion}\r\n`.length + 2;
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) bytes += raw[i].length + 2 + raw[i + 1].length + 2;
  return bytes;
}

/**
 * The first path segment that does not percent-decode, or null. The query is left alone: Next.js
 * parses it leniently, and our handlers validate what they read.
 */
export function undecodableSegment(url) {
  // nearly every path has no escape at all
  if (typeof url === 'string' && !url.includes('%')) return null;
  const path = String(url ?? '/').split('?')[0];
  for (const segment of path.split('/')) {
    if (!segment.includes('%')) continue;
    try {
      decodeURIComponent(segment);
    } catch {
      return segment;
    }
  }
  return null;
}

/** For log lines: the path without its query, at most 200 characters, digit runs that could be a card number and drafts' resume tokens masked. */
export function loggablePath(url) {
  return String(url ?? '')
    .split('?')[0]
    .slice(0, 200)
    .replace(/\d{13,19}/g, (run) => `[PAN:${run.length} digits]`)
    .replace(/\bdrt_[A-Za-z0-9_-]{8,}/g, 'drt_[REDACTED]');
}

/** The error body: Envelope A, or Envelope B on the card API (400 and 5xx are `code` 500 there). */
export function edgeBody(kind, { path, requestId, details, errors }) {
  const spec = EDGE_ERRORS[kind];
  const data = { error: spec.error, ...(details ? { details } : {}), ...(errors ? { errors } : {}), ...(spec.status >= 500 ? { requestId } : {}) };
  if (String(path ?? '').startsWith(CARD_API_PREFIX)) {
    const code = spec.status === 400 || spec.status >= 500 ? 500 : spec.status;
    return { success: false, code, msg: spec.message, data };
  }
  return { code: spec.status, message: spec.message, data };
}

export function edgeHeaders(requestId, length, { hsts = false } = {}) {
  return {
    ...securityHeaders({ hsts }),
    // the edge's own answers are always JSON envelopes, whatever the path
    'X-Frame-Options': 'DENY',
    'Content-Security-Policy': API_CONTENT_SECURITY_POLICY,
    'Content-Type': 'application/json',
    'Content-Length': String(length),
    'X-Request-ID': requestId,
    'Cache-Control': 'no-store',
  };
}

/** Answers a parsed request (`req`, `res` of node:http) with an edge error and logs it once. */
export function refuse(req, res, kind, { log, requestId, details, errors, hsts = false }) {
  const spec = EDGE_ERRORS[kind];
  const body = JSON.stringify(edgeBody(kind, { path: req.url, requestId, details, errors }));
  res.writeHead(spec.status, edgeHeaders(requestId, Buffer.byteLength(body), { hsts }));
  res.end(req.method === 'HEAD' ? undefined : body);
  log[spec.status >= 500 ? 'error' : 'warn']({ requestId, method: req.method, path: loggablePath(req.url), status: spec.status, edge: kind }, 'request refused at the edge');
}

/**
 * Node's `clientError`: a request head the parser refused (malformed, or beyond
 * PARSER_MAX_HEADER_BYTES). Without a handler Node writes a bare status line; we write the envelope
 * and close the connection. `err.rawPacket` is only the chunk the parser failed on: when an
 * over-size head's request line came in an earlier chunk, the path is unknown here and the answer
 * is Envelope A even on the card API (the residual case of docs/edge.md; heads up to
 * PARSER_MAX_HEADER_BYTES never get here).
 */
export function onClientError(err, socket, log, { hsts = false } = {}) {
  // a connection that went away, or one that sent no complete head in time (headersTimeout): nobody to answer
  if (err.code === 'ECONNRESET' || err.code === 'ERR_HTTP_REQUEST_TIMEOUT' || !socket.writable) {
    socket.destroy();
    return;
  }
  const kind = err.code === 'HPE_HEADER_OVERFLOW' ? 'headersTooLarge' : 'malformedRequest';
  const requestId = randomUUID();
  // the request line is unknown (the parser failed): the path of the raw packet's first line, if any
  const firstLine = Buffer.isBuffer(err.rawPacket) ? err.rawPacket.subarray(0, 512).toString('latin1').split('\r\n')[0] : '';
  const path = firstLine.split(' ')[1] ?? '';
  const details = kind === 'headersTooLarge' ? HEAD_TOO_LARGE_DETAILS : undefined;
  const errors = kind === 'malformedRequest' ? [{ field: 'request', message: 'not a well-formed HTTP/1.1 request' }] : undefined;
  const spec = EDGE_ERRORS[kind];
  const body = JSON.stringify(edgeBody(kind, { path, requestId, details, errors }));
  const head = Object.entries({ ...edgeHeaders(requestId, Buffer.byteLength(body), { hsts }), Connection: 'close' })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(`HTTP/1.1 ${spec.status} ${REASONS[spec.status]}\r\n${head}\r\n${body}`);
  log.warn({ requestId, path: loggablePath(path), status: spec.status, edge: kind, reason: err.code }, 'request refused at the edge');
}

/**
 * The edge's HTTP server: Node's http server around `handle` (Next.js's request handler), answering
 * first what Next.js or Node's parser would answer without our envelope: an over-size head (431), an
 * undecodable path (400), a throw before any route (500), a head the parser refuses (`clientError`).
 */
export function createEdgeServer({ log, handle, hsts = publicUrlIsHttps() }) {
  const server = createServer({ maxHeaderSize: PARSER_MAX_HEADER_BYTES, ServerResponse: edgeResponseClass({ hsts }) }, async (req, res) => {
    if (headBytes(req) > MAX_HEADER_BYTES) {
      refuse(req, res, 'headersTooLarge', { log, requestId: requestIdFrom(req.headers), details: HEAD_TOO_LARGE_DETAILS, hsts });
      return;
    }
    const segment = undecodableSegment(req.url);
    if (segment !== null) {
      refuse(req, res, 'undecodablePath', {
        log,
        requestId: requestIdFrom(req.headers),
        errors: [{ field: 'path', message: 'a path segment is not valid percent-encoded UTF-8' }],
        hsts,
      });
      return;
    }
    stampPeerAddress(req);
    try {
      await handle(req, res);
    } catch (err) {
      const requestId = requestIdFrom(req.headers);
      log.error({ requestId, err: { type: err?.name, message: err?.message, code: err?.code }, method: req.method }, 'unhandled error before the route');
      if (!res.headersSent) refuse(req, res, 'internal', { log, requestId, hsts });
      else res.destroy();
    }
  });
  server.on('clientError', (err, socket) => onClientError(err, socket, log, { hsts }));
  // An idle kept-alive connection is closed by the client or the proxy, not by us: Node's 5 s
  // default is shorter than nginx's upstream keepalive_timeout (60 s) and than clients that do not
  // read `Keep-Alive: timeout`, so a request sent on a socket at the moment we closed it failed
  // (ECONNRESET; a 502 behind nginx). Seen as a Playwright request reset after 5 s idle.
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  return server;
}

/** How long an idle kept-alive connection stays open: longer than nginx's upstream keepalive_timeout (60 s, deploy/nginx.conf.template). */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
