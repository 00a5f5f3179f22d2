import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setClock } from '@/lib/clock';
import { contextHeaders, expectEnvelope } from './helpers';
import {
  authFailed,
  createCustomer,
  createCustomerUser,
  createIdentityTenant,
  customerSession,
  freezeClock,
  ISO,
  resetIdentityState,
  sessionRow,
  TENANT_DENIED_MESSAGE,
  tenantDenied,
  UUID,
  WRONG_PASSWORD,
  type TestCustomerUser,
  type TestTenant,
} from './identity-fixtures';

const CUSTOMER_HEADERS = ['X-Tenant-ID', 'X-Forwarded-For', 'X-Forwarded-From', 'platform', 'deviceId'];

let tenant: TestTenant;
let customer: TestCustomerUser;

beforeAll(async () => {
  tenant = await createIdentityTenant();
  customer = await createCustomerUser(tenant.tenantId);
});
beforeEach(() => resetIdentityState());
afterEach(() => setClock(null));

function validationErrors(errors: { field: string; message: string }[]) {
  return { error: 'VALIDATION_FAILED', errors };
}

describe('POST /api/v2.1/customer/individual/{customerId}/users/{userId}/sessions', () => {
  it('creates a session with username and password: Envelope A with the whole customer user', async () => {
    const clock = freezeClock();
    const now = clock.now();
    const res = await customerSession(customer, { username: customer.username, password: customer.password });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('session created');
    expect(res.json.code).toBe(200);
    expect(res.json.data).toEqual({
      success: true,
      message: 'session created',
      token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      refreshToken: expect.stringMatching(/^rt_[\w-]{43}$/),
      sessionId: expect.stringMatching(UUID),
      expiresAt: new Date(now.getTime() + 3600_000).toISOString(),
      expiresIn: 3600,
      errorType: null,
      user: {
        id: customer.userId,
        customerId: customer.customerId,
        customerStatus: 'ACTIVE',
        email: customer.email,
        username: customer.username,
        fullName: 'Cora Customer',
        firstName: 'Cora',
        lastName: 'Customer',
        organizationId: null,
        role: 'CUSTOMER',
        roles: ['CUSTOMER'],
        phoneNumber: '+4915112345678',
        isActive: true,
        lastLogin: now.toISOString(),
        createdAt: expect.stringMatching(ISO),
        updatedAt: expect.stringMatching(ISO),
        tenantId: tenant.tenantId,
        gender: 'FEMALE',
        phones: [{ phoneType: 'MOBILE', encoding: 'E164', number: '+4915112345678' }],
      },
    });
    const row = await sessionRow(tenant.tenantId, res.json.data.sessionId);
    expect(row).toMatchObject({ kind: 'CUSTOMER', roles: ['CUSTOMER'], userId: customer.userId, ipAddress: '203.0.113.7', deviceId: 'device-123', platform: 'web' });
  });

  it('signs in with credentialType PASSWORD and value, with and without a username', async () => {
    const withUsername = await customerSession(customer, { username: customer.username, credentialType: 'PASSWORD', value: customer.password });
    expect(withUsername.status).toBe(200);
    expect(withUsername.json.data.user.id).toBe(customer.userId);
    const withoutUsername = await customerSession(customer, { credentialType: 'PASSWORD', value: customer.password });
    expect(withoutUsername.status).toBe(200);
    expect(withoutUsername.json.data.user.id).toBe(customer.userId);
  });

  it('credentialType PASSWORD with a wrong value answers authentication failed, counted on the user', async () => {
    const user = await createCustomerUser(tenant.tenantId);
    expectEnvelope(await customerSession(user, { credentialType: 'PASSWORD', value: WRONG_PASSWORD }), 401, 'authentication failed', authFailed(1));
    // the same count whether the user is named or not
    expectEnvelope(await customerSession(user, { username: user.username, password: WRONG_PASSWORD }), 401, 'authentication failed', authFailed(2));
  });

  it('accepts the right tenantKey and tenantSecret together with the password', async () => {
    const res = await customerSession(customer, {
      username: customer.username,
      password: customer.password,
      tenantKey: tenant.tenantKey,
      tenantSecret: tenant.tenantSecret,
      tenantId: tenant.tenantId,
    });
    expect(res.status).toBe(200);
  });

  it.each([
    ['wrong key', () => ({ tenantKey: 'tk_wrong', tenantSecret: tenant.tenantSecret })],
    ['wrong secret', () => ({ tenantKey: tenant.tenantKey, tenantSecret: 'ts_wrong' })],
  ])('answers 401 authentication required for tenant credentials with a %s', async (_label, credentials) => {
    const res = await customerSession(customer, { username: customer.username, password: customer.password, ...credentials() });
    expectEnvelope(res, 401, 'authentication required', { error: 'UNAUTHORIZED', details: 'the tenant credentials are not valid' });
    expect(res.headers.get('WWW-Authenticate')).toBe('Bearer');
  });

  it('answers 400 when only one of tenantKey and tenantSecret is sent', async () => {
    const keyOnly = await customerSession(customer, { username: customer.username, password: customer.password, tenantKey: tenant.tenantKey });
    expectEnvelope(keyOnly, 400, 'request validation failed', validationErrors([{ field: 'tenantSecret', message: 'tenantKey and tenantSecret go together' }]));
    const secretOnly = await customerSession(customer, { username: customer.username, password: customer.password, tenantSecret: tenant.tenantSecret });
    expectEnvelope(secretOnly, 400, 'request validation failed', validationErrors([{ field: 'tenantKey', message: 'tenantKey and tenantSecret go together' }]));
  });

  it('answers 400 without a password or username, and for a credentialType without value', async () => {
    expectEnvelope(
      await customerSession(customer, {}),
      400,
      'request validation failed',
      validationErrors([
        { field: 'password', message: 'is required (or credentialType PASSWORD with value)' },
        { field: 'username', message: 'is required (or credentialType PASSWORD with value)' },
      ]),
    );
    expectEnvelope(
      await customerSession(customer, { credentialType: 'PASSWORD' }),
      400,
      'request validation failed',
      validationErrors([{ field: 'value', message: 'is required with credentialType PASSWORD' }]),
    );
    expectEnvelope(
      await customerSession(customer, { credentialType: 'OTP', value: '123456' }),
      400,
      'request validation failed',
      validationErrors([{ field: 'credentialType', message: 'must be PASSWORD' }]),
    );
  });

  it('answers 403 tenant access denied when the body tenantId differs from X-Tenant-ID', async () => {
    const other = (await createIdentityTenant()).tenantId;
    const res = await customerSession(customer, { username: customer.username, password: customer.password, tenantId: other });
    expectEnvelope(res, 403, TENANT_DENIED_MESSAGE, tenantDenied(other));
  });

  it.each([
    ['SUSPENDED', 'suspended'],
    ['CLOSED', 'closed'],
  ] as const)('answers 403 for a %s customer (with the right password)', async (status, word) => {
    const user = await createCustomerUser(tenant.tenantId, { status });
    const res = await customerSession(user, { username: user.username, password: user.password });
    expectEnvelope(res, 403, 'access denied', { error: 'FORBIDDEN', details: `the customer is ${word}; sign-in is not possible` });
  });

  it('lets a PENDING_ACTIVATION customer sign in', async () => {
    const user = await createCustomerUser(tenant.tenantId, { status: 'PENDING_ACTIVATION' });
    const res = await customerSession(user, { username: user.username, password: user.password });
    expect(res.status).toBe(200);
    expect(res.json.data.user.customerStatus).toBe('PENDING_ACTIVATION');
  });

  it('a wrong customerId or userId in the path answers like a wrong password', async () => {
    const user = await createCustomerUser(tenant.tenantId);
    const otherCustomer = await createCustomer(tenant.tenantId);
    const wrongCustomer = await customerSession(user, { username: user.username, password: user.password }, { params: { customerId: otherCustomer, userId: user.userId } });
    expectEnvelope(wrongCustomer, 401, 'authentication failed', authFailed(1));
    const wrongUser = await customerSession(user, { username: user.username, password: user.password }, { params: { customerId: user.customerId, userId: customer.userId } });
    expectEnvelope(wrongUser, 401, 'authentication failed', authFailed(2));
  });

  it('an administrator cannot open a customer session', async () => {
    const res = await customerSession(
      { tenantId: tenant.tenantId, customerId: '55555555-5555-4555-8555-555555555555', userId: tenant.userId },
      { username: 'admin', password: 'Correct-Horse-9-Battery' },
    );
    expectEnvelope(res, 401, 'authentication failed', authFailed(1));
  });

  it('requires the context headers (User-Agent optional)', async () => {
    expectEnvelope(await customerSession(customer, { username: customer.username, password: customer.password }, { headers: {} }), 400, 'missing required headers', {
      error: 'MISSING_HEADERS',
      details: `missing required headers: ${CUSTOMER_HEADERS.join(', ')}`,
      errors: CUSTOMER_HEADERS.map((field) => ({ field, message: 'header is required' })),
    });
    const headers = contextHeaders(tenant.tenantId);
    delete headers['User-Agent'];
    const res = await customerSession(customer, { username: customer.username, password: customer.password }, { headers });
    expect(res.status).toBe(200);
    expect((await sessionRow(tenant.tenantId, res.json.data.sessionId))!.userAgent).toBeNull();
  });
});
