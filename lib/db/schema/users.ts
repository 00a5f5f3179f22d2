import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantRef, updatedAt } from './columns';
import { customers } from './customers';
import { organizations } from './organizations';
import { tenants } from './tenants';

/**
 * Users of a tenant. Admin-side users belong to an organization; customer users to a customer
 * (the customer tables come with onboarding). Usernames and emails are unique per tenant,
 * case-insensitively. Passwords exist only as argon2id hashes.
 */
export const users = pgTable(
  'users',
  {
    id: id(),
    tenantId: tenantRef().references(() => tenants.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id'),
    customerId: uuid('customer_id'),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phoneNumber: text('phone_number'),
    gender: text('gender'),
    isActive: boolean('is_active').notNull().default(true),
    lastLogin: timestamp('last_login', { withTimezone: true, mode: 'date' }),
    tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_tenant_username_uq').on(t.tenantId, sql`lower(${t.username})`),
    uniqueIndex('users_tenant_email_uq').on(t.tenantId, sql`lower(${t.email})`),
    unique('users_tenant_id_uq').on(t.tenantId, t.id),
    index('users_tenant_organization_idx').on(t.tenantId, t.organizationId),
    index('users_tenant_customer_idx').on(t.tenantId, t.customerId),
    foreignKey({
      name: 'users_organization_fk',
      columns: [t.tenantId, t.organizationId],
      foreignColumns: [organizations.tenantId, organizations.id],
    }),
    foreignKey({
      name: 'users_customer_fk',
      columns: [t.tenantId, t.customerId],
      foreignColumns: [customers.tenantId, customers.id],
    }).onDelete('cascade'),
    check('users_owner_ck', sql`${t.organizationId} is not null or ${t.customerId} is not null`),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    tenantId: tenantRef(),
    userId: uuid('user_id').notNull(),
    role: text('role', { enum: ['ADMIN_USER', 'COMPLIANCE_OFFICER', 'EMPLOYEE', 'TRANSACTION_APPROVER', 'CUSTOMER'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'user_roles_pk', columns: [t.tenantId, t.userId, t.role] }),
    index('user_roles_tenant_role_idx').on(t.tenantId, t.role),
    foreignKey({ name: 'user_roles_user_fk', columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    check('user_roles_role_ck', sql`${t.role} in ('ADMIN_USER', 'COMPLIANCE_OFFICER', 'EMPLOYEE', 'TRANSACTION_APPROVER', 'CUSTOMER')`),
  ],
);

export type UserRow = typeof users.$inferSelect;
