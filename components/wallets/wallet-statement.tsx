'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Wallet } from '@/lib/contract/wallets';
import { apiFetch, describeError } from './fetcher';
import { Money, Notice, Pager, Panel, StatusBadge, TableHead, when } from './ui';

interface StatementLine {
  entryId: string;
  kind: string;
  transferId: string | null;
  description: string;
  direction: 'CREDIT' | 'DEBIT';
  amount: string;
  currency: string;
  postedAt: string;
}
interface Statement {
  items: StatementLine[];
  total: number;
  page: number;
  pageSize: number;
  openingBalance: string;
  closingBalance: string;
}

/** One wallet: balances and status, then its ledger statement (paged, optional date range). */
export function WalletStatement({ walletId }: { walletId: string }) {
  const [page, setPage] = useState(1);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const wallet = useQuery({ queryKey: ['wallet', walletId], queryFn: () => apiFetch<Wallet>(`/api/v2.1/wallets/${walletId}`) });
  const range = `${from ? `&from=${encodeURIComponent(new Date(`${from}T00:00:00Z`).toISOString())}` : ''}${to ? `&to=${encodeURIComponent(new Date(`${to}T00:00:00Z`).toISOString())}` : ''}`;
  const statement = useQuery({
    queryKey: ['statement', walletId, page, from, to],
    queryFn: () => apiFetch<Statement>(`/api/v2.1/wallets/${walletId}/statement?pageSize=25&page=${page}${range}`),
  });
  if (wallet.isError) return <Notice tone="error">{describeError(wallet.error)}</Notice>;
  const w = wallet.data;
  const pages = statement.data ? Math.max(1, Math.ceil(statement.data.total / statement.data.pageSize)) : 1;
  return (
    <div className="space-y-6">
      <Panel label="Wallet">
        <dl className="grid gap-4 p-5 sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-ink-muted">Available balance</dt>
            <dd className="mt-1 text-xl font-semibold text-ink" data-testid="wallet-balance">
              {w ? <Money amount={w.availableBalance} currency={w.currency} /> : '…'}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-ink-muted">Awaiting approval</dt>
            <dd className="mt-1 text-ink">{w ? <Money amount={w.pendingOutgoing} currency={w.currency} /> : '…'}</dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-ink-muted">Status</dt>
            <dd className="mt-1">{w ? <StatusBadge status={w.status} /> : '…'}</dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-ink-muted">Customer</dt>
            <dd className="mt-1 break-all font-mono text-xs text-ink">{w?.customerId ?? '…'}</dd>
          </div>
        </dl>
      </Panel>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm font-medium text-ink">
          From
          <input type="date" className="rounded-md border border-slate-300 px-3 py-2 text-sm" value={from} onChange={(e) => (setFrom(e.target.value), setPage(1))} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-ink">
          To (exclusive)
          <input type="date" className="rounded-md border border-slate-300 px-3 py-2 text-sm" value={to} onChange={(e) => (setTo(e.target.value), setPage(1))} />
        </label>
        {statement.data ? (
          <p className="text-sm text-ink-muted">
            Opening <Money amount={statement.data.openingBalance} currency={w?.currency ?? ''} /> · closing{' '}
            <Money amount={statement.data.closingBalance} currency={w?.currency ?? ''} />
          </p>
        ) : null}
      </div>
      {statement.isError ? <Notice tone="error">{describeError(statement.error)}</Notice> : null}
      <Panel label="Statement">
        <div className="overflow-x-auto">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <TableHead columns={['Posted', 'Description', 'Kind', { label: 'Amount', right: true }]} />
            <tbody className="divide-y divide-slate-100">
              {statement.data?.items.map((line) => (
                <tr key={`${line.entryId}-${line.direction}`} data-testid="statement-row">
                  <td className="whitespace-nowrap px-4 py-3 text-ink-muted">{when(line.postedAt)}</td>
                  <td className="px-4 py-3 text-ink">{line.description}</td>
                  <td className="whitespace-nowrap px-4 py-3 text-xs text-ink-muted">{line.kind.replaceAll('_', ' ').toLowerCase()}</td>
                  <td className={`px-4 py-3 text-right ${line.direction === 'CREDIT' ? 'text-emerald-700' : 'text-ink'}`}>
                    <Money amount={line.amount} currency={line.currency} sign={line.direction === 'CREDIT' ? '+' : '-'} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {statement.data && statement.data.items.length === 0 ? <p className="px-4 py-6 text-sm text-ink-muted">No entries in this period.</p> : null}
      </Panel>
      <Pager page={page} pages={pages} onPage={setPage} />
    </div>
  );
}
