'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import type { AmlAlert } from '@/lib/contract/aml';
import { apiFetch, toQuery } from '@/lib/ui/fetcher';
import { alertSummary } from './alert-queue';
import { AlertStatusBadge, ageText, kindLabel } from './aml-ui';
import { LoadError, loadFailed } from '@/components/ui/query-state';

/** A customer's AML alerts, newest first, each linking to its page (the customer page and the review case show them). */
export function CustomerAmlAlerts({ customerId, limit = 10 }: { customerId: string; limit?: number }) {
  const alerts = useQuery({
    queryKey: ['aml-alerts', 'customer', customerId, limit],
    queryFn: () => apiFetch<{ items: AmlAlert[]; total: number }>(`/api/v2.1/aml/alerts${toQuery({ customerId, pageSize: limit })}`),
  });
  if (alerts.isPending) return <p className="text-sm text-ink-muted">Loading…</p>;
  if (loadFailed(alerts)) return <LoadError query={alerts} />;
  const { items, total } = alerts.data;
  return (
    <div className="space-y-2">
      {items.length === 0 ? (
        <p className="text-sm text-ink-muted" data-testid="customer-aml-alerts">
          No AML alert.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm" data-testid="customer-aml-alerts">
          {items.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
              <span className="min-w-0">
                <Link href={`/aml/alerts/${a.id}`} className="font-medium text-brand-700 hover:underline">
                  {kindLabel(a.kind)}
                </Link>
                <span className="block text-xs text-ink-muted [overflow-wrap:anywhere]">
                  {alertSummary(a)} · {ageText(a.ageHours)} ago
                </span>
              </span>
              <AlertStatusBadge status={a.status} />
            </li>
          ))}
        </ul>
      )}
      {total > items.length ? (
        <Link href={`/aml/alerts?customerId=${customerId}`} className="text-sm font-medium text-brand-700 hover:underline">
          All {total} alerts in the queue
        </Link>
      ) : null}
    </div>
  );
}
