import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/lib/db/client';
import { claimJob, finishJob, MaintenanceScheduler, readJobs, renewJob, runDueJobs } from '@/lib/services/retention/jobs';
import { runRetentionSweeps, runSweep, type RetentionPolicy } from '@/lib/services/retention/sweeps';
import { createTenant, uniqueName } from '../helpers';
import { allowPrivateNetworks, subscribe, webhookTenant } from '../webhooks-fixtures';

/**
 * Retention sweeps (lib/services/retention): each removes exactly the rows past their retention,
 * keeps rows just inside it, never touches another tenant's rows or a PENDING delivery, and works
 * in batches smaller than the rows to remove. Ages are set with the database's now(), as the sweeps
 * compute them: "just outside" is one minute past the cut-off, "just inside" one minute before it.
 */
const POLICY: RetentionPolicy = { eventRetentionDays: 90, sessionRetentionDays: 7, batchSize: 3 };
const OUT_90 = sql.raw(`now() - interval '90 days' - interval '1 minute'`);
const IN_90 = sql.raw(`now() - interval '90 days' + interval '1 minute'`);
const OUT_7 = sql.raw(`now() - interval '7 days' - interval '1 minute'`);
const IN_7 = sql.raw(`now() - interval '7 days' + interval '1 minute'`);
const PAST = sql.raw(`now() - interval '1 minute'`);
const FUTURE = sql.raw(`now() + interval '1 minute'`);

type Tenant = Awaited<ReturnType<typeof createTenant>>;
let a: Tenant;
let b: Tenant;

