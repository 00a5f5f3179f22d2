import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { createRoute } from '@/lib/http/api-route';
import { envelopeA, envelopeB } from '@/lib/http/envelope';
import { notFound, tooManyRequests } from '@/lib/contract/api-errors';
import { defineRoute } from '@/lib/contract/routes/types';
import { endpoint } from '@/lib/http/endpoint';
import { route } from '@/lib/http/route';
import { createLogger, logger } from '@/lib/log';
import { setTenantStatus } from '@/lib/services/tenants/tenants';
import { call, contextHeaders, createTenant, expectEnvelope } from './helpers';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const UNKNOWN_TENANT = '99999999-9999-4999-8999-999999999999';
const PAN = '4111111111111111';

/**
 * Routes the request-handling core builds: wrappers are exercised with small handlers defined here,
 * against the test file's real database (tenant resolution).
 */
type LogLine = Record<string, unknown> & { msg?: string; level?: string };

/** Sends every request logger (children of logger()) into memory at level trace, scrubbing exactly as in production. */
function captureLogs(): () => LogLine[] {
  const chunks: string[] = [];
  const sink = createLogger({ write: (s: string) => void chunks.push(s) }, 'trace');
  vi.spyOn(logger(), 'child').mockImplementation(((bindings: Record<string, unknown>) => sink.child(bindings)) as never);
  // the access line is written when the root logger is at info or below (it is warn in the tests)
  vi.spyOn(logger(), 'isLevelEnabled').mockReturnValue(true);
  return () =>
    chunks
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as LogLine);
}

afterEach(() => {
  vi.restoreAllMocks();
});

/** What the small test routes share: built from a definition by endpoint(), as every route file builds them. */
const TEST_ROUTE = { method: 'POST', path: '/api/test', tags: ['Test'], summary: 'a test route', auth: 'none' } as const;

const ok = endpoint(defineRoute(TEST_ROUTE), async ({ requestId }) => envelopeA({ requestId }));
const failing = endpoint(defineRoute(TEST_ROUTE), async () => {
  throw new Error(`db password=hunter2 at card ${PAN}`);
});

describe('unexpected errors', () => {
  it('answer a generic 500 naming the request id, without the message or a stack, and are logged masked', async () => {
    const logs = captureLogs();
    const res = await call(failing, { path: '/api/boom' });
    const requestId = res.headers.get('X-Request-ID');
    expect(requestId).toMatch(UUID);
    expectEnvelope(res, 500, 'internal server error', { error: 'INTERNAL_ERROR', details: 'an unexpected error occurred', requestId });
    for (const leak of ['hunter2', 'password', PAN, 'db password', 'Error:', '    at ', '.ts:']) expect(res.text).not.toContain(leak);

    const lines = logs();
    const logged = lines.find((l) => l.msg === 'unhandled error');
    expect(logged).toMatchObject({
      level: 'error',
      requestId,
      method: 'GET',
      path: '/api/boom',
      err: { message: 'db password=hunter2 at card [PAN:16 digits]' },
    });
    expect(JSON.stringify(lines)).not.toContain(PAN);
    // the access line follows, with the status
    expect(lines.find((l) => l.msg === 'request')).toMatchObject({ level: 'info', requestId, method: 'GET', path: '/api/boom', status: 500 });
  });

  it('use the client request id when it is sane', async () => {
    const res = await call(failing, { headers: { 'X-Request-ID': 'client-req.42:a_b' } });
    expect(res.headers.get('X-Request-ID')).toBe('client-req.42:a_b');
    expectEnvelope(res, 500, 'internal server error', {
      error: 'INTERNAL_ERROR',
      details: 'an unexpected error occurred',
      requestId: 'client-req.42:a_b',
    });
  });

  it('thrown non-Error values are handled the same way', async () => {
    const handler = endpoint(defineRoute(TEST_ROUTE), async () => {
      throw 'a string';
    });
    const res = await call(handler);
    expectEnvelope(res, 500, 'internal server error', {
      error: 'INTERNAL_ERROR',
      details: 'an unexpected error occurred',
      requestId: res.headers.get('X-Request-ID'),
    });
  });
});

