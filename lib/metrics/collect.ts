import { sql } from 'drizzle-orm';
import { database } from '@/lib/db/client';
import { indexState } from '@/lib/services/aml/index-cache';
import { readJobs } from '@/lib/services/retention/jobs';
import { SWEEP_NAMES } from '@/lib/services/retention/sweeps';
import { metrics } from './registry';

const DELIVERY_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED', 'CANCELED'] as const;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

/**
 * The metrics in Prometheus text format: this process's counters, plus gauges read now from the
 * pool and the database (the webhook queue, deliveries by status, the scheduled jobs' last results,
 * which the worker's process records in maintenance_runs, so every instance reports the same).
 */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  const m = metrics();
  const handle = await database();
  const pool = handle.poolStats?.();
  if (pool) {
    m.dbPool.set({ state: 'total' }, pool.total);
    m.dbPool.set({ state: 'idle' }, pool.idle);
    m.dbPool.set({ state: 'waiting' }, pool.waiting);
  }
  const db = handle.db;
  // platform-wide operator figures: every tenant's deliveries (the worker serves them all)
  const [queue] = rowsOf<{ pending: number | string; due: number | string }>(
    await db.execute(sql`select count(*) as pending, count(*) filter (where next_attempt_at <= now()) as due from webhook_deliveries where status = 'PENDING'`),
  );
  m.webhookQueue.set({ state: 'pending' }, Number(queue?.pending ?? 0));
  m.webhookQueue.set({ state: 'due' }, Number(queue?.due ?? 0));
  const byStatus = new Map(
    rowsOf<{ status: string; n: number | string }>(await db.execute(sql`select status, count(*) as n from webhook_deliveries group by status`)).map((r) => [r.status, Number(r.n)]),
  );
  for (const status of DELIVERY_STATUSES) m.webhookDeliveries.set({ status }, byStatus.get(status) ?? 0);

  // a job that never ran has no series (a label-less gauge would otherwise read 0: "unbalanced")
  for (const gauge of [m.reconciliationBalanced, m.reconciliationUnbalancedTenants, m.reconciliationLastRun, m.retentionLastRun]) gauge.remove();
  m.retentionRemoved.reset();
  for (const job of await readJobs(db)) {
    const finished = seconds(job.lastFinishedAt);
    if (finished === null || !job.lastResult) continue;
    if (job.name === 'reconciliation') {
      m.reconciliationBalanced.set(job.lastResult.balanced ? 1 : 0);
      m.reconciliationUnbalancedTenants.set(Number(job.lastResult.unbalancedTenants ?? 0));
      m.reconciliationLastRun.set(finished);
    } else if (job.name === 'retention') {
      m.retentionLastRun.set(finished);
      const removed = (job.lastResult.removed ?? {}) as Record<string, number>;
      for (const sweep of SWEEP_NAMES) m.retentionRemoved.set({ sweep }, Number(removed[sweep] ?? 0));
    }
  }
  // AML: the list versions this process screens against (its indexes), and the re-screening runs
  m.amlIndexBuilt.reset();
  m.amlIndexNames.reset();
  for (const ix of indexState()) {
    m.amlIndexBuilt.set({ list_id: ix.listId, version_id: ix.versionId }, Math.floor(Date.parse(ix.builtAt) / 1000));
    m.amlIndexNames.set({ list_id: ix.listId, version_id: ix.versionId }, ix.names);
  }
  const runs = new Map(
    rowsOf<{ status: string; n: number | string }>(await db.execute(sql`select status, count(*) as n from aml_rescreen_runs group by status`)).map((r) => [r.status, Number(r.n)]),
  );
  for (const status of ['PENDING', 'RUNNING', 'DONE', 'FAILED']) m.amlRescreenRuns.set({ status }, runs.get(status) ?? 0);
  return { contentType: m.registry.contentType, body: await m.registry.metrics() };
}
