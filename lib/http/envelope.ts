import type { EnvelopeA, EnvelopeB } from '@/lib/contract/envelopes';

export const REQUEST_ID_HEADER = 'X-Request-ID';

/** Envelope A: `{ code, message, data }`, code mirroring the HTTP status. */
export function envelopeA<T>(data: T, options: { status?: number; message?: string; headers?: HeadersInit } = {}): Response {
  const status = options.status ?? 200;
  const body: EnvelopeA<T> = { code: status, message: options.message ?? 'OK', data };
  return Response.json(body, { status, headers: options.headers });
}

/**
 * Envelope A around data that is already JSON text (the database built it; see customerDetailJson):
 * the same answer as envelopeA, without parsing the text only to write it again.
 */
export function envelopeAJson(dataJson: string, options: { status?: number; message?: string } = {}): Response {
  const status = options.status ?? 200;
  const text = `{"code":${status},"message":${JSON.stringify(options.message ?? 'OK')},"data":${dataJson}}`;
  return new Response(text, { status, headers: { 'content-type': 'application/json' } });
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
