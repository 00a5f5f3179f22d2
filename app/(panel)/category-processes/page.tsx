import type { Metadata } from 'next';
import { CategoryProcesses } from '@/components/categorization/category-processes';
import { PageHeader } from '@/components/ui/page-header';
import { requirePanelUser } from '@/lib/auth/panel';

export const metadata: Metadata = { title: 'Category processes' };
export const dynamic = 'force-dynamic';

export default async function CategoryProcessesPage() {
  await requirePanelUser('categorization:manage');
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title="Category processes"
        description="What onboarding each customer category goes through: the documents the registration asks for and the review demands, screening, how many officers approve, and the products it may open."
      />
      <CategoryProcesses />
    </div>
  );
}
