import type { Metadata } from 'next';
import { AlertQueue } from '@/components/aml/alert-queue';
import { PageHeader } from '@/components/ui/page-header';
import { requirePanelUser } from '@/lib/auth/panel';
import { isUuid } from '@/lib/contract/common';

export const metadata: Metadata = { title: 'AML alerts' };
export const dynamic = 'force-dynamic';

/** The AML case manager's queue (aml:read; claim and decide: aml:decide, which the API enforces). */
export default async function AmlAlertsPage({ searchParams }: { searchParams: Promise<{ customerId?: string }> }) {
  await requirePanelUser('aml:read');
  const { customerId } = await searchParams;
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="AML alerts"
        description="Sanctions and PEP screening hits and transaction-monitoring alerts in one queue. Compliance officers claim and decide them; releasing, refusing or clearing takes two officers."
      />
      <AlertQueue initialCustomerId={customerId && isUuid(customerId) ? customerId : ''} />
    </div>
  );
}
