import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as adminUserRoute from '@/app/api/v2.1/admin/users/[userId]/route';
import * as unlockRoute from '@/app/api/v2.1/admin/users/[userId]/unlock/route';
import { setClock } from '@/lib/clock';
import * as passwords from '@/lib/services/identity/passwords';
import { call, expectEnvelope } from '../helpers';
import {
  accountLocked,
  adminSession,
  adminToken,
  authFailed,
  bearer,
  cardLogin,
  createCustomerUser,
  createExtraAdmin,
  createIdentityTenant,
  customerSession,
  firstAdmin,
  freezeClock,
  resetIdentityState,
  storedAttempts,
  WRONG_PASSWORD,
  type TestTenant,
} from '../identity-fixtures';

const MINUTE = 60_000;

let tenant: TestTenant;
let adminBearer: string;

beforeAll(async () => {
  tenant = await createIdentityTenant();
  adminBearer = (await adminToken(firstAdmin(tenant))).token;
});
beforeEach(() => resetIdentityState());
afterEach(() => {
  setClock(null);
  vi.restoreAllMocks();
});

describe('failed sign-ins and the 30-minute lock', () => {
  it('counts failures 1..4, locks on the 5th, keeps the lock for a right password, and lifts it after 30 minutes', async () => {
    const clock = freezeClock();
    const user = await createCustomerUser(tenant.tenantId);
    for (let n = 1; n <= 4; n++) {
      expectEnvelope(await cardLogin(tenant.tenantId, user.email, WRONG_PASSWORD), 401, 'authentication failed', authFailed(n));
    }
    const lockedUntil = new Date(clock.now().getTime() + 30 * MINUTE);
    expectEnvelope(await cardLogin(tenant.tenantId, user.email, WRONG_PASSWORD), 401, 'account locked', accountLocked(lockedUntil, 1800));
    expect(await storedAttempts(tenant.tenantId, `user:${user.userId}`)).toEqual({ attempts: 5, lockedUntil });

    // the right password during the lock: the same locked answer, the remaining time shrinking
    expectEnvelope(await cardLogin(tenant.tenantId, user.email, user.password), 401, 'account locked', accountLocked(lockedUntil, 1800));
    clock.advance(10 * MINUTE);
    expectEnvelope(await cardLogin(tenant.tenantId, user.email, user.password), 401, 'account locked', accountLocked(lockedUntil, 1200));
    // a wrong password during the lock neither extends it nor counts further
    expectEnvelope(await cardLogin(tenant.tenantId, user.email, WRONG_PASSWORD), 401, 'account locked', accountLocked(lockedUntil, 1200));
    clock.advance(19 * MINUTE + 59_000);
    expectEnvelope(await cardLogin(tenant.tenantId, user.email, user.password), 401, 'account locked', accountLocked(lockedUntil, 1));
    expect(await storedAttempts(tenant.tenantId, `user:${user.userId}`)).toEqual({ attempts: 5, lockedUntil });

    // 30 minutes after the lock: the right password works and the count is gone
    clock.advance(1_000);
    expect((await cardLogin(tenant.tenantId, user.email, user.password)).status).toBe(200);
    expect(await storedAttempts(tenant.tenantId, `user:${user.userId}`)).toBeUndefined();
    expectEnvelope(await cardLogin(tenant.tenantId, user.email, WRONG_PASSWORD), 401, 'authentication failed', authFailed(1));
  });

  it('after an expired lock a wrong password starts a new count at 1', async () => {
    const clock = freezeClock();
    const user = await createCustomerUser(tenant.tenantId);
    for (let n = 1; n <= 5; n++) await cardLogin(tenant.tenantId, user.email, WRONG_PASSWORD);
    clock.advance(30 * MINUTE);
    expectEnvelope(await cardLogin(tenant.tenantId, user.email, WRONG_PASSWORD), 401, 'authentication failed', authFailed(1));
    expect(await storedAttempts(tenant.tenantId, `user:${user.userId}`)).toEqual({ attempts: 1, lockedUntil: null });
  });

  it('a successful sign-in resets the count', async () => {
    const user = await createCustomerUser(tenant.tenantId);
    for (let n = 1; n <= 3; n++) {
      expectEnvelope(await cardLogin(tenant.tenantId, user.email, WRONG_PASSWORD), 401, 'authentication failed', authFailed(n));
    }
    expect((await cardLogin(tenant.tenantId, user.email, user.password)).status).toBe(200);
    expectEnvelope(await cardLogin(tenant.tenantId, user.email, WRONG_PASSWORD), 401, 'authentication failed', authFailed(1));
  });

  it('failures older than 30 minutes no longer count', async () => {
    const clock = freezeClock();
    const user = await createCustomerUser(tenant.tenantId);
    await cardLogin(tenant.tenantId, user.email, WRONG_PASSWORD);
    await cardLogin(tenant.tenantId, user.email, WRONG_PASSWORD);
    clock.advance(31 * MINUTE);
    expectEnvelope(await cardLogin(tenant.tenantId, user.email, WRONG_PASSWORD), 401, 'authentication failed', authFailed(1));
  });

  it('one count per user across endpoints and spellings of the login', async () => {
    const clock = freezeClock();
    const user = await createCustomerUser(tenant.tenantId);
    expectEnvelope(await cardLogin(tenant.tenantId, user.email, WRONG_PASSWORD), 401, 'authentication failed', authFailed(1));
    expectEnvelope(await cardLogin(tenant.tenantId, user.username.toUpperCase(), WRONG_PASSWORD), 401, 'authentication failed', authFailed(2));
    expectEnvelope(await customerSession(user, { username: user.username, password: WRONG_PASSWORD }), 401, 'authentication failed', authFailed(3));
    expectEnvelope(await customerSession(user, { credentialType: 'PASSWORD', value: WRONG_PASSWORD }), 401, 'authentication failed', authFailed(4));
    const lockedUntil = new Date(clock.now().getTime() + 30 * MINUTE);
    expectEnvelope(await cardLogin(tenant.tenantId, ` ${user.email.toUpperCase()} `, WRONG_PASSWORD), 401, 'account locked', accountLocked(lockedUntil, 1800));
    expectEnvelope(await customerSession(user, { username: user.username, password: user.password }), 401, 'account locked', accountLocked(lockedUntil, 1800));
  });

  it('locks an administrator on endpoint 1 the same way', async () => {
    const clock = freezeClock();
    const admin = await createExtraAdmin(tenant, ['EMPLOYEE']);
    for (let n = 1; n <= 4; n++) {
      expectEnvelope(await adminSession(admin, { password: WRONG_PASSWORD }), 401, 'authentication failed', authFailed(n));
    }
    const lockedUntil = new Date(clock.now().getTime() + 30 * MINUTE);
    expectEnvelope(await adminSession(admin, { password: WRONG_PASSWORD }), 401, 'account locked', accountLocked(lockedUntil, 1800));
    expectEnvelope(await adminSession(admin), 401, 'account locked', accountLocked(lockedUntil, 1800));
  });
});

