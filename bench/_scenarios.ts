import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, benchPort, ensureBuild, fundedPayer, payoutLoad, serverEnv, startServer, withFreshPostgres, type LoadOptions, type Payer, type Server } from './_harness';

const PASSWORD = 'Correct-Horse-9-Battery';
/** wallets of the spread payouts (payoutSpread; bench/http.ts pays from 200) */
const SPREAD = 20;

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
  // payouts, as bench/http.ts's: a beneficiary, one hot wallet and SPREAD others
  const post = async <T>(path: string, data: unknown): Promise<T> => {
    const res = await fetch(`${serverUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...auth }, body: JSON.stringify(data) });
    if (res.status !== 200) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { data: T }).data;
  };
  const beneficiary = await post<{ id: string }>('/api/v2.1/beneficiaries', { customerId: world.customerId, name: 'Bench Payee', iban: 'DE02120300000000202051', country: 'DE' });
  // wallets funded for every payout a profile can send, each with its consent
  const hot = await fundedPayer(post, world.customerId, 'Bench payouts', '1000000');
  const spread: Payer[] = [];
  for (let i = 0; i < SPREAD; i++) spread.push(await fundedPayer(post, world.customerId, `Bench spread ${i}`, '1000000'));
  let seq = 0;
  const tag = Date.now().toString(36);
  // 20 connections, from the wallet `pick` gives (bench/http.ts's payouts)
  const payouts = (pick: (i: number) => Payer): LoadOptions => ({ ...payoutLoad(auth, beneficiary.id, () => ++seq, `profile-${tag}`, pick), connections: 20 });
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
    payout: payouts(() => hot),
    // the same payouts spread over SPREAD wallets
    payoutSpread: payouts((i) => spread[i % SPREAD]!),
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
