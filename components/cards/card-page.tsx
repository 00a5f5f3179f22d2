'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { PageHeader } from '@/components/ui/page-header';
import type { CardSearchPage } from '@/lib/contract/search';
import { apiFetch } from '@/lib/ui/fetcher';
import { CardView } from './card-view';

/**
 * The card page: the holder and customer by name (the card search answers them), then the card
 * through the gateway (CardView). Nothing here ever holds the full number but the reveal panel.
 */
export function CardPage({ cardId, sandboxTools }: { cardId: string; sandboxTools: boolean }) {
  const found = useQuery({
    queryKey: ['cards', 'one', cardId],
    queryFn: () => apiFetch<CardSearchPage>(`/api/v2.1/cards?cardId=${cardId}`),
  });
  const hit = found.data?.items[0];
  return (
    <>
      <PageHeader
        title={hit ? `Card ${hit.cardNo}` : 'Card'}
        description={
          hit ? (
            <>
              {hit.cardholderName} · customer{' '}
              <Link href={`/customers/${hit.customerId}`} className="font-medium text-brand-700 hover:underline">
                {hit.customerName}
              </Link>
            </>
          ) : undefined
        }
      />
      <CardView cardRef={cardId} keyId={cardId} holder={hit ? `${hit.cardholderName} (${hit.cardholderEmail})` : undefined} sandboxTools={sandboxTools} />
    </>
  );
}
