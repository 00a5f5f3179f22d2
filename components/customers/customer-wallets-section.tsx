'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useCurrentUser } from '@/components/shell/user-context';
import { Badge } from '@/components/ui/badge';
import { QueryError, Section } from '@/components/ui/page-header';
import { Money } from '@/components/wallets/money';
import type { Wallet } from '@/lib/contract/wallets';
import { apiFetch } from '@/lib/ui/fetcher';
import { Row, Rows, SectionLink } from './use-customer';

type WalletPage = { items: Wallet[]; total: number };

/** The customer's wallets with balance and status; each opens the wallet page (statement, actions). */
export function CustomerWalletsSection({ customerId }: { customerId: string }) {
  const { can } = useCurrentUser();
  const wallets = useQuery({
    queryKey: ['wallets', { customerId }],
    queryFn: () => apiFetch<WalletPage>(`/api/v2.1/wallets?customerId=${customerId}&pageSize=100`),
  });
  return (
    <Section title="Wallets" actions={can('wallet:manage') ? <SectionLink href={`/wallets?customerId=${customerId}&open=wallet`}>Open a wallet</SectionLink> : null}>
      {wallets.isPending ? (
        <p className="text-sm text-ink-muted">Loading…</p>
      ) : wallets.isError ? (
        <QueryError error={wallets.error} />
      ) : (
        <Rows empty="No wallets yet." testId="customer-wallets">
          {wallets.data.items.map((w) => (
            <Row key={w.id}>
              <span className="min-w-0">
                <Link href={`/wallets/${w.id}`} className="font-medium text-brand-700 hover:underline">
                  {w.name}
                  <span className="sr-only"> wallet</span>
                </Link>
                <span className="block text-xs text-ink-muted" data-testid="wallet-product">
                  Product: {w.product.name}
                </span>
              </span>
              <span className="flex items-center gap-3">
                <span className="whitespace-nowrap font-mono tabular-nums">
                  <Money amount={w.balance} currency={w.currency} />
                </span>
                <Badge status={w.status} />
              </span>
            </Row>
          ))}
        </Rows>
      )}
    </Section>
  );
}
