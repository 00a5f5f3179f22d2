import { createHash } from 'node:crypto';
import { and, eq, getTableColumns, or, sql, type SQL } from 'drizzle-orm';
import { deriveKey, open, seal } from '@/lib/crypto/aead';
import { getDb, type DbOrTx } from '@/lib/db/client';
import { dbNow, dbNowPlus } from '@/lib/db/now';
import { httpIdempotencyKeys } from '@/lib/db/schema';
import { validationFailed } from '@/lib/contract/api-errors';
import { encryptionKey } from '@/lib/services/data-key';

/**
 * The one idempotency store (docs/architecture.md): every idempotent operation (the HTTP routes'
 * `idempotency` option, POST /transfers) claims its key here, and knows nothing of HTTP beyond the
 * answer it stores. Semantics:
 * - claim (begin): before the work, in its own statement (the key must be visible to a concurrent
 *   repeat at once) -> claimed | running (409) | mismatch (422) | replay (the stored answer);
 * - complete: stores the answer; pass the work's transaction to store it if and only if the work
 *   commits;
 * - release: forgets a claim whose work failed, so the client may retry with the same key.
 * Keys are scoped by (tenant, client, key); a caller that must not share keys with another
 * operation of the same client namespaces `clientKey` (e.g. `transfer:<user id>`).
 *
 * Stored answers are encrypted (docs/developer-api.md, "Idempotency-Key"): an answer may carry a
 * secret that is otherwise kept only as a hash or encrypted (a new tenant's tenantSecret, a webhook
 * subscription's signing secret), and it is kept for 24 h. The body is sealed with AES-256-GCM under
 * a subkey of the platform data key (lib/services/data-key.ts), bound to the record's scope, so a
 * replay still answers exactly the first answer, and a body copied to another key does not open.
 */

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

/** `facts`: figures the storing statement computed (completeIdempotencyKeySql), for the caller to put back into the body */
export type StoredAnswer = { status: number; body: string; contentType: string | null; facts?: Record<string, string> | null };

export type ClaimResult = { outcome: 'claimed' } | { outcome: 'mismatch' } | { outcome: 'running' } | { outcome: 'replay'; answer: StoredAnswer };

const keyHolder = globalThis as unknown as { __bpIdempotencyKey?: { master: Buffer; key: Buffer } };

/** The answers' key: a subkey of the platform data key, for this one purpose. */
async function answerKey(): Promise<Buffer> {
  const master = (await encryptionKey(await getDb())).key;
  if (keyHolder.__bpIdempotencyKey?.master !== master) keyHolder.__bpIdempotencyKey = { master, key: deriveKey(master, 'idempotency-answers') };
  return keyHolder.__bpIdempotencyKey.key;
}

/**
 * Loads the answers' key now, outside any transaction. A caller that claims or completes a key
 * inside its own transaction calls this first: loading the key (the first time in a process) reads
 * the platform data key through the pool, and a transaction that held one connection while waiting
 * for another could starve the pool (40 transfers of one customer under a customer-wide limit, each
 * holding its connection while it waits for the customer's advisory lock, did).
 */
export async function answerSealingReady(): Promise<void> {
  await answerKey();
}

const answerAad = (s: IdempotencyScope) => `http_idempotency_keys:${s.tenantId}:${s.clientKey}:${s.key}`;

/** The stored form of an answer's body: sealed, bound to its record. */
export async function sealAnswerBody(scope: IdempotencyScope, body: string): Promise<string> {
  return seal(await answerKey(), body, answerAad(scope));
}

/**
 * The body of a stored answer. Records written before answers were encrypted (plain JSON, which
 * never starts with `v1:`) are answered as they are until they expire (24 h after the upgrade).
 */
async function openAnswerBody(scope: IdempotencyScope, stored: string): Promise<string> {
  if (!stored.startsWith('v1:')) return stored;
  return open(await answerKey(), stored, answerAad(scope));
}

