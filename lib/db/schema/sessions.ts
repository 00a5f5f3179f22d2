import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantRef, updatedAt } from './columns';
import { tenants } from './tenants';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Server-side sessions: every token we sign names one (`sid`), so revoking the row revokes the
 * token. kind: ADMIN (endpoint 1), CUSTOMER (endpoint 2), CARD_API (/api/auth/login), PANEL (next-auth).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tenantId: tenantRef(),
    userId: uuid('user_id').notNull(),
    kind: text('kind', { enum: ['ADMIN', 'CUSTOMER', 'CARD_API', 'PANEL'] }).notNull(),
    roles: jsonb('roles').$type<string[]>().notNull(),
    deviceId: text('device_id'),
    /** the end user's address as the caller claims it: the left-most X-Forwarded-For entry (the contract's header) */
    ipAddress: text('ip_address'),
    /** the address we trust (lib/http/client-ip.ts clientIp()): the socket peer, or behind TRUSTED_PROXIES the forwarded client */
    clientIp: text('client_ip'),
    userAgent: text('user_agent'),
    platform: text('platform'),
    forwardedFrom: text('forwarded_from'),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    revokedReason: text('revoked_reason'),
  },
  (t) => [
    unique('sessions_tenant_id_uq').on(t.tenantId, t.id),
    index('sessions_tenant_user_idx').on(t.tenantId, t.userId, t.revokedAt),
    // retention sweeps (lib/services/retention)
    index('sessions_tenant_expires_idx').on(t.tenantId, t.expiresAt),
    foreignKey({ name: 'sessions_user_fk', columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    check('sessions_kind_ck', sql`${t.kind} in ('ADMIN', 'CUSTOMER', 'CARD_API', 'PANEL')`),
  ],
);

/**
 * Refresh tokens of a session, one row per token ever issued (only SHA-256 hashes). The current one
 * has rotated_at null; presenting a rotated one again is reuse and revokes the whole session.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tenantId: tenantRef(),
    tokenHash: text('token_hash').notNull(),
    sessionId: uuid('session_id').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    rotatedAt: ts('rotated_at'),
  },
  (t) => [
    primaryKey({ name: 'refresh_tokens_pk', columns: [t.tenantId, t.tokenHash] }),
    index('refresh_tokens_tenant_session_idx').on(t.tenantId, t.sessionId),
    foreignKey({ name: 'refresh_tokens_session_fk', columns: [t.tenantId, t.sessionId], foreignColumns: [sessions.tenantId, sessions.id] }).onDelete('cascade'),
  ],
);

/**
 * Failed sign-in attempts per (tenant, login identifier), whether or not such a user exists.
 * Updated only by single atomic upserts (lib/services/identity/lockout.ts).
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    tenantId: tenantRef().references(() => tenants.id, { onDelete: 'cascade' }),
    loginKey: text('login_key').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: ts('locked_until'),
    lastFailedAt: ts('last_failed_at'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ name: 'login_attempts_pk', columns: [t.tenantId, t.loginKey] })],
);

/**
 * Platform-wide key material (not tenant-owned): the EdDSA signing keys when none is configured in
 * the environment, and generated secrets of the embedded default (next-auth).
 */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  algorithm: text('algorithm').notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  privatePkcs8: text('private_pkcs8').notNull(),
  createdAt: createdAt(),
  retiredAt: ts('retired_at'),
});

export const platformSecrets = pgTable('platform_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
