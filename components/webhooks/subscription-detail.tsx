'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FormAlert, PageHeader, Section } from '@/components/ui/page-header';
import { DataTable, type Column } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import { DELIVERY_STATUSES, recoverBodySchema, type WebhookAttempt, type WebhookDelivery, type WebhookSubscription } from '@/lib/contract/webhooks';
import { apiFetch, errorMessage, toQuery } from '@/lib/ui/fetcher';
import { applyServerErrors } from '@/lib/ui/form-errors';
import { SelectField } from '@/components/ui/input';
import { SecretOnce, SubscriptionForm } from './subscription-form';
import { LoadError, StaleBanner, loadFailed } from '@/components/ui/query-state';

type DeliveryDetail = WebhookDelivery & { attempts: WebhookAttempt[] };
const PAGE_SIZE = 20;
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/** The recover form takes a local date-time and sends the contract's ISO instant. */
const recoverFormSchema = z.object({ since: z.string().min(1, 'choose a time') });

function DeliveryAttempts({ subscriptionId, deliveryId }: { subscriptionId: string; deliveryId: string }) {
  const d = useQuery({
    queryKey: ['webhook-delivery', deliveryId],
    queryFn: () => apiFetch<DeliveryDetail>(`/api/v2.1/webhooks/subscriptions/${subscriptionId}/deliveries/${deliveryId}`),
  });
  if (d.isPending) return <p className="text-sm text-ink-muted">Loading…</p>;
  if (d.isError) return <p role="alert">{errorMessage(d.error)}</p>;
  return (
    <ol className="space-y-2 text-sm">
      {d.data.attempts.map((a) => (
        <li key={a.id} className="rounded bg-slate-50 p-2">
          #{a.attemptNumber} · {when(a.attemptedAt)} · {a.responseStatus ?? 'no answer'} · {a.durationMs} ms {a.error ? <span className="text-rose-700">· {a.error}</span> : null}
          {a.responseBody ? <pre className="mt-1 max-h-24 overflow-auto whitespace-pre-wrap break-all font-mono text-xs">{a.responseBody}</pre> : null}
        </li>
      ))}
    </ol>
  );
}

