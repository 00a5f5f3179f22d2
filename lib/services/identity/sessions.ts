import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { clock } from '@/lib/clock';
import type { Role } from '@/lib/contract/enums';
import type { SessionData } from '@/lib/contract/identity';
import type { Db, DbOrTx } from '@/lib/db/client';
import { refreshTokens, sessions, tenants, userRoles, users, type TenantRow } from '@/lib/db/schema';
import { getEnv } from '@/lib/env';
import { notFound, unauthorized } from '@/lib/contract/api-errors';
import { eventCtes } from '@/lib/services/events/emit';
import { ACCESS_TOKEN_TTL_SECONDS, panelSessionClaims, signAccessToken, verifyAccessToken, type AccessClaims, type SessionKind } from './tokens';
import { cachedSession, forgetSession, forgetUser, readOnce, rememberSession, type SessionSnapshot } from './principal-cache';
import { findUserById, parseRoles, toSessionUser, type UserWithRoles } from './users';

/** Where a session was opened from: the contract's context headers, and the address we trust. */
export interface SessionContext {
  deviceId?: string | null;
  /** claimed: the left-most X-Forwarded-For entry */
  ipAddress?: string | null;
  /** trusted: clientIp() of the request (the socket peer, or behind TRUSTED_PROXIES the forwarded client) */
  clientIp?: string | null;
  userAgent?: string | null;
  platform?: string | null;
  forwardedFrom?: string | null;
}

/** A signed-in panel (browser) session lasts a working day. */
export const PANEL_SESSION_TTL_SECONDS = 8 * 3600;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newRefreshToken = () => `rt_${randomBytes(32).toString('base64url')}`;

export interface IssuedSession {
  sessionId: string;
  token: string;
  refreshToken: string | null;
  expiresAt: Date;
  /** the contract's 3600 (ACCESS_TOKEN_TTL_SECONDS) */
  expiresIn: typeof ACCESS_TOKEN_TTL_SECONDS;
}

/**
 * Opens a session for an authenticated user and signs its first access token. Sessions with a
 * refresh token live SESSION_TTL_SECONDS; card API sessions (no refresh) live as long as their token.
 */
