import { and, eq, inArray, sql } from 'drizzle-orm';
import { can } from '@/lib/contract/access';
import type { Role } from '@/lib/contract/enums';
import { userExists, type SessionUser } from '@/lib/contract/identity';
import type { Db, DbOrTx } from '@/lib/db/client';
import { isUniqueViolation } from '@/lib/db/errors';
import { customers, userRoles, users, type UserRow } from '@/lib/db/schema';

export interface UserWithRoles extends UserRow {
  roles: Role[];
  customerStatus: string | null;
}

/** Role order decides the user's primary `role` field. */
const ROLE_PRIORITY: Role[] = ['ADMIN_USER', 'COMPLIANCE_OFFICER', 'TRANSACTION_APPROVER', 'EMPLOYEE', 'CUSTOMER'];

export function sortRoles(roles: Role[]): Role[] {
  return [...new Set(roles)].sort((a, b) => ROLE_PRIORITY.indexOf(a) - ROLE_PRIORITY.indexOf(b));
}

/** An organization user holding a staff role ('tenant:staff'): the tenant's staff, or a B2B customer's own administrators. */
export const isAdminSide = (user: Pick<UserWithRoles, 'organizationId' | 'roles'>) => user.organizationId !== null && can(user, 'tenant:staff');

/** The tenant's staff, who use the admin panel: admin-side users not tied to a customer. */
export const isStaff = (user: Pick<UserWithRoles, 'organizationId' | 'customerId' | 'roles'>) => isAdminSide(user) && user.customerId === null;

/** A user with the customer's status and the roles, joined (the rows `loadUsers` and the sign-in's lookup read). */
function selectUsers(db: DbOrTx) {
  return db
    .select({
      user: users,
      customerStatus: customers.status,
      roles: sql<
        Role[] | null
      >`(select coalesce(array_agg(${userRoles.role}), '{}') from ${userRoles} where ${userRoles.tenantId} = ${users.tenantId} and ${userRoles.userId} = ${users.id})`,
    })
    .from(users)
    .leftJoin(customers, and(eq(customers.tenantId, users.tenantId), eq(customers.id, users.customerId)));
}
type SelectedUser = Awaited<ReturnType<ReturnType<typeof selectUsers>['execute']>>[number];
const withRoles = (r: SelectedUser): UserWithRoles => ({ ...r.user, roles: sortRoles(parseRoles(r.roles)), customerStatus: r.customerStatus ?? null });

async function loadUsers(db: DbOrTx, tenantId: string, where: ReturnType<typeof and>): Promise<UserWithRoles[]> {
  const rows = await selectUsers(db)
    .where(and(eq(users.tenantId, tenantId), where))
    .orderBy(users.id);
  return rows.map(withRoles);
}

/** PGlite returns text[] as an array, node-postgres too; a defensive parse for the literal form. */
export function parseRoles(value: unknown): Role[] {
  if (Array.isArray(value)) return value as Role[];
  if (typeof value === 'string')
    return value
      .replace(/^\{|\}$/g, '')
      .split(',')
      .filter(Boolean) as Role[];
  return [];
}

export async function findUserById(db: DbOrTx, tenantId: string, userId: string): Promise<UserWithRoles | undefined> {
  return (await loadUsers(db, tenantId, and(eq(users.id, userId))))[0];
}

/**
 * Every sign-in's lookup, a named prepared statement built once per database handle
 * (docs/performance.md, "Statements prepared once"): drizzle building its SQL on every sign-in was
 * a tenth of the server thread's share of one. A username may look like another user's email: the
 * username match wins, deterministically.
 */
function buildUserByLogin(db: Db) {
  const login = sql.placeholder('login');
  return selectUsers(db)
    .where(and(eq(users.tenantId, sql.placeholder('tenantId')), sql`(lower(${users.username}) = ${login} or lower(${users.email}) = ${login})`))
    .orderBy(sql`(lower(${users.username}) = ${login}) desc`, users.id)
    .limit(1)
    .prepare('user_by_login');
}
const userByLogin = new WeakMap<Db, ReturnType<typeof buildUserByLogin>>();

/** By username or email, case-insensitively. */
export async function findUserByLogin(db: Db, tenantId: string, login: string): Promise<UserWithRoles | undefined> {
  let query = userByLogin.get(db);
  if (!query) userByLogin.set(db, (query = buildUserByLogin(db)));
  const [row] = await query.execute({ tenantId, login: login.trim().toLowerCase() });
  return row && withRoles(row);
}

export async function findUsersByIds(db: DbOrTx, tenantId: string, ids: string[]): Promise<UserWithRoles[]> {
  if (!ids.length) return [];
  return loadUsers(db, tenantId, and(inArray(users.id, ids)));
}

/** The contract's `data.user` object. */
export function toSessionUser(user: UserWithRoles): SessionUser {
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
  return {
    id: user.id,
    customerId: user.customerId,
    customerStatus: user.customerStatus,
    email: user.email,
    username: user.username,
    fullName,
    firstName: user.firstName,
    lastName: user.lastName,
    organizationId: user.organizationId,
    role: user.roles[0] ?? null,
    roles: user.roles,
    phoneNumber: user.phoneNumber,
    isActive: user.isActive,
    lastLogin: user.lastLogin?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
    tenantId: user.tenantId,
    gender: user.gender,
    phones: user.phoneNumber ? [{ phoneType: 'MOBILE', encoding: 'E164', number: user.phoneNumber }] : [],
  };
}

/** A unique violation on the users table (a new user, a registration's): 409 naming the field; else null. */
export function duplicateUserError(error: unknown) {
  if (isUniqueViolation(error, 'users_tenant_email_uq')) return userExists('email');
  if (isUniqueViolation(error, 'users_tenant_username_uq')) return userExists('username');
  return null;
}
