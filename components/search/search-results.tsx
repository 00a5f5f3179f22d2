'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { useCurrentUser } from '@/components/shell/user-context';
import { Badge } from '@/components/ui/badge';
import { Section } from '@/components/ui/page-header';
import type { SearchResult } from '@/lib/contract/search';
import { Money } from '@/components/wallets/money';
import { apiFetch } from '@/lib/ui/fetcher';
import { LoadError, loadFailed } from '@/components/ui/query-state';

function Hits({ title, count, children, empty }: { title: string; count: number; children: ReactNode; empty: string }) {
  return (
    <Section title={`${title} (${count})`} id={`search-${title.toLowerCase()}`}>
      {count === 0 ? <p className="text-sm text-ink-muted">{empty}</p> : <ul className="divide-y divide-slate-100 text-sm">{children}</ul>}
    </Section>
  );
}

const Hit = ({ children }: { children: ReactNode }) => <li className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">{children}</li>;

/** The answer of GET /api/v2.1/search, grouped by kind, each hit a link to its page. */
export function SearchResults({ q }: { q: string }) {
  const { can } = useCurrentUser();
  const result = useQuery({ queryKey: ['search', q], queryFn: () => apiFetch<SearchResult>(`/api/v2.1/search?q=${encodeURIComponent(q)}`), enabled: q.length >= 2, retry: false });
  if (q.length < 2)
    return (
      <p className="text-sm text-ink-muted">Type at least two characters: a customer, representative or cardholder name, an email, a wallet name or ID, or a card&apos;s last four digits.</p>
    );
  if (result.isPending) return <p className="text-ink-muted">Searching…</p>;
  if (loadFailed(result)) return <LoadError query={result} />;
  const r = result.data;
  const cards = can('card:read');
  return (
    <div className="grid gap-6 lg:grid-cols-2" data-testid="search-results">
      <Hits title="Customers" count={r.customers.length} empty="No customer matches.">
        {r.customers.map((c) => (
          <Hit key={c.id}>
            <span className="min-w-0">
              <Link href={`/customers/${c.id}`} className="font-medium text-brand-700 hover:underline">
                {c.displayName}
              </Link>
              <span className="block break-all text-xs text-ink-muted">{c.email ?? (c.customerType === 'INDIVIDUAL' ? 'individual' : 'organization')}</span>
            </span>
            <Badge status={c.status} />
          </Hit>
        ))}
      </Hits>
      <Hits title="Wallets" count={r.wallets.length} empty="No wallet matches (search a wallet by its name, its ID or its first 8 characters).">
        {r.wallets.map((w) => (
          <Hit key={w.id}>
            <span className="min-w-0">
              <Link href={`/wallets/${w.id}`} className="font-medium text-brand-700 hover:underline">
                {w.name}
              </Link>
              <span className="block text-xs text-ink-muted">
                {w.customerName} · <span className="font-mono">{w.id.slice(0, 8)}</span>
              </span>
            </span>
            <span className="flex items-center gap-2">
              <Money amount={w.balance} currency={w.currency} />
              <Badge status={w.status} />
            </span>
          </Hit>
        ))}
      </Hits>
      <Hits title="Representatives" count={r.representatives.length} empty="No representative or owner matches.">
        {r.representatives.map((p) => (
          <Hit key={p.id}>
            <span className="min-w-0">
              <Link href={`/customers/${p.customerId}`} className="font-medium text-brand-700 hover:underline">
                {p.firstName} {p.lastName}
              </Link>
              <span className="block break-all text-xs text-ink-muted">
                {p.position ? `${p.position} of ` : 'represents '}
                {p.customerName}
                {p.email ? ` · ${p.email}` : ''}
              </span>
            </span>
          </Hit>
        ))}
      </Hits>
      {cards ? (
        <Hits title="Cards" count={r.cards.length} empty="No card matches (search a card by its last four digits, its holder's name or its ID).">
          {r.cards.map((c) => (
            <Hit key={c.cardId}>
              <span className="min-w-0">
                <Link href={`/cards/${c.cardId}`} className="font-mono font-medium text-brand-700 hover:underline">
                  {c.cardNo}
                </Link>
                <span className="block text-xs text-ink-muted">
                  {c.cardholderName} · {c.customerName}
                </span>
              </span>
              <Badge status={c.status} />
            </Hit>
          ))}
        </Hits>
      ) : null}
    </div>
  );
}