describe('request id and caching headers', () => {
  it.each([
    ['abc-123', 'abc-123'],
    ['A.b_c:d-1', 'A.b_c:d-1'],
    ['x'.repeat(128), 'x'.repeat(128)],
  ])('echoes a sane X-Request-ID %j', async (given, expected) => {
    const res = await call<{ requestId: string }>(ok, { headers: { 'X-Request-ID': given } });
    expect(res.headers.get('X-Request-ID')).toBe(expected);
    expect(res.json.data.requestId).toBe(expected);
  });

  it.each([
    ['with spaces', 'has spaces in it'],
    ['over 128 characters', 'x'.repeat(129)],
    ['with markup', '<script>alert(1)</script>'],
    ['with a semicolon', 'a;b'],
    ['shaped like a card number (it would sit in every log line)', PAN],
    ['shaped like a card number with dashes', '4111-1111-1111-1111'],
  ])('replaces an X-Request-ID %s with a new UUID', async (_label, given) => {
    const res = await call<{ requestId: string }>(ok, { headers: { 'X-Request-ID': given } });
    const id = res.headers.get('X-Request-ID');
    expect(id).toMatch(UUID);
    expect(res.json.data.requestId).toBe(id);
  });

  it('assigns a fresh UUID per request when none is given', async () => {
    const a = await call(ok);
    const b = await call(ok);
    expect(a.headers.get('X-Request-ID')).toMatch(UUID);
    expect(b.headers.get('X-Request-ID')).toMatch(UUID);
    expect(a.headers.get('X-Request-ID')).not.toBe(b.headers.get('X-Request-ID'));
  });

  it('sets X-Request-ID and Cache-Control: no-store on success and on error responses', async () => {
    const missing = endpoint(defineRoute(TEST_ROUTE), async () => {
      throw notFound('widget');
    });
    const success = await call(ok, { headers: { 'X-Request-ID': 'r-1' } });
    const failure = await call(missing, { headers: { 'X-Request-ID': 'r-2' } });
    expect(success.status).toBe(200);
    expectEnvelope(failure, 404, 'resource not found', { error: 'NOT_FOUND', details: 'widget not found' });
    expect([success, failure].map((r) => [r.headers.get('X-Request-ID'), r.headers.get('Cache-Control'), r.headers.get('content-type')])).toEqual([
      ['r-1', 'no-store', 'application/json'],
      ['r-2', 'no-store', 'application/json'],
    ]);
  });

  it('keeps a Cache-Control the handler set itself', async () => {
    const cached = endpoint(defineRoute(TEST_ROUTE), async () => envelopeA({}, { headers: { 'Cache-Control': 'public, max-age=60' } }));
    expect((await call(cached)).headers.get('Cache-Control')).toBe('public, max-age=60');
  });

  it('passes the headers of an ApiError through (Retry-After)', async () => {
    const limited = endpoint(defineRoute(TEST_ROUTE), async () => {
      throw tooManyRequests(1.5);
    });
    const res = await call(limited);
    expectEnvelope(res, 429, 'too many requests', { error: 'RATE_LIMITED', details: 'retry after 2 seconds' });
    expect(res.headers.get('Retry-After')).toBe('2');
  });

  it('hands the handler a logger bound to the request id', async () => {
    const logs = captureLogs();
    const handler = endpoint(defineRoute(TEST_ROUTE), async ({ log }) => {
      log.info({ step: 'inside' }, 'handler ran');
      return envelopeA({});
    });
    await call(handler, { headers: { 'X-Request-ID': 'bound-1' } });
    expect(logs().find((l) => l.msg === 'handler ran')).toMatchObject({ requestId: 'bound-1', step: 'inside' });
  });
});

