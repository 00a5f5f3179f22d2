import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db/client';
import { idempotencyKeyReused, idempotentRequestInProgress } from '@/lib/contract/api-errors';
import {
  claimAnsweredKeySql,
  claimIdempotencyKey,
  completeIdempotencyKey,
  completeIdempotencyKeySql,
  earlierRequest,
  releaseIdempotencyKey,
  requestFingerprint,
  type ClaimResult,
  type IdempotencyScope,
  type KeyRecord,
} from '@/lib/services/idempotency/store';

/**
 * Idempotency of POST /transfers (docs/ledger.md), on the one store (lib/services/idempotency/store.ts).
 * The fast path claims the key in its posting statement, together with the stored answer (its first
 * read has found no record of the key); the locked path claims it in its own statement before any
 * work. Either way exactly one request gets through. A repeat with a different body answers 422, one
 * while a locked-path first still runs 409 (a repeat of a fast payout in flight waits for its
 * statement at the key's insert and gets its answer), one after it gets the stored answer. The
 * answer is stored by the transfer's own statement or transaction, so it exists if and only if the
 * transfer committed; a failure of the locked path releases its claim. Transfer keys are their own namespace
 * (`transfer:<user>`), apart from the user's keys on other routes, and their 409/422 answers carry
 * the key in `data` (the contract's transfer errors).
 */
export interface StoredTransferAnswer {
  status: number;
  body: Record<string, unknown>;
  /** what the posting statement stored beside the body: the source wallet's balance after the transfer's writes */
  facts?: Record<string, string> | null;
}

export const transferScope = (tenantId: string, userId: string, key: string): IdempotencyScope => ({ tenantId, clientKey: `transfer:${userId}`, key });

export const transferFingerprint = (body: unknown): string => requestFingerprint('POST', 'transfers', body);

/** 422: the key was used with a different transfer body: the catalogue's row, naming the key (the OpenAPI registry shows it as an example). */
export const transferKeyReused = (key: string) => idempotencyKeyReused(key);

/** 409: the first request with the key is still running: the catalogue's row (the contract's spelling), naming the key. */
export const transferRequestInProgress = (key: string) => idempotentRequestInProgress(key);

/** null: the caller owns the key and must run the work; otherwise the first request's answer. */
export async function claim(db: DbOrTx, scope: IdempotencyScope, body: unknown): Promise<StoredTransferAnswer | null> {
  return answerOf(scope, await claimIdempotencyKey(db, scope, transferFingerprint(body)));
}

async function answerOf(scope: IdempotencyScope, claimed: ClaimResult): Promise<StoredTransferAnswer | null> {
  if (claimed.outcome === 'claimed') return null;
  if (claimed.outcome === 'mismatch') throw transferKeyReused(scope.key);
  if (claimed.outcome === 'running') throw transferRequestInProgress(scope.key);
  return { status: claimed.answer.status, body: JSON.parse(claimed.answer.body) as Record<string, unknown>, facts: claimed.answer.facts ?? null };
}

/**
 * What the key's record, read by the transfer's first read, answers: undefined when the key is free
 * or its record stale (a claim decides then), else the first request's answer, or 409/422 as claim.
 */
export async function earlier(scope: IdempotencyScope, record: KeyRecord | null, body: unknown): Promise<StoredTransferAnswer | undefined> {
  if (!record || record.stale) return undefined;
  return (await answerOf(scope, await earlierRequest(scope, record, transferFingerprint(body))))!;
}

/** The fast path's claim and stored answer in its posting statement (a CTE that returns a row exactly when the statement owns the key). */
export const claimAnsweredSql = (scope: IdempotencyScope, body: unknown, answer: StoredTransferAnswer, facts: SQL) =>
  claimAnsweredKeySql(scope, transferFingerprint(body), { status: answer.status, body: JSON.stringify(answer.body), contentType: 'application/json' }, facts);

/** Stores the answer: pass the transfer's transaction. */
export const complete = (tx: DbOrTx, scope: IdempotencyScope, answer: StoredTransferAnswer) =>
  completeIdempotencyKey(tx, scope, { status: answer.status, body: JSON.stringify(answer.body), contentType: 'application/json' });

/** The same, as SQL for the transfer's posting statement; `facts` a jsonb expression of that statement. */
export const completeSql = (scope: IdempotencyScope, answer: StoredTransferAnswer, gate?: SQL, facts?: SQL) =>
  completeIdempotencyKeySql(scope, { status: answer.status, body: JSON.stringify(answer.body), contentType: 'application/json' }, gate, facts);

export const release = (db: DbOrTx, scope: IdempotencyScope) => releaseIdempotencyKey(db, scope);
