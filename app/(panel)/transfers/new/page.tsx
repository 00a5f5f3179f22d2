import type { Metadata } from 'next';
import { TransferForm } from '@/components/transfers/transfer-form';
import { BackLink, PageHeader } from '@/components/ui/page-header';
import { requirePanelUser } from '@/lib/auth/panel';
import { isUuid } from '@/lib/contract/common';

export const metadata: Metadata = { title: 'New transfer' };
export const dynamic = 'force-dynamic';

export default async function NewTransferPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requirePanelUser('wallet:manage');
  const { walletId } = await searchParams;
  return (
    <div className="mx-auto max-w-6xl">
      <BackLink href="/transfers">Transfers</BackLink>
      <PageHeader title="New transfer" description="Move money to another wallet of the tenant, or pay out to a beneficiary’s bank account." />
      <TransferForm initialWalletId={typeof walletId === 'string' && isUuid(walletId) ? walletId : undefined} />
    </div>
  );
}
