import type { Metadata } from 'next';
import { AmlRules } from '@/components/aml/rules';
import { requirePanelUser } from '@/lib/auth/panel';

export const metadata: Metadata = { title: 'AML rules' };
export const dynamic = 'force-dynamic';

/** Transaction-monitoring rules (aml:read; create, change, switch: aml:configure, which the API enforces). */
export default async function AmlRulesPage() {
  await requirePanelUser('aml:read');
  return (
    <div className="mx-auto max-w-6xl">
      <AmlRules />
    </div>
  );
}
