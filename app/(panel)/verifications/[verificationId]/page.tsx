import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { ReviewCase } from '@/components/review/review-case';
import { REVIEWERS, mayUse } from '@/components/shell/nav-items';
import { getPanelUser } from '@/lib/auth/panel';

export const metadata: Metadata = { title: 'Review case' };
export const dynamic = 'force-dynamic';

export default async function ReviewCasePage({ params }: { params: Promise<{ verificationId: string }> }) {
  const user = await getPanelUser();
  if (!user || !mayUse(user.roles, REVIEWERS)) redirect('/');
  const { verificationId } = await params;
  return (
    <div className="mx-auto max-w-6xl">
      <Link href="/verifications" className="mb-4 inline-block text-sm font-medium text-brand-700 hover:underline">
        ← Review queue
      </Link>
      <ReviewCase id={verificationId} userId={user.principal.userId} />
    </div>
  );
}
