import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import * as adminSessionRoute from '@/app/api/v2.1/admin/organization/[organizationId]/users/[userId]/sessions/route';
import * as customerSessionRoute from '@/app/api/v2.1/customer/individual/[customerId]/users/[userId]/sessions/route';
import * as loginRoute from '@/app/api/auth/login/route';
import { fixedClock, setClock } from '@/lib/clock';
import type { AdminRole, CustomerStatus } from '@/lib/contract/enums';
import type { SessionData } from '@/lib/contract/identity';
import { getDb } from '@/lib/db/client';
import { customers, loginAttempts, sessions, userRoles, users } from '@/lib/db/schema';
import { resetEnvCache } from '@/lib/env';
import { resetRateLimits } from '@/lib/http/rate-limit';
import { hashSecret } from '@/lib/services/identity/passwords';
import { createAdminUser } from '@/lib/services/identity/user-admin';
import { call, contextHeaders, createTenant, STRONG_PASSWORD, uniqueName, type CallResult } from './helpers';

/**
 * Fixtures of the identity tests. Customer registration does not exist yet, so customers and their
 * users are inserted directly; extra administrators go through the createAdminUser service. argon2
 * costs ~50 ms per hash, so the hash of each password is computed once per file and reused (the
 * hash is salted; sharing it between users changes nothing for the code under test).
 */
export const CUSTOMER_PASSWORD = 'Quiet-Lantern-42?';
export const OTHER_PASSWORD = 'Amber-Falcon-77%';
export const WRONG_PASSWORD = 'Wrong-Password-1!';

const hashes = new Map<string, Promise<string>>();
export function cachedHash(password: string): Promise<string> {
  let hashed = hashes.get(password);
  if (!hashed) {
    hashed = hashSecret(password);
    hashes.set(password, hashed);
  }
  return hashed;
}

export type TestTenant = Awaited<ReturnType<typeof createTenant>>;

/** A tenant with its first ADMIN_USER `admin` / STRONG_PASSWORD. */
export async function createIdentityTenant(): Promise<TestTenant> {
  return createTenant(uniqueName('Identity'));
}

let seq = 0;
const nextName = (prefix: string) => `${prefix}${Date.now().toString(36)}${++seq}`;

export async function createCustomer(tenantId: string, status: CustomerStatus = 'ACTIVE', displayName = 'Test Customer'): Promise<string> {
  const db = await getDb();
  const [row] = await db.insert(customers).values({ tenantId, customerType: 'INDIVIDUAL', status, displayName }).returning({ id: customers.id });
  return row!.id;
}

export interface TestCustomerUser {
  tenantId: string;
  customerId: string;
  userId: string;
  username: string;
  email: string;
  password: string;
}

/** An individual customer (status ACTIVE unless told) with one user holding the CUSTOMER role. */
export async function createCustomerUser(
  tenantId: string,
  options: { status?: CustomerStatus; customerId?: string; password?: string; username?: string; isActive?: boolean } = {},
): Promise<TestCustomerUser> {
  const db = await getDb();
  const customerId = options.customerId ?? (await createCustomer(tenantId, options.status ?? 'ACTIVE'));
  const username = options.username ?? nextName('cust');
  const email = `${username}@customer.example`;
  const password = options.password ?? CUSTOMER_PASSWORD;
  const [row] = await db
    .insert(users)
    .values({
      tenantId,
      customerId,
      username,
      email,
      passwordHash: await cachedHash(password),
      firstName: 'Cora',
      lastName: 'Customer',
      phoneNumber: '+4915112345678',
      gender: 'FEMALE',
      isActive: options.isActive ?? true,
    })
    .returning({ id: users.id });
  await db.insert(userRoles).values({ tenantId, userId: row!.id, role: 'CUSTOMER' });
  return { tenantId, customerId, userId: row!.id, username, email, password };
}

export interface TestAdminUser {
  tenantId: string;
  organizationId: string;
  userId: string;
  username: string;
  email: string;
  password: string;
  roles: AdminRole[];
}

/** An administrator of the tenant's PLATFORM_OWNER organization, through the service. */
export async function createExtraAdmin(
  tenant: Pick<TestTenant, 'tenantId' | 'organizationId'>,
  roles: AdminRole[] = ['ADMIN_USER'],
  options: { username?: string; password?: string; firstName?: string; lastName?: string } = {},
): Promise<TestAdminUser> {
  const db = await getDb();
  const username = options.username ?? nextName('adm');
  const email = `${username}@admin.example`;
  const password = options.password ?? OTHER_PASSWORD;
  const created = await createAdminUser(db, tenant.tenantId, { username, email, password, roles, firstName: options.firstName, lastName: options.lastName });
  return { tenantId: tenant.tenantId, organizationId: tenant.organizationId, userId: created.id, username, email, password, roles };
}

