import type { Metadata } from 'next';
import Link from 'next/link';
import { TransfersTable } from '@/components/transfers/transfers-table';
import { PageHeader } from '@/components/ui/page-header';
import { requirePanelUser } from '@/lib/auth/panel';

export const metadata: Metadata = { title: 'Transfers' };
export const dynamic = 'force-dynamic';

const TRANSFER_READERS = ['ADMIN_USER', 'EMPLOYEE', 'COMPLIANCE_OFFICER', 'TRANSACTION_APPROVER'] as const;

/** All transfers of the tenant (read roles; the API enforces them). */
export default async function TransfersPage() {
  const user = await requirePanelUser(TRANSFER_READERS);
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Transfers"
        description="Payouts to beneficiaries and transfers between wallets, newest first."
        actions={
          <>
            {user.roles.includes('ADMIN_USER') ? (
              <Link href="/transfers/new" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
                New transfer
              </Link>
            ) : null}
            {user.roles.includes('TRANSACTION_APPROVER') ? (
              <Link href="/transfers/approvals" className="rounded-md bg-white px-4 py-2 text-sm font-semibold text-ink ring-1 ring-inset ring-slate-300 hover:bg-slate-50">
                Approval queue
              </Link>
            ) : null}
          </>
        }
      />
      <TransfersTable />
    </div>
  );
}
