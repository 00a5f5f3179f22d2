import { clock } from '@/lib/clock';
import type { Role } from '@/lib/contract/enums';
import { database, type Database, type Db } from '@/lib/db/client';
import type { sessions, TenantRow, UserRow } from '@/lib/db/schema';
import { logger } from '@/lib/log';
import { resetSigningKeyCache } from './signing-keys';

/**
 * The principal cache of this process (docs/identity.md). It holds what principalForSession reads
 * (the session, its user with roles, its tenant), keyed by session id, and tenant rows keyed by id,
 * so that a warm request authenticates without a database round trip.
 *
 * Revocation: triggers on sessions, users, user_roles and tenants (migration 0013) call
 * pg_notify('bp_auth', 's:<session>' | 'u:<user>' | 't:<tenant>') in the changing transaction; every
 * server process LISTENs and drops what a message names. Services of this process also drop entries
 * themselves (`forget*`) as they make a change, so a process reads its own writes without waiting
 * for its notification. The same channel carries 'k:<kid>' (migration 0016): a signing key added or
 * retired anywhere empties this process's key cache (lib/services/identity/signing-keys.ts).
 *
 * Failing safe: entries are served only while the LISTEN is in place on the very database handle
 * the caller uses. Until it is (start-up), while its connection is lost, and after a reconnection
 * (anything may have changed meanwhile) the cache is empty and every request reads the database.
 * A read that raced with an invalidation (any message arrived while it ran) is not stored. A session
 * entry lives at most until its session's last-use stamp is a minute old (then the read that touches
 * the stamp refreshes it); a tenant entry at most MAX_AGE_MS after it was read, so that a change whose
 * notification was lost (a listener not yet found dead by its ping) is served for a minute at most.
 * The cache holds at most MAX_ENTRIES sessions and MAX_ENTRIES tenants.
 */
export const AUTH_INVALIDATION_CHANNEL = 'bp_auth';

type SessionRow = typeof sessions.$inferSelect;

/** Everything a principal is built from, as one statement reads it. */
export interface SessionSnapshot {
  session: SessionRow;
  user: UserRow;
  tenant: TenantRow;
  /** every role the user holds now (the session's roles are filtered by them) */
  roles: Role[];
  /** when this process read it (its clock): an entry is served for at most a minute */
  readAt: number;
}

const MAX_ENTRIES = 10_000;

/** The longest an entry is served after it was read (sessions: TOUCH_INTERVAL_MS of sessions.ts, the same minute). */
export const MAX_AGE_MS = 60_000;

interface TenantEntry {
  row: TenantRow;
  /** when this process read it (its clock) */
  readAt: number;
}

interface CacheState {
  sessions: Map<string, SessionSnapshot>;
  tenants: Map<string, TenantEntry>;
  /** bumped by every invalidation and every change of the listener's state */
  generation: number;
  /** the database handle whose LISTEN is in place (null: not listening, the cache is off) */
  listeningOn: Db | null;
  /** the handle a listener was started for (its LISTEN may not be in place yet) */
  startedFor: Db | null;
  stop: (() => Promise<void>) | null;
}

const holder = globalThis as unknown as { __bpPrincipalCache?: CacheState };
const state = (): CacheState =>
  (holder.__bpPrincipalCache ??= {
    sessions: new Map(),
    tenants: new Map(),
    generation: 0,
    listeningOn: null,
    startedFor: null,
    stop: null,
  });

function clear(s: CacheState): void {
  s.sessions.clear();
  s.tenants.clear();
  s.generation++;
  // the signing keys were read under the same guarantee
  resetSigningKeyCache();
}

/** Applies one invalidation message (also the local `forget*` calls). */
export function applyInvalidation(payload: string): void {
  const s = state();
  s.generation++;
  const kind = payload.slice(0, 2);
  const id = payload.slice(2);
  if (kind === 's:') {
    s.sessions.delete(id);
  } else if (kind === 'u:') {
    for (const [sid, snap] of s.sessions) if (snap.user.id === id) s.sessions.delete(sid);
  } else if (kind === 't:') {
    s.tenants.delete(id);
    for (const [sid, snap] of s.sessions) if (snap.tenant.id === id) s.sessions.delete(sid);
  } else if (kind === 'k:') {
    // a signing key added or retired by any process: read the keys again
    resetSigningKeyCache();
  } else {
    // an empty payload (a reconnection's catch-up call) or one we do not know: drop everything
    clear(s);
  }
}

/** This process drops what it is changing (its own notification arrives at commit too). */
export const forgetSession = (sessionId: string) => applyInvalidation(`s:${sessionId}`);
export const forgetUser = (userId: string) => applyInvalidation(`u:${userId}`);
export const forgetTenant = (tenantId: string) => applyInvalidation(`t:${tenantId}`);

function onListenState(s: CacheState, db: Db, listening: boolean): void {
  if (s.startedFor !== db) return;
  const was = s.listeningOn === db;
  // whatever happened while nobody listened is unknown: start empty either way
  clear(s);
  s.listeningOn = listening ? db : null;
  if (was !== listening) {
    if (listening) logger().debug('principal cache: invalidations are heard; caching');
    else logger().warn('principal cache: the invalidation channel is down; every request reads the database until it returns');
  }
}

