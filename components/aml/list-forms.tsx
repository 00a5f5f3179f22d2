'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/input';
import { FormAlert } from '@/components/ui/page-header';
import { useToast } from '@/components/ui/toast';
import {
  AML_LIST_FORMAT_LABELS,
  AML_LIST_KIND_LABELS,
  AML_LIST_KINDS,
  AML_LIST_MAX_BYTES,
  createAmlListBodySchema,
  importAmlListBodySchema,
  updateAmlSettingsBodySchema,
  type AmlList,
  type AmlListVersion,
} from '@/lib/contract/aml';
import { AML_LIST_FORMATS } from '@/lib/contract/aml-model';
import { ApiClientError, apiFetch } from '@/lib/ui/fetcher';
import { useContractForm } from '@/lib/ui/use-contract-form';
import { LoadError, StaleBanner, loadFailed } from '@/components/ui/query-state';

/**
 * The list forms of the AML screens (aml:configure): create one of the tenant's own lists, import a
 * new version from files read in the browser, and the match threshold.
 */

const KIND_OPTIONS = AML_LIST_KINDS.map((k) => ({ value: k, label: AML_LIST_KIND_LABELS[k] }));
const FORMAT_OPTIONS = AML_LIST_FORMATS.map((f) => ({ value: f, label: AML_LIST_FORMAT_LABELS[f] }));
const MIB = 1024 * 1024;

export function CreateListForm({ onDone }: { onDone: (list?: AmlList) => void }) {
  const client = useQueryClient();
  const toast = useToast();
  const [key] = useState(() => crypto.randomUUID());
  const { form, alert, submit, errors, pending } = useContractForm(createAmlListBodySchema, { name: '', kind: 'INTERNAL', format: 'OWN_CSV' }, async (values) => {
    const list = await apiFetch<AmlList>('/api/v2.1/aml/lists', { method: 'POST', json: values, headers: { 'Idempotency-Key': key } });
    // the dialog closes (and the import opens) as soon as the answer arrives, before the lists are read again
    toast('success', `List “${list.name}” created: import its first version`);
    onDone(list);
    await client.invalidateQueries({ queryKey: ['aml-lists'] });
  });
  return (
    <form method="post" onSubmit={submit} noValidate className="space-y-3">
      <FormAlert messages={alert} />
      <Field label="Name" placeholder="e.g. Internal blocklist" error={errors.name?.message} {...form.register('name')} />
      <SelectField label="Kind" options={KIND_OPTIONS} error={errors.kind?.message} {...form.register('kind')} />
      <SelectField
        label="File format"
        options={FORMAT_OPTIONS}
        hint="The layout of the files you will import (docs/aml-lists.md describes each)."
        error={errors.format?.message}
        {...form.register('format')}
      />
      <DialogActions onCancel={() => onDone()} pending={pending} label="Create list" pendingLabel="Creating…" />
    </form>
  );
}

async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

type Slot = 'main' | 'alt' | 'add';

