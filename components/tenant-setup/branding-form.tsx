'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormAlert, Section } from '@/components/ui/page-header';
import { LoadError } from '@/components/ui/query-state';
import { useToast } from '@/components/ui/toast';
import { LOGO_MAX_BYTES, LOGO_MIME_TYPES, contrastWithWhite, updateBrandingBodySchema, type Branding } from '@/lib/contract/tenant-setup';
import { apiFetch } from '@/lib/ui/fetcher';
import { useContractForm } from '@/lib/ui/use-contract-form';
import { BrandMark } from './brand-mark';
import { brandStyle } from './brand-style';

const BRANDING_URL = '/api/v2.1/tenant/branding';

/** A file as a data: URL (the form the API takes a logo in). */
function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('the file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** The tenant's branding: display name, logo and primary colour, with a preview of the panel's mark and button. */
export function BrandingForm() {
  const q = useQuery({ queryKey: ['tenant-branding'], queryFn: () => apiFetch<Branding>(BRANDING_URL) });
  if (q.isPending) return <p className="text-sm text-ink-muted">Loading…</p>;
  if (q.isError) return <LoadError query={q} />;
  return <BrandingEditor current={q.data} />;
}

function BrandingEditor({ current }: { current: Branding }) {
  const client = useQueryClient();
  const router = useRouter();
  const toast = useToast();
  const fileId = useId();
  const [fileError, setFileError] = useState<string | undefined>();
  const { form, alert, submit, errors, pending } = useContractForm(
    updateBrandingBodySchema,
    { displayName: current.displayName, logo: current.logo, primaryColor: current.primaryColor },
    async (values) => {
      const saved = await apiFetch<Branding>(BRANDING_URL, { method: 'PUT', json: values });
      client.setQueryData(['tenant-branding'], saved);
      await client.invalidateQueries({ queryKey: ['tenant-setup'] });
      toast('success', 'Branding saved');
      // the panel's layout reads the branding on the server: render it again with the new colour and name
      router.refresh();
    },
  );
  const logo = form.watch('logo');
  const color = form.watch('primaryColor');
  const name = form.watch('displayName');
  const validColor = /^#[0-9a-fA-F]{6}$/.test(color ?? '');
  const ratio = validColor ? contrastWithWhite(color.toLowerCase()) : null;

  return (
    <form method="post" noValidate onSubmit={submit} className="space-y-6" aria-label="Branding">
      <FormAlert messages={alert} />
      <Section title="Name and colour">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Display name" autoComplete="organization" hint="Shown in the panel and to your own frontend." error={errors.displayName?.message} {...form.register('displayName')} />
          <div>
            <Field
              label="Primary colour"
              autoComplete="off"
              spellCheck={false}
              hint={ratio ? `White text on it: ${ratio.toFixed(1)}:1 (at least 4.5:1 needed)` : 'Written #RRGGBB, e.g. #1F57CF'}
              error={errors.primaryColor?.message}
              {...form.register('primaryColor')}
            />
            <label className="mt-2 inline-flex items-center gap-2 text-sm text-ink">
              <input
                type="color"
                className="h-8 w-12 cursor-pointer rounded border-0 bg-transparent p-0"
                value={validColor ? color.toLowerCase() : '#1f57cf'}
                onChange={(e) => form.setValue('primaryColor', e.target.value, { shouldDirty: true, shouldValidate: true })}
              />
              Pick a colour
            </label>
          </div>
        </div>
      </Section>
      <Section title="Logo">
        <div className="flex flex-wrap items-start gap-4">
          <div className="grid h-16 w-16 shrink-0 place-items-center overflow-hidden rounded-lg bg-slate-100 ring-1 ring-slate-200">
            {logo ? (
              // eslint-disable-next-line @next/next/no-img-element -- a data: URL, not an optimisable asset
              <img src={logo} alt="Current logo" className="max-h-16 max-w-16 object-contain" />
            ) : (
              <span className="text-xs text-ink-muted">No logo</span>
            )}
          </div>
          <div className="min-w-0 flex-1 space-y-2">
            <label htmlFor={fileId} className="block text-sm font-medium text-ink">
              Logo file (PNG, JPEG or WebP, at most {LOGO_MAX_BYTES / 1024} KiB)
            </label>
            <input
              id={fileId}
              type="file"
              accept={LOGO_MIME_TYPES.join(',')}
              aria-describedby={fileError || errors.logo ? `${fileId}-error` : undefined}
              aria-invalid={fileError || errors.logo ? true : undefined}
              className="block w-full text-sm text-ink file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-ink hover:file:bg-slate-200"
              onChange={async (e) => {
                const file = e.target.files?.[0];
                setFileError(undefined);
                if (!file) return;
                if (!(LOGO_MIME_TYPES as readonly string[]).includes(file.type)) return setFileError('must be a PNG, JPEG or WebP image (SVG is not accepted)');
                if (file.size > LOGO_MAX_BYTES) return setFileError(`must be at most ${LOGO_MAX_BYTES / 1024} KiB (this one is ${Math.ceil(file.size / 1024)} KiB)`);
                form.setValue('logo', await readAsDataUrl(file), { shouldDirty: true, shouldValidate: true });
              }}
            />
            {fileError || errors.logo ? (
              <p id={`${fileId}-error`} role="alert" className="text-xs font-medium text-rose-700">
                {fileError ?? errors.logo?.message}
              </p>
            ) : null}
            {logo ? (
              <Button type="button" variant="secondary" onClick={() => form.setValue('logo', null, { shouldDirty: true })}>
                Remove the logo
              </Button>
            ) : null}
          </div>
        </div>
      </Section>
      <Section title="Preview">
        <div
          className="flex flex-wrap items-center gap-3 rounded-lg p-4 ring-1 ring-slate-200"
          style={validColor && ratio && ratio >= 4.5 ? brandStyle(color.toLowerCase()) : undefined}
          data-testid="branding-preview"
        >
          <BrandMark name={name || current.displayName} logo={logo ?? null} />
          <span className="font-semibold text-ink">{name || current.displayName}</span>
          <span className="inline-flex rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white" aria-hidden>
            A button
          </span>
        </div>
      </Section>
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : 'Save branding'}
        </Button>
      </div>
    </form>
  );
}
