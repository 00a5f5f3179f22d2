import { endUserIp, type ContextHeaders } from '@/lib/contract/headers';
import type { SessionContext } from '@/lib/services/identity/sessions';
import { loginLimiter } from './throttles';

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

/** Per-IP sign-in throttle (429 + Retry-After), keyed by tenant and end-user IP. */
export function throttleLogin(tenantId: string, headers: Partial<ContextHeaders>): void {
  loginLimiter.hit(`${tenantId}:${headers['X-Forwarded-For'] ? endUserIp(headers['X-Forwarded-For']) : 'unknown'}`);
}