function FileInput({ label, hint, error, onFile }: { label: string; hint?: string; error?: string; onFile: (f: File | null) => void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept=".csv,.xml,text/csv,text/xml,application/xml"
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined}
        className="mt-1 block w-full text-sm text-ink file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-ink hover:file:bg-slate-200"
        onChange={(e) => onFile(e.target.files?.[0] ?? null)}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-xs font-medium text-rose-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A refused file in words: which file, line and field, and that nothing changed. */
export function listFileRefusal(error: unknown, current: AmlListVersion | null): string | null {
  if (!(error instanceof ApiClientError)) return null;
  const d = error.data as { error?: string; file?: string; line?: number; field?: string; details?: string };
  const kept = current ? `Nothing was imported: version ${current.versionNo} stays in force.` : 'Nothing was imported.';
  if (d.error === 'LIST_FILE_INVALID') {
    const problem = d.details?.split(': ').slice(1).join(': ') ?? error.message;
    return `The file ${d.file} was refused at line ${d.line}, field “${d.field}”: ${problem}. ${kept}`;
  }
  if (d.error === 'PAYLOAD_TOO_LARGE') return `The files are too large: at most ${AML_LIST_MAX_BYTES / MIB} MiB together. ${kept}`;
  return null;
}

/** Import a new version: one file, or for OFAC sdn.csv with optional alt.csv and add.csv; read and base64-encoded in the browser. */
export function ImportListForm({ list, onDone }: { list: AmlList; onDone: () => void }) {
  const client = useQueryClient();
  const toast = useToast();
  const ofac = list.format === 'OFAC_SDN_CSV';
  const [files, setFiles] = useState<Partial<Record<Slot, File | null>>>({});
  const [errors, setErrors] = useState<Partial<Record<Slot, string>>>({});
  const [failure, setFailure] = useState<string[]>([]);
  const send = useMutation({
    mutationFn: async () => {
      const body: Record<string, { fileName: string; content: string }> = {};
      for (const slot of ['main', 'alt', 'add'] as const) {
        const f = files[slot];
        if (f) body[slot] = { fileName: f.name, content: await base64Of(f) };
      }
      const parsed = importAmlListBodySchema.safeParse(body);
      if (!parsed.success) throw parsed.error;
      return apiFetch<AmlListVersion>(`/api/v2.1/aml/lists/${list.id}/versions`, { method: 'POST', json: parsed.data });
    },
    onMutate: () => setFailure([]),
    onSuccess: async (v) => {
      // the dialog closes as soon as the answer arrives, before the list and its entries are read again
      toast('success', `Version ${v.versionNo} of “${list.name}” imported: ${v.entryCount} entries (${v.added} added, ${v.changed} changed, ${v.removed} removed)`);
      onDone();
      await Promise.all([
        client.invalidateQueries({ queryKey: ['aml-lists'] }),
        client.invalidateQueries({ queryKey: ['aml-list', list.id] }),
        client.invalidateQueries({ queryKey: ['aml-entries', list.id] }),
      ]);
    },
    onError: (e) => {
      const refused = listFileRefusal(e, list.currentVersion);
      if (refused) return setFailure([refused]);
      if (e instanceof ApiClientError && e.data.errors?.length) {
        const mine: Partial<Record<Slot, string>> = {};
        const rest: string[] = [];
        for (const x of e.data.errors) {
          const slot = x.field.split('.')[0] as Slot;
          if (slot === 'main' || slot === 'alt' || slot === 'add') mine[slot] = x.message;
          else rest.push(`${x.field}: ${x.message}`);
        }
        setErrors(mine);
        return setFailure(rest);
      }
      setFailure([e instanceof Error ? e.message : 'the import failed']);
    },
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const found: Partial<Record<Slot, string>> = {};
    if (!files.main) found.main = 'choose a file';
    const total = Object.values(files).reduce((n, f) => n + (f?.size ?? 0), 0);
    if (total > AML_LIST_MAX_BYTES) found.main = `the files are ${(total / MIB).toFixed(1)} MiB together; at most ${AML_LIST_MAX_BYTES / MIB} MiB`;
    setErrors(found);
    if (Object.keys(found).length) return;
    send.mutate();
  };
  const pick = (slot: Slot) => (f: File | null) => (setFiles((x) => ({ ...x, [slot]: f })), setErrors((x) => ({ ...x, [slot]: undefined })));
  return (
    <form method="post" onSubmit={submit} noValidate className="space-y-3" aria-label={`Import a version of ${list.name}`}>
      <p className="text-sm text-ink-muted">
        Format: {AML_LIST_FORMAT_LABELS[list.format]}. The whole upload is checked first: a malformed file is refused with its line and field, and the version in force stays in force.
        {list.currentVersion ? ` This becomes version ${list.currentVersion.versionNo + 1}.` : ' This becomes version 1.'}
      </p>
      <FormAlert messages={failure} />
      <FileInput label={ofac ? 'sdn.csv' : 'List file'} hint={`At most ${AML_LIST_MAX_BYTES / MIB} MiB.`} error={errors.main} onFile={pick('main')} />
      {ofac ? (
        <>
          <FileInput label="alt.csv (aliases, optional)" error={errors.alt} onFile={pick('alt')} />
          <FileInput label="add.csv (addresses, optional)" error={errors.add} onFile={pick('add')} />
        </>
      ) : null}
      <DialogActions onCancel={onDone} pending={send.isPending} label="Import version" pendingLabel="Importing…" />
    </form>
  );
}

/** "Import new version" with its dialog. */
export function ImportListButton({ list, variant = 'secondary' }: { list: AmlList; variant?: 'primary' | 'secondary' }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} onClick={() => setOpen(true)} aria-label={`Import a new version of ${list.name}`}>
        Import new version
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={`Import a new version of ${list.name}`}>
        {open ? <ImportListForm list={list} onDone={() => setOpen(false)} /> : null}
      </Dialog>
    </>
  );
}

/** The tenant's match threshold: read by every officer, set by administrators (the API refuses the others). */
export function ThresholdSetting({ canConfigure }: { canConfigure: boolean }) {
  const client = useQueryClient();
  const toast = useToast();
  const settings = useQuery({ queryKey: ['aml-settings'], queryFn: () => apiFetch<{ matchThreshold: string; updatedAt: string | null }>('/api/v2.1/aml/settings') });
  if (settings.isPending) return <p className="text-sm text-ink-muted">Loading…</p>;
  if (loadFailed(settings)) return <LoadError query={settings} />;
  const current = settings.data.matchThreshold;
  return (
    <div className="space-y-2 text-sm">
      <StaleBanner query={settings} what="the settings" />
      <p>
        A hit scoring at least <strong data-testid="match-threshold">{current}</strong> (0.5 to 1) raises an alert. Lower finds more spelling variants and raises more false positives.
      </p>
      {canConfigure ? (
        <ThresholdForm
          current={current}
          onSaved={async (v) => {
            client.setQueryData(['aml-settings'], v);
            toast('success', `Match threshold set to ${v.matchThreshold}`);
          }}
        />
      ) : (
        <p className="text-ink-muted">Only an administrator can change the threshold.</p>
      )}
    </div>
  );
}

function ThresholdForm({ current, onSaved }: { current: string; onSaved: (v: { matchThreshold: string; updatedAt: string | null }) => Promise<void> }) {
  const { form, alert, submit, errors, pending } = useContractForm(updateAmlSettingsBodySchema, { matchThreshold: current }, async (values) => {
    await onSaved(await apiFetch('/api/v2.1/aml/settings', { method: 'PUT', json: values }));
  });
  return (
    <form method="post" onSubmit={submit} noValidate className="space-y-2">
      <FormAlert messages={alert} />
      <div className="flex flex-wrap items-start gap-2">
        <Field label="Match threshold" inputMode="decimal" className="w-32" error={errors.matchThreshold?.message} {...form.register('matchThreshold')} />
        <Button type="submit" variant="secondary" className="mt-6" disabled={pending}>
          {pending ? 'Saving…' : 'Save threshold'}
        </Button>
      </div>
    </form>
  );
}
