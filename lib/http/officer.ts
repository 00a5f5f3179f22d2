import type { Principal } from '@/lib/services/identity/sessions';
import type { Officer } from '@/lib/services/aml/alerts';

/** The AML services' view of the signed-in caller: who, in which tenant, with which roles. */
export const officerOf = (principal: Principal, requestId?: string): Officer => ({ userId: principal.userId, tenantId: principal.tenantId, roles: principal.roles, requestId });
