import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantRef, updatedAt } from './columns';
import { tenants } from './tenants';

/**
 * Organizations of a tenant: the tenant's own (PLATFORM_OWNER, created with the tenant) and customer
 * organizations (B2B, registered later).
 */
export const organizations = pgTable(
  'organizations',
  {
    id: id(),
    tenantId: tenantRef().references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    organizationType: text('organization_type', { enum: ['PLATFORM_OWNER', 'CUSTOMER_ORGANIZATION'] }).notNull(),
    businessType: text('business_type'),
    registrationNumber: text('registration_number'),
    customerId: uuid('customer_id'),
    legalName: text('legal_name'),
    tradingName: text('trading_name'),
    taxId: text('tax_id'),
    incorporationDate: date('incorporation_date', { mode: 'string' }),
    legalForm: text('legal_form'),
    industry: text('industry'),
    businessDescription: text('business_description'),
    website: text('website'),
    email: text('email'),
    phone: text('phone'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('organizations_tenant_type_idx').on(t.tenantId, t.organizationType),
    uniqueIndex('organizations_tenant_regno_uq')
      .on(t.tenantId, t.registrationNumber)
      .where(sql`${t.registrationNumber} is not null`),
    // (tenant_id, id) is the target of composite foreign keys: a child row can never point into another tenant
    unique('organizations_tenant_id_uq').on(t.tenantId, t.id),
    index('organizations_tenant_customer_idx').on(t.tenantId, t.customerId),
    check('organizations_type_ck', sql`${t.organizationType} in ('PLATFORM_OWNER', 'CUSTOMER_ORGANIZATION')`),
  ],
);

export type OrganizationRow = typeof organizations.$inferSelect;
