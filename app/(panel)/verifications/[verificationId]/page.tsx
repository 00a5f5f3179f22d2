import type { Metadata } from 'next';
import { ReviewCase } from '@/components/review/review-case';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { requirePanelUser } from '@/lib/auth/panel';
import { can } from '@/lib/contract/access';

export const metadata: Metadata = { title: 'Review case' };
export const dynamic = 'force-dynamic';

export default async function ReviewCasePage({ params }: { params: Promise<{ verificationId: string }> }) {
  const user = await requirePanelUser('verification:review');
  const { verificationId } = await params;
  return (
    <div className="mx-auto max-w-6xl">
      <Breadcrumbs items={[{ href: '/verifications', label: 'Review queue' }]} current="Case" />
      <ReviewCase id={verificationId} userId={user.principal.userId} mayAssign={can(user, 'verification:assign')} />
    </div>
  );
}
