import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, ERROR_TYPES } from '@/lib/contract/errors';
import { EDGE_ERRORS, edgeBody, MAX_HEADER_BYTES, requestIdFrom, undecodableSegment } from '@/server/edge.mjs';

/** server/edge.mjs: what the HTTP server answers before Next.js sees a request (docs/edge.md). */
describe('the edge', () => {
  it('speaks the contract catalogue: each edge answer is one of lib/contract/errors.ts', () => {
    expect(EDGE_ERRORS).toEqual({
      undecodablePath: { status: 400, message: ERROR_MESSAGES.validationFailed, error: ERROR_TYPES.validation },
      malformedRequest: { status: 400, message: ERROR_MESSAGES.validationFailed, error: ERROR_TYPES.validation },
      headersTooLarge: { status: 431, message: ERROR_MESSAGES.headersTooLarge, error: ERROR_TYPES.headersTooLarge },
      internal: { status: 500, message: ERROR_MESSAGES.internal, error: ERROR_TYPES.internal },
    });
    expect(MAX_HEADER_BYTES).toBe(16_384);
  });

  it.each([
    ['/api/v2.1/tenants/%E0%A4%A', '%E0%A4%A'],
    ['/api/v2.1/tenants/%', '%'],
    ['/api/nowhere/%ZZ/x', '%ZZ'],
    ['/%C0%AF', '%C0%AF'],
    ['/api/v2.1/customers/%ED%A0%80', '%ED%A0%80'],
  ])('finds the undecodable segment of %s', (url, segment) => {
    expect(undecodableSegment(url)).toBe(segment);
  });

  it.each(['/api/v2.1/tenants/abc', '/api/v2.1/customers/a%20b', '/api/x?q=%E0%A4%A', '/', '/%E2%82%AC'])('lets %s through', (url) => {
    expect(undecodableSegment(url)).toBeNull();
  });

  it('renders Envelope A, and Envelope B under the card API (400 is code 500 there)', () => {
    const errors = [{ field: 'path', message: 'x' }];
    expect(edgeBody('undecodablePath', { path: '/api/v2.1/tenants/%E0', requestId: 'r', errors })).toEqual({
      code: 400,
      message: 'request validation failed',
      data: { error: 'VALIDATION_FAILED', errors },
    });
    expect(edgeBody('undecodablePath', { path: '/api/v2.1/card/virtual/%E0', requestId: 'r', errors })).toEqual({
      success: false,
      code: 500,
      msg: 'request validation failed',
      data: { error: 'VALIDATION_FAILED', errors },
    });
    expect(edgeBody('internal', { path: '/x', requestId: 'r-1' })).toEqual({
      code: 500,
      message: 'internal server error',
      data: { error: 'INTERNAL_ERROR', requestId: 'r-1' },
    });
  });

  it('keeps a sane X-Request-ID and replaces anything else', () => {
    expect(requestIdFrom({ 'x-request-id': 'abc-123' })).toBe('abc-123');
    for (const bad of ['has space', 'x'.repeat(129), '4111111111111111', '']) {
      const id = requestIdFrom({ 'x-request-id': bad });
      expect(id).not.toBe(bad);
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });
});