/** Expired, or RUNNING with its lock run out: on the database's clock. */
const stale = () => or(sql`${httpIdempotencyKeys.expiresAt} <= ${dbNow()}`, and(eq(httpIdempotencyKeys.state, 'RUNNING'), sql`${httpIdempotencyKeys.lockedUntil} <= ${dbNow()}`))!;

const where = (s: IdempotencyScope) => and(eq(httpIdempotencyKeys.tenantId, s.tenantId), eq(httpIdempotencyKeys.clientKey, s.clientKey), eq(httpIdempotencyKeys.key, s.key));

/**
 * Claims a key for a request (atomically: INSERT ... ON CONFLICT DO NOTHING), or says what the
 * earlier request with the same key left: its answer, still running, or a different request.
 * An expired record, or a RUNNING one whose lock ran out (its server died), is taken over. The lock
 * and the expiry are on the database's clock (lib/db/now.ts): an instance whose clock runs ahead
 * does not take over a request another instance is still serving.
 */
export async function claimIdempotencyKey(db: DbOrTx, scope: IdempotencyScope, requestHash: string): Promise<ClaimResult> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await db
      .insert(httpIdempotencyKeys)
      .values({
        ...scope,
        requestHash,
        state: 'RUNNING',
        lockedUntil: dbNowPlus(IDEMPOTENCY_LOCK_SECONDS * 1000),
        expiresAt: dbNowPlus(IDEMPOTENCY_TTL_SECONDS * 1000),
      })
      .onConflictDoNothing()
      .returning({ key: httpIdempotencyKeys.key });
    if (inserted.length) return { outcome: 'claimed' };

    const [existing] = await db
      .select({ ...getTableColumns(httpIdempotencyKeys), stale: sql<boolean>`${stale()}` })
      .from(httpIdempotencyKeys)
      .where(where(scope));
    if (!existing) continue; // deleted between the two statements: try again
    if (existing.stale) {
      // stale: delete exactly that stale row (a concurrent taker deletes nothing) and claim again
      await db.delete(httpIdempotencyKeys).where(and(where(scope), stale()));
      continue;
    }
    return earlierRequest(scope, existing, requestHash);
  }
  return { outcome: 'running' };
}

/** A key's record as the statements that read it before claiming answer it (claimIdempotencyKey, idempotencyRecordSql). */
export interface KeyRecord {
  requestHash: string;
  state: 'RUNNING' | 'DONE';
  responseStatus: number | null;
  responseBody: string | null;
  responseContentType: string | null;
  responseFacts: Record<string, string> | null;
  /** expired, or RUNNING with its lock run out: to be taken over by a claim */
  stale: boolean;
}

/** What a live (not stale) record of the key says to a request with this fingerprint: a different request, still running, or its answer. */
export async function earlierRequest(scope: IdempotencyScope, existing: Omit<KeyRecord, 'stale'>, requestHash: string): Promise<Exclude<ClaimResult, { outcome: 'claimed' }>> {
  if (existing.requestHash !== requestHash) return { outcome: 'mismatch' };
  if (existing.state === 'RUNNING') return { outcome: 'running' };
  return {
    outcome: 'replay',
    answer: {
      status: existing.responseStatus ?? 200,
      body: await openAnswerBody(scope, existing.responseBody ?? ''),
      contentType: existing.responseContentType,
      facts: existing.responseFacts,
    },
  };
}

/**
 * The key's record as one JSON value (a KeyRecord, null when there is none), for a caller that
 * reads it inside a statement of its own before deciding whether to claim (POST /transfers' first
 * read): a live record is answered with earlierRequest without a claim.
 */
export function idempotencyRecordSql(scope: IdempotencyScope): SQL {
  return sql`(select json_build_object('requestHash', request_hash, 'state', state, 'responseStatus', response_status, 'responseBody', response_body,
      'responseContentType', response_content_type, 'responseFacts', response_facts, 'stale', ${stale()})
    from ${httpIdempotencyKeys} where tenant_id = ${scope.tenantId} and client_key = ${scope.clientKey} and "key" = ${scope.key})`;
}

