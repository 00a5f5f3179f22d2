import type { Role } from '@/lib/contract/enums';
import { PANEL_CARD_ROLES } from '@/lib/contract/panel';

/**
 * The panel's navigation. `roles`: who is offered the entry (the API refuses the others anyway);
 * entries without `ready` are placeholders for screens later issues add.
 */
export interface NavItem {
  href: string;
  label: string;
  ready: boolean;
  roles?: readonly Role[];
}

export const STAFF: readonly Role[] = ['ADMIN_USER', 'COMPLIANCE_OFFICER', 'EMPLOYEE', 'TRANSACTION_APPROVER'];
export const REVIEWERS: readonly Role[] = ['ADMIN_USER', 'COMPLIANCE_OFFICER'];
export const ADMINS: readonly Role[] = ['ADMIN_USER'];
/** The card gateway's admin read roles (PANEL_CARD_ROLES). */
export const CARD_STAFF: readonly Role[] = PANEL_CARD_ROLES;

export const NAV_ITEMS: NavItem[] = [
  { href: '/', label: 'Overview', ready: true },
  { href: '/customers', label: 'Customers', ready: true, roles: STAFF },
  { href: '/verifications', label: 'Review queue', ready: true, roles: REVIEWERS },
  { href: '/webhooks', label: 'Webhooks', ready: true, roles: ADMINS },
  { href: '/cards', label: 'Card lookup', ready: true, roles: CARD_STAFF },
  { href: '/users', label: 'Users', ready: true, roles: ADMINS },
  { href: '/api-reference', label: 'API reference', ready: false },
];

export function mayUse(roles: readonly string[], allowed?: readonly Role[]): boolean {
  return !allowed || allowed.some((r) => roles.includes(r));
}

export function navFor(roles: readonly string[]): NavItem[] {
  return NAV_ITEMS.filter((item) => mayUse(roles, item.roles));
}
