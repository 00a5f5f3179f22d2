import type { Metadata } from 'next';
import { IndividualWizard } from '@/components/onboarding/individual-wizard';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { PageHeader } from '@/components/ui/page-header';
import { getPanelUser } from '@/lib/auth/panel';

export const metadata: Metadata = { title: 'Register individual' };
export const dynamic = 'force-dynamic';

export default async function RegisterIndividualPage() {
  const user = await getPanelUser();
  return (
    <div className="mx-auto max-w-4xl">
      <Breadcrumbs items={[{ href: '/customers', label: 'Customers' }]} current="Register individual" />
      <PageHeader
        title="Register individual customer"
        description="Six steps and a review. Saved as you type, on this device and on the server: resume it anywhere from Drafts (never the password, never the file)."
      />
      <IndividualWizard tenantId={user?.tenant.id ?? ''} />
    </div>
  );
}
