import type { Metadata } from 'next';
import { PageHeader } from '@/components/ui/page-header';
import { LimitList } from '@/components/wallets/limits';
import { requirePanelUser } from '@/lib/auth/panel';

export const metadata: Metadata = { title: 'Transaction limits' };
export const dynamic = 'force-dynamic';

export default async function LimitsPage() {
  await requirePanelUser('tenant:staff');
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title="Transaction limits" description="Per customer or per wallet: per transaction, daily, weekly and monthly, with what is used so far." />
      <LimitList />
    </div>
  );
}
