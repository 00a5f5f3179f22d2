import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { AlertPage } from '@/components/aml/alert-page';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { requirePanelUser } from '@/lib/auth/panel';
import { isUuid } from '@/lib/contract/common';

export const metadata: Metadata = { title: 'AML alert' };
export const dynamic = 'force-dynamic';

export default async function AmlAlertPage({ params }: { params: Promise<{ alertId: string }> }) {
  await requirePanelUser('aml:read');
  const { alertId } = await params;
  if (!isUuid(alertId)) notFound();
  return (
    <div className="mx-auto max-w-6xl">
      <Breadcrumbs items={[{ href: '/aml/alerts', label: 'AML alerts' }]} current="Alert" />
      <AlertPage alertId={alertId} />
    </div>
  );
}
