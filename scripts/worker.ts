// npm run worker - the webhook delivery worker on its own (several may run next to the servers:
// they claim deliveries with FOR UPDATE SKIP LOCKED). Stops on SIGINT/SIGTERM after the deliveries
// in flight have finished. With the embedded PGlite only one process may open the database, so a
// separate worker needs DATABASE_URL.
import { assertEnvironment, webhookBannerLines } from '@/lib/startup';
import { closeDatabase, database } from '@/lib/db/client';
import { getEnv } from '@/lib/env';
import { closeWebhookAgents } from '@/lib/services/webhooks/http';
import { startWorkerMetricsServer } from '@/lib/metrics/worker-server';
import { startMaintenance, stopMaintenance } from '@/lib/services/retention/jobs';
import { WebhookWorker } from '@/lib/services/webhooks/worker';
import { startAmlMonitor, stopAmlMonitor } from '@/lib/services/aml/monitoring';

assertEnvironment();
const env = getEnv();
const db = await database();
const worker = new WebhookWorker(db);
await worker.start();
// retention sweeps and the ledger's reconciliation, on the database's schedule (docs/operations.md)
startMaintenance(db.db);
// AML ongoing monitoring: re-screening after each list import (docs/aml.md)
await startAmlMonitor(db.db, env.AML_RESCREEN_POLL_MS);
// its delivery outcomes are counted in this process: scraped here (README, "Two instances")
const metricsServer = env.WORKER_METRICS_PORT ? await startWorkerMetricsServer(env.WORKER_METRICS_PORT, env.WORKER_METRICS_HOST) : null;
console.log(
  [
    ...(await webhookBannerLines()),
    `webhook worker started (pid ${process.pid}, ${db.driver}, concurrency ${env.WEBHOOK_WORKER_CONCURRENCY}, timeout ${env.WEBHOOK_TIMEOUT_MS} ms, poll ${env.WEBHOOK_POLL_INTERVAL_MS} ms)`,
    metricsServer
      ? `metrics: GET http://${env.WORKER_METRICS_HOST}:${metricsServer.port}/api/metrics (${env.METRICS_TOKEN ? 'METRICS_TOKEN' : 'METRICS_TOKEN unset: answers 404'})`
      : 'metrics: none (set WORKER_METRICS_PORT to scrape this worker)',
    `maintenance: retention sweeps every ${env.RETENTION_INTERVAL_SECONDS} s (events ${env.RETENTION_EVENTS_DAYS} d, sessions ${env.RETENTION_SESSIONS_DAYS} d), reconciliation every ${env.RECONCILIATION_INTERVAL_SECONDS} s`,
  ].join('\n'),
);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  metricsServer?.close();
  await Promise.all([worker.stop(), stopMaintenance(), stopAmlMonitor()]);
  await closeWebhookAgents();
  await closeDatabase();
  const s = worker.stats;
  console.log(`webhook worker stopped (${signal}): attempted ${s.attempted}, succeeded ${s.succeeded}, retrying ${s.retrying}, failed ${s.failed}`);
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
