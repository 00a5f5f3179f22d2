import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as usersRoute from '@/app/api/v2.1/admin/users/route';
import * as userRoute from '@/app/api/v2.1/admin/users/[userId]/route';
import * as rolesRoute from '@/app/api/v2.1/admin/users/[userId]/roles/route';
import * as disableRoute from '@/app/api/v2.1/admin/users/[userId]/disable/route';
import * as enableRoute from '@/app/api/v2.1/admin/users/[userId]/enable/route';
import * as passwordRoute from '@/app/api/v2.1/admin/users/[userId]/password/route';
import * as unlockRoute from '@/app/api/v2.1/admin/users/[userId]/unlock/route';
import * as sessionsRoute from '@/app/api/v2.1/sessions/route';
import type { RouteHandler } from '@/lib/http/api-route';
import { and, eq } from 'drizzle-orm';
import { setClock } from '@/lib/clock';
import { getDb } from '@/lib/db/client';
import { userRoles, users } from '@/lib/db/schema';
import { call, expectEnvelope, type CallResult } from '../helpers';
import {
  adminSession,
  adminToken,
  authFailed,
  bearer,
  createCustomerUser,
  createExtraAdmin,
  createIdentityTenant,
  customerSession,
  firstAdmin,
  ISO,
  resetIdentityState,
  UUID,
  WRONG_PASSWORD,
  type TestAdminUser,
  type TestTenant,
} from '../identity-fixtures';

type AdminUserView = Record<string, unknown> & { id: string; username: string; roles: string[] };
type Page = { items: AdminUserView[]; pageNo: number; pageSize: number; total: number };

let tenant: TestTenant;
let admin: TestAdminUser;
let adminBearer: string;

beforeAll(async () => {
  tenant = await createIdentityTenant();
  admin = firstAdmin(tenant);
  adminBearer = (await adminToken(admin)).token;
});
beforeEach(() => resetIdentityState());
afterEach(() => setClock(null));

const NEW_PASSWORD = 'Violet-Harbor-31#';

const list = (token: string, query = '') => call<Page>(usersRoute.GET, { path: `/api/v2.1/admin/users${query}`, headers: bearer(token) });
const create = (token: string, body: Record<string, unknown>) => call<AdminUserView>(usersRoute.POST, { method: 'POST', path: '/api/v2.1/admin/users', headers: bearer(token), body });
const onUser = (handler: RouteHandler, method: string, token: string, userId: string, body?: unknown) =>
  call<AdminUserView>(handler, { method, headers: bearer(token), params: { userId }, body });
const getUser = (token: string, userId: string) => onUser(userRoute.GET, 'GET', token, userId);
const setRoles = (token: string, userId: string, roles: string[]) => onUser(rolesRoute.PUT, 'PUT', token, userId, { roles });
const disable = (token: string, userId: string) => onUser(disableRoute.POST, 'POST', token, userId);
const enable = (token: string, userId: string) => onUser(enableRoute.POST, 'POST', token, userId);
const resetPassword = (token: string, userId: string, password: string) => onUser(passwordRoute.POST, 'POST', token, userId, { password });
const unlockUser = (token: string, userId: string) => onUser(unlockRoute.POST, 'POST', token, userId);
const sessionsOf = (token: string) => call(sessionsRoute.GET, { headers: bearer(token) });

function expectValidation(res: CallResult<unknown>, errors: { field: string; message: string }[]) {
  expectEnvelope(res, 400, 'request validation failed', { error: 'VALIDATION_FAILED', errors });
}
const SESSION_ENDED = { error: 'UNAUTHORIZED', details: 'the session has ended; sign in again' };
const LAST_ADMIN = { error: 'LAST_ADMIN', details: 'the tenant must keep at least one active ADMIN_USER' };

