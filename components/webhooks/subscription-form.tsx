'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { TextareaField } from '@/components/ui/input';
import { FormAlert } from '@/components/ui/page-header';
import {
  createWebhookSubscriptionBodySchema,
  DEFAULT_MAX_RETRY_ATTEMPTS,
  DEFAULT_RETRY_BACKOFF_SECONDS,
  updateWebhookSubscriptionBodySchema,
  type WebhookSubscription,
} from '@/lib/contract/webhooks';
import { apiFetch } from '@/lib/ui/fetcher';
import { applyServerErrors } from '@/lib/ui/form-errors';

type CreateValues = z.input<typeof createWebhookSubscriptionBodySchema>;
interface Catalogue {
  items: { type: string; description: string }[];
  wildcards: string[];
}

const optText = { setValueAs: (v: unknown) => (v === '' ? undefined : v) };
const optNumber = { setValueAs: (v: unknown) => (v === '' || v === undefined ? undefined : Number(v)) };

/**
 * Create or edit a subscription: the API's own body schema (create or update) is the resolver, the
 * event picker lists the catalogue. Returns the API's answer (with the secret, once, on create).
 */
export function SubscriptionForm({
  existing,
  onSaved,
  onCancel,
}: {
  existing?: WebhookSubscription;
  onSaved: (saved: WebhookSubscription & { secretKey?: string }) => void;
  onCancel?: () => void;
}) {
  const [alert, setAlert] = useState<string[]>([]);
  const catalogue = useQuery({ queryKey: ['event-types'], queryFn: () => apiFetch<Catalogue>('/api/v2.1/webhooks/event-types'), staleTime: Infinity });
  const form = useForm<CreateValues>({
    resolver: zodResolver((existing ? updateWebhookSubscriptionBodySchema : createWebhookSubscriptionBodySchema) as typeof createWebhookSubscriptionBodySchema),
    defaultValues: existing
      ? {
          subscriptionName: existing.subscriptionName,
          description: existing.description || undefined,
          endpointUrl: existing.endpointUrl,
          subscribedEvents: existing.subscribedEvents,
          maxRetryAttempts: existing.maxRetryAttempts,
          retryBackoffSeconds: existing.retryBackoffSeconds,
        }
      : { endpointUrl: '', subscribedEvents: [], maxRetryAttempts: DEFAULT_MAX_RETRY_ATTEMPTS, retryBackoffSeconds: DEFAULT_RETRY_BACKOFF_SECONDS },
  });
  const errors = form.formState.errors;
  const eventsError = errors.subscribedEvents?.message ?? (Array.isArray(errors.subscribedEvents) ? errors.subscribedEvents.find(Boolean)?.message : undefined);
  const submit = form.handleSubmit(async (values) => {
    setAlert([]);
    try {
      const saved = existing
        ? await apiFetch<WebhookSubscription>(`/api/v2.1/webhooks/subscriptions/${existing.id}`, { method: 'PATCH', json: values })
        : await apiFetch<WebhookSubscription & { secretKey?: string }>('/api/v2.1/webhooks/subscriptions', { method: 'POST', json: values });
      onSaved(saved);
    } catch (e) {
      setAlert(applyServerErrors(e, form.setError, { mapField: (p) => p.replace(/\.\d+$/, '') }));
    }
  });
  const options = [
    ...(catalogue.data?.wildcards ?? []).map((w) => ({ value: w, description: w === '*' ? 'every event' : `every ${w.slice(0, -2)} event` })),
    ...(catalogue.data?.items ?? []).map((i) => ({ value: i.type, description: i.description })),
  ];
  return (
    <form method="post" onSubmit={submit} noValidate className="space-y-4">
      <FormAlert messages={alert} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" error={errors.subscriptionName?.message} hint="Defaults to the endpoint’s host" {...form.register('subscriptionName', optText)} />
        <Field label="Endpoint URL" type="url" placeholder="https://example.com/webhooks" error={errors.endpointUrl?.message} {...form.register('endpointUrl')} />
        <TextareaField label="Description" className="sm:col-span-2" error={errors.description?.message} {...form.register('description', optText)} />
        <Field label="Max retry attempts" type="number" inputMode="numeric" error={errors.maxRetryAttempts?.message} {...form.register('maxRetryAttempts', optNumber)} />
        <Field label="Retry backoff (seconds)" type="number" inputMode="numeric" error={errors.retryBackoffSeconds?.message} {...form.register('retryBackoffSeconds', optNumber)} />
      </div>
      <fieldset aria-describedby={eventsError ? 'events-error' : undefined}>
        <legend className="text-sm font-medium text-ink">Events</legend>
        {catalogue.isPending ? <p className="text-sm text-ink-muted">Loading the catalogue…</p> : null}
        <div className="mt-2 grid max-h-72 gap-1 overflow-y-auto rounded-md p-2 ring-1 ring-inset ring-slate-200 sm:grid-cols-2">
          {options.map((o) => (
            <label key={o.value} className="flex items-start gap-2 rounded p-1 text-sm hover:bg-slate-50">
              <input type="checkbox" value={o.value} className="mt-0.5 h-4 w-4" {...form.register('subscribedEvents')} />
              <span>
                <span className="font-mono text-xs">{o.value}</span>
                <span className="block text-xs text-ink-muted">{o.description}</span>
              </span>
            </label>
          ))}
        </div>
        <p id="events-error" role={eventsError ? 'alert' : undefined} className={eventsError ? 'mt-1 text-xs font-medium text-rose-700' : 'sr-only'}>
          {eventsError ?? ''}
        </p>
      </fieldset>
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Saving…' : existing ? 'Save changes' : 'Create subscription'}
        </Button>
      </div>
    </form>
  );
}

/** The generated secret, shown once, with a copy button. */
export function SecretOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <div role="status" className="space-y-3 rounded-lg bg-amber-50 p-4 ring-1 ring-amber-300">
      <p className="text-sm font-semibold text-amber-900">Signing secret — copy it now, it is not shown again.</p>
      <code data-testid="secret" className="block break-all rounded bg-white p-2 font-mono text-xs ring-1 ring-amber-200">
        {secret}
      </code>
      <div className="flex gap-2">
        <Button
          type="button"
          variant="secondary"
          onClick={async () => {
            await navigator.clipboard?.writeText(secret).catch(() => undefined);
            setCopied(true);
          }}
        >
          {copied ? 'Copied' : 'Copy secret'}
        </Button>
        <Button type="button" onClick={onDone}>
          I have stored it
        </Button>
      </div>
    </div>
  );
}
