import type { Metadata } from 'next';
import Link from 'next/link';
import { CustomerList } from '@/components/customers/customer-list';
import { PageHeader } from '@/components/ui/page-header';
import { getPanelUser } from '@/lib/auth/panel';

export const metadata: Metadata = { title: 'Customers' };
export const dynamic = 'force-dynamic';

const pick = (v: string | string[] | undefined) => (typeof v === 'string' && v ? v : undefined);

export default async function CustomersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await getPanelUser();
  const p = await searchParams;
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Customers"
        description="Individuals and organizations of your tenant."
        actions={
          <>
            <Link href="/customers/new/individual" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
              Register individual
            </Link>
            <Link href="/customers/new/organization" className="rounded-md bg-white px-4 py-2 text-sm font-semibold text-ink ring-1 ring-inset ring-slate-300 hover:bg-slate-50">
              Register organization
            </Link>
          </>
        }
      />
      <CustomerList
        tenantId={user?.tenant.id ?? ''}
        initial={{ q: pick(p.q), type: pick(p.type), status: pick(p.status), verificationStatus: pick(p.verificationStatus), categoryId: pick(p.categoryId) }}
      />
    </div>
  );
}
