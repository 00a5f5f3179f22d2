import type { Metadata } from 'next';
import { SearchResults } from '@/components/search/search-results';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Search' };
export const dynamic = 'force-dynamic';

/** The results of the top bar's search box (GET /api/v2.1/search). */
export default async function SearchPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const raw = (await searchParams).q;
  const q = (typeof raw === 'string' ? raw : '').trim().slice(0, 100);
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title="Search" description={q ? <>Results for “{q}” in your tenant.</> : 'Customers, wallets and cards of your tenant.'} />
      <SearchResults key={q} q={q} />
    </div>
  );
}
