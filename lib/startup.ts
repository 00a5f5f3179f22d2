/**
 * The one start-up module (docs/architecture.md, "Start-up"): environment, database and migrations,
 * optional demo seed, rate-limit store, in-process webhook worker. It sits above every layer (it
 * imports services and HTTP code), so nothing in lib/ imports it; instrumentation.ts and the scripts do.
 */
import { randomBytes } from 'node:crypto';
import { assertProductionConfiguration, EnvError, getEnv, parseEnv, productionWarnings } from '@/lib/env';
import { isApiError } from '@/lib/contract/api-errors';
import { warmDummyHash } from '@/lib/services/identity/passwords';
import { listenForInvalidations } from '@/lib/services/identity/principal-cache';
import { registerTenant } from '@/lib/services/tenants/register-tenant';
import { countTenants } from '@/lib/services/tenants/tenants';
import { closeDatabase, database } from '@/lib/db/client';
import { holdRequestsUntil } from '@/lib/http/startup-gate';

export const DEMO_TENANT_NAME = 'Demo Bank';
export const DEMO_ADMIN = { username: 'admin', email: 'admin@demo-bank.example', firstName: 'Ada', lastName: 'Admin' };

/** A password that satisfies the policy: upper, lower, digit, special, 20 characters. */
export function generateDemoPassword(): string {
  return `Dm!${randomBytes(12).toString('base64url')}7x`;
}

/**
 * Validates the environment or stops the process with one line naming the bad variable. For the
 * server (`serving`), also that a production start relies on no development default.
 */