export function SubscriptionDetail({ id }: { id: string }) {
  const client = useQueryClient();
  const router = useRouter();
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState('');
  const [editing, setEditing] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [inspect, setInspect] = useState<string | null>(null);
  const [recoverAlert, setRecoverAlert] = useState<string[]>([]);
  const sub = useQuery({ queryKey: ['webhook-subscription', id], queryFn: () => apiFetch<WebhookSubscription>(`/api/v2.1/webhooks/subscriptions/${id}`) });
  const deliveriesQuery = toQuery({ status, pageNo: page, pageSize: PAGE_SIZE });
  const deliveries = useQuery({
    queryKey: ['webhook-deliveries', id, deliveriesQuery],
    queryFn: () => apiFetch<{ items: WebhookDelivery[]; total: number }>(`/api/v2.1/webhooks/subscriptions/${id}/deliveries${deliveriesQuery}`),
    refetchInterval: (q) => (q.state.data?.items.some((d) => d.status === 'PENDING') ? 2000 : false),
  });
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['webhook-subscription', id] }),
      client.invalidateQueries({ queryKey: ['webhook-deliveries', id] }),
      client.invalidateQueries({ queryKey: ['webhook-subscriptions'] }),
    ]);
  const useAction = <T, V = void>(fn: (v: V) => Promise<T>, done: (r: T) => string) =>
    useMutation({
      mutationFn: fn,
      onSuccess: async (r) => {
        toast('success', done(r));
        await refresh();
      },
      onError: (e) => toast('error', errorMessage(e)),
    });
  const test = useAction(
    () => apiFetch<{ status: string; attempt: WebhookAttempt | null }>(`/api/v2.1/webhooks/subscriptions/${id}/test`, { method: 'POST', json: { message: 'Test from the panel' } }),
    (r) => `Test event sent: ${r.status.toLowerCase()}${r.attempt?.responseStatus ? ` (HTTP ${r.attempt.responseStatus})` : ''}`,
  );
  const toggle = useAction(
    () => apiFetch(`/api/v2.1/webhooks/subscriptions/${id}`, { method: 'PATCH', json: { enabled: !sub.data?.enabled } }),
    () => (sub.data?.enabled ? 'Subscription disabled' : 'Subscription enabled'),
  );
  const rotate = useMutation({
    mutationFn: () => apiFetch<{ secretKey: string }>(`/api/v2.1/webhooks/subscriptions/${id}/rotate-secret`, { method: 'POST', json: {} }),
    onSuccess: async (r) => {
      setSecret(r.secretKey);
      await refresh();
    },
    onError: (e) => toast('error', errorMessage(e)),
  });
  const replay = useAction<unknown, string>(
    (deliveryId: string) => apiFetch(`/api/v2.1/webhooks/subscriptions/${id}/deliveries/${deliveryId}/replay`, { method: 'POST' }),
    () => 'Delivery queued again',
  );
  const remove = useMutation({
    mutationFn: () => apiFetch(`/api/v2.1/webhooks/subscriptions/${id}`, { method: 'DELETE' }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['webhook-subscriptions'] });
      toast('success', 'Subscription deleted');
      router.push('/webhooks');
    },
    onError: (e) => toast('error', errorMessage(e)),
  });
  const recoverForm = useForm<z.infer<typeof recoverFormSchema>>({ resolver: zodResolver(recoverFormSchema), defaultValues: { since: '' } });
  const recover = recoverForm.handleSubmit(async ({ since }) => {
    setRecoverAlert([]);
    const body = { since: new Date(since).toISOString() };
    const parsed = recoverBodySchema.safeParse(body);
    if (!parsed.success) {
      recoverForm.setError('since', { message: parsed.error.issues[0]!.message });
      return;
    }
    try {
      const r = await apiFetch<{ recovered: number }>(`/api/v2.1/webhooks/subscriptions/${id}/recover`, { method: 'POST', json: parsed.data });
      toast('success', `${r.recovered} ${r.recovered === 1 ? 'delivery' : 'deliveries'} queued again`);
      await refresh();
    } catch (e) {
      setRecoverAlert(applyServerErrors(e, recoverForm.setError));
    }
  });

  if (sub.isPending) return <p className="text-ink-muted">Loading…</p>;
  if (loadFailed(sub)) return <LoadError query={sub} />;
  const s = sub.data;
  const columns: Column<WebhookDelivery>[] = [
    { key: 'event', header: 'Event', cell: (d) => <span className="font-mono text-xs">{d.eventType}</span> },
    { key: 'status', header: 'Status', cell: (d) => <Badge status={d.status} /> },
    { key: 'attempts', header: 'Attempts', cell: (d) => d.attemptCount },
    { key: 'code', header: 'Response', cell: (d) => d.lastStatusCode ?? (d.lastError ? 'error' : '—') },
    { key: 'created', header: 'Created', cell: (d) => when(d.createdAt) },
    {
      key: 'actions',
      header: 'Actions',
      cell: (d) => (
        <span className="flex flex-wrap gap-2">
          <Button variant="ghost" className="px-2 py-1" onClick={() => setInspect(d.id)}>
            Attempts<span className="sr-only"> of delivery {d.id}</span>
          </Button>
          {d.status !== 'PENDING' ? (
            <Button variant="ghost" className="px-2 py-1" disabled={replay.isPending} onClick={() => replay.mutate(d.id)}>
              Replay<span className="sr-only"> delivery {d.id}</span>
            </Button>
          ) : null}
        </span>
      ),
    },
  ];
  return (
    <div className="space-y-6">
      <StaleBanner query={sub} what="the subscription" />
      <PageHeader
        title={s.subscriptionName}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <Badge status={s.enabled ? 'ENABLED' : 'DISABLED'} />
            {s.disabledReason ? <span>({s.disabledReason.replaceAll('_', ' ').toLowerCase()})</span> : null}
            <span className="break-all font-mono text-xs">{s.endpointUrl}</span>
          </span>
        }
        actions={
          <>
            <Button onClick={() => test.mutate()} disabled={test.isPending || !s.enabled}>
              {test.isPending ? 'Sending…' : 'Send test event'}
            </Button>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Edit
            </Button>
            <Button variant="secondary" onClick={() => toggle.mutate()} disabled={toggle.isPending}>
              {s.enabled ? 'Disable' : 'Enable'}
            </Button>
            <Button variant="secondary" onClick={() => rotate.mutate()} disabled={rotate.isPending}>
              Rotate secret
            </Button>
            <Button variant="danger" onClick={() => window.confirm('Delete this subscription? Pending deliveries are canceled.') && remove.mutate()}>
              Delete
            </Button>
          </>
        }
      />
      {secret ? <SecretOnce secret={secret} onDone={() => setSecret(null)} /> : null}
      <Section title="Settings">
        <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
          <dt className="text-ink-muted">Events</dt>
          <dd className="font-mono text-xs">{s.subscribedEvents.join(', ')}</dd>
          <dt className="text-ink-muted">Retries</dt>
          <dd>
            {s.maxRetryAttempts} retries, first after {s.retryBackoffSeconds} s
          </dd>
          <dt className="text-ink-muted">Failing since</dt>
          <dd>{when(s.failingSince)}</dd>
          <dt className="text-ink-muted">Previous secret valid until</dt>
          <dd>{when(s.previousSecretExpiresAt)}</dd>
        </dl>
      </Section>
      <Section
        title="Deliveries"
        actions={
          <SelectField
            label="Status"
            className="w-40"
            options={DELIVERY_STATUSES}
            placeholder="All"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPage(1);
            }}
          />
        }
      >
        <DataTable
          caption="Deliveries"
          columns={columns}
          rows={deliveries.data?.items ?? []}
          rowKey={(d) => d.id}
          page={page}
          pageSize={PAGE_SIZE}
          total={deliveries.data?.total ?? 0}
          onPage={setPage}
          loading={deliveries.isPending}
          empty="No deliveries yet. Send a test event."
        />
      </Section>
      <Section title="Recover failed deliveries">
        <form method="post" onSubmit={recover} noValidate className="flex flex-wrap items-end gap-3">
          <FormAlert messages={recoverAlert} />
          <Field label="Since" type="datetime-local" error={recoverForm.formState.errors.since?.message} {...recoverForm.register('since')} />
          <Button type="submit" variant="secondary" disabled={recoverForm.formState.isSubmitting}>
            Recover
          </Button>
        </form>
      </Section>
      <Dialog open={editing} onClose={() => setEditing(false)} title="Edit subscription">
        <SubscriptionForm
          existing={s}
          onCancel={() => setEditing(false)}
          onSaved={async () => {
            setEditing(false);
            toast('success', 'Subscription saved');
            await refresh();
          }}
        />
      </Dialog>
      <Dialog open={inspect !== null} onClose={() => setInspect(null)} title="Delivery attempts">
        {inspect ? <DeliveryAttempts subscriptionId={id} deliveryId={inspect} /> : null}
        <div className="mt-3 flex justify-end">
          <Button variant="secondary" onClick={() => setInspect(null)}>
            Close
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
