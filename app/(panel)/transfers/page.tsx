import type { Metadata } from 'next';
import Link from 'next/link';
import { TransfersTable } from '@/components/transfers/transfers-table';
import { PageHeader } from '@/components/ui/page-header';
import { requirePanelUser } from '@/lib/auth/panel';
import { can } from '@/lib/contract/access';

export const metadata: Metadata = { title: 'Transfers' };
export const dynamic = 'force-dynamic';

/** All transfers of the tenant (tenant staff; the API enforces the same capabilities). */
export default async function TransfersPage() {
  const user = await requirePanelUser('tenant:staff');
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Transfers"
        description="Payouts to beneficiaries and transfers between wallets, newest first."
        actions={
          <>
            {can(user, 'wallet:manage') ? (
              <Link href="/transfers/new" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
                New transfer
              </Link>
            ) : null}
            {can(user, 'transfer:approve') ? (
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