/**
 * Claim and answer at once, as SQL for a statement that does the work and stores its answer in the
 * same statement (POST /transfers' fast path): the record is inserted DONE with the sealed answer,
 * or nothing happens when the key has a record (INSERT ... ON CONFLICT DO NOTHING; a concurrent
 * insert of the same key is waited for). Its `returning 1` has a row exactly when this statement owns
 * the key: the caller writes only then. `facts` as in completeIdempotencyKeySql, an expression that
 * must not read the statement's own writes (a CTE cannot see them).
 */
export async function claimAnsweredKeySql(scope: IdempotencyScope, requestHash: string, answer: StoredAnswer, facts: SQL = sql`null`): Promise<SQL> {
  const sealed = await sealAnswerBody(scope, answer.body);
  return sql`insert into ${httpIdempotencyKeys}
      (tenant_id, client_key, "key", request_hash, state, response_status, response_body, response_content_type, response_facts, locked_until, expires_at)
    values (${scope.tenantId}, ${scope.clientKey}, ${scope.key}, ${requestHash}, 'DONE', ${answer.status}, ${sealed}, ${answer.contentType}, ${facts},
      ${dbNowPlus(IDEMPOTENCY_LOCK_SECONDS * 1000)}, ${dbNowPlus(IDEMPOTENCY_TTL_SECONDS * 1000)})
    on conflict do nothing
    returning 1`;
}

/** Stores the first answer for replay (its body sealed). */
export async function completeIdempotencyKey(db: DbOrTx, scope: IdempotencyScope, answer: StoredAnswer): Promise<void> {
  const sealed = await sealAnswerBody(scope, answer.body);
  await db
    .update(httpIdempotencyKeys)
    .set({ state: 'DONE', responseStatus: answer.status, responseBody: sealed, responseContentType: answer.contentType })
    .where(and(where(scope), eq(httpIdempotencyKeys.state, 'RUNNING')));
}

/**
 * completeIdempotencyKey as SQL, for a caller that stores the answer inside its own statement (a
 * CTE of POST /transfers' posting statement): the same update (the body sealed), when `gate` holds.
 * `facts`: a jsonb expression of that statement (a payout's balance after its debit), kept beside
 * the body and handed back with it on replay.
 */
export async function completeIdempotencyKeySql(scope: IdempotencyScope, answer: StoredAnswer, gate: SQL = sql`true`, facts: SQL = sql`null`): Promise<SQL> {
  const sealed = await sealAnswerBody(scope, answer.body);
  return sql`update ${httpIdempotencyKeys}
    set state = 'DONE', response_status = ${answer.status}, response_body = ${sealed}, response_content_type = ${answer.contentType}, response_facts = ${facts}
    where tenant_id = ${scope.tenantId} and client_key = ${scope.clientKey} and "key" = ${scope.key} and state = 'RUNNING' and ${gate}`;
}

/** Forgets a claim whose request failed with a 5xx (or threw): the client may retry with the same key. */
export async function releaseIdempotencyKey(db: DbOrTx, scope: IdempotencyScope): Promise<void> {
  await db.delete(httpIdempotencyKeys).where(and(where(scope), eq(httpIdempotencyKeys.state, 'RUNNING')));
}

/**
 * The request's fingerprint: SHA-256 of the operation (e.g. method and path with query) and its body
 * as JSON (re-serialized: whitespace does not matter). A body nested deeper than JSON.stringify's
 * stack allows (JSON.parse takes any depth) is refused as invalid input, not a 500.
 */
export function requestFingerprint(method: string, pathWithQuery: string, body: unknown): string {
  let json: string;
  try {
    json = JSON.stringify(body ?? null);
  } catch (error) {
    if (error instanceof RangeError) throw validationFailed([{ field: 'body', message: 'is nested too deeply' }]);
    throw error;
  }
  return createHash('sha256').update(`${method.toUpperCase()} ${pathWithQuery}\n${json}`).digest('hex');
}
