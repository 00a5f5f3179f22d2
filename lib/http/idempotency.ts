import type { NextRequest } from 'next/server';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, idempotencyKeySchema } from '@/lib/contract/idempotency';
import { getDb } from '@/lib/db/client';
import { claimIdempotencyKey, completeIdempotencyKey, PLATFORM_SCOPE, releaseIdempotencyKey, requestFingerprint, type IdempotencyScope } from '@/lib/services/idempotency/store';
import type { CallerIdentity } from './identity';
import { idempotencyKeyReused, idempotentRequestInProgress, isApiError, missingHeaders, validationFailed, type ApiError } from '@/lib/contract/api-errors';

/**
 * The Idempotency-Key header of a request, checked against the one key schema (400 request validation
 * failed naming the header). Absent: null, or 400 missing required headers when `required`.
 */
export function idempotencyKeyOf(headers: Headers, required: true): string;
export function idempotencyKeyOf(headers: Headers, required?: boolean): string | null;
export function idempotencyKeyOf(headers: Headers, required = false): string | null {
  const value = headers.get(IDEMPOTENCY_KEY_HEADER);
  if (value === null) {
    if (required) throw missingHeaders([IDEMPOTENCY_KEY_HEADER]);
    return null;
  }
  const parsed = idempotencyKeySchema.safeParse(value);
  if (!parsed.success) throw validationFailed([{ field: IDEMPOTENCY_KEY_HEADER, message: parsed.error.issues[0]!.message }]);
  return parsed.data;
}

/**
 * Serves a creating POST under its `Idempotency-Key` (docs/developer-api.md). Without the header the
 * request simply runs. With it, the first request claims (tenant, client, key) and its answer is
 * stored for 24 h unless it is a 5xx; a repeat gets that answer again with `Idempotent-Replayed:
 * true`; a repeat while the first still runs gets 409; the same key with another request gets 422.
 */
export async function runIdempotent(req: NextRequest, identity: CallerIdentity, rawBody: unknown, run: () => Promise<Response>, render: (error: ApiError) => Response): Promise<Response> {
  const key = idempotencyKeyOf(req.headers);
  if (key === null) return run();

  const scope: IdempotencyScope = {
    tenantId: identity.tenantId ?? PLATFORM_SCOPE,
    clientKey: identity.userId ? `user:${identity.userId}` : identity.ip ? `ip:${identity.ip}` : 'anonymous',
    key,
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
