import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { E2E_DEMO_PASSWORD, E2E_PLATFORM_KEY, STRONG_PASSWORD, platformAuth, registrationBody } from '../fixtures';
import { STACK_LINE } from '../helpers';

const REGISTRATION = '/api/v2.1/tenants/registration';
const json = { ...platformAuth, 'content-type': 'application/json' };

/** Nothing a response may ever carry: secrets we sent or configured, stack frames, file paths. */
function expectClean(label: string, text: string): void {
  expect(text, label).not.toContain(STRONG_PASSWORD);
  expect(text, label).not.toContain(E2E_DEMO_PASSWORD);
  expect(text, label).not.toContain(E2E_PLATFORM_KEY);
  expect(text, label).not.toMatch(STACK_LINE);
  expect(text, label).not.toMatch(/\.next\/server|node_modules|\/work\//);
  expect(text, label).not.toMatch(/argon2|Failed query|insert into/i);
}

const errorCases: Array<[string, (r: APIRequestContext) => Promise<APIResponse>]> = [
  ['400 validation (weak password)', (r) => r.post(REGISTRATION, { headers: platformAuth, data: { ...registrationBody(), admin: { ...registrationBody().admin, password: 'short' } } })],
  ['400 validation (unknown key)', (r) => r.post(REGISTRATION, { headers: platformAuth, data: { ...registrationBody(), password: STRONG_PASSWORD } })],
  ['400 malformed JSON containing the password', (r) => r.post(REGISTRATION, { headers: json, data: Buffer.from(`{"admin":{"password":"${STRONG_PASSWORD}"`) })],
  ['401 wrong key', (r) => r.post(REGISTRATION, { headers: { authorization: `Bearer ${STRONG_PASSWORD}` }, data: registrationBody() })],
  ['403 unknown tenant', (r) => r.get('/api/v2.1/tenant', { headers: { 'X-Tenant-ID': '11111111-1111-4111-8111-111111111111' } })],
  ['404 route', (r) => r.get('/api/does-not-exist')],
  ['405 method', (r) => r.put(REGISTRATION, { headers: platformAuth, data: registrationBody() })],
  ['413 size', (r) => r.post(REGISTRATION, { headers: json, data: Buffer.alloc(1_048_577, 0x20) })],
  ['415 type', (r) => r.post(REGISTRATION, { headers: { ...platformAuth, 'content-type': 'text/plain' }, data: JSON.stringify(registrationBody()) })],
];

test.describe('responses never leak secrets or internals', () => {
  for (const [label, send] of errorCases) {
    test(`${label}: no password, key or stack trace in the body`, async ({ request }) => {
      const res = await send(request);
      expect(res.status()).toBeGreaterThanOrEqual(400);
      expect(res.status()).toBeLessThan(500);
      const text = await res.text();
      expectClean(label, text);
      expect(Object.keys(JSON.parse(text) as object).sort()).toEqual(['code', 'data', 'message']);
    });
  }

  test('a NUL character (which PostgreSQL text cannot hold) is refused up front naming the field, never a 500', async ({ request }) => {
    const body = registrationBody(`Nul\u0000Bank ${Date.now()}`);
    const res = await request.post(REGISTRATION, { headers: platformAuth, data: body });
    const text = await res.text();
    expectClean('NUL body', text);
    expect({ status: res.status(), body: JSON.parse(text) }).toEqual({
      status: 400,
      body: { code: 400, message: 'request validation failed', data: { error: 'VALIDATION_FAILED', errors: [{ field: 'name', message: 'must not contain a NUL character (\\u0000)' }] } },
    });
  });

  test('the registration answer never echoes the admin password', async ({ request }) => {
    const res = await request.post(REGISTRATION, { headers: platformAuth, data: registrationBody() });
    expect(res.status()).toBe(200);
    expect(await res.text()).not.toContain(STRONG_PASSWORD);
  });
});
