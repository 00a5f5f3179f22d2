'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentUser } from '@/components/shell/user-context';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/input';
import { FormAlert, QueryError } from '@/components/ui/page-header';
import { DataTable, type Column } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import { CURRENCIES } from '@/lib/contract/money';
import { setTransactionLimitBodySchema, TRANSACTION_LIMIT_TYPES, type TransactionLimit } from '@/lib/contract/wallets';
import { apiFetch, errorMessage, toQuery } from '@/lib/ui/fetcher';
import { useContractForm } from '@/lib/ui/use-contract-form';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatMoney, LIMIT_TYPE_LABELS, Money, when } from './money';
import { CustomerSelect, useCustomers, useWallets, walletLabel } from './pickers';

const optional = { setValueAs: (v: unknown) => (v === '' ? undefined : v) };

function SetLimitForm({ onDone, customerId }: { onDone: () => void; customerId?: string }) {
  const client = useQueryClient();
  const toast = useToast();
  const [scope, setScope] = useState<'customer' | 'wallet'>('customer');
  const {
    form,
    alert,
    submit,
    errors: e,
    pending,
  } = useContractForm(setTransactionLimitBodySchema, { customerId, limitType: 'DAILY', limit: '', currency: 'EUR' }, async (values) => {
    const l = await apiFetch<TransactionLimit>('/api/v2.1/transaction-limits', { method: 'PUT', json: values });
    await client.invalidateQueries({ queryKey: ['limits'] });
    toast('success', `${LIMIT_TYPE_LABELS[l.limitType]} limit of ${formatMoney(l.limit, l.currency)} set`);
    onDone();
  });
  const chosenCustomer = form.watch('customerId');
  const wallets = useWallets(chosenCustomer ? { customerId: chosenCustomer } : {});
  return (
    <form method="post" onSubmit={submit} noValidate className="space-y-3">
      <FormAlert messages={alert} />
      <fieldset>
        <legend className="text-sm font-medium text-ink">Applies to</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {(['customer', 'wallet'] as const).map((s) => (
            <label key={s} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="limit-scope"
                checked={scope === s}
                className="h-4 w-4"
                onChange={() => {
                  setScope(s);
                  if (s === 'customer') form.setValue('walletId', undefined);
                }}
              />
              {s === 'customer' ? 'All the customer’s wallets in the currency' : 'One wallet'}
            </label>
          ))}
        </div>
      </fieldset>
      <CustomerSelect label="Customer" error={e.customerId?.message} {...form.register('customerId', optional)} />
      {scope === 'wallet' ? (
        <SelectField
          label="Wallet"
          placeholder="Choose a wallet"
          options={(wallets.data?.items ?? []).map((w) => ({ value: w.id, label: walletLabel(w) }))}
          error={e.walletId?.message}
          {...form.register('walletId', {
            ...optional,
            onChange: (ev: { target: { value: string } }) => {
              const w = wallets.data?.items.find((x) => x.id === ev.target.value);
              if (w) form.setValue('currency', w.currency);
            },
          })}
        />
      ) : null}
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField label="Type" options={TRANSACTION_LIMIT_TYPES.map((t) => ({ value: t, label: LIMIT_TYPE_LABELS[t]! }))} error={e.limitType?.message} {...form.register('limitType')} />
        <Field label="Limit" inputMode="decimal" hint="0 blocks transfers" error={e.limit?.message} {...form.register('limit')} />
        <SelectField label="Currency" options={CURRENCIES.map((c) => ({ value: c, label: c }))} error={e.currency?.message} {...form.register('currency')} />
      </div>
      <DialogActions onCancel={onDone} pending={pending} label="Set limit" pendingLabel="Saving…" />
    </form>
  );
}

