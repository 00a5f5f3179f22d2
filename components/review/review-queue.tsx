'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { QueryError } from '@/components/ui/page-header';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/input';
import { DataTable, type Column } from '@/components/ui/table';
import { VERIFICATION_STATUSES } from '@/lib/contract/enums';
import { REVIEW_SLA_HOURS, VERIFICATION_STATUS_LABELS, type VerificationQueueItem } from '@/lib/contract/review';
import { RiskBadge, slaText } from './review-case';
import { apiFetch, toQuery } from '@/lib/ui/fetcher';

/** One case of the queue: the contract's schema of what GET /verifications answers (with how often it came back from a revision). */
export type QueueItem = VerificationQueueItem;

const ASSIGNEES = [
  { value: 'mine_and_unassigned', label: 'Mine and unassigned' },
  { value: 'me', label: 'Assigned to me' },
  { value: 'unassigned', label: 'Unassigned' },
  { value: 'any', label: 'Anyone' },
];
const TYPES = [
  { value: 'INDIVIDUAL', label: 'Individuals' },
  { value: 'ORGANIZATION', label: 'Organizations' },
];
const RISKS = [
  { value: 'LOW', label: 'Low risk' },
  { value: 'MEDIUM', label: 'Medium risk' },
  { value: 'HIGH', label: 'High risk' },
];
const AGES = [
  { value: '24', label: 'Waiting over 24 h' },
  { value: String(REVIEW_SLA_HOURS), label: `Overdue (over ${REVIEW_SLA_HOURS} h)` },
];
const STATUS_OPTIONS = VERIFICATION_STATUSES.map((s) => ({ value: s, label: VERIFICATION_STATUS_LABELS[s] }));
const PAGE_SIZE = 20;

function age(hours: number): string {
  if (hours < 1) return 'under 1 h';
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}

/** The review queue: "mine + unassigned" by default, status filter, search, age, sort, paging. */
export function ReviewQueue({ userId }: { userId: string }) {
  const [assignee, setAssignee] = useState('mine_and_unassigned');
  const [status, setStatus] = useState('');
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [customerType, setCustomerType] = useState('');
  const [riskLevel, setRiskLevel] = useState('');
  const [olderThanHours, setOlderThanHours] = useState('');
  const [sort, setSort] = useState('submittedAt');
  const [page, setPage] = useState(1);
  const query = toQuery({ assignee, status, customerType, riskLevel, olderThanHours, q, sort, pageNo: page, pageSize: PAGE_SIZE });
  const queue = useQuery({
    queryKey: ['verifications', query],
    queryFn: () => apiFetch<{ items: QueueItem[]; total: number }>(`/api/v2.1/verifications${query}`),
    placeholderData: keepPreviousData,
  });
  const columns: Column<QueueItem>[] = [
    {
      key: 'customer',
      header: 'Customer',
      cell: (i) => (
        <Link href={`/verifications/${i.id}`} className="font-medium text-brand-700 hover:underline">
          {i.customerName}
        </Link>
      ),
    },
    { key: 'type', header: 'Type', cell: (i) => (i.customerType === 'INDIVIDUAL' ? 'Individual' : 'Organization') },
    {
      key: 'status',
      header: 'Status',
      sortKey: 'status',
      cell: (i) => (
        <span className="flex flex-col items-start gap-1">
          <Badge status={i.status}>{VERIFICATION_STATUS_LABELS[i.status as keyof typeof VERIFICATION_STATUS_LABELS]}</Badge>
          {i.firstApprovedBy && i.status !== 'APPROVED' ? <span className="text-xs text-ink-muted">1 of 2 approvals</span> : null}
          {i.resubmissions > 0 && (i.status === 'PENDING_REVIEW' || i.status === 'IN_REVIEW') ? (
            <span data-testid="resubmitted">
              <Badge tone="info">{i.resubmissions === 1 ? 'Resubmitted after revision' : `Resubmitted (${i.resubmissions}×)`}</Badge>
            </span>
          ) : null}
        </span>
      ),
    },
    {
      key: 'risk',
      header: 'Risk',
      cell: (i) => (
        <span>
          <RiskBadge level={i.riskLevel} />
          {i.riskReasons.length ? <span className="block max-w-xs text-xs text-ink-muted">{i.riskReasons.map((r) => r.reason).join('; ')}</span> : null}
        </span>
      ),
    },
    { key: 'assignee', header: 'Assignee', cell: (i) => (i.assigneeUserId === userId ? `${i.assigneeName} (you)` : (i.assigneeName ?? 'Unassigned')) },
    { key: 'age', header: 'Waiting', sortKey: 'submittedAt', cell: (i) => age(i.ageHours) },
    {
      key: 'sla',
      header: 'SLA',
      cell: (i) =>
        i.status !== 'PENDING_REVIEW' && i.status !== 'IN_REVIEW' ? (
          '—'
        ) : i.overdue ? (
          <Badge tone="bad">{slaText(i.slaDueAt).text.replace('SLA: ', '')}</Badge>
        ) : (
          slaText(i.slaDueAt).text.replace('SLA: ', '')
        ),
    },
  ];
  const reset = () => setPage(1);
  return (
    <div className="space-y-4">
      <form
        role="search"
        aria-label="Filter the queue"
        className="grid gap-3 rounded-xl bg-white p-4 shadow-card sm:grid-cols-2 lg:grid-cols-4"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(search.trim());
          reset();
        }}
      >
        <SelectField label="Cases" value={assignee} onChange={(e) => (setAssignee(e.target.value), reset())} options={ASSIGNEES} />
        <SelectField label="Status" value={status} onChange={(e) => (setStatus(e.target.value), reset())} options={STATUS_OPTIONS} placeholder="Any status" />
        <SelectField label="Customer type" value={customerType} onChange={(e) => (setCustomerType(e.target.value), reset())} options={TYPES} placeholder="Any type" />
        <SelectField label="Risk" value={riskLevel} onChange={(e) => (setRiskLevel(e.target.value), reset())} options={RISKS} placeholder="Any risk" />
        <SelectField label="Age" value={olderThanHours} onChange={(e) => (setOlderThanHours(e.target.value), reset())} options={AGES} placeholder="Any age" />
        <Field label="Search" type="search" placeholder="Name, email, registration no." value={search} onChange={(e) => setSearch(e.target.value)} />
        <div className="flex items-end">
          <button type="submit" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
            Search
          </button>
        </div>
      </form>
      <QueryError error={queue.error} />
      <DataTable
        caption="Verification cases"
        columns={columns}
        rows={queue.data?.items ?? []}
        rowKey={(i) => i.id}
        sort={sort}
        onSort={(s) => (setSort(s), reset())}
        page={page}
        pageSize={PAGE_SIZE}
        total={queue.data?.total ?? 0}
        onPage={setPage}
        loading={queue.isPending}
        empty="No case matches. Try “Anyone” or another status."
      />
    </div>
  );
}
