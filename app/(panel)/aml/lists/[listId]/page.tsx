import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { AmlListDetail } from '@/components/aml/lists';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { requirePanelUser } from '@/lib/auth/panel';
import { isUuid } from '@/lib/contract/common';

export const metadata: Metadata = { title: 'AML list' };
export const dynamic = 'force-dynamic';

export default async function AmlListPage({ params }: { params: Promise<{ listId: string }> }) {
  await requirePanelUser('aml:read');
  const { listId } = await params;
  if (!isUuid(listId)) notFound();
  return (
    <div className="mx-auto max-w-6xl">
      <Breadcrumbs items={[{ href: '/aml/lists', label: 'AML lists' }]} current="List" />
      <AmlListDetail listId={listId} />
    </div>
  );
}
