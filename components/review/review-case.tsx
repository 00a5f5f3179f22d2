'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SelectField, TextareaField } from '@/components/ui/input';
import { FormAlert, PageHeader, QueryError, Section } from '@/components/ui/page-header';
import { useToast } from '@/components/ui/toast';
import { DECISIONS, decisionBodySchema, noteBodySchema, REASON_CODES } from '@/lib/contract/onboarding';
import type { getVerification } from '@/lib/services/onboarding/verification';
import { ApiClientError, apiFetch, errorMessage } from '@/lib/ui/fetcher';
import { applyServerErrors } from '@/lib/ui/form-errors';
import { useContractForm } from '@/lib/ui/use-contract-form';

type Case = Awaited<ReturnType<typeof getVerification>>;
type Decision = z.input<typeof decisionBodySchema>;
const label = (s: string) => s.replaceAll('_', ' ').toLowerCase();
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');
const DECISION_LABELS = { APPROVE: 'Approve', REJECT: 'Reject', REQUEST_REVISION: 'Request revision' } as const;

/** Four-eyes refusals get their own, unmistakable box. */
function Refusal({ error }: { error: unknown }) {
  if (error instanceof ApiClientError && error.data.error === 'FOUR_EYES') {
    return (
      <div role="alert" data-testid="four-eyes" className="rounded-md bg-rose-50 p-3 text-sm text-rose-900 ring-1 ring-rose-300">
        <p className="font-semibold">Four-eyes rule: you cannot decide on this case.</p>
        <p>{String(error.data.details)}</p>
      </div>
    );
  }
  return <FormAlert messages={error ? [errorMessage(error)] : []} />;
}

function DecisionForm({ id, onDone }: { id: string; onDone: () => Promise<unknown> }) {
  const toast = useToast();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<Decision>({ resolver: zodResolver(decisionBodySchema), defaultValues: { decision: 'APPROVE', reasonCode: 'DOCUMENTS_VERIFIED', comment: undefined } });
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await apiFetch(`/api/v2.1/verifications/${id}/decision`, { method: 'POST', json: values });
      toast('success', `Decision recorded: ${DECISION_LABELS[values.decision].toLowerCase()}`);
      await onDone();
    } catch (e) {
      const rest = applyServerErrors(e, form.setError);
      setFailure(rest.length ? e : null);
    }
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <div aria-live="assertive">{failure ? <Refusal error={failure} /> : null}</div>
      <SelectField label="Decision" options={DECISIONS.map((d) => ({ value: d, label: DECISION_LABELS[d] }))} error={form.formState.errors.decision?.message} {...form.register('decision')} />
      <SelectField label="Reason code" options={REASON_CODES} error={form.formState.errors.reasonCode?.message} {...form.register('reasonCode')} />
      <TextareaField label="Comment" error={form.formState.errors.comment?.message} {...form.register('comment', { setValueAs: (v) => (v === '' ? undefined : v) })} />
      <Button type="submit" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Saving…' : 'Record decision'}
      </Button>
    </form>
  );
}

