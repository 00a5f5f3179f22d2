'use client';

/**
 * The typed fetcher of the wallet and transfer pages: Envelope A in, `data` out; a failed answer
 * throws an ApiRequestError carrying status, message and data from the envelope. The panel's
 * session cookie authenticates the call (same API as every other client).
 */
export class ApiRequestError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly data: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

export async function apiFetch<T>(url: string, init?: { method?: string; body?: unknown }): Promise<T> {
  const res = await fetch(url, {
    method: init?.method ?? 'GET',
    headers: init?.body === undefined ? undefined : { 'content-type': 'application/json' },
    body: init?.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = (await res.json().catch(() => null)) as { code: number; message: string; data: T } | null;
  if (!res.ok || !body) throw new ApiRequestError(res.status, body?.message ?? `request failed (${res.status})`, (body?.data ?? {}) as Record<string, unknown>);
  return body.data;
}

/** A human line for an error envelope: the message plus its most telling detail. */
export function describeError(error: unknown): string {
  if (error instanceof ApiRequestError) {
    const details = typeof error.data.details === 'string' ? `: ${error.data.details}` : '';
    return `${error.message}${details}`;
  }
  return error instanceof Error ? error.message : 'something went wrong';
}