describe('route(): methods', () => {
  // endpoints built from definitions, as every route file builds them: route() serves each definition's method
  const thing = (method: 'GET' | 'POST') => defineRoute({ method, path: '/api/things', tags: ['Test'], auth: 'none', summary: 'a thing' });
  const okFor = (method: 'GET' | 'POST') => endpoint(thing(method), async ({ requestId }) => envelopeA({ requestId }));
  const both = route(okFor('GET'), okFor('POST'));
  const postOnly = route(okFor('POST'));

  it('refuses a handler not built from a definition, and two endpoints for one method', () => {
    const bare = createRoute({ schemas: {}, prepare: async () => ({}), handler: async () => envelopeA({}) });
    expect(() => route(bare)).toThrow('route(): every handler must be built by endpoint(definition, handler)');
    expect(() => route(okFor('GET'), okFor('GET'))).toThrow('route(): two endpoints for GET /api/things');
  });

  it('answers 405 with Allow (HEAD with GET, always OPTIONS) for a method not served', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await call(both[method], { method, path: '/api/things' });
      expectEnvelope(res, 405, 'method not allowed', {
        error: 'METHOD_NOT_ALLOWED',
        details: `${method} is not allowed here; allowed: GET, POST, HEAD, OPTIONS`,
        suggestions: ['GET', 'POST', 'HEAD', 'OPTIONS'],
      });
      expect(res.headers.get('Allow')).toBe('GET, POST, HEAD, OPTIONS');
      expect(res.headers.get('X-Request-ID')).toMatch(UUID);
      expect(res.headers.get('Cache-Control')).toBe('no-store');
    }
  });

  it('does not offer HEAD without GET', async () => {
    const res = await call(postOnly.GET, { method: 'GET' });
    expectEnvelope(res, 405, 'method not allowed', {
      error: 'METHOD_NOT_ALLOWED',
      details: 'GET is not allowed here; allowed: POST, OPTIONS',
      suggestions: ['POST', 'OPTIONS'],
    });
    expect(res.headers.get('Allow')).toBe('POST, OPTIONS');
  });

  it('answers OPTIONS with 204, Allow and no body', async () => {
    const a = await call(both.OPTIONS, { method: 'OPTIONS' });
    const b = await call(postOnly.OPTIONS, { method: 'OPTIONS' });
    expect([a.status, a.headers.get('Allow'), a.text]).toEqual([204, 'GET, POST, HEAD, OPTIONS', '']);
    expect([b.status, b.headers.get('Allow'), b.text]).toEqual([204, 'POST, OPTIONS', '']);
    // answered through the wrapper like everything else
    expect([a.headers.get('X-Request-ID'), a.headers.get('Cache-Control')]).toEqual([expect.stringMatching(UUID), 'no-store']);
  });

  it('serves the declared methods with their handlers', async () => {
    expect((await call(both.GET)).status).toBe(200);
    expect((await call(both.POST, { method: 'POST' })).status).toBe(200);
    expect(Object.keys(both).sort()).toEqual(['DELETE', 'GET', 'OPTIONS', 'PATCH', 'POST', 'PUT']);
  });
});