export async function openSession(db: Db, args: { user: UserWithRoles; kind: SessionKind; roles: Role[]; context: SessionContext; withRefreshToken: boolean }): Promise<IssuedSession> {
  const now = clock.now();
  const sessionTtl = args.withRefreshToken ? getEnv().SESSION_TTL_SECONDS : args.kind === 'PANEL' ? PANEL_SESSION_TTL_SECONDS : ACCESS_TOKEN_TTL_SECONDS;
  const expiresAt = new Date(now.getTime() + sessionTtl * 1000);
  const refreshToken = args.withRefreshToken ? newRefreshToken() : null;
  // One statement (atomic by itself): the session, its refresh token, the user's last sign-in and the
  // session.created event with its deliveries. Five statements between BEGIN and COMMIT before; each
  // round trip is a socket write and a wait that a sign-in, already waiting for argon2, pays on top.
  const sessionId = randomUUID();
  const tenantId = args.user.tenantId;
  const { ctes: eventCte } = eventCtes(tenantId, 'session.created', {
    userId: args.user.id,
    sessionId,
    kind: args.kind,
    platform: args.context.platform ?? null,
    ipAddress: args.context.ipAddress ?? null,
  });
  const at = sql`${now.toISOString()}::timestamptz`;
  await db.execute(sql`
    with s as (
      insert into sessions (id, tenant_id, user_id, kind, roles, device_id, ip_address, client_ip, user_agent, platform, forwarded_from, created_at, last_used_at, expires_at)
      values (${sessionId}::uuid, ${tenantId}::uuid, ${args.user.id}::uuid, ${args.kind}, ${JSON.stringify(args.roles)}::jsonb, ${args.context.deviceId ?? null},
        ${args.context.ipAddress ?? null}, ${args.context.clientIp ?? null}, ${args.context.userAgent ?? null}, ${args.context.platform ?? null}, ${args.context.forwardedFrom ?? null},
        ${at}, ${at}, ${expiresAt.toISOString()}::timestamptz)
      returning id
    ),
    r as (
      insert into refresh_tokens (tenant_id, token_hash, session_id, created_at, expires_at)
      select ${tenantId}::uuid, ${refreshToken ? hashToken(refreshToken) : null}, s.id, ${at}, ${expiresAt.toISOString()}::timestamptz from s
      where ${refreshToken !== null}
    ),
    u as (
      update users set last_login = ${at} where tenant_id = ${tenantId}::uuid and id = ${args.user.id}::uuid and exists (select 1 from s)
    ),
    ${eventCte}
    select id from s`);
  const access = await signAccessToken(db, { userId: args.user.id, tenantId: args.user.tenantId, sessionId, kind: args.kind, roles: args.roles });
  return { sessionId, token: access.token, refreshToken, expiresAt: access.expiresAt, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
}

export function toSessionData(issued: IssuedSession, user: UserWithRoles, message = 'session created'): SessionData {
  return {
    success: true,
    message,
    token: issued.token,
    refreshToken: issued.refreshToken ?? '',
    sessionId: issued.sessionId,
    expiresAt: issued.expiresAt.toISOString(),
    expiresIn: issued.expiresIn,
    errorType: null,
    user: toSessionUser(user),
  };
}

class DeadRefreshToken extends Error {}

/**
 * Rotates a refresh token: the presented one is spent in the same statement that checks it, a new
 * one is issued with a new access token. Presenting a spent token again is reuse: the whole session
 * (every token of the family) is revoked.
 */
export async function refreshSession(db: Db, tenantId: string, presented: string): Promise<{ issued: IssuedSession; user: UserWithRoles }> {
  const now = clock.now();
  const tokenHash = hashToken(presented);
  const result = await db
    .transaction(async (tx) => {
      const [spent] = await tx
        .update(refreshTokens)
        .set({ rotatedAt: now })
        .where(and(eq(refreshTokens.tenantId, tenantId), eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.rotatedAt), gt(refreshTokens.expiresAt, now)))
        .returning({ sessionId: refreshTokens.sessionId });
      if (!spent) return { kind: 'invalid' as const };
      const [session] = await tx
        .select()
        .from(sessions)
        .where(and(eq(sessions.tenantId, tenantId), eq(sessions.id, spent.sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
      // An unspent token of a session that has ended (logout, revocation, expiry) or of a disabled
      // user is merely invalid: roll the spend back so that it is never mistaken for reuse below.
      if (!session) throw new DeadRefreshToken();
      const user = await findUserById(tx, tenantId, session.userId);
      if (!user || !user.isActive) throw new DeadRefreshToken();
      const next = newRefreshToken();
      await tx.insert(refreshTokens).values({ tenantId, tokenHash: hashToken(next), sessionId: session.id, createdAt: now, expiresAt: session.expiresAt });
      await tx
        .update(sessions)
        .set({ lastUsedAt: now })
        .where(and(eq(sessions.tenantId, tenantId), eq(sessions.id, session.id)));
      const roles = (session.roles as Role[]).filter((r) => user.roles.includes(r));
      return { kind: 'ok' as const, session, user, next, roles };
    })
    .catch((error: unknown) => {
      if (error instanceof DeadRefreshToken) throw unauthorized('the refresh token is invalid or expired');
      throw error;
    });

  if (result.kind === 'invalid') {
    // Reuse of a spent token revokes its session: whoever holds the newer token loses it too.
    const [reused] = await db
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.tenantId, tenantId), eq(refreshTokens.tokenHash, tokenHash), sql`${refreshTokens.rotatedAt} is not null`));
    if (reused) {
      await revokeSession(db, tenantId, reused.sessionId, 'REFRESH_TOKEN_REUSE');
      throw unauthorized('the refresh token was already used; the session has been revoked');
    }
    throw unauthorized('the refresh token is invalid or expired');
  }
  const access = await signAccessToken(db, { userId: result.user.id, tenantId, sessionId: result.session.id, kind: result.session.kind, roles: result.roles });
  return {
    issued: { sessionId: result.session.id, token: access.token, refreshToken: result.next, expiresAt: access.expiresAt, expiresIn: ACCESS_TOKEN_TTL_SECONDS },
    user: result.user,
  };
}