async function exec(query: SQL) {
  return (await (await getDb()).execute(query)) as unknown as { rows: Record<string, unknown>[] };
}
async function column(query: SQL): Promise<string[]> {
  return (await exec(query)).rows.map((r) => String(Object.values(r)[0])).sort();
}
const many = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${i + 1}`);

beforeAll(async () => {
  allowPrivateNetworks(true);
  a = await webhookTenant();
  b = await createTenant(uniqueName('Other'));
});

describe('idempotency keys', () => {
  it('HTTP Idempotency-Keys: removes the expired ones (7, in batches of 3) and an abandoned RUNNING one; keeps live ones and other tenants', async () => {
    const insert = (tenantId: string, key: string, state: 'DONE' | 'RUNNING', lockedUntil: SQL, expiresAt: SQL) =>
      exec(sql`insert into http_idempotency_keys (tenant_id, client_key, key, request_hash, state, locked_until, expires_at)
               values (${tenantId}, 'user:x', ${key}, 'h', ${state}, ${lockedUntil}, ${expiresAt})`);
    for (const key of many('expired', 7)) await insert(a.tenantId, key, 'DONE', PAST, PAST);
    await insert(a.tenantId, 'abandoned', 'RUNNING', PAST, PAST);
    await insert(a.tenantId, 'running', 'RUNNING', FUTURE, PAST);
    await insert(a.tenantId, 'live', 'DONE', PAST, FUTURE);
    await insert(b.tenantId, 'other-expired', 'DONE', PAST, PAST);

    expect(await runSweep(await getDb(), 'httpIdempotencyKeys', POLICY, [a.tenantId])).toBe(8);
    expect(await column(sql`select key from http_idempotency_keys where tenant_id = ${a.tenantId}`)).toEqual(['live', 'running']);
    expect(await column(sql`select key from http_idempotency_keys where tenant_id = ${b.tenantId}`)).toEqual(['other-expired']);
  });
});

describe('sessions and sign-in counters', () => {
  it('removes sessions expired or revoked longer ago than the retention (with their refresh tokens); keeps the rest', async () => {
    const insert = async (tenant: Tenant, label: string, expiresAt: SQL, revokedAt: SQL | null) => {
      const id = randomUUID();
      await exec(sql`insert into sessions (id, tenant_id, user_id, kind, roles, user_agent, expires_at, revoked_at)
                     values (${id}, ${tenant.tenantId}, ${tenant.userId}, 'ADMIN', '[]'::jsonb, ${label}, ${expiresAt}, ${revokedAt ?? sql`null`})`);
      await exec(sql`insert into refresh_tokens (tenant_id, session_id, token_hash, expires_at) values (${tenant.tenantId}, ${id}, ${`hash-${id}`}, ${expiresAt})`);
    };
    await insert(a, 'expired-out', OUT_7, null);
    await insert(a, 'revoked-out', FUTURE, OUT_7);
    await insert(a, 'expired-in', IN_7, null);
    await insert(a, 'revoked-in', FUTURE, IN_7);
    await insert(a, 'active', FUTURE, null);
    await insert(b, 'other-expired-out', OUT_7, null);

    expect(await runSweep(await getDb(), 'sessions', POLICY, [a.tenantId])).toBe(2);
    expect(await column(sql`select user_agent from sessions where tenant_id = ${a.tenantId}`)).toEqual(['active', 'expired-in', 'revoked-in']);
    expect(await column(sql`select user_agent from sessions where tenant_id = ${b.tenantId}`)).toEqual(['other-expired-out']);
    expect(
      await column(sql`select count(*) from refresh_tokens r where r.tenant_id = ${a.tenantId}
                             and not exists (select 1 from sessions s where s.tenant_id = r.tenant_id and s.id = r.session_id)`),
    ).toEqual(['0']);
    expect(await column(sql`select count(*) from refresh_tokens where tenant_id = ${a.tenantId}`)).toEqual(['3']);
  });

  it('removes sign-in failure counters idle for a day; keeps a running lock and a recent failure', async () => {
    const insert = (tenantId: string, loginKey: string, lockedUntil: SQL | null, lastFailedAt: SQL, updatedAt: SQL) =>
      exec(sql`insert into login_attempts (tenant_id, login_key, attempts, locked_until, last_failed_at, updated_at)
               values (${tenantId}, ${loginKey}, 3, ${lockedUntil ?? sql`null`}, ${lastFailedAt}, ${updatedAt})`);
    const DAY_OUT = sql.raw(`now() - interval '1 day' - interval '1 minute'`);
    const DAY_IN = sql.raw(`now() - interval '1 day' + interval '1 minute'`);
    await insert(a.tenantId, 'idle', null, DAY_OUT, DAY_OUT);
    await insert(a.tenantId, 'idle-old-lock', DAY_OUT, DAY_OUT, DAY_OUT);
    await insert(a.tenantId, 'recent', null, DAY_IN, DAY_IN);
    await insert(a.tenantId, 'locked', FUTURE, DAY_OUT, DAY_OUT);
    await insert(b.tenantId, 'other-idle', null, DAY_OUT, DAY_OUT);

    expect(await runSweep(await getDb(), 'loginAttempts', POLICY, [a.tenantId])).toBe(2);
    expect(await column(sql`select login_key from login_attempts where tenant_id = ${a.tenantId}`)).toEqual(['locked', 'recent']);
    expect(await column(sql`select login_key from login_attempts where tenant_id = ${b.tenantId}`)).toEqual(['other-idle']);
  });
});

describe('events, webhook deliveries and attempts', () => {
  it('removes finished deliveries, their attempts and events past the retention; never a PENDING delivery, its attempts or its event', async () => {
    const sub = await subscribe(a.tenantId, { endpointUrl: 'http://127.0.0.1:9/hooks' });
    const event = async (tenantId: string, label: string, createdAt: SQL) => {
      const id = randomUUID();
      await exec(sql`insert into events (id, tenant_id, type, payload, created_at) values (${id}, ${tenantId}, 'test.retention', ${JSON.stringify({ label })}::jsonb, ${createdAt})`);
      return id;
    };
    const delivery = async (eventId: string, status: string, completedAt: SQL | null, attemptedAt: SQL) => {
      const id = randomUUID();
      await exec(sql`insert into webhook_deliveries (id, tenant_id, subscription_id, event_id, event_type, status, next_attempt_at, completed_at, created_at)
                     values (${id}, ${a.tenantId}, ${sub.id}, ${eventId}, 'test.retention', ${status},
                             ${status === 'PENDING' ? sql.raw(`now() + interval '1 day'`) : sql`null`}, ${completedAt ?? sql`null`}, ${attemptedAt})`);
      await exec(sql`insert into webhook_attempts (tenant_id, delivery_id, attempt_number, attempted_at, duration_ms, endpoint_url, response_status)
                     values (${a.tenantId}, ${id}, 1, ${attemptedAt}, 5, 'http://127.0.0.1:9/hooks', 500)`);
      return id;
    };
    // past the retention, finished: delivery, attempt and event go (5 of them: more than a batch)
    const oldDone = [];
    for (const status of ['SUCCEEDED', 'FAILED', 'CANCELED', 'SUCCEEDED', 'FAILED']) {
      const e = await event(a.tenantId, `old-${status}`, OUT_90);
      oldDone.push(await delivery(e, status, OUT_90, OUT_90));
    }
    // a PENDING delivery of an old event, with an old attempt: all three stay
    const pendingEvent = await event(a.tenantId, 'old-pending', OUT_90);
    const pending = await delivery(pendingEvent, 'PENDING', null, OUT_90);
    // an old event whose delivery finished just inside the retention: both stay; its old attempt goes
    const recentEvent = await event(a.tenantId, 'old-recently-finished', OUT_90);
    const recent = await delivery(recentEvent, 'SUCCEEDED', IN_90, OUT_90);
    // events with no delivery: just outside goes, just inside stays
    await event(a.tenantId, 'bare-out', OUT_90);
    await event(a.tenantId, 'bare-in', IN_90);
    await event(b.tenantId, 'other-bare-out', OUT_90);

    const db = await getDb();
    expect(await runSweep(db, 'webhookAttempts', POLICY, [a.tenantId])).toBe(6);
    expect(await runSweep(db, 'webhookDeliveries', POLICY, [a.tenantId])).toBe(5);
    expect(await runSweep(db, 'events', POLICY, [a.tenantId])).toBe(6);

    expect(await column(sql`select id from webhook_deliveries where tenant_id = ${a.tenantId}`)).toEqual([pending, recent].sort());
    expect(await column(sql`select status from webhook_deliveries where tenant_id = ${a.tenantId} and id = ${pending}`)).toEqual(['PENDING']);
    expect(await column(sql`select delivery_id from webhook_attempts where tenant_id = ${a.tenantId}`)).toEqual([pending]);
    expect(await column(sql`select payload->>'label' from events where tenant_id = ${a.tenantId} and type = 'test.retention'`)).toEqual(['bare-in', 'old-pending', 'old-recently-finished']);
    expect(await column(sql`select payload->>'label' from events where tenant_id = ${b.tenantId} and type = 'test.retention'`)).toEqual(['other-bare-out']);
    expect(
      await column(
        sql`select count(*) from webhook_deliveries where id in (${sql.join(
          oldDone.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      ),
    ).toEqual(['0']);
  });
});

