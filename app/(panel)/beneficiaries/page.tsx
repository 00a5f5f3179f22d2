import type { Metadata } from 'next';
import { STAFF } from '@/components/shell/nav-items';
import { PageHeader } from '@/components/ui/page-header';
import { BeneficiaryList } from '@/components/wallets/beneficiaries';
import { requirePanelUser } from '@/lib/auth/panel';

export const metadata: Metadata = { title: 'Beneficiaries' };
export const dynamic = 'force-dynamic';

export default async function BeneficiariesPage() {
  await requirePanelUser(STAFF);
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title="Beneficiaries" description="Saved bank accounts that customers pay out to." />
      <BeneficiaryList />
    </div>
  );
}
