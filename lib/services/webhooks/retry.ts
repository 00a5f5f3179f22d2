/**
 * The retry schedule: retry n (1-based) waits retryBackoffSeconds * 2^(n-1), with ±20% jitter so
 * that many deliveries failing together do not come back together, and never more than 24 hours.
 * A 429 or 503 with Retry-After is honoured instead (also capped at 24 hours).
 */
export const MAX_RETRY_DELAY_MS = 24 * 3600 * 1000;
export const JITTER = 0.2;
/** A subscription whose deliveries have failed without a single success for this long is disabled. */
export const AUTO_DISABLE_AFTER_MS = 5 * 24 * 3600 * 1000;

export function retryDelayMs(backoffSeconds: number, retryNumber: number, random: () => number = Math.random): number {
  const base = backoffSeconds * 1000 * 2 ** Math.max(0, retryNumber - 1);
  const factor = 1 + (random() * 2 - 1) * JITTER;
  return Math.round(Math.min(MAX_RETRY_DELAY_MS, base * factor));
}

/** Retry-After as delay-seconds or an HTTP date, in milliseconds from now; null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: Date): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Math.min(MAX_RETRY_DELAY_MS, Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.min(MAX_RETRY_DELAY_MS, Math.max(0, date - now.getTime()));
}
