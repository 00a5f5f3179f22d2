import { decodeProtectedHeader } from 'jose';
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as jwksRoute from '@/app/api/auth/jwks/route';
import * as sessionsRoute from '@/app/api/v2.1/sessions/route';
import { database, openDatabase, type Database, type Db } from '@/lib/db/client';
import { signingKeys } from '@/lib/db/schema';
import { principalCacheState } from '@/lib/services/identity/principal-cache';
import { call } from '../helpers';
import { adminToken, bearer, createIdentityTenant, firstAdmin, resetIdentityState, type TestTenant } from '../identity-fixtures';

/**
 * Issue 26, item 8: a signing key retired by one instance was forgotten only by that instance (its
 * own cache reset); every other instance kept verifying tokens the key had signed. A trigger on
 * signing_keys (migration 0016) notifies bp_auth with k:<kid>, and every server process empties its
 * key cache. The key is retired here through a second database handle, as another instance (or an
 * operator's psql) would: this process's services are not told. On PostgreSQL the second handle is a
 * pool of its own; the embedded database has one session per process, so there the change is made
 * through the same handle, behind the services' back.
 */
let t: TestTenant;
let primary: Database;
let other: { db: Db; close: () => Promise<void> };

beforeAll(async () => {
  t = await createIdentityTenant();
  primary = await database();
  other =
    primary.driver === 'postgres'
      ? await openDatabase({ url: process.env.DATABASE_URL!, poolMax: 1 }).then((d) => ({ db: d.db, close: () => d.close() }))
      : { db: primary.db, close: async () => undefined };
});
afterAll(async () => other?.close());
beforeEach(() => resetIdentityState());

const listSessions = (token: string) => call(sessionsRoute.GET, { path: '/api/v2.1/sessions', headers: bearer(token) });
const jwksKids = async () => ((await call<never>(jwksRoute.GET, { path: '/api/auth/jwks' })).json as unknown as { keys: Array<{ kid: string }> }).keys.map((k) => k.kid);

describe('a signing key retired by another instance', () => {
  it('is forgotten here within a second: its tokens answer 401, JWKS no longer lists it, a new sign-in gets a new key', async () => {
    const { token } = await adminToken(firstAdmin(t));
    const kid = decodeProtectedHeader(token).kid!;
    // this process has verified with the key (cached) and listens
    expect((await listSessions(token)).status).toBe(200);
    expect((await listSessions(token)).status).toBe(200);
    expect(principalCacheState().listening).toBe(true);
    expect(await jwksKids()).toContain(kid);

    await other.db.update(signingKeys).set({ retiredAt: new Date() }).where(eq(signingKeys.kid, kid));

    await expect
      .poll(
        async () => {
          const res = await listSessions(token);
          return { status: res.status, data: res.json.data };
        },
        { timeout: 1_000, interval: 20 },
      )
      .toEqual({ status: 401, data: { error: 'UNAUTHORIZED', details: 'the bearer token is signed with an unknown key' } });
    expect(await jwksKids()).not.toContain(kid);

    const fresh = await adminToken(firstAdmin(t));
    const newKid = decodeProtectedHeader(fresh.token).kid!;
    expect(newKid).not.toBe(kid);
    expect((await listSessions(fresh.token)).status).toBe(200);
    const active = await primary.db.select({ kid: signingKeys.kid }).from(signingKeys).where(isNull(signingKeys.retiredAt));
    expect(active.map((k) => k.kid)).toEqual([newKid]);
  });
});
