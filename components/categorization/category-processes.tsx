'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Checkbox } from '@/components/ui/input';
import { FormAlert } from '@/components/ui/page-header';
import { LoadError, StaleBanner } from '@/components/ui/query-state';
import { useToast } from '@/components/ui/toast';
import { ALWAYS_REQUIRED, categoryProcessBodySchema, PROCESS_REQUIREMENTS, type CategoryProcess, type CategoryProcessBody } from '@/lib/contract/category-processes';
import { DOCUMENT_REQUIREMENTS, type CustomerType, type DocumentRequirement } from '@/lib/contract/review';
import { apiFetch } from '@/lib/ui/fetcher';
import { useContractForm } from '@/lib/ui/use-contract-form';

/**
 * The tenant admin's screen of the category-to-process mapping (docs/category-processes.md): each
 * category with its documents, screening, approvals and products in words, and a form that
 * replaces one category's process (the server checks the same schema and answers field errors).
 */

const URL = '/api/v2.1/category-processes';
const TYPE_WORDS: Record<CustomerType, string> = { INDIVIDUAL: 'Individuals', ORGANIZATION: 'Organizations' };

/** A requirement as the screen says it; the per-person one says whose. */
const requirementWords = (r: string) =>
  r === 'REPRESENTATIVE_IDENTITY' ? 'Identity document of each representative and owner' : (DOCUMENT_REQUIREMENTS[r as DocumentRequirement]?.label ?? r);
const approvalsWords = (n: number) => (n === 2 ? 'Two officers (the second cannot be the first)' : 'One officer');
const productsWords = (codes: string[]) => (codes.length ? codes.join(', ') : 'Any product');
const parseCodes = (text: string) =>
  text
    .split(/[,\s]+/)
    .map((c) => c.trim())
    .filter(Boolean);

