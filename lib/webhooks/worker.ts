import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { clock } from '@/lib/clock';
import type { Database, Db, DbOrTx } from '@/lib/db/client';
import { events, webhookAttempts, webhookDeliveries, webhookSubscriptions } from '@/lib/db/schema';
import { getEnv } from '@/lib/env';
import { logger } from '@/lib/log';
import { WEBHOOK_WAKEUP_CHANNEL } from '@/lib/services/events/emit';
import { disableSubscription } from '@/lib/services/webhooks/subscriptions';
import { postWebhook, type SendResult } from './http';
import { AUTO_DISABLE_AFTER_MS, parseRetryAfter, retryDelayMs } from './retry';
import { decryptSecret, encryptionKey } from './secrets';
import { webhookHeaders } from './signer';

/**
 * The delivery worker. It claims due PENDING deliveries from PostgreSQL with
 * `FOR UPDATE SKIP LOCKED`, so several workers (server instances, `npm run worker`) never claim the
 * same one at once. Claiming moves next_attempt_at to the end of a lease (the HTTP timeout plus a
 * margin) and sets a claim token, then commits: the HTTP request runs outside any transaction.
 * Only the token holder completes the delivery. A worker that dies mid-delivery leaves the lease to
 * expire, after which any worker sends the delivery again: at-least-once, receivers dedupe on
 * webhook-id (the event id, the same on every attempt).
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

export interface ClaimedDelivery {
  tenantId: string;
  id: string;
  claimToken: string;
}

/**
 * Claims up to `limit` due deliveries (or exactly the given ones, when still due) in one statement.
 */
export async function claimDue(db: DbOrTx, args: { limit: number; now: Date; leaseMs: number; ids?: string[] }): Promise<ClaimedDelivery[]> {
  if (args.limit <= 0 || (args.ids && !args.ids.length)) return [];
  const token = randomUUID();
  const until = new Date(args.now.getTime() + args.leaseMs);
  const only = args.ids ? sql`and id in (${sql.join(args.ids.map((id) => sql`${id}::uuid`), sql`, `)})` : sql``;
  const result = await db.execute<{ tenant_id: string; id: string }>(sql`
    with due as (
      select tenant_id, id from webhook_deliveries
      where status = 'PENDING' and next_attempt_at <= ${args.now} ${only}
      order by next_attempt_at
      limit ${args.limit}
      for update skip locked
    )
    update webhook_deliveries d
    set next_attempt_at = ${until}, claim_token = ${token}, updated_at = ${args.now}
    from due
    where d.tenant_id = due.tenant_id and d.id = due.id
    returning d.tenant_id, d.id`);
  return (result as unknown as { rows: Array<{ tenant_id: string; id: string }> }).rows.map((r) => ({ tenantId: r.tenant_id, id: r.id, claimToken: token }));
}

/** Everything needed to send one claimed delivery. */
async function loadContext(db: Db, claimed: ClaimedDelivery) {
  const [row] = await db
    .select({
      delivery: webhookDeliveries,
      subscription: webhookSubscriptions,
      payload: events.payload,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookSubscriptions, and(eq(webhookSubscriptions.tenantId, webhookDeliveries.tenantId), eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId)))
    .innerJoin(events, and(eq(events.tenantId, webhookDeliveries.tenantId), eq(events.id, webhookDeliveries.eventId)))
    .where(and(eq(webhookDeliveries.tenantId, claimed.tenantId), eq(webhookDeliveries.id, claimed.id), eq(webhookDeliveries.claimToken, claimed.claimToken)));
  return row;
}

export type AttemptOutcome = 'SUCCEEDED' | 'RETRY' | 'FAILED' | 'CANCELED' | 'LOST';

export interface AttemptReport {
  deliveryId: string;
  outcome: AttemptOutcome;
  attemptId: string | null;
  result: SendResult | null;
}

