import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db/client';

/**
 * Retention sweeps: nothing the platform writes grows without bound. Each sweep deletes, tenant by
 * tenant, in batches of at most `batchSize` rows per statement (each its own short transaction), so
 * no sweep holds a lock on many rows for long. Every cut-off is computed by the database (now()),
 * never by the server's clock. The order matters: attempts, then deliveries, then events (an event
 * is removed only once no delivery of it is left, so a PENDING delivery keeps its event).
 */
export interface RetentionPolicy {
  /** events, finished webhook deliveries and their attempts, and received external events older than this are removed */
  eventRetentionDays: number;
  /** expired or revoked sessions are kept this long after expiry/revocation (audit), then removed */
  sessionRetentionDays: number;
  /** rows per DELETE statement */
  batchSize: number;
}

export type SweepName = 'httpIdempotencyKeys' | 'sessions' | 'loginAttempts' | 'webhookAttempts' | 'webhookDeliveries' | 'events' | 'externalEvents' | 'drafts';

export const SWEEP_NAMES: SweepName[] = ['httpIdempotencyKeys', 'sessions', 'loginAttempts', 'webhookAttempts', 'webhookDeliveries', 'events', 'externalEvents', 'drafts'];

export type SweepCounts = Record<SweepName, number>;

/** Requests outside a tenant (tenant registration) keep their Idempotency-Key under the nil UUID. */
const NIL_TENANT = '00000000-0000-0000-0000-000000000000';

const days = (n: number) => sql`make_interval(days => ${n}::int)`;

/**
 * The rows each sweep removes, for one tenant: a table and a condition (alias `t`). The batch
 * statement is `delete from <table> where ctid = any(array(select ctid from <table> t where
 * t.tenant_id = $tenant and <condition> limit $n))`.
 */
function sweepTarget(name: SweepName, policy: RetentionPolicy): { table: string; where: SQL } {
  const events = days(policy.eventRetentionDays);
  const sessions = days(policy.sessionRetentionDays);
  switch (name) {
    case 'drafts':
      // registration drafts past their expiry (DRAFT_TTL_DAYS after the last save, docs/drafts.md), consumed ones included
      return { table: 'drafts', where: sql`t.expires_at < now()` };
    case 'httpIdempotencyKeys':
      // a RUNNING record whose lock still holds is a request being served
      return { table: 'http_idempotency_keys', where: sql`t.expires_at < now() and (t.state = 'DONE' or t.locked_until < now())` };
    case 'sessions':
      // refresh tokens go with their session (foreign key, on delete cascade)
      return { table: 'sessions', where: sql`(t.expires_at < now() - ${sessions} or t.revoked_at < now() - ${sessions})` };
    case 'loginAttempts':
      // the sign-in failure counter: no lock running and no failure for a day (its window is 30 minutes)
      return {
        table: 'login_attempts',
        where: sql`coalesce(t.locked_until, '-infinity') < now() - interval '1 day' and coalesce(t.last_failed_at, '-infinity') < now() - interval '1 day' and t.updated_at < now() - interval '1 day'`,
      };
    case 'webhookAttempts':
      // the attempts of a delivery still PENDING are its history: kept
      return {
        table: 'webhook_attempts',
        where: sql`t.attempted_at < now() - ${events} and not exists (
          select 1 from webhook_deliveries d where d.tenant_id = t.tenant_id and d.id = t.delivery_id and d.status = 'PENDING')`,
      };
    case 'webhookDeliveries':
      // finished deliveries only (SUCCEEDED, FAILED, CANCELED), by the time they finished; attempts cascade
      return { table: 'webhook_deliveries', where: sql`t.status <> 'PENDING' and t.completed_at < now() - ${events}` };
    case 'events':
      // an event with any delivery left (a PENDING one, or a recent one) stays
      return {
        table: 'events',
        where: sql`t.created_at < now() - ${events} and not exists (
          select 1 from webhook_deliveries d where d.tenant_id = t.tenant_id and d.event_id = t.id)`,
      };
    case 'externalEvents':
      // Partners' events as received (docs/external-events.md). Safe to forget: a replay of one
      // is refused by its timestamp (5 minutes) long before. A receipt that a recent DUPLICATE
      // names stays until that duplicate goes, so the screen's link to the first never dangles.
      return {
        table: 'external_events',
        // (uncorrelated, so the recent duplicates are read once per batch, not once per row)
        where: sql`t.received_at < now() - ${events} and t.id not in (
          select d.duplicate_of from external_events d where d.duplicate_of is not null and d.received_at >= now() - ${events})`,
      };
  }
}

async function deleteBatch(db: DbOrTx, table: string, tenantId: string, where: SQL, limit: number): Promise<number> {
  const name = sql.identifier(table);
  const result = (await db.execute(sql`
    delete from ${name} where tenant_id = ${tenantId}::uuid and ctid = any(array(
      select t.ctid from ${name} t where t.tenant_id = ${tenantId}::uuid and ${where} limit ${limit}))`)) as unknown as {
    rowCount?: number | null;
    affectedRows?: number;
  };
  return Number(result.rowCount ?? result.affectedRows ?? 0);
}

/** The tenants a sweep visits: every tenant (and the nil tenant of pre-tenant Idempotency-Keys). */
export async function sweepTenants(db: DbOrTx): Promise<string[]> {
  const result = (await db.execute(sql`select id from tenants order by id`)) as unknown as { rows: { id: string }[] };
  return [...result.rows.map((r) => r.id), NIL_TENANT];
}

/**
 * Runs one sweep over the given tenants, batch after batch until a batch comes back short.
 * `onBatch` runs after every batch (the scheduler renews its lease there).
 */
export async function runSweep(db: DbOrTx, name: SweepName, policy: RetentionPolicy, tenantIds: string[], onBatch?: () => Promise<void>): Promise<number> {
  const { table, where } = sweepTarget(name, policy);
  let total = 0;
  for (const tenantId of tenantIds) {
    for (;;) {
      const deleted = await deleteBatch(db, table, tenantId, where, policy.batchSize);
      total += deleted;
      await onBatch?.();
      if (deleted < policy.batchSize) break;
    }
  }
  return total;
}

/** Every sweep, in order, over every tenant. Returns the rows removed per sweep. */
export async function runRetentionSweeps(db: DbOrTx, policy: RetentionPolicy, onBatch?: () => Promise<void>): Promise<SweepCounts> {
  const tenants = await sweepTenants(db);
  const counts = Object.fromEntries(SWEEP_NAMES.map((n) => [n, 0])) as SweepCounts;
  for (const name of SWEEP_NAMES) counts[name] = await runSweep(db, name, policy, tenants, onBatch);
  return counts;
}
