import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, jsonb, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantRef, updatedAt } from './columns';
import { tenants } from './tenants';
// relative import: drizzle-kit reads the schema without the @/ alias
import { EXTERNAL_EVENT_STATUSES, EXTERNAL_PARTNER_KINDS } from '../../contract/external-events';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * The partners of a tenant that send it signed events (docs/external-events.md): the card processor, a
 * KYC or screening vendor. The Standard Webhooks secret (`whsec_...`) is stored only encrypted
 * (AES-256-GCM under the platform data key, the row as additional data) and shown once, when it is
 * generated or rotated. A disabled partner's events are refused like an unknown partner's.
 */
export const externalEventPartners = pgTable(
  'external_event_partners',
  {
    id: id(),
    tenantId: tenantRef().references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: EXTERNAL_PARTNER_KINDS }).notNull(),
    secretCiphertext: text('secret_ciphertext').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    secretRotatedAt: ts('secret_rotated_at'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('external_event_partners_tenant_id_uq').on(t.tenantId, t.id),
    index('external_event_partners_tenant_created_idx').on(t.tenantId, t.createdAt),
    check('external_event_partners_kind_ck', sql`${t.kind} in (${list(EXTERNAL_PARTNER_KINDS)})`),
  ],
);
export type ExternalEventPartnerRow = typeof externalEventPartners.$inferSelect;

/**
 * Every authenticated event a partner sent, whatever became of it: PROCESSED (its effects committed
 * in the same transaction as this row), UNKNOWN_TYPE (kept, not acted on), FAILED (its data did not
 * match its type: nothing else written) or DUPLICATE (an id already PROCESSED or UNKNOWN_TYPE:
 * `duplicate_of` names the first, nothing done again). The partial unique index keeps one first
 * receipt per (partner, webhook-id); a FAILED one does not count, so the partner's retry runs.
 */
export const externalEvents = pgTable(
  'external_events',
  {
    id: id(),
    tenantId: tenantRef().references(() => tenants.id, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id').notNull(),
    /** the webhook-id header */
    externalId: text('external_id').notNull(),
    type: text('type').notNull(),
    status: text('status', { enum: EXTERNAL_EVENT_STATUSES }).notNull(),
    duplicateOf: uuid('duplicate_of'),
    /** the webhook-timestamp header */
    sentAt: ts('sent_at').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
    /** the body as received, card-number-shaped digit runs masked */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** what processing did (PROCESSED), for the screen and for a duplicate's answer */
    result: jsonb('result').$type<Record<string, unknown> | null>(),
    /** FAILED: the field errors answered */
    errors: jsonb('errors').$type<Array<{ field: string; message: string }> | null>(),
  },
  (t) => [
    foreignKey({ name: 'external_events_partner_fk', columns: [t.tenantId, t.partnerId], foreignColumns: [externalEventPartners.tenantId, externalEventPartners.id] }).onDelete('cascade'),
    index('external_events_tenant_received_idx').on(t.tenantId, t.receivedAt),
    index('external_events_tenant_status_idx').on(t.tenantId, t.status, t.receivedAt),
    index('external_events_tenant_partner_idx').on(t.tenantId, t.partnerId, t.receivedAt),
    uniqueIndex('external_events_first_uq')
      .on(t.tenantId, t.partnerId, t.externalId)
      .where(sql`${t.status} in ('PROCESSED', 'UNKNOWN_TYPE')`),
    check('external_events_status_ck', sql`${t.status} in (${list(EXTERNAL_EVENT_STATUSES)})`),
  ],
);
export type ExternalEventRow = typeof externalEvents.$inferSelect;