async function secretsOf(db: Db, sub: typeof webhookSubscriptions.$inferSelect, now: Date): Promise<string[]> {
  const { key } = await encryptionKey(db);
  const owner = { tenantId: sub.tenantId, subscriptionId: sub.id };
  const secrets = [decryptSecret(key, sub.secretCiphertext, owner)];
  if (sub.previousSecretCiphertext && sub.previousSecretExpiresAt && sub.previousSecretExpiresAt > now) {
    secrets.push(decryptSecret(key, sub.previousSecretCiphertext, owner));
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

/** Sends one claimed delivery and records the attempt and its consequences. */
export async function deliverClaimed(db: Db, claimed: ClaimedDelivery, options: WorkerOptions = {}): Promise<AttemptReport> {
  const o = resolveOptions(options);
  const context = await loadContext(db, claimed);
  if (!context) return { deliveryId: claimed.id, outcome: 'LOST', attemptId: null, result: null };
  const { delivery, subscription, payload } = context;
  const attemptedAt = clock.now();

  if (!subscription.enabled) {
    await db
      .update(webhookDeliveries)
      .set({ status: 'CANCELED', nextAttemptAt: null, claimToken: null, lastError: 'the subscription is disabled', completedAt: attemptedAt, updatedAt: attemptedAt })
      .where(and(eq(webhookDeliveries.tenantId, claimed.tenantId), eq(webhookDeliveries.id, claimed.id), eq(webhookDeliveries.claimToken, claimed.claimToken)));
    return { deliveryId: claimed.id, outcome: 'CANCELED', attemptId: null, result: null };
  }

  // the catalogue's field order (jsonb keeps its own); deterministic, so the same on every attempt
  const { id, type, tenantId, createdAt, data } = payload as Record<string, unknown>;
  const body = JSON.stringify({ id, type, tenantId, createdAt, data });
  let result: SendResult;
  try {
    const secrets = await secretsOf(db, subscription, attemptedAt);
    const headers = webhookHeaders({ msgId: delivery.eventId, timestamp: Math.floor(attemptedAt.getTime() / 1000), body, secrets });
    result = await postWebhook(subscription.endpointUrl, body, headers, {
      verifySsl: subscription.verifySsl,
      timeoutMs: o.timeoutMs,
      allowPrivateNetworks: o.allowPrivateNetworks,
    });
  } catch (error) {
    result = { status: null, body: null, retryAfter: null, location: null, durationMs: 0, error: `cannot sign: ${(error as Error).message}` };
  }

  const attemptNumber = delivery.attemptCount + 1;
  const error = failureText(result);
  const gone = result.status === 410;
  const retriesLeft = attemptNumber <= subscription.maxRetryAttempts;
  let outcome: AttemptOutcome = !error ? 'SUCCEEDED' : gone || !retriesLeft ? 'FAILED' : 'RETRY';
  let nextAttemptAt: Date | null = null;
  if (outcome === 'RETRY') {
    const retryAfter = result.status === 429 || result.status === 503 ? parseRetryAfter(result.retryAfter, attemptedAt) : null;
    nextAttemptAt = new Date(attemptedAt.getTime() + (retryAfter ?? retryDelayMs(subscription.retryBackoffSeconds, attemptNumber, o.random)));
  }
  const completedAt = clock.now();

  const attemptId = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(webhookDeliveries)
      .set({
        status: outcome === 'RETRY' ? 'PENDING' : (outcome as 'SUCCEEDED' | 'FAILED'),
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
    const [attempt] = await tx
      .insert(webhookAttempts)
      .values({
        tenantId: claimed.tenantId,
        deliveryId: claimed.id,
        attemptNumber,
        attemptedAt,
        durationMs: result.durationMs,
        endpointUrl: subscription.endpointUrl,
        responseStatus: result.status,
        responseBody: result.body,
        error,
      })
      .returning({ id: webhookAttempts.id });

    const subscriptionWhere = and(eq(webhookSubscriptions.tenantId, claimed.tenantId), eq(webhookSubscriptions.id, subscription.id));
    if (!error) {
      // Only a failing subscription's row is written (and locked) on success.
      await tx.update(webhookSubscriptions).set({ failingSince: null }).where(and(subscriptionWhere, isNotNull(webhookSubscriptions.failingSince)));
    } else if (gone) {
      await disableSubscription(tx, claimed.tenantId, subscription.id, 'ENDPOINT_GONE', 'the endpoint answered 410 Gone', completedAt);
    } else {
      const [state] = await tx
        .update(webhookSubscriptions)
        .set({ failingSince: sql`coalesce(${webhookSubscriptions.failingSince}, ${attemptedAt}::timestamptz)` })
        .where(subscriptionWhere)
        .returning({ failingSince: webhookSubscriptions.failingSince, enabled: webhookSubscriptions.enabled });
      if (state?.enabled && state.failingSince && attemptedAt.getTime() - state.failingSince.getTime() >= AUTO_DISABLE_AFTER_MS) {
        await disableSubscription(
          tx,
          claimed.tenantId,
          subscription.id,
          'FAILING_TOO_LONG',
          `every attempt since ${state.failingSince.toISOString()} failed (5 days)`,
          completedAt,
        );
      }
    }
    return attempt!.id;
  });

  if (error) o.log.info({ deliveryId: claimed.id, tenantId: claimed.tenantId, attemptNumber, outcome, status: result.status, error }, 'webhook attempt failed');
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
  if (!report.result) return;
  stats.attempted += 1;
  if (report.outcome === 'SUCCEEDED') stats.succeeded += 1;
  else if (report.outcome === 'FAILED') stats.failed += 1;
  else if (report.outcome === 'RETRY') stats.retrying += 1;
}

/**
 * Delivers everything due now (by the injectable clock) and returns when nothing is due: the
 * deterministic entry point for tests and one-shot runs.
 */
export async function runWorkerOnce(db: Db, options: WorkerOptions = {}): Promise<RunStats> {
  const o = resolveOptions(options);
  const stats = emptyStats();
  for (;;) {
    const claimed = await claimDue(db, { limit: o.concurrency, now: clock.now(), leaseMs: leaseMs(o.timeoutMs) });
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
      this.unlisten = await this.database.listen(WEBHOOK_WAKEUP_CHANNEL, () => this.wake()).catch((error: unknown) => {
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
        claimed = await claimDue(db, { limit: free, now: clock.now(), leaseMs: leaseMs(this.o.timeoutMs) });
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
  return holder.__bpWebhookWorker;
}

export async function stopWebhookWorker(): Promise<void> {
  const worker = holder.__bpWebhookWorker;
  holder.__bpWebhookWorker = undefined;
  await worker?.stop();
}

/** Wakes this process's worker, if it runs (replay, recover). */
export function wakeWebhookWorker(): void {
  holder.__bpWebhookWorker?.wake();
}

