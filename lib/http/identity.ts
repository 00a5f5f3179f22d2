/**
 * Who is calling, as far as the request pipeline's own policies care: the caller step
 * (lib/http/callers.ts) fills it, the rate limit and the Idempotency-Key records are keyed by it.
 */
export interface CallerIdentity {
  tenantId?: string;
  userId?: string;
  /** the socket peer or, behind TRUSTED_PROXIES, the forwarded client; null in-process */
  ip: string | null;
}

/** The rate-limit key: per tenant and per client (the user, else the IP). */
export function rateLimitKey(identity: CallerIdentity): string {
  const client = identity.userId ? `user:${identity.userId}` : `ip:${identity.ip ?? 'unknown'}`;
  return `${identity.tenantId ?? '-'}:${client}`;
}
