import type { Metadata } from 'next';
import { SubscriptionDetail } from '@/components/webhooks/subscription-detail';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { requirePanelUser } from '@/lib/auth/panel';

export const metadata: Metadata = { title: 'Webhook subscription' };
export const dynamic = 'force-dynamic';

export default async function WebhookPage({ params }: { params: Promise<{ subscriptionId: string }> }) {
  await requirePanelUser('webhook:manage');
  const { subscriptionId } = await params;
  return (
    <div className="mx-auto max-w-6xl">
      <Breadcrumbs items={[{ href: '/webhooks', label: 'Webhooks' }]} current="Subscription" />
      <SubscriptionDetail id={subscriptionId} />
    </div>
  );
}