function NoteForm({ id, onDone }: { id: string; onDone: () => Promise<unknown> }) {
  const { form, alert, submit } = useContractForm(noteBodySchema, { body: '' }, async (values, self) => {
    await apiFetch(`/api/v2.1/verifications/${id}/notes`, { method: 'POST', json: values });
    self.reset({ body: '' });
    await onDone();
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-2">
      <FormAlert messages={alert} />
      <TextareaField label="New note" error={form.formState.errors.body?.message} {...form.register('body')} />
      <Button type="submit" variant="secondary" disabled={form.formState.isSubmitting}>
        Add note
      </Button>
    </form>
  );
}

/** One case: customer data, documents with viewer and per-document decisions, notes, history, decision. */
export function ReviewCase({ id, userId }: { id: string; userId: string }) {
  const client = useQueryClient();
  const toast = useToast();
  const [docReason, setDocReason] = useState<Record<string, string>>({});
  const [docError, setDocError] = useState<unknown>(null);
  const c = useQuery({ queryKey: ['verification', id], queryFn: () => apiFetch<Case>(`/api/v2.1/verifications/${id}`) });
  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: ['verification', id] }), client.invalidateQueries({ queryKey: ['verifications'] })]);
  const assign = useMutation({
    mutationFn: () => apiFetch(`/api/v2.1/verifications/${id}/assign`, { method: 'POST', json: {} }),
    onSuccess: async () => {
      toast('success', 'Assigned to you');
      await refresh();
    },
    onError: (e) => toast('error', errorMessage(e)),
  });
  const docDecision = useMutation({
    mutationFn: (v: { documentId: string; decision: 'ACCEPT' | 'REJECT' }) =>
      apiFetch(`/api/v2.1/verifications/${id}/documents/${v.documentId}/decision`, {
        method: 'POST',
        json: { decision: v.decision, reasonCode: docReason[v.documentId] ?? (v.decision === 'ACCEPT' ? 'DOCUMENTS_VERIFIED' : 'DOCUMENT_UNREADABLE') },
      }),
    onMutate: () => setDocError(null),
    onSuccess: refresh,
    onError: (e) => setDocError(e),
  });
  if (c.isPending) return <p className="text-ink-muted">Loading…</p>;
  if (c.isError) return <QueryError error={c.error} />;
  const v = c.data;
  const open = v.status === 'PENDING_REVIEW' || v.status === 'IN_REVIEW';
  return (
    <div className="space-y-6">
      <PageHeader
        title={v.customerName}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <Badge status={v.status} /> · submitted {when(v.submittedAt)} · {v.assigneeUserId === userId ? 'assigned to you' : v.assigneeUserId ? 'assigned to someone else' : 'unassigned'}
          </span>
        }
        actions={
          <>
            <Link href={`/customers/${v.customerId}`} className="rounded-md px-4 py-2 text-sm font-semibold text-ink ring-1 ring-inset ring-slate-300 hover:bg-slate-50">
              Customer page
            </Link>
            {open && v.assigneeUserId !== userId ? (
              <Button onClick={() => assign.mutate()} disabled={assign.isPending}>
                Assign to me
              </Button>
            ) : null}
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Section title="Customer data">
          <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
            {(
              [
                ['Type', label(v.customerType)],
                ['Email', v.customerEmail],
                ...(v.person ? [['Name', `${v.person.firstName} ${v.person.lastName}`], ['Date of birth', v.person.dateOfBirth], ['Nationality', v.person.nationality]] : []),
                ...(v.organization ? [['Legal name', v.organization.legalName], ['Registration no.', v.organization.registrationNumber]] : []),
                ['Risk level', v.categorization?.riskLevel ?? null],
                ...Object.entries(v.categorization?.parameters ?? {}),
                ...v.addresses.map((a) => [label(a.addressType), `${a.street}, ${a.postalCode ?? ''} ${a.city}, ${a.country}`]),
              ] as [string, string | null][]
            ).map(([k, val]) => (
              <div key={k} className="contents">
                <dt className="text-ink-muted">{k}</dt>
                <dd className="break-words font-medium">{val ?? '—'}</dd>
              </div>
            ))}
          </dl>
        </Section>
        <Section title="Decision">
          {open ? <DecisionForm id={id} onDone={refresh} /> : <p className="text-sm">Decided: <Badge status={v.status} /> {v.reasonCode ? `(${label(v.reasonCode)})` : ''} {v.comment ?? ''}</p>}
        </Section>
      </div>
      <Section title="Documents">
        <div aria-live="assertive">{docError ? <Refusal error={docError} /> : null}</div>
        {v.documents.length === 0 ? <p className="text-sm text-ink-muted">No documents.</p> : null}
        <ul className="grid gap-4 md:grid-cols-2">
          {v.documents.map((d) => {
            const src = `/api/v2.1/verifications/${id}/documents/${d.id}/content`;
            return (
              <li key={d.id} className="space-y-2 rounded-lg p-3 ring-1 ring-slate-200">
                <p className="flex flex-wrap items-center justify-between gap-2 text-sm font-medium">
                  {label(d.documentType)} {d.documentNumber ?? ''} <Badge status={d.status} />
                </p>
                {d.mimeType.startsWith('image/') ? (
                  // eslint-disable-next-line @next/next/no-img-element -- the document itself, served by our API
                  <img src={src} alt={`${label(d.documentType)} of ${v.customerName}`} className="max-h-64 w-auto rounded bg-slate-100 ring-1 ring-slate-200" />
                ) : null}
                <a href={src} target="_blank" rel="noopener" className="block text-sm text-brand-700 underline">
                  Open {d.mimeType === 'application/pdf' ? 'PDF' : 'file'} in a new tab
                </a>
                {open ? (
                  <div className="flex flex-wrap items-end gap-2">
                    <SelectField
                      label="Reason"
                      className="min-w-48 flex-1"
                      options={REASON_CODES}
                      value={docReason[d.id] ?? ''}
                      placeholder="Default reason"
                      onChange={(e) => setDocReason((r) => ({ ...r, [d.id]: e.target.value }))}
                    />
                    <Button variant="secondary" disabled={docDecision.isPending} onClick={() => docDecision.mutate({ documentId: d.id, decision: 'ACCEPT' })}>
                      Accept<span className="sr-only"> document</span>
                    </Button>
                    <Button variant="secondary" disabled={docDecision.isPending} onClick={() => docDecision.mutate({ documentId: d.id, decision: 'REJECT' })}>
                      Reject<span className="sr-only"> document</span>
                    </Button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      </Section>
      <div className="grid gap-6 lg:grid-cols-2">
        <Section title="Notes">
          <ol className="mb-3 space-y-2 text-sm">
            {v.notes.map((n) => (
              <li key={n.id} className="rounded bg-slate-50 p-2">
                <p className="whitespace-pre-wrap">{n.body}</p>
                <p className="mt-1 text-xs text-ink-muted">
                  {n.authorUserId === userId ? 'you' : 'another reviewer'} · {when(n.createdAt)}
                </p>
              </li>
            ))}
          </ol>
          <NoteForm id={id} onDone={refresh} />
        </Section>
        <Section title="History">
          <ol className="space-y-1 text-sm">
            {v.history.map((h) => (
              <li key={h.id}>
                <span className="text-ink-muted">{when(h.createdAt)}</span> {label(h.action)}
              </li>
            ))}
          </ol>
        </Section>
      </div>
    </div>
  );
}
