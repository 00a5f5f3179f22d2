'use client';

import { useQuery } from '@tanstack/react-query';
import { forwardRef, useState, type SelectHTMLAttributes } from 'react';
import { SelectField } from '@/components/ui/input';
import type { CustomerListItem } from '@/lib/contract/customers';
import type { Wallet } from '@/lib/contract/wallets';
import { apiFetch, toQuery } from '@/lib/ui/fetcher';
import { formatMoney } from './money';

/** The tenant's customers (newest 100; `activeOnly` for opening wallets) as select options. */
export function useCustomers(activeOnly = false) {
  return useQuery({
    queryKey: ['customers', 'picker', activeOnly],
    queryFn: () => apiFetch<{ items: CustomerListItem[] }>(`/api/v2.1/customers${toQuery({ pageSize: 100, status: activeOnly ? 'ACTIVE' : undefined })}`),
    staleTime: 30_000,
  });
}

/** The tenant's wallets (filtered), for pickers and lookups. */
export function useWallets(filter: { customerId?: string; status?: string; currency?: string } = {}) {
  return useQuery({
    queryKey: ['wallets', 'picker', filter],
    queryFn: () => apiFetch<{ items: Wallet[]; total: number }>(`/api/v2.1/wallets${toQuery({ pageSize: 100, ...filter })}`),
  });
}

/** A wallet as an option: its name and balance first (a phone's select cuts the end off), then whose it is. */
export const walletLabel = (w: Wallet) => `${w.name} · ${formatMoney(w.availableBalance, w.currency)} · ${w.customerName}${w.status === 'ACTIVE' ? '' : ` (${w.status.toLowerCase()})`}`;

type PickerProps = SelectHTMLAttributes<HTMLSelectElement> & { label: string; error?: string; hint?: string; placeholder?: string };

export const CustomerSelect = forwardRef<HTMLSelectElement, PickerProps & { activeOnly?: boolean }>(function CustomerSelect({ activeOnly, placeholder, ...props }, ref) {
  const customers = useCustomers(activeOnly);
  const options = (customers.data?.items ?? []).map((c) => ({ value: c.id, label: `${c.displayName}${c.email ? ` (${c.email})` : ''}` }));
  return <SelectField ref={ref} options={options} placeholder={customers.isPending ? 'Loading customers…' : (placeholder ?? 'Choose a customer')} {...props} />;
});

/** A wallet select; the wallet chosen is spelled out in full under it (name, available balance, customer), which a narrow select cannot show. */
export const WalletSelect = forwardRef<HTMLSelectElement, PickerProps & { wallets: Wallet[]; loading?: boolean }>(function WalletSelect(
  { wallets, loading, placeholder, hint, onChange, ...props },
  ref,
) {
  const [chosenId, setChosenId] = useState('');
  const chosen = wallets.find((w) => w.id === chosenId);
  return (
    <SelectField
      ref={ref}
      options={wallets.map((w) => ({ value: w.id, label: walletLabel(w) }))}
      placeholder={loading ? 'Loading wallets…' : (placeholder ?? 'Choose a wallet')}
      hint={chosen ? `${chosen.name}: ${formatMoney(chosen.availableBalance, chosen.currency)} available · ${chosen.customerName}` : hint}
      onChange={(e) => {
        setChosenId(e.target.value);
        onChange?.(e);
      }}
      {...props}
    />
  );
});

/** A wallet select's change handler that hands over the wallet chosen (forms take its currency). */
export const onWalletChosen = (wallets: readonly Wallet[], then: (wallet: Wallet | undefined) => void) => (ev: { target: { value: string } }) =>
  then(wallets.find((w) => w.id === ev.target.value));
