import type { LoadOptions } from './_harness';

const PASSWORD = 'Correct-Horse-9-Battery';

/**
 * The loads of the profiling tools (`bench/_profile.ts`, `bench/_cpu.ts`), each the request that
 * `bench/http.ts` measures: the bench's world built over HTTP (`moneyWorld()` of the e2e tests),
 * then a bearer token from `POST /api/auth/login`. E2E_PORT must name the server's port.
 */
export async function scenarios(serverUrl: string): Promise<Record<string, LoadOptions>> {
  const { moneyWorld, context } = await import('../tests/e2e/money-world');
  const world = await moneyWorld();
  await world.close();
  const ctx = context(world.tenantId);
  const signIn = JSON.stringify({ email: 'owner@example.com', password: PASSWORD, tenantId: world.tenantId });
  const login = await fetch(`${serverUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', ...ctx }, body: signIn });
  const auth = { ...ctx, authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };
  return {
    health: { path: '/api/health' },
    // the 404 envelope of an API path no route serves: the request path alone, no database
    notFound: { path: '/api/v2.1/nope', expect: '4xx' },
    wallet: { path: `/api/v2.1/wallets/${world.walletId}`, headers: auth },
    customer: { path: `/api/v2.1/customers/${world.customerId}`, headers: auth },
    card: { path: '/api/v2.1/card/virtual/card/info', method: 'POST', headers: auth, body: JSON.stringify({ cardNo: world.card.cardId }) },
    signin: { path: '/api/auth/login', method: 'POST', headers: ctx, body: signIn, connections: 2 },
  };
}
