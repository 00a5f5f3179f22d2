import type { Role } from '@/lib/contract/enums';

/** The panel's navigation. Entries without `ready` are placeholders for screens later issues add. */
export interface NavItem {
  href: string;
  label: string;
  ready: boolean;
  /** shown only to users holding one of these roles (all users when absent) */
  roles?: readonly Role[];
}

export const NAV_ITEMS: NavItem[] = [
  { href: '/', label: 'Overview', ready: true },
  { href: '/customers', label: 'Customers', ready: false },
  { href: '/verifications', label: 'Review queue', ready: false },
  { href: '/webhooks', label: 'Webhooks', ready: false },
  { href: '/transfers', label: 'Transfers', ready: true, roles: ['ADMIN_USER', 'EMPLOYEE', 'COMPLIANCE_OFFICER', 'TRANSACTION_APPROVER'] },
  { href: '/transfers/approvals', label: 'Approvals', ready: true, roles: ['TRANSACTION_APPROVER'] },
  { href: '/cards', label: 'Card lookup', ready: false },
  { href: '/users', label: 'Users', ready: false },
  { href: '/api-reference', label: 'API reference', ready: false },
];

/** The entries a user with these roles sees. */
export function navItemsFor(roles: readonly string[]): NavItem[] {
  return NAV_ITEMS.filter((item) => !item.roles || item.roles.some((r) => roles.includes(r)));
}