describe('unknown users', () => {
  it('get the identical answers: same keys, the same count sequence and a lock on the 5th', async () => {
    const clock = freezeClock();
    const user = await createCustomerUser(tenant.tenantId);
    const ghost = `ghost-${Date.now()}@nowhere.example`;
    for (let n = 1; n <= 4; n++) {
      const known = await cardLogin(tenant.tenantId, user.email, WRONG_PASSWORD);
      const unknown = await cardLogin(tenant.tenantId, ghost, WRONG_PASSWORD);
      expectEnvelope(unknown, 401, 'authentication failed', authFailed(n));
      expect(unknown.json).toEqual(known.json);
      expect(Object.keys(unknown.json.data as object)).toEqual(Object.keys(known.json.data as object));
      expect([...unknown.headers.keys()].filter((h) => h !== 'x-request-id')).toEqual([...known.headers.keys()].filter((h) => h !== 'x-request-id'));
    }
    const lockedUntil = new Date(clock.now().getTime() + 30 * MINUTE);
    const known = await cardLogin(tenant.tenantId, user.email, WRONG_PASSWORD);
    const unknown = await cardLogin(tenant.tenantId, ghost, WRONG_PASSWORD);
    expectEnvelope(unknown, 401, 'account locked', accountLocked(lockedUntil, 1800));
    expect(unknown.json).toEqual(known.json);
    expect(Object.keys(unknown.json.data as object)).toEqual(Object.keys(known.json.data as object));
    expect(await storedAttempts(tenant.tenantId, `login:${ghost}`)).toEqual({ attempts: 5, lockedUntil });
  });

  it('cost the same argon2 work as a known user: one argon2id verification each, with the same parameters', async () => {
    const user = await createCustomerUser(tenant.tenantId);
    const dummy = vi.spyOn(passwords, 'verifyAgainstDummy');
    const verify = vi.spyOn(passwords, 'verifySecret');
    await passwords.verifyAgainstDummy('warm-up');
    dummy.mockClear();
    verify.mockClear();

    // an unknown user: exactly one verification, against the dummy hash
    expect((await cardLogin(tenant.tenantId, 'nobody@nowhere.example', WRONG_PASSWORD)).status).toBe(401);
    expect(dummy).toHaveBeenCalledTimes(1);
    expect(dummy).toHaveBeenCalledWith(WRONG_PASSWORD);
    expect(verify).not.toHaveBeenCalled();
    // the spy calls through: the dummy verification is a real argon2id verification
    await expect(dummy.mock.results[0]!.value).resolves.toBe(false);

    // a known user with a wrong password: exactly one verification, against the stored hash
    dummy.mockClear();
    verify.mockClear();
    expect((await cardLogin(tenant.tenantId, user.email, WRONG_PASSWORD)).status).toBe(401);
    expect(dummy).not.toHaveBeenCalled();
    expect(verify).toHaveBeenCalledTimes(1);
    const storedHash = verify.mock.calls[0]![0];

    // the two paths compared: argon2's cost is set by its parameters (algorithm, version, m, t, p),
    // and the dummy hash carries exactly those of the stored one, so both paths do the same work
    const parametersOf = (phc: string) => phc.split('$').slice(1, 4).join('$');
    expect(parametersOf(storedHash)).toBe('argon2id$v=19$m=19456,t=2,p=1');
    expect(parametersOf(await passwords.warmDummyHash())).toBe(parametersOf(storedHash));
  });
});