export function CategoryProcesses() {
  const q = useQuery({ queryKey: ['category-processes'], queryFn: () => apiFetch<{ items: CategoryProcess[] }>(URL) });
  const [editing, setEditing] = useState<CategoryProcess | null>(null);
  return (
    <div className="space-y-4">
      <LoadError query={q} />
      <StaleBanner query={q} what="the category processes" />
      {q.isPending ? <p className="text-sm text-ink-muted">Loading…</p> : null}
      {q.data?.items.length === 0 ? <p className="text-sm text-ink-muted">Your tenant has no categories yet.</p> : null}
      <ul className="space-y-4" data-testid="category-processes">
        {q.data?.items.map((p) => (
          <li key={p.categoryId} className="rounded-xl bg-white p-5 shadow-card" data-testid={`process-${p.categoryCode}`}>
            <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
              <h2 className="text-base font-semibold text-ink">
                {p.categoryName} <span className="text-sm font-normal text-ink-muted">· {TYPE_WORDS[p.customerType]}</span>
              </h2>
              <div className="flex flex-wrap items-center gap-2">
                {p.isActive ? null : <Badge tone="neutral">Inactive</Badge>}
                <Badge tone={p.isDefault ? 'neutral' : 'info'}>{p.isDefault ? 'Default process' : 'Changed'}</Badge>
                <Button type="button" variant="secondary" onClick={() => setEditing(p)} aria-label={`Edit the process of ${p.categoryName}`}>
                  Edit
                </Button>
              </div>
            </div>
            <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]">
              <dt className="text-ink-muted">Documents required</dt>
              <dd className="font-medium">{p.requiredDocuments[p.customerType].map(requirementWords).join(', ')}</dd>
              <dt className="text-ink-muted">Sanctions and PEP screening</dt>
              <dd className="font-medium">{p.screeningRequired ? 'At registration' : 'Not required'}</dd>
              <dt className="text-ink-muted">Approvals</dt>
              <dd className="font-medium">{approvalsWords(p.approvalsRequired)}</dd>
              <dt className="text-ink-muted">Products it may open</dt>
              <dd className="break-words font-medium">{productsWords(p.productCodes)}</dd>
            </dl>
          </li>
        ))}
      </ul>
      {editing ? <ProcessDialog key={editing.categoryId} process={editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}

function ProcessDialog({ process, onClose }: { process: CategoryProcess; onClose: () => void }) {
  const client = useQueryClient();
  const toast = useToast();
  const type = process.customerType;
  const [codes, setCodes] = useState(process.productCodes.join(', '));
  const { form, alert, submit, errors, pending } = useContractForm(
    categoryProcessBodySchema,
    { requiredDocuments: process.requiredDocuments, screeningRequired: process.screeningRequired, approvalsRequired: process.approvalsRequired, productCodes: process.productCodes },
    async (values: CategoryProcessBody) => {
      const saved = await apiFetch<CategoryProcess>(`${URL}/${process.categoryId}`, { method: 'PUT', json: values });
      client.setQueryData<{ items: CategoryProcess[] }>(['category-processes'], (old) => (old ? { items: old.items.map((p) => (p.categoryId === saved.categoryId ? saved : p)) } : old));
      await client.invalidateQueries({ queryKey: ['verification'] });
      toast('success', `Process of ${process.categoryName} saved`);
      onClose();
    },
  );
  const docs = (form.watch(`requiredDocuments.${type}`) ?? []) as DocumentRequirement[];
  const approvals = form.watch('approvalsRequired');
  const setDocs = (next: DocumentRequirement[]) =>
    // in the order the platform lists them, so the wizard and the case show them in one order
    form.setValue(
      `requiredDocuments.${type}`,
      PROCESS_REQUIREMENTS[type].filter((r) => next.includes(r)),
      { shouldDirty: true, shouldValidate: form.formState.submitCount > 0 },
    );
  const docsError = errors.requiredDocuments?.[type];
  const docsMessage = docsError?.message ?? (Array.isArray(docsError) ? docsError.find((e) => e?.message)?.message : undefined);
  const codesError = errors.productCodes?.message ?? (Array.isArray(errors.productCodes) ? errors.productCodes.find((e) => e?.message)?.message : undefined);
  return (
    <Dialog open onClose={onClose} title={`Process of ${process.categoryName}`}>
      <form method="post" noValidate onSubmit={submit} className="space-y-5">
        <FormAlert messages={alert} />
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-ink">Documents {TYPE_WORDS[type].toLowerCase()} of this category must provide</legend>
          {PROCESS_REQUIREMENTS[type].map((r) => {
            const always = ALWAYS_REQUIRED[type] === r;
            return (
              <Checkbox
                key={r}
                label={always ? `${requirementWords(r)} (always required)` : requirementWords(r)}
                checked={docs.includes(r)}
                disabled={always}
                onChange={(e) => setDocs(e.target.checked ? [...docs, r] : docs.filter((x) => x !== r))}
              />
            );
          })}
          {docsMessage ? (
            <p role="alert" className="text-xs font-medium text-rose-700">
              {docsMessage}
            </p>
          ) : null}
          <p className="text-xs text-ink-muted">The registration wizard asks for these, and a case is approved only once each has an accepted document.</p>
        </fieldset>
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-ink">Screening</legend>
          <Checkbox label="Screen against the sanctions and PEP lists at registration" error={errors.screeningRequired?.message} {...form.register('screeningRequired')} />
        </fieldset>
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-ink">Approvals</legend>
          {([1, 2] as const).map((n) => (
            <div key={n} className="flex items-start gap-2">
              <input
                id={`approvals-${n}`}
                type="radio"
                name="approvalsRequired"
                className="mt-0.5 h-4 w-4"
                checked={approvals === n}
                onChange={() => form.setValue('approvalsRequired', n, { shouldDirty: true })}
              />
              <label htmlFor={`approvals-${n}`} className="text-sm text-ink">
                {approvalsWords(n)}
              </label>
            </div>
          ))}
          {errors.approvalsRequired?.message ? (
            <p role="alert" className="text-xs font-medium text-rose-700">
              {errors.approvalsRequired.message}
            </p>
          ) : null}
        </fieldset>
        <Field
          label="Products it may open"
          hint="Product codes, separated by commas (e.g. default-wallet, default-card); empty: any product"
          value={codes}
          error={codesError}
          onChange={(e) => {
            setCodes(e.target.value);
            form.setValue('productCodes', parseCodes(e.target.value), { shouldDirty: true, shouldValidate: form.formState.submitCount > 0 });
          }}
        />
        <p className="text-xs text-ink-muted">Open cases of this category follow the new process from their next decision.</p>
        <DialogActions onCancel={onClose} pending={pending} label="Save process" pendingLabel="Saving…" />
      </form>
    </Dialog>
  );
}
