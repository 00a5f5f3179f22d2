import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, benchPort, ensureBuild, serverEnv, startServer, withFreshPostgres, type LoadOptions, type Server } from './_harness';

const PASSWORD = 'Correct-Horse-9-Battery';

/**
 * The loads of the profiling tools (`bench/_profile.ts`, `bench/_cpu.ts`, `bench/_perf.ts`), each the request that
 * `bench/http.ts` measures: the bench's world built over HTTP (`moneyWorld()` of the e2e tests),
 * with the owner's session (and its card API token for card/info). E2E_PORT must name the server's port.
 */
export async function scenarios(serverUrl: string): Promise<Record<string, LoadOptions>> {
  const { moneyWorld, context } = await import('../tests/e2e/money-world');
  const world = await moneyWorld();
  await world.close();
  const ctx = context(world.tenantId);
  const signIn = JSON.stringify({ email: 'owner@example.com', password: PASSWORD, tenantId: world.tenantId });
  // the owner's session for the API; its card API token for the card API (it opens nothing else)
  const auth = { ...ctx, ...world.auth };
  const cardAuth = { ...ctx, authorization: `Bearer ${world.cardToken}` };
  // payouts, as bench/http.ts's: one wallet funded for every payout a profile can send, a consent, a beneficiary
  const post = async <T>(path: string, data: unknown): Promise<T> => {
    const res = await fetch(`${serverUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...auth }, body: JSON.stringify(data) });
    if (res.status !== 200) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { data: T }).data;
  };
  const beneficiary = await post<{ id: string }>('/api/v2.1/beneficiaries', { customerId: world.customerId, name: 'Bench Payee', iban: 'DE02120300000000202051', country: 'DE' });
  const wallet = await post<{ id: string }>('/api/v2.1/wallets', { customerId: world.customerId, currency: 'EUR', name: 'Bench payouts' });
  await post(`/api/v2.1/wallets/${wallet.id}/sandbox/fund`, { amount: '1000000', currency: 'EUR' });
  const consent = await post<{ id: string }>('/api/v2.1/payment-consents', {
    walletId: wallet.id,
    scope: 'RECURRING_PAYMENTS',
    maxAmountPerPayment: '10',
    currency: 'EUR',
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  });
  let seq = 0;
  const tag = Date.now().toString(36);
  return {
    health: { path: '/api/health' },
    // the 404 envelope of an API path no route serves: the request path alone, no database
    notFound: { path: '/api/v2.1/nope', expect: '4xx' },
    wallet: { path: `/api/v2.1/wallets/${world.walletId}`, headers: auth },
    // the wallet read taken apart: the same dynamic route refusing a request without credentials
    // (routing and our error path, no authentication, no database), and authenticated for a wallet
    // that does not exist (everything but the row: its one statement answers nothing)
    walletRefused: { path: `/api/v2.1/wallets/${world.walletId}`, expect: '4xx' },
    // the same refusal by the static route of the list: what the dynamic route adds
    walletsRefused: { path: '/api/v2.1/wallets', expect: '4xx' },
    walletMissing: { path: '/api/v2.1/wallets/00000000-0000-4000-8000-000000000000', headers: auth, expect: '4xx' },
    customer: { path: `/api/v2.1/customers/${world.customerId}`, headers: auth },
    card: { path: '/api/v2.1/card/virtual/card/info', method: 'POST', headers: cardAuth, body: JSON.stringify({ cardNo: world.card.cardId }) },
    // two connections per core, as bench/http.ts measures sign-in
    signin: { path: '/api/auth/login', method: 'POST', headers: ctx, body: signIn, connections: 2 * os.cpus().length },
    // one hot wallet, 20 connections, a fresh Idempotency-Key each (bench/http.ts's hot payouts)
    payout: {
      path: '/api/v2.1/transfers',
      method: 'POST',
      headers: auth,
      connections: 20,
      next: () => ({
        headers: { 'idempotency-key': `profile-${tag}-${++seq}` },
        body: JSON.stringify({ walletId: wallet.id, beneficiary: { id: beneficiary.id }, amount: '1.00', currency: 'EUR', reference: `profile ${seq}`, paymentConsentId: consent.id }),
      }),
    },
  };
}

/**
 * The profiling tools' server: the production build (built first when stale), `npm start` with
 * `nodeArgs` before server/main.mjs (a profiler's flags), the webhook worker off, on a fresh
 * PostgreSQL database when BENCH_DATABASE_URL is set, else on PGlite in `dir`; the bench's world
 * built, then `fn` with the server and its scenarios. The server is stopped when `fn` ends.
 */
let scenarioPort: number | undefined;

export async function withScenarioServer<T>(nodeArgs: string[], dir: string, fn: (server: Server, all: Record<string, LoadOptions>) => Promise<T>): Promise<T> {
  ensureBuild();
  // one port for every server of this process: tests/e2e/money-world.ts reads E2E_PORT once, when first imported
  const port = (scenarioPort ??= await benchPort());
  process.env.E2E_PORT = String(port);
  const run = async (dbEnv: Record<string, string>) => {
    const env = await serverEnv(port, { WEBHOOK_WORKER: 'false', ...dbEnv });
    const server = await startServer('npm start', [...nodeArgs, path.join(REPO_ROOT, 'server', 'main.mjs')], env, port);
    try {
      return await fn(server, await scenarios(server.url));
    } finally {
      await server.stop();
    }
  };
  const adminUrl = process.env.BENCH_DATABASE_URL;
  return adminUrl ? withFreshPostgres(adminUrl, (url) => run({ DATABASE_URL: url })) : run({ PGLITE_DATA_DIR: path.join(dir, 'pglite') });
}

/** The scenario of that name, or an error naming the ones there are. */
export function scenarioNamed(all: Record<string, LoadOptions>, name: string): LoadOptions {
  const scenario = all[name];
  if (!scenario) throw new Error(`unknown scenario ${name}; one of ${Object.keys(all).join(', ')}`);
  return scenario;
}