describe('only ADMIN_USER manages users', () => {
  it('a COMPLIANCE_OFFICER (or any other role) gets 403 on every user operation', async () => {
    const officer = await createExtraAdmin(tenant, ['COMPLIANCE_OFFICER', 'EMPLOYEE', 'TRANSACTION_APPROVER']);
    const token = (await adminToken(officer)).token;
    const forbidden = { error: 'FORBIDDEN', details: 'this operation requires one of the roles ADMIN_USER' };
    const calls: Promise<CallResult<unknown>>[] = [
      list(token),
      create(token, { username: 'x', email: 'x@x.example', password: NEW_PASSWORD, roles: ['EMPLOYEE'] }),
      getUser(token, admin.userId),
      setRoles(token, officer.userId, ['ADMIN_USER']),
      disable(token, admin.userId),
      enable(token, officer.userId),
      resetPassword(token, admin.userId, NEW_PASSWORD),
      unlockUser(token, officer.userId),
    ];
    for (const res of await Promise.all(calls)) expectEnvelope(res, 403, 'access denied', forbidden);
    // and it did not grant itself anything
    expect((await getUser(adminBearer, officer.userId)).json.data.roles).toEqual(['COMPLIANCE_OFFICER', 'TRANSACTION_APPROVER', 'EMPLOYEE']);
  });

  it('a customer token gets 403 too', async () => {
    const customer = await createCustomerUser(tenant.tenantId);
    const token = (await customerSession(customer, { username: customer.username, password: customer.password })).json.data.token;
    expectEnvelope(await list(token), 403, 'access denied', { error: 'FORBIDDEN', details: 'this operation requires one of the roles ADMIN_USER' });
  });
});

describe('GET /api/v2.1/admin/users', () => {
  let t: TestTenant;
  let token: string;
  let alice: TestAdminUser;
  let bob: TestAdminUser;
  let carol: TestAdminUser;

  beforeAll(async () => {
    t = await createIdentityTenant();
    token = (await adminToken(firstAdmin(t))).token;
    alice = await createExtraAdmin(t, ['EMPLOYEE'], { username: 'alice.a', firstName: 'Alice', lastName: 'Anders' });
    bob = await createExtraAdmin(t, ['COMPLIANCE_OFFICER'], { username: 'bob.b' });
    carol = await createExtraAdmin(t, ['TRANSACTION_APPROVER', 'EMPLOYEE'], { username: 'Carol.C' });
    expect((await disable(token, carol.userId)).status).toBe(200);
    await createCustomerUser(t.tenantId, { username: 'alice-the-customer' });
  });

  const names = (res: CallResult<Page>) => res.json.data.items.map((u) => u.username);

  it("lists the tenant's administrator users (not customers), ordered by username, with their lock state", async () => {
    const res = await list(token);
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('OK');
    expect(res.json.data).toMatchObject({ pageNo: 1, pageSize: 20, total: 4 });
    expect(names(res)).toEqual(['admin', 'alice.a', 'bob.b', 'Carol.C']);
    expect(res.json.data.items[1]).toEqual({
      id: alice.userId,
      customerId: null,
      customerStatus: null,
      email: alice.email,
      username: 'alice.a',
      fullName: 'Alice Anders',
      firstName: 'Alice',
      lastName: 'Anders',
      organizationId: t.organizationId,
      role: 'EMPLOYEE',
      roles: ['EMPLOYEE'],
      phoneNumber: null,
      isActive: true,
      lastLogin: null,
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
      tenantId: t.tenantId,
      gender: null,
      phones: [],
      locked: false,
      lockedUntil: null,
      failedAttempts: 0,
    });
    expect(res.json.data.items[3]).toMatchObject({ id: carol.userId, isActive: false, roles: ['TRANSACTION_APPROVER', 'EMPLOYEE'] });
  });

  it.each([
    ['?q=ALI', ['alice.a']],
    ['?q=anders', ['alice.a']],
    ['?q=admin.example', ['alice.a', 'bob.b', 'Carol.C']],
    ['?role=EMPLOYEE', ['alice.a', 'Carol.C']],
    ['?role=ADMIN_USER', ['admin']],
    ['?isActive=false', ['Carol.C']],
    ['?isActive=true&role=EMPLOYEE', ['alice.a']],
    ['?q=nobody', []],
  ])('filters %s', async (query, expected) => {
    const res = await list(token, query);
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(expected);
    expect(res.json.data.total).toBe(expected.length);
  });

  it('pages', async () => {
    const page2 = await list(token, '?pageSize=3&pageNo=2');
    expect(page2.json.data).toMatchObject({ pageNo: 2, pageSize: 3, total: 4 });
    expect(names(page2)).toEqual(['Carol.C']);
    const page1 = await list(token, '?pageSize=3');
    expect(names(page1)).toEqual(['admin', 'alice.a', 'bob.b']);
    expect(names(await list(token, '?pageSize=3&pageNo=5'))).toEqual([]);
  });

  it('validates the query', async () => {
    expectValidation(await list(token, '?pageSize=0&isActive=maybe&role=CUSTOMER'), [
      { field: 'role', message: 'Invalid option: expected one of "ADMIN_USER"|"COMPLIANCE_OFFICER"|"EMPLOYEE"|"TRANSACTION_APPROVER"' },
      { field: 'isActive', message: 'Invalid option: expected one of "true"|"false"' },
      { field: 'pageSize', message: 'Too small: expected number to be >=1' },
    ]);
  });

  it("does not show another tenant's users", async () => {
    const res = await list(adminBearer, '?q=alice');
    expect(names(res)).toEqual([]);
    expect(names(await list(token, '?role=COMPLIANCE_OFFICER'))).toEqual([bob.username]);
  });
});

