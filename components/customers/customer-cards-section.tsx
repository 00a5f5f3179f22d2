'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useCurrentUser } from '@/components/shell/user-context';
import { Badge } from '@/components/ui/badge';
import { QueryError, Section } from '@/components/ui/page-header';
import { PANEL_CARD_ROLES } from '@/lib/contract/panel';
import type { CardSearchPage } from '@/lib/contract/search';
import { apiFetch } from '@/lib/ui/fetcher';
import { Row, Rows, SectionLink } from './use-customer';

/** The customer's cards, masked, with holder and status (card roles only: ADMIN_USER, EMPLOYEE). */
export function CustomerCardsSection({ customerId }: { customerId: string }) {
  const { has } = useCurrentUser();
  const allowed = has(...PANEL_CARD_ROLES);
  const cards = useQuery({
    queryKey: ['cards', { customerId }],
    queryFn: () => apiFetch<CardSearchPage>(`/api/v2.1/cards?customerId=${customerId}&pageSize=100`),
    enabled: allowed,
  });
  if (!allowed) return null;
  return (
    <Section title="Cards" actions={<SectionLink href={`/cards?customerId=${customerId}`}>Find cards</SectionLink>}>
      {cards.isPending ? (
        <p className="text-sm text-ink-muted">Loading…</p>
      ) : cards.isError ? (
        <QueryError error={cards.error} />
      ) : (
        <Rows empty="No cards yet." testId="customer-cards">
          {cards.data.items.map((c) => (
            <Row key={c.cardId}>
              <span className="min-w-0">
                <Link href={`/cards/${c.cardId}`} className="font-mono font-medium text-brand-700 hover:underline">
                  {c.cardNo}
                </Link>
                <span className="block text-xs text-ink-muted">
                  {c.cardholderName}
                  {c.nickname ? ` · ${c.nickname}` : ''} · {c.currency}
                </span>
              </span>
              <Badge status={c.status} />
            </Row>
          ))}
        </Rows>
      )}
    </Section>
  );
}
