import Link from 'next/link';
import { PageHeader } from '@/components/wallets/ui';
import { TransfersTable } from '@/components/wallets/transfers-table';
import { getPanelUser } from '@/lib/auth/panel';

export const dynamic = 'force-dynamic';

/** All transfers of the tenant (read roles; the API enforces them). */
export default async function TransfersPage() {
  const user = await getPanelUser();
  const approver = user?.roles.includes('TRANSACTION_APPROVER');
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title="Transfers" description="Payments from customer wallets to their beneficiaries, newest first.">
        {approver ? (
          <Link href="/transfers/approvals" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
            Approval queue
          </Link>
        ) : null}
      </PageHeader>
      <TransfersTable />
    </div>
  );
}
