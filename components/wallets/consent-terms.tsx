'use client';

import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/input';
import { createPaymentConsentBodySchema, PAYMENT_CONSENT_SCOPES } from '@/lib/contract/wallets';
import { CONSENT_SCOPE_LABELS } from './money';

type ConsentForm = UseFormReturn<z.input<typeof createPaymentConsentBodySchema>, unknown, z.output<typeof createPaymentConsentBodySchema>>;

/** A day `days` from today (UTC), as the date input writes it. */
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A new consent's default expiry: the end (UTC) of the day 90 days from today. */
export const defaultConsentExpiry = () => new Date(`${inDays(90)}T23:59:59Z`).toISOString();

/**
 * The terms of a payment consent (scope, largest payment, valid until the end of a day, UTC), as
 * the Payment consents screen and the transfer form's inline consent both ask them.
 */
export function ConsentTermsFields({ form, currency }: { form: ConsentForm; currency: string }) {
  const e = form.formState.errors;
  const expires = form.watch('expiresAt');
  return (
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
  );
}
