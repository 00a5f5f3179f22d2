import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantRef, updatedAt } from './columns';
import { tenants } from './tenants';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A registration wizard's draft (docs/drafts.md): the partial registration as the wizard holds it,
 * never a password and never a document's bytes (the service strips them before anything is
 * written). Started by a member of the tenant's staff (`created_by`) or by a customer's anonymous
 * self sign-up, who resumes it with a link token of which only the SHA-256 hash is kept. It expires
 * DRAFT_TTL_DAYS after its last save; the retention job removes expired ones. CONSUMED once the
 * registration it held succeeded (its content is emptied then).
 */
export const drafts = pgTable(
  'drafts',
  {
    id: id(),
    tenantId: tenantRef().references(() => tenants.id, { onDelete: 'cascade' }),
    customerType: text('customer_type', { enum: ['INDIVIDUAL', 'ORGANIZATION'] }).notNull(),
    status: text('status', { enum: ['OPEN', 'CONSUMED'] })
      .notNull()
      .default('OPEN'),
    step: integer('step').notNull().default(0),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    /** the staff user who started it; null: a self sign-up */
    createdBy: uuid('created_by'),
    /** the staff user who saved it last; null: the self sign-up (or nobody since its start) */
    updatedBy: uuid('updated_by'),
    /** hex SHA-256 of the self sign-up's resume token; null for a staff draft */
    resumeTokenHash: text('resume_token_hash'),
    /** how many saves (1 at creation) */
    revision: integer('revision').notNull().default(1),
    consumedCustomerId: uuid('consumed_customer_id'),
    consumedAt: ts('consumed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    index('drafts_tenant_updated_idx').on(t.tenantId, t.updatedAt),
    // retention sweeps (lib/services/retention)
    index('drafts_tenant_expires_idx').on(t.tenantId, t.expiresAt),
    uniqueIndex('drafts_tenant_token_uq').on(t.tenantId, t.resumeTokenHash),
    check('drafts_customer_type_ck', sql`${t.customerType} in ('INDIVIDUAL', 'ORGANIZATION')`),
    check('drafts_status_ck', sql`${t.status} in ('OPEN', 'CONSUMED')`),
  ],
);
export type DraftRow = typeof drafts.$inferSelect;
