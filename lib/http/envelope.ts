import type { EnvelopeA, EnvelopeB } from '@/lib/contract/envelopes';

export const REQUEST_ID_HEADER = 'X-Request-ID';

/** Envelope A: `{ code, message, data }`, code mirroring the HTTP status. */
export function envelopeA<T>(data: T, options: { status?: number; message?: string; headers?: HeadersInit } = {}): Response {
  const status = options.status ?? 200;
  const body: EnvelopeA<T> = { code: status, message: options.message ?? 'OK', data };
  return Response.json(body, { status, headers: options.headers });
}

/** Envelope B: `{ success, code, msg, data }` for the virtual card API. */
export function envelopeB<T>(
  data: T,
  options: { status?: number; code?: number; msg?: string; success?: boolean; headers?: HeadersInit } = {},
): Response {
  const code = options.code ?? 200;
  const body: EnvelopeB<T> = { success: options.success ?? code === 200, code, msg: options.msg ?? 'success', data };
  return Response.json(body, { status: options.status ?? 200, headers: options.headers });
}