describe('POST /api/v2.1/admin/users', () => {
  it('creates a user with roles; the user signs in with them', async () => {
    const res = await create(adminBearer, {
      username: 'dora.d',
      email: 'Dora.D@Example.COM',
      password: NEW_PASSWORD,
      firstName: 'Dora',
      lastName: 'Dunn',
      phoneNumber: '+4915199999999',
      roles: ['TRANSACTION_APPROVER', 'COMPLIANCE_OFFICER'],
    });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('user created');
    expect(res.json.data).toMatchObject({
      id: expect.stringMatching(UUID),
      username: 'dora.d',
      email: 'dora.d@example.com',
      fullName: 'Dora Dunn',
      organizationId: tenant.organizationId,
      role: 'COMPLIANCE_OFFICER',
      roles: ['COMPLIANCE_OFFICER', 'TRANSACTION_APPROVER'],
      phones: [{ phoneType: 'MOBILE', encoding: 'E164', number: '+4915199999999' }],
      isActive: true,
      locked: false,
    });
    expect(res.text).not.toContain(NEW_PASSWORD);
    const session = await adminSession(
      { tenantId: tenant.tenantId, organizationId: tenant.organizationId, userId: res.json.data.id, username: 'DORA.D@example.com' },
      { password: NEW_PASSWORD },
    );
    expect(session.status).toBe(200);
    expect(session.json.data.user.roles).toEqual(['COMPLIANCE_OFFICER', 'TRANSACTION_APPROVER']);
  });

  it('answers 409 for a duplicate username or email (case-insensitively)', async () => {
    const existing = await createExtraAdmin(tenant, ['EMPLOYEE']);
    expectEnvelope(await create(adminBearer, { username: existing.username.toUpperCase(), email: 'fresh-1@x.example', password: NEW_PASSWORD, roles: ['EMPLOYEE'] }), 409, 'conflict', {
      error: 'CONFLICT',
      details: 'a user with this username already exists',
      field: 'username',
    });
    expectEnvelope(await create(adminBearer, { username: 'fresh-2', email: existing.email.toUpperCase(), password: NEW_PASSWORD, roles: ['EMPLOYEE'] }), 409, 'conflict', {
      error: 'CONFLICT',
      details: 'a user with this email already exists',
      field: 'email',
    });
    // a customer user's username is taken as well
    const customer = await createCustomerUser(tenant.tenantId);
    expectEnvelope(await create(adminBearer, { username: customer.username, email: 'fresh-3@x.example', password: NEW_PASSWORD, roles: ['EMPLOYEE'] }), 409, 'conflict', {
      error: 'CONFLICT',
      details: 'a user with this username already exists',
      field: 'username',
    });
  });

  it('answers 400 for a weak password', async () => {
    expectValidation(await create(adminBearer, { username: 'weak', email: 'weak@x.example', password: 'short', roles: ['EMPLOYEE'] }), [
      { field: 'password', message: 'must be at least 8 characters' },
      { field: 'password', message: 'must contain an uppercase letter' },
      { field: 'password', message: 'must contain a digit' },
      { field: 'password', message: 'must contain a special character' },
    ]);
  });

  it.each(['Password123!', 'P@ssw0rd2024!', 'Summer2024!'])('answers 400 for the common password %s', async (password) => {
    expectValidation(await create(adminBearer, { username: 'common', email: 'common@x.example', password, roles: ['EMPLOYEE'] }), [
      { field: 'password', message: 'is too common; choose a less predictable password' },
    ]);
  });

  it('answers 400 for missing, repeated or customer roles', async () => {
    const base = { username: 'roles-x', email: 'roles-x@x.example', password: NEW_PASSWORD };
    expectValidation(await create(adminBearer, { ...base, roles: [] }), [{ field: 'roles', message: 'at least one role is required' }]);
    expectValidation(await create(adminBearer, { ...base, roles: ['EMPLOYEE', 'EMPLOYEE'] }), [{ field: 'roles', message: 'roles must not repeat' }]);
    expectValidation(await create(adminBearer, { ...base, roles: ['CUSTOMER'] }), [
      { field: 'roles.0', message: 'Invalid option: expected one of "ADMIN_USER"|"COMPLIANCE_OFFICER"|"EMPLOYEE"|"TRANSACTION_APPROVER"' },
    ]);
  });
});

