'use client';

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { useCurrentUser } from '@/components/shell/user-context';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/input';
import { QueryError } from '@/components/ui/page-header';
import { DataTable, type Column } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import { CustomerSelect } from '@/components/wallets/pickers';
import { AML_ALERT_KINDS, AML_ALERT_STATUSES, AML_ALERT_STATUS_LABELS, type AmlAlert } from '@/lib/contract/aml';
import { apiFetch, errorMessage, toQuery } from '@/lib/ui/fetcher';
import { AlertStatusBadge, ageText, kindLabel, score, when } from './aml-ui';

const PAGE_SIZE = 20;
const TERMINAL = ['FALSE_POSITIVE', 'CLEARED', 'RELEASED', 'REFUSED', 'CLOSED'];
const STATUS_OPTIONS = [{ value: 'ACTIVE', label: 'Needs an officer' }, ...AML_ALERT_STATUSES.map((s) => ({ value: s, label: AML_ALERT_STATUS_LABELS[s] }))];
const ASSIGNEES = [
  { value: 'me', label: 'Assigned to me' },
  { value: 'none', label: 'Unassigned' },
];
const KINDS = AML_ALERT_KINDS.map((k) => ({ value: k, label: kindLabel(k) }));

/** What an alert is about, in a line: the list entry's name for a screening hit, the rules for a transaction. */
export function alertSummary(a: AmlAlert): string {
  if (a.kind === 'SCREENING') return `${a.subjectName} ↔ ${a.matchedName ?? '?'}${a.listName ? ` (${a.listName})` : ''}`;
  return a.firings.map((f) => f.ruleName).join(', ') + (a.holdsTransfer ? ' · transfer held' : '');
}

/** The assignee in words, "(you)" for the viewer. */
export const assigneeText = (a: Pick<AmlAlert, 'assigneeUserId' | 'assigneeName'>, userId: string) =>
  a.assigneeUserId ? `${a.assigneeName}${a.assigneeUserId === userId ? ' (you)' : ''}` : 'Unassigned';

/**
 * The AML alert queue: screening hits and transaction monitoring in one table; by default the
 * alerts that still need an officer, oldest concerns first by age; filters, sort, paging, claim,
 * and the CSV of exactly the filtered queue.
 */
