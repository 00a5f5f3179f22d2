'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { IssueCardDialog, type CardholderCandidate, type ExistingHolder, type HolderDefaults } from '@/components/cards/issue-card';
import { useCurrentUser } from '@/components/shell/user-context';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { QueryError, Section } from '@/components/ui/page-header';
import type { CardSearchPage } from '@/lib/contract/search';
import { apiFetch } from '@/lib/ui/fetcher';
import { Row, Rows, SectionLink, useCustomer, type CustomerDetailData } from './use-customer';

/** What the customer record already says about a new cardholder (the form starts from it). */
function holderDefaults(c: CustomerDetailData | undefined): HolderDefaults {
  if (!c) return {};
  const address = c.addresses.find((a) => a.isPrimary) ?? c.addresses[0];
  const phone = c.contacts.find((k) => /^\+[1-9]\d{6,14}$/.test(k.value))?.value;
  return {
    firstName: c.person?.firstName ?? '',
    lastName: c.person?.lastName ?? '',
    email: c.person?.email ?? c.email ?? '',
    phone: phone ?? '',
    dateOfBirth: c.person?.dateOfBirth ?? '',
    billingAddress: address
      ? {
          line1: [address.street, address.building].filter(Boolean).join(' '),
          city: address.city ?? '',
          postalCode: address.postalCode ?? '',
          country: (address.country ?? '').toUpperCase(),
        }
      : {},
  };
}

/** An organization's representatives and owners as possible cardholders: their names and the company's address. */
function peopleOf(c: CustomerDetailData | undefined): CardholderCandidate[] {
  if (!c) return [];
  const base = holderDefaults(c);
  return c.representatives.map((r) => ({
    id: r.id,
    name: `${r.firstName} ${r.lastName}`,
    role: r.position ?? (r.isPrimaryOwner ? 'owner' : 'representative'),
    defaults: { ...base, firstName: r.firstName, lastName: r.lastName, email: '', phone: '', dateOfBirth: '' },
  }));
}

/**
 * The customer's cards, masked, with holder and status (card:read); a holder of card:issue issues a
 * new card here (components/cards/issue-card.tsx).
 */
export function CustomerCardsSection({ customerId }: { customerId: string }) {
  const { can } = useCurrentUser();
  const allowed = can('card:read');
  const canIssue = can('card:issue');
  const [issuing, setIssuing] = useState(false);
  const customer = useCustomer(customerId);
  const cards = useQuery({
    queryKey: ['cards', { customerId }],
    queryFn: () => apiFetch<CardSearchPage>(`/api/v2.1/cards?customerId=${customerId}&pageSize=100`),
    enabled: allowed,
  });
  if (!allowed) return null;
  const holders: ExistingHolder[] = [...new Map((cards.data?.items ?? []).map((c) => [c.cardholderId, { cardholderId: c.cardholderId, name: c.cardholderName }])).values()];
  return (
    <Section
      title="Cards"
      actions={
        <span className="flex flex-wrap items-center gap-3">
          <SectionLink href={`/cards?customerId=${customerId}`}>Find cards</SectionLink>
          {canIssue ? (
            <Button variant="secondary" onClick={() => setIssuing(true)} disabled={!customer.data || !cards.data}>
              Issue a card
            </Button>
          ) : null}
        </span>
      }
    >
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
                  {c.product ? <span data-testid="card-product"> · product {c.product.name}</span> : null}
                </span>
              </span>
              <Badge status={c.status} />
            </Row>
          ))}
        </Rows>
      )}
      {canIssue ? (
        <IssueCardDialog
          open={issuing}
          onClose={() => setIssuing(false)}
          customerId={customerId}
          customerName={customer.data?.displayName ?? ''}
          holders={holders}
          defaults={holderDefaults(customer.data)}
          people={peopleOf(customer.data)}
        />
      ) : null}
    </Section>
  );
}
