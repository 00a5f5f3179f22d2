import type { Metadata } from 'next';
import { PageHeader } from '@/components/ui/page-header';
import { ConsentList } from '@/components/wallets/payment-consents';
import { requirePanelUser } from '@/lib/auth/panel';

export const metadata: Metadata = { title: 'Payment consents' };
export const dynamic = 'force-dynamic';

export default async function PaymentConsentsPage() {
  await requirePanelUser('tenant:staff');
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title="Payment consents" description="What each customer authorized: which wallet, how much per payment, until when." />
      <ConsentList />
    </div>
  );
}
