import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { base64url, createLocalJWKSet, decodeJwt, decodeProtectedHeader, exportJWK, jwtVerify, SignJWT, type JWK, type JWTPayload } from 'jose';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as jwksRoute from '@/app/api/auth/jwks/route';
import * as logoutRoute from '@/app/api/v2.1/sessions/logout/route';
import * as sessionsRoute from '@/app/api/v2.1/sessions/route';
import * as disableRoute from '@/app/api/v2.1/admin/users/[userId]/disable/route';
import * as passwordRoute from '@/app/api/v2.1/admin/users/[userId]/password/route';
import { setClock } from '@/lib/clock';
import { getDb } from '@/lib/db/client';
import { currentSigningKey } from '@/lib/services/identity/signing-keys';
import { setTenantStatus } from '@/lib/services/tenants/tenants';
import { call, expectEnvelope, type CallResult } from './helpers';
import {
  adminToken,
  bearer,
  cardLogin,
  createCustomerUser,
  createExtraAdmin,
  createIdentityTenant,
  firstAdmin,
  freezeClock,
  resetIdentityState,
  TENANT_DENIED_MESSAGE,
  tenantDenied,
  UUID,
  type TestAdminUser,
  type TestTenant,
} from './identity-fixtures';

const ISSUER = 'business-platform';
const AUDIENCE = 'business-platform-api';

let tenant: TestTenant;
let admin: TestAdminUser;
let adminBearer: string;

beforeAll(async () => {
  tenant = await createIdentityTenant();
  admin = firstAdmin(tenant);
  adminBearer = (await adminToken(admin)).token;
});
beforeEach(() => resetIdentityState());
afterEach(() => setClock(null));

const getSessions = (headers: Record<string, string>) => call<{ items: { id: string; current: boolean }[] }>(sessionsRoute.GET, { path: '/api/v2.1/sessions', headers });

function expectUnauthorized(res: CallResult<unknown>, details: string) {
  expectEnvelope(res, 401, 'authentication required', { error: 'UNAUTHORIZED', details });
  expect(res.headers.get('WWW-Authenticate')).toBe('Bearer');
}

/** A token signed with the server's own key: what only a key holder could make. */
async function serverSigned(payload: JWTPayload, options: { kid?: string | null } = {}): Promise<string> {
  const key = await currentSigningKey(await getDb());
  const header = options.kid === null ? { alg: 'EdDSA', typ: 'JWT' } : { alg: 'EdDSA', kid: options.kid ?? key.kid, typ: 'JWT' };
  return new SignJWT(payload).setProtectedHeader(header).sign(key.privateKey);
}

/** The claims of a valid token for an existing session, as a base for variations. */
async function claimsOfFreshToken(): Promise<JWTPayload> {
  return decodeJwt((await adminToken(admin)).token);
}