export async function revokeSession(db: DbOrTx, tenantId: string, sessionId: string, reason: string, userId?: string): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: clock.now(), revokedReason: reason })
    .where(and(eq(sessions.tenantId, tenantId), eq(sessions.id, sessionId), isNull(sessions.revokedAt), userId ? eq(sessions.userId, userId) : undefined))
    .returning({ id: sessions.id });
  // every instance hears the change at commit (docs/identity.md); this one drops it now
  forgetSession(sessionId);
  return rows.length > 0;
}

/** Ends every session of a user and invalidates every token issued before now. */
export async function revokeAllSessions(db: DbOrTx, tenantId: string, userId: string, reason: string): Promise<number> {
  const now = clock.now();
  await db
    .update(users)
    .set({ tokensValidAfter: now, updatedAt: now })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.tenantId, tenantId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  forgetUser(userId);
  return rows.length;
}

export async function listActiveSessions(db: DbOrTx, tenantId: string, userId: string, currentSessionId?: string) {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.tenantId, tenantId), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, clock.now())))
    .orderBy(desc(sessions.lastUsedAt));
  return rows.map((s) => ({
    id: s.id,
    kind: s.kind,
    roles: s.roles as Role[],
    deviceId: s.deviceId,
    ipAddress: s.ipAddress,
    clientIp: s.clientIp,
    userAgent: s.userAgent,
    platform: s.platform,
    createdAt: s.createdAt.toISOString(),
    lastUsedAt: s.lastUsedAt.toISOString(),
    expiresAt: s.expiresAt.toISOString(),
    current: s.id === currentSessionId,
  }));
}

export async function revokeOwnSession(db: DbOrTx, tenantId: string, userId: string, sessionId: string): Promise<void> {
  if (!(await revokeSession(db, tenantId, sessionId, 'USER_REVOKED', userId))) throw notFound('session');
}

/** Who is calling: the result of a verified token and a live session. */
export interface Principal {
  userId: string;
  tenantId: string;
  sessionId: string;
  kind: SessionKind;
  roles: Role[];
  customerId: string | null;
  organizationId: string | null;
  claims: AccessClaims;
  /** The session's tenant as it was read with the session (its status is checked by the caller). */
  tenant: TenantRow;
}

/** The session's last use is written at most once a minute (and a cached entry lives at most that long). */
export const TOUCH_INTERVAL_MS = 60_000;

/**
 * One statement: the session, its user with every role held, its tenant, and (when it is due) the
 * write of the session's last use, in a data-modifying CTE. Null when no such session exists.
 */
async function readSession(db: Db, claims: AccessClaims, now: Date): Promise<SessionSnapshot | null> {
  const touched = db.$with('touched').as(
    db
      .update(sessions)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(sessions.tenantId, claims.tid),
          eq(sessions.id, claims.sid),
          eq(sessions.userId, claims.sub),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
          lt(sessions.lastUsedAt, new Date(now.getTime() - TOUCH_INTERVAL_MS)),
        ),
      )
      .returning({ id: sessions.id }),
  );
  const [row] = await db
    .with(touched)
    .select({
      session: sessions,
      user: users,
      tenant: tenants,
      roles: sql<
        Role[] | null
      >`(select coalesce(array_agg(${userRoles.role}), '{}') from ${userRoles} where ${userRoles.tenantId} = ${users.tenantId} and ${userRoles.userId} = ${users.id})`,
      touched: sql<boolean>`exists (select 1 from ${touched})`,
    })
    .from(sessions)
    .innerJoin(users, and(eq(users.tenantId, sessions.tenantId), eq(users.id, sessions.userId)))
    .innerJoin(tenants, eq(tenants.id, sessions.tenantId))
    .where(and(eq(sessions.tenantId, claims.tid), eq(sessions.id, claims.sid), eq(sessions.userId, claims.sub)));
  if (!row) return null;
  // the main query sees the row as it was before the CTE's update
  const session = row.touched ? { ...row.session, lastUsedAt: now } : row.session;
  return { session, user: row.user, tenant: row.tenant, roles: parseRoles(row.roles), readAt: now.getTime() };
}

