'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { useCurrentUser } from '@/components/shell/user-context';
import { CUSTOMER_STATUSES } from '@/lib/contract/enums';
import type { DashboardSummary } from '@/lib/contract/customers';
import { CARD_STATUSES } from '@/lib/contract/card-operations';
import { apiFetch, errorMessage } from '@/lib/ui/fetcher';

function Tile({ title, testId, children, href, linkLabel }: { title: string; testId: string; children: ReactNode; href?: string; linkLabel?: string }) {
  return (
    <section aria-labelledby={`${testId}-title`} data-testid={testId} className="flex flex-col rounded-xl bg-white p-5 shadow-card">
      <h2 id={`${testId}-title`} className="text-sm font-semibold uppercase tracking-wide text-ink-muted">
        {title}
      </h2>
      <div className="mt-3 flex-1">{children}</div>
      {href ? (
        <Link href={href} className="mt-3 text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
          {linkLabel}
        </Link>
      ) : null}
    </section>
  );
}

/** Cards by state (the summary asks the card processor for callers with a card role). */
function CardsTile({ summary }: { summary: DashboardSummary }) {
  return (
    <Tile title="Cards by state" testId="cards-tile" href="/cards" linkLabel="Card lookup">
      {summary.cardsByState ? (
        <ul className="space-y-1 text-sm">
          {CARD_STATUSES.map((state) => (
            <li key={state} className="flex items-center justify-between gap-2">
              <Badge status={state} />
              <span className="font-medium" data-testid={`cards-${state}`}>
                {summary.cardsByState![state] ?? 0}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-ink-muted">Not available: {summary.cardsUnavailable ?? 'no card role'}</p>
      )}
    </Tile>
  );
}

/** The dashboard's counts from GET /api/v2.1/dashboard/summary, each linking to its list. */
export function DashboardSummaryTiles() {
  const { can } = useCurrentUser();
  const summary = useQuery({ queryKey: ['dashboard-summary'], queryFn: () => apiFetch<DashboardSummary>('/api/v2.1/dashboard/summary') });
  if (summary.isPending) return <p className="text-ink-muted">Loading the numbers…</p>;
  if (summary.isError)
    return (
      <p role="alert" className="text-rose-700">
        {errorMessage(summary.error)}
      </p>
    );
  const s = summary.data;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <Tile title="Customers" testId="customers-tile" href="/customers" linkLabel="All customers">
        <p className="text-3xl font-semibold text-ink" data-testid="customers-total">
          {s.customersTotal}
        </p>
        <ul className="mt-2 space-y-1 text-sm">
          {CUSTOMER_STATUSES.map((status) => (
            <li key={status} className="flex items-center justify-between gap-2">
              <Link href={`/customers?status=${status}`} className="hover:underline">
                <Badge status={status} />
              </Link>
              <span data-testid={`customers-${status}`} className="font-medium">
                {s.customersByStatus[status]}
              </span>
            </li>
          ))}
        </ul>
      </Tile>
      <Tile title="Waiting for review" testId="reviews-tile" href={can('verification:review') ? '/verifications' : undefined} linkLabel="Open the review queue">
        <p className="text-3xl font-semibold text-ink" data-testid="verifications-waiting">
          {s.verificationsWaiting}
        </p>
        <p className="mt-1 text-sm text-ink-muted">
          {s.verificationsByStatus.PENDING_REVIEW} pending, {s.verificationsByStatus.IN_REVIEW} in review, {s.verificationsByStatus.REVISION_REQUESTED} awaiting revision
        </p>
      </Tile>
      <Tile title="Failed webhooks (24 h)" testId="webhooks-tile" href={can('webhook:manage') ? '/webhooks' : undefined} linkLabel="Webhook subscriptions">
        <p className={`text-3xl font-semibold ${s.failedWebhookDeliveries24h ? 'text-rose-700' : 'text-ink'}`} data-testid="failed-deliveries">
          {s.failedWebhookDeliveries24h}
        </p>
        <p className="mt-1 text-sm text-ink-muted">deliveries that gave up in the last 24 hours</p>
      </Tile>
      {can('card:read') ? <CardsTile summary={s} /> : null}
    </div>
  );
}