export function AlertQueue({ initialCustomerId = '' }: { initialCustomerId?: string }) {
  const me = useCurrentUser();
  const toast = useToast();
  const client = useQueryClient();
  const [kind, setKind] = useState('');
  const [status, setStatus] = useState('ACTIVE');
  const [assignee, setAssignee] = useState('');
  const [customerId, setCustomerId] = useState(initialCustomerId);
  const [olderThan, setOlderThan] = useState('');
  const [sort, setSort] = useState('-createdAt');
  const [page, setPage] = useState(1);
  const olderThanHours = /^\d+$/.test(olderThan) ? olderThan : '';
  const filters = { kind, status, assignee, customerId, olderThanHours, sort };
  const query = toQuery({ ...filters, page, pageSize: PAGE_SIZE });
  const alerts = useQuery({
    queryKey: ['aml-alerts', query],
    queryFn: () => apiFetch<{ items: AmlAlert[]; total: number }>(`/api/v2.1/aml/alerts${query}`),
    placeholderData: keepPreviousData,
  });
  const claim = useMutation({
    mutationFn: (a: AmlAlert) => apiFetch(`/api/v2.1/aml/alerts/${a.id}/assign`, { method: 'POST', json: { assigneeUserId: me.userId } }),
    onSuccess: async (_r, a) => {
      toast('success', `Alert on ${a.customerName} claimed: it is yours now`);
      await client.invalidateQueries({ queryKey: ['aml-alerts'] });
    },
    onError: (e) => toast('error', errorMessage(e)),
  });
  const reset = () => setPage(1);
  const columns: Column<AmlAlert>[] = [
    {
      key: 'alert',
      header: 'Alert',
      cell: (a) => (
        <span className="min-w-0">
          <Link href={`/aml/alerts/${a.id}`} className="font-medium text-brand-700 hover:underline" data-testid="alert-link">
            {kindLabel(a.kind)}
          </Link>
          <span className="block max-w-xs text-xs text-ink-muted [overflow-wrap:anywhere]">{alertSummary(a)}</span>
        </span>
      ),
    },
    {
      key: 'customer',
      header: 'Customer',
      cell: (a) => (
        <Link href={`/customers/${a.customerId}`} className="text-brand-700 hover:underline">
          {a.customerName}
        </Link>
      ),
    },
    { key: 'score', header: 'Score', sortKey: 'score', className: 'tabular-nums', cell: (a) => score(a.score) },
    { key: 'status', header: 'Status', cell: (a) => <AlertStatusBadge status={a.status} /> },
    { key: 'assignee', header: 'Assignee', cell: (a) => assigneeText(a, me.userId) },
    {
      key: 'age',
      header: 'Raised (age)',
      sortKey: 'createdAt',
      className: 'whitespace-nowrap',
      cell: (a) => (
        <span data-testid="alert-age" title={when(a.createdAt)}>
          {ageText(a.ageHours)} ago
        </span>
      ),
    },
    {
      key: 'actions',
      header: '',
      cell: (a) =>
        me.can('aml:decide') && !a.assigneeUserId && !TERMINAL.includes(a.status) ? (
          <Button variant="secondary" className="px-3 py-1" disabled={claim.isPending} onClick={() => claim.mutate(a)} aria-label={`Claim the alert on ${a.customerName}`}>
            Claim
          </Button>
        ) : null,
    },
  ];
  const exportQuery = toQuery(filters);
  return (
    <div className="space-y-4">
      <form role="search" aria-label="Filter the alerts" className="grid gap-3 rounded-xl bg-white p-4 shadow-card sm:grid-cols-2 lg:grid-cols-3" onSubmit={(e) => e.preventDefault()}>
        <SelectField label="Status" value={status} onChange={(e) => (setStatus(e.target.value), reset())} options={STATUS_OPTIONS} placeholder="Any status" />
        <SelectField label="Kind" value={kind} onChange={(e) => (setKind(e.target.value), reset())} options={KINDS} placeholder="Screening and transactions" />
        <SelectField label="Assignee" value={assignee} onChange={(e) => (setAssignee(e.target.value), reset())} options={ASSIGNEES} placeholder="Anyone" />
        <CustomerSelect label="Customer" value={customerId} onChange={(e) => (setCustomerId(e.target.value), reset())} placeholder="Any customer" />
        <Field
          label="Older than (hours)"
          type="number"
          inputMode="numeric"
          min={0}
          max={8760}
          value={olderThan}
          hint="Only alerts raised at least this long ago: the ones past your SLA."
          onChange={(e) => (setOlderThan(e.target.value), reset())}
        />
        <div className="flex items-end">
          <a
            href={`/api/v2.1/aml/alerts/export${exportQuery}`}
            download="aml-alerts.csv"
            className="rounded-md px-4 py-2 text-sm font-semibold text-ink ring-1 ring-inset ring-slate-300 hover:bg-slate-50"
          >
            Download CSV
          </a>
        </div>
      </form>
      <QueryError error={alerts.error} />
      <DataTable
        caption="AML alerts"
        columns={columns}
        rows={alerts.data?.items ?? []}
        rowKey={(a) => a.id}
        rowTestId="alert-row"
        sort={sort}
        onSort={(s) => (setSort(s), reset())}
        page={page}
        pageSize={PAGE_SIZE}
        total={alerts.data?.total ?? 0}
        onPage={setPage}
        loading={alerts.isPending}
        empty={status === 'ACTIVE' ? 'No alert needs an officer. Choose “Any status” to see decided ones.' : 'No alert matches these filters.'}
      />
    </div>
  );
}
