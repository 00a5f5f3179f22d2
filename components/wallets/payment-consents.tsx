'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DialogActions } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/page-header';
import { useToast } from '@/components/ui/toast';
import { createPaymentConsentBodySchema, PAYMENT_CONSENT_STATUSES, type PaymentConsent } from '@/lib/contract/wallets';
import { apiFetch } from '@/lib/ui/fetcher';
import { useContractForm } from '@/lib/ui/use-contract-form';
import { ConsentTermsFields, defaultConsentExpiry } from './consent-terms';
import { CONSENT_SCOPE_LABELS, formatMoney, Money, when } from './money';
import { ManagedList } from './managed-list';
import { onWalletChosen, useWallets, WalletSelect } from './pickers';

/** Record a customer's authorization of payments from one of its wallets. The expiry is a day, valid until its end (UTC). */
function CreateConsentForm({ onDone }: { onDone: () => void }) {
  const client = useQueryClient();
  const toast = useToast();
  const [key] = useState(() => crypto.randomUUID());
  const wallets = useWallets({ status: 'ACTIVE' });
  const {
    form,
    alert,
    submit,
    errors: e,
    pending,
  } = useContractForm(
    createPaymentConsentBodySchema,
    { walletId: '', scope: 'RECURRING_PAYMENTS', maxAmountPerPayment: '', currency: 'EUR', expiresAt: defaultConsentExpiry() },
    async (values) => {
      const c = await apiFetch<PaymentConsent>('/api/v2.1/payment-consents', { method: 'POST', json: values, headers: { 'Idempotency-Key': key } });
      await client.invalidateQueries({ queryKey: ['payment-consents'] });
      toast('success', `Consent recorded: up to ${formatMoney(c.maxAmountPerPayment, c.currency)} per payment`);
      onDone();
    },
  );
  return (
    <form method="post" onSubmit={submit} noValidate className="space-y-3">
      <p className="text-sm text-ink-muted">Record only what the customer authorized. Payouts from the wallet need it; so do wallet transfers the customer starts.</p>
      <FormAlert messages={alert} />
      <WalletSelect
        label="Wallet"
        wallets={wallets.data?.items ?? []}
        loading={wallets.isPending}
        error={e.walletId?.message}
        {...form.register('walletId', { onChange: onWalletChosen(wallets.data?.items ?? [], (w) => w && form.setValue('currency', w.currency)) })}
      />
      <ConsentTermsFields form={form} currency={form.watch('currency')} />
      <DialogActions onCancel={onDone} pending={pending} label="Record consent" pendingLabel="Saving…" />
    </form>
  );
}

/** Payment consents: filter by customer and status, record one, revoke. */
export function ConsentList() {
  const wallets = useWallets();
  const walletById = new Map((wallets.data?.items ?? []).map((w) => [w.id, w]));
  return (
    <ManagedList<PaymentConsent>
      resource="payment-consents"
      caption="Payment consents"
      statuses={PAYMENT_CONSENT_STATUSES}
      defaultStatus="AUTHORIZED"
      empty="No consents match these filters."
      columns={(act, admin) => [
        {
          key: 'wallet',
          header: 'Wallet',
          cell: (c) => {
            const w = walletById.get(c.walletId);
            return w ? `${w.customerName} · ${w.name}` : c.walletId.slice(0, 8);
          },
        },
        { key: 'scope', header: 'Scope', cell: (c) => CONSENT_SCOPE_LABELS[c.scope] },
        { key: 'max', header: 'Largest payment', className: 'text-right', cell: (c) => <Money amount={c.maxAmountPerPayment} currency={c.currency} /> },
        { key: 'expires', header: 'Valid until', className: 'md:whitespace-nowrap', cell: (c) => when(c.expiresAt) },
        { key: 'status', header: 'Status', cell: (c) => <Badge status={c.status} tone={c.status === 'AUTHORIZED' ? 'good' : c.status === 'REVOKED' ? 'bad' : 'neutral'} /> },
        {
          key: 'actions',
          header: 'Actions',
          cell: (c) =>
            admin && c.status === 'AUTHORIZED' ? (
              <Button variant="secondary" onClick={() => act(c)} aria-label={`Revoke the consent for ${walletById.get(c.walletId)?.name ?? 'this wallet'}`}>
                Revoke
              </Button>
            ) : null,
        },
      ]}
      create={{ label: 'Record a consent', title: 'Record a payment consent', form: (onDone) => <CreateConsentForm onDone={onDone} /> }}
      action={{
        verb: 'revoke',
        confirmTitle: () => 'Revoke this consent?',
        confirmLabel: 'Revoke consent',
        explain: () => 'No new payments can rely on it. Transfers already made are not affected. This cannot be undone.',
        done: () => 'Consent revoked',
      }}
    />
  );
}
