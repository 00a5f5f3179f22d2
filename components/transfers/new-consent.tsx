'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/input';
import { FormAlert } from '@/components/ui/page-header';
import { CONSENT_SCOPE_LABELS } from '@/components/wallets/money';
import type { Currency } from '@/lib/contract/money';
import { createPaymentConsentBodySchema, PAYMENT_CONSENT_SCOPES, type PaymentConsent } from '@/lib/contract/wallets';
import { apiFetch } from '@/lib/ui/fetcher';
import { useContractForm } from '@/lib/ui/use-contract-form';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Records the customer's authorization of payments from the transfer's source wallet without
 * leaving the transfer form (a payout needs one): what was typed in the transfer stays, and the new
 * consent is chosen on save. The same rules as the Payment consents screen (the server's schema).
 */
export function NewConsent({
  walletId,
  currency,
  amount,
  onSaved,
  onCancel,
}: {
  walletId: string;
  currency: Currency;
  amount: string;
  onSaved: (c: PaymentConsent) => void;
  onCancel: () => void;
}) {
  const [key] = useState(() => crypto.randomUUID());
  const {
    form,
    alert,
    submit,
    errors: e,
    pending,
  } = useContractForm(
    createPaymentConsentBodySchema,
    // the largest payment starts at the amount being sent: the consent must cover it
    { walletId, scope: 'RECURRING_PAYMENTS', maxAmountPerPayment: /^\d+(\.\d+)?$/.test(amount) ? amount : '', currency, expiresAt: new Date(`${inDays(90)}T23:59:59Z`).toISOString() },
    async (values) => {
      onSaved(await apiFetch<PaymentConsent>('/api/v2.1/payment-consents', { method: 'POST', json: values, headers: { 'Idempotency-Key': key } }));
    },
  );
  const expires = form.watch('expiresAt');
  return (
    <div className="space-y-3 rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200" role="group" aria-label="New payment consent">
      <p className="text-sm font-semibold text-ink">The customer’s consent to payments from this wallet</p>
      <p className="text-sm text-ink-muted">Record only what the customer authorized. It is chosen for this transfer once saved.</p>
      <FormAlert messages={alert} />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField label="Scope" options={PAYMENT_CONSENT_SCOPES.map((s) => ({ value: s, label: CONSENT_SCOPE_LABELS[s]! }))} error={e.scope?.message} {...form.register('scope')} />
        <Field label={`Largest payment (${currency})`} inputMode="decimal" error={e.maxAmountPerPayment?.message} {...form.register('maxAmountPerPayment')} />
        <Field
          label="Valid until (end of day, UTC)"
          type="date"
          min={inDays(0)}
          max={inDays(365)}
          error={e.expiresAt?.message}
          value={typeof expires === 'string' ? expires.slice(0, 10) : ''}
          onChange={(ev) => form.setValue('expiresAt', ev.target.value ? new Date(`${ev.target.value}T23:59:59Z`).toISOString() : '', { shouldValidate: form.formState.isSubmitted })}
        />
      </div>
      {e.walletId?.message ? <p className="text-sm text-rose-700">{e.walletId.message}</p> : null}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="button" disabled={pending} onClick={() => void submit()}>
          {pending ? 'Saving…' : 'Save consent'}
        </Button>
      </div>
    </div>
  );
}
