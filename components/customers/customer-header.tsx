'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentUser } from '@/components/shell/user-context';
import { Badge } from '@/components/ui/badge';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { SelectField, TextareaField } from '@/components/ui/input';
import { FormAlert, PageHeader } from '@/components/ui/page-header';
import { useToast } from '@/components/ui/toast';
import { deactivationBodySchema } from '@/lib/contract/onboarding';
import { ApiClientError, apiFetch, errorMessage } from '@/lib/ui/fetcher';
import { useContractForm } from '@/lib/ui/use-contract-form';
import { customerBase, label, useCustomer, when } from './use-customer';
import { LoadError, StaleBanner, loadFailed } from '@/components/ui/query-state';

/** What the activation answered when it refused: the missing consents or the verification state. */
function ActivationAnswer({ error, onAccept, pending }: { error: ApiClientError; onAccept: (path: string) => void; pending: boolean }) {
  const data = error.data as Record<string, unknown>;
  if (data.activationStatus === 'CONSENT_REQUIRED') {
    const details = data.missingConsentDetails as Record<string, { consentType: string; acceptUrl: string }>;
    return (
      <div role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
        <p className="font-semibold">
          Missing required consents ({String(data.totalMissingConsents)} of {String(data.totalRequiredConsents)}).
        </p>
        <ul className="mt-2 space-y-1">
          {Object.values(details).map((d) => (
            <li key={d.consentType} className="flex flex-wrap items-center gap-2">
              <span>{label(d.consentType)}</span>
              <Button variant="secondary" disabled={pending} onClick={() => onAccept(d.acceptUrl)}>
                Accept {label(d.consentType)}
              </Button>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (data.error === 'RECONSENT_REQUIRED') {
    const outdated = data.consents as { consentType: string; acceptedVersion: string; versionInForce: string; acceptUrl: string }[];
    return (
      <div role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
        <p className="font-semibold">A new version must be accepted first.</p>
        <ul className="mt-2 space-y-1">
          {outdated.map((d) => (
            <li key={d.consentType} className="flex flex-wrap items-center gap-2">
              <span>
                {label(d.consentType)}: accepted version {d.acceptedVersion}, version {d.versionInForce} in force
              </span>
              <Button variant="secondary" disabled={pending} onClick={() => onAccept(d.acceptUrl)}>
                Accept version {d.versionInForce}
                <span className="sr-only"> of {label(d.consentType)}</span>
              </Button>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (data.activationStatus === 'VERIFICATION_REQUIRED') {
    return (
      <div role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
        <p className="font-semibold">Customer not verified: verification is {label(String(data.verificationStatus))}.</p>
        <p>{String(data.reason)}</p>
        {data.estimatedCompletionTime ? <p>Expected by {when(String(data.estimatedCompletionTime))}.</p> : null}
      </div>
    );
  }
  return (
    <p role="alert" className="rounded-md bg-rose-50 p-3 text-sm text-rose-800 ring-1 ring-rose-200">
      {errorMessage(error)}
    </p>
  );
}

function DeactivateDialog({ open, onClose, base }: { open: boolean; onClose: () => void; base: string }) {
  const client = useQueryClient();
  const toast = useToast();
  const { form, alert, submit, errors, pending } = useContractForm(deactivationBodySchema, { status: 'SUSPENDED', reason: '' }, async (values) => {
    await apiFetch(`${base}/deactivation`, { method: 'POST', json: values });
    await client.invalidateQueries({ queryKey: ['customer'] });
    await client.invalidateQueries({ queryKey: ['customers'] });
    toast('success', `Customer ${values.status.toLowerCase()}`);
    onClose();
  });
  return (
    <Dialog open={open} onClose={onClose} title="Deactivate customer">
      <form method="post" onSubmit={submit} noValidate className="space-y-3">
        <FormAlert messages={alert} />
        <SelectField label="New status" options={['SUSPENDED', 'CLOSED']} error={errors.status?.message} {...form.register('status')} />
        <TextareaField label="Reason" error={errors.reason?.message} {...form.register('reason')} />
        <DialogActions onCancel={onClose} pending={pending} label="Deactivate" pendingLabel="Saving…" variant="danger" />
      </form>
    </Dialog>
  );
}

/**
 * The customer page's heading: name, type, status and verification, and the actions the viewer's
 * capabilities allow (activate; deactivate with customer:deactivate, initiate verification with verification:review).
 * A refused activation explains itself (missing consents with accept buttons, or the verification).
 */
export function CustomerHeader({ customerId }: { customerId: string }) {
  const { can } = useCurrentUser();
  const client = useQueryClient();
  const toast = useToast();
  const [deactivating, setDeactivating] = useState(false);
  const [activating, setActivating] = useState(false);
  const detail = useCustomer(customerId);
  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: ['customer', customerId] }), client.invalidateQueries({ queryKey: ['customers'] })]);
  const activation = useMutation({
    mutationFn: (base: string) => apiFetch<{ status: string }>(`${base}/activation`, { method: 'POST' }),
    // the confirmation closes on any answer, before the customer is read again: a refusal (consents,
    // verification) is shown on the page with its way forward
    onError: () => setActivating(false),
    onSuccess: async () => {
      setActivating(false);
      toast('success', 'Customer activated');
      await refresh();
    },
  });
  const consent = useMutation({
    mutationFn: (path: string) => apiFetch(path, { method: 'POST', json: {} }),
    onSuccess: async () => {
      toast('success', 'Consent recorded');
      await refresh();
    },
    onError: (e) => toast('error', errorMessage(e)),
  });
  const verify = useMutation({
    mutationFn: (base: string) => apiFetch(`${base}/verification`, { method: 'POST' }),
    onSuccess: async () => {
      toast('success', 'Verification initiated');
      await refresh();
    },
    onError: (e) => toast('error', errorMessage(e)),
  });

  if (detail.isPending) return <p className="text-ink-muted">Loading…</p>;
  if (loadFailed(detail)) return <LoadError query={detail} />;
  const c = detail.data;
  const base = customerBase(c);
  const mayDeactivate = can('customer:deactivate');

  return (
    <div className="space-y-4">
      <StaleBanner query={detail} what="the customer" />
      <PageHeader
        title={c.displayName}
        description={
          <span className="flex flex-wrap items-center gap-2">
            {c.customerType === 'INDIVIDUAL' ? 'Individual' : 'Organization'} · <Badge status={c.status} /> · verification <Badge status={c.verification?.status ?? null} />
          </span>
        }
        actions={
          <>
            {c.status !== 'ACTIVE' && c.status !== 'CLOSED' ? (
              <Button onClick={() => setActivating(true)} disabled={activation.isPending}>
                {activation.isPending ? 'Activating…' : 'Activate'}
              </Button>
            ) : null}
            {mayDeactivate && c.status !== 'CLOSED' ? (
              <Button variant="secondary" onClick={() => setDeactivating(true)}>
                Deactivate
              </Button>
            ) : null}
            {mayDeactivate && (!c.verification || c.verification.status === 'REVISION_REQUESTED' || c.verification.status === 'REJECTED') ? (
              <Button variant="secondary" onClick={() => verify.mutate(base)} disabled={verify.isPending}>
                Initiate verification
              </Button>
            ) : null}
          </>
        }
      />
      <div aria-live="polite">
        {activation.isError && activation.error instanceof ApiClientError ? (
          <ActivationAnswer error={activation.error} onAccept={(p) => consent.mutate(p, { onSuccess: () => activation.reset() })} pending={consent.isPending} />
        ) : null}
      </div>
      <DeactivateDialog open={deactivating} onClose={() => setDeactivating(false)} base={base} />
      <ConfirmDialog
        open={activating}
        title="Activate customer"
        confirmLabel="Activate customer"
        variant="primary"
        pending={activation.isPending}
        onConfirm={() => activation.mutate(base)}
        onClose={() => setActivating(false)}
      >
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[9rem_1fr]" data-testid="activation-summary">
          <dt className="text-ink-muted">Customer</dt>
          <dd className="font-medium">{c.displayName}</dd>
          <dt className="text-ink-muted">Verification</dt>
          <dd className="font-medium">{c.verification ? c.verification.status.toLowerCase().replaceAll('_', ' ') : 'none yet'}</dd>
          <dt className="text-ink-muted">What happens next</dt>
          <dd>
            The customer’s status becomes active, and it stays so until deactivated. Activation is refused while a required consent is missing or accepted only in a version before a material
            change, or the verification is not approved; the page then says what is missing.
          </dd>
        </dl>
      </ConfirmDialog>
    </div>
  );
}
