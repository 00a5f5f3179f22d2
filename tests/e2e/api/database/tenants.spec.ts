import { expect, test } from '@playwright/test';
import { STRONG_PASSWORD, UUID_RE, platformAuth, registrationBody, uniqueName } from '../../fixtures';
import { bodyOf, expectEnvelope } from '../../helpers';

const REGISTRATION = '/api/v2.1/tenants/registration';
const DENIED = 'tenant access denied or categorization not available';
const ISO = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);

test.describe('tenant registration and lifecycle over HTTP', () => {
  test('register, read, suspend (403 everywhere), reactivate (200 again)', async ({ request }) => {
    const body = registrationBody(uniqueName('Flow'));
    const registered = await request.post(REGISTRATION, { headers: platformAuth, data: body });
    const registeredText = await registered.text();
    expect(registeredText).not.toContain(STRONG_PASSWORD);
    expect({ status: registered.status(), body: JSON.parse(registeredText) }).toEqual({
      status: 200,
      body: {
        code: 200,
        message: 'tenant registered',
        data: {
          tenantId: expect.stringMatching(UUID_RE),
          tenantKey: expect.stringMatching(/^tk_[A-Za-z0-9_-]{24}$/),
          tenantSecret: expect.stringMatching(/^ts_[A-Za-z0-9_-]{43}$/),
          organizationId: expect.stringMatching(UUID_RE),
          userId: expect.stringMatching(UUID_RE),
        },
      },
    });
    const { tenantId, tenantKey, tenantSecret } = (JSON.parse(registeredText) as { data: Record<string, string> }).data as {
      tenantId: string;
      tenantKey: string;
      tenantSecret: string;
    };
    const tenantHeaders = { 'X-Tenant-ID': tenantId };

    // the operator's view: no secret
    const operatorView = await request.get(`/api/v2.1/tenants/${tenantId}`, { headers: platformAuth });
    const operatorText = await operatorView.text();
    expect(operatorText).not.toContain(tenantSecret);
    expect({ status: operatorView.status(), body: JSON.parse(operatorText) }).toEqual({
      status: 200,
      body: { code: 200, message: 'OK', data: { id: tenantId, name: body.name, status: 'ACTIVE', tenantKey, createdAt: ISO, updatedAt: ISO } },
    });

    // the tenant's public profile
    const profile = await request.get('/api/v2.1/tenant', { headers: tenantHeaders });
    expect({ status: profile.status(), body: await bodyOf(profile) }).toEqual({
      status: 200,
      body: { code: 200, message: 'OK', data: { id: tenantId, name: body.name, status: 'ACTIVE' } },
    });

    const hierarchy = await request.get(`/api/v2.1/categorization/hierarchy/${tenantId}`, { headers: tenantHeaders });
    expect(hierarchy.status()).toBe(200);
    const tree = (await hierarchy.json()) as { code: number; message: string; data: { tenantId: string; categories: Array<{ code: string }> } };
    expect({ code: tree.code, message: tree.message, tenantId: tree.data.tenantId }).toEqual({ code: 200, message: 'OK', tenantId });
    expect(tree.data.categories.map((c) => c.code)).toEqual(['RETAIL_STANDARD', 'RETAIL_PREMIUM', 'RETAIL_HIGH_RISK', 'BUSINESS_STANDARD']);

    // suspend
    const suspended = await request.post(`/api/v2.1/tenants/${tenantId}/status`, {
      headers: platformAuth,
      data: { status: 'SUSPENDED', reason: 'e2e: unpaid invoice' },
    });
    expect({ status: suspended.status(), body: await bodyOf(suspended) }).toEqual({
      status: 200,
      body: { code: 200, message: 'tenant suspended', data: { id: tenantId, name: body.name, status: 'SUSPENDED', tenantKey, createdAt: ISO, updatedAt: ISO } },
    });
    await expectEnvelope(await request.get('/api/v2.1/tenant', { headers: tenantHeaders }), 403, DENIED, { error: 'TENANT_ACCESS_DENIED', tenantId });
    await expectEnvelope(await request.get(`/api/v2.1/categorization/hierarchy/${tenantId}`, { headers: tenantHeaders }), 403, DENIED, { error: 'TENANT_ACCESS_DENIED', tenantId });
    // the operator still sees it
    const stillVisible = await request.get(`/api/v2.1/tenants/${tenantId}`, { headers: platformAuth });
    expect(stillVisible.status()).toBe(200);
    expect(((await stillVisible.json()) as { data: { status: string } }).data.status).toBe('SUSPENDED');

    // reactivate
    const reactivated = await request.post(`/api/v2.1/tenants/${tenantId}/status`, { headers: platformAuth, data: { status: 'ACTIVE' } });
    expect({ status: reactivated.status(), body: await bodyOf(reactivated) }).toEqual({
      status: 200,
      body: { code: 200, message: 'tenant activated', data: { id: tenantId, name: body.name, status: 'ACTIVE', tenantKey, createdAt: ISO, updatedAt: ISO } },
    });
    const again = await request.get('/api/v2.1/tenant', { headers: tenantHeaders });
    expect({ status: again.status(), body: await bodyOf(again) }).toEqual({
      status: 200,
      body: { code: 200, message: 'OK', data: { id: tenantId, name: body.name, status: 'ACTIVE' } },
    });
    expect((await request.get(`/api/v2.1/categorization/hierarchy/${tenantId}`, { headers: tenantHeaders })).status()).toBe(200);
  });

  test('a second tenant with the same name (any case) answers 409', async ({ request }) => {
    const name = uniqueName('Dup');
    expect((await request.post(REGISTRATION, { headers: platformAuth, data: registrationBody(name) })).status()).toBe(200);
    const res = await request.post(REGISTRATION, { headers: platformAuth, data: registrationBody(name.toUpperCase()) });
    await expectEnvelope(res, 409, 'conflict', { error: 'CONFLICT', details: 'a tenant with this name already exists', field: 'name' });
  });

  test('validation errors name every offending field', async ({ request }) => {
    const body = registrationBody();
    const res = await request.post(REGISTRATION, {
      headers: platformAuth,
      data: { ...body, admin: { ...body.admin, password: 'password', email: 'not-an-email' } },
    });
    await expectEnvelope(res, 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [
        { field: 'admin.email', message: 'must be a valid email address' },
        { field: 'admin.password', message: 'must contain an uppercase letter' },
        { field: 'admin.password', message: 'must contain a digit' },
        { field: 'admin.password', message: 'must contain a special character' },
      ],
    });
  });

  const unauthorized = {
    error: 'UNAUTHORIZED',
    details: 'a valid platform operator key is required: Authorization: Bearer <PLATFORM_ADMIN_KEY>',
  };
  const badCredentials: Array<[string, Record<string, string>]> = [
    ['no Authorization header', {}],
    ['a wrong key', { authorization: 'Bearer wrong-key-wrong-key-wrong-key-wrong' }],
    ['another scheme', { authorization: 'Basic YWRtaW46YWRtaW4=' }],
    ['an empty bearer', { authorization: 'Bearer ' }],
  ];
  for (const [label, headers] of badCredentials) {
    test(`registration answers 401 with ${label}`, async ({ request }) => {
      const res = await request.post(REGISTRATION, { headers, data: registrationBody() });
      await expectEnvelope(res, 401, 'authentication required', unauthorized);
      expect(res.headers()['www-authenticate']).toBe('Bearer');
    });
  }

  test('the operator endpoints answer 401 without the key as well', async ({ request }) => {
    await expectEnvelope(await request.get('/api/v2.1/tenants/00000000-0000-4000-8000-000000000000'), 401, 'authentication required', unauthorized);
    await expectEnvelope(
      await request.post('/api/v2.1/tenants/00000000-0000-4000-8000-000000000000/status', { data: { status: 'SUSPENDED' } }),
      401,
      'authentication required',
      unauthorized,
    );
  });

  test('tenant endpoints require a well-formed X-Tenant-ID', async ({ request }) => {
    await expectEnvelope(await request.get('/api/v2.1/tenant'), 400, 'missing required headers', {
      error: 'MISSING_HEADERS',
      details: 'missing required headers: X-Tenant-ID',
      errors: [{ field: 'X-Tenant-ID', message: 'header is required' }],
    });
    await expectEnvelope(await request.get('/api/v2.1/tenant', { headers: { 'X-Tenant-ID': 'acme' } }), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [{ field: 'X-Tenant-ID', message: 'must be a tenant UUID' }],
    });
    const unknown = '11111111-1111-4111-8111-111111111111';
    await expectEnvelope(await request.get('/api/v2.1/tenant', { headers: { 'X-Tenant-ID': unknown } }), 403, DENIED, {
      error: 'TENANT_ACCESS_DENIED',
      tenantId: unknown,
    });
  });
});
