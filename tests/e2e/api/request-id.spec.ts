import { expect, test } from '@playwright/test';
import { UUID_RE, platformAuth } from '../fixtures';
import { rawRequest } from '../helpers';

test.describe('X-Request-ID', () => {
  const sane = ['abc-123.x:y_z', 'req_01HZY3', 'a', 'A'.repeat(128), 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d'];
  for (const value of sane) {
    test(`a sane client value is echoed (${value.length > 20 ? `${value.length} chars` : value})`, async ({ request }) => {
      const res = await request.get('/api/health', { headers: { 'X-Request-ID': value } });
      expect(res.status()).toBe(200);
      expect(res.headers()['x-request-id']).toBe(value);
    });
  }

  const insane = [
    ['with spaces', 'has a space'],
    ['200 characters', 'a'.repeat(200)],
    ['129 characters', 'b'.repeat(129)],
    ['with a slash', 'abc/def'],
    ['with quotes', '"quoted"'],
    ['with a semicolon', 'id;drop'],
    ['shaped like a card number (log redaction would mask it)', '4111111111111111'],
  ] as const;
  for (const [label, value] of insane) {
    test(`an insane client value is replaced by a UUID (${label})`, async ({ request }) => {
      const res = await request.get('/api/health', { headers: { 'X-Request-ID': value } });
      expect(res.status()).toBe(200);
      expect(res.headers()['x-request-id']).toMatch(UUID_RE);
      expect(res.headers()['x-request-id']).not.toBe(value);
    });
  }

  test('an empty value is replaced by a UUID', async () => {
    const res = await rawRequest({ method: 'GET', path: '/api/health', headers: { 'X-Request-ID': '' } });
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toMatch(UUID_RE);
  });

  test('each request without one gets its own UUID', async ({ request }) => {
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) ids.add((await request.get('/api/health')).headers()['x-request-id']!);
    expect(ids.size).toBe(5);
    for (const id of ids) expect(id).toMatch(UUID_RE);
  });

  const json = { ...platformAuth, 'content-type': 'application/json' };
  const responses: Array<{
    label: string;
    status: number;
    send: (r: import('@playwright/test').APIRequestContext, h: Record<string, string>) => Promise<import('@playwright/test').APIResponse>;
  }> = [
    { label: '200 health', status: 200, send: (r, h) => r.get('/api/health', { headers: h }) },
    { label: '204 OPTIONS', status: 204, send: (r, h) => r.fetch('/api/health', { method: 'OPTIONS', headers: h }) },
    { label: '400 malformed JSON', status: 400, send: (r, h) => r.post('/api/v2.1/tenants/registration', { headers: { ...json, ...h }, data: Buffer.from('{') }) },
    { label: '400 missing headers', status: 400, send: (r, h) => r.get('/api/v2.1/tenant', { headers: h }) },
    { label: '401 no key', status: 401, send: (r, h) => r.post('/api/v2.1/tenants/registration', { headers: h, data: {} }) },
    { label: '403 unknown tenant', status: 403, send: (r, h) => r.get('/api/v2.1/tenant', { headers: { ...h, 'X-Tenant-ID': '11111111-1111-4111-8111-111111111111' } }) },
    { label: '404 unknown route', status: 404, send: (r, h) => r.get('/api/does-not-exist', { headers: h }) },
    { label: '404 unknown tenant (operator)', status: 404, send: (r, h) => r.get('/api/v2.1/tenants/00000000-0000-4000-8000-000000000000', { headers: { ...platformAuth, ...h } }) },
    { label: '405 wrong method', status: 405, send: (r, h) => r.delete('/api/health', { headers: h }) },
    { label: '413 too large', status: 413, send: (r, h) => r.post('/api/v2.1/tenants/registration', { headers: { ...json, ...h }, data: Buffer.alloc(1_048_577, 0x20) }) },
    {
      label: '415 wrong type',
      status: 415,
      send: (r, h) => r.post('/api/v2.1/tenants/registration', { headers: { ...platformAuth, 'content-type': 'text/plain', ...h }, data: Buffer.from('{}') }),
    },
  ];
  for (const { label, status, send } of responses) {
    test(`is present on every response: ${label}`, async ({ request }) => {
      const generated = await send(request, {});
      expect(generated.status()).toBe(status);
      expect(generated.headers()['x-request-id']).toMatch(UUID_RE);
      const echoed = await send(request, { 'X-Request-ID': `e2e-${status}` });
      expect(echoed.status()).toBe(status);
      expect(echoed.headers()['x-request-id']).toBe(`e2e-${status}`);
    });
  }
});
