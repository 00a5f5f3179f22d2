import type { Metadata } from 'next';
import { PageHeader } from '@/components/ui/page-header';
import { WalletList } from '@/components/wallets/wallet-list';
import { requirePanelUser } from '@/lib/auth/panel';
import { isUuid } from '@/lib/contract/common';

export const metadata: Metadata = { title: 'Wallets' };
export const dynamic = 'force-dynamic';

export default async function WalletsPage({ searchParams }: { searchParams: Promise<{ customerId?: string | string[]; open?: string | string[] }> }) {
  await requirePanelUser('tenant:staff');
  const params = await searchParams;
  const customerId = typeof params.customerId === 'string' && isUuid(params.customerId) ? params.customerId : '';
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title="Wallets" description="Customer wallets, their balances and status." />
      <WalletList initialCustomerId={customerId} openOnLoad={params.open === 'wallet'} />
    </div>
  );
}
