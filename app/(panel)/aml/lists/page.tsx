import type { Metadata } from 'next';
import { AmlLists } from '@/components/aml/lists';
import { PageHeader } from '@/components/ui/page-header';
import { requirePanelUser } from '@/lib/auth/panel';

export const metadata: Metadata = { title: 'AML lists' };
export const dynamic = 'force-dynamic';

/** The sanctions, PEP and internal lists screened for the tenant (aml:read; create and import: aml:configure). */
export default async function AmlListsPage() {
  await requirePanelUser('aml:read');
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="AML lists"
        description="Every customer, representative, owner and beneficiary is screened against these lists at registration, on demand and whenever a list gets a new version."
      />
      <AmlLists />
    </div>
  );
}
