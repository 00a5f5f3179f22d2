import type { Role } from '@/lib/contract/enums';
import { verificationAccessDenied, VERIFICATION_ROLES } from '@/lib/contract/api-errors';
import type { Principal } from '@/lib/services/identity/sessions';

/** COMPLIANCE_OFFICER or ADMIN_USER; anyone else gets the contract's 403 naming both roles. */
export function assertVerificationRole(principal: Principal): void {
  if (!principal.roles.some((r) => (VERIFICATION_ROLES as readonly Role[]).includes(r))) {
    throw verificationAccessDenied(principal.userId, principal.roles);
  }
}