describe('GET /api/auth/jwks and the access token', () => {
  it('publishes the Ed25519 public key; the token verifies against it with every claim', async () => {
    const jwksRes = await call<never>(jwksRoute.GET, { path: '/api/auth/jwks' });
    expect(jwksRes.status).toBe(200);
    expect(jwksRes.headers.get('Cache-Control')).toBe('public, max-age=300');
    const jwks = jwksRes.json as unknown as { keys: JWK[] };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toEqual({ kty: 'OKP', crv: 'Ed25519', x: expect.stringMatching(/^[\w-]{43}$/), kid: expect.any(String), alg: 'EdDSA', use: 'sig' });

    const clock = freezeClock();
    const session = await adminToken(admin);
    const header = decodeProtectedHeader(session.token);
    expect(header).toEqual({ alg: 'EdDSA', kid: jwks.keys[0]!.kid, typ: 'JWT' });
    const { payload } = await jwtVerify(session.token, createLocalJWKSet(jwks), {
      algorithms: ['EdDSA'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: clock.now(),
    });
    const iat = clock.now().getTime() / 1000;
    expect(payload).toEqual({
      iss: ISSUER,
      aud: AUDIENCE,
      sub: admin.userId,
      tid: tenant.tenantId,
      sid: session.sessionId,
      knd: 'ADMIN',
      roles: ['ADMIN_USER'],
      iat,
      exp: iat + 3600,
      jti: expect.stringMatching(UUID),
    });
    expect(session.expiresAt).toBe(new Date((iat + 3600) * 1000).toISOString());
    // every token has its own jti
    expect(decodeJwt((await adminToken(admin)).token).jti).not.toBe(payload.jti);
  });

  it('the token opens the protected route', async () => {
    const res = await getSessions(bearer(adminBearer));
    expect(res.status).toBe(200);
    expect(res.json.data.items.length).toBeGreaterThan(0);
  });
});

describe('tokens that are refused', () => {
  const NOT_ACCEPTED = 'the bearer token is not signed with an accepted algorithm';

  it('alg none', async () => {
    const claims = await claimsOfFreshToken();
    const kid = decodeProtectedHeader(adminBearer).kid;
    const token = `${base64url.encode(JSON.stringify({ alg: 'none', kid, typ: 'JWT' }))}.${base64url.encode(JSON.stringify(claims))}.`;
    expectUnauthorized(await getSessions(bearer(token)), NOT_ACCEPTED);
  });

  it('HS256 signed with the public key bytes or the public JWK as the secret', async () => {
    const claims = await claimsOfFreshToken();
    const jwk = (await currentSigningKey(await getDb())).publicJwk;
    const secrets = [base64url.decode(jwk.x!), new TextEncoder().encode(JSON.stringify(jwk)), new TextEncoder().encode(jwk.x!)];
    for (const secret of secrets) {
      const token = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid: jwk.kid, typ: 'JWT' }).sign(secret);
      expectUnauthorized(await getSessions(bearer(token)), NOT_ACCEPTED);
    }
  });

  it.each([
    ['RS256', () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey],
    ['ES256', () => generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey],
  ])('%s tokens', async (alg, key) => {
    const claims = await claimsOfFreshToken();
    const kid = decodeProtectedHeader(adminBearer).kid!;
    const token = await new SignJWT(claims).setProtectedHeader({ alg, kid, typ: 'JWT' }).sign(key());
    expectUnauthorized(await getSessions(bearer(token)), NOT_ACCEPTED);
  });

  it('an unknown kid, a missing kid, and the right kid with another Ed25519 key', async () => {
    const claims = await claimsOfFreshToken();
    const kid = decodeProtectedHeader(adminBearer).kid!;
    const foreign = generateKeyPairSync('ed25519').privateKey;
    const unknownKid = await new SignJWT(claims).setProtectedHeader({ alg: 'EdDSA', kid: 'k-unknown', typ: 'JWT' }).sign(foreign);
    expectUnauthorized(await getSessions(bearer(unknownKid)), 'the bearer token is signed with an unknown key');
    const noKid = await new SignJWT(claims).setProtectedHeader({ alg: 'EdDSA', typ: 'JWT' }).sign(foreign);
    expectUnauthorized(await getSessions(bearer(noKid)), 'the bearer token names no signing key');
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'EdDSA', kid, typ: 'JWT' }).sign(foreign);
    expectUnauthorized(await getSessions(bearer(forged)), 'the bearer token signature is invalid');
    // sanity: the foreign key's public half is a well-formed Ed25519 JWK, the refusal is about trust
    expect((await exportJWK(foreign)).crv).toBe('Ed25519');
  });

  it('a tampered payload', async () => {
    const customer = await createCustomerUser(tenant.tenantId);
    const login = await cardLogin(tenant.tenantId, customer.email, customer.password);
    const [h, p, s] = login.body.accessToken.split('.');
    const payload = JSON.parse(new TextDecoder().decode(base64url.decode(p!)));
    payload.roles = ['ADMIN_USER'];
    const tampered = `${h}.${base64url.encode(JSON.stringify(payload))}.${s}`;
    expectUnauthorized(await getSessions(bearer(tampered)), 'the bearer token signature is invalid');
    // a flipped signature byte too
    const sig = base64url.decode(s!);
    sig[0] = sig[0]! ^ 1;
    expectUnauthorized(await getSessions(bearer(`${h}.${p}.${base64url.encode(sig)}`)), 'the bearer token signature is invalid');
  });

  it('a wrong audience, a wrong issuer, a missing claim, an invalid claim (even with the server key)', async () => {
    const claims = await claimsOfFreshToken();
    expectUnauthorized(await getSessions(bearer(await serverSigned({ ...claims, aud: 'another-api' }))), "the bearer token's aud claim is not accepted");
    expectUnauthorized(await getSessions(bearer(await serverSigned({ ...claims, iss: 'someone-else' }))), "the bearer token's iss claim is not accepted");
    const { tid: _tid, ...withoutTid } = claims;
    expectUnauthorized(await getSessions(bearer(await serverSigned(withoutTid))), "the bearer token's tid claim is not accepted");
    expectUnauthorized(await getSessions(bearer(await serverSigned({ ...claims, roles: ['ROOT'] }))), 'the bearer token carries invalid claims');
    // a well-formed token naming a session that does not exist
    expectUnauthorized(await getSessions(bearer(await serverSigned({ ...claims, sid: randomUUID() }))), 'the session has ended; sign in again');
    // and the unmodified claims re-signed are accepted (the variations above are what is refused)
    expect((await getSessions(bearer(await serverSigned(claims)))).status).toBe(200);
  });

  it('an expired token: 401 token expired with JWT_EXPIRED and expiredAt', async () => {
    const clock = freezeClock();
    const session = await adminToken(admin);
    clock.advance(3599_000);
    expect((await getSessions(bearer(session.token))).status).toBe(200);
    clock.advance(2_000);
    const res = await getSessions(bearer(session.token));
    expectEnvelope(res, 401, 'token expired', { error: 'JWT_EXPIRED', expiredAt: session.expiresAt });
    expect(session.expiresAt).toBe(new Date(clock.now().getTime() - 1_000).toISOString());
    expect(res.headers.get('WWW-Authenticate')).toBe('Bearer error="invalid_token"');
  });

  it('the token of a session that was logged out', async () => {
    const session = await adminToken(admin);
    const out = await call(logoutRoute.POST, { method: 'POST', headers: bearer(session.token) });
    expect(out.status).toBe(200);
    expect(out.json).toEqual({ code: 200, message: 'signed out', data: { revokedSessions: 1 } });
    expectUnauthorized(await getSessions(bearer(session.token)), 'the session has ended; sign in again');
    // the others of the user are untouched
    expect((await getSessions(bearer(adminBearer))).status).toBe(200);
  });
});

