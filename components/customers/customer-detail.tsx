'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useCurrentUser } from '@/components/shell/user-context';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { SelectField, TextareaField } from '@/components/ui/input';
import { FormAlert, PageHeader, QueryError, Section } from '@/components/ui/page-header';
import { useToast } from '@/components/ui/toast';
import { CONSENT_SLUGS, deactivationBodySchema } from '@/lib/contract/onboarding';
import type { getCustomerDetail } from '@/lib/services/customers/directory';
import { ApiClientError, apiFetch, errorMessage } from '@/lib/ui/fetcher';
import { useContractForm } from '@/lib/ui/use-contract-form';

type Detail = Awaited<ReturnType<typeof getCustomerDetail>>;

const SLUG_OF = Object.fromEntries(Object.entries(CONSENT_SLUGS).map(([slug, type]) => [type, slug])) as Record<string, string>;
const label = (s: string) => s.replaceAll('_', ' ').toLowerCase();
const when = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : '—');

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
      {items.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-ink-muted">{k}</dt>
          <dd className="break-words font-medium text-ink">{v ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What the activation answered when it refused: the missing consents or the verification state. */
function ActivationAnswer({ error, onAccept, pending }: { error: ApiClientError; onAccept: (path: string) => void; pending: boolean }) {
  const data = error.data as Record<string, unknown>;
  if (data.activationStatus === 'CONSENT_REQUIRED') {
    const details = data.missingConsentDetails as Record<string, { consentType: string; acceptUrl: string }>;
    return (
      <div role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
        <p className="font-semibold">Missing required consents ({String(data.totalMissingConsents)} of {String(data.totalRequiredConsents)}).</p>
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
      <form onSubmit={submit} noValidate className="space-y-3">
        <FormAlert messages={alert} />
        <SelectField label="New status" options={['SUSPENDED', 'CLOSED']} error={errors.status?.message} {...form.register('status')} />
        <TextareaField label="Reason" error={errors.reason?.message} {...form.register('reason')} />
        <DialogActions onCancel={onClose} pending={pending} label="Deactivate" pendingLabel="Saving…" variant="danger" />
      </form>
    </Dialog>
  );
}

/** One customer: profile, documents, consents with history, verification history, audit, actions. */
export function CustomerDetail({ customerId }: { customerId: string }) {
  const { has } = useCurrentUser();
  const client = useQueryClient();
  const toast = useToast();
  const [deactivating, setDeactivating] = useState(false);
  const detail = useQuery({ queryKey: ['customer', customerId], queryFn: () => apiFetch<Detail>(`/api/v2.1/customers/${customerId}`) });
  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: ['customer', customerId] }), client.invalidateQueries({ queryKey: ['customers'] })]);
  const activation = useMutation({
    mutationFn: (base: string) => apiFetch<{ status: string }>(`${base}/activation`, { method: 'POST' }),
    onSuccess: async () => {
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
  if (detail.isError) return <QueryError error={detail.error} />;
  const c = detail.data;
  const base = `/api/v2.1/customer/${c.customerType === 'INDIVIDUAL' ? 'individual' : 'organization'}/${c.id}`;
  const mayDeactivate = has('ADMIN_USER', 'COMPLIANCE_OFFICER');

  return (
    <div className="space-y-6">
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
              <Button onClick={() => activation.mutate(base)} disabled={activation.isPending}>
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
      <div className="grid gap-6 lg:grid-cols-2">
        <Section title="Profile">
          <Facts
            items={[
              ['Email', c.email],
              ...(c.person
                ? ([
                    ['Name', `${c.person.firstName} ${c.person.lastName}`],
                    ['Date of birth', c.person.dateOfBirth],
                    ['Nationality', c.person.nationality],
                    ['Gender', c.person.gender ? label(c.person.gender) : null],
                  ] as [string, ReactNode][])
                : []),
              ...(c.organization
                ? ([
                    ['Legal name', c.organization.legalName],
                    ['Registration no.', c.organization.registrationNumber],
                    ['Business type', c.organization.businessType ? label(c.organization.businessType) : null],
                  ] as [string, ReactNode][])
                : []),
              ['Category', c.categorization ? `${c.categorization.categoryName ?? ''} (${label(c.categorization.riskLevel)} risk)` : null],
              ['Registered', when(c.createdAt)],
              ['Activated', when(c.activatedAt)],
              ...(c.statusReason ? ([['Status reason', c.statusReason]] as [string, ReactNode][]) : []),
            ]}
          />
          {c.addresses.length ? (
            <ul className="mt-3 space-y-1 text-sm">
              {c.addresses.map((a) => (
                <li key={a.id}>
                  <span className="text-ink-muted">{label(a.addressType)}:</span> {a.street} {a.building ?? ''}, {a.postalCode ?? ''} {a.city}, {a.country}
                </li>
              ))}
            </ul>
          ) : null}
          {c.representatives.length ? (
            <ul className="mt-3 space-y-1 text-sm">
              {c.representatives.map((r) => (
                <li key={r.id}>
                  {r.firstName} {r.lastName} {r.position ? `(${r.position})` : ''} · {r.ownershipShare}%
                </li>
              ))}
            </ul>
          ) : null}
        </Section>
        <Section title="Documents">
          {c.documents.length === 0 ? (
            <p className="text-sm text-ink-muted">No documents.</p>
          ) : (
            <ul className="space-y-2 text-sm">
              {c.documents.map((d) => (
                <li key={d.id} className="flex flex-wrap items-center justify-between gap-2">
                  <span>
                    {label(d.documentType)} {d.documentNumber ? `· ${d.documentNumber}` : ''} · {d.mimeType} · {Math.ceil(d.sizeBytes / 1024)} KiB
                  </span>
                  <Badge status={d.status} />
                </li>
              ))}
            </ul>
          )}
        </Section>
        <Section title="Consents">
          <ul className="space-y-2 text-sm" data-testid="consents">
            {c.consents.current.map((s) => (
              <li key={s.consentType} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  {label(s.consentType)} {s.version ? <span className="text-ink-muted">v{s.version}</span> : null}
                </span>
                <span className="flex items-center gap-2">
                  <Badge status={s.status} />
                  {s.status !== 'ACCEPTED' ? (
                    <Button variant="secondary" disabled={consent.isPending} onClick={() => consent.mutate(`${base}/consents/${SLUG_OF[s.consentType]}`)}>
                      Accept<span className="sr-only"> {label(s.consentType)}</span>
                    </Button>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer font-medium text-brand-700">History ({c.consents.history.length})</summary>
            <ol className="mt-2 space-y-1">
              {c.consents.history.map((h) => (
                <li key={h.id}>
                  {when(h.createdAt)} · {label(h.consentType)} v{h.version} <Badge status={h.status} /> {h.ipAddress ? `from ${h.ipAddress}` : ''}
                </li>
              ))}
            </ol>
          </details>
        </Section>
        <Section title="Verification history">
          {c.verificationHistory.length === 0 ? (
            <p className="text-sm text-ink-muted">No verification yet.</p>
          ) : (
            <ol className="space-y-1 text-sm">
              {c.verificationHistory.map((h) => (
                <li key={h.id}>
                  {when(h.createdAt)} · {label(h.action)} → <Badge status={String((h.after as { status?: string } | null)?.status ?? '')} />
                  {(h.after as { reasonCode?: string } | null)?.reasonCode ? <span className="text-ink-muted"> ({label(String((h.after as { reasonCode: string }).reasonCode))})</span> : null}
                </li>
              ))}
            </ol>
          )}
        </Section>
      </div>
      <Section title="Audit log">
        <ol className="max-h-80 space-y-1 overflow-y-auto text-sm" tabIndex={0} aria-label="Audit entries">
          {c.audit.map((a) => (
            <li key={a.id} className="flex flex-wrap gap-x-2">
              <span className="text-ink-muted">{when(a.createdAt)}</span>
              <span className="font-medium">{label(a.action)}</span>
              <span className="text-ink-muted">{label(a.entityType)}</span>
            </li>
          ))}
        </ol>
      </Section>
      <DeactivateDialog open={deactivating} onClose={() => setDeactivating(false)} base={base} />
    </div>
  );
}
