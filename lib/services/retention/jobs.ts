import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '@/lib/db/client';
import { getEnv } from '@/lib/env';
import { logger } from '@/lib/log';
import { reconcile } from '@/lib/services/ledger/reconcile';
import { runRetentionSweeps, type RetentionPolicy } from './sweeps';

/**
 * Scheduled background jobs with a lease in the database (table maintenance_runs). A job runs when
 * next_run_at has passed on the DATABASE's clock and nobody holds its lease; taking the lease is one
 * conditional UPDATE, so among any number of workers exactly one runs it. After the run,
 * next_run_at = now() + interval, again on the database's clock: servers with skewed clocks do not
 * run a job more often. A worker that dies mid-run leaves the lease to expire.
 */
export type JobName = 'retention' | 'reconciliation';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Takes the job's lease when it is due. True: this holder runs it now. */
export async function claimJob(db: Db, name: JobName, holder: string, leaseSeconds: number): Promise<boolean> {
  await db.execute(sql`insert into maintenance_runs (name) values (${name}) on conflict (name) do nothing`);
  const result = await db.execute(sql`
    update maintenance_runs
    set lease_holder = ${holder}::uuid, lease_until = now() + make_interval(secs => ${leaseSeconds}::int), last_started_at = now()
    where name = ${name} and next_run_at <= now() and (lease_until is null or lease_until < now())
    returning name`);
  return rowsOf(result).length === 1;
}

/** Extends a held lease (between batches of a long run). False: the lease was lost. */
export async function renewJob(db: Db, name: JobName, holder: string, leaseSeconds: number): Promise<boolean> {
  const result = await db.execute(sql`
    update maintenance_runs set lease_until = now() + make_interval(secs => ${leaseSeconds}::int)
    where name = ${name} and lease_holder = ${holder}::uuid returning name`);
  return rowsOf(result).length === 1;
}

/** Records the result, releases the lease and schedules the next run `intervalSeconds` from now. */
export async function finishJob(db: Db, name: JobName, holder: string, intervalSeconds: number, result: Record<string, unknown>): Promise<void> {
  await db.execute(sql`
    update maintenance_runs
    set lease_holder = null, lease_until = null, last_finished_at = now(),
        next_run_at = now() + make_interval(secs => ${intervalSeconds}::int), last_result = ${JSON.stringify(result)}::jsonb
    where name = ${name} and lease_holder = ${holder}::uuid`);
}

/** Releases the lease after a failure; the job is due again at the next tick (next_run_at unchanged). */
async function abandonJob(db: Db, name: JobName, holder: string): Promise<void> {
  await db.execute(sql`update maintenance_runs set lease_holder = null, lease_until = null where name = ${name} and lease_holder = ${holder}::uuid`);
}

export interface JobRecord {
  name: JobName;
  lastStartedAt: Date | null;
  lastFinishedAt: Date | null;
  nextRunAt: Date;
  lastResult: Record<string, unknown> | null;
}

const asDate = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));

/** The jobs' last results (GET /api/metrics). */
export async function readJobs(db: Db): Promise<JobRecord[]> {
  const result = await db.execute(sql`select name, last_started_at, last_finished_at, next_run_at, last_result from maintenance_runs order by name`);
  return rowsOf<{ name: JobName; last_started_at: unknown; last_finished_at: unknown; next_run_at: unknown; last_result: unknown }>(result).map((r) => ({
    name: r.name,
    lastStartedAt: asDate(r.last_started_at),
    lastFinishedAt: asDate(r.last_finished_at),
    nextRunAt: asDate(r.next_run_at)!,
    lastResult: (typeof r.last_result === 'string' ? JSON.parse(r.last_result) : r.last_result) as Record<string, unknown> | null,
  }));
}

export interface MaintenanceOptions {
  retention?: Partial<RetentionPolicy>;
  retentionIntervalSeconds?: number;
  reconciliationIntervalSeconds?: number;
  leaseSeconds?: number;
  log?: Logger;
}

