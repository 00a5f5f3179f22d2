'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { TextareaField } from '@/components/ui/input';
import { FormAlert, Section } from '@/components/ui/page-header';
import { LoadError, StaleBanner } from '@/components/ui/query-state';
import { useToast } from '@/components/ui/toast';
import {
  CONSENT_BODY_MAX,
  createConsentVersionBodySchema,
  type ConsentTemplate,
  type ConsentTemplateVersion,
  type consentTemplateListSchema,
  type publishedConsentVersionSchema,
} from '@/lib/contract/consent-templates';
import { apiFetch, errorMessage } from '@/lib/ui/fetcher';
import { useContractForm } from '@/lib/ui/use-contract-form';

type Summary = z.infer<typeof consentTemplateListSchema>['items'][number];
const BASE = '/api/v2.1/consent-templates';
const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }) : '—');
const customers = (n: number) => `${n} customer${n === 1 ? '' : 's'}`;

/**
 * The tenant's consent texts (docs/consent-templates.md): per kind, the version in force, its text,
 * the versions before it, and a draft to write and publish. Publishing asks for a confirmation that
 * says whether customers will be asked to accept again.
 */
export function ConsentTemplates() {
  const q = useQuery({ queryKey: ['consent-templates'], queryFn: () => apiFetch<z.infer<typeof consentTemplateListSchema>>(BASE) });
  return (
    <div className="space-y-4">
      <LoadError query={q} />
      <StaleBanner query={q} what="the consent texts" />
      {q.isPending ? <p className="text-sm text-ink-muted">Loading…</p> : null}
      {q.data?.items.map((s) => (
        <KindSection key={s.kind} summary={s} />
      ))}
    </div>
  );
}

function KindSection({ summary }: { summary: Summary }) {
  const q = useQuery({ queryKey: ['consent-template', summary.kind], queryFn: () => apiFetch<ConsentTemplate>(`${BASE}/${summary.kind}`) });
  const [writing, setWriting] = useState(false);
  const t = q.data;
  const inForce = t?.versions.find((v) => v.inForce);
  const draft = t?.versions.find((v) => v.status === 'DRAFT');
  const earlier = t?.versions.filter((v) => v.status === 'PUBLISHED' && !v.inForce) ?? [];
  return (
    <Section title={summary.label} id={`consent-${summary.kind}`}>
      <div className="space-y-3 text-sm" data-testid={`consent-template-${summary.kind}`}>
        <p className="flex flex-wrap items-center gap-2">
          <Badge tone={summary.required ? 'info' : 'neutral'}>{summary.required ? 'Required' : 'Optional'}</Badge>
          <span>
            Version <strong>{summary.versionInForce}</strong> in force since {day(summary.publishedAt)}
          </span>
          {summary.reconsentPending ? <Badge tone="warn">{customers(summary.reconsentPending)} must accept again</Badge> : null}
        </p>
        <LoadError query={q} />
        {q.isPending ? <p className="text-ink-muted">Loading…</p> : null}
        {inForce ? (
          <details>
            <summary className="cursor-pointer font-medium text-brand-700">Read the text in force</summary>
            <TextView version={inForce} />
          </details>
        ) : null}
        {draft ? (
          <DraftBox kind={summary.kind} label={summary.label} draft={draft} pendingNow={summary.reconsentPending} />
        ) : writing && inForce ? (
          <DraftForm kind={summary.kind} label={summary.label} inForce={inForce} onDone={() => setWriting(false)} />
        ) : (
          <Button type="button" variant="secondary" onClick={() => setWriting(true)} disabled={!inForce}>
            Write a new version<span className="sr-only"> of the {summary.label.toLowerCase()}</span>
          </Button>
        )}
        {earlier.length ? (
          <details>
            <summary className="cursor-pointer font-medium text-brand-700">Earlier versions ({earlier.length})</summary>
            <ol className="mt-2 space-y-1">
              {earlier.map((v) => (
                <li key={v.id}>
                  Version {v.version} · published {day(v.publishedAt)} · {v.material ? 'material change' : 'editorial change'}
                  {v.changeSummary ? ` · ${v.changeSummary}` : ''}
                </li>
              ))}
            </ol>
          </details>
        ) : null}
      </div>
    </Section>
  );
}

function TextView({ version }: { version: ConsentTemplateVersion }) {
  return (
    <div className="mt-2 rounded-md bg-slate-50 p-3 ring-1 ring-slate-200">
      <p className="font-semibold">{version.title}</p>
      <p className="mt-1 whitespace-pre-wrap break-words">{version.body}</p>
      <p className="mt-2 break-all text-xs text-ink-muted">SHA-256 {version.sha256}</p>
    </div>
  );
}

