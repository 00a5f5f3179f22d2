import { createHash } from 'node:crypto';
import { idempotencyKeySchema } from '@/lib/contract/card-operations';
import { getDb } from '@/lib/db/client';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  PLATFORM_SCOPE,
  releaseIdempotencyKey,
  type IdempotencyScope,
} from '@/lib/services/idempotency/keys';
import type { BaseContext } from './api-route';
import { idempotencyKeyReused, idempotentRequestInProgress, isApiError, validationFailed, type ApiError } from '@/lib/contract/api-errors';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/**
 * SHA-256 of method, path with query, and the JSON body (re-serialized: whitespace does not matter).
 * A body nested deeper than JSON.stringify's stack allows (JSON.parse takes any depth) is refused
 * as invalid input, not a 500.
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

/**
 * Serves a creating POST under its `Idempotency-Key` (docs/developer-api.md). Without the header the
 * request simply runs. With it, the first request claims (tenant, client, key) and its answer is
 * stored for 24 h unless it is a 5xx; a repeat gets that answer again with `Idempotent-Replayed:
 * true`; a repeat while the first still runs gets 409; the same key with another request gets 422.
 */
export async function runIdempotent(
  base: BaseContext,
  rawBody: unknown,
  run: () => Promise<Response>,
  render: (error: ApiError) => Response,
): Promise<Response> {
  const key = base.req.headers.get(IDEMPOTENCY_KEY_HEADER);
  if (key === null) return run();
  const parsed = idempotencyKeySchema.safeParse(key);
  if (!parsed.success) throw validationFailed([{ field: IDEMPOTENCY_KEY_HEADER, message: parsed.error.issues[0]!.message }]);

  const { identity, req } = base;
  const scope: IdempotencyScope = {
    tenantId: identity.tenantId ?? PLATFORM_SCOPE,
    clientKey: identity.userId ? `user:${identity.userId}` : identity.ip ? `ip:${identity.ip}` : 'anonymous',
    key: parsed.data,
  };
  const db = await getDb();
  const claim = await claimIdempotencyKey(db, scope, requestFingerprint(req.method, req.nextUrl.pathname + req.nextUrl.search, rawBody));
  if (claim.outcome === 'mismatch') throw idempotencyKeyReused();
  if (claim.outcome === 'running') throw idempotentRequestInProgress();
  if (claim.outcome === 'replay') {
    const headers = new Headers({ [IDEMPOTENT_REPLAYED_HEADER]: 'true' });
    if (claim.answer.contentType) headers.set('Content-Type', claim.answer.contentType);
    return new Response(claim.answer.body, { status: claim.answer.status, headers });
  }

  let response: Response;
  try {
    response = await run();
  } catch (error) {
    if (!isApiError(error) || error.status >= 500) {
      await releaseIdempotencyKey(db, scope).catch(() => undefined);
      throw error;
    }
    response = render(error); // a 4xx answer of the handler is the answer to this key
  }
  if (response.status >= 500) {
    await releaseIdempotencyKey(db, scope);
    return response;
  }
  const body = await response.clone().text();
  await completeIdempotencyKey(db, scope, { status: response.status, body, contentType: response.headers.get('content-type') });
  return response;
}
