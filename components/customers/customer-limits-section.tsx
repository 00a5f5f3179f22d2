'use client';

import { useQuery } from '@tanstack/react-query';
import { QueryError, Section } from '@/components/ui/page-header';
import { formatMoney } from '@/components/wallets/money';
import type { TransactionLimit } from '@/lib/contract/wallets';
import { apiFetch } from '@/lib/ui/fetcher';
import { Row, Rows, label } from './use-customer';

/** The customer's transaction limits (customer-wide and per wallet) with their current usage. */
export function CustomerLimitsSection({ customerId }: { customerId: string }) {
  const limits = useQuery({
    queryKey: ['transaction-limits', { customerId }],
    queryFn: () => apiFetch<{ items: TransactionLimit[] }>(`/api/v2.1/transaction-limits?customerId=${customerId}`),
  });
  return (
    <Section title="Transaction limits">
      {limits.isPending ? (
        <p className="text-sm text-ink-muted">Loading…</p>
      ) : limits.isError ? (
        <QueryError error={limits.error} />
      ) : (
        <Rows empty="No limits: only the tenant's rules apply." testId="customer-limits">
          {limits.data.items.map((l) => (
            <Row key={l.id}>
              <span>
                <span className="font-medium first-letter:uppercase">{label(l.limitType)}</span>{' '}
                <span className="text-xs text-ink-muted">{l.scope === 'WALLET' ? `wallet ${l.walletId?.slice(0, 8)}` : 'all wallets'}</span>
              </span>
              <span className="whitespace-nowrap font-mono text-xs tabular-nums">
                {formatMoney(l.currentUsage, l.currency)} of {formatMoney(l.limit, l.currency)} used
              </span>
            </Row>
          ))}
        </Rows>
      )}
    </Section>
  );
}
