'use client';

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentUser } from '@/components/shell/user-context';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/input';
import { FormAlert, QueryError } from '@/components/ui/page-header';
import { DataTable, type Column } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import { BENEFICIARY_STATUSES, createBeneficiaryBodySchema, isValidIban, normalizeIban, type Beneficiary } from '@/lib/contract/wallets';
import { apiFetch, errorMessage, toQuery } from '@/lib/ui/fetcher';
import { useContractForm } from '@/lib/ui/use-contract-form';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CustomerSelect, useCustomers } from './pickers';

const PAGE_SIZE = 20;
const optional = { setValueAs: (v: unknown) => (v === '' ? undefined : v) };

function CreateBeneficiaryForm({ onDone, customerId }: { onDone: () => void; customerId?: string }) {
  const client = useQueryClient();
  const toast = useToast();
  const [key] = useState(() => crypto.randomUUID());
  const { form, alert, submit, errors: e, pending } = useContractForm(createBeneficiaryBodySchema, { customerId, name: '', iban: '', country: 'DE' }, async (values) => {
    const b = await apiFetch<Beneficiary>('/api/v2.1/beneficiaries', { method: 'POST', json: values, headers: { 'Idempotency-Key': key } });
    await client.invalidateQueries({ queryKey: ['beneficiaries'] });
    toast('success', `Beneficiary ${b.name} saved`);
    onDone();
  });
  const iban = form.watch('iban') ?? '';
  const typed = normalizeIban(iban).length >= 15;
  return (
    <form method="post" onSubmit={submit} noValidate className="space-y-3">
      <FormAlert messages={alert} />
      <CustomerSelect label="Customer" error={e.customerId?.message} {...form.register('customerId', optional)} />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Account holder" error={e.name?.message} {...form.register('name')} />
        <Field
          label="IBAN"
          autoComplete="off"
          hint={typed && isValidIban(iban) ? 'The IBAN checksum is valid.' : 'Spaces are fine; the check digits are verified.'}
          error={e.iban?.message ?? (typed && !isValidIban(iban) ? 'must be a valid IBAN (country code, check digits, mod-97 checksum)' : undefined)}
          {...form.register('iban')}
        />
        <Field label="BIC (optional)" autoComplete="off" error={e.bic?.message} {...form.register('bic', optional)} />
        <Field label="Country (2 letters)" maxLength={2} error={e.country?.message} {...form.register('country', { setValueAs: (v: unknown) => String(v ?? '').toUpperCase() })} />
      </div>
      <DialogActions onCancel={onDone} pending={pending} label="Save beneficiary" pendingLabel="Saving…" />
    </form>
  );
}

/** Saved beneficiaries (payees of payouts): filter by customer and status, create, deactivate. */
export function BeneficiaryList() {
  const me = useCurrentUser();
  const admin = me.has('ADMIN_USER');
  const client = useQueryClient();
  const toast = useToast();
  const customers = useCustomers();
  const [customerId, setCustomerId] = useState('');
  const [status, setStatus] = useState('ACTIVE');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [deactivating, setDeactivating] = useState<Beneficiary | null>(null);
  const q = toQuery({ customerId, status, page, pageSize: PAGE_SIZE });
  const list = useQuery({ queryKey: ['beneficiaries', q], queryFn: () => apiFetch<{ items: Beneficiary[]; total: number }>(`/api/v2.1/beneficiaries${q}`), placeholderData: keepPreviousData });
  const deactivate = useMutation({
    mutationFn: (b: Beneficiary) => apiFetch<Beneficiary>(`/api/v2.1/beneficiaries/${b.id}/deactivate`, { method: 'POST' }),
    onSuccess: async (b) => {
      toast('success', `${b.name} deactivated`);
      setDeactivating(null);
      await client.invalidateQueries({ queryKey: ['beneficiaries'] });
    },
    onError: (err) => toast('error', errorMessage(err)),
  });
  const nameOf = new Map((customers.data?.items ?? []).map((c) => [c.id, c.displayName]));
  const columns: Column<Beneficiary>[] = [
    { key: 'name', header: 'Account holder', cell: (b) => <span className="font-medium">{b.name}</span> },
    { key: 'iban', header: 'IBAN', cell: (b) => <span className="break-all font-mono text-xs">{b.iban}</span> },
    { key: 'bic', header: 'BIC', cell: (b) => b.bic ?? '—' },
    { key: 'customer', header: 'Customer', cell: (b) => nameOf.get(b.customerId) ?? b.customerId.slice(0, 8) },
    { key: 'status', header: 'Status', cell: (b) => <Badge status={b.status} /> },
    {
      key: 'actions',
      header: 'Actions',
      cell: (b) =>
        admin && b.status === 'ACTIVE' ? (
          <Button variant="secondary" onClick={() => setDeactivating(b)} aria-label={`Deactivate ${b.name}`}>
            Deactivate
          </Button>
        ) : null,
    },
  ];
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <CustomerSelect label="Customer" placeholder="All customers" className="min-w-[14rem] flex-1" value={customerId} onChange={(e) => (setCustomerId(e.target.value), setPage(1))} />
        <SelectField label="Status" placeholder="All statuses" options={BENEFICIARY_STATUSES} value={status} onChange={(e) => (setStatus(e.target.value), setPage(1))} />
        {admin ? <Button onClick={() => setCreating(true)}>New beneficiary</Button> : null}
      </div>
      <QueryError error={list.error} />
      <DataTable caption="Beneficiaries" columns={columns} rows={list.data?.items ?? []} rowKey={(b) => b.id} page={page} pageSize={PAGE_SIZE} total={list.data?.total} onPage={setPage} loading={list.isPending} empty="No beneficiaries match these filters." />
      <Dialog open={creating} onClose={() => setCreating(false)} title="New beneficiary">
        {creating ? <CreateBeneficiaryForm onDone={() => setCreating(false)} customerId={customerId || undefined} /> : null}
      </Dialog>
      <ConfirmDialog
        open={deactivating !== null}
        title={`Deactivate ${deactivating?.name ?? ''}?`}
        confirmLabel="Deactivate"
        pending={deactivate.isPending}
        onClose={() => setDeactivating(null)}
        onConfirm={() => deactivating && deactivate.mutate(deactivating)}
      >
        No more payouts can go to {deactivating?.iban}. To pay it again, save the beneficiary anew.
      </ConfirmDialog>
    </div>
  );
}
