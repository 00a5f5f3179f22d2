import type { Metadata } from 'next';
import { ExternalEventsScreen } from '@/components/external-events/external-events';
import { PageHeader } from '@/components/ui/page-header';
import { requirePanelUser } from '@/lib/auth/panel';

export const metadata: Metadata = { title: 'External events' };
export const dynamic = 'force-dynamic';

export default async function ExternalEventsPage() {
  await requirePanelUser('partner:manage');
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title="External events" description="Signed events your partners send you: your card processor, KYC and screening vendors." />
      <ExternalEventsScreen />
    </div>
  );
}
