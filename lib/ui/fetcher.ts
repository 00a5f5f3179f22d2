import type { ErrorData } from '@/lib/contract/envelopes';

/**
 * The one fetcher of the panel's react-query calls. Envelope A (`{code, message, data}`) and
 * Envelope B (`{success, code, msg, data}`) both unwrap to `data`; any error answer throws an
 * ApiClientError carrying the HTTP status, the envelope's code and message, and its data.
 */
export class ApiClientError extends Error {
  readonly status: number;
  readonly code: number;
  readonly data: ErrorData;
  constructor(status: number, code: number, message: string, data: unknown) {
    super(message);
    this.name = 'ApiClientError';
    this.status = status;
    this.code = code;
    this.data = (data && typeof data === 'object' ? data : {}) as ErrorData;
  }
}

type Json = Record<string, unknown>;

function isEnvelopeB(body: Json): boolean {
  return typeof body.success === 'boolean' && typeof body.msg === 'string';
}

export interface FetchOptions extends Omit<RequestInit, 'body'> {
  /** an object is sent as JSON */
  json?: unknown;
}

export async function apiFetch<T>(url: string, options: FetchOptions = {}): Promise<T> {
  const { json, headers, ...rest } = options;
  const h = new Headers(headers);
  h.set('accept', 'application/json');
  let body: BodyInit | undefined;
  if (json !== undefined) {
    h.set('content-type', 'application/json');
    body = JSON.stringify(json);
  }
  let res: Response;
  try {
    res = await fetch(url, { ...rest, headers: h, body, credentials: 'same-origin' });
  } catch {
    throw new ApiClientError(0, 0, 'the server cannot be reached; check the connection', {});
  }
  let parsed: Json | null = null;
  try {
    parsed = (await res.json()) as Json;
  } catch {
    parsed = null;
  }
  if (!parsed || typeof parsed !== 'object') {
    throw new ApiClientError(res.status, res.status, res.ok ? 'unexpected answer from the server' : `request failed (${res.status})`, {});
  }
  if (isEnvelopeB(parsed)) {
    if (!res.ok || parsed.success !== true) throw new ApiClientError(res.status, Number(parsed.code), String(parsed.msg), parsed.data);
    return parsed.data as T;
  }
  if (!res.ok) throw new ApiClientError(res.status, Number(parsed.code ?? res.status), String(parsed.message ?? 'request failed'), parsed.data);
  return parsed.data as T;
}

/** A human sentence for an error of any kind (toasts, alerts). */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiClientError) {
    const details = typeof error.data.details === 'string' ? error.data.details : null;
    return details ? `${capitalize(error.message)}: ${details}` : capitalize(error.message);
  }
  return error instanceof Error ? error.message : 'something went wrong';
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Query strings from a filter object, leaving out empty values. */
export function toQuery(params: Record<string, string | number | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}