describe('roles, disable, enable, password reset', () => {
  it('PUT roles replaces the roles; a live session loses the removed ones at once', async () => {
    const user = await createExtraAdmin(tenant, ['ADMIN_USER', 'EMPLOYEE']);
    const token = (await adminToken(user)).token;
    expect((await list(token)).status).toBe(200);
    const res = await setRoles(adminBearer, user.userId, ['EMPLOYEE', 'COMPLIANCE_OFFICER']);
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('roles updated');
    expect(res.json.data).toMatchObject({ id: user.userId, role: 'COMPLIANCE_OFFICER', roles: ['COMPLIANCE_OFFICER', 'EMPLOYEE'] });
    expectEnvelope(await list(token), 403, 'access denied', { error: 'FORBIDDEN', details: 'this operation requires one of the roles ADMIN_USER' });
    // the session still works for what it may do
    expect((await sessionsOf(token)).status).toBe(200);
  });

  it('the last active ADMIN_USER can neither lose the role nor be disabled (409 LAST_ADMIN)', async () => {
    const t = await createIdentityTenant();
    const owner = firstAdmin(t);
    const token = (await adminToken(owner)).token;
    expectEnvelope(await setRoles(token, owner.userId, ['EMPLOYEE']), 409, 'conflict', LAST_ADMIN);
    expectEnvelope(await disable(token, owner.userId), 409, 'conflict', LAST_ADMIN);

    // a disabled second ADMIN_USER does not count
    const second = await createExtraAdmin(t, ['ADMIN_USER']);
    expect((await disable(token, second.userId)).status).toBe(200);
    expectEnvelope(await setRoles(token, owner.userId, ['EMPLOYEE']), 409, 'conflict', LAST_ADMIN);
    expectEnvelope(await disable(token, owner.userId), 409, 'conflict', LAST_ADMIN);

    // once it is active again, the first may step down
    expect((await enable(token, second.userId)).status).toBe(200);
    const demoted = await setRoles(token, owner.userId, ['EMPLOYEE']);
    expect(demoted.status).toBe(200);
    expect(demoted.json.data.roles).toEqual(['EMPLOYEE']);
    // and now the second one is the last
    const secondToken = (await adminToken(second)).token;
    expectEnvelope(await setRoles(secondToken, second.userId, ['COMPLIANCE_OFFICER']), 409, 'conflict', LAST_ADMIN);
    expectEnvelope(await disable(secondToken, second.userId), 409, 'conflict', LAST_ADMIN);
  });

  it('the last two administrators stepping down at once: one succeeds, the other gets 409 (never a 500, never zero admins)', async () => {
    for (let round = 0; round < 3; round++) {
      const t = await createIdentityTenant();
      const owner = firstAdmin(t);
      const second = await createExtraAdmin(t, ['ADMIN_USER']);
      const [ownerToken, secondToken] = [(await adminToken(owner)).token, (await adminToken(second)).token];
      const results = await Promise.all([setRoles(ownerToken, owner.userId, ['EMPLOYEE']), setRoles(secondToken, second.userId, ['COMPLIANCE_OFFICER'])]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expectEnvelope(
        results.find((r) => r.status === 409)!,
        409,
        'conflict',
        LAST_ADMIN,
      );
      const db = await getDb();
      const activeAdmins = await db
        .select({ userId: userRoles.userId })
        .from(userRoles)
        .innerJoin(users, and(eq(users.tenantId, userRoles.tenantId), eq(users.id, userRoles.userId)))
        .where(and(eq(userRoles.tenantId, t.tenantId), eq(userRoles.role, 'ADMIN_USER'), eq(users.isActive, true)));
      expect(activeAdmins).toHaveLength(1);
    }
  });

  it('disable ends every session of the user and blocks sign-in; enable allows it again', async () => {
    const user = await createExtraAdmin(tenant, ['EMPLOYEE']);
    const a = (await adminToken(user)).token;
    const b = (await adminToken(user)).token;
    const res = await disable(adminBearer, user.userId);
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('user disabled');
    expect(res.json.data).toMatchObject({ id: user.userId, isActive: false });
    for (const token of [a, b]) expectEnvelope(await sessionsOf(token), 401, 'authentication required', SESSION_ENDED);
    expectEnvelope(await adminSession(user), 401, 'authentication failed', authFailed(1));

    const enabled = await enable(adminBearer, user.userId);
    expect(enabled.json.message).toBe('user enabled');
    expect(enabled.json.data).toMatchObject({ isActive: true });
    expect((await adminSession(user)).status).toBe(200);
    // the old tokens stay dead
    expectEnvelope(await sessionsOf(a), 401, 'authentication required', SESSION_ENDED);
  });

  it('a password reset ends the sessions; the old password stops working, the new one works', async () => {
    const user = await createExtraAdmin(tenant, ['EMPLOYEE']);
    const token = (await adminToken(user)).token;
    const res = await resetPassword(adminBearer, user.userId, NEW_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('password reset');
    expect(res.text).not.toContain(NEW_PASSWORD);
    expectEnvelope(await sessionsOf(token), 401, 'authentication required', SESSION_ENDED);
    expectEnvelope(await adminSession(user), 401, 'authentication failed', authFailed(1));
    expect((await adminSession(user, { password: NEW_PASSWORD })).status).toBe(200);

    expectValidation(await resetPassword(adminBearer, user.userId, 'Password123!'), [{ field: 'password', message: 'is too common; choose a less predictable password' }]);
    expectValidation(await resetPassword(adminBearer, user.userId, 'abc'), [
      { field: 'password', message: 'must be at least 8 characters' },
      { field: 'password', message: 'must contain an uppercase letter' },
      { field: 'password', message: 'must contain a digit' },
      { field: 'password', message: 'must contain a special character' },
    ]);
  });

  it('GET one user', async () => {
    const res = await getUser(adminBearer, admin.userId);
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ id: admin.userId, username: 'admin', roles: ['ADMIN_USER'], locked: false, failedAttempts: 0 });
  });

  it('a failed sign-in shows in failedAttempts', async () => {
    const user = await createExtraAdmin(tenant, ['EMPLOYEE']);
    await adminSession(user, { password: WRONG_PASSWORD });
    await adminSession(user, { password: WRONG_PASSWORD });
    expect((await getUser(adminBearer, user.userId)).json.data).toMatchObject({ locked: false, failedAttempts: 2, lockedUntil: null });
  });
});

