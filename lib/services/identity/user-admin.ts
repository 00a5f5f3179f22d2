import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { AdminRole } from '@/lib/contract/enums';
import type { CreateUserBody } from '@/lib/contract/identity';
import type { Db, DbOrTx } from '@/lib/db/client';
import { organizations, tenants, userRoles, users } from '@/lib/db/schema';
import { ApiError, missingRequiredRole, notFound, lastAdmin } from '@/lib/contract/api-errors';
import { lockState, loginKeyFor, unlock } from './lockout';
import { assertPasswordNotCommon } from './password-policy';
import { hashSecret } from './passwords';
import { forgetUser } from './principal-cache';
import { revokeAllSessions } from './sessions';
import { duplicateUserError, findUserById, findUsersByIds, toSessionUser, type UserWithRoles } from './users';

/**
 * Administrator-side user management of a tenant (the ADMIN_USER's panel): list, create with roles,
 * change roles, disable/enable, reset password, unlock. Every statement is scoped by tenant; a user
 * of another tenant is not found. The tenant always keeps at least one active ADMIN_USER.
 */
async function adminView(db: DbOrTx, user: UserWithRoles) {
  const state = await lockState(db, user.tenantId, loginKeyFor(user.id, user.username));
  return { ...toSessionUser(user), locked: state.lockedUntil !== null, lockedUntil: state.lockedUntil?.toISOString() ?? null, failedAttempts: state.attempts };
}

async function adminSideUser(db: DbOrTx, tenantId: string, userId: string): Promise<UserWithRoles> {
  const user = await findUserById(db, tenantId, userId);
  if (!user || !user.organizationId) throw notFound('user');
  return user;
}

export async function listAdminUsers(db: Db, tenantId: string, query: { q?: string; role?: AdminRole; isActive?: boolean; pageNo: number; pageSize: number }) {
  const filters = and(
    eq(users.tenantId, tenantId),
    sql`${users.organizationId} is not null`,
    query.isActive === undefined ? undefined : eq(users.isActive, query.isActive),
    query.q
      ? sql`(lower(${users.username}) like ${`%${query.q.toLowerCase()}%`} or lower(${users.email}) like ${`%${query.q.toLowerCase()}%`} or lower(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')) like ${`%${query.q.toLowerCase()}%`})`
      : undefined,
    query.role
      ? sql`exists (select 1 from ${userRoles} where ${userRoles.tenantId} = ${users.tenantId} and ${userRoles.userId} = ${users.id} and ${userRoles.role} = ${query.role})`
      : undefined,
  );
  const [{ total }] = (await db.select({ total: count() }).from(users).where(filters)) as [{ total: number }];
  const ids = await db
    .select({ id: users.id })
    .from(users)
    .where(filters)
    .orderBy(asc(sql`lower(${users.username})`))
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize);
  const found = await findUsersByIds(
    db,
    tenantId,
    ids.map((r) => r.id),
  );
  const byId = new Map(found.map((u) => [u.id, u]));
  const items = await Promise.all(ids.map((r) => adminView(db, byId.get(r.id)!)));
  return { items, pageNo: query.pageNo, pageSize: query.pageSize, total: Number(total) };
}

export async function getAdminUser(db: Db, tenantId: string, userId: string) {
  return adminView(db, await adminSideUser(db, tenantId, userId));
}

export async function createAdminUser(db: Db, tenantId: string, input: CreateUserBody) {
  assertPasswordNotCommon(input.password);
  const passwordHash = await hashSecret(input.password);
  try {
    const userId = await db.transaction(async (tx) => {
      const [owner] = await tx
        .select({ id: organizations.id })
        .from(organizations)
        .where(and(eq(organizations.tenantId, tenantId), eq(organizations.organizationType, 'PLATFORM_OWNER')))
        .limit(1);
      const [row] = await tx
        .insert(users)
        .values({
          tenantId,
          organizationId: owner!.id,
          username: input.username,
          email: input.email,
          passwordHash,
          firstName: input.firstName ?? null,
          lastName: input.lastName ?? null,
          phoneNumber: input.phoneNumber ?? null,
        })
        .returning({ id: users.id });
      await tx.insert(userRoles).values(input.roles.map((role) => ({ tenantId, userId: row!.id, role })));
      return row!.id;
    });
    return getAdminUser(db, tenantId, userId);
  } catch (error) {
    throw duplicateUserError(error) ?? error;
  }
}

function lastAdminError(): ApiError {
  return lastAdmin();
}