describe('body and query validation (createRoute)', () => {
  const bodySchema = z
    .object({
      name: z.string().min(1, 'must not be empty'),
      admin: z.object({ phones: z.array(z.object({ number: z.string().regex(/^\+\d+$/, 'must be E.164') })) }),
    })
    .strict();
  const withBody = endpoint(defineRoute({ ...TEST_ROUTE, body: bodySchema }), async ({ body }) => envelopeA({ body }));
  const querySchema = z.object({
    pageNo: z.coerce.number().int('must be an integer').min(1, 'must be at least 1').default(1),
    status: z.enum(['ACTIVE', 'SUSPENDED'], { error: 'must be ACTIVE or SUSPENDED' }).optional(),
    tag: z.union([z.string(), z.array(z.string())]).optional(),
  });
  const withQuery = endpoint(defineRoute({ ...TEST_ROUTE, query: querySchema }), async ({ query }) => envelopeA({ query }));

  it('hands the parsed body to the handler', async () => {
    const body = { name: 'n', admin: { phones: [{ number: '+49301234' }] } };
    const res = await call(withBody, { body });
    expect(res.json).toEqual({ code: 200, message: 'OK', data: { body } });
  });

  it('names nested body fields with dotted paths and array indexes', async () => {
    const res = await call(withBody, { body: { name: '', admin: { phones: [{ number: '+1' }, { number: '030' }] }, extra: 1 } });
    expectEnvelope(res, 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [
        { field: 'name', message: 'must not be empty' },
        { field: 'admin.phones.1.number', message: 'must be E.164' },
        { field: 'extra', message: 'unknown field: not accepted by this operation' },
      ],
    });
  });

  it('answers 400 malformed JSON, 415 and 413 before the schema runs', async () => {
    expectEnvelope(await call(withBody, { body: '{"name":1' }), 400, 'malformed JSON body', {
      error: 'MALFORMED_JSON',
      details: 'the body is not valid JSON (error at position 9)',
    });
    expectEnvelope(await call(withBody, { body: '{}', headers: { 'content-type': 'text/plain' } }), 415, 'unsupported media type', {
      error: 'UNSUPPORTED_MEDIA_TYPE',
      details: 'Content-Type must be application/json, got text/plain',
    });
    const small = createRoute({ schemas: { body: z.unknown() }, prepare: async () => ({}), handler: async () => envelopeA({}), maxBodyBytes: 16 });
    expectEnvelope(await call(small, { body: { name: 'more than sixteen bytes' } }), 413, 'payload too large', {
      error: 'PAYLOAD_TOO_LARGE',
      details: 'the body must be at most 16 bytes',
    });
  });

  it('does not read the body of a route without a body schema', async () => {
    const noBody = endpoint(defineRoute(TEST_ROUTE), async ({ body, req }) => envelopeA({ body: body ?? 'none', used: req.bodyUsed }));
    const res = await call(noBody, { body: 'not json at all' });
    expect(res.json.data).toEqual({ body: 'none', used: false });
  });

  it('hands the parsed query to the handler (coerced, defaulted, repeated keys as arrays)', async () => {
    const res = await call(withQuery, { path: '/api/q?pageNo=3&status=ACTIVE&tag=a&tag=b' });
    expect(res.json.data).toEqual({ query: { pageNo: 3, status: 'ACTIVE', tag: ['a', 'b'] } });
    expect((await call(withQuery, { path: '/api/q' })).json.data).toEqual({ query: { pageNo: 1 } });
  });

  it('names query fields unprefixed', async () => {
    const res = await call(withQuery, { path: '/api/q?pageNo=0&status=GONE' });
    expectEnvelope(res, 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [
        { field: 'pageNo', message: 'must be at least 1' },
        { field: 'status', message: 'must be ACTIVE or SUSPENDED' },
      ],
    });
  });

  it('validates params, then query, then body', async () => {
    const all = endpoint(defineRoute({ ...TEST_ROUTE, params: z.object({ id: z.uuid({ message: 'must be a UUID' }) }), query: querySchema, body: bodySchema }), async () => envelopeA({}));
    const bad = { path: '/api/q?pageNo=x', body: { name: '' } };
    expectEnvelope(await call(all, { ...bad, params: { id: 'nope' } }), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [{ field: 'id', message: 'must be a UUID' }],
    });
    expectEnvelope(await call(all, { ...bad, params: { id: UNKNOWN_TENANT } }), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [{ field: 'pageNo', message: 'Invalid input: expected number, received NaN' }],
    });
  });

  it('renders errors with a custom renderer (Envelope B)', async () => {
    const card = createRoute({
      schemas: {},
      prepare: async () => ({}),
      handler: async () => {
        throw notFound('card');
      },
      renderError: (error) => envelopeB(null, { status: 200, code: -1, msg: error.message }),
    });
    const res = await call(card);
    expect([res.status, res.json, res.headers.get('X-Request-ID')]).toEqual([200, { success: false, code: -1, msg: 'resource not found', data: null }, expect.stringMatching(UUID)]);
  });
});

