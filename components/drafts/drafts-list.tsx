'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SelectField } from '@/components/ui/input';
import { LoadError } from '@/components/ui/query-state';
import { DataTable, type Column } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import { when } from '@/components/wallets/money';
import { DRAFT_TTL_DAYS, type DraftCustomerType, type DraftSummary } from '@/lib/contract/drafts';
import { apiFetch, errorMessage, toQuery } from '@/lib/ui/fetcher';

const PAGE_SIZE = 20;
const TYPE_LABELS: Record<DraftCustomerType, string> = { INDIVIDUAL: 'Individual', ORGANIZATION: 'Organization' };
const WIZARD: Record<DraftCustomerType, string> = { INDIVIDUAL: '/customers/new/individual', ORGANIZATION: '/customers/new/organization' };
const nameOf = (d: DraftSummary) => d.label ?? `Unnamed ${TYPE_LABELS[d.customerType].toLowerCase()}`;

/**
 * The tenant's registration drafts (docs/drafts.md): who started each (a colleague, or the customer's
 * own sign-up), the customer type, when it was last saved and when it expires; resume opens the
 * wizard at the saved step on this device; discard asks first.
 */
export function DraftsList({ tenantId }: { tenantId: string }) {
  const client = useQueryClient();
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [type, setType] = useState<DraftCustomerType | ''>('');
  const [discarding, setDiscarding] = useState<DraftSummary | null>(null);
  const headers = { 'X-Tenant-ID': tenantId };
  const drafts = useQuery({
    queryKey: ['drafts', page, type],
    // colleagues and customers change drafts from elsewhere: the list is read afresh whenever it is opened
    staleTime: 0,
    queryFn: () => apiFetch<{ items: DraftSummary[]; total: number }>(`/api/v2.1/drafts${toQuery({ pageNo: page, pageSize: PAGE_SIZE, customerType: type || undefined })}`, { headers }),
  });
  const discard = useMutation({
    mutationFn: (d: DraftSummary) => apiFetch(`/api/v2.1/drafts/${d.id}`, { method: 'DELETE', headers }),
    onSuccess: async (_, d) => {
      setDiscarding(null);
      toast('success', `Draft of ${nameOf(d)} discarded`);
      await client.invalidateQueries({ queryKey: ['drafts'] });
    },
  });
  const columns: Column<DraftSummary>[] = [
    { key: 'customer', header: 'Customer', cell: (d) => <span className="font-medium">{nameOf(d)}</span> },
    { key: 'type', header: 'Customer type', cell: (d) => TYPE_LABELS[d.customerType] },
    { key: 'startedBy', header: 'Started by', cell: (d) => (d.startedBy ? d.startedBy.name : 'The customer (self sign-up)') },
    { key: 'step', header: 'Saved at', cell: (d) => `Step ${d.step + 1}` },
    { key: 'updated', header: 'Last saved', cell: (d) => when(d.updatedAt) },
    { key: 'expires', header: 'Expires', cell: (d) => when(d.expiresAt) },
    {
      key: 'actions',
      header: 'Actions',
      cell: (d) => (
        <div className="flex flex-wrap gap-2">
          <Link
            href={`${WIZARD[d.customerType]}?draft=${d.id}`}
            aria-label={`Resume the draft of ${nameOf(d)}`}
            className="inline-flex items-center rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700"
          >
            Resume
          </Link>
          <Button type="button" variant="secondary" className="px-3 py-1.5" aria-label={`Discard the draft of ${nameOf(d)}`} onClick={() => setDiscarding(d)}>
            Discard
          </Button>
        </div>
      ),
    },
  ];
  return (
    <div className="space-y-4">
      <div className="max-w-xs">
        <SelectField
          label="Customer type"
          value={type}
          placeholder="All types"
          options={Object.entries(TYPE_LABELS).map(([value, label]) => ({ value, label }))}
          onChange={(e) => {
            setType(e.target.value as DraftCustomerType | '');
            setPage(1);
          }}
        />
      </div>
      <LoadError query={drafts} />
      <DataTable
        caption="Registration drafts"
        columns={columns}
        rows={drafts.data?.items ?? []}
        rowKey={(d) => d.id}
        page={page}
        pageSize={PAGE_SIZE}
        total={drafts.data?.total ?? 0}
        onPage={setPage}
        loading={drafts.isPending}
        rowTestId="draft-row"
        empty={`No drafts. A registration started in a wizard is saved here as it is typed, for ${DRAFT_TTL_DAYS} days after its last save.`}
      />
      <ConfirmDialog
        open={discarding !== null}
        title="Discard this draft?"
        confirmLabel="Discard draft"
        pending={discard.isPending}
        error={discard.error ? errorMessage(discard.error) : null}
        onConfirm={() => discarding && discard.mutate(discarding)}
        onClose={() => {
          setDiscarding(null);
          discard.reset();
        }}
      >
        <p>
          The registration draft of <strong>{discarding ? nameOf(discarding) : ''}</strong> is deleted for good; whoever works on it loses what was typed. This cannot be undone.
        </p>
      </ConfirmDialog>
    </div>
  );
}