/**
 * Serializes the changes that could remove the tenant's last active ADMIN_USER (role changes,
 * disable/enable) on the tenant row. Without it two administrators demoting each other at once
 * each lock the other's rows (below) and deadlock: one request failed with a 500.
 */
async function lockTenantAdmins(tx: DbOrTx, tenantId: string): Promise<void> {
  await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).for('no key update');
}

/** Active ADMIN_USERs of the same organization other than this user; taken under a lock on their role rows. */
async function otherActiveAdmins(tx: DbOrTx, tenantId: string, organizationId: string, userId: string): Promise<number> {
  const rows = await tx
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .innerJoin(users, and(eq(users.tenantId, userRoles.tenantId), eq(users.id, userRoles.userId)))
    .where(and(eq(userRoles.tenantId, tenantId), eq(userRoles.role, 'ADMIN_USER'), ne(userRoles.userId, userId), eq(users.isActive, true), eq(users.organizationId, organizationId)))
    .for('update');
  return rows.length;
}

/**
 * An organization keeps an active ADMIN_USER: the tenant's own (409 LAST_ADMIN) and, by the
 * contract's rule, a BUSINESS_TYPE_CLIENT_TO_TENANT customer organization (400 missing required role).
 */
async function assertKeepsAnAdmin(tx: DbOrTx, tenantId: string, user: UserWithRoles): Promise<void> {
  if (!user.organizationId || (await otherActiveAdmins(tx, tenantId, user.organizationId, user.id)) > 0) return;
  const [org] = await tx
    .select({ organizationType: organizations.organizationType, businessType: organizations.businessType })
    .from(organizations)
    .where(and(eq(organizations.tenantId, tenantId), eq(organizations.id, user.organizationId)));
  if (org?.organizationType === 'PLATFORM_OWNER') throw lastAdminError();
  if (org?.businessType === 'BUSINESS_TYPE_CLIENT_TO_TENANT') throw missingRequiredRole();
}

export async function setUserRoles(db: Db, tenantId: string, userId: string, roles: AdminRole[]) {
  await db.transaction(async (tx) => {
    await lockTenantAdmins(tx, tenantId);
    const user = await adminSideUser(tx, tenantId, userId);
    if (user.roles.includes('ADMIN_USER') && !roles.includes('ADMIN_USER') && user.isActive) await assertKeepsAnAdmin(tx, tenantId, user);
    await tx.delete(userRoles).where(and(eq(userRoles.tenantId, tenantId), eq(userRoles.userId, userId), ne(userRoles.role, 'CUSTOMER')));
    await tx.insert(userRoles).values(roles.map((role) => ({ tenantId, userId, role })));
    await tx
      .update(users)
      .set({ updatedAt: new Date() })
      .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  });
  // the user's sessions carry the new roles on their next request, on every instance (docs/identity.md)
  forgetUser(userId);
  return getAdminUser(db, tenantId, userId);
}

/** Disabling ends every session of the user at once. */
export async function setUserActive(db: Db, tenantId: string, userId: string, active: boolean) {
  await db.transaction(async (tx) => {
    await lockTenantAdmins(tx, tenantId);
    const user = await adminSideUser(tx, tenantId, userId);
    if (!active && user.isActive && user.roles.includes('ADMIN_USER')) await assertKeepsAnAdmin(tx, tenantId, user);
    await tx
      .update(users)
      .set({ isActive: active, updatedAt: new Date() })
      .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
    if (!active) await revokeAllSessions(tx, tenantId, userId, 'USER_DISABLED');
  });
  forgetUser(userId);
  return getAdminUser(db, tenantId, userId);
}

/** A new password ends every session (tokens issued before now stop working). */
export async function resetUserPassword(db: Db, tenantId: string, userId: string, password: string) {
  assertPasswordNotCommon(password);
  const user = await adminSideUser(db, tenantId, userId);
  const passwordHash = await hashSecret(password);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(and(eq(users.tenantId, tenantId), eq(users.id, user.id)));
    await revokeAllSessions(tx, tenantId, user.id, 'PASSWORD_RESET');
  });
  forgetUser(user.id);
  return getAdminUser(db, tenantId, userId);
}

/** Unlock works for any user of the tenant (administrators and customer users). */
export async function unlockUser(db: Db, tenantId: string, userId: string) {
  const user = await findUserById(db, tenantId, userId);
  if (!user) throw notFound('user');
  await unlock(db, tenantId, loginKeyFor(user.id, user.username));
  return adminView(db, user);
}
