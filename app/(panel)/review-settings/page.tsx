import type { Metadata } from 'next';
import { ReviewSettingsForm } from '@/components/review/review-settings';
import { PageHeader } from '@/components/ui/page-header';
import { requirePanelUser } from '@/lib/auth/panel';

export const metadata: Metadata = { title: 'Review settings' };
export const dynamic = 'force-dynamic';

export default async function ReviewSettingsPage() {
  await requirePanelUser('verification:review');
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Review settings" description="How many officers must approve a KYC or KYB case in your tenant. Administrators change them; officers see them." />
      <ReviewSettingsForm />
    </div>
  );
}
