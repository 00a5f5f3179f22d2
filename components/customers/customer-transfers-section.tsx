'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { QueryError, Section } from '@/components/ui/page-header';
import { Money, TransferStatusBadge } from '@/components/wallets/money';
import { apiFetch } from '@/lib/ui/fetcher';
import { Row, Rows, SectionLink, when } from './use-customer';

/** The fields of a transfer this section shows; a wallet-to-wallet transfer may have no beneficiary. */
interface TransferRow {
  id: string;
  amount: string;
  currency: string;
  status: string;
  reference: string;
  createdAt: string;
  beneficiary?: { name: string } | null;
}

/** The customer's ten latest transfers; each opens the transfer page. */
export function CustomerTransfersSection({ customerId }: { customerId: string }) {
  const transfers = useQuery({
    queryKey: ['transfers', { customerId, pageSize: 10 }],
    queryFn: () => apiFetch<{ items: TransferRow[]; total: number }>(`/api/v2.1/transfers?customerId=${customerId}&pageSize=10`),
  });
  return (
    <Section title="Transfers" actions={<SectionLink href={`/transfers?customerId=${customerId}`}>All transfers</SectionLink>}>
      {transfers.isPending ? (
        <p className="text-sm text-ink-muted">Loading…</p>
      ) : transfers.isError ? (
        <QueryError error={transfers.error} />
      ) : (
        <Rows empty="No transfers yet." testId="customer-transfers">
          {transfers.data.items.map((t) => (
            <Row key={t.id}>
              <span className="min-w-0">
                <Link href={`/transfers/${t.id}`} className="whitespace-nowrap font-mono font-medium tabular-nums text-brand-700 hover:underline">
                  <Money amount={t.amount} currency={t.currency} />
                </Link>
                <span className="block text-xs text-ink-muted">
                  {t.beneficiary?.name ? `to ${t.beneficiary.name} · ` : ''}
                  {when(t.createdAt)}
                </span>
              </span>
              <TransferStatusBadge status={t.status} />
            </Row>
          ))}
        </Rows>
      )}
    </Section>
  );
}