export function assertEnvironment(options: { serving?: boolean } = {}): void {
  try {
    const env = parseEnv(process.env);
    if (options.serving) assertProductionConfiguration(env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * The server's start-up, called by instrumentation.ts in the Node.js runtime. A bad environment
 * stops the process here, with one line naming the variable. The rest (bootstrap) runs while
 * Next.js finishes preparing and loads the first request's route: API requests wait for it at the
 * start-up gate (lib/http/startup-gate.ts), and a failure stops the server with one line saying
 * why instead of a server that answers 500 to everything. The background work (webhook delivery,
 * AML monitoring) starts once the server has answered its first request, or a second after the
 * start-up, whichever comes first (docs/performance.md, "Start-up"). Nothing to do while
 * `next build` loads the hook.
 */
export function startServer(): void {
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  assertEnvironment({ serving: true });
  const started = bootstrap();
  holdRequestsUntil(started.then(() => undefined));
  started.then((startBackground) => firstAnswerOrDelay(BACKGROUND_START_DELAY_MS).then(startBackground)).catch(stopOnFailure);
  (globalThis as { [SHUTDOWN]?: () => Promise<void> })[SHUTDOWN] = shutdown;
}

/** server/main.mjs calls it on SIGTERM/SIGINT, after the HTTP server has stopped accepting. */
const SHUTDOWN = Symbol.for('business-platform.shutdown');
/** The longest a shutdown waits for the background work's in-flight deliveries before it closes the database. */
const BACKGROUND_STOP_MS = 3000;

/**
 * A clean stop: the background work (its in-flight webhook deliveries, at most BACKGROUND_STOP_MS;
 * one cut short is delivered again later, as after a crash), then the database: PostgreSQL's pool
 * ends, and the embedded PGlite shuts down cleanly (a checkpoint, its postmaster.pid removed), so
 * the next start of the same directory runs no crash recovery.
 */
async function shutdown(): Promise<void> {
  if (backgroundStarted) {
    const { stopWebhookWorker } = await import('@/lib/services/webhooks/worker');
    const { stopAmlMonitor } = await import('@/lib/services/aml/monitoring');
    await Promise.race([Promise.allSettled([stopWebhookWorker(), stopAmlMonitor()]), new Promise((resolve) => setTimeout(resolve, BACKGROUND_STOP_MS))]);
  }
  await closeDatabase();
}

/** One line saying why, then the process ends (instead of a server that answers 500 to everything). */
function stopOnFailure(error: unknown): never {
  const cause = (error as { cause?: { message?: string } }).cause?.message;
  console.error(`Start-up failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}${cause ? ` (${cause})` : ''}`);
  process.exit(1);
}

/** The longest the background work waits for the server's first answer. */
const BACKGROUND_START_DELAY_MS = 1000;
/** server/main.mjs resolves it when its first answer has been sent (absent under `next start` and in tests). */
const FIRST_ANSWER = Symbol.for('business-platform.first-answer');

function firstAnswerOrDelay(ms: number): Promise<void> {
  const firstAnswer = (globalThis as { [FIRST_ANSWER]?: Promise<void> })[FIRST_ANSWER];
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void firstAnswer?.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Start-up: environment, database (migrations applied), the demo tenant on first start of an
 * empty database (its credentials are printed this once; only hashes are stored) and the
 * rate-limit store. Returns what starts the background work: the in-process webhook delivery
 * worker and AML monitoring (unless WEBHOOK_WORKER=false), which print their own lines.
 */
async function bootstrap(): Promise<() => Promise<void>> {
  const env = getEnv();
  // the unknown-user sign-in path verifies against a dummy hash: have it ready before the first
  // request; it is computed in libuv's pool, and the rate-limit store's module loads, while the database opens
  const dummyHash = warmDummyHash();
  const rateLimitStore = import('@/lib/http/rate-limit');
  const { db, driver } = await database();
  // the principal cache's LISTEN, in place before the first request (it is served from the start)
  const listening = listenForInvalidations();
  await dummyHash;
  const lines = [`database: ${driver === 'pglite' ? `embedded PGlite (${env.PGLITE_DATA_DIR})` : 'PostgreSQL (DATABASE_URL)'}, migrations applied`];
  lines.push(`tenant registration API: ${env.PLATFORM_ADMIN_KEY ? 'enabled (PLATFORM_ADMIN_KEY set)' : 'disabled (set PLATFORM_ADMIN_KEY to enable)'}`);
  const production = env.NODE_ENV === 'production';
  if (production) {
    lines.push(`mode: production (public URL ${env.NEXTAUTH_URL}; demo tenant ${env.SEED_DEMO ? 'on request (SEED_DEMO=true)' : 'off'})`);
    lines.push(...productionWarnings(env));
  }

  if (env.SEED_DEMO && (await countTenants(db)) === 0) {
    // production requires DEMO_ADMIN_PASSWORD (assertProductionConfiguration): nothing secret is generated to print
    const password = env.DEMO_ADMIN_PASSWORD ?? generateDemoPassword();
    try {
      const demo = await registerTenant(db, { name: DEMO_TENANT_NAME, admin: { ...DEMO_ADMIN, password } }, { isDemo: true });
      lines.push(
        '',
        production
          ? 'Demo tenant created (production: its credentials are not printed; sign in with DEMO_ADMIN_PASSWORD):'
          : 'Demo tenant created. These credentials are shown once; only their hashes are stored:',
        `  tenant:        ${DEMO_TENANT_NAME}`,
        `  tenantId:      ${demo.tenantId}`,
        ...(production ? [] : [`  tenantKey:     ${demo.tenantKey}`, `  tenantSecret:  ${demo.tenantSecret}`]),
        `  admin user:    ${DEMO_ADMIN.username} / ${DEMO_ADMIN.email}`,
        `  password:      ${env.DEMO_ADMIN_PASSWORD ? '(DEMO_ADMIN_PASSWORD)' : password}`,
      );
    } catch (error) {
      // Another instance seeded it at the same moment.
      if (!isApiError(error)) throw error;
    }
  } else if (production && (await countTenants(db)) === 0) {
    lines.push('', 'No tenant yet: create the first one with `npm run tenant:create` or POST /api/v2.1/tenants/registration (README, "First tenant in production").');
  }
  const { connectRateLimitStore } = await rateLimitStore;
  const redis = await connectRateLimitStore();
  lines.push(
    redis === null
      ? 'rate limits: process memory (set REDIS_URL to share them between instances)'
      : redis === 'ok'
        ? 'rate limits: shared through Redis (REDIS_URL)'
        : 'rate limits: Redis (REDIS_URL) not reachable yet: process memory until it is',
  );
  if (!(await listening)) lines.push('principal cache: off until the invalidation channel is heard (every request reads its session from the database)');
  lines.push('', ...(await webhookBannerLines()));
  if (!env.WEBHOOK_WORKER) lines.push('webhook delivery worker: not in this process (WEBHOOK_WORKER=false); run npm run worker');
  console.log(['', '─── Business Platform ───', ...lines, ''].join('\n'));
  return env.WEBHOOK_WORKER ? startBackgroundWork : async () => undefined;
}

/** The banner lines about webhooks: the SSRF guard and the key of the webhook secrets (the server's banner and `npm run worker`'s). */
export async function webhookBannerLines(): Promise<string[]> {
  const env = getEnv();
  const { db } = await database();
  const { encryptionKey } = await import('@/lib/services/data-key');
  const key = await encryptionKey(db);
  return [
    env.WEBHOOK_ALLOW_PRIVATE_NETWORKS
      ? 'webhook SSRF guard: OFF. WEBHOOK_ALLOW_PRIVATE_NETWORKS=true lets webhooks reach loopback and private networks: for local development and tests only, never in production'
      : 'webhook SSRF guard: on (loopback, private, link-local and reserved addresses are refused)',
    `webhook secrets: encrypted with ${key.description}`,
  ];
}

/** Whether this process started its background work (then its shutdown stops it). */
let backgroundStarted = false;

/** The in-process webhook delivery worker and AML monitoring, which runs where deliveries run (docs/aml.md). */
async function startBackgroundWork(): Promise<void> {
  const env = getEnv();
  backgroundStarted = true;
  const { startWebhookWorker } = await import('@/lib/services/webhooks/worker');
  await startWebhookWorker(await database());
  const { startAmlMonitor } = await import('@/lib/services/aml/monitoring');
  await startAmlMonitor((await database()).db, env.AML_RESCREEN_POLL_MS);
  console.log(
    [
      `webhook delivery worker: running in this process (concurrency ${env.WEBHOOK_WORKER_CONCURRENCY}, timeout ${env.WEBHOOK_TIMEOUT_MS} ms, poll ${env.WEBHOOK_POLL_INTERVAL_MS} ms)`,
      `AML monitoring: re-screening runs in this process (poll ${env.AML_RESCREEN_POLL_MS} ms, batches of ${env.AML_RESCREEN_BATCH_SIZE})`,
      '',
    ].join('\n'),
  );
}
