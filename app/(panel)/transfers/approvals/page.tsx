import type { Metadata } from 'next';
import { ApprovalQueue } from '@/components/transfers/approval-queue';
import { BackLink, PageHeader } from '@/components/ui/page-header';
import { requirePanelUser } from '@/lib/auth/panel';

export const metadata: Metadata = { title: 'Approval queue' };
export const dynamic = 'force-dynamic';

/** The four-eyes approval queue, for the holders of transfer:approve. */
export default async function ApprovalsPage() {
  await requirePanelUser('transfer:approve');
  return (
    <div className="mx-auto max-w-4xl">
      <BackLink href="/transfers">Transfers</BackLink>
      <PageHeader title="Approval queue" description="Transfers above the tenant's four-eyes threshold wait here for a second person, oldest first." />
      <ApprovalQueue />
    </div>
  );
}
