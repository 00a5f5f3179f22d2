'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { TRANSFER_STATUSES, type Transfer } from '@/lib/contract/wallets';
import { apiFetch, describeError } from './fetcher';
import { Money, Notice, Pager, Panel, shortId, StatusBadge, TableHead, when } from './ui';

interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

/** The tenant's transfers, newest first, filtered by status; wallets link to their page. */
export function TransfersTable() {
  const [status, setStatus] = useState<string>('');
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['transfers', status, page],
    queryFn: () => apiFetch<Page<Transfer>>(`/api/v2.1/transfers?pageSize=20&page=${page}${status ? `&status=${status}` : ''}`),
  });
  const pages = query.data ? Math.max(1, Math.ceil(query.data.total / query.data.pageSize)) : 1;
  return (
    <div className="space-y-4">
      <label className="flex max-w-xs flex-col gap-1 text-sm font-medium text-ink">
        Status
        <select
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            setPage(1);
          }}
        >
          <option value="">All statuses</option>
          {TRANSFER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s.replaceAll('_', ' ').toLowerCase()}
            </option>
          ))}
        </select>
      </label>
      {query.isError ? <Notice tone="error">{describeError(query.error)}</Notice> : null}
      <Panel label="Transfers">
        <div className="overflow-x-auto">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <TableHead columns={['Created', 'Beneficiary', { label: 'Amount', right: true }, 'Status', 'Wallet', 'Reference']} />
            <tbody className="divide-y divide-slate-100">
              {query.data?.items.map((t) => (
                <tr key={t.id} data-testid="transfer-row">
                  <td className="whitespace-nowrap px-4 py-3 text-ink-muted">{when(t.createdAt)}</td>
                  <td className="px-4 py-3">
                    <span className="block font-medium text-ink">{t.beneficiary.name}</span>
                    <span className="block font-mono text-xs text-ink-muted">{t.beneficiary.iban}</span>
                  </td>
                  <td className="px-4 py-3 text-right">
                    <Money amount={t.amount} currency={t.currency} />
                  </td>
                  <td className="px-4 py-3">
                    <StatusBadge status={t.status} />
                  </td>
                  <td className="px-4 py-3">
                    <Link className="font-mono text-brand-700 underline-offset-2 hover:underline" href={`/wallets/${t.walletId}`}>
                      {shortId(t.walletId)}
                    </Link>
                  </td>
                  <td className="max-w-[16rem] truncate px-4 py-3 text-ink-muted">{t.reference}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {query.isPending ? <p className="px-4 py-6 text-sm text-ink-muted">Loading transfers…</p> : null}
        {query.data && query.data.items.length === 0 ? <p className="px-4 py-6 text-sm text-ink-muted">No transfers.</p> : null}
      </Panel>
      <Pager page={page} pages={pages} onPage={setPage} />
    </div>
  );
}
