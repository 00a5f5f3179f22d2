import type { Metadata } from 'next';
import { PageHeader } from '@/components/ui/page-header';
import { BeneficiaryList } from '@/components/wallets/beneficiaries';
import { requirePanelUser } from '@/lib/auth/panel';

export const metadata: Metadata = { title: 'Beneficiaries' };
export const dynamic = 'force-dynamic';

export default async function BeneficiariesPage() {
  await requirePanelUser('tenant:staff');
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title="Beneficiaries" description="Saved bank accounts that customers pay out to." />
      <BeneficiaryList />
    </div>
  );
}
