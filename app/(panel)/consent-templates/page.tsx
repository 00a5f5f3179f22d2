import type { Metadata } from 'next';
import { ConsentTemplates } from '@/components/consent-templates/consent-templates';
import { PageHeader } from '@/components/ui/page-header';
import { requirePanelUser } from '@/lib/auth/panel';

export const metadata: Metadata = { title: 'Consent templates' };
export const dynamic = 'force-dynamic';

export default async function ConsentTemplatesPage() {
  await requirePanelUser('consent:configure');
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Consent templates"
        description="The texts your customers accept: terms, privacy policy and data processing are required, marketing is optional. Write a new version, then publish it; a material change asks customers to accept again."
      />
      <ConsentTemplates />
    </div>
  );
}
