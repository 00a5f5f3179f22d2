import { and, eq, lte, or } from 'drizzle-orm';
import { clock } from '@/lib/clock';
import type { Db } from '@/lib/db/client';
import { httpIdempotencyKeys } from '@/lib/db/schema';

/** How long a key is remembered, and how long a RUNNING claim holds before a crashed request's key is reusable. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;
export const IDEMPOTENCY_LOCK_SECONDS = 120;
/** Tenant id of requests that act outside a tenant (tenant registration). */
export const PLATFORM_SCOPE = '00000000-0000-0000-0000-000000000000';

export interface IdempotencyScope {
  tenantId: string;
  clientKey: string;
  key: string;
}

export type StoredAnswer = { status: number; body: string; contentType: string | null };

export type ClaimResult =
  | { outcome: 'claimed' }
  | { outcome: 'mismatch' }
  | { outcome: 'running' }
  | { outcome: 'replay'; answer: StoredAnswer };

const where = (s: IdempotencyScope) =>
  and(eq(httpIdempotencyKeys.tenantId, s.tenantId), eq(httpIdempotencyKeys.clientKey, s.clientKey), eq(httpIdempotencyKeys.key, s.key));

/**
 * Claims a key for a request (atomically: INSERT ... ON CONFLICT DO NOTHING), or says what the
 * earlier request with the same key left: its answer, still running, or a different request.
 * An expired record, or a RUNNING one whose lock ran out (its server died), is taken over.
 */
export async function claimIdempotencyKey(db: Db, scope: IdempotencyScope, requestHash: string): Promise<ClaimResult> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = clock.now();
    const inserted = await db
      .insert(httpIdempotencyKeys)
      .values({
        ...scope,
        requestHash,
        state: 'RUNNING',
        lockedUntil: new Date(now.getTime() + IDEMPOTENCY_LOCK_SECONDS * 1000),
        expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_SECONDS * 1000),
      })
      .onConflictDoNothing()
      .returning({ key: httpIdempotencyKeys.key });
    if (inserted.length) return { outcome: 'claimed' };

    const [existing] = await db.select().from(httpIdempotencyKeys).where(where(scope));
    if (!existing) continue; // deleted between the two statements: try again
    if (existing.expiresAt <= now || (existing.state === 'RUNNING' && existing.lockedUntil <= now)) {
      // stale: delete exactly that stale row (a concurrent taker deletes nothing) and claim again
      await db
        .delete(httpIdempotencyKeys)
        .where(and(where(scope), or(lte(httpIdempotencyKeys.expiresAt, now), and(eq(httpIdempotencyKeys.state, 'RUNNING'), lte(httpIdempotencyKeys.lockedUntil, now)))));
      continue;
    }
    if (existing.requestHash !== requestHash) return { outcome: 'mismatch' };
    if (existing.state === 'RUNNING') return { outcome: 'running' };
    return {
      outcome: 'replay',
      answer: { status: existing.responseStatus ?? 200, body: existing.responseBody ?? '', contentType: existing.responseContentType },
    };
  }
  return { outcome: 'running' };
}

/** Stores the first answer for replay. */
export async function completeIdempotencyKey(db: Db, scope: IdempotencyScope, answer: StoredAnswer): Promise<void> {
  await db
    .update(httpIdempotencyKeys)
    .set({ state: 'DONE', responseStatus: answer.status, responseBody: answer.body, responseContentType: answer.contentType })
    .where(and(where(scope), eq(httpIdempotencyKeys.state, 'RUNNING')));
}

/** Forgets a claim whose request failed with a 5xx (or threw): the client may retry with the same key. */
export async function releaseIdempotencyKey(db: Db, scope: IdempotencyScope): Promise<void> {
  await db.delete(httpIdempotencyKeys).where(and(where(scope), eq(httpIdempotencyKeys.state, 'RUNNING')));
}
