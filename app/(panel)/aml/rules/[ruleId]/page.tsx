import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { AmlRuleDetail } from '@/components/aml/rules';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { requirePanelUser } from '@/lib/auth/panel';
import { isUuid } from '@/lib/contract/common';

export const metadata: Metadata = { title: 'AML rule' };
export const dynamic = 'force-dynamic';

export default async function AmlRulePage({ params }: { params: Promise<{ ruleId: string }> }) {
  await requirePanelUser('aml:read');
  const { ruleId } = await params;
  if (!isUuid(ruleId)) notFound();
  return (
    <div className="mx-auto max-w-6xl">
      <Breadcrumbs items={[{ href: '/aml/rules', label: 'AML rules' }]} current="Rule" />
      <AmlRuleDetail ruleId={ruleId} />
    </div>
  );
}
