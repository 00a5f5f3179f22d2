import { can } from '@/lib/contract/access';
import { verificationAccessDenied } from '@/lib/contract/api-errors';
import type { Principal } from '@/lib/services/identity/sessions';

/** 'verification:review' (COMPLIANCE_OFFICER or ADMIN_USER); anyone else gets the contract's 403 naming both roles. */
export function assertVerificationRole(principal: Principal): void {
  if (!can(principal, 'verification:review')) {
    throw verificationAccessDenied(principal.userId, principal.roles);
  }
}
