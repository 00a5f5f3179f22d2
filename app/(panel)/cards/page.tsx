import type { Metadata } from 'next';
import { Suspense } from 'react';
import { CardLookup } from '@/components/cards/card-lookup';
import { CardSearch } from '@/components/cards/card-search';
import { PageHeader, Section } from '@/components/ui/page-header';
import { requirePanelUser } from '@/lib/auth/panel';
import { cardSandboxEnabled } from '@/lib/card-processor/sandbox-enabled';

export const metadata: Metadata = { title: 'Card lookup' };
export const dynamic = 'force-dynamic';

export default async function CardsPage() {
  await requirePanelUser('card:read');
  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <PageHeader title="Card lookup" description="Find a virtual card by its last four digits and the cardholder, by customer or by card ID; or type the full number." />
      <Suspense>
        <CardSearch />
      </Suspense>
      <Section title="Look up by the full number">
        <CardLookup sandboxTools={cardSandboxEnabled()} />
      </Section>
    </div>
  );
}
