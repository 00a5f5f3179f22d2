import type { Metadata } from 'next';
import { CustomerAmlSection } from '@/components/customers/customer-aml-section';
import { CustomerAuditSection } from '@/components/customers/customer-audit-section';
import { CustomerBeneficiariesSection } from '@/components/customers/customer-beneficiaries-section';
import { CustomerCardsSection } from '@/components/customers/customer-cards-section';
import { CustomerConsentsSection } from '@/components/customers/customer-consents-section';
import { CustomerDocumentsSection } from '@/components/customers/customer-documents-section';
import { CustomerHeader } from '@/components/customers/customer-header';
import { CustomerLimitsSection } from '@/components/customers/customer-limits-section';
import { CustomerPaymentConsentsSection } from '@/components/customers/customer-payment-consents-section';
import { CustomerProfileSection } from '@/components/customers/customer-profile-section';
import { CustomerTransfersSection } from '@/components/customers/customer-transfers-section';
import { CustomerVerificationSection } from '@/components/customers/customer-verification-section';
import { CustomerWalletsSection } from '@/components/customers/customer-wallets-section';
import { CustomerOnboarding } from '@/components/onboarding/customer-review-panel';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { CollapsibleSections } from '@/components/ui/section';

export const metadata: Metadata = { title: 'Customer' };
export const dynamic = 'force-dynamic';

/**
 * Customer 360: one page, a list of sections, each its own component under components/customers/
 * that loads what it shows and offers the actions the viewer's role allows. Add a section here.
 * Below 768 px the sections fold to their headings (the page was about 6,900 px tall on a phone).
 */
export default async function CustomerPage({ params }: { params: Promise<{ customerId: string }> }) {
  const { customerId } = await params;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <Breadcrumbs items={[{ href: '/customers', label: 'Customers' }]} current="Customer" />
      <CustomerHeader customerId={customerId} />
      <CollapsibleSections>
        <div className="grid gap-3 md:gap-6 lg:grid-cols-2">
          <CustomerProfileSection customerId={customerId} />
          <CustomerVerificationSection customerId={customerId} />
          <CustomerAmlSection customerId={customerId} />
          <CustomerWalletsSection customerId={customerId} />
          <CustomerCardsSection customerId={customerId} />
          <CustomerTransfersSection customerId={customerId} />
          <CustomerBeneficiariesSection customerId={customerId} />
          <CustomerLimitsSection customerId={customerId} />
          <CustomerPaymentConsentsSection customerId={customerId} />
          <CustomerConsentsSection customerId={customerId} />
          <CustomerDocumentsSection customerId={customerId} />
        </div>
        <CustomerOnboarding customerId={customerId} />
        <CustomerAuditSection customerId={customerId} />
      </CollapsibleSections>
    </div>
  );
}
