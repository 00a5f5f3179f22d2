import type { Metadata } from 'next';
import { SetupChecklist } from '@/components/tenant-setup/setup-checklist';
import { PageHeader } from '@/components/ui/page-header';
import { requirePanelUser } from '@/lib/auth/panel';

export const metadata: Metadata = { title: 'Set-up' };
export const dynamic = 'force-dynamic';

export default async function SetupPage() {
  await requirePanelUser('tenant:configure');
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Set up your tenant" description="The first steps of a new tenant. Each one is ticked as soon as what it asks for exists." />
      <SetupChecklist />
    </div>
  );
}
