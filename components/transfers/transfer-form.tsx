'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import Decimal from 'decimal.js';
import { useRouter } from 'next/navigation';
import { useId, useRef, useState } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useCurrentUser } from '@/components/shell/user-context';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/input';
import { FormAlert, Section } from '@/components/ui/page-header';
import { useToast } from '@/components/ui/toast';
import { CONSENT_SCOPE_LABELS, formatMoney, LIMIT_TYPE_LABELS } from '@/components/wallets/money';
import { NewBeneficiaryForm } from '@/components/wallets/beneficiary-form';
import { onWalletChosen, useWallets, WalletSelect, walletLabel } from '@/components/wallets/pickers';
import { CURRENCY_MINOR_UNITS, type Currency } from '@/lib/contract/money';
import { computeFee } from '@/lib/contract/products';
import { createTransferBodySchema, type Beneficiary, type LedgerSettings, type PaymentConsent, type TransactionLimit, type Transfer, type Wallet } from '@/lib/contract/wallets';
import { ApiClientError, apiFetch, errorMessage, toQuery } from '@/lib/ui/fetcher';
import { useContractForm } from '@/lib/ui/use-contract-form';
import { NewConsent } from './new-consent';
import { LoadError, StaleBanner, loadFailed } from '@/components/ui/query-state';

type Mode = 'wallet' | 'beneficiary';
type TransferValues = z.input<typeof createTransferBodySchema>;

/** The rules' refusals belong to a field: the amount (balance, limits) or the consent. */
function placeOnField(error: unknown, setError: UseFormSetError<TransferValues>): boolean {
  if (!(error instanceof ApiClientError)) return false;
  const d = error.data as Record<string, string>;
  if (error.message === 'insufficient balance') {
    setError('amount', { message: `more than the available ${formatMoney(d.availableBalance!, d.currency!)}` }, { shouldFocus: true });
    return true;
  }
  if (error.message === 'transaction limit exceeded') {
    setError(
      'amount',
      {
        message: `the ${LIMIT_TYPE_LABELS[d.limitType!]?.toLowerCase()} limit of ${formatMoney(d.limit!, d.currency!)} would be exceeded (used ${formatMoney(d.currentUsage!, d.currency!)})`,
      },
      { shouldFocus: true },
    );
    return true;
  }
  if (error.message === 'payment consent invalid' || error.message === 'payment consent required') {
    setError('paymentConsentId', { message: d.details ?? 'the customer must authorize payments from this wallet first' }, { shouldFocus: true });
    return true;
  }
  return false;
}

/**
 * A transfer: from a wallet to another wallet of the tenant or to a saved beneficiary (created inline
 * if needed). Before submit it shows the limits that apply and whether a second person must approve.
 * One Idempotency-Key per attempt: a double click sends the same key and makes one transfer.
 */
export function TransferForm({ initialWalletId }: { initialWalletId?: string }) {
  const wallets = useWallets({ status: 'ACTIVE' });
  // a failed refetch of the wallets keeps the form and what was typed in it (the banner says so)
  if (loadFailed(wallets)) return <LoadError query={wallets} />;
  if (!wallets.data) return <p className="text-sm text-ink-muted">Loading wallets…</p>;
  const preset = wallets.data.items.find((w) => w.id === initialWalletId);
  return (
    <>
      <StaleBanner query={wallets} what="the wallets" />
      <TransferFormInner wallets={wallets.data.items} preset={preset} />
    </>
  );
}

