'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { useCurrentUser } from '@/components/shell/user-context';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Section } from '@/components/ui/page-header';
import { ENTRY_KIND_LABELS, Money, shortId, TRANSFER_TYPE_LABELS, TransferStatusBadge, when } from '@/components/wallets/money';
import type { AmlAlert } from '@/lib/contract/aml';
import type { TransferDetail as Detail } from '@/lib/contract/wallets';
import { apiFetch, toQuery } from '@/lib/ui/fetcher';
import { DecisionForm, SourceBalance } from './decision';
import { LoadError, StaleBanner, loadFailed } from '@/components/ui/query-state';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wide text-ink-muted">{label}</dt>
      <dd className="mt-1 break-words text-sm text-ink">{children}</dd>
    </div>
  );
}

/**
 * A transfer an AML rule held: nothing is posted until two officers release it (or refuse it). For
 * those who read AML alerts, the alert that holds it (found by its transferId) is one click away.
 */
function HeldForReview({ transferId }: { transferId: string }) {
  const me = useCurrentUser();
  const alert = useQuery({
    queryKey: ['aml-alerts', 'transfer', transferId],
    queryFn: () => apiFetch<{ items: AmlAlert[] }>(`/api/v2.1/aml/alerts${toQuery({ kind: 'TRANSACTION', transferId, pageSize: 1 })}`),
    enabled: me.can('aml:read'),
  });
  const found = alert.data?.items[0];
  return (
    <div role="status" data-testid="held-for-review" className="rounded-md bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300">
      <p className="font-semibold">Held for AML review</p>
      <p>
        A transaction-monitoring rule held this transfer: nothing is posted until a compliance officer proposes a release and a second officer confirms it (or both refuse it).
        {found ? (
          <>
            {' '}
            <Link href={`/aml/alerts/${found.id}`} className="font-medium text-brand-700 underline">
              Open its AML alert ({found.firings.map((f) => f.ruleName).join(', ')})
            </Link>
          </>
        ) : null}
      </p>
    </div>
  );
}

/** One transfer: what, from where, to whom, its status history and ledger entries; approvers decide it here too. */
export function TransferDetail({ transferId }: { transferId: string }) {
  const me = useCurrentUser();
  const [decision, setDecision] = useState<'approve' | 'reject' | null>(null);
  const query = useQuery({ queryKey: ['transfer', transferId], queryFn: () => apiFetch<Detail>(`/api/v2.1/transfers/${transferId}`) });
  if (loadFailed(query)) return <LoadError query={query} />;
  const t = query.data;
  if (!t) return <p className="text-sm text-ink-muted">Loading…</p>;
  const mayDecide = t.status === 'PENDING_APPROVAL' && me.can('transfer:approve') && t.initiatedBy !== me.userId;
  return (
    <div className="space-y-6">
      <StaleBanner query={query} what="the transfer" />
      {t.status === 'HELD_FOR_REVIEW' ? <HeldForReview transferId={t.id} /> : null}
      <Section
        title={`${TRANSFER_TYPE_LABELS[t.type]} ${shortId(t.id)}`}
        id="transfer-summary"
        actions={
          mayDecide ? (
            <div className="flex gap-2">
              <Button variant="secondary" onClick={() => setDecision('reject')}>
                Reject
              </Button>
              <Button onClick={() => setDecision('approve')}>Approve</Button>
            </div>
          ) : null
        }
      >
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Row label="Amount">
            <Money amount={t.amount} currency={t.currency} />
          </Row>
          <Row label="Status">
            <span data-testid="transfer-status">
              <TransferStatusBadge status={t.status} />
            </span>
          </Row>
          <Row label="Reference">{t.reference}</Row>
          <Row label="Customer">
            <Link className="text-brand-700 hover:underline" href={`/customers/${t.customerId}`}>
              {t.customerName}
            </Link>
          </Row>
          <Row label="From wallet">
            <Link className="text-brand-700 hover:underline" href={`/wallets/${t.walletId}`}>
              {t.sourceWallet.name}
            </Link>
            <SourceBalance transfer={t} />
          </Row>
          <Row label="To">
            {t.destinationWallet ? (
              <Link className="text-brand-700 hover:underline" href={`/wallets/${t.destinationWallet.id}`}>
                wallet {t.destinationWallet.name} ({shortId(t.destinationWallet.id)})
              </Link>
            ) : (
              <>
                {t.beneficiary?.name} <span className="block font-mono text-xs text-ink-muted">{t.beneficiary?.iban}</span>
              </>
            )}
          </Row>
          <Row label="Requested by">{t.initiatedByName}</Row>
          <Row label="Payment consent">{t.paymentConsentId ? shortId(t.paymentConsentId) : 'none (moved by an administrator)'}</Row>
          <Row label="Approval">{t.requiresApproval ? 'above the four-eyes threshold: a second person decides' : 'not needed'}</Row>
          {t.rejectionReason ? <Row label="Reason">{t.rejectionReason}</Row> : null}
        </dl>
      </Section>
      <Section title="Status history" id="history">
        <ol className="space-y-3" data-testid="transfer-history">
          {t.history.map((h, i) => (
            <li key={i} className="flex flex-wrap items-center gap-2 text-sm">
              <TransferStatusBadge status={h.status} />
              <span className="text-ink-muted">{when(h.at)}</span>
              <span>by {h.byName ?? 'the system'}</span>
              {h.reason ? <span className="text-ink-muted">· {h.reason}</span> : null}
            </li>
          ))}
        </ol>
      </Section>
      <Section title="Ledger entries" id="entries">
        <ul className="space-y-2 text-sm">
          {t.entries.map((e) => (
            <li key={e.entryId}>
              <span className="font-medium">{ENTRY_KIND_LABELS[e.kind] ?? e.kind}</span>{' '}
              <span className="text-ink-muted">
                · {when(e.postedAt)} · {e.description}
              </span>
            </li>
          ))}
        </ul>
      </Section>
      <Dialog open={decision !== null} onClose={() => setDecision(null)} title={decision === 'approve' ? 'Approve this transfer?' : 'Reject this transfer?'}>
        {decision ? <DecisionForm transfer={t} decision={decision} onDone={() => setDecision(null)} /> : null}
      </Dialog>
    </div>
  );
}
