import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setClock } from '@/lib/clock';
import { getDb } from '@/lib/db/client';
import { setUserActive } from '@/lib/services/identity/user-admin';
import { contextHeaders, expectEnvelope } from './helpers';
import {
  accountLocked,
  adminSession,
  authFailed,
  createCustomerUser,
  createExtraAdmin,
  createIdentityTenant,
  firstAdmin,
  freezeClock,
  ISO,
  resetIdentityState,
  sessionRow,
  TENANT_DENIED_MESSAGE,
  tenantDenied,
  UUID,
  WRONG_PASSWORD,
  type TestAdminUser,
  type TestTenant,
} from './identity-fixtures';

const ALL_HEADERS = ['X-Tenant-ID', 'User-Agent', 'X-Forwarded-For', 'X-Forwarded-From', 'platform', 'deviceId'];

let tenant: TestTenant;
let admin: TestAdminUser;

beforeAll(async () => {
  tenant = await createIdentityTenant();
  admin = firstAdmin(tenant);
});
beforeEach(() => resetIdentityState());
afterEach(() => setClock(null));

describe('POST /api/v2.1/admin/organization/{organizationId}/users/{userId}/sessions', () => {
  it('creates a session: Envelope A "session created" with tokens, expiry and the whole user', async () => {
    const clock = freezeClock();
    const now = clock.now();
    const res = await adminSession(admin);
    expect(res.status).toBe(200);
    expect(res.json.code).toBe(200);
    expect(res.json.message).toBe('session created');
    const data = res.json.data;
    expect(data).toEqual({
      success: true,
      message: 'session created',
      token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      refreshToken: expect.stringMatching(/^rt_[\w-]{43}$/),
      sessionId: expect.stringMatching(UUID),
      expiresAt: new Date(now.getTime() + 3600_000).toISOString(),
      expiresIn: 3600,
      errorType: null,
      user: {
        id: admin.userId,
        customerId: null,
        customerStatus: null,
        email: admin.email,
        username: 'admin',
        fullName: 'admin',
        firstName: null,
        lastName: null,
        organizationId: tenant.organizationId,
        role: 'ADMIN_USER',
        roles: ['ADMIN_USER'],
        phoneNumber: null,
        isActive: true,
        lastLogin: now.toISOString(),
        createdAt: expect.stringMatching(ISO),
        updatedAt: expect.stringMatching(ISO),
        tenantId: tenant.tenantId,
        gender: null,
        phones: [],
      },
    });
  });

  it('records the session with device, end-user IP (first of X-Forwarded-For), user agent, platform and source', async () => {
    const res = await adminSession(admin, {
      headers: contextHeaders(tenant.tenantId, {
        'X-Forwarded-For': '198.51.100.23, 10.0.0.1, 10.0.0.2',
        'User-Agent': 'Mozilla/5.0 (Test)',
        platform: 'ios',
        deviceId: 'iphone-42',
        'X-Forwarded-From': 'mobile-bff',
      }),
    });
    expect(res.status).toBe(200);
    const row = await sessionRow(tenant.tenantId, res.json.data.sessionId);
    expect(row).toMatchObject({
      userId: admin.userId,
      kind: 'ADMIN',
      roles: ['ADMIN_USER'],
      deviceId: 'iphone-42',
      ipAddress: '198.51.100.23',
      userAgent: 'Mozilla/5.0 (Test)',
      platform: 'ios',
      forwardedFrom: 'mobile-bff',
      revokedAt: null,
    });
  });

  it('narrows the session to the requested role and accepts the matching organizationType', async () => {
    const multi = await createExtraAdmin(tenant, ['COMPLIANCE_OFFICER', 'EMPLOYEE'], { firstName: 'Max', lastName: 'Multi' });
    const res = await adminSession(multi, {
      body: { username: multi.username, password: multi.password, role: 'EMPLOYEE', organizationType: 'PLATFORM_OWNER', platform: 'web', deviceId: 'd1' },
    });
    expect(res.status).toBe(200);
    expect(res.json.data.user).toMatchObject({ role: 'COMPLIANCE_OFFICER', roles: ['COMPLIANCE_OFFICER', 'EMPLOYEE'], fullName: 'Max Multi' });
    expect((await sessionRow(tenant.tenantId, res.json.data.sessionId))!.roles).toEqual(['EMPLOYEE']);
  });

  it('accepts the email as username, case-insensitively', async () => {
    const res = await adminSession(admin, { body: { username: admin.email.toUpperCase(), password: admin.password } });
    expect(res.status).toBe(200);
  });

  it('answers 400 missing required headers naming all of them when none is sent', async () => {
    const res = await adminSession(admin, { headers: {} });
    expectEnvelope(res, 400, 'missing required headers', {
      error: 'MISSING_HEADERS',
      details: `missing required headers: ${ALL_HEADERS.join(', ')}`,
      errors: ALL_HEADERS.map((field) => ({ field, message: 'header is required' })),
    });
  });

  it.each(ALL_HEADERS)('answers 400 missing required headers without %s', async (name) => {
    const headers = contextHeaders(tenant.tenantId);
    delete headers[name];
    const res = await adminSession(admin, { headers });
    expectEnvelope(res, 400, 'missing required headers', {
      error: 'MISSING_HEADERS',
      details: `missing required headers: ${name}`,
      errors: [{ field: name, message: 'header is required' }],
    });
  });

  it('answers 400 request validation failed for invalid header values', async () => {
    const res = await adminSession(admin, {
      headers: contextHeaders(tenant.tenantId, { platform: 'windows', 'X-Forwarded-For': 'not-an-ip', deviceId: 'has space' }),
    });
    expectEnvelope(res, 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [
        { field: 'X-Forwarded-For', message: 'must be an IP address or a comma-separated list of IP addresses' },
        { field: 'platform', message: 'must be one of web, ios, android' },
        { field: 'deviceId', message: 'may contain only letters, digits and . _ : @ / + = -' },
      ],
    });
  });

  it('answers 403 for an unknown tenant', async () => {
    const other = '22222222-2222-4222-8222-222222222222';
    const res = await adminSession(admin, { headers: contextHeaders(other) });
    expectEnvelope(res, 403, TENANT_DENIED_MESSAGE, tenantDenied(other));
  });

  it('answers 400 for path parameters that are not UUIDs and for a missing password', async () => {
    const badPath = await adminSession(admin, { params: { organizationId: 'org', userId: admin.userId } });
    expectEnvelope(badPath, 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [{ field: 'organizationId', message: 'must be a UUID' }],
    });
    const noPassword = await adminSession(admin, { body: { username: admin.username } });
    expectEnvelope(noPassword, 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [{ field: 'password', message: 'Invalid input: expected string, received undefined' }],
    });
  });

  describe('enumeration safety: every wrong detail answers like a wrong password', () => {
    it('wrong password, wrong organization, wrong userId, customer user: the same 401 with a growing count', async () => {
      const user = await createExtraAdmin(tenant, ['ADMIN_USER']);
      const wrongPassword = await adminSession(user, { password: WRONG_PASSWORD });
      expectEnvelope(wrongPassword, 401, 'authentication failed', authFailed(1));

      const otherOrg = '33333333-3333-4333-8333-333333333333';
      const wrongOrg = await adminSession(user, { params: { organizationId: otherOrg, userId: user.userId } });
      expectEnvelope(wrongOrg, 401, 'authentication failed', authFailed(2));

      const wrongUser = await adminSession(user, { params: { organizationId: user.organizationId, userId: admin.userId } });
      expectEnvelope(wrongUser, 401, 'authentication failed', authFailed(3));

      // the right credentials still work and reset the count
      expect((await adminSession(user)).status).toBe(200);
      expectEnvelope(await adminSession(user, { password: WRONG_PASSWORD }), 401, 'authentication failed', authFailed(1));
    });

    it('a customer user with its right password is refused like a wrong password', async () => {
      const customer = await createCustomerUser(tenant.tenantId);
      const res = await adminSession(
        { tenantId: tenant.tenantId, organizationId: tenant.organizationId, userId: customer.userId, username: customer.username },
        { password: customer.password },
      );
      expectEnvelope(res, 401, 'authentication failed', authFailed(1));
    });

    it('an unknown username answers the same', async () => {
      const res = await adminSession({ ...admin, username: 'nobody-here' }, { password: admin.password });
      expectEnvelope(res, 401, 'authentication failed', authFailed(1));
    });

    it('a disabled administrator with the right password is refused like a wrong password', async () => {
      const user = await createExtraAdmin(tenant, ['EMPLOYEE']);
      await setUserActive(await getDb(), tenant.tenantId, user.userId, false);
      expectEnvelope(await adminSession(user), 401, 'authentication failed', authFailed(1));
    });

    it('the fifth refusal of any kind locks the account', async () => {
      const clock = freezeClock();
      const user = await createExtraAdmin(tenant, ['ADMIN_USER']);
      const otherOrg = '44444444-4444-4444-8444-444444444444';
      for (let n = 1; n <= 4; n++) {
        expectEnvelope(await adminSession(user, { params: { organizationId: otherOrg, userId: user.userId } }), 401, 'authentication failed', authFailed(n));
      }
      const lockedUntil = new Date(clock.now().getTime() + 30 * 60_000);
      expectEnvelope(await adminSession(user, { password: WRONG_PASSWORD }), 401, 'account locked', accountLocked(lockedUntil, 1800));
    });
  });

  describe('role and organization type', () => {
    it('answers 403 ROLE_MISMATCH for a role the user does not hold (after a correct password)', async () => {
      const user = await createExtraAdmin(tenant, ['EMPLOYEE', 'TRANSACTION_APPROVER']);
      const res = await adminSession(user, { body: { username: user.username, password: user.password, role: 'ADMIN_USER' } });
      expectEnvelope(res, 403, 'access denied', {
        error: 'ROLE_MISMATCH',
        details: 'the user does not hold the role ADMIN_USER',
        requestedRole: 'ADMIN_USER',
        currentRoles: ['TRANSACTION_APPROVER', 'EMPLOYEE'],
      });
    });

    it('answers 403 ORGANIZATION_TYPE_MISMATCH when the organization is of another type', async () => {
      const res = await adminSession(admin, { body: { username: admin.username, password: admin.password, organizationType: 'CUSTOMER_ORGANIZATION' } });
      expectEnvelope(res, 403, 'access denied', {
        error: 'ORGANIZATION_TYPE_MISMATCH',
        details: 'the organization is of type PLATFORM_OWNER, not CUSTOMER_ORGANIZATION',
      });
    });

    it('answers 400 for a role value outside the administrator roles', async () => {
      const res = await adminSession(admin, { body: { username: admin.username, password: admin.password, role: 'CUSTOMER' } });
      expectEnvelope(res, 400, 'request validation failed', {
        error: 'VALIDATION_FAILED',
        errors: [{ field: 'role', message: 'Invalid option: expected one of "ADMIN_USER"|"COMPLIANCE_OFFICER"|"EMPLOYEE"|"TRANSACTION_APPROVER"' }],
      });
    });
  });
});
