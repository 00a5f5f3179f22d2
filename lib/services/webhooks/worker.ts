import { randomUUID } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Logger } from 'pino';
import { clock } from '@/lib/clock';
import type { Database, Db, DbOrTx } from '@/lib/db/client';
import { dbNow, dbNowPlus } from '@/lib/db/now';
import { webhookAttempts, webhookDeliveries, webhookSubscriptions } from '@/lib/db/schema';
import { getEnv } from '@/lib/env';
import { logger } from '@/lib/log';
import { metrics } from '@/lib/metrics/registry';
import { WEBHOOK_WAKEUP_CHANNEL } from '@/lib/services/events/emit';
import { startMaintenance, stopMaintenance } from '@/lib/services/retention/jobs';
import { postWebhook, type SendResult } from './http';
import { disableSubscription } from './lifecycle';
import { AUTO_DISABLE_AFTER_MS, parseRetryAfter, retryDelayMs } from './retry';
import { encryptionKey } from '@/lib/services/data-key';
import { decryptSecret } from './secrets';
import { webhookHeaders } from './signer';

/**
 * The delivery worker. It claims due PENDING deliveries from PostgreSQL with
 * `FOR UPDATE SKIP LOCKED`, so several workers (server instances, `npm run worker`) never claim the
 * same one at once. Claiming moves next_attempt_at to the end of a lease (the HTTP timeout plus a
 * margin) and sets a claim token, then commits: the HTTP request runs outside any transaction.
 * Only the token holder completes the delivery. A worker that dies mid-delivery leaves the lease to
 * expire, after which any worker sends the delivery again: at-least-once, receivers dedupe on
 * webhook-id (the event id, the same on every attempt). What is due, the lease's end and the next
 * retry are all on the database's clock (lib/db/now.ts), never a server's: a worker whose clock runs
 * ahead does not take over a lease that still holds, nor one behind leave due deliveries waiting.
 */
export const LEASE_MARGIN_MS = 5_000;

export interface WorkerOptions {
  /** deliveries in flight at once */
  concurrency?: number;
  pollIntervalMs?: number;
  timeoutMs?: number;
  allowPrivateNetworks?: boolean;
  /** jitter source (tests) */
  random?: () => number;
  log?: Logger;
}

interface ResolvedOptions {
  concurrency: number;
  pollIntervalMs: number;
  timeoutMs: number;
  allowPrivateNetworks: boolean;
  random: () => number;
  log: Logger;
}

function resolveOptions(options: WorkerOptions = {}): ResolvedOptions {
  const env = getEnv();
  return {
    concurrency: options.concurrency ?? env.WEBHOOK_WORKER_CONCURRENCY,
    pollIntervalMs: options.pollIntervalMs ?? env.WEBHOOK_POLL_INTERVAL_MS,
    timeoutMs: options.timeoutMs ?? env.WEBHOOK_TIMEOUT_MS,
    allowPrivateNetworks: options.allowPrivateNetworks ?? env.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
    random: options.random ?? Math.random,
    log: options.log ?? logger().child({ component: 'webhook-worker' }),
  };
}

export const leaseMs = (timeoutMs: number) => timeoutMs + LEASE_MARGIN_MS;

/** What sending a delivery needs, read in the same statement that claims it. */
export interface DeliveryContext {
  subscriptionId: string;
  eventId: string;
  attemptCount: number;
  endpointUrl: string;
  secretCiphertext: string;
  previousSecretCiphertext: string | null;
  previousSecretExpiresAt: Date | null;
  verifySsl: boolean;
  maxRetryAttempts: number;
  retryBackoffSeconds: number;
  enabled: boolean;
  payload: Record<string, unknown>;
}

export interface ClaimedDelivery {
  tenantId: string;
  id: string;
  claimToken: string;
  /** absent: read by claim token before sending */
  context?: DeliveryContext;
}

