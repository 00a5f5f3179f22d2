import type { Metadata } from 'next';
import { CardLookup } from '@/components/cards/card-lookup';
import { CARD_STAFF } from '@/components/shell/nav-items';
import { PageHeader } from '@/components/ui/page-header';
import { requirePanelUser } from '@/lib/auth/panel';

export const metadata: Metadata = { title: 'Card lookup' };
export const dynamic = 'force-dynamic';

export default async function CardsPage() {
  await requirePanelUser(CARD_STAFF);
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="Card lookup" description="Find a virtual card by its number: details, limits, transactions and status history." />
      <CardLookup />
    </div>
  );
}
