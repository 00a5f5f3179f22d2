import { randomUUID } from 'node:crypto';
import { decodeProtectedHeader, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { clock } from '@/lib/clock';
import { roleSchema, type Role } from '@/lib/contract/enums';
import type { Db } from '@/lib/db/client';
import { getEnv } from '@/lib/env';
import { tokenExpired, unauthorized } from '@/lib/contract/api-errors';
import { currentSigningKey, findVerificationKey, JWT_ALGORITHM } from './signing-keys';

/** Access tokens: EdDSA JWTs, 1 hour (the contract's expiresIn 3600). */
export const ACCESS_TOKEN_TTL_SECONDS = 3600 as const;
export const SESSION_KINDS = ['ADMIN', 'CUSTOMER', 'CARD_API', 'PANEL'] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];

export const accessClaimsSchema = z.object({
  iss: z.string(),
  aud: z.union([z.string(), z.array(z.string())]),
  sub: z.uuid(),
  tid: z.uuid(),
  sid: z.uuid(),
  knd: z.enum(SESSION_KINDS),
  roles: z.array(roleSchema),
  iat: z.number().int(),
  exp: z.number().int(),
  jti: z.string().min(1),
});
export type AccessClaims = z.infer<typeof accessClaimsSchema>;

/**
 * The claims of a panel session: the next-auth cookie names our server-side session but is not one
 * of our JWTs, so its fields are put in the shape principalForSession reads. The one place such
 * claims are built (the API's cookie principal and the pages' panel user).
 */
export function panelSessionClaims(session: {
  userId: string;
  tenantId: string;
  sessionId: string;
  roles: readonly Role[];
  /** issued-at of the cookie, seconds; compared with the user's tokensValidAfter */
  iat: number;
  exp?: number;
  jti?: string;
}): AccessClaims {
  const env = getEnv();
  return {
    iss: env.JWT_ISSUER,
    aud: env.JWT_AUDIENCE,
    sub: session.userId,
    tid: session.tenantId,
    sid: session.sessionId,
    knd: 'PANEL',
    roles: [...session.roles],
    iat: session.iat,
    exp: session.exp ?? 0,
    jti: session.jti ?? 'panel',
  };
}

export interface TokenSubject {
  userId: string;
  tenantId: string;
  sessionId: string;
  kind: SessionKind;
  roles: Role[];
}

export async function signAccessToken(db: Db, subject: TokenSubject): Promise<{ token: string; expiresAt: Date; issuedAt: Date }> {
  const env = getEnv();
  const key = await currentSigningKey(db);
  const iat = Math.floor(clock.now().getTime() / 1000);
  const exp = iat + ACCESS_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({ tid: subject.tenantId, sid: subject.sessionId, knd: subject.kind, roles: subject.roles })
    .setProtectedHeader({ alg: JWT_ALGORITHM, kid: key.kid, typ: 'JWT' })
    .setIssuer(env.JWT_ISSUER)
    .setAudience(env.JWT_AUDIENCE)
    .setSubject(subject.userId)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .setJti(randomUUID())
    .sign(key.privateKey);
  return { token, expiresAt: new Date(exp * 1000), issuedAt: new Date(iat * 1000) };
}

/**
 * Tokens whose signature and claims were verified, by the token's exact text: an EdDSA verify costs
 * about as much as the rest of an authenticated read (bench/_profile.ts), and a client sends the same
 * token for an hour. An entry proves only that these bytes were signed by key `kid` with these claims;
 * the key must still be known, and expiry is checked against the clock on every use, as jose does.
 * Revocation is not the signature's business: the session, user and tenant checks that follow
 * (principal cache, LISTEN/NOTIFY) run on every request either way. Bounded; the oldest entry goes first.
 */
const VERIFIED_MAX = 10_000;
const verified = new Map<string, { kid: string; claims: AccessClaims }>();

function rememberVerified(token: string, kid: string, claims: AccessClaims): void {
  if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
  verified.set(token, { kid, claims });
}

/**
 * Verifies signature, algorithm (pinned to EdDSA: `none`, HS256 and every other algorithm are
 * refused before any key is used), `kid`, issuer, audience and expiry. Expired tokens answer the
 * contract's "token expired" with JWT_EXPIRED and expiredAt; every other failure a plain 401.
 */
export async function verifyAccessToken(db: Db, token: string): Promise<AccessClaims> {
  const known = verified.get(token);
  if (known) {
    if (!(await findVerificationKey(db, known.kid))) {
      verified.delete(token);
      throw unauthorized('the bearer token is signed with an unknown key');
    }
    // jose's rule (no clock tolerance): expired once now >= exp
    if (Math.floor(clock.now().getTime() / 1000) >= known.claims.exp) {
      verified.delete(token);
      throw tokenExpired(new Date(known.claims.exp * 1000));
    }
    return known.claims;
  }
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(token);
  } catch {
    throw unauthorized('the bearer token is malformed');
  }
  if (header.alg !== JWT_ALGORITHM) throw unauthorized('the bearer token is not signed with an accepted algorithm');
  if (typeof header.kid !== 'string') throw unauthorized('the bearer token names no signing key');
  const key = await findVerificationKey(db, header.kid);
  if (!key) throw unauthorized('the bearer token is signed with an unknown key');
  const env = getEnv();
  try {
    const { payload } = await jwtVerify(token, key.publicKey, {
      algorithms: [JWT_ALGORITHM],
      issuer: env.JWT_ISSUER,
      audience: env.JWT_AUDIENCE,
      currentDate: clock.now(),
      requiredClaims: ['sub', 'tid', 'sid', 'iat', 'exp', 'jti'],
    });
    const claims = accessClaimsSchema.safeParse(payload);
    if (!claims.success) throw unauthorized('the bearer token carries invalid claims');
    rememberVerified(token, header.kid, claims.data);
    return claims.data;
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) {
      const exp = typeof error.payload.exp === 'number' ? error.payload.exp : Math.floor(clock.now().getTime() / 1000);
      throw tokenExpired(new Date(exp * 1000));
    }
    if (error instanceof joseErrors.JWTClaimValidationFailed) throw unauthorized(`the bearer token's ${error.claim} claim is not accepted`);
    if (error instanceof joseErrors.JOSEError) throw unauthorized('the bearer token signature is invalid');
    throw error;
  }
}

/** `Authorization: Bearer <token>`; null when absent, 401 when present but empty or not Bearer. */
export function bearerToken(authorization: string | null): string | null {
  if (authorization === null) return null;
  const match = /^Bearer[ ]+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(authorization.trim());
  if (!match) throw unauthorized('the Authorization header must be "Bearer <token>" with a non-empty token');
  return match[1]!;
}