describe('external events', () => {
  it('removes receipts past the retention; keeps recent ones, a first receipt a recent duplicate names, and other tenants', async () => {
    const partner = async (tenantId: string) => {
      const id = randomUUID();
      await exec(sql`insert into external_event_partners (id, tenant_id, name, kind, secret_ciphertext) values (${id}, ${tenantId}, 'Processor', 'CARD_PROCESSOR', 'sealed')`);
      return id;
    };
    const receipt = async (tenantId: string, partnerId: string, label: string, status: string, receivedAt: SQL, duplicateOf: string | null = null) => {
      const id = randomUUID();
      await exec(sql`insert into external_events (id, tenant_id, partner_id, external_id, type, status, duplicate_of, sent_at, received_at, payload)
                     values (${id}, ${tenantId}, ${partnerId}, ${`msg_${label}`}, 'card.transaction.created', ${status}, ${duplicateOf}, ${receivedAt}, ${receivedAt}, ${JSON.stringify({ label })}::jsonb)`);
      return id;
    };
    const pa = await partner(a.tenantId);
    const pb = await partner(b.tenantId);
    // past the retention: four receipts of every status go (more than a batch of 3)
    for (const status of ['PROCESSED', 'UNKNOWN_TYPE', 'FAILED', 'PROCESSED']) await receipt(a.tenantId, pa, `old-${status}-${randomUUID().slice(0, 4)}`, status, OUT_90);
    // an old first receipt with an old duplicate: both go; one with a recent duplicate: it stays, and so does the duplicate
    const oldFirst = await receipt(a.tenantId, pa, 'old-first', 'PROCESSED', OUT_90);
    await receipt(a.tenantId, pa, 'old-first', 'DUPLICATE', OUT_90, oldFirst);
    const namedFirst = await receipt(a.tenantId, pa, 'named-first', 'PROCESSED', OUT_90);
    await receipt(a.tenantId, pa, 'named-first', 'DUPLICATE', IN_90, namedFirst);
    await receipt(a.tenantId, pa, 'recent', 'PROCESSED', IN_90);
    await receipt(b.tenantId, pb, 'other-old', 'PROCESSED', OUT_90);

    expect(await runSweep(await getDb(), 'externalEvents', POLICY, [a.tenantId])).toBe(6);
    const labels = (tenantId: string) => column(sql`select (payload->>'label') || ' ' || status from external_events where tenant_id = ${tenantId}`);
    expect(await labels(a.tenantId)).toEqual(['named-first DUPLICATE', 'named-first PROCESSED', 'recent PROCESSED']);
    expect(await labels(b.tenantId)).toEqual(['other-old PROCESSED']);
  });
});

