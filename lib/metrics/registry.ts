import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus metrics (served by GET /api/metrics, lib/metrics/collect.ts). Counters
 * live in process memory: each instance exposes its own and Prometheus sums them across instances.
 * Gauges read from the database (queue depth, the jobs' last results) are filled at scrape time.
 * Kept on globalThis so Next.js's route bundles and dev-mode reloads share one registry.
 */
export interface Metrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  rateLimitRefusals: Counter<'class'>;
  webhookAttempts: Counter<'outcome'>;
  dbPool: Gauge<'state'>;
  webhookQueue: Gauge<'state'>;
  webhookDeliveries: Gauge<'status'>;
  reconciliationBalanced: Gauge;
  reconciliationUnbalancedTenants: Gauge;
  reconciliationLastRun: Gauge;
  retentionLastRun: Gauge;
  retentionRemoved: Gauge<'sweep'>;
  amlIndexBuilt: Gauge<'list_id' | 'version_id'>;
  amlIndexNames: Gauge<'list_id' | 'version_id'>;
  amlRescreenRuns: Gauge<'status'>;
}

function create(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({ name: 'http_requests_total', help: 'API requests answered, by method, route template and status', labelNames: ['method', 'route', 'status'], registers }),
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'API request latency in seconds, by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    rateLimitRefusals: new Counter({ name: 'rate_limit_refusals_total', help: 'requests refused with 429 by the rate limit, by route class', labelNames: ['class'], registers }),
    webhookAttempts: new Counter({
      name: 'webhook_delivery_outcomes_total',
      help: "webhook deliveries handled by this process's worker, by outcome (SUCCEEDED, RETRY, FAILED, CANCELED, LOST)",
      labelNames: ['outcome'],
      registers,
    }),
    dbPool: new Gauge({
      name: 'db_pool_connections',
      help: 'database connections: total, idle, waiting (requests queued for a connection); node-postgres pool, or the embedded database session in its thread as a pool of one',
      labelNames: ['state'],
      registers,
    }),
    webhookQueue: new Gauge({
      name: 'webhook_queue_depth',
      help: 'PENDING webhook deliveries: all, and due now (next attempt time passed on the database clock)',
      labelNames: ['state'],
      registers,
    }),
    webhookDeliveries: new Gauge({ name: 'webhook_deliveries', help: 'webhook deliveries kept (see the retention), by status', labelNames: ['status'], registers }),
    reconciliationBalanced: new Gauge({ name: 'ledger_reconciliation_balanced', help: "1 when the ledger's last reconciliation found every tenant balanced, 0 when not", registers }),
    reconciliationUnbalancedTenants: new Gauge({ name: 'ledger_reconciliation_unbalanced_tenants', help: 'tenants the last reconciliation found unbalanced', registers }),
    reconciliationLastRun: new Gauge({ name: 'ledger_reconciliation_last_run_timestamp_seconds', help: "when the ledger's last reconciliation finished (unix seconds)", registers }),
    retentionLastRun: new Gauge({ name: 'retention_last_run_timestamp_seconds', help: 'when the last retention sweep finished (unix seconds)', registers }),
    retentionRemoved: new Gauge({ name: 'retention_rows_removed', help: 'rows the last retention sweep removed, by sweep', labelNames: ['sweep'], registers }),
    amlIndexBuilt: new Gauge({
      name: 'aml_index_built_timestamp_seconds',
      help: "when this process built its screening index of a list's version (one series per list: the version it screens against)",
      labelNames: ['list_id', 'version_id'],
      registers,
    }),
    amlIndexNames: new Gauge({
      name: 'aml_index_names',
      help: "names (entries plus aliases) in this process's screening index of a list version",
      labelNames: ['list_id', 'version_id'],
      registers,
    }),
    amlRescreenRuns: new Gauge({ name: 'aml_rescreen_runs', help: 'ongoing-monitoring re-screening runs, by status (every tenant)', labelNames: ['status'], registers }),
  };
}

const holder = globalThis as unknown as { __bpMetrics?: Metrics };

export function metrics(): Metrics {
  holder.__bpMetrics ??= create();
  return holder.__bpMetrics;
}

/**
 * The route's path template as the label, never the raw URL (unbounded): each path segment equal
 * to a route parameter's value becomes `[name]`, the segments of a catch-all `[...name]`.
 */
export function routeTemplate(pathname: string, params: Record<string, string | string[] | undefined>): string {
  const segments = pathname.split('/');
  const decoded = segments.map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  });
  for (const [name, value] of Object.entries(params)) {
    if (Array.isArray(value)) {
      if (!value.length) continue;
      const start = segments.length - value.length;
      if (start > 0 && value.every((v, i) => decoded[start + i] === v)) {
        segments.splice(start, value.length, `[...${name}]`);
        decoded.splice(start, value.length, `[...${name}]`);
      }
    } else if (value !== undefined) {
      const i = decoded.lastIndexOf(value);
      if (i > 0) segments[i] = decoded[i] = `[${name}]`;
    }
  }
  return segments.join('/') || '/';
}

type RequestSeries = { count: Counter.Internal; duration: Histogram.Internal<'method' | 'route' | 'status'> };
const series = new Map<string, RequestSeries>();

/**
 * One call at the end of every API request (lib/http/api-route.ts), labelled by the route's
 * template. The labelled series are looked up once per method, route and status. Never throws.
 */
export function recordRequest(method: string, route: string, status: number, seconds: number, refusedBy?: string): void {
  try {
    const m = metrics();
    const key = `${method} ${status} ${route}`;
    let s = series.get(key);
    if (!s) {
      const labels = { method, route, status: String(status) };
      s = { count: m.httpRequests.labels(labels), duration: m.httpDuration.labels(labels) };
      series.set(key, s);
    }
    s.count.inc();
    s.duration.observe(seconds);
    if (refusedBy) m.rateLimitRefusals.inc({ class: refusedBy });
  } catch {
    // metrics never fail a request
  }
}