function TransferFormInner({ wallets: activeWallets, preset }: { wallets: Wallet[]; preset?: Wallet }) {
  const router = useRouter();
  const client = useQueryClient();
  const toast = useToast();
  const modeId = useId();
  const [mode, setMode] = useState<Mode>('wallet');
  const [adding, setAdding] = useState(false);
  const [consenting, setConsenting] = useState(false);
  const { can } = useCurrentUser();
  const key = useRef(crypto.randomUUID());
  const inFlight = useRef(false);
  // nothing is sent before the summary is confirmed: the first submit opens it, its button submits again
  const confirmed = useRef(false);
  const [review, setReview] = useState<z.output<typeof createTransferBodySchema> | null>(null);
  const wallets = { data: { items: activeWallets }, isPending: false };
  const settings = useQuery({ queryKey: ['ledger-settings'], queryFn: () => apiFetch<LedgerSettings>('/api/v2.1/ledger/settings'), staleTime: 60_000 });

  const {
    form,
    alert,
    submit,
    errors: e,
    pending,
  } = useContractForm(createTransferBodySchema, { walletId: preset?.id ?? '', amount: '', currency: preset?.currency ?? 'EUR', reference: '' }, async (values, f) => {
    if (!confirmed.current) {
      setReview(values);
      return;
    }
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      const res = await apiFetch<Transfer>('/api/v2.1/transfers', { method: 'POST', json: values, headers: { 'Idempotency-Key': key.current } });
      await client.invalidateQueries({ queryKey: ['transfers'] });
      await client.invalidateQueries({ queryKey: ['wallets'] });
      key.current = crypto.randomUUID();
      toast(
        'success',
        res.status === 'PENDING_APPROVAL'
          ? 'Transfer sent for approval'
          : res.status === 'HELD_FOR_REVIEW'
            ? 'Transfer held for AML review: nothing is posted until two compliance officers release it'
            : res.status === 'FAILED'
              ? `Transfer failed: ${res.rejectionReason ?? 'see its page'}`
              : 'Transfer completed',
      );
      router.push(`/transfers/${res.id}`);
    } catch (error) {
      if (!placeOnField(error, f.setError)) throw error;
    } finally {
      inFlight.current = false;
    }
  });
  const walletId = form.watch('walletId');
  const amount = form.watch('amount') ?? '';
  const source = wallets.data?.items.find((w) => w.id === walletId);
  const currency = (source?.currency ?? 'EUR') as Currency;
  const limits = useQuery({
    queryKey: ['limits', 'wallet', walletId],
    queryFn: () => apiFetch<{ items: TransactionLimit[] }>(`/api/v2.1/transaction-limits${toQuery({ walletId })}`),
    enabled: Boolean(source),
  });
  const beneficiaries = useQuery({
    queryKey: ['beneficiaries', 'of', source?.customerId],
    queryFn: () => apiFetch<{ items: Beneficiary[] }>(`/api/v2.1/beneficiaries${toQuery({ customerId: source?.customerId, status: 'ACTIVE', pageSize: 100 })}`),
    enabled: Boolean(source),
  });
  const consents = useQuery({
    queryKey: ['payment-consents', 'of', walletId],
    queryFn: () => apiFetch<{ items: PaymentConsent[] }>(`/api/v2.1/payment-consents${toQuery({ walletId, status: 'AUTHORIZED', pageSize: 100 })}`),
    enabled: Boolean(source),
  });
  const destinations = (wallets.data?.items ?? []).filter((w) => w.id !== walletId && (!source || w.currency === source.currency));
  const parsed = /^\d+(\.\d+)?$/.test(amount) ? new Decimal(amount) : null;
  const threshold = settings.data?.fourEyesThreshold;
  const needsApproval = parsed && threshold !== undefined && threshold !== null ? parsed.gt(threshold) : null;

  function chooseMode(next: Mode) {
    setMode(next);
    form.setValue('destinationWalletId', undefined);
    form.setValue('beneficiary', undefined);
    form.clearErrors(['destinationWalletId', 'beneficiary']);
  }

  async function confirmSend() {
    confirmed.current = true;
    try {
      await submit();
    } finally {
      confirmed.current = false;
      // still here: the server refused; its errors are on the fields, the summary gives way to them
      setReview(null);
    }
  }
  const reviewed = review ? summary(review) : null;
  function summary(values: z.output<typeof createTransferBodySchema>) {
    const from = activeWallets.find((w) => w.id === values.walletId);
    const to = values.destinationWalletId ? activeWallets.find((w) => w.id === values.destinationWalletId) : undefined;
    const chosen = values.beneficiary && 'id' in values.beneficiary ? beneficiaries.data?.items.find((b) => b.id === (values.beneficiary as { id: string }).id) : undefined;
    const cur = (from?.currency ?? values.currency) as Currency;
    const amountOf = new Decimal(values.amount);
    // the wallet product's fee, by the rule the server posts with (computeFee, lib/contract/products.ts)
    const fee = from ? computeFee(to ? from.product.transferFee : from.product.payoutFee, values.amount, cur) : null;
    const after = from ? new Decimal(from.availableBalance).minus(amountOf).minus(fee ?? 0) : null;
    const consent = consents.data?.items.find((c) => c.id === values.paymentConsentId);
    const approval = threshold !== undefined && threshold !== null && amountOf.gt(threshold);
    return {
      amount: formatMoney(amountOf.toFixed(CURRENCY_MINOR_UNITS[cur]), cur),
      from: from ? `${from.customerName} · ${from.name}` : values.walletId,
      balance: from && after ? `${formatMoney(from.availableBalance, cur)} now, ${formatMoney(after.toFixed(CURRENCY_MINOR_UNITS[cur]), cur)} after` : '—',
      to: to ? `${to.customerName} · ${to.name}` : chosen ? `${chosen.name} · ${chosen.iban}` : 'the new beneficiary',
      fee:
        fee === null
          ? '—'
          : new Decimal(fee).isZero()
            ? `None (product ${from!.product.name})`
            : `${formatMoney(fee, cur)} (product ${from!.product.name}), taken from the wallet with the amount`,
      reference: values.reference || '—',
      consent: consent ? `${CONSENT_SCOPE_LABELS[consent.scope]} · up to ${formatMoney(consent.maxAmountPerPayment, consent.currency)}` : 'none',
      next: approval
        ? `Above ${formatMoney(threshold!, cur)}: the transfer waits for a second person’s approval; nothing moves until then.`
        : to
          ? 'The money moves at once, and the other wallet is credited immediately.'
          : 'The payout is made at once to the beneficiary’s bank account.',
      approval,
    };
  }

  const selectedBeneficiary = form.watch('beneficiary');
  const beneficiaryId = selectedBeneficiary && 'id' in selectedBeneficiary ? selectedBeneficiary.id : '';
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <form method="post" onSubmit={submit} noValidate className="space-y-4 rounded-xl bg-white p-5 shadow-card lg:col-span-2" aria-label="New transfer">
        <FormAlert messages={alert} />
        <WalletSelect
          label="From wallet"
          wallets={activeWallets}
          placeholder="Choose the wallet to pay from"
          error={e.walletId?.message}
          {...form.register('walletId', {
            onChange: onWalletChosen(activeWallets, (w) => {
              if (w) form.setValue('currency', w.currency);
              chooseMode(mode);
            }),
          })}
        />
        <fieldset>
          <legend className="text-sm font-medium text-ink">Pay to</legend>
          <div className="mt-1 flex flex-wrap gap-4">
            {(['wallet', 'beneficiary'] as const).map((m) => (
              <label key={m} className="flex items-center gap-2 text-sm">
                <input type="radio" name={`${modeId}-mode`} value={m} checked={mode === m} onChange={() => chooseMode(m)} className="h-4 w-4" />
                {m === 'wallet' ? 'Another wallet of the tenant' : 'A beneficiary’s bank account (payout)'}
              </label>
            ))}
          </div>
        </fieldset>
        {mode === 'wallet' ? (
          <SelectField
            label="To wallet"
            placeholder={source ? (destinations.length ? 'Choose the wallet to credit' : `No other active ${source.currency} wallet`) : 'Choose the source wallet first'}
            options={destinations.map((w) => ({ value: w.id, label: walletLabel(w) }))}
            hint="Only active wallets in the same currency can receive."
            error={e.destinationWalletId?.message}
            value={form.watch('destinationWalletId') ?? ''}
            onChange={(ev) => form.setValue('destinationWalletId', ev.target.value || undefined, { shouldValidate: form.formState.isSubmitted })}
          />
        ) : (
          <div className="space-y-2">
            <SelectField
              label="Beneficiary"
              placeholder={source ? (beneficiaries.data?.items.length ? 'Choose a saved beneficiary' : 'No saved beneficiary yet') : 'Choose the source wallet first'}
              options={(beneficiaries.data?.items ?? []).map((b) => ({ value: b.id, label: `${b.name} · ${b.iban}` }))}
              error={e.beneficiary?.message ?? (e.beneficiary as { id?: { message?: string } } | undefined)?.id?.message}
              value={beneficiaryId}
              onChange={(ev) => form.setValue('beneficiary', ev.target.value ? { id: ev.target.value } : undefined, { shouldValidate: form.formState.isSubmitted })}
            />
            {source && !adding ? (
              <Button type="button" variant="secondary" onClick={() => setAdding(true)}>
                New beneficiary…
              </Button>
            ) : null}
            {source && adding ? (
              <NewBeneficiaryForm
                inline
                customerId={source.customerId}
                onCancel={() => setAdding(false)}
                onSaved={async (b) => {
                  await client.invalidateQueries({ queryKey: ['beneficiaries'] });
                  form.setValue('beneficiary', { id: b.id }, { shouldValidate: form.formState.isSubmitted });
                  setAdding(false);
                  toast('success', `Beneficiary ${b.name} saved`);
                }}
              />
            ) : null}
          </div>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            label={`Amount (${currency})`}
            inputMode="decimal"
            autoComplete="off"
            hint={parsed ? `${formatMoney(parsed.toFixed(CURRENCY_MINOR_UNITS[currency]), currency)}` : `up to ${CURRENCY_MINOR_UNITS[currency]} decimals`}
            error={e.amount?.message}
            {...form.register('amount')}
          />
          <Field label="Reference" error={e.reference?.message} {...form.register('reference')} />
        </div>
        <div className="space-y-2">
          <SelectField
            label={mode === 'beneficiary' ? 'Payment consent' : 'Payment consent (optional for an administrator)'}
            placeholder={consents.data?.items.length ? 'Choose the customer’s consent' : 'No authorized consent for this wallet'}
            options={(consents.data?.items ?? []).map((c) => ({
              value: c.id,
              label: `${CONSENT_SCOPE_LABELS[c.scope]} · up to ${formatMoney(c.maxAmountPerPayment, c.currency)} · until ${c.expiresAt.slice(0, 10)}`,
            }))}
            hint="The customer’s authorization of payments from this wallet; record it here if it is missing."
            error={e.paymentConsentId?.message}
            value={form.watch('paymentConsentId') ?? ''}
            onChange={(ev) => form.setValue('paymentConsentId', ev.target.value || undefined, { shouldValidate: form.formState.isSubmitted })}
          />
          {/* no dead end: the missing consent is recorded here, and what was typed above stays */}
          {source && can('wallet:manage') && !consenting ? (
            <Button type="button" variant="secondary" onClick={() => setConsenting(true)}>
              Record the customer’s consent…
            </Button>
          ) : null}
          {source && consenting ? (
            <NewConsent
              walletId={source.id}
              currency={currency}
              amount={amount}
              onCancel={() => setConsenting(false)}
              onSaved={async (c) => {
                await client.invalidateQueries({ queryKey: ['payment-consents'] });
                form.setValue('paymentConsentId', c.id);
                form.clearErrors('paymentConsentId');
                setConsenting(false);
                toast('success', `Consent recorded: up to ${formatMoney(c.maxAmountPerPayment, c.currency)} per payment`);
              }}
            />
          ) : null}
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={pending}>
            {pending ? 'Sending…' : needsApproval ? 'Send for approval' : 'Send transfer'}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={reviewed !== null}
        title="Confirm the transfer"
        confirmLabel={reviewed?.approval ? 'Confirm: send for approval' : 'Confirm: send transfer'}
        variant="primary"
        pending={pending}
        onConfirm={() => void confirmSend()}
        onClose={() => setReview(null)}
      >
        {reviewed ? (
          <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[9rem_1fr]" data-testid="transfer-summary">
            <dt className="text-ink-muted">Amount</dt>
            <dd className="font-semibold">{reviewed.amount}</dd>
            <dt className="text-ink-muted">From</dt>
            <dd className="font-medium [overflow-wrap:anywhere]">{reviewed.from}</dd>
            <dt className="text-ink-muted">Balance</dt>
            <dd>{reviewed.balance}</dd>
            <dt className="text-ink-muted">To</dt>
            <dd className="font-medium [overflow-wrap:anywhere]">{reviewed.to}</dd>
            <dt className="text-ink-muted">Fee</dt>
            <dd data-testid="transfer-fee">{reviewed.fee}</dd>
            <dt className="text-ink-muted">Reference</dt>
            <dd className="[overflow-wrap:anywhere]">{reviewed.reference}</dd>
            <dt className="text-ink-muted">Payment consent</dt>
            <dd>{reviewed.consent}</dd>
            <dt className="text-ink-muted">What happens next</dt>
            <dd>{reviewed.next}</dd>
          </dl>
        ) : null}
      </ConfirmDialog>
      <aside className="space-y-4" aria-label="Before you send">
        <Section title="Approval" id="approval">
          <p className="text-sm text-ink" data-testid="approval-hint">
            {threshold === null
              ? 'Four-eyes approval is switched off: transfers complete at once.'
              : threshold === undefined
                ? '…'
                : needsApproval === null
                  ? `Transfers above ${formatMoney(threshold, currency)} wait for a second person’s approval.`
                  : needsApproval
                    ? `This transfer is above ${formatMoney(threshold, currency)}: it will wait for a second person’s approval.`
                    : `This transfer is within ${formatMoney(threshold, currency)}: it completes at once, no approval needed.`}
          </p>
        </Section>
        <Section title="Limits" id="limits">
          {!source ? <p className="text-sm text-ink-muted">Choose the source wallet to see its limits.</p> : null}
          {limits.isError ? <p className="text-sm text-rose-700">{errorMessage(limits.error)}</p> : null}
          {source && limits.data && limits.data.items.length === 0 ? <p className="text-sm text-ink-muted">No limits apply to this wallet.</p> : null}
          <ul className="space-y-2 text-sm" data-testid="limits-hint">
            {limits.data?.items.map((l) => {
              const left = Decimal.max(new Decimal(l.limit).minus(l.currentUsage), 0);
              const over = parsed ? (l.limitType === 'PER_TRANSACTION' ? parsed.gt(l.limit) : parsed.gt(left)) : false;
              return (
                <li key={l.id} className={over ? 'font-medium text-rose-700' : 'text-ink'}>
                  {LIMIT_TYPE_LABELS[l.limitType]} ({l.scope === 'WALLET' ? 'this wallet' : 'the customer'}): {formatMoney(l.limit, l.currency)}
                  {l.limitType === 'PER_TRANSACTION' ? '' : `, ${formatMoney(left.toFixed(CURRENCY_MINOR_UNITS[l.currency]), l.currency)} left`}
                  {over ? ' — this amount is over it' : ''}
                </li>
              );
            })}
          </ul>
        </Section>
      </aside>
    </div>
  );
}
