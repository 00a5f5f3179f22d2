import type { Metadata } from 'next';
import { CustomerDetail } from '@/components/customers/customer-detail';
import { BackLink } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Customer' };
export const dynamic = 'force-dynamic';

export default async function CustomerPage({ params }: { params: Promise<{ customerId: string }> }) {
  const { customerId } = await params;
  return (
    <div className="mx-auto max-w-6xl">
      <BackLink href="/customers">Customers</BackLink>
      <CustomerDetail customerId={customerId} />
    </div>
  );
}
