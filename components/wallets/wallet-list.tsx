'use client';

import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { useCurrentUser } from '@/components/shell/user-context';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/input';
import { FormAlert, QueryError } from '@/components/ui/page-header';
import { DataTable, type Column } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import { CURRENCIES } from '@/lib/contract/money';
import { openWalletBodySchema, type Wallet } from '@/lib/contract/wallets';
import type { Product } from '@/lib/contract/products';
import { WALLET_STATUSES } from '@/lib/contract/enums';
import { apiFetch, toQuery } from '@/lib/ui/fetcher';
import { useContractForm } from '@/lib/ui/use-contract-form';
import { Money } from './money';
import { CustomerSelect, useCustomers } from './pickers';
import { ReconciliationStatus } from './reconciliation-status';

const PAGE_SIZE = 20;
const optional = { setValueAs: (v: unknown) => (v === '' ? undefined : v) };

/** Open a wallet for an ACTIVE customer; one Idempotency-Key per attempt (a double click opens one wallet). */
function OpenWalletForm({ onDone, customerId }: { onDone: () => void; customerId?: string }) {
  const client = useQueryClient();
  const toast = useToast();
  const router = useRouter();
  const [key] = useState(() => crypto.randomUUID());
  const customers = useCustomers(true);
  const products = useQuery({ queryKey: ['products', 'WALLET'], queryFn: () => apiFetch<{ items: Product[] }>('/api/v2.1/products?kind=WALLET') });
  const {
    form,
    alert,
    submit,
    errors: e,
    pending,
  } = useContractForm(openWalletBodySchema, { customerId, currency: 'EUR' }, async (values) => {
    const wallet = await apiFetch<Wallet>('/api/v2.1/wallets', { method: 'POST', json: values, headers: { 'Idempotency-Key': key } });
    await client.invalidateQueries({ queryKey: ['wallets'] });
    toast('success', `Wallet “${wallet.name}” opened for ${wallet.customerName}`);
    onDone();
    router.push(`/wallets/${wallet.id}`);
  });
  // the customer given (from the customer's page) is chosen once its option exists: a select drops a value it has no option for
  const loaded = customers.data !== undefined;
  useEffect(() => {
    if (loaded && customerId) form.setValue('customerId', customerId);
  }, [loaded, customerId, form]);
  return (
    <form method="post" onSubmit={submit} noValidate className="space-y-3">
      <FormAlert messages={alert} />
      <CustomerSelect label="Customer" activeOnly hint="Only active customers can hold wallets." error={e.customerId?.message} {...form.register('customerId', optional)} />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField label="Currency" options={CURRENCIES.map((c) => ({ value: c, label: c }))} error={e.currency?.message} {...form.register('currency')} />
        <Field label="Name (optional)" placeholder="e.g. Savings" error={e.name?.message} {...form.register('name', optional)} />
        <SelectField
          label="Product"
          className="sm:col-span-2"
          placeholder="The default product"
          hint="Its fees apply to the wallet’s payouts and transfers"
          options={(products.data?.items ?? []).filter((p) => !p.isDefault).map((p) => ({ value: p.id, label: `${p.name}${p.currency ? ` (${p.currency})` : ''}` }))}
          error={e.productId?.message ?? e.productCode?.message}
          {...form.register('productId', optional)}
        />
      </div>
      <DialogActions onCancel={onDone} pending={pending} label="Open wallet" pendingLabel="Opening…" />
    </form>
  );
}

/** Wallets of the tenant with filters (customer, currency, status); administrators open wallets and see the reconciliation. */
export function WalletList({ initialCustomerId = '', openOnLoad = false }: { initialCustomerId?: string; openOnLoad?: boolean }) {
  const me = useCurrentUser();
  const admin = me.can('wallet:manage');
  const administers = me.can('ledger:administer');
  const [customerId, setCustomerId] = useState(initialCustomerId);
  const [currency, setCurrency] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  // "Open a wallet" on a customer's page lands here with the dialog open for that customer
  const [opening, setOpening] = useState(openOnLoad && admin);
  const q = toQuery({ customerId, currency, status, page, pageSize: PAGE_SIZE });
  const wallets = useQuery({ queryKey: ['wallets', q], queryFn: () => apiFetch<{ items: Wallet[]; total: number }>(`/api/v2.1/wallets${q}`), placeholderData: keepPreviousData });
  const columns: Column<Wallet>[] = [
    {
      key: 'wallet',
      header: 'Wallet',
      cell: (w) => (
        <Link href={`/wallets/${w.id}`} className="font-medium text-brand-700 hover:underline" data-testid="wallet-link">
          {w.name}
        </Link>
      ),
    },
    { key: 'customer', header: 'Customer', cell: (w) => w.customerName },
    { key: 'balance', header: 'Available balance', className: 'text-right', cell: (w) => <Money amount={w.availableBalance} currency={w.currency} /> },
    { key: 'pending', header: 'Awaiting approval', className: 'text-right', cell: (w) => <Money amount={w.pendingOutgoing} currency={w.currency} /> },
    { key: 'status', header: 'Status', cell: (w) => <Badge status={w.status} /> },
  ];
  const reset =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };
  return (
    <div className="space-y-4">
      {administers ? <ReconciliationStatus /> : null}
      <div className="flex flex-wrap items-end gap-3">
        <CustomerSelect label="Customer" placeholder="All customers" className="min-w-[14rem] flex-1" value={customerId} onChange={(e) => reset(setCustomerId)(e.target.value)} />
        <SelectField
          label="Currency"
          placeholder="All currencies"
          options={CURRENCIES.map((c) => ({ value: c, label: c }))}
          value={currency}
          onChange={(e) => reset(setCurrency)(e.target.value)}
        />
        <SelectField label="Status" placeholder="All statuses" options={WALLET_STATUSES} value={status} onChange={(e) => reset(setStatus)(e.target.value)} />
        {admin ? (
          <Button type="button" onClick={() => setOpening(true)}>
            Open wallet
          </Button>
        ) : null}
      </div>
      <QueryError error={wallets.error} />
      <DataTable
        caption="Wallets"
        columns={columns}
        rows={wallets.data?.items ?? []}
        rowKey={(w) => w.id}
        page={page}
        pageSize={PAGE_SIZE}
        total={wallets.data?.total}
        onPage={setPage}
        loading={wallets.isPending}
        empty="No wallets match these filters."
      />
      <Dialog open={opening} onClose={() => setOpening(false)} title="Open a wallet">
        <OpenWalletForm onDone={() => setOpening(false)} customerId={customerId || undefined} />
      </Dialog>
    </div>
  );
}