describe('all sweeps over every tenant', () => {
  it('runRetentionSweeps visits every tenant, batch after batch, and reports the counts per sweep', async () => {
    const db = await getDb();
    for (const tenant of [a, b])
      for (const key of many(`bulk-${tenant.tenantId.slice(0, 4)}`, 10))
        await exec(sql`insert into http_idempotency_keys (tenant_id, client_key, key, request_hash, state, locked_until, expires_at)
                       values (${tenant.tenantId}, 'user:x', ${key}, 'h', 'DONE', now() - interval '1 second', now() - interval '1 second')`);
    const counts = await runRetentionSweeps(db, { ...POLICY, batchSize: 4 });
    // 20 bulk rows and tenant B's key left by the earlier case
    expect(counts.httpIdempotencyKeys).toBe(21);
    // what stays: the live key and the one whose request still runs (its lock holds)
    expect(await column(sql`select key from http_idempotency_keys order by key`)).toEqual(['live', 'running']);
    // a second run finds nothing
    const again = await runRetentionSweeps(db, { ...POLICY, batchSize: 4 });
    expect(Object.values(again).every((n) => n === 0)).toBe(true);
  });
});

describe('scheduling on the database clock, one runner at a time', () => {
  it('a lease admits one holder; a finished job is not due until its interval has passed on the database clock', async () => {
    const db = await getDb();
    await exec(sql`delete from maintenance_runs`);
    const [first, second] = [randomUUID(), randomUUID()];
    const claims = await Promise.all([claimJob(db, 'retention', first, 60), claimJob(db, 'retention', second, 60)]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    const holder = claims[0] ? first : second;
    const other = claims[0] ? second : first;
    expect(await renewJob(db, 'retention', other, 60)).toBe(false);
    expect(await renewJob(db, 'retention', holder, 60)).toBe(true);
    await finishJob(db, 'retention', holder, 3600, { removed: {} });
    expect(await claimJob(db, 'retention', other, 60)).toBe(false);
    // next_run_at was set from the database's now(): an hour ahead of it
    expect(await column(sql`select (next_run_at - last_finished_at = interval '1 hour')::text from maintenance_runs where name = 'retention'`)).toEqual(['true']);
    await exec(sql`update maintenance_runs set next_run_at = now() - interval '1 second' where name = 'retention'`);
    expect(await claimJob(db, 'retention', other, 60)).toBe(true);
    // an expired lease (a dead worker) lets another take over
    await exec(sql`update maintenance_runs set lease_until = now() - interval '1 second' where name = 'retention'`);
    expect(await claimJob(db, 'retention', holder, 60)).toBe(true);
    expect(await renewJob(db, 'retention', other, 60)).toBe(false);
  });

  it('runDueJobs runs the due jobs once, records their results (reconciliation included) and skips them until due again', async () => {
    const db = await getDb();
    await exec(sql`delete from maintenance_runs`);
    const ran = await runDueJobs(db, { retention: POLICY, retentionIntervalSeconds: 3600, reconciliationIntervalSeconds: 3600 });
    expect(Object.keys(ran).sort()).toEqual(['reconciliation', 'retention']);
    expect(ran.reconciliation).toMatchObject({ balanced: true, unbalancedTenants: 0, unbalancedTenantIds: [] });
    expect(Number(ran.reconciliation!.tenants)).toBeGreaterThanOrEqual(2);
    expect(await runDueJobs(db, { retention: POLICY })).toEqual({});
    const jobs = await readJobs(db);
    expect(jobs.map((j) => j.name)).toEqual(['reconciliation', 'retention']);
    expect(jobs[0]!.lastResult).toMatchObject({ balanced: true });
    expect(Object.keys((jobs[1]!.lastResult as { removed: object }).removed)).toContain('events');
  });

  it('two workers asking at once: each due job runs once, by one of them', async () => {
    const db = await getDb();
    await exec(sql`delete from maintenance_runs`);
    const results = await Promise.all([runDueJobs(db, { retention: POLICY }), runDueJobs(db, { retention: POLICY })]);
    expect(results.flatMap((r) => Object.keys(r)).sort()).toEqual(['reconciliation', 'retention']);
  });

  it("a worker process's scheduler runs the due jobs on its ticks and stops cleanly", async () => {
    const db = await getDb();
    await exec(sql`delete from maintenance_runs`);
    const scheduler = new MaintenanceScheduler(db, 50, { retention: POLICY });
    scheduler.start();
    try {
      await vi.waitFor(
        async () => expect(await column(sql`select name from maintenance_runs where last_finished_at is not null and lease_holder is null`)).toEqual(['reconciliation', 'retention']),
        { timeout: 15_000, interval: 50 },
      );
    } finally {
      await scheduler.stop();
    }
  });
});