function resolve(options: MaintenanceOptions) {
  const env = getEnv();
  return {
    policy: {
      eventRetentionDays: options.retention?.eventRetentionDays ?? env.RETENTION_EVENTS_DAYS,
      sessionRetentionDays: options.retention?.sessionRetentionDays ?? env.RETENTION_SESSIONS_DAYS,
      batchSize: options.retention?.batchSize ?? env.RETENTION_BATCH_SIZE,
    },
    retentionIntervalSeconds: options.retentionIntervalSeconds ?? env.RETENTION_INTERVAL_SECONDS,
    reconciliationIntervalSeconds: options.reconciliationIntervalSeconds ?? env.RECONCILIATION_INTERVAL_SECONDS,
    leaseSeconds: options.leaseSeconds ?? 600,
    log: options.log ?? logger().child({ component: 'maintenance' }),
  };
}

/** The ledger's reconciliation over every tenant: the result kept for the metrics. */
export async function reconcileAll(db: Db, onTenant?: () => Promise<void>): Promise<Record<string, unknown>> {
  const tenants = rowsOf<{ id: string }>(await db.execute(sql`select id from tenants order by id`));
  const unbalanced: string[] = [];
  for (const { id } of tenants) {
    const report = await reconcile(db, id);
    if (!report.balanced) unbalanced.push(id);
    await onTenant?.();
  }
  return { balanced: unbalanced.length === 0, tenants: tenants.length, unbalancedTenants: unbalanced.length, unbalancedTenantIds: unbalanced.slice(0, 20) };
}

/** Runs every job that is due and whose lease this call obtains. Returns the jobs it ran. */
export async function runDueJobs(db: Db, options: MaintenanceOptions = {}): Promise<Partial<Record<JobName, Record<string, unknown>>>> {
  const o = resolve(options);
  const ran: Partial<Record<JobName, Record<string, unknown>>> = {};
  const jobs: [JobName, number, (renew: () => Promise<void>) => Promise<Record<string, unknown>>][] = [
    ['retention', o.retentionIntervalSeconds, async (renew) => ({ removed: await runRetentionSweeps(db, o.policy, renew) })],
    ['reconciliation', o.reconciliationIntervalSeconds, (renew) => reconcileAll(db, renew)],
  ];
  for (const [name, interval, run] of jobs) {
    const holder = randomUUID();
    if (!(await claimJob(db, name, holder, o.leaseSeconds))) continue;
    const renew = async () => {
      if (!(await renewJob(db, name, holder, o.leaseSeconds))) throw new Error(`lost the lease of ${name}`);
    };
    const started = performance.now();
    try {
      const result = { ...(await run(renew)), durationMs: Math.round(performance.now() - started) };
      await finishJob(db, name, holder, interval, result);
      ran[name] = result;
      o.log.info({ job: name, ...result }, 'maintenance job done');
    } catch (error) {
      o.log.error({ job: name, err: error }, 'maintenance job failed');
      await abandonJob(db, name, holder).catch(() => undefined);
    }
  }
  return ran;
}

/** Polls for due jobs (the schedule itself lives in the database). One per process. */
export class MaintenanceScheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly db: Db,
    private readonly tickMs: number,
    private readonly options: MaintenanceOptions = {},
  ) {}

  start(): void {
    if (this.timer) return;
    const tick = () => {
      this.running ??= runDueJobs(this.db, this.options)
        .catch(() => undefined)
        .finally(() => (this.running = null));
    };
    // the first look one tick after start: a starting server serves its first requests undisturbed
    this.timer = setInterval(tick, this.tickMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}

const holder = globalThis as unknown as { __bpMaintenance?: MaintenanceScheduler };

/** Starts this process's scheduler (the delivery worker's process: in the server or npm run worker). */
export function startMaintenance(db: Db): MaintenanceScheduler {
  const env = getEnv();
  holder.__bpMaintenance ??= new MaintenanceScheduler(db, env.MAINTENANCE_TICK_SECONDS * 1000);
  holder.__bpMaintenance.start();
  return holder.__bpMaintenance;
}

export async function stopMaintenance(): Promise<void> {
  const scheduler = holder.__bpMaintenance;
  holder.__bpMaintenance = undefined;
  await scheduler?.stop();
}
