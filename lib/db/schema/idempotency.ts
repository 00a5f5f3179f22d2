import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, tenantRef } from './columns';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The one idempotency store's records (lib/services/idempotency/store.ts): the HTTP routes'
 * Idempotency-Key, POST /transfers (client `transfer:<user>`) and the card sandbox (client
 * `card:<operation>`). One per (tenant, client, key) for 24 h. RUNNING
 * while the first request is being served, then DONE with the answer to replay. Requests outside a
 * tenant (tenant registration) use the nil UUID as tenant_id, so there is no foreign key to tenants.
 * Only SHA-256 hashes of the request are kept, never the request itself.
 */
export const httpIdempotencyKeys = pgTable(
  'http_idempotency_keys',
  {
    tenantId: tenantRef(),
    clientKey: text('client_key').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    state: text('state', { enum: ['RUNNING', 'DONE'] }).notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    responseContentType: text('response_content_type'),
    /**
     * Figures of the answer that only the statement storing it knows (a payout's balance after its
     * own debit, under the wallet's row lock), kept beside the sealed body and put back into it on
     * replay. Plain: the same figures are plain in their own tables.
     */
    responseFacts: jsonb('response_facts').$type<Record<string, string>>(),
    createdAt: createdAt(),
    lockedUntil: ts('locked_until').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'http_idempotency_keys_pk', columns: [t.tenantId, t.clientKey, t.key] }),
    // retention sweeps (lib/services/retention)
    index('http_idempotency_keys_tenant_expires_idx').on(t.tenantId, t.expiresAt),
    check('http_idempotency_keys_state_ck', sql`${t.state} in ('RUNNING', 'DONE')`),
  ],
);
