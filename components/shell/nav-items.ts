/** The panel's navigation. Entries without `ready` are placeholders for screens later issues add. */
export interface NavItem {
  href: string;
  label: string;
  ready: boolean;
}

export const NAV_ITEMS: NavItem[] = [
  { href: '/', label: 'Overview', ready: true },
  { href: '/customers', label: 'Customers', ready: false },
  { href: '/verifications', label: 'Review queue', ready: false },
  { href: '/webhooks', label: 'Webhooks', ready: false },
  { href: '/cards', label: 'Card lookup', ready: false },
  { href: '/users', label: 'Users', ready: false },
  { href: '/api-reference', label: 'API reference', ready: true },
];
