'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { useCurrentUser } from '@/components/shell/user-context';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { QueryError } from '@/components/ui/page-header';
import { Money, TRANSFER_TYPE_LABELS, when } from '@/components/wallets/money';
import type { Transfer } from '@/lib/contract/wallets';
import { apiFetch } from '@/lib/ui/fetcher';
import { DecisionForm, payeeOf, SourceBalance } from './decision';

/**
 * The four-eyes approval queue: transfers awaiting approval, oldest first, each naming who asked for
 * it. The server refuses a decision by the initiator; the screen says so before anyone tries.
 */
export function ApprovalQueue() {
  const me = useCurrentUser();
  const [deciding, setDeciding] = useState<{ transfer: Transfer; decision: 'approve' | 'reject' } | null>(null);
  const query = useQuery({
    queryKey: ['transfers', 'PENDING_APPROVAL'],
    queryFn: () => apiFetch<{ items: Transfer[]; total: number }>('/api/v2.1/transfers?status=PENDING_APPROVAL&pageSize=100'),
  });
  const items = [...(query.data?.items ?? [])].reverse();
  return (
    <div className="space-y-4">
      <QueryError error={query.error} />
      {query.isPending ? <p className="text-sm text-ink-muted">Loading the queue…</p> : null}
      {query.data && items.length === 0 ? <p className="rounded-md bg-slate-100 px-4 py-3 text-sm text-ink-muted">Nothing awaits approval.</p> : null}
      <ul className="space-y-3">
        {items.map((t) => {
          const own = t.initiatedBy === me.userId;
          return (
            <li key={t.id} data-testid="approval-item" className="rounded-xl bg-white p-4 shadow-card">
              <div className="flex flex-wrap items-center justify-between gap-4">
                <div className="min-w-0 space-y-1">
                  <p className="text-lg font-semibold text-ink">
                    <Money amount={t.amount} currency={t.currency} />
                    <span className="ml-2 text-sm font-normal text-ink-muted">
                      {TRANSFER_TYPE_LABELS[t.type]} to {payeeOf(t)}
                    </span>
                  </p>
                  {t.beneficiary ? <p className="break-all font-mono text-xs text-ink-muted">{t.beneficiary.iban}</p> : null}
                  <p className="text-sm text-ink">
                    Requested by <span className="font-medium">{t.initiatedByName}</span> · {when(t.createdAt)}
                  </p>
                  <p className="text-sm text-ink" data-testid="approval-source">
                    From{' '}
                    <Link className="font-medium text-brand-700 underline" href={`/customers/${t.customerId}`}>
                      {t.customerName}
                    </Link>
                    {"'s wallet "}
                    <Link className="font-medium text-brand-700 underline" href={`/wallets/${t.walletId}`}>
                      {t.sourceWallet.name}
                    </Link>
                  </p>
                  <SourceBalance transfer={t} />
                  <p className="text-sm text-ink-muted">
                    “{t.reference}” ·{' '}
                    <Link className="text-brand-700 underline" href={`/transfers/${t.id}`}>
                      details
                    </Link>
                  </p>
                  {own ? <p className="text-xs font-medium text-amber-800">You asked for this transfer: another approver must decide.</p> : null}
                </div>
                <div className="flex gap-2">
                  <Button variant="secondary" disabled={own} onClick={() => setDeciding({ transfer: t, decision: 'reject' })}>
                    Reject
                  </Button>
                  <Button disabled={own} onClick={() => setDeciding({ transfer: t, decision: 'approve' })}>
                    Approve
                  </Button>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      <Dialog open={deciding !== null} onClose={() => setDeciding(null)} title={deciding?.decision === 'approve' ? 'Approve this transfer?' : 'Reject this transfer?'}>
        {deciding ? <DecisionForm transfer={deciding.transfer} decision={deciding.decision} onDone={() => setDeciding(null)} /> : null}
      </Dialog>
    </div>
  );
}
