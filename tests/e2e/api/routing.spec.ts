import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { CATCH_ALL_PAGE, loadApiRouteTable } from '../../../server/api-edge.mjs';
import { UUID_RE, platformAuth, registrationBody, uniqueName } from '../fixtures';
import { expectEnvelope } from '../helpers';
import { context, ok } from '../money-world';

const UNKNOWN = ['/api/does-not-exist', '/api/v2.1/nope', '/api/v2.1/tenants/registration/extra/segments'];

test.describe('unknown routes', () => {
  for (const path of UNKNOWN) {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      test(`${method} ${path} answers 404 ROUTE_NOT_FOUND`, async ({ request }) => {
        const res = await request.fetch(path, {
          method,
          ...(method === 'GET' || method === 'DELETE' ? {} : { data: { any: 'thing' } }),
        });
        await expectEnvelope(res, 404, 'route not found', { error: 'ROUTE_NOT_FOUND', details: `no route for ${method} ${path}` });
        expect(res.headers()['content-type']).toMatch(/^application\/json/);
        expect(res.headers()['x-request-id']).toMatch(UUID_RE);
      });
    }
  }

  test('a query string is not part of the reported path', async ({ request }) => {
    const res = await request.get('/api/does-not-exist?x=1&y=2');
    await expectEnvelope(res, 404, 'route not found', { error: 'ROUTE_NOT_FOUND', details: 'no route for GET /api/does-not-exist' });
  });

  test('OPTIONS on an unknown route answers 404 too', async ({ request }) => {
    const res = await request.fetch('/api/does-not-exist', { method: 'OPTIONS' });
    await expectEnvelope(res, 404, 'route not found', { error: 'ROUTE_NOT_FOUND', details: 'no route for OPTIONS /api/does-not-exist' });
    expect(res.headers()['x-request-id']).toMatch(UUID_RE);
  });
});

/**
 * The edge answers an API path no route serves with the catch-all's own handler (server/api-edge.mjs,
 * docs/edge.md "Unknown API paths"); a path with an escape always goes through Next.js's routing.
 */
test.describe('unknown routes at the edge', () => {
  test("the build's route table serves every route folder under app/api but the catch-all", () => {
    const { table, reason } = loadApiRouteTable(path.resolve('.next'));
    expect(reason).toBeNull();
    const folders: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(path.join(dir, entry.name));
        else if (entry.name === 'route.ts') folders.push(path.relative('app', dir));
      }
    };
    walk(path.resolve('app', 'api'));
    expect(folders.length).toBeGreaterThan(100);
    // a sample URL of each folder: a value for each [param], two segments for each [...rest]
    const urls = folders.filter((f) => `/${f}` !== CATCH_ALL_PAGE).map((f) => `/${f.split(path.sep).join('/')}`.replace(/\[\[?\.\.\.[^\]]+\]\]?/g, 'a/b').replace(/\[[^\]]+\]/g, 'x1'));
    expect(urls.filter((u) => !table!.serves(u))).toEqual([]);
    expect(table!.serves('/api/v2.1/nope')).toBe(false);
  });

  test("answers what Next.js answers, without the page router's Vary and gzip of a 120-byte body", async ({ request }) => {
    // through Next.js's routing (an escape), which also loads the catch-all's module
    const viaNext = await request.get('/api/%7Enope');
    await expectEnvelope(viaNext, 404, 'route not found', { error: 'ROUTE_NOT_FOUND', details: 'no route for GET /api/%7Enope' });
    const atEdge = await request.get('/api/~nope');
    await expectEnvelope(atEdge, 404, 'route not found', { error: 'ROUTE_NOT_FOUND', details: 'no route for GET /api/~nope' });
    expect(viaNext.headers()['vary']).toContain('rsc');
    expect(atEdge.headers()['vary']).toBeUndefined();
    expect(atEdge.headers()['content-encoding']).toBeUndefined();
    const names = (res: typeof viaNext) =>
      Object.keys(res.headers())
        .filter((n) => !['vary', 'content-encoding', 'date', 'transfer-encoding', 'content-length', 'connection', 'keep-alive'].includes(n))
        .sort();
    expect(names(atEdge)).toEqual(names(viaNext));
    for (const name of ['cache-control', 'content-type', 'content-security-policy', 'x-frame-options', 'x-content-type-options', 'ratelimit-policy']) {
      expect(atEdge.headers()[name], name).toBe(viaNext.headers()[name]);
    }
    expect(atEdge.headers()['x-request-id']).toMatch(UUID_RE);
    expect(atEdge.headers()['content-length']).toBe(String((await atEdge.body()).length));
  });

  test('counts the answer in the rate limit (its headers come from the decision) and keeps a sane X-Request-ID', async ({ request }) => {
    const res = await request.get('/api/v2.1/nope', { headers: { 'x-request-id': 'trace-edge-404' } });
    expect(res.status()).toBe(404);
    expect(res.headers()['x-request-id']).toBe('trace-edge-404');
    expect(res.headers()['ratelimit']).toMatch(/^"default";r=\d+;t=\d+$/);
    expect(res.headers()['ratelimit-policy']).toMatch(/^"default";q=\d+;w=\d+$/);
  });

  test('HEAD answers the 404 without a body', async ({ request }) => {
    const res = await request.head('/api/v2.1/nope');
    expect(res.status()).toBe(404);
    expect(await res.text()).toBe('');
    expect(res.headers()['x-request-id']).toMatch(UUID_RE);
  });
});