describe('tokens issued before tokensValidAfter', () => {
  it('logout with allSessions ends every session of the user', async () => {
    const user = await createExtraAdmin(tenant, ['EMPLOYEE']);
    const a = await adminToken(user);
    const b = await adminToken(user);
    const c = (await cardLogin(tenant.tenantId, user.email, user.password)).body.accessToken;
    const out = await call(logoutRoute.POST, { method: 'POST', headers: bearer(a.token), body: { allSessions: true } });
    expect(out.json).toEqual({ code: 200, message: 'signed out', data: { revokedSessions: 3 } });
    for (const token of [a.token, b.token, c]) expectUnauthorized(await getSessions(bearer(token)), 'the session has ended; sign in again');
    // a new sign-in works at once
    expect((await getSessions(bearer((await adminToken(user)).token))).status).toBe(200);
  });

  it('a token signed before tokensValidAfter is refused even for a live session', async () => {
    const clock = freezeClock();
    const user = await createExtraAdmin(tenant, ['EMPLOYEE']);
    const first = await adminToken(user);
    await call(logoutRoute.POST, { method: 'POST', headers: bearer(first.token), body: { allSessions: true } });
    const revokedAt = clock.now().getTime() / 1000;
    clock.advance(10_000);
    const live = await adminToken(user);
    expect((await getSessions(bearer(live.token))).status).toBe(200);
    const claims = decodeJwt(live.token);
    const backdated = await serverSigned({ ...claims, iat: revokedAt - 5, exp: revokedAt - 5 + 3600, jti: randomUUID() });
    expectUnauthorized(await getSessions(bearer(backdated)), 'the token was revoked; sign in again');
  });

  it('a password reset by an administrator ends the sessions of the user', async () => {
    const user = await createExtraAdmin(tenant, ['EMPLOYEE']);
    const session = await adminToken(user);
    const reset = await call(passwordRoute.POST, { method: 'POST', headers: bearer(adminBearer), params: { userId: user.userId }, body: { password: 'Brand-New-Secret-8' } });
    expect(reset.status).toBe(200);
    expectUnauthorized(await getSessions(bearer(session.token)), 'the session has ended; sign in again');
  });

  it('disabling the user ends its sessions', async () => {
    const user = await createExtraAdmin(tenant, ['EMPLOYEE']);
    const session = await adminToken(user);
    expect((await call(disableRoute.POST, { method: 'POST', headers: bearer(adminBearer), params: { userId: user.userId } })).status).toBe(200);
    expectUnauthorized(await getSessions(bearer(session.token)), 'the session has ended; sign in again');
  });
});

describe('tenant and Authorization header checks', () => {
  it('an X-Tenant-ID that differs from the token tenant answers 403 naming that tenant', async () => {
    const other = await createIdentityTenant();
    expectEnvelope(await getSessions(bearer(adminBearer, other.tenantId)), 403, TENANT_DENIED_MESSAGE, tenantDenied(other.tenantId));
    expect((await getSessions(bearer(adminBearer, tenant.tenantId))).status).toBe(200);
    expectEnvelope(await getSessions(bearer(adminBearer, 'not-a-uuid')), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [{ field: 'X-Tenant-ID', message: 'must be a tenant UUID' }],
    });
  });

  it('a token of a suspended tenant answers 403', async () => {
    const t = await createIdentityTenant();
    const token = (await adminToken(firstAdmin(t))).token;
    const db = await getDb();
    await setTenantStatus(db, t.tenantId, 'SUSPENDED');
    expectEnvelope(await getSessions(bearer(token)), 403, TENANT_DENIED_MESSAGE, tenantDenied(t.tenantId));
    await setTenantStatus(db, t.tenantId, 'ACTIVE');
    expect((await getSessions(bearer(token))).status).toBe(200);
  });

  it.each([
    ['an empty header', ''],
    ['Bearer without a token', 'Bearer'],
    ['Bearer with blanks only', 'Bearer    '],
    ['another scheme', 'Basic YWRtaW46YWRtaW4='],
    ['a token with invalid characters', 'Bearer abc def'],
  ])('%s', async (_label, authorization) => {
    expectUnauthorized(await getSessions({ authorization }), 'the Authorization header must be "Bearer <token>" with a non-empty token');
  });

  it('a token that is not a JWT, and no credential at all', async () => {
    expectUnauthorized(await getSessions({ authorization: 'Bearer not.a.jwt' }), 'the bearer token is malformed');
    expectUnauthorized(await getSessions({ authorization: 'Bearer abc' }), 'the bearer token is malformed');
    expectUnauthorized(await getSessions({}), 'sign in, or send Authorization: Bearer <token>');
  });
});
