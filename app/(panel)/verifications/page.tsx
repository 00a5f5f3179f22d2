import type { Metadata } from 'next';
import { ReviewQueue } from '@/components/review/review-queue';
import { PageHeader } from '@/components/ui/page-header';
import { requirePanelUser } from '@/lib/auth/panel';

export const metadata: Metadata = { title: 'Review queue' };
export const dynamic = 'force-dynamic';

export default async function ReviewQueuePage() {
  const user = await requirePanelUser('verification:review');
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title="Review queue" description="KYC and KYB cases. The person who registered a customer cannot decide on it (four-eyes)." />
      <ReviewQueue userId={user.principal.userId} />
    </div>
  );
}
