'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { SelectField } from '@/components/ui/input';
import { QueryError } from '@/components/ui/page-header';
import { DataTable, type Column } from '@/components/ui/table';
import { Money, shortId, TRANSFER_STATUS_OPTIONS, TRANSFER_TYPE_LABELS, TransferStatusBadge, when } from '@/components/wallets/money';
import { TRANSFER_TYPES, type Transfer } from '@/lib/contract/wallets';
import { apiFetch, toQuery } from '@/lib/ui/fetcher';

const PAGE_SIZE = 20;

/** The tenant's transfers, newest first, filtered by status and type; each opens its own page. */
export function TransfersTable() {
  const [status, setStatus] = useState('');
  const [type, setType] = useState('');
  const [page, setPage] = useState(1);
  const q = toQuery({ status, type, page, pageSize: PAGE_SIZE });
  const query = useQuery({ queryKey: ['transfers', q], queryFn: () => apiFetch<{ items: Transfer[]; total: number }>(`/api/v2.1/transfers${q}`), placeholderData: keepPreviousData });
  const columns: Column<Transfer>[] = [
    {
      key: 'created',
      header: 'Created',
      className: 'md:whitespace-nowrap',
      cell: (t) => (
        <Link className="text-brand-700 hover:underline" href={`/transfers/${t.id}`} data-testid="transfer-link">
          {when(t.createdAt)}
        </Link>
      ),
    },
    { key: 'type', header: 'Type', cell: (t) => TRANSFER_TYPE_LABELS[t.type] },
    {
      key: 'from',
      header: 'From wallet',
      cell: (t) => (
        <Link className="font-mono text-brand-700 hover:underline" href={`/wallets/${t.walletId}`}>
          {shortId(t.walletId)}
        </Link>
      ),
    },
    {
      key: 'to',
      header: 'To',
      cell: (t) =>
        t.destinationWallet ? (
          <Link className="text-brand-700 hover:underline" href={`/wallets/${t.destinationWallet.id}`}>
            {t.destinationWallet.name} <span className="font-mono text-xs">({shortId(t.destinationWallet.id)})</span>
          </Link>
        ) : (
          <span>
            <span className="block font-medium">{t.beneficiary?.name}</span>
            <span className="block break-all font-mono text-xs text-ink-muted">{t.beneficiary?.iban}</span>
          </span>
        ),
    },
    { key: 'amount', header: 'Amount', className: 'text-right', cell: (t) => <Money amount={t.amount} currency={t.currency} /> },
    { key: 'status', header: 'Status', cell: (t) => <TransferStatusBadge status={t.status} /> },
    { key: 'by', header: 'Requested by', cell: (t) => t.initiatedByName },
  ];
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-3">
        <SelectField label="Status" placeholder="All statuses" options={TRANSFER_STATUS_OPTIONS} value={status} onChange={(e) => (setStatus(e.target.value), setPage(1))} />
        <SelectField
          label="Type"
          placeholder="All types"
          options={TRANSFER_TYPES.map((t) => ({ value: t, label: TRANSFER_TYPE_LABELS[t]! }))}
          value={type}
          onChange={(e) => (setType(e.target.value), setPage(1))}
        />
      </div>
      <QueryError error={query.error} />
      <DataTable
        caption="Transfers"
        columns={columns}
        rows={query.data?.items ?? []}
        rowKey={(t) => t.id}
        page={page}
        pageSize={PAGE_SIZE}
        total={query.data?.total}
        onPage={setPage}
        loading={query.isPending}
        empty="No transfers."
      />
    </div>
  );
}
