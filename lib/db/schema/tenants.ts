import { boolean, check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, updatedAt } from './columns';

/** The root of all tenant-owned data. tenantSecret is kept only as an argon2id hash. */
export const tenants = pgTable(
  'tenants',
  {
    id: id(),
    name: text('name').notNull(),
    status: text('status', { enum: ['ACTIVE', 'SUSPENDED'] })
      .notNull()
      .default('ACTIVE'),
    tenantKey: text('tenant_key').notNull(),
    tenantSecretHash: text('tenant_secret_hash').notNull(),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tenants_tenant_key_uq').on(t.tenantKey),
    uniqueIndex('tenants_name_uq').on(sql`lower(${t.name})`),
    index('tenants_status_idx').on(t.status),
    check('tenants_status_ck', sql`${t.status} in ('ACTIVE', 'SUSPENDED')`),
  ],
);

export type TenantRow = typeof tenants.$inferSelect;
