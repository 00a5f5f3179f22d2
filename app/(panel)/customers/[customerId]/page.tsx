import type { Metadata } from 'next';
import Link from 'next/link';
import { CustomerDetail } from '@/components/customers/customer-detail';

export const metadata: Metadata = { title: 'Customer' };
export const dynamic = 'force-dynamic';

export default async function CustomerPage({ params }: { params: Promise<{ customerId: string }> }) {
  const { customerId } = await params;
  return (
    <div className="mx-auto max-w-6xl">
      <Link href="/customers" className="mb-4 inline-block text-sm font-medium text-brand-700 hover:underline">
        ← Customers
      </Link>
      <CustomerDetail customerId={customerId} />
    </div>
  );
}
