import type { Metadata } from 'next';
import { AmlSearch } from '@/components/aml/search';
import { PageHeader } from '@/components/ui/page-header';
import { requirePanelUser } from '@/lib/auth/panel';

export const metadata: Metadata = { title: 'AML search' };
export const dynamic = 'force-dynamic';

/** Ad hoc screening of a name against every list in force (aml:read); records nothing, raises no alert. */
export default async function AmlSearchPage() {
  await requirePanelUser('aml:read');
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="AML search"
        description="Screen a name against every list in force, as registration does, and see why each hit scores as it does. Nothing is recorded and no alert is raised."
      />
      <AmlSearch />
    </div>
  );
}
