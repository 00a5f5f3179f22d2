import { can, type Capability } from '@/lib/contract/access';
import type { Role } from '@/lib/contract/enums';

/**
 * The panel's navigation. `allow`: the capability an entry needs (all users when absent; the API refuses
 * the others anyway); entries without `ready` are placeholders for screens later issues add.
 */
export interface NavItem {
  href: string;
  label: string;
  ready: boolean;
  /** shown only to users holding this capability (lib/contract/access.ts; all users when absent) */
  allow?: Capability;
}

export const NAV_ITEMS: NavItem[] = [
  { href: '/', label: 'Overview', ready: true },
  { href: '/setup', label: 'Set-up', ready: true, allow: 'tenant:configure' },
  { href: '/customers', label: 'Customers', ready: true, allow: 'tenant:staff' },
  { href: '/drafts', label: 'Drafts', ready: true, allow: 'tenant:staff' },
  { href: '/verifications', label: 'Review queue', ready: true, allow: 'verification:review' },
  { href: '/review-settings', label: 'Review settings', ready: true, allow: 'verification:review' },
  { href: '/category-processes', label: 'Category processes', ready: true, allow: 'categorization:manage' },
  { href: '/aml/alerts', label: 'AML alerts', ready: true, allow: 'aml:read' },
  { href: '/aml/lists', label: 'AML lists', ready: true, allow: 'aml:read' },
  { href: '/aml/search', label: 'AML search', ready: true, allow: 'aml:read' },
  { href: '/aml/rules', label: 'AML rules', ready: true, allow: 'aml:read' },
  { href: '/consent-templates', label: 'Consent templates', ready: true, allow: 'consent:configure' },
  { href: '/webhooks', label: 'Webhooks', ready: true, allow: 'webhook:manage' },
  { href: '/external-events', label: 'External events', ready: true, allow: 'partner:manage' },
  { href: '/transfers', label: 'Transfers', ready: true, allow: 'tenant:staff' },
  { href: '/transfers/approvals', label: 'Approvals', ready: true, allow: 'transfer:approve' },
  { href: '/wallets', label: 'Wallets', ready: true, allow: 'tenant:staff' },
  { href: '/beneficiaries', label: 'Beneficiaries', ready: true, allow: 'tenant:staff' },
  { href: '/limits', label: 'Limits', ready: true, allow: 'tenant:staff' },
  { href: '/products', label: 'Products', ready: true, allow: 'tenant:staff' },
  { href: '/payment-consents', label: 'Payment consents', ready: true, allow: 'tenant:staff' },
  { href: '/cards', label: 'Card lookup', ready: true, allow: 'card:read' },
  { href: '/users', label: 'Users', ready: true, allow: 'user:manage' },
  { href: '/settings/branding', label: 'Branding', ready: true, allow: 'tenant:configure' },
  { href: '/api-reference', label: 'API reference', ready: true },
];

/** The entries a user with these roles sees. */
export function navItemsFor(roles: readonly Role[]): NavItem[] {
  return NAV_ITEMS.filter((item) => !item.allow || can({ roles }, item.allow));
}

/**
 * The navigation entry a panel path belongs to (the longest entry it lies under: `/aml/alerts/<id>`
 * is "AML alerts"), or undefined; the overview names a refused page by it, never by the raw path.
 */
export function navItemOf(path: string): NavItem | undefined {
  const pathname = path.split(/[?#]/)[0] ?? '';
  return NAV_ITEMS.filter((item) => item.href !== '/' && (pathname === item.href || pathname.startsWith(`${item.href}/`))).sort((a, b) => b.href.length - a.href.length)[0];
}
