import type { ContextHeaders } from '@/lib/contract/headers';
import { endUserIp } from '@/lib/contract/headers';
import type { Db } from '@/lib/db/client';
import type { TenantRow } from '@/lib/db/schema';
import type { Principal } from '@/lib/services/identity/sessions';
import type { ConsentProof } from '@/lib/services/onboarding/consents';
import type { BaseContext } from './api-route';
import { can, REFUSALS } from '@/lib/contract/access';
import { forbidden, tenantAccessDenied } from '@/lib/contract/api-errors';
import { clientIp } from './client-ip';
import { throttle } from './rate-limit';
import { optionalPrincipal } from './callers';

/**
 * Who registers a customer: a signed-in member of the tenant's staff ('tenant:staff'), recorded as the
 * registrar (the four-eyes rule keeps them from approving it), or nobody (self sign-up, throttled per tenant and client address).
 */
export async function registrationContext(
  db: Db,
  req: BaseContext['req'],
  tenant: TenantRow,
  headers: Partial<ContextHeaders>,
  /** the caller as the tenantOptionalBearer caller step resolved it; undefined: resolve it here */
  resolved?: Principal | null,
): Promise<{ registrarUserId: string | null; proof: ConsentProof }> {
  const principal = resolved === undefined ? await optionalPrincipal(db, req) : resolved;
  const ip = headers['X-Forwarded-For'] ? endUserIp(headers['X-Forwarded-For']) : null;
  if (principal) {
    if (principal.tenantId !== tenant.id) throw tenantAccessDenied(tenant.id);
    if (!can(principal, 'tenant:staff')) {
      throw forbidden(REFUSALS.registerOnBehalf);
    }
  } else {
    await throttle('signup', tenant.id, clientIp(req.headers));
  }
  return {
    registrarUserId: principal?.userId ?? null,
    proof: { ipAddress: ip, clientIp: clientIp(req.headers), userAgent: headers['User-Agent'] ?? null, actorUserId: principal?.userId ?? null, channel: 'REGISTRATION' },
  };
}
