import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { CardLookup } from '@/components/cards/card-lookup';
import { CARD_STAFF, mayUse } from '@/components/shell/nav-items';
import { PageHeader } from '@/components/ui/page-header';
import { getPanelUser } from '@/lib/auth/panel';

export const metadata: Metadata = { title: 'Card lookup' };
export const dynamic = 'force-dynamic';

export default async function CardsPage() {
  const user = await getPanelUser();
  if (!user || !mayUse(user.roles, CARD_STAFF)) redirect('/');
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="Card lookup" description="Find a virtual card by its number: details, limits, transactions and status history." />
      <CardLookup />
    </div>
  );
}
