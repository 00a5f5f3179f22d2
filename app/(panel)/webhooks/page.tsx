import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { ADMINS, mayUse } from '@/components/shell/nav-items';
import { PageHeader } from '@/components/ui/page-header';
import { SubscriptionList } from '@/components/webhooks/subscription-list';
import { getPanelUser } from '@/lib/auth/panel';

export const metadata: Metadata = { title: 'Webhooks' };
export const dynamic = 'force-dynamic';

export default async function WebhooksPage() {
  const user = await getPanelUser();
  if (!user || !mayUse(user.roles, ADMINS)) redirect('/');
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title="Webhooks" description="Signed deliveries (Standard Webhooks) of your tenant’s events to your endpoints." />
      <SubscriptionList />
    </div>
  );
}
