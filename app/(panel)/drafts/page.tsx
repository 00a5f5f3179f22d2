import type { Metadata } from 'next';
import { DraftsList } from '@/components/drafts/drafts-list';
import { PageHeader } from '@/components/ui/page-header';
import { requirePanelUser } from '@/lib/auth/panel';
import { DRAFT_TTL_DAYS } from '@/lib/contract/drafts';

export const metadata: Metadata = { title: 'Drafts' };
export const dynamic = 'force-dynamic';

export default async function DraftsPage() {
  const user = await requirePanelUser('tenant:staff');
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Registration drafts"
        description={`Registrations saved as they were typed, by your colleagues or by customers signing up. Resume one on this device, or discard it. A draft expires ${DRAFT_TTL_DAYS} days after its last save; passwords and document files are never kept.`}
      />
      <DraftsList tenantId={user.tenant.id} />
    </div>
  );
}
