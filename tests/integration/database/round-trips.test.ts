import { decodeJwt } from 'jose';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as customerRoute from '@/app/api/v2.1/customers/[customerId]/route';
import { fixedClock, setClock } from '@/lib/clock';
import { getDb } from '@/lib/db/client';
import { countRoundTrips } from '@/lib/db/round-trips';
import { sessions } from '@/lib/db/schema';
import { forgetSession } from '@/lib/services/identity/principal-cache';
import { api, expectOk, ledgerTenant, openWallet, routes, type LedgerTenant } from '../ledger-fixtures';
import { cardOp, cardWorld, issueCard } from '../card-fixtures';
import { cardLogin, createIdentityTenant, firstAdmin } from '../identity-fixtures';

/**
 * Database statements per request (issue 18): authentication costs none when the caller's principal
 * is in the process's cache (docs/identity.md), one when it is not (session, user with roles and
 * tenant, and the last-use write when due, in one statement); a wallet read one more, a customer read
 * one more; card/info through the gateway two (the sandbox processor's read, no transaction around
 * it, and the card directory's upsert, which writes nothing when nothing changed). Counted by the drizzle logger in lib/db/round-trips.ts, around the real route handler
 * with a real bearer token.
 */
let t: LedgerTenant;

beforeAll(async () => {
  t = await ledgerTenant();
});
afterEach(() => setClock(null));

async function counted(fn: () => Promise<{ status: number }>): Promise<number> {
  const { result, roundTrips, statements } = await countRoundTrips(fn);
  expect(result.status).toBe(200);
  expect(statements).toHaveLength(roundTrips);
  return roundTrips;
}

const sessionOf = (token: string) => decodeJwt(token).sid as string;

describe('round trips per request', () => {
  it("authentication: none warm, one cold, one when the session's last use is due to be written", async () => {
    const wallet = await openWallet(t.admin, 'EUR', t.alice.customerId);
    const read = () => api(routes.wallet.GET, t.admin, { params: { walletId: wallet.id } });
    expectOk(await read());
    // warm: the wallet's statement only
    expect(await counted(read)).toBe(1);
    // cold (another instance signed in, or an invalidation dropped the entry): one more
    forgetSession(sessionOf(t.admin.token));
    expect(await counted(read)).toBe(2);
    expect(await counted(read)).toBe(1);

    // a minute later the same single statement also writes the session's last use
    const clock = fixedClock(new Date(Date.now() + 61_000));
    setClock(clock);
    expect(await counted(read)).toBe(2);
    const db = await getDb();
    const [row] = await db
      .select({ lastUsedAt: sessions.lastUsedAt })
      .from(sessions)
      .where(and(eq(sessions.tenantId, t.tenantId), eq(sessions.id, sessionOf(t.admin.token))));
    expect(row!.lastUsedAt.getTime()).toBe(clock.now().getTime());
    expect(await counted(read)).toBe(1);
  });

  it('a wallet read: one statement for the wallet, none for the (warm) caller', async () => {
    const wallet = await openWallet(t.admin, 'EUR', t.alice.customerId);
    const read = () => api(routes.wallet.GET, t.admin, { params: { walletId: wallet.id } });
    expectOk(await read());
    expect(await counted(read)).toBe(1);
  });

  it('a customer read: one statement for the customer with all its lists, none for the (warm) caller', async () => {
    const read = () => api(customerRoute.GET, t.admin, { params: { customerId: t.alice.customerId } });
    expectOk(await read());
    expect(await counted(read)).toBe(1);
  });

  it('card/info through the gateway: the processor reads the card, the directory records it in one statement (no write when unchanged)', async () => {
    const world = await cardWorld();
    const card = await issueCard(world.alice);
    const info = () => cardOp(world.alice, 'card/info', { cardNo: card.cardId });
    expect((await info()).json.success).toBe(true);
    const { result, statements } = await countRoundTrips(info);
    expect(result.json.success).toBe(true);
    expect(statements).toHaveLength(2);
    // the card's record only: neither its encrypted number, its number's hash nor its PIN hash is read
    expect(statements[0]).toMatch(/from "cards"/);
    for (const secret of ['pan_ciphertext', 'pan_hash"', 'pin_hash']) expect(statements[0]).not.toContain(secret);
    // the directory row is not rewritten when the answer says nothing new
    const db = await getDb();
    const version = async () => ((await db.execute(sql`select xmin::text as v from card_directory where card_id = ${card.cardId}`)) as unknown as { rows: Array<{ v: string }> }).rows[0]!.v;
    const before = await version();
    await info();
    expect(await version()).toBe(before);
    // and is when it does
    expect((await cardOp(world.alice, 'card/freeze', { cardNo: card.cardId, reason: 'lost' })).json.success).toBe(true);
    expect(await version()).not.toBe(before);
  });

  it('a sign-in: the user with its roles, the lock check, clearing the count, and the session with its event in one statement', async () => {
    const tenant = await createIdentityTenant();
    const admin = firstAdmin(tenant);
    const signIn = () => cardLogin(tenant.tenantId, admin.email, admin.password);
    expect((await signIn()).status).toBe(200);
    const { result, statements } = await countRoundTrips(signIn);
    expect(result.status).toBe(200);
    // (the X-Tenant-ID tenant comes from the principal cache when its listener is up, else one more)
    expect(statements.filter((q) => !/^select .* from "tenants" where "tenants"."id" = \$1/.test(q))).toHaveLength(4);
    expect(statements.length).toBeLessThanOrEqual(5);
  });
});
