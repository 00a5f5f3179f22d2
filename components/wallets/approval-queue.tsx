'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { Transfer } from '@/lib/contract/wallets';
import { apiFetch, describeError } from './fetcher';
import { Money, Notice, Panel, shortId, when } from './ui';

/**
 * The four-eyes approval queue: transfers awaiting approval, oldest decisions first in line. The
 * server refuses a decision by the initiator; its message is shown as is.
 */
export function ApprovalQueue({ userId }: { userId: string }) {
  const client = useQueryClient();
  const [outcome, setOutcome] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);
  const query = useQuery({
    queryKey: ['transfers', 'PENDING_APPROVAL'],
    queryFn: () => apiFetch<{ items: Transfer[]; total: number }>('/api/v2.1/transfers?status=PENDING_APPROVAL&pageSize=100'),
  });
  const decide = useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'approve' | 'reject' }) =>
      apiFetch<Transfer>(`/api/v2.1/transfers/${id}/${decision}`, { method: 'POST', ...(decision === 'reject' ? { body: { reason: 'rejected in the approval queue' } } : {}) }),
    onSuccess: (transfer) => {
      setOutcome({ tone: 'info', text: `Transfer ${shortId(transfer.id)} is now ${transfer.status.replaceAll('_', ' ').toLowerCase()}.` });
      void client.invalidateQueries({ queryKey: ['transfers'] });
    },
    onError: (error) => setOutcome({ tone: 'error', text: describeError(error) }),
  });
  const items = query.data?.items ?? [];
  return (
    <div className="space-y-4">
      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
      {query.isError ? <Notice tone="error">{describeError(query.error)}</Notice> : null}
      {query.isPending ? <Notice>Loading the queue…</Notice> : null}
      {query.data && items.length === 0 ? <Notice>Nothing awaits approval.</Notice> : null}
      <ul className="space-y-3">
        {items.map((t) => {
          const own = t.initiatedBy === userId;
          return (
            <li key={t.id} data-testid="approval-item">
              <Panel label={`Transfer ${shortId(t.id)}`}>
                <div className="flex flex-wrap items-center justify-between gap-4 p-4">
                  <div className="min-w-0 space-y-1">
                    <p className="text-lg font-semibold text-ink">
                      <Money amount={t.amount} currency={t.currency} />
                      <span className="ml-2 text-sm font-normal text-ink-muted">to {t.beneficiary.name}</span>
                    </p>
                    <p className="break-all font-mono text-xs text-ink-muted">{t.beneficiary.iban}</p>
                    <p className="text-sm text-ink-muted">
                      {t.reference} · requested {when(t.createdAt)} · wallet{' '}
                      <Link className="font-mono text-brand-700 hover:underline" href={`/wallets/${t.walletId}`}>
                        {shortId(t.walletId)}
                      </Link>
                    </p>
                    {own ? <p className="text-xs font-medium text-amber-800">You initiated this transfer: another approver must decide.</p> : null}
                  </div>
                  <div className="flex gap-2">
                    <Button variant="secondary" disabled={decide.isPending} onClick={() => decide.mutate({ id: t.id, decision: 'reject' })}>
                      Reject
                    </Button>
                    <Button disabled={decide.isPending} onClick={() => decide.mutate({ id: t.id, decision: 'approve' })}>
                      Approve
                    </Button>
                  </div>
                </div>
              </Panel>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
