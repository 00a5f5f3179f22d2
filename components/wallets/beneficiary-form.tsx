'use client';

import { useState } from 'react';
import { CountryField } from '@/components/reference-data/reference-selects';
import { Button } from '@/components/ui/button';
import { DialogActions } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/page-header';
import { createBeneficiaryBodySchema, isValidIban, normalizeIban, type Beneficiary } from '@/lib/contract/wallets';
import { apiFetch } from '@/lib/ui/fetcher';
import { useContractForm } from '@/lib/ui/use-contract-form';
import { CustomerSelect } from './pickers';

const optional = { setValueAs: (v: unknown) => (v === '' ? undefined : v) };

/**
 * The one new-beneficiary form: account holder, IBAN (checked as it is typed), BIC and country,
 * validated with the contract's schema and saved with an Idempotency-Key. Two layouts: a dialog's
 * own form with a customer picker (Beneficiaries screen), and a group inside another form (the
 * transfer form, for the source wallet's customer), whose buttons do not submit the outer form.
 */
export function NewBeneficiaryForm({
  customerId,
  chooseCustomer = false,
  inline = false,
  onSaved,
  onCancel,
}: {
  customerId?: string;
  /** offer the customer picker (the dialog of the Beneficiaries screen) */
  chooseCustomer?: boolean;
  /** a group inside another form instead of a form of its own */
  inline?: boolean;
  onSaved: (beneficiary: Beneficiary) => unknown;
  onCancel: () => void;
}) {
  const [key] = useState(() => crypto.randomUUID());
  const {
    form,
    alert,
    submit,
    errors: e,
    pending,
  } = useContractForm(createBeneficiaryBodySchema, { customerId, name: '', iban: '', country: 'DE' }, async (values) => {
    await onSaved(await apiFetch<Beneficiary>('/api/v2.1/beneficiaries', { method: 'POST', json: values, headers: { 'Idempotency-Key': key } }));
  });
  const iban = form.watch('iban') ?? '';
  const typed = normalizeIban(iban).length >= 15;
  const fields = (
    <>
      <FormAlert messages={alert} />
      {chooseCustomer ? <CustomerSelect label="Customer" error={e.customerId?.message} {...form.register('customerId', optional)} /> : null}
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
        <CountryField label="Country" error={e.country?.message} control={form.control} name="country" />
      </div>
    </>
  );
  if (inline) {
    return (
      <div className="space-y-3 rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200" role="group" aria-label="New beneficiary">
        <p className="text-sm font-semibold text-ink">New beneficiary</p>
        {fields}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="button" disabled={pending} onClick={() => void submit()}>
            {pending ? 'Saving…' : 'Save beneficiary'}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <form method="post" onSubmit={submit} noValidate className="space-y-3">
      {fields}
      <DialogActions onCancel={onCancel} pending={pending} label="Save beneficiary" pendingLabel="Saving…" />
    </form>
  );
}