/** Transaction limits of the tenant's customers and wallets with their current usage; administrators set and remove them. */
export function LimitList() {
  const me = useCurrentUser();
  const admin = me.can('ledger:administer');
  const client = useQueryClient();
  const toast = useToast();
  const customers = useCustomers();
  const wallets = useWallets();
  const [customerId, setCustomerId] = useState('');
  const [creating, setCreating] = useState(false);
  const [removing, setRemoving] = useState<TransactionLimit | null>(null);
  const q = toQuery({ customerId });
  const list = useQuery({ queryKey: ['limits', q], queryFn: () => apiFetch<{ items: TransactionLimit[] }>(`/api/v2.1/transaction-limits${q}`) });
  const remove = useMutation({
    mutationFn: (l: TransactionLimit) => apiFetch<TransactionLimit>(`/api/v2.1/transaction-limits/${l.id}`, { method: 'DELETE' }),
    onSuccess: async (l) => {
      toast('success', `${LIMIT_TYPE_LABELS[l.limitType]} limit removed`);
      setRemoving(null);
      await client.invalidateQueries({ queryKey: ['limits'] });
    },
    onError: (err) => toast('error', errorMessage(err)),
  });
  const customerName = new Map((customers.data?.items ?? []).map((c) => [c.id, c.displayName]));
  const walletName = new Map((wallets.data?.items ?? []).map((w) => [w.id, `${w.name} (${w.id.slice(0, 8)})`]));
  const columns: Column<TransactionLimit>[] = [
    { key: 'customer', header: 'Customer', cell: (l) => customerName.get(l.customerId) ?? l.customerId.slice(0, 8) },
    { key: 'scope', header: 'Applies to', cell: (l) => (l.walletId ? `wallet ${walletName.get(l.walletId) ?? l.walletId.slice(0, 8)}` : `all ${l.currency} wallets`) },
    { key: 'type', header: 'Type', cell: (l) => LIMIT_TYPE_LABELS[l.limitType] },
    { key: 'limit', header: 'Limit', className: 'text-right', cell: (l) => <Money amount={l.limit} currency={l.currency} /> },
    { key: 'usage', header: 'Used this window', className: 'text-right', cell: (l) => (l.limitType === 'PER_TRANSACTION' ? '—' : <Money amount={l.currentUsage} currency={l.currency} />) },
    { key: 'window', header: 'Window since', className: 'md:whitespace-nowrap', cell: (l) => (l.windowStart ? when(l.windowStart) : 'each transfer') },
    {
      key: 'actions',
      header: 'Actions',
      cell: (l) =>
        admin ? (
          <Button
            variant="secondary"
            onClick={() => setRemoving(l)}
            aria-label={`Remove the ${LIMIT_TYPE_LABELS[l.limitType]?.toLowerCase()} limit of ${customerName.get(l.customerId) ?? 'this customer'}`}
          >
            Remove
          </Button>
        ) : null,
    },
  ];
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <CustomerSelect label="Customer" placeholder="All customers" className="min-w-[14rem] flex-1" value={customerId} onChange={(e) => setCustomerId(e.target.value)} />
        {admin ? <Button onClick={() => setCreating(true)}>Set a limit</Button> : null}
      </div>
      <QueryError error={list.error} />
      <DataTable
        caption="Transaction limits"
        columns={columns}
        rows={list.data?.items ?? []}
        rowKey={(l) => l.id}
        loading={list.isPending}
        empty="No limits: transfers are bounded only by balances."
      />
      <Dialog open={creating} onClose={() => setCreating(false)} title="Set a transaction limit">
        {creating ? <SetLimitForm onDone={() => setCreating(false)} customerId={customerId || undefined} /> : null}
      </Dialog>
      <ConfirmDialog
        open={removing !== null}
        title="Remove this limit?"
        confirmLabel="Remove limit"
        pending={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing)}
      >
        {removing ? `Transfers will no longer be held to the ${LIMIT_TYPE_LABELS[removing.limitType]?.toLowerCase()} limit of ${formatMoney(removing.limit, removing.currency)}.` : null}
      </ConfirmDialog>
    </div>
  );
}
