import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantRef, updatedAt } from './columns';
import { tenants } from './tenants';

/**
 * Customers of a tenant (B2C individuals and B2B organizations). Identity needs only their status;
 * onboarding adds the person, organization, consents and verification around them.
 */
export const customers = pgTable(
  'customers',
  {
    id: id(),
    tenantId: tenantRef().references(() => tenants.id, { onDelete: 'cascade' }),
    customerType: text('customer_type', { enum: ['INDIVIDUAL', 'ORGANIZATION'] }).notNull(),
    status: text('status', { enum: ['PENDING_ACTIVATION', 'ACTIVE', 'SUSPENDED', 'CLOSED'] })
      .notNull()
      .default('PENDING_ACTIVATION'),
    displayName: text('display_name').notNull(),
    email: text('email'),
    registeredByUserId: uuid('registered_by_user_id'),
    statusReason: text('status_reason'),
    activatedAt: timestamp('activated_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('customers_tenant_id_uq').on(t.tenantId, t.id),
    index('customers_tenant_status_idx').on(t.tenantId, t.status),
    index('customers_tenant_type_idx').on(t.tenantId, t.customerType),
    index('customers_tenant_created_idx').on(t.tenantId, t.createdAt),
    check('customers_type_ck', sql`${t.customerType} in ('INDIVIDUAL', 'ORGANIZATION')`),
    check('customers_status_ck', sql`${t.status} in ('PENDING_ACTIVATION', 'ACTIVE', 'SUSPENDED', 'CLOSED')`),
  ],
);

export type CustomerRow = typeof customers.$inferSelect;
