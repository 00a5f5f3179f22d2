import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { ADMINS, mayUse } from '@/components/shell/nav-items';
import { SubscriptionDetail } from '@/components/webhooks/subscription-detail';
import { getPanelUser } from '@/lib/auth/panel';

export const metadata: Metadata = { title: 'Webhook subscription' };
export const dynamic = 'force-dynamic';

export default async function WebhookPage({ params }: { params: Promise<{ subscriptionId: string }> }) {
  const user = await getPanelUser();
  if (!user || !mayUse(user.roles, ADMINS)) redirect('/');
  const { subscriptionId } = await params;
  return (
    <div className="mx-auto max-w-6xl">
      <Link href="/webhooks" className="mb-4 inline-block text-sm font-medium text-brand-700 hover:underline">
        ← Webhooks
      </Link>
      <SubscriptionDetail id={subscriptionId} />
    </div>
  );
}
