import { ApprovalQueue } from '@/components/wallets/approval-queue';
import { Notice, PageHeader } from '@/components/wallets/ui';
import { getPanelUser } from '@/lib/auth/panel';

export const dynamic = 'force-dynamic';

/** The four-eyes approval queue, for TRANSACTION_APPROVER. */
export default async function ApprovalsPage() {
  const user = await getPanelUser();
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="Approval queue" description="Transfers above the tenant's four-eyes threshold wait here for a second person." />
      {user?.roles.includes('TRANSACTION_APPROVER') ? (
        <ApprovalQueue userId={user.principal.userId} />
      ) : (
        <Notice>Only a transaction approver can decide transfers.</Notice>
      )}
    </div>
  );
}