async function startListening(s: CacheState, handle: Database): Promise<void> {
  const previous = s.stop;
  s.stop = null;
  s.listeningOn = null;
  s.startedFor = handle.db;
  clear(s);
  await previous?.().catch(() => undefined);
  if (!handle.listen) return;
  const db = handle.db;
  try {
    const stop = await handle.listen(
      AUTH_INVALIDATION_CHANNEL,
      (payload) => applyInvalidation(payload),
      (listening) => onListenState(s, db, listening),
    );
    if (s.startedFor === db) s.stop = stop;
    else await stop();
  } catch (error) {
    logger().warn({ err: error }, 'principal cache: LISTEN failed; every request reads the database');
  }
}

/**
 * A cache generation for `db`, or null when the cache must not be used with it (not the process
 * database, or its LISTEN not in place). Starts the listener on first use.
 */
async function generationFor(db: Db): Promise<number | null> {
  const s = state();
  if (s.listeningOn === db) return s.generation;
  if (s.startedFor !== db) {
    const handle = await database().catch(() => null);
    if (!handle || handle.db !== db) return null;
    if (s.startedFor !== db) void startListening(s, handle);
  }
  return null;
}

/**
 * Start-up: the LISTEN in place before the first request (the start-up gate holds requests until
 * it is), so the cache can serve from the first request on. Started on first use instead, the
 * listener came up while the first requests of a loaded process were already running, and each of
 * them read the database. True when invalidations are heard; false leaves the cache off (the start-up
 * banner says so) until the listener, retrying in the background, hears the channel.
 */
export async function listenForInvalidations(): Promise<boolean> {
  const handle = await database();
  const s = state();
  if (s.startedFor !== handle.db) await startListening(s, handle);
  return s.listeningOn === handle.db;
}

/** The cached snapshot of a session, or null (then read it and offer it to `remember`). */
export async function cachedSession(db: Db, sessionId: string): Promise<{ snapshot: SessionSnapshot | null; generation: number | null }> {
  const generation = await generationFor(db);
  if (generation === null) return { snapshot: null, generation };
  return { snapshot: state().sessions.get(sessionId) ?? null, generation };
}

/** Session reads in flight, by key, with the database handle and the cache generation each began at. */
const inFlight = new Map<string, { db: Db; generation: number; read: Promise<unknown> }>();

/**
 * `read()` once for callers that ask concurrently with the same key, handle and cache generation:
 * the requests of one session that all miss together (a process's first burst, an entry past its
 * minute under load) make one read between them, not one each. A caller that comes after an
 * invalidation (another generation) reads on its own, so nothing changed before it arrived is
 * served from an older read, as with a cached entry. With the cache off (generation null) every
 * caller reads.
 */
export function readOnce<T>(db: Db, key: string, generation: number | null, read: () => Promise<T>): Promise<T> {
  if (generation === null) return read();
  const pending = inFlight.get(key);
  if (pending && pending.db === db && pending.generation === generation) return pending.read as Promise<T>;
  const shared: Promise<T> = read().finally(() => {
    if (inFlight.get(key)?.read === shared) inFlight.delete(key);
  });
  inFlight.set(key, { db, generation, read: shared });
  return shared;
}

/** Stores a snapshot read at `generation`, unless an invalidation arrived meanwhile. */
export function rememberSession(db: Db, generation: number | null, snapshot: SessionSnapshot): void {
  const s = state();
  if (generation === null || s.listeningOn !== db || s.generation !== generation) return;
  if (s.sessions.size >= MAX_ENTRIES) s.sessions.delete(s.sessions.keys().next().value!);
  s.sessions.set(snapshot.session.id, snapshot);
  rememberTenant(s, snapshot.tenant, snapshot.readAt);
}

function rememberTenant(s: CacheState, row: TenantRow, readAt: number): void {
  if (!s.tenants.has(row.id) && s.tenants.size >= MAX_ENTRIES) s.tenants.delete(s.tenants.keys().next().value!);
  s.tenants.set(row.id, { row, readAt });
}

/**
 * A tenant row by id through the cache (only found rows are kept: a new tenant is seen at once),
 * served for at most MAX_AGE_MS after it was read.
 */
export async function cachedTenant(db: Db, tenantId: string, read: () => Promise<TenantRow | undefined>): Promise<TenantRow | undefined> {
  const generation = await generationFor(db);
  const s = state();
  const now = clock.now().getTime();
  const hit = generation === null ? undefined : s.tenants.get(tenantId);
  if (hit && now - hit.readAt >= 0 && now - hit.readAt <= MAX_AGE_MS) return hit.row;
  const row = await read();
  if (row && generation !== null && s.listeningOn === db && s.generation === generation) rememberTenant(s, row, now);
  return row;
}

/** Tests and shutdown: stop listening and empty the cache. */
export async function resetPrincipalCache(): Promise<void> {
  const s = state();
  const stop = s.stop;
  s.stop = null;
  s.startedFor = null;
  s.listeningOn = null;
  clear(s);
  await stop?.().catch(() => undefined);
}

/** For tests and diagnostics: whether entries are being served, and how many. */
export function principalCacheState(): { listening: boolean; sessions: number; tenants: number } {
  const s = state();
  return { listening: s.listeningOn !== null, sessions: s.sessions.size, tenants: s.tenants.size };
}
