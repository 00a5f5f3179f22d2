import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Platform-wide background jobs (retention sweeps, the ledger's reconciliation): one row per job.
 * A worker runs a job only while it holds the lease (lease_until in the future, set with the
 * database's now()), and only once next_run_at has passed on the database's clock, so several
 * workers on several machines run each job once per interval between them. last_result is what
 * the last run found (read by GET /api/metrics).
 */
export const maintenanceRuns = pgTable('maintenance_runs', {
  name: text('name').primaryKey(),
  leaseHolder: uuid('lease_holder'),
  leaseUntil: ts('lease_until'),
  nextRunAt: ts('next_run_at').notNull().defaultNow(),
  lastStartedAt: ts('last_started_at'),
  lastFinishedAt: ts('last_finished_at'),
  lastResult: jsonb('last_result').$type<Record<string, unknown>>(),
});
