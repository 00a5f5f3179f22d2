import type { AdminSessionBody, CustomerSessionBody } from '@/lib/contract/identity';
import { PANEL_CUSTOMER_ACCOUNT } from '@/lib/contract/panel';
import type { Db } from '@/lib/db/client';
import type { TenantRow } from '@/lib/db/schema';
import { forbidden, tenantAccessDenied, unauthorized, roleMismatch, organizationTypeMismatch } from '@/lib/contract/api-errors';
import { organizationTypeOf } from './organizations';
import { assertNotLocked, loginKeyFor, recordFailure, recordSuccess } from './lockout';
import { verifyAgainstDummy, verifySecret } from './passwords';
import { openSession, type IssuedSession, type SessionContext } from './sessions';
import { findUserById, findUserByLogin, isAdminSide, isStaff, type UserWithRoles } from './users';

/**
 * The password check shared by every sign-in: lock check, password verification (against a dummy
 * hash when there is no such user, so unknown users cost the same time), and the atomic failure or
 * success bookkeeping. `accept` adds the flow's own conditions; a refusal there counts as a failure
 * and answers exactly like a wrong password, so nothing tells which part was wrong.
 */
async function checkPassword(
  db: Db,
  tenantId: string,
  identifier: string,
  password: string,
  user: UserWithRoles | undefined,
  accept: (user: UserWithRoles) => boolean,
): Promise<UserWithRoles> {
  const key = loginKeyFor(user?.id, identifier);
  // The lock is read while argon2 runs (its round trip is off the sign-in's path): a lock in force
  // answers "account locked" as soon as it is read, whatever the password; the verification then
  // costs what an unknown user's costs, which any caller can already cause.
  const [, passwordOk] = await Promise.all([assertNotLocked(db, tenantId, key), user ? verifySecret(user.passwordHash, password) : verifyAgainstDummy(password)]);
  if (!user || !passwordOk || !user.isActive || !accept(user)) throw await recordFailure(db, tenantId, key);
  // always, even with nothing on record when the lock was read: it also refuses the sign-in when
  // concurrent failures put a lock in force meanwhile, which bounds the guesses a burst can try
  await recordSuccess(db, tenantId, key);
  return user;
}

/** Endpoint 1: an administrator of the organization in the path. */
export async function createAdminSession(
  db: Db,
  tenant: TenantRow,
  path: { organizationId: string; userId: string },
  body: AdminSessionBody,
  context: SessionContext,
): Promise<{ issued: IssuedSession; user: UserWithRoles }> {
  const candidate = await findUserByLogin(db, tenant.id, body.username);
  const user = await checkPassword(db, tenant.id, body.username, body.password, candidate, (u) => u.id === path.userId && u.organizationId === path.organizationId && isAdminSide(u));
  const adminRoles = user.roles.filter((r) => r !== 'CUSTOMER');
  if (body.role && !adminRoles.includes(body.role)) throw roleMismatch(body.role, user.roles);
  if (body.organizationType) {
    const actual = await organizationTypeOf(db, tenant.id, path.organizationId);
    if (actual !== body.organizationType) {
      throw organizationTypeMismatch(actual, body.organizationType);
    }
  }
  const roles = body.role ? [body.role] : adminRoles;
  const issued = await openSession(db, { user, kind: 'ADMIN', roles, context, withRefreshToken: true });
  return { issued, user: (await findUserById(db, tenant.id, user.id))! };
}

const CUSTOMER_STATUSES_THAT_SIGN_IN = ['PENDING_ACTIVATION', 'ACTIVE'];

/** Endpoint 2: a user of the individual customer in the path. */
export async function createCustomerSession(
  db: Db,
  tenant: TenantRow,
  path: { customerId: string; userId: string },
  body: CustomerSessionBody,
  context: SessionContext,
): Promise<{ issued: IssuedSession; user: UserWithRoles }> {
  if (body.tenantId && body.tenantId !== tenant.id) throw tenantAccessDenied(body.tenantId);
  if (body.tenantKey !== undefined && body.tenantSecret !== undefined) {
    const keyOk = body.tenantKey === tenant.tenantKey;
    const secretOk = await verifySecret(tenant.tenantSecretHash, body.tenantSecret);
    if (!keyOk || !secretOk) throw unauthorized('the tenant credentials are not valid');
  }
  const viaCredential = body.credentialType === 'PASSWORD';
  const password = (viaCredential ? body.value : body.password)!;
  const candidate = viaCredential && !body.username ? await findUserById(db, tenant.id, path.userId) : await findUserByLogin(db, tenant.id, body.username!);
  const identifier = body.username ?? `id:${path.userId}`;
  const user = await checkPassword(db, tenant.id, identifier, password, candidate, (u) => u.id === path.userId && u.customerId === path.customerId && u.roles.includes('CUSTOMER'));
  if (!CUSTOMER_STATUSES_THAT_SIGN_IN.includes(user.customerStatus ?? '')) {
    throw forbidden(`the customer is ${user.customerStatus?.toLowerCase() ?? 'unknown'}; sign-in is not possible`);
  }
  const issued = await openSession(db, { user, kind: 'CUSTOMER', roles: ['CUSTOMER'], context, withRefreshToken: true });
  return { issued, user: (await findUserById(db, tenant.id, user.id))! };
}

/** Endpoint 3: any active user of the tenant, for the virtual card API (no refresh token). */
export async function cardApiLogin(db: Db, tenant: TenantRow, body: { email: string; password: string; tenantId: string }, context: SessionContext): Promise<IssuedSession> {
  if (body.tenantId !== tenant.id) throw tenantAccessDenied(body.tenantId);
  const candidate = await findUserByLogin(db, tenant.id, body.email);
  const user = await checkPassword(db, tenant.id, body.email, body.password, candidate, () => true);
  if (user.customerId && !CUSTOMER_STATUSES_THAT_SIGN_IN.includes(user.customerStatus ?? '')) {
    throw forbidden(`the customer is ${user.customerStatus?.toLowerCase() ?? 'unknown'}; sign-in is not possible`);
  }
  return openSession(db, { user, kind: 'CARD_API', roles: user.roles, context, withRefreshToken: false });
}

/**
 * The admin panel (next-auth credentials): the tenant's staff (not B2B customers' admins), by username
 * or email. A customer's user who gives the right password is no failed attempt (it would lock them
 * out of the API they do use): the answer says that customer accounts sign in through the API.
 */
export async function panelLogin(db: Db, tenant: TenantRow, body: { username: string; password: string }, context: SessionContext): Promise<{ issued: IssuedSession; user: UserWithRoles }> {
  const candidate = await findUserByLogin(db, tenant.id, body.username);
  const user = await checkPassword(db, tenant.id, body.username, body.password, candidate, () => true);
  if (!isStaff(user)) throw forbidden(PANEL_CUSTOMER_ACCOUNT);
  const roles = user.roles.filter((r) => r !== 'CUSTOMER');
  const issued = await openSession(db, { user, kind: 'PANEL', roles, context, withRefreshToken: false });
  return { issued, user };
}
