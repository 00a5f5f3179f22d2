import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { clock } from '@/lib/clock';
import type { DbOrTx } from '@/lib/db/client';
import { idempotencyKeys } from '@/lib/db/schema';
import { idempotencyKeyReused, idempotentRequestInProgress } from '@/lib/contract/api-errors';

/**
 * Idempotency of POST /transfers (docs/ledger.md). claim() inserts the (tenant, client, key) row
 * in its own statement before any work: the primary key lets exactly one request through. A
 * repeat finds the row: a different body answers 422, a request still running answers 409, a
 * completed one gets the stored answer. complete() stores the answer inside the work's transaction,
 * so the answer exists if and only if the work committed; release() frees the key after a failure.
 */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
/** An IN_PROGRESS row older than this belongs to a request that died; a repeat may take it over. */
export const IDEMPOTENCY_LEASE_MS = 60_000;

export interface IdempotencyScope {
  tenantId: string;
  clientId: string;
  key: string;
}

export interface StoredAnswer {
  status: number;
  body: Record<string, unknown>;
}

export const requestHash = (value: unknown): string => createHash('sha256').update(JSON.stringify(value)).digest('hex');

const where = (s: IdempotencyScope) => and(eq(idempotencyKeys.tenantId, s.tenantId), eq(idempotencyKeys.clientId, s.clientId), eq(idempotencyKeys.key, s.key));

/** 422: the key was used with a different transfer body: the catalogue's row, naming the key (the OpenAPI registry shows it as an example). */
export const transferKeyReused = (key: string) => idempotencyKeyReused(key);

/** 409: the first request with the key is still running: the catalogue's row (the contract's spelling), naming the key. */
export const transferRequestInProgress = (key: string) => idempotentRequestInProgress(key);

/** null: the caller owns the key and must run the work; otherwise the first request's answer. */
export async function claim(db: DbOrTx, scope: IdempotencyScope, hash: string): Promise<StoredAnswer | null> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const now = clock.now();
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ ...scope, requestHash: hash, createdAt: now, expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS) })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) return null;
    const [row] = await db.select().from(idempotencyKeys).where(where(scope));
    if (!row) continue; // released in between: try again
    const stale = row.expiresAt <= now || (row.status === 'IN_PROGRESS' && row.createdAt.getTime() + IDEMPOTENCY_LEASE_MS <= now.getTime());
    if (stale) {
      await db.delete(idempotencyKeys).where(and(where(scope), eq(idempotencyKeys.createdAt, row.createdAt)));
      continue;
    }
    if (row.requestHash !== hash) {
      throw transferKeyReused(scope.key);
    }
    if (row.status === 'IN_PROGRESS') {
      throw transferRequestInProgress(scope.key);
    }
    return { status: row.responseStatus!, body: row.responseBody! };
  }
  throw transferRequestInProgress(scope.key);
}

export async function complete(tx: DbOrTx, scope: IdempotencyScope, answer: StoredAnswer): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ status: 'COMPLETED', responseStatus: answer.status, responseBody: answer.body })
    .where(where(scope));
}

export async function release(db: DbOrTx, scope: IdempotencyScope): Promise<void> {
  await db.delete(idempotencyKeys).where(and(where(scope), eq(idempotencyKeys.status, 'IN_PROGRESS')));
}

/** Housekeeping: drops expired records of a tenant. */
export async function purgeExpired(db: DbOrTx, tenantId: string): Promise<void> {
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.tenantId, tenantId), sql`${idempotencyKeys.expiresAt} <= ${clock.now()}`));
}
