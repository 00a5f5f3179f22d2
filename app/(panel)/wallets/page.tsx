import type { Metadata } from 'next';
import { STAFF } from '@/components/shell/nav-items';
import { PageHeader } from '@/components/ui/page-header';
import { WalletList } from '@/components/wallets/wallet-list';
import { requirePanelUser } from '@/lib/auth/panel';

export const metadata: Metadata = { title: 'Wallets' };
export const dynamic = 'force-dynamic';

export default async function WalletsPage() {
  await requirePanelUser(STAFF);
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title="Wallets" description="Customer wallets, their balances and status." />
      <WalletList />
    </div>
  );
}