/**
 * Every route built by route() is answered at the edge once its module has loaded (server/api-edge.mjs,
 * docs/edge.md "API routes at the edge"). A percent-encoded letter in the path sends the same
 * request through Next.js's routing (which decodes it to the same id), so each pair below is one
 * request answered both ways; Next.js's answers carry its `Vary: rsc, ...`, the edge's do not.
 */
test.describe('served routes at the edge', () => {
  /** `path` with the first hex letter of `id` percent-encoded */
  const escaped = (path: string, id: string) => {
    const i = id.search(/[a-f]/);
    return path.replace(id, `${id.slice(0, i)}%${id.charCodeAt(i).toString(16)}${id.slice(i + 1)}`);
  };
  const SKIPPED = ['vary', 'content-encoding', 'date', 'transfer-encoding', 'content-length', 'connection', 'keep-alive'];
  const names = (res: APIResponse) =>
    Object.keys(res.headers())
      .filter((n) => !SKIPPED.includes(n))
      .sort();
  const newTenant = async (request: APIRequestContext) =>
    (await ok<{ tenantId: string }>(await request.post('/api/v2.1/tenants/registration', { headers: platformAuth, data: registrationBody(uniqueName('Edge')) }))).tenantId;

  test('a read answers the body and headers Next.js answers, with a Content-Length instead of chunks', async ({ request }) => {
    const tenantId = await newTenant(request);
    const path = `/api/v2.1/tenants/${tenantId}`;
    const viaNext = await request.get(escaped(path, tenantId), { headers: platformAuth });
    const atEdge = await request.get(path, { headers: platformAuth });
    expect([viaNext.status(), atEdge.status()]).toEqual([200, 200]);
    expect(viaNext.headers()['vary']).toContain('rsc');
    expect(atEdge.headers()['vary']).toBeUndefined();
    expect(await atEdge.json()).toEqual(await viaNext.json());
    expect(((await atEdge.json()) as { data: { id: string } }).data.id).toBe(tenantId);
    expect(names(atEdge)).toEqual(names(viaNext));
    expect(atEdge.headers()['content-length']).toBe(String((await atEdge.body()).length));
    expect(atEdge.headers()['transfer-encoding']).toBeUndefined();
  });

  test("a request's body reaches the route as through Next.js: a change, and a strict body's refusal", async ({ request }) => {
    const tenantId = await newTenant(request);
    const path = `/api/v2.1/tenants/${tenantId}/status`;
    const suspended = await request.post(escaped(path, tenantId), { headers: platformAuth, data: { status: 'SUSPENDED', reason: 'edge check' } });
    expect(suspended.headers()['vary']).toContain('rsc');
    expect((await ok<{ status: string }>(suspended)).status).toBe('SUSPENDED');
    const active = await request.post(path, { headers: platformAuth, data: { status: 'ACTIVE', reason: 'edge check' } });
    expect(active.headers()['vary']).toBeUndefined();
    expect((await ok<{ status: string }>(active)).status).toBe('ACTIVE');
    const refusedViaNext = await request.post(escaped(path, tenantId), { headers: platformAuth, data: { status: 'ACTIVE', extra: 1 } });
    const refusedAtEdge = await request.post(path, { headers: platformAuth, data: { status: 'ACTIVE', extra: 1 } });
    expect([refusedViaNext.status(), refusedAtEdge.status()]).toEqual([400, 400]);
    expect(await refusedAtEdge.json()).toEqual(await refusedViaNext.json());
    expect(names(refusedAtEdge)).toEqual(names(refusedViaNext));
  });

  test('a JSON answer of 1 KiB or more is gzip-compressed for a client that accepts it, as Next.js compresses it', async ({ request }) => {
    const tenantId = await newTenant(request);
    const path = `/api/v2.1/categorization/hierarchy/${tenantId}`;
    const headers = { ...context(tenantId), 'accept-encoding': 'gzip' };
    const viaNext = await request.get(escaped(path, tenantId), { headers });
    const atEdge = await request.get(path, { headers });
    expect([viaNext.headers()['content-encoding'], atEdge.headers()['content-encoding']]).toEqual(['gzip', 'gzip']);
    expect(atEdge.headers()['vary']).toBe('Accept-Encoding');
    expect(await atEdge.json()).toEqual(await viaNext.json());
    const plain = await request.get(path, { headers: { ...context(tenantId), 'accept-encoding': 'identity' } });
    expect(plain.headers()['content-encoding']).toBeUndefined();
    expect(plain.headers()['vary']).toBe('Accept-Encoding');
    expect(Number(plain.headers()['content-length'])).toBeGreaterThanOrEqual(1024);
    expect(plain.headers()['content-length']).toBe(String((await plain.body()).length));
    expect(await plain.json()).toEqual(await viaNext.json());
    // HEAD: GET's headers, no body
    const head = await request.head(path, { headers });
    expect([head.status(), head.headers()['content-encoding'], head.headers()['vary'], await head.text()]).toEqual([200, 'gzip', 'Accept-Encoding', '']);
  });

  test("HEAD of a served route answers GET's status and headers without a body", async ({ request }) => {
    // loads the route's module (at the edge already when another spec has)
    expect((await request.get('/api/health')).status()).toBe(200);
    const res = await request.head('/api/health');
    expect(res.status()).toBe(200);
    expect(await res.text()).toBe('');
    expect(res.headers()['vary']).toBeUndefined();
    expect(res.headers()['content-type']).toBe('application/json');
    expect(res.headers()['x-request-id']).toMatch(UUID_RE);
  });
});

