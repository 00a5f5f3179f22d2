import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { BackLink, PageHeader } from '@/components/ui/page-header';
import { WalletDetail } from '@/components/wallets/wallet-detail';
import { requirePanelUser } from '@/lib/auth/panel';
import { isUuid } from '@/lib/contract/common';

export const metadata: Metadata = { title: 'Wallet' };
export const dynamic = 'force-dynamic';

/** One wallet: balances, actions and its statement. */
export default async function WalletPage({ params }: { params: Promise<{ walletId: string }> }) {
  await requirePanelUser('tenant:staff');
  const { walletId } = await params;
  if (!isUuid(walletId)) notFound();
  return (
    <div className="mx-auto max-w-6xl">
      <BackLink href="/wallets">Wallets</BackLink>
      <PageHeader title="Wallet" description={`Wallet ${walletId}`} />
      <WalletDetail walletId={walletId} />
    </div>
  );
}
