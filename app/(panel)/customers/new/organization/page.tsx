import type { Metadata } from 'next';
import { OrganizationWizard } from '@/components/onboarding/organization-wizard';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { PageHeader } from '@/components/ui/page-header';
import { getPanelUser } from '@/lib/auth/panel';

export const metadata: Metadata = { title: 'Register organization' };
export const dynamic = 'force-dynamic';

export default async function RegisterOrganizationPage() {
  const user = await getPanelUser();
  return (
    <div className="mx-auto max-w-4xl">
      <Breadcrumbs items={[{ href: '/customers', label: 'Customers' }]} current="Register organization" />
      <PageHeader
        title="Register organization"
        description="Company data, addresses, representatives and the default administrator, then a review. Saved as you type, on this device and on the server: resume it anywhere from Drafts (never the password or the files)."
      />
      <OrganizationWizard tenantId={user?.tenant.id ?? ''} />
    </div>
  );
}
