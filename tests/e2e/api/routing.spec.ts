import { expect, test } from '@playwright/test';
import { UUID_RE, platformAuth } from '../fixtures';
import { expectEnvelope } from '../helpers';

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