describe('POST /api/v2.1/admin/users/{userId}/unlock', () => {
  it('clears the lock of an administrator; the lock state shows on the user before and after', async () => {
    const clock = freezeClock();
    const admin = await createExtraAdmin(tenant, ['COMPLIANCE_OFFICER']);
    for (let n = 1; n <= 5; n++) await adminSession(admin, { password: WRONG_PASSWORD });
    const lockedUntil = new Date(clock.now().getTime() + 30 * MINUTE);
    const before = await call<Record<string, unknown>>(adminUserRoute.GET, { headers: bearer(adminBearer), params: { userId: admin.userId } });
    expect(before.json.data).toMatchObject({ id: admin.userId, locked: true, lockedUntil: lockedUntil.toISOString(), failedAttempts: 5 });

    const res = await call<Record<string, unknown>>(unlockRoute.POST, { method: 'POST', headers: bearer(adminBearer), params: { userId: admin.userId } });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('user unlocked');
    expect(res.json.data).toMatchObject({ id: admin.userId, locked: false, lockedUntil: null, failedAttempts: 0 });
    expect(await storedAttempts(tenant.tenantId, `user:${admin.userId}`)).toBeUndefined();

    expect((await adminSession(admin)).status).toBe(200);
  });

  it('clears the lock of a customer user', async () => {
    const user = await createCustomerUser(tenant.tenantId);
    for (let n = 1; n <= 5; n++) await cardLogin(tenant.tenantId, user.email, WRONG_PASSWORD);
    expect((await cardLogin(tenant.tenantId, user.email, user.password)).json.message).toBe('account locked');
    const res = await call<Record<string, unknown>>(unlockRoute.POST, { method: 'POST', headers: bearer(adminBearer), params: { userId: user.userId } });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ id: user.userId, locked: false, failedAttempts: 0 });
    expect((await cardLogin(tenant.tenantId, user.email, user.password)).status).toBe(200);
  });

  it('answers 404 for an unknown user and 403 without ADMIN_USER', async () => {
    const unknown = await call(unlockRoute.POST, { method: 'POST', headers: bearer(adminBearer), params: { userId: '77777777-7777-4777-8777-777777777777' } });
    expectEnvelope(unknown, 404, 'resource not found', { error: 'NOT_FOUND', details: 'user not found' });
    const officer = await createExtraAdmin(tenant, ['COMPLIANCE_OFFICER']);
    const officerToken = (await adminToken(officer)).token;
    const denied = await call(unlockRoute.POST, { method: 'POST', headers: bearer(officerToken), params: { userId: officer.userId } });
    expectEnvelope(denied, 403, 'access denied', { error: 'FORBIDDEN', details: 'this operation requires one of the roles ADMIN_USER' });
  });
});

