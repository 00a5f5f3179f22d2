import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { TransferDetail } from '@/components/transfers/transfer-detail';
import { BackLink, PageHeader } from '@/components/ui/page-header';
import { requirePanelUser } from '@/lib/auth/panel';
import { isUuid } from '@/lib/contract/common';

export const metadata: Metadata = { title: 'Transfer' };
export const dynamic = 'force-dynamic';

export default async function TransferPage({ params }: { params: Promise<{ transferId: string }> }) {
  await requirePanelUser('tenant:staff');
  const { transferId } = await params;
  if (!isUuid(transferId)) notFound();
  return (
    <div className="mx-auto max-w-5xl">
      <BackLink href="/transfers">Transfers</BackLink>
      <PageHeader title="Transfer" description={`Transfer ${transferId}`} />
      <TransferDetail transferId={transferId} />
    </div>
  );
}
