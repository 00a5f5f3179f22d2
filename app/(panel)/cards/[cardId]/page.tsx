import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CardPage } from '@/components/cards/card-page';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { requirePanelUser } from '@/lib/auth/panel';
import { cardSandboxEnabled } from '@/lib/card-processor/sandbox-enabled';
import { isUuid } from '@/lib/contract/common';

export const metadata: Metadata = { title: 'Card' };
export const dynamic = 'force-dynamic';

/** One card by its id (the card gateway takes the id wherever it takes a number). */
export default async function CardDetailPage({ params }: { params: Promise<{ cardId: string }> }) {
  await requirePanelUser('card:read');
  const { cardId } = await params;
  if (!isUuid(cardId)) notFound();
  return (
    <div className="mx-auto max-w-5xl">
      <Breadcrumbs items={[{ href: '/cards', label: 'Card lookup' }]} current="Card" />
      <CardPage cardId={cardId} sandboxTools={cardSandboxEnabled()} />
    </div>
  );
}
