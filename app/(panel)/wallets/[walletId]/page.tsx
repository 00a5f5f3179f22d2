import Link from 'next/link';
import { notFound } from 'next/navigation';
import { PageHeader } from '@/components/wallets/ui';
import { WalletStatement } from '@/components/wallets/wallet-statement';
import { isUuid } from '@/lib/contract/common';

export const dynamic = 'force-dynamic';

/** One wallet with its statement. */
export default async function WalletPage({ params }: { params: Promise<{ walletId: string }> }) {
  const { walletId } = await params;
  if (!isUuid(walletId)) notFound();
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title="Wallet" description={`Wallet ${walletId}`}>
        <Link href="/transfers" className="text-sm font-medium text-brand-700 hover:underline">
          ← Transfers
        </Link>
      </PageHeader>
      <WalletStatement walletId={walletId} />
    </div>
  );
}
