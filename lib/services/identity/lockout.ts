import { and, eq, sql } from 'drizzle-orm';
import { clock } from '@/lib/clock';
import type { DbOrTx } from '@/lib/db/client';
import { loginAttempts } from '@/lib/db/schema';
import { accountLocked, authenticationFailed, type ApiError } from '@/lib/contract/api-errors';
import { emitEvent } from '@/lib/services/events/emit';

/**
 * Brute-force protection (contract: 5 attempts, 30 minutes; Keycloak-style). Only failures count;
 * every change is one atomic upsert, so concurrent failures can neither lose a count nor slip a 6th
 * attempt past the lock, and a success resets the count only while no lock is in force.
 */
export const MAX_ATTEMPTS = 5;
export const LOCKOUT_SECONDS = 30 * 60;
/** Failures older than this (without a lock) no longer count. */
export const FAILURE_WINDOW_SECONDS = 30 * 60;

/** Known users are counted per user (every spelling of their login shares one count). */
export function loginKeyFor(userId: string | undefined, identifier: string): string {
  return userId ? `user:${userId}` : `login:${identifier.trim().toLowerCase()}`;
}

function lockedError(attempts: number, lockedUntil: Date, now: Date): ApiError {
  return accountLocked({
    attempts: Math.min(attempts, MAX_ATTEMPTS),
    maxAttempts: MAX_ATTEMPTS,
    lockoutTime: lockedUntil,
    lockoutDuration: Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000)),
  });
}

/** Throws "account locked" while a lock is in force. */
export async function assertNotLocked(db: DbOrTx, tenantId: string, loginKey: string): Promise<void> {
  const now = clock.now();
  const [row] = await db
    .select({ attempts: loginAttempts.attempts, lockedUntil: loginAttempts.lockedUntil })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.tenantId, tenantId), eq(loginAttempts.loginKey, loginKey)));
  if (row?.lockedUntil && row.lockedUntil > now) throw lockedError(row.attempts, row.lockedUntil, now);
}

/**
 * Records one failure and returns the error to answer: "authentication failed" with the count, or
 * "account locked" when this failure reached the limit or a lock is already in force. The failure
 * that sets a lock records a `user.locked` event in the same transaction.
 */
export async function recordFailure(db: DbOrTx, tenantId: string, loginKey: string): Promise<ApiError> {
  const now = clock.now();
  const lockUntil = new Date(now.getTime() + LOCKOUT_SECONDS * 1000);
  const windowStart = new Date(now.getTime() - FAILURE_WINDOW_SECONDS * 1000);
  const row = await db.transaction(async (tx) => {
    // Make sure the row exists, then read it under a row lock held until commit: concurrent
    // failures of one identifier serialize here, so exactly one of them sees the lock come on.
    await tx.insert(loginAttempts).values({ tenantId, loginKey, attempts: 0, lockedUntil: null, lastFailedAt: null, updatedAt: now }).onConflictDoNothing();
    const [before] = await tx
      .select({ lockedUntil: loginAttempts.lockedUntil })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.tenantId, tenantId), eq(loginAttempts.loginKey, loginKey)))
      .for('update');
    const [after] = await tx
      .insert(loginAttempts)
      .values({ tenantId, loginKey, attempts: 1, lockedUntil: MAX_ATTEMPTS <= 1 ? lockUntil : null, lastFailedAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [loginAttempts.tenantId, loginAttempts.loginKey],
        set: {
          attempts: sql`case
            when ${loginAttempts.lockedUntil} > ${now} then ${loginAttempts.attempts}
            when ${loginAttempts.lockedUntil} is not null or ${loginAttempts.lastFailedAt} is null or ${loginAttempts.lastFailedAt} < ${windowStart} then 1
            else ${loginAttempts.attempts} + 1 end`,
          lockedUntil: sql`case
            when ${loginAttempts.lockedUntil} > ${now} then ${loginAttempts.lockedUntil}
            when ${loginAttempts.lockedUntil} is null and ${loginAttempts.lastFailedAt} >= ${windowStart} and ${loginAttempts.attempts} + 1 >= ${MAX_ATTEMPTS} then ${lockUntil}::timestamptz
            else null end`,
          lastFailedAt: sql`case when ${loginAttempts.lockedUntil} > ${now} then ${loginAttempts.lastFailedAt} else ${now}::timestamptz end`,
          updatedAt: now,
        },
      })
      .returning({ attempts: loginAttempts.attempts, lockedUntil: loginAttempts.lockedUntil });
    const wasLocked = !!before?.lockedUntil && before.lockedUntil > now;
    const isLocked = !!after!.lockedUntil && after!.lockedUntil > now;
    if (isLocked && !wasLocked) {
      await emitEvent(tx, tenantId, 'user.locked', {
        userId: loginKey.startsWith('user:') ? loginKey.slice('user:'.length) : null,
        attempts: after!.attempts,
        lockedUntil: after!.lockedUntil!.toISOString(),
      });
    }
    return after!;
  });
  if (row.lockedUntil && row.lockedUntil > now) return lockedError(row.attempts, row.lockedUntil, now);
  return authenticationFailed(row.attempts, MAX_ATTEMPTS);
}

/**
 * A correct password: clears the count unless a lock came into force meanwhile (a concurrent
 * failure reached the limit), in which case the login is refused with "account locked".
 */
export async function recordSuccess(db: DbOrTx, tenantId: string, loginKey: string): Promise<void> {
  const now = clock.now();
  // one statement: clear the count unless a lock is in force, and read that lock (the select sees the
  // row as it was before the delete, which only removes rows without a lock in force)
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    with cleared as (
      delete from ${loginAttempts}
      where ${loginAttempts.tenantId} = ${tenantId} and ${loginAttempts.loginKey} = ${loginKey}
        and (${loginAttempts.lockedUntil} is null or ${loginAttempts.lockedUntil} <= ${at})
    )
    select attempts, locked_until from ${loginAttempts}
    where ${loginAttempts.tenantId} = ${tenantId} and ${loginAttempts.loginKey} = ${loginKey} and ${loginAttempts.lockedUntil} > ${at}`);
  const [locked] = (result as unknown as { rows: Array<{ attempts: number; locked_until: string | Date }> }).rows;
  if (locked) throw lockedError(Number(locked.attempts), new Date(locked.locked_until), now);
}

/** Admin unlock: forget the count and any lock. */
export async function unlock(db: DbOrTx, tenantId: string, loginKey: string): Promise<boolean> {
  const rows = await db
    .delete(loginAttempts)
    .where(and(eq(loginAttempts.tenantId, tenantId), eq(loginAttempts.loginKey, loginKey)))
    .returning({ loginKey: loginAttempts.loginKey });
  return rows.length > 0;
}

export async function lockState(db: DbOrTx, tenantId: string, loginKey: string): Promise<{ attempts: number; lockedUntil: Date | null }> {
  const [row] = await db
    .select({ attempts: loginAttempts.attempts, lockedUntil: loginAttempts.lockedUntil })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.tenantId, tenantId), eq(loginAttempts.loginKey, loginKey)));
  const now = clock.now();
  if (!row) return { attempts: 0, lockedUntil: null };
  return { attempts: row.attempts, lockedUntil: row.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null };
}