interface ContextRow {
  tenant_id: string;
  id: string;
  subscription_id: string;
  event_id: string;
  attempt_count: number;
  endpoint_url: string;
  secret_ciphertext: string;
  previous_secret_ciphertext: string | null;
  previous_secret_expires_at: Date | string | null;
  verify_ssl: boolean;
  max_retry_attempts: number;
  retry_backoff_seconds: number;
  enabled: boolean;
  payload: Record<string, unknown> | string;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const asDate = (v: Date | string | null) => (v === null ? null : v instanceof Date ? v : new Date(v));

function toClaimed(row: ContextRow, claimToken: string): ClaimedDelivery {
  return {
    tenantId: row.tenant_id,
    id: row.id,
    claimToken,
    context: {
      subscriptionId: row.subscription_id,
      eventId: row.event_id,
      attemptCount: Number(row.attempt_count),
      endpointUrl: row.endpoint_url,
      secretCiphertext: row.secret_ciphertext,
      previousSecretCiphertext: row.previous_secret_ciphertext,
      previousSecretExpiresAt: asDate(row.previous_secret_expires_at),
      verifySsl: row.verify_ssl,
      maxRetryAttempts: Number(row.max_retry_attempts),
      retryBackoffSeconds: Number(row.retry_backoff_seconds),
      enabled: row.enabled,
      payload: typeof row.payload === 'string' ? (JSON.parse(row.payload) as Record<string, unknown>) : row.payload,
    },
  };
}

/** The columns of a delivery's context, joined from its subscription and event. */
const contextColumns = sql.raw(`
  c.tenant_id, c.id, c.subscription_id, c.event_id, c.attempt_count,
  s.endpoint_url, s.secret_ciphertext, s.previous_secret_ciphertext, s.previous_secret_expires_at,
  s.verify_ssl, s.max_retry_attempts, s.retry_backoff_seconds, s.enabled, e.payload`);
const contextJoins = sql.raw(`
  join webhook_subscriptions s on s.tenant_id = c.tenant_id and s.id = c.subscription_id
  join events e on e.tenant_id = c.tenant_id and e.id = c.event_id`);

/**
 * Claims up to `limit` due deliveries (or exactly the given ones, when still due) in one statement
 * that also returns what sending them needs. Due and the lease's end: the database's clock.
 */
export async function claimDue(db: DbOrTx, args: { limit: number; leaseMs: number; ids?: string[] }): Promise<ClaimedDelivery[]> {
  if (args.limit <= 0 || (args.ids && !args.ids.length)) return [];
  const token = randomUUID();
  const only = args.ids
    ? sql`and id in (${sql.join(
        args.ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  const result = await db.execute(sql`
    with due as (
      select tenant_id, id from webhook_deliveries
      where status = 'PENDING' and next_attempt_at <= ${dbNow()} ${only}
      order by next_attempt_at
      limit ${args.limit}
      for update skip locked
    ),
    c as (
      update webhook_deliveries d
      set next_attempt_at = ${dbNowPlus(args.leaseMs)}, claim_token = ${token}, updated_at = ${dbNow()}
      from due
      where d.tenant_id = due.tenant_id and d.id = due.id
      returning d.tenant_id, d.id, d.subscription_id, d.event_id, d.attempt_count
    )
    select ${contextColumns} from c ${contextJoins}`);
  return rowsOf<ContextRow>(result).map((row) => toClaimed(row, token));
}

/** The context of a delivery held with this claim token (created already claimed: test events). */
async function loadContext(db: Db, claimed: ClaimedDelivery): Promise<DeliveryContext | undefined> {
  const result = await db.execute(sql`
    select ${contextColumns}
    from webhook_deliveries c ${contextJoins}
    where c.tenant_id = ${claimed.tenantId} and c.id = ${claimed.id} and c.claim_token = ${claimed.claimToken} and c.status = 'PENDING'`);
  const [row] = rowsOf<ContextRow>(result);
  return row ? toClaimed(row, claimed.claimToken).context : undefined;
}

export type AttemptOutcome = 'SUCCEEDED' | 'RETRY' | 'FAILED' | 'CANCELED' | 'LOST';

export interface AttemptReport {
  deliveryId: string;
  outcome: AttemptOutcome;
  attemptId: string | null;
  result: SendResult | null;
}

async function secretsOf(db: Db, tenantId: string, context: DeliveryContext, now: Date): Promise<string[]> {
  const { key } = await encryptionKey(db);
  const owner = { tenantId, subscriptionId: context.subscriptionId };
  const secrets = [decryptSecret(key, context.secretCiphertext, owner)];
  if (context.previousSecretCiphertext && context.previousSecretExpiresAt && context.previousSecretExpiresAt > now) {
    secrets.push(decryptSecret(key, context.previousSecretCiphertext, owner));
  }
  return secrets;
}

function failureText(result: SendResult): string | null {
  if (result.error) return result.error;
  if (result.status === null) return 'no answer';
  if (result.status >= 300 && result.status < 400) return `redirect${result.location ? ` to ${result.location}` : ''} not followed`;
  if (result.status < 200 || result.status >= 300) return `HTTP ${result.status}`;
  return null;
}

interface Attempt {
  number: number;
  attemptedAt: Date;
  completedAt: Date;
  result: SendResult;
  endpointUrl: string;
}

/**
 * A success, recorded in one statement (the common case, kept cheap): the delivery (only while
 * this claim holds it), the attempt (whenever the delivery still exists), and the subscription's
 * failure clock (only when it was running).
 */
/**
 * The lock order of a subscription and its deliveries: the subscription's row first, as deleting it
 * (the cascade) and disabling it (then cancelling its deliveries) take them. Recording an attempt
 * updates the delivery and then the subscription (failing_since, auto-disable); without this lock
 * first, a worker holding a delivery and a DELETE holding the subscription waited for each other,
 * and PostgreSQL aborted the DELETE as a deadlock victim (a 500 the fuzzer found on PostgreSQL).
 */
async function lockSubscriptionFirst(tx: DbOrTx, tenantId: string, subscriptionId: string): Promise<void> {
  await tx
    .select({ id: webhookSubscriptions.id })
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.tenantId, tenantId), eq(webhookSubscriptions.id, subscriptionId)))
    .for('no key update');
}

async function recordSuccess(db: Db, claimed: ClaimedDelivery, subscriptionId: string, a: Attempt): Promise<{ updated: boolean; attemptId: string | null }> {
  // one statement; `l` (an init plan of `d`'s condition) locks the subscription before `d` touches the
  // delivery, when `s` will update it (lockSubscriptionFirst)
  const result = await db.execute(sql`
    with l as (
      select id from webhook_subscriptions
      where tenant_id = ${claimed.tenantId} and id = ${subscriptionId} and failing_since is not null
      for no key update
    ),
    d as (
      update webhook_deliveries
      set status = 'SUCCEEDED', attempt_count = attempt_count + 1, next_attempt_at = null, claim_token = null,
          last_status_code = ${a.result.status}, last_error = null, completed_at = ${a.completedAt}, updated_at = ${a.completedAt}
      where tenant_id = ${claimed.tenantId} and id = ${claimed.id} and claim_token = ${claimed.claimToken} and status = 'PENDING'
        and (select count(*) from l) >= 0
      returning id
    ),
    a as (
      insert into webhook_attempts (tenant_id, delivery_id, attempt_number, attempted_at, duration_ms, endpoint_url, response_status, response_body, error)
      select ${claimed.tenantId}, ${claimed.id}, ${a.number}, ${a.attemptedAt}, ${a.result.durationMs}, ${a.endpointUrl}, ${a.result.status}, ${a.result.body}, null
      where exists (select 1 from webhook_deliveries where tenant_id = ${claimed.tenantId} and id = ${claimed.id})
      returning id
    ),
    s as (
      update webhook_subscriptions set failing_since = null
      where tenant_id = ${claimed.tenantId} and id = ${subscriptionId} and failing_since is not null and exists (select 1 from d)
      returning id
    )
    select (select count(*) from d)::int as updated, (select id from a) as attempt_id, (select count(*) from s)::int as cleared`);
  const [row] = rowsOf<{ updated: number; attempt_id: string | null }>(result);
  return { updated: Number(row?.updated ?? 0) > 0, attemptId: row?.attempt_id ?? null };
}

/** Sends one claimed delivery and records the attempt and its consequences. */
export async function deliverClaimed(db: Db, claimed: ClaimedDelivery, options: WorkerOptions = {}): Promise<AttemptReport> {
  const o = resolveOptions(options);
  const context = claimed.context ?? (await loadContext(db, claimed));
  if (!context) return { deliveryId: claimed.id, outcome: 'LOST', attemptId: null, result: null };
  const attemptedAt = clock.now();

  if (!context.enabled) {
    await db
      .update(webhookDeliveries)
      .set({ status: 'CANCELED', nextAttemptAt: null, claimToken: null, lastError: 'the subscription is disabled', completedAt: attemptedAt, updatedAt: attemptedAt })
      .where(and(eq(webhookDeliveries.tenantId, claimed.tenantId), eq(webhookDeliveries.id, claimed.id), eq(webhookDeliveries.claimToken, claimed.claimToken)));
    return { deliveryId: claimed.id, outcome: 'CANCELED', attemptId: null, result: null };
  }

  // the catalogue's field order (jsonb keeps its own); deterministic, so the same on every attempt
  const { id, type, tenantId, createdAt, data } = context.payload;
  const body = JSON.stringify({ id, type, tenantId, createdAt, data });
  let result: SendResult;
  try {
    const secrets = await secretsOf(db, claimed.tenantId, context, attemptedAt);
    const headers = webhookHeaders({ msgId: context.eventId, timestamp: Math.floor(attemptedAt.getTime() / 1000), body, secrets });
    result = await postWebhook(context.endpointUrl, body, headers, {
      verifySsl: context.verifySsl,
      timeoutMs: o.timeoutMs,
      allowPrivateNetworks: o.allowPrivateNetworks,
    });
  } catch (error) {
    result = { status: null, body: null, retryAfter: null, location: null, durationMs: 0, error: `cannot sign: ${(error as Error).message}` };
  }

  const attempt: Attempt = { number: context.attemptCount + 1, attemptedAt, completedAt: clock.now(), result, endpointUrl: context.endpointUrl };
  const error = failureText(result);
  if (!error) {
    const done = await recordSuccess(db, claimed, context.subscriptionId, attempt);
    return { deliveryId: claimed.id, outcome: done.updated ? 'SUCCEEDED' : 'LOST', attemptId: done.attemptId, result };
  }

  const gone = result.status === 410;
  const retriesLeft = attempt.number <= context.maxRetryAttempts;
  let outcome: AttemptOutcome = gone || !retriesLeft ? 'FAILED' : 'RETRY';
  // the next attempt is scheduled on the database's clock, like the claim
  let nextAttemptAt: SQL | null = null;
  if (outcome === 'RETRY') {
    const retryAfter = result.status === 429 || result.status === 503 ? parseRetryAfter(result.retryAfter, attemptedAt) : null;
    nextAttemptAt = dbNowPlus(retryAfter ?? retryDelayMs(context.retryBackoffSeconds, attempt.number, o.random));
  }
  const { completedAt } = attempt;

  const attemptId = await db.transaction(async (tx) => {
    await lockSubscriptionFirst(tx, claimed.tenantId, context.subscriptionId);
    const [updated] = await tx
      .update(webhookDeliveries)
      .set({
        status: outcome === 'RETRY' ? 'PENDING' : 'FAILED',
        attemptCount: sql`${webhookDeliveries.attemptCount} + 1`,
        nextAttemptAt,
        claimToken: null,
        lastStatusCode: result.status,
        lastError: error,
        completedAt: outcome === 'RETRY' ? null : completedAt,
        updatedAt: completedAt,
      })
      .where(
        and(
          eq(webhookDeliveries.tenantId, claimed.tenantId),
          eq(webhookDeliveries.id, claimed.id),
          eq(webhookDeliveries.claimToken, claimed.claimToken),
          eq(webhookDeliveries.status, 'PENDING'),
        ),
      )
      .returning({ id: webhookDeliveries.id });
    if (!updated) {
      // Canceled or deleted meanwhile: the request was still made, so record it if the delivery exists.
      outcome = 'LOST';
      const [exists] = await tx
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.tenantId, claimed.tenantId), eq(webhookDeliveries.id, claimed.id)));
      if (!exists) return null;
    }
    const [row] = await tx
      .insert(webhookAttempts)
      .values({
        tenantId: claimed.tenantId,
        deliveryId: claimed.id,
        attemptNumber: attempt.number,
        attemptedAt,
        durationMs: result.durationMs,
        endpointUrl: context.endpointUrl,
        responseStatus: result.status,
        responseBody: result.body,
        error,
      })
      .returning({ id: webhookAttempts.id });
    if (!updated) return row!.id;

    if (gone) {
      await disableSubscription(tx, claimed.tenantId, context.subscriptionId, 'ENDPOINT_GONE', 'the endpoint answered 410 Gone', completedAt);
    } else {
      const [state] = await tx
        .update(webhookSubscriptions)
        .set({ failingSince: sql`coalesce(${webhookSubscriptions.failingSince}, ${attemptedAt}::timestamptz)` })
        .where(and(eq(webhookSubscriptions.tenantId, claimed.tenantId), eq(webhookSubscriptions.id, context.subscriptionId)))
        .returning({ failingSince: webhookSubscriptions.failingSince, enabled: webhookSubscriptions.enabled });
      if (state?.enabled && state.failingSince && attemptedAt.getTime() - state.failingSince.getTime() >= AUTO_DISABLE_AFTER_MS) {
        await disableSubscription(tx, claimed.tenantId, context.subscriptionId, 'FAILING_TOO_LONG', `every attempt since ${state.failingSince.toISOString()} failed (5 days)`, completedAt);
      }
    }
    return row!.id;
  });

  o.log.info({ deliveryId: claimed.id, tenantId: claimed.tenantId, attemptNumber: attempt.number, outcome, status: result.status, error }, 'webhook attempt failed');
  return { deliveryId: claimed.id, outcome, attemptId, result };
}

export interface RunStats {
  attempted: number;
  succeeded: number;
  failed: number;
  retrying: number;
}

const emptyStats = (): RunStats => ({ attempted: 0, succeeded: 0, failed: 0, retrying: 0 });

function count(stats: RunStats, report: AttemptReport): void {
  metrics().webhookAttempts.inc({ outcome: report.outcome });
  if (!report.result) return;
  stats.attempted += 1;
  if (report.outcome === 'SUCCEEDED') stats.succeeded += 1;
  else if (report.outcome === 'FAILED') stats.failed += 1;
  else if (report.outcome === 'RETRY') stats.retrying += 1;
}

/**
 * Delivers everything due now (on the database's clock, or the test clock of setClock) and returns when nothing is due: the
 * deterministic entry point for tests and one-shot runs.
 */
export async function runWorkerOnce(db: Db, options: WorkerOptions = {}): Promise<RunStats> {
  const o = resolveOptions(options);
  const stats = emptyStats();
  for (;;) {
    const claimed = await claimDue(db, { limit: o.concurrency, leaseMs: leaseMs(o.timeoutMs) });
    if (!claimed.length) return stats;
    const reports = await Promise.all(claimed.map((c) => deliverClaimed(db, c, options)));
    for (const report of reports) count(stats, report);
  }
}

/** The long-running worker: claims while it has free slots, sleeps until woken or the poll interval passes. */
export class WebhookWorker {
  readonly stats = emptyStats();
  private running = false;
  private loop: Promise<void> | null = null;
  private readonly inflight = new Set<Promise<void>>();
  private wakeUp: (() => void) | null = null;
  private woken = false;
  private unlisten: (() => Promise<void>) | null = null;
  private readonly o: ResolvedOptions;

  constructor(
    private readonly database: Pick<Database, 'db' | 'listen'>,
    private readonly options: WorkerOptions = {},
  ) {
    this.o = resolveOptions(options);
  }

  get active(): boolean {
    return this.running;
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    if (this.database.listen) {
      this.unlisten = await this.database
        .listen(WEBHOOK_WAKEUP_CHANNEL, () => this.wake())
        .catch((error: unknown) => {
          this.o.log.warn({ err: error }, 'webhook worker: LISTEN failed; polling only');
          return null;
        });
    }
    this.loop = this.run();
  }

  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  private sleep(ms: number): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = null;
        this.woken = false;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeUp = done;
    });
  }

  private async run(): Promise<void> {
    const { db } = this.database;
    while (this.running) {
      const free = this.o.concurrency - this.inflight.size;
      if (free <= 0) {
        // woken when a delivery in flight finishes
        await this.sleep(this.o.pollIntervalMs);
        continue;
      }
      let claimed: ClaimedDelivery[] = [];
      try {
        claimed = await claimDue(db, { limit: free, leaseMs: leaseMs(this.o.timeoutMs) });
      } catch (error) {
        this.o.log.error({ err: error }, 'webhook worker: claiming failed');
      }
      for (const c of claimed) {
        const job: Promise<void> = deliverClaimed(db, c, this.options)
          .then((report) => count(this.stats, report))
          .catch((error: unknown) => this.o.log.error({ err: error, deliveryId: c.id }, 'webhook worker: delivery failed unexpectedly'))
          .finally(() => {
            this.inflight.delete(job);
            this.wake();
          });
        this.inflight.add(job);
      }
      // every free slot taken: more may be due, go again; otherwise nothing is due until woken or polled
      if (claimed.length === free) continue;
      await this.sleep(this.o.pollIntervalMs);
    }
  }

  /** Stops claiming and waits for the deliveries in flight (they finish within the timeout). */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.wake();
    await this.loop;
    await Promise.allSettled([...this.inflight]);
    await this.unlisten?.().catch(() => undefined);
    this.unlisten = null;
  }
}

const holder = globalThis as unknown as { __bpWebhookWorker?: WebhookWorker };

/** The process's worker (one per process, also across dev-mode module reloads). */
export async function startWebhookWorker(database: Pick<Database, 'db' | 'listen'>, options: WorkerOptions = {}): Promise<WebhookWorker> {
  holder.__bpWebhookWorker ??= new WebhookWorker(database, options);
  await holder.__bpWebhookWorker.start();
  // the retention sweeps and the reconciliation run where deliveries run (lib/services/retention)
  startMaintenance(database.db);
  return holder.__bpWebhookWorker;
}

export async function stopWebhookWorker(): Promise<void> {
  const worker = holder.__bpWebhookWorker;
  holder.__bpWebhookWorker = undefined;
  await Promise.all([worker?.stop(), stopMaintenance()]);
}

/** Wakes this process's worker, if it runs (replay, recover). */
export function wakeWebhookWorker(): void {
  holder.__bpWebhookWorker?.wake();
}
