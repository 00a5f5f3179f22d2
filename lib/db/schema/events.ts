import { index, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantRef } from './columns';
import { tenants } from './tenants';

/**
 * The transactional outbox: an event row is written in the same transaction as the change that
 * causes it, so it exists if and only if that change committed. Webhook delivery reads from here.
 */
export const events = pgTable(
  'events',
  {
    id: id(),
    tenantId: tenantRef().references(() => tenants.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('events_tenant_id_uq').on(t.tenantId, t.id), index('events_tenant_created_idx').on(t.tenantId, t.createdAt), index('events_tenant_type_idx').on(t.tenantId, t.type)],
);