describe('concurrent failures', () => {
  it('20 concurrent wrong passwords: exactly attempts 1..4 then 16 locked answers; the stored count is 5', async () => {
    const clock = freezeClock();
    const user = await createCustomerUser(tenant.tenantId);
    const results = await Promise.all(Array.from({ length: 20 }, () => cardLogin(tenant.tenantId, user.email, WRONG_PASSWORD)));
    expect(results.every((r) => r.status === 401)).toBe(true);
    const failed = results.filter((r) => r.json.message === 'authentication failed');
    const locked = results.filter((r) => r.json.message === 'account locked');
    expect(failed).toHaveLength(4);
    expect(locked).toHaveLength(16);
    expect(failed.map((r) => (r.json.data as { attempts: number }).attempts).sort()).toEqual([1, 2, 3, 4]);
    for (const r of failed) expect(r.json.data).toEqual(authFailed((r.json.data as { attempts: number }).attempts));
    const lockedUntil = new Date(clock.now().getTime() + 30 * MINUTE);
    for (const r of locked) expect(r.json.data).toEqual(accountLocked(lockedUntil, 1800));
    expect(await storedAttempts(tenant.tenantId, `user:${user.userId}`)).toEqual({ attempts: 5, lockedUntil });

    expectEnvelope(await cardLogin(tenant.tenantId, user.email, user.password), 401, 'account locked', accountLocked(lockedUntil, 1800));
  });

  it('a right password still being verified when wrong ones set the lock is refused: the success checks the lock again', async () => {
    const clock = freezeClock();
    const user = await createCustomerUser(tenant.tenantId);
    const verifyForReal = passwords.verifySecret;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // the first verification (the right password's) waits until the wrong ones below have set the lock
    const verify = vi.spyOn(passwords, 'verifySecret').mockImplementationOnce(async (hash, plain) => {
      await held;
      return verifyForReal(hash, plain);
    });
    const right = cardLogin(tenant.tenantId, user.email, user.password);
    await vi.waitFor(() => expect(verify).toHaveBeenCalledTimes(1));
    for (let n = 1; n <= 4; n++) {
      expectEnvelope(await cardLogin(tenant.tenantId, user.email, WRONG_PASSWORD), 401, 'authentication failed', authFailed(n));
    }
    const lockedUntil = new Date(clock.now().getTime() + 30 * MINUTE);
    expectEnvelope(await cardLogin(tenant.tenantId, user.email, WRONG_PASSWORD), 401, 'account locked', accountLocked(lockedUntil, 1800));
    release();
    // its lock check ran before the first failure, and found nothing: the success's statement refuses it
    expectEnvelope(await right, 401, 'account locked', accountLocked(lockedUntil, 1800));
    expect(await storedAttempts(tenant.tenantId, `user:${user.userId}`)).toEqual({ attempts: 5, lockedUntil });
  });

  it('a right password racing wrong ones never slips past a lock that is in force', async () => {
    const user = await createCustomerUser(tenant.tenantId);
    const results = await Promise.all([...Array.from({ length: 10 }, () => cardLogin(tenant.tenantId, user.email, WRONG_PASSWORD)), cardLogin(tenant.tenantId, user.email, user.password)]);
    const stored = await storedAttempts(tenant.tenantId, `user:${user.userId}`);
    const success = results[10]!;
    // whichever order the database saw, the final state is consistent with the answers
    const lockedAnswers = results.filter((r) => r.json?.message === 'account locked').length;
    expect(lockedAnswers).toBeGreaterThan(0);
    expect(stored!.lockedUntil).not.toBeNull();
    if (success.status === 200) expect(results.slice(0, 10).some((r) => r.json.message === 'account locked')).toBe(true);
    else expect(success.json.message).toBe('account locked');
  });
});
