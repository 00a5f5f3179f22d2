import type { Role } from '@/lib/contract/enums';
import { rolesWith } from '@/lib/contract/access';

/**
 * The panel's navigation. `roles`: who is offered the entry (all users when absent; the API refuses
 * the others anyway); entries without `ready` are placeholders for screens later issues add.
 */
export interface NavItem {
  href: string;
  label: string;
  ready: boolean;
  /** shown only to users holding one of these roles (all users when absent) */
  roles?: readonly Role[];
}

export const STAFF: readonly Role[] = ['ADMIN_USER', 'COMPLIANCE_OFFICER', 'EMPLOYEE', 'TRANSACTION_APPROVER'];
export const REVIEWERS: readonly Role[] = ['ADMIN_USER', 'COMPLIANCE_OFFICER'];
export const ADMINS: readonly Role[] = ['ADMIN_USER'];
/** The card gateway's admin read roles (card:read). */
export const CARD_STAFF: readonly Role[] = rolesWith('card:read');

export const NAV_ITEMS: NavItem[] = [
  { href: '/', label: 'Overview', ready: true },
  { href: '/customers', label: 'Customers', ready: true, roles: STAFF },
  { href: '/verifications', label: 'Review queue', ready: true, roles: REVIEWERS },
  { href: '/review-settings', label: 'Review settings', ready: true, roles: REVIEWERS },
  { href: '/webhooks', label: 'Webhooks', ready: true, roles: ADMINS },
  { href: '/transfers', label: 'Transfers', ready: true, roles: ['ADMIN_USER', 'EMPLOYEE', 'COMPLIANCE_OFFICER', 'TRANSACTION_APPROVER'] },
  { href: '/transfers/approvals', label: 'Approvals', ready: true, roles: ['TRANSACTION_APPROVER'] },
  { href: '/wallets', label: 'Wallets', ready: true, roles: STAFF },
  { href: '/beneficiaries', label: 'Beneficiaries', ready: true, roles: STAFF },
  { href: '/limits', label: 'Limits', ready: true, roles: STAFF },
  { href: '/payment-consents', label: 'Payment consents', ready: true, roles: STAFF },
  { href: '/cards', label: 'Card lookup', ready: true, roles: CARD_STAFF },
  { href: '/users', label: 'Users', ready: true, roles: ADMINS },
  { href: '/api-reference', label: 'API reference', ready: true },
];

export function mayUse(roles: readonly string[], allowed?: readonly Role[]): boolean {
  return !allowed || allowed.some((r) => roles.includes(r));
}

/** The entries a user with these roles sees. */
export function navItemsFor(roles: readonly string[]): NavItem[] {
  return NAV_ITEMS.filter((item) => mayUse(roles, item.roles));
}