function DraftForm({ kind, label, inForce, onDone }: { kind: string; label: string; inForce: ConsentTemplateVersion; onDone: () => void }) {
  const client = useQueryClient();
  const toast = useToast();
  const { form, alert, submit, errors, pending } = useContractForm(createConsentVersionBodySchema, { title: inForce.title, body: inForce.body, changeSummary: '' }, async (values) => {
    const saved = await apiFetch<ConsentTemplateVersion>(`${BASE}/${kind}/versions`, { method: 'POST', json: values, headers: { 'Idempotency-Key': crypto.randomUUID() } });
    toast('success', `Draft version ${saved.version} saved`);
    await Promise.all([client.invalidateQueries({ queryKey: ['consent-template', kind] }), client.invalidateQueries({ queryKey: ['consent-templates'] })]);
    onDone();
  });
  // radios give strings (react-hook-form's setValueAs applies to text inputs only): the boolean is set here
  const material = form.watch('material');
  const choose = (value: boolean) => form.setValue('material', value, { shouldValidate: form.formState.isSubmitted, shouldDirty: true });
  return (
    <form method="post" noValidate onSubmit={submit} className="space-y-3 rounded-md p-3 ring-1 ring-slate-200" aria-label={`New version of the ${label.toLowerCase()}`}>
      <FormAlert messages={alert} />
      <Field label="Title" error={errors.title?.message} {...form.register('title')} />
      <TextareaField
        label="Text"
        rows={8}
        error={errors.body?.message}
        hint={`Plain text or Markdown, at most ${CONSENT_BODY_MAX.toLocaleString('en')} characters`}
        {...form.register('body')}
      />
      <fieldset aria-describedby={errors.material ? `${kind}-material-error` : undefined}>
        <legend className="text-sm font-medium text-ink">What kind of change is it?</legend>
        <div className="mt-1 space-y-2">
          <label className="flex items-start gap-2">
            <input type="radio" name={`${kind}-material`} className="mt-0.5 h-4 w-4" checked={material === true} onChange={() => choose(true)} />
            <span>
              <span className="font-medium">Material change</span>
              <span className="block text-ink-muted">Customers who accepted an earlier version must accept this one again (version {Number.parseInt(inForce.version, 10) + 1}.0).</span>
            </span>
          </label>
          <label className="flex items-start gap-2">
            <input type="radio" name={`${kind}-material`} className="mt-0.5 h-4 w-4" checked={material === false} onChange={() => choose(false)} />
            <span>
              <span className="font-medium">Editorial change</span>
              <span className="block text-ink-muted">Wording or typos only: earlier acceptances stay valid.</span>
            </span>
          </label>
        </div>
        {errors.material ? (
          <p id={`${kind}-material-error`} role="alert" className="mt-1 text-xs font-medium text-rose-700">
            Choose the kind of change
          </p>
        ) : null}
      </fieldset>
      <Field label="What changed (optional)" error={errors.changeSummary?.message} {...form.register('changeSummary', { setValueAs: (v) => (v === '' ? undefined : v) })} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          Save draft
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function DraftBox({ kind, label, draft, pendingNow }: { kind: string; label: string; draft: ConsentTemplateVersion; pendingNow: number }) {
  const client = useQueryClient();
  const toast = useToast();
  const [dialog, setDialog] = useState<'publish' | 'discard' | null>(null);
  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: ['consent-template', kind] }), client.invalidateQueries({ queryKey: ['consent-templates'] })]);
  const publish = useMutation({
    mutationFn: () => apiFetch<z.infer<typeof publishedConsentVersionSchema>>(`${BASE}/${kind}/versions/${draft.version}/publish`, { method: 'POST' }),
    onSuccess: async (p) => {
      setDialog(null);
      toast('success', p.reconsentRequired ? `Version ${p.version} published: ${customers(p.reconsentRequired)} will be asked to accept it` : `Version ${p.version} published`);
      await refresh();
    },
  });
  const discard = useMutation({
    mutationFn: () => apiFetch(`${BASE}/${kind}/versions/${draft.version}`, { method: 'DELETE' }),
    onSuccess: async () => {
      setDialog(null);
      toast('success', 'Draft discarded');
      await refresh();
    },
  });
  return (
    <div className="space-y-2 rounded-md bg-amber-50 p-3 ring-1 ring-amber-200" data-testid={`consent-draft-${kind}`}>
      <p className="flex flex-wrap items-center gap-2">
        <Badge tone="warn">Draft</Badge>
        <span>
          Version <strong>{draft.version}</strong> · {draft.material ? 'material change' : 'editorial change'}
          {draft.changeSummary ? ` · ${draft.changeSummary}` : ''}
        </span>
      </p>
      <TextView version={draft} />
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={() => (publish.reset(), setDialog('publish'))}>
          Publish version {draft.version}
        </Button>
        <Button type="button" variant="secondary" onClick={() => (discard.reset(), setDialog('discard'))}>
          Discard draft
        </Button>
      </div>
      <ConfirmDialog
        open={dialog === 'publish'}
        title={`Publish version ${draft.version} of the ${label.toLowerCase()}?`}
        confirmLabel={`Publish version ${draft.version}`}
        variant="primary"
        pending={publish.isPending}
        error={publish.error ? errorMessage(publish.error) : null}
        onClose={() => setDialog(null)}
        onConfirm={() => publish.mutate()}
      >
        {draft.material ? (
          <p data-testid="publish-consequence">
            This is a material change: every customer who accepted an earlier version will be asked to accept version {draft.version} again
            {pendingNow ? ` (${customers(pendingNow)} already are)` : ''}. Until they do, they cannot be activated.
          </p>
        ) : (
          <p data-testid="publish-consequence">This is an editorial change: no customer is asked again; acceptances of earlier versions stay valid.</p>
        )}
        <p>New sign-ups see this text from now on. A published version cannot be changed or withdrawn.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'discard'}
        title={`Discard draft version ${draft.version}?`}
        confirmLabel="Discard draft"
        pending={discard.isPending}
        error={discard.error ? errorMessage(discard.error) : null}
        onClose={() => setDialog(null)}
        onConfirm={() => discard.mutate()}
      >
        <p>The draft is deleted; the version in force stays as it is.</p>
      </ConfirmDialog>
    </div>
  );
}
