import type { Metadata } from 'next';
import { BrandingForm } from '@/components/tenant-setup/branding-form';
import { PageHeader } from '@/components/ui/page-header';
import { requirePanelUser } from '@/lib/auth/panel';

export const metadata: Metadata = { title: 'Branding' };
export const dynamic = 'force-dynamic';

export default async function BrandingPage() {
  await requirePanelUser('tenant:configure');
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Branding" description="Your display name, logo and colour: on this panel, and in the preload your own frontend reads (GET /api/v2.1/preload)." />
      <BrandingForm />
    </div>
  );
}
