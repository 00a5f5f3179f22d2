import { describe, expect, it } from 'vitest';
import { navItemOf, navItemsFor } from '@/components/shell/nav-items';

/** The navigation entry a refused path is named by on the overview (requirePanelUser's `denied`). */
describe('navItemOf', () => {
  it('names a page by the longest entry it lies under, query and fragment aside', () => {
    expect(navItemOf('/users')?.label).toBe('Users');
    expect(navItemOf('/aml/alerts/0b7d1c9e-3f7a-4d0e-9b1a-2c3d4e5f6a7b?tab=notes#top')?.label).toBe('AML alerts');
    expect(navItemOf('/transfers/approvals')?.label).toBe('Approvals');
    expect(navItemOf('/transfers/0b7d1c9e-3f7a-4d0e-9b1a-2c3d4e5f6a7b')?.label).toBe('Transfers');
    expect(navItemOf('/settings/branding')?.label).toBe('Branding');
  });

  it('names nothing else: the overview, a look-alike prefix, text that is not a panel path', () => {
    for (const path of ['/', '', '/usersx', '/settings', 'Call +1 555 0100 to restore access', '//evil.example/users']) expect(navItemOf(path), path).toBeUndefined();
  });
});

describe('navItemsFor', () => {
  it('shows an entry only to the roles holding its capability', () => {
    const officer = navItemsFor(['COMPLIANCE_OFFICER']).map((i) => i.label);
    expect(officer).toContain('Review queue');
    expect(officer).not.toContain('Users');
    expect(navItemsFor(['ADMIN_USER']).map((i) => i.label)).toContain('Users');
  });
});