const fresh = (ageMs: number) => ageMs >= 0 && ageMs <= TOUCH_INTERVAL_MS;

/** The checks every request makes, on a snapshot fresh from the database or from the cache. */
function principalOf(snapshot: SessionSnapshot, claims: AccessClaims, now: Date): Principal {
  const { session, user, tenant } = snapshot;
  if (session.tenantId !== claims.tid || session.userId !== claims.sub) throw unauthorized('the session has ended; sign in again');
  if (session.revokedAt || session.expiresAt <= now) throw unauthorized('the session has ended; sign in again');
  if (!user.isActive) throw unauthorized('the session has ended; sign in again');
  if (user.tokensValidAfter && claims.iat < Math.floor(user.tokensValidAfter.getTime() / 1000)) {
    throw unauthorized('the token was revoked; sign in again');
  }
  return {
    userId: user.id,
    tenantId: user.tenantId,
    sessionId: session.id,
    kind: session.kind,
    // A user of a customer (an individual's user, or the administrator of a customer organization)
    // acts only for that customer: admin roles held inside a customer organization confer no power
    // over the tenant (its queue, other customers, its users, its categorization).
    roles: (session.roles as Role[]).filter((r) => snapshot.roles.includes(r) && (user.customerId === null || r === 'CUSTOMER')),
    customerId: user.customerId,
    organizationId: user.organizationId,
    claims,
    tenant,
  };
}

/**
 * Resolves a session (from a verified token or the panel's cookie) into a principal: the session
 * must be live, the user active, the token issued after the user's tokensValidAfter, and the roles
 * are those of the session that the user still holds (for a customer's user: CUSTOMER at most).
 *
 * Warm (docs/identity.md): the process's principal cache holds the session's snapshot, and the
 * request costs no statement; an entry is dropped on every instance when the session, its user,
 * the user's roles or the tenant change. Cold: one statement reads the session, its user with roles
 * and its tenant, and writes the session's last use when it is a minute old (docs/performance.md).
 */
export async function principalForSession(db: Db, claims: AccessClaims): Promise<Principal> {
  const now = clock.now();
  const cached = await cachedSession(db, claims.sid);
  // An entry is served for at most a minute after it was read, and while the session's last use was
  // written within the minute (then the read below writes it again).
  const snap = cached.snapshot;
  if (snap && fresh(now.getTime() - snap.readAt) && now.getTime() - snap.session.lastUsedAt.getTime() <= TOUCH_INTERVAL_MS) {
    return principalOf(snap, claims, now);
  }
  // concurrent misses of this session share one read (readOnce)
  const snapshot = await readOnce(db, `${claims.tid}:${claims.sid}:${claims.sub}`, cached.generation, () => readSession(db, claims, now));
  if (!snapshot) throw unauthorized('the session has ended; sign in again');
  rememberSession(db, cached.generation, snapshot);
  return principalOf(snapshot, claims, now);
}

/** The principal of a bearer access token (API sessions and the card API's tokens). */
export async function authenticateBearer(db: Db, token: string): Promise<Principal> {
  return principalForSession(db, await verifyAccessToken(db, token));
}

/**
 * The principal of a panel session (the next-auth cookie of the API, the session of the pages): the
 * one place a panel session's fields become claims (panelSessionClaims) and are checked.
 */
export async function authenticatePanelSession(db: Db, session: Parameters<typeof panelSessionClaims>[0]): Promise<Principal> {
  return principalForSession(db, panelSessionClaims(session));
}
