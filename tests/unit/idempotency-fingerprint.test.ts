import { describe, expect, it } from 'vitest';
import { requestFingerprint } from '@/lib/services/idempotency/store';
import { isApiError } from '@/lib/contract/api-errors';

/** Found by the fuzzer: a 200,000-level nested body with an Idempotency-Key answered 500 (JSON.stringify's stack). */
describe('requestFingerprint', () => {
  it('is the same for the same request and differs for another body', () => {
    expect(requestFingerprint('post', '/api/x', { a: 1 })).toBe(requestFingerprint('POST', '/api/x', { a: 1 }));
    expect(requestFingerprint('POST', '/api/x', { a: 1 })).not.toBe(requestFingerprint('POST', '/api/x', { a: 2 }));
  });

  it('refuses a body nested too deeply to serialize with 400 request validation failed naming the body', () => {
    const deep = JSON.parse('['.repeat(200_000) + ']'.repeat(200_000)) as unknown;
    let thrown: unknown;
    try {
      requestFingerprint('POST', '/api/x', { x: deep });
    } catch (error) {
      thrown = error;
    }
    expect(isApiError(thrown)).toBe(true);
    const e = thrown as { status: number; message: string; data: unknown };
    expect({ status: e.status, message: e.message, data: e.data }).toEqual({
      status: 400,
      message: 'request validation failed',
      data: { error: 'VALIDATION_FAILED', errors: [{ field: 'body', message: 'is nested too deeply' }] },
    });
  });
});