/** The tenant's first administrator as a TestAdminUser. */
export function firstAdmin(tenant: TestTenant): TestAdminUser {
  return {
    tenantId: tenant.tenantId,
    organizationId: tenant.organizationId,
    userId: tenant.userId,
    username: 'admin',
    email: `admin@${tenant.name.replace(/\W+/g, '-').toLowerCase()}.example`,
    password: STRONG_PASSWORD,
    roles: ['ADMIN_USER'],
  };
}

// ------------------------------------------------------------------------------------------------
// Calls
// ------------------------------------------------------------------------------------------------

export type SessionResult = CallResult<SessionData>;

export function adminSession(
  user: Pick<TestAdminUser, 'tenantId' | 'organizationId' | 'userId' | 'username'>,
  options: { password?: string; body?: Record<string, unknown>; headers?: Record<string, string>; params?: Record<string, string> } = {},
): Promise<SessionResult> {
  return call<SessionData>(adminSessionRoute.POST, {
    method: 'POST',
    path: `/api/v2.1/admin/organization/${user.organizationId}/users/${user.userId}/sessions`,
    headers: options.headers ?? contextHeaders(user.tenantId),
    params: options.params ?? { organizationId: user.organizationId, userId: user.userId },
    body: options.body ?? { username: user.username, password: options.password ?? (user as TestAdminUser).password },
  });
}

export function customerSession(
  user: Pick<TestCustomerUser, 'tenantId' | 'customerId' | 'userId'>,
  body: Record<string, unknown>,
  options: { headers?: Record<string, string>; params?: Record<string, string> } = {},
): Promise<SessionResult> {
  return call<SessionData>(customerSessionRoute.POST, {
    method: 'POST',
    path: `/api/v2.1/customer/individual/${user.customerId}/users/${user.userId}/sessions`,
    headers: options.headers ?? contextHeaders(user.tenantId),
    params: options.params ?? { customerId: user.customerId, userId: user.userId },
    body,
  });
}

export interface LoginBody {
  accessToken: string;
  tokenType: string;
  expiresIn: number;
}

export async function cardLogin(
  tenantId: string,
  email: string,
  password: string,
  options: { headers?: Record<string, string>; bodyTenantId?: string } = {},
): Promise<CallResult<never> & { body: LoginBody }> {
  const res = await call<never>(loginRoute.POST, {
    method: 'POST',
    path: '/api/auth/login',
    headers: options.headers ?? contextHeaders(tenantId),
    body: { email, password, tenantId: options.bodyTenantId ?? tenantId },
  });
  return { ...res, body: res.json as unknown as LoginBody };
}

/** Signs an administrator in through endpoint 1 and returns its session data (asserting 200). */
export async function adminToken(user: TestAdminUser, body: Record<string, unknown> = {}): Promise<SessionData> {
  const res = await adminSession(user, { body: { username: user.username, password: user.password, ...body } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data;
}

export function bearer(token: string, tenantId?: string): Record<string, string> {
  return { authorization: `Bearer ${token}`, ...(tenantId ? { 'X-Tenant-ID': tenantId } : {}) };
}

// ------------------------------------------------------------------------------------------------
// State
// ------------------------------------------------------------------------------------------------

/** Per test: a generous sign-in throttle, an empty limiter, the system clock. */
export function resetIdentityState(loginRateLimitMax = '1000000'): void {
  process.env.LOGIN_RATE_LIMIT_MAX = loginRateLimitMax;
  resetEnvCache();
  resetRateLimits();
  setClock(null);
}

/** A clock standing still at the current whole second (tokens carry whole seconds). */
export function freezeClock(): ReturnType<typeof fixedClock> {
  const c = fixedClock(new Date(Math.floor(Date.now() / 1000) * 1000));
  setClock(c);
  return c;
}

export async function storedAttempts(tenantId: string, loginKey: string) {
  const db = await getDb();
  const [row] = await db
    .select({ attempts: loginAttempts.attempts, lockedUntil: loginAttempts.lockedUntil })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.tenantId, tenantId), eq(loginAttempts.loginKey, loginKey)));
  return row;
}

export async function sessionRow(tenantId: string, sessionId: string) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.tenantId, tenantId), eq(sessions.id, sessionId)));
  return row;
}

/** Expected bodies of the sign-in refusals. */
export const authFailed = (attempts: number) => ({
  success: false,
  errorType: 'AUTHENTICATION',
  message: 'invalid username or password',
  attempts,
  maxAttempts: 5,
  lockoutTime: null,
});

export const accountLocked = (lockoutTime: Date, lockoutDuration: number) => ({
  success: false,
  errorType: 'ACCOUNT_LOCKED',
  message: `too many failed attempts; try again after ${lockoutTime.toISOString()}`,
  attempts: 5,
  maxAttempts: 5,
  lockoutTime: lockoutTime.toISOString(),
  lockoutDuration,
});

export const unauthorizedData = (details: string) => ({ error: 'UNAUTHORIZED', details });
export const tenantDenied = (tenantId: string) => ({ error: 'TENANT_ACCESS_DENIED', tenantId });
export const TENANT_DENIED_MESSAGE = 'tenant access denied or categorization not available';
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
