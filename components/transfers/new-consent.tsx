'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/page-header';
import { ConsentTermsFields, defaultConsentExpiry } from '@/components/wallets/consent-terms';
import type { Currency } from '@/lib/contract/money';
import { createPaymentConsentBodySchema, type PaymentConsent } from '@/lib/contract/wallets';
import { apiFetch } from '@/lib/ui/fetcher';
import { useContractForm } from '@/lib/ui/use-contract-form';

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
    { walletId, scope: 'RECURRING_PAYMENTS', maxAmountPerPayment: /^\d+(\.\d+)?$/.test(amount) ? amount : '', currency, expiresAt: defaultConsentExpiry() },
    async (values) => {
      onSaved(await apiFetch<PaymentConsent>('/api/v2.1/payment-consents', { method: 'POST', json: values, headers: { 'Idempotency-Key': key } }));
    },
  );
  return (
    <div className="space-y-3 rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200" role="group" aria-label="New payment consent">
      <p className="text-sm font-semibold text-ink">The customer’s consent to payments from this wallet</p>
      <p className="text-sm text-ink-muted">Record only what the customer authorized. It is chosen for this transfer once saved.</p>
      <FormAlert messages={alert} />
      <ConsentTermsFields form={form} currency={currency} />
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