describe('the tenant caller step', () => {
  const REQUIRED = ['User-Agent', 'X-Forwarded-For', 'X-Forwarded-From', 'platform', 'deviceId'] as const;
  const echo = endpoint(
    defineRoute({
      ...TEST_ROUTE,
      auth: 'tenant',
      headers: { required: REQUIRED, optional: ['sec-ch-ua-platform'] },
      body: z.object({ amount: z.number({ error: 'must be a number' }).positive('must be positive') }),
      query: z.object({ verbose: z.enum(['true', 'false'], { error: 'must be true or false' }).optional() }),
    }),
    async ({ tenant, headers, body, query, db, log }) =>
      envelopeA({ tenantId: tenant.id, tenantName: tenant.name, headers, body, query, hasDb: typeof db.select === 'function', hasLog: typeof log.info === 'function' }),
  );
  let tenantId: string;
  let tenantName: string;

  beforeAll(async () => {
    const t = await createTenant();
    tenantId = t.tenantId;
    tenantName = t.name;
  });

  it('hands the handler the tenant, the parsed headers (under contract names), body, query and db', async () => {
    const res = await call(echo, {
      path: '/api/t?verbose=true',
      headers: { ...contextHeaders(tenantId), 'sec-ch-ua-platform': '"Android"', 'x-ignored': '1' },
      body: { amount: 5 },
    });
    expect(res.json).toEqual({
      code: 200,
      message: 'OK',
      data: {
        tenantId,
        tenantName,
        headers: {
          'X-Tenant-ID': tenantId,
          'User-Agent': 'vitest',
          'X-Forwarded-For': '203.0.113.7',
          'X-Forwarded-From': 'web-panel',
          platform: 'web',
          deviceId: 'device-123',
          'sec-ch-ua-platform': '"Android"',
        },
        body: { amount: 5 },
        query: { verbose: 'true' },
        hasDb: true,
        hasLog: true,
      },
    });
  });

  it('reads header names case-insensitively and leaves absent optional headers out', async () => {
    const lower = Object.fromEntries(Object.entries(contextHeaders(tenantId, { platform: 'android' })).map(([k, v]) => [k.toLowerCase(), v]));
    const res = await call<{ headers: Record<string, string> }>(echo, { headers: lower, body: { amount: 1 } });
    expect(res.status).toBe(200);
    expect(res.json.data.headers).toEqual({
      'X-Tenant-ID': tenantId,
      'User-Agent': 'vitest',
      'X-Forwarded-For': '203.0.113.7',
      'X-Forwarded-From': 'web-panel',
      platform: 'android',
      deviceId: 'device-123',
    });
  });

  it('names every missing header, X-Tenant-ID first, then in declared order', async () => {
    expectEnvelope(await call(echo, { body: { amount: 1 } }), 400, 'missing required headers', {
      error: 'MISSING_HEADERS',
      details: 'missing required headers: X-Tenant-ID, User-Agent, X-Forwarded-For, X-Forwarded-From, platform, deviceId',
      errors: ['X-Tenant-ID', 'User-Agent', 'X-Forwarded-For', 'X-Forwarded-From', 'platform', 'deviceId'].map((field) => ({
        field,
        message: 'header is required',
      })),
    });
    const { platform: _p, deviceId: _d, ...some } = contextHeaders(tenantId);
    expectEnvelope(await call(echo, { headers: some, body: { amount: 1 } }), 400, 'missing required headers', {
      error: 'MISSING_HEADERS',
      details: 'missing required headers: platform, deviceId',
      errors: [
        { field: 'platform', message: 'header is required' },
        { field: 'deviceId', message: 'header is required' },
      ],
    });
  });

  it('lists every invalid header with its message', async () => {
    const headers = contextHeaders(tenantId, {
      'X-Forwarded-For': '1.2.3',
      'X-Forwarded-From': 'has space',
      platform: 'WEB',
      deviceId: 'd'.repeat(129),
      'sec-ch-ua-platform': 'p'.repeat(65),
    });
    expectEnvelope(await call(echo, { headers, body: { amount: 1 } }), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [
        { field: 'X-Forwarded-For', message: 'must be an IP address or a comma-separated list of IP addresses' },
        { field: 'X-Forwarded-From', message: 'may contain only letters, digits and . _ : @ / + = -' },
        { field: 'platform', message: 'must be one of web, ios, android' },
        { field: 'deviceId', message: 'must be at most 128 characters' },
        { field: 'sec-ch-ua-platform', message: 'must be at most 64 characters' },
      ],
    });
  });

  it('accepts IPv6 and proxy lists in X-Forwarded-For', async () => {
    for (const xff of ['2001:db8::1', '203.0.113.7, 10.0.0.1, 10.0.0.2']) {
      const res = await call<{ headers: Record<string, string> }>(echo, { headers: contextHeaders(tenantId, { 'X-Forwarded-For': xff }), body: { amount: 1 } });
      expect([res.status, res.json.data.headers['X-Forwarded-For']]).toEqual([200, xff]);
    }
  });

  it('checks missing headers before resolving the tenant', async () => {
    const { deviceId: _d, ...headers } = contextHeaders(UNKNOWN_TENANT);
    expectEnvelope(await call(echo, { headers, body: { amount: -1 } }), 400, 'missing required headers', {
      error: 'MISSING_HEADERS',
      details: 'missing required headers: deviceId',
      errors: [{ field: 'deviceId', message: 'header is required' }],
    });
  });

  it('checks header values before resolving the tenant', async () => {
    expectEnvelope(await call(echo, { headers: contextHeaders(UNKNOWN_TENANT, { platform: 'windows' }), body: { amount: 1 } }), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [{ field: 'platform', message: 'must be one of web, ios, android' }],
    });
  });

  it('resolves the tenant before validating query and body', async () => {
    const denied = { error: 'TENANT_ACCESS_DENIED', tenantId: UNKNOWN_TENANT };
    const message = 'tenant access denied or categorization not available';
    expectEnvelope(await call(echo, { headers: contextHeaders(UNKNOWN_TENANT), body: { amount: 'x' } }), 403, message, denied);
    expectEnvelope(await call(echo, { headers: contextHeaders(UNKNOWN_TENANT), body: '{not json' }), 403, message, denied);
    expectEnvelope(await call(echo, { path: '/api/t?verbose=maybe', headers: contextHeaders(UNKNOWN_TENANT), body: { amount: 1 } }), 403, message, denied);
  });

  it('validates the body of a known tenant', async () => {
    expectEnvelope(await call(echo, { headers: contextHeaders(tenantId), body: { amount: -3 } }), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [{ field: 'amount', message: 'must be positive' }],
    });
    expectEnvelope(await call(echo, { path: '/api/t?verbose=maybe', headers: contextHeaders(tenantId), body: { amount: 'x' } }), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [{ field: 'verbose', message: 'must be true or false' }],
    });
  });

  it('refuses a suspended tenant with the same 403', async () => {
    const t = await createTenant();
    await setTenantStatus(await getDb(), t.tenantId, 'SUSPENDED');
    expectEnvelope(await call(echo, { headers: contextHeaders(t.tenantId), body: { amount: 1 } }), 403, 'tenant access denied or categorization not available', {
      error: 'TENANT_ACCESS_DENIED',
      tenantId: t.tenantId,
    });
  });

  it('binds the tenant id into the handler logger and answers 500 for an unexpected error', async () => {
    const logs = captureLogs();
    const broken = endpoint(defineRoute({ ...TEST_ROUTE, auth: 'tenant' }), async ({ log }) => {
      log.warn('about to fail');
      throw new TypeError(`cannot read card ${PAN}`);
    });
    const res = await call(broken, { headers: { 'X-Tenant-ID': tenantId, 'X-Request-ID': 'tenant-req-1' } });
    expectEnvelope(res, 500, 'internal server error', { error: 'INTERNAL_ERROR', details: 'an unexpected error occurred', requestId: 'tenant-req-1' });
    const lines = logs();
    expect(lines.find((l) => l.msg === 'about to fail')).toMatchObject({ requestId: 'tenant-req-1', tenantId });
    expect(lines.find((l) => l.msg === 'unhandled error')).toMatchObject({ requestId: 'tenant-req-1', err: { message: 'cannot read card [PAN:16 digits]' } });
    expect(JSON.stringify(lines)).not.toContain(PAN);
  });

  it('requires only X-Tenant-ID without a header spec', async () => {
    const bare = endpoint(defineRoute({ ...TEST_ROUTE, auth: 'tenant' }), async ({ headers }) => envelopeA({ headers }));
    const res = await call(bare, { headers: { 'X-Tenant-ID': tenantId, platform: 'not-checked' } });
    expect(res.json.data).toEqual({ headers: { 'X-Tenant-ID': tenantId } });
  });
});
