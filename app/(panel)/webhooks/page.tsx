import type { Metadata } from 'next';
import { PageHeader } from '@/components/ui/page-header';
import { SubscriptionList } from '@/components/webhooks/subscription-list';
import { requirePanelUser } from '@/lib/auth/panel';

export const metadata: Metadata = { title: 'Webhooks' };
export const dynamic = 'force-dynamic';

export default async function WebhooksPage() {
  await requirePanelUser('webhook:manage');
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title="Webhooks" description="Signed deliveries (Standard Webhooks) of your tenant’s events to your endpoints." />
      <SubscriptionList />
    </div>
  );
}
