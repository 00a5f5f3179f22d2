'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DialogActions } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/page-header';
import { useToast } from '@/components/ui/toast';
import { BENEFICIARY_STATUSES, createBeneficiaryBodySchema, isValidIban, normalizeIban, type Beneficiary } from '@/lib/contract/wallets';
import { apiFetch } from '@/lib/ui/fetcher';
import { useContractForm } from '@/lib/ui/use-contract-form';
import { ManagedList } from './managed-list';
import { CustomerSelect, useCustomers } from './pickers';

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
  const customers = useCustomers();
  const nameOf = new Map((customers.data?.items ?? []).map((c) => [c.id, c.displayName]));
  return (
    <ManagedList<Beneficiary>
      resource="beneficiaries"
      caption="Beneficiaries"
      statuses={BENEFICIARY_STATUSES}
      defaultStatus="ACTIVE"
      empty="No beneficiaries match these filters."
      columns={(act, admin) => [
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
              <Button variant="secondary" onClick={() => act(b)} aria-label={`Deactivate ${b.name}`}>
                Deactivate
              </Button>
            ) : null,
        },
      ]}
      create={{ label: 'New beneficiary', title: 'New beneficiary', form: (onDone, customerId) => <CreateBeneficiaryForm onDone={onDone} customerId={customerId} /> }}
      action={{
        verb: 'deactivate',
        confirmTitle: (b) => `Deactivate ${b?.name ?? ''}?`,
        confirmLabel: 'Deactivate',
        explain: (b) => `No more payouts can go to ${b?.iban ?? ''}. To pay it again, save the beneficiary anew.`,
        done: (b) => `${b.name} deactivated`,
      }}
    />
  );
}
