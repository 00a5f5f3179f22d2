import { endUserIp, type ContextHeaders } from '@/lib/contract/headers';
import type { SessionContext } from '@/lib/services/identity/sessions';
import { throttle } from './rate-limit';

/** The session context recorded from the contract's headers. */
export function sessionContextOf(headers: Partial<ContextHeaders>): SessionContext {
  return {
    deviceId: headers.deviceId ?? null,
    ipAddress: headers['X-Forwarded-For'] ? endUserIp(headers['X-Forwarded-For']) : null,
    userAgent: headers['User-Agent'] ?? null,
    platform: headers.platform ?? null,
    forwardedFrom: headers['X-Forwarded-From'] ?? null,
  };
}

/** The sign-in throttle (429 + Retry-After), keyed by tenant and client address (`identity.ip` of the route). */
export function throttleLogin(tenantId: string, ip: string | null): Promise<void> {
  return throttle('signin', tenantId, ip);
}