test.describe('method not allowed', () => {
  const cases = [
    { path: '/api/health', method: 'POST', allow: ['GET', 'HEAD', 'OPTIONS'] },
    { path: '/api/health', method: 'DELETE', allow: ['GET', 'HEAD', 'OPTIONS'] },
    { path: '/api/v2.1/tenants/registration', method: 'GET', allow: ['POST', 'OPTIONS'] },
    { path: '/api/v2.1/tenants/registration', method: 'PUT', allow: ['POST', 'OPTIONS'] },
    { path: '/api/v2.1/tenant', method: 'PATCH', allow: ['GET', 'HEAD', 'OPTIONS'] },
    { path: '/api/v2.1/tenants/00000000-0000-4000-8000-000000000000/status', method: 'GET', allow: ['POST', 'OPTIONS'] },
  ];
  for (const { path, method, allow } of cases) {
    test(`${method} ${path} answers 405 with Allow: ${allow.join(', ')}`, async ({ request }) => {
      // credentials do not matter: the method is refused before anything else
      const res = await request.fetch(path, { method, headers: platformAuth });
      await expectEnvelope(res, 405, 'method not allowed', {
        error: 'METHOD_NOT_ALLOWED',
        details: `${method} is not allowed here; allowed: ${allow.join(', ')}`,
        suggestions: allow,
      });
      expect(res.headers()['allow']).toBe(allow.join(', '));
      expect(res.headers()['x-request-id']).toMatch(UUID_RE);
    });
  }
});

test.describe('OPTIONS', () => {
  const cases = [
    { path: '/api/health', allow: 'GET, HEAD, OPTIONS' },
    { path: '/api/v2.1/tenants/registration', allow: 'POST, OPTIONS' },
    { path: '/api/v2.1/tenant', allow: 'GET, HEAD, OPTIONS' },
    { path: '/api/v2.1/categorization/hierarchy/00000000-0000-4000-8000-000000000000', allow: 'GET, HEAD, OPTIONS' },
  ];
  for (const { path, allow } of cases) {
    test(`OPTIONS ${path} answers 204 with Allow`, async ({ request }) => {
      const res = await request.fetch(path, { method: 'OPTIONS' });
      expect(res.status()).toBe(204);
      expect(res.headers()['allow']).toBe(allow);
      expect(await res.text()).toBe('');
      expect(res.headers()['x-request-id']).toMatch(UUID_RE);
    });
  }
});
