import type { Metadata } from 'next';
import { PageHeader } from '@/components/ui/page-header';
import { WalletList } from '@/components/wallets/wallet-list';
import { requirePanelUser } from '@/lib/auth/panel';

export const metadata: Metadata = { title: 'Wallets' };
export const dynamic = 'force-dynamic';

export default async function WalletsPage() {
  await requirePanelUser('tenant:staff');
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title="Wallets" description="Customer wallets, their balances and status." />
      <WalletList />
    </div>
  );
}
