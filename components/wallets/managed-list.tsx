'use client';

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useCurrentUser } from '@/components/shell/user-context';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/input';
import { QueryError } from '@/components/ui/page-header';
import { DataTable, type Column } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import { apiFetch, errorMessage, toQuery } from '@/lib/ui/fetcher';
import { CustomerSelect } from './pickers';

const PAGE_SIZE = 20;

/**
 * The shape the beneficiaries and payment-consents screens share: a list of one resource filtered
 * by customer and status, a "create" dialog, and one action on a row (deactivate, revoke) that runs
 * only after a confirmation (wallet:manage). Each screen gives its columns, its form and its words.
 */
export function ManagedList<T extends { id: string }>({
  resource,
  caption,
  statuses,
  defaultStatus,
  columns,
  empty,
  create,
  action,
}: {
  resource: 'beneficiaries' | 'payment-consents';
  caption: string;
  statuses: readonly string[];
  defaultStatus: string;
  /** the columns; `act(item)` opens the confirmation of the row's action */
  columns: (act: (item: T) => void, admin: boolean) => Column<T>[];
  empty: string;
  create: { label: string; title: string; form: (onDone: () => void, customerId: string | undefined) => ReactNode };
  action: { verb: 'deactivate' | 'revoke'; confirmTitle: (item: T | null) => string; confirmLabel: string; explain: (item: T | null) => ReactNode; done: (item: T) => string };
}) {
  const admin = useCurrentUser().can('wallet:manage');
  const client = useQueryClient();
  const toast = useToast();
  const [customerId, setCustomerId] = useState('');
  const [status, setStatus] = useState(defaultStatus);
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [target, setTarget] = useState<T | null>(null);
  const q = toQuery({ customerId, status, page, pageSize: PAGE_SIZE });
  const list = useQuery({ queryKey: [resource, q], queryFn: () => apiFetch<{ items: T[]; total: number }>(`/api/v2.1/${resource}${q}`), placeholderData: keepPreviousData });
  const run = useMutation({
    mutationFn: (item: T) => apiFetch<T>(`/api/v2.1/${resource}/${item.id}/${action.verb}`, { method: 'POST' }),
    onSuccess: async (item) => {
      toast('success', action.done(item));
      setTarget(null);
      await client.invalidateQueries({ queryKey: [resource] });
    },
    onError: (err) => toast('error', errorMessage(err)),
  });
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <CustomerSelect label="Customer" placeholder="All customers" className="min-w-[14rem] flex-1" value={customerId} onChange={(e) => (setCustomerId(e.target.value), setPage(1))} />
        <SelectField label="Status" placeholder="All statuses" options={statuses} value={status} onChange={(e) => (setStatus(e.target.value), setPage(1))} />
        {admin ? <Button onClick={() => setCreating(true)}>{create.label}</Button> : null}
      </div>
      <QueryError error={list.error} />
      <DataTable
        caption={caption}
        columns={columns(setTarget, admin)}
        rows={list.data?.items ?? []}
        rowKey={(r) => r.id}
        page={page}
        pageSize={PAGE_SIZE}
        total={list.data?.total}
        onPage={setPage}
        loading={list.isPending}
        empty={empty}
      />
      <Dialog open={creating} onClose={() => setCreating(false)} title={create.title}>
        {creating ? create.form(() => setCreating(false), customerId || undefined) : null}
      </Dialog>
      <ConfirmDialog
        open={target !== null}
        title={action.confirmTitle(target)}
        confirmLabel={action.confirmLabel}
        pending={run.isPending}
        onClose={() => setTarget(null)}
        onConfirm={() => target && run.mutate(target)}
      >
        {action.explain(target)}
      </ConfirmDialog>
    </div>
  );
}
