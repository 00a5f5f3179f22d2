import { endUserIp, type ContextHeaders } from '@/lib/contract/headers';
import type { SessionContext } from '@/lib/services/identity/sessions';
import { throttle } from './rate-limit';

/**
 * The session context recorded from the contract's headers (the end user's address as claimed: the
 * left-most X-Forwarded-For entry) and the address we trust (`identity.ip` of the route: clientIp()).
 */
export function sessionContextOf(headers: Partial<ContextHeaders>, clientIp: string | null): SessionContext {
  return {
    deviceId: headers.deviceId ?? null,
    ipAddress: headers['X-Forwarded-For'] ? endUserIp(headers['X-Forwarded-For']) : null,
    clientIp,
    userAgent: headers['User-Agent'] ?? null,
    platform: headers.platform ?? null,
    forwardedFrom: headers['X-Forwarded-From'] ?? null,
  };
}

/** The sign-in throttle (429 + Retry-After), keyed by tenant and client address (`identity.ip` of the route). */
export function throttleLogin(tenantId: string, ip: string | null): Promise<void> {
  return throttle('signin', tenantId, ip);
}