describe('users outside the tenant (or not administrators) are not found', () => {
  it("another tenant's user id answers 404 on every operation", async () => {
    const other = await createIdentityTenant();
    const notFound = { error: 'NOT_FOUND', details: 'user not found' };
    const results = [
      await getUser(adminBearer, other.userId),
      await setRoles(adminBearer, other.userId, ['EMPLOYEE']),
      await disable(adminBearer, other.userId),
      await enable(adminBearer, other.userId),
      await resetPassword(adminBearer, other.userId, NEW_PASSWORD),
      await unlockUser(adminBearer, other.userId),
    ];
    for (const res of results) expectEnvelope(res, 404, 'resource not found', notFound);
    // and nothing changed there
    expect((await adminSession(firstAdmin(other))).status).toBe(200);
  });

  it('a customer user is not managed here (404), except unlock', async () => {
    const customer = await createCustomerUser(tenant.tenantId);
    const notFound = { error: 'NOT_FOUND', details: 'user not found' };
    expectEnvelope(await getUser(adminBearer, customer.userId), 404, 'resource not found', notFound);
    expectEnvelope(await setRoles(adminBearer, customer.userId, ['ADMIN_USER']), 404, 'resource not found', notFound);
    expectEnvelope(await disable(adminBearer, customer.userId), 404, 'resource not found', notFound);
    expect((await unlockUser(adminBearer, customer.userId)).status).toBe(200);
  });

  it('a malformed user id answers 400', async () => {
    expectValidation(await getUser(adminBearer, 'abc'), [{ field: 'userId', message: 'must be a UUID' }]);
  });
});
