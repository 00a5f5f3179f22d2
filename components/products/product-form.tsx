'use client';

import { useState } from 'react';
import { Field } from '@/components/ui/field';
import { SelectField, TextareaField } from '@/components/ui/input';
import { DialogActions } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/page-header';
import { CURRENCIES } from '@/lib/contract/money';
import { createProductBodySchema, FEE_BPS_MAX, updateProductBodySchema, type Product, type ProductKind } from '@/lib/contract/products';
import { apiFetch } from '@/lib/ui/fetcher';
import { useContractForm } from '@/lib/ui/use-contract-form';

/** Form inputs to the contract's types: an empty text is "not given" (null for limits and currency), numbers are numbers, a list of codes is an array. */
const orNull = { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : String(v).trim()) };
const orUndefined = { setValueAs: (v: unknown) => (v === '' ? undefined : v) };
const asNumber = { setValueAs: (v: unknown) => (v === '' || v === undefined ? undefined : Number(v)) };
const codes = {
  setValueAs: (v: unknown) => {
    if (Array.isArray(v)) return v;
    const list = String(v ?? '')
      .split(/[\s,]+/)
      .filter(Boolean);
    return list.length ? list : null;
  },
};

/**
 * Create or change a wallet or card product. The resolver is the API's own schema (create or
 * update), so the form refuses exactly what the server refuses (a negative fee, a percentage above
 * 100 %, a malformed BIN); the server's field errors land on the same fields.
 */
export function ProductForm({ kind, existing, onSaved, onCancel }: { kind: ProductKind; existing?: Product; onSaved: (p: Product) => void; onCancel: () => void }) {
  const [key] = useState(() => crypto.randomUUID());
  const wallet = kind === 'WALLET';
  const defaults = existing
    ? {
        name: existing.name,
        description: existing.description ?? undefined,
        limits: existing.limits,
        ...(wallet ? { payoutFee: existing.payoutFee!, transferFee: existing.transferFee! } : { binRange: existing.binRange!, allowedMccs: existing.allowedMccs }),
      }
    : {
        kind,
        currency: 'EUR',
        limits: { perTransaction: null, daily: null, monthly: null },
        ...(wallet ? { payoutFee: { fixed: '0', percentBps: 0 }, transferFee: { fixed: '0', percentBps: 0 } } : { binRange: { start: '', end: '' }, allowedMccs: null }),
      };
  const schema = existing ? updateProductBodySchema : createProductBodySchema;
  const { form, alert, submit, errors, pending } = useContractForm(schema as typeof createProductBodySchema, defaults as never, async (values) => {
    const saved = existing
      ? await apiFetch<Product>(`/api/v2.1/products/${existing.id}`, { method: 'PATCH', json: values })
      : await apiFetch<Product>('/api/v2.1/products', { method: 'POST', json: values, headers: { 'Idempotency-Key': key } });
    onSaved(saved);
  });
  // the errors of either kind's fields (the form's type is the union of both bodies)
  const e = errors as Record<string, { message?: string } & Record<string, { message?: string }>>;
  const mccErrors = errors as unknown as { allowedMccs?: { message?: string } & Record<number, { message?: string } | undefined> };
  const mccError = mccErrors.allowedMccs?.message ?? Object.values(mccErrors.allowedMccs ?? {}).find((x): x is { message?: string } => typeof x === 'object' && x !== null)?.message;
  const reg = form.register as unknown as (name: string, options?: object) => ReturnType<typeof form.register>;
  return (
    <form method="post" onSubmit={submit} noValidate className="space-y-4">
      <FormAlert messages={alert} />
      <div className="grid gap-3 sm:grid-cols-2">
        {existing ? null : <Field label="Code" hint="Lower-case letters, digits and hyphens; fixed once created" placeholder="e.g. premium-eur" error={e.code?.message} {...reg('code')} />}
        <Field label="Name" placeholder={wallet ? 'e.g. Premium EUR' : 'e.g. Travel card'} error={e.name?.message} {...reg('name')} />
        {existing ? null : (
          <SelectField
            label="Currency"
            hint={wallet ? 'Of the wallets opened on it' : 'Of the cards issued on it'}
            options={[{ value: '', label: 'Chosen when opened' }, ...CURRENCIES.map((c) => ({ value: c, label: c }))]}
            error={e.currency?.message}
            {...reg('currency', orNull)}
          />
        )}
        <TextareaField label="Description (optional)" className="sm:col-span-2" error={e.description?.message} {...reg('description', orUndefined)} />
      </div>
      {wallet ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-ink">Fees</legend>
          <p className="text-xs text-ink-muted">
            Fee = fixed amount + percentage of the payment, the percentage part rounded half up to the currency’s minor units. Taken from the wallet with the payment and shown on its
            statement as a line of its own. A change applies to payments made from then on.
          </p>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Payout fee: fixed amount" inputMode="decimal" error={e.payoutFee?.fixed?.message} {...reg('payoutFee.fixed')} />
            <Field
              label="Payout fee: percentage in basis points"
              hint={`100 = 1 %, at most ${FEE_BPS_MAX}`}
              type="number"
              inputMode="numeric"
              error={e.payoutFee?.percentBps?.message}
              {...reg('payoutFee.percentBps', asNumber)}
            />
            <Field label="Wallet transfer fee: fixed amount" inputMode="decimal" error={e.transferFee?.fixed?.message} {...reg('transferFee.fixed')} />
            <Field
              label="Wallet transfer fee: percentage in basis points"
              hint={`100 = 1 %, at most ${FEE_BPS_MAX}`}
              type="number"
              inputMode="numeric"
              error={e.transferFee?.percentBps?.message}
              {...reg('transferFee.percentBps', asNumber)}
            />
          </div>
        </fieldset>
      ) : (
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-ink">Card numbers and merchants</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="BIN range: first" hint="6 to 8 digits (sandbox)" inputMode="numeric" error={e.binRange?.start?.message} {...reg('binRange.start')} />
            <Field label="BIN range: last" hint="As many digits as the first" inputMode="numeric" error={e.binRange?.end?.message} {...reg('binRange.end')} />
            <Field
              label="Allowed merchant categories (optional)"
              hint="4-digit codes separated by commas; empty: every category"
              className="sm:col-span-2"
              error={mccError}
              {...reg('allowedMccs', codes)}
            />
          </div>
        </fieldset>
      )}
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-ink">{wallet ? 'Default transaction limits' : 'Default spending limits'} (optional)</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          <Field label="Per payment" inputMode="decimal" error={e.limits?.perTransaction?.message} {...reg('limits.perTransaction', orNull)} />
          <Field label="Per day" inputMode="decimal" error={e.limits?.daily?.message} {...reg('limits.daily', orNull)} />
          <Field label="Per month" inputMode="decimal" error={e.limits?.monthly?.message} {...reg('limits.monthly', orNull)} />
        </div>
      </fieldset>
      <DialogActions onCancel={onCancel} pending={pending} label={existing ? 'Save changes' : 'Create product'} pendingLabel="Saving…" />
    </form>
  );
}
