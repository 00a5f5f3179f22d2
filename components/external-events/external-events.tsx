'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge, type Tone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/input';
import { FormAlert, QueryError } from '@/components/ui/page-header';
import { DataTable, type Column } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import { SecretOnce } from '@/components/webhooks/subscription-form';
import {
  createExternalPartnerBodySchema,
  EXTERNAL_EVENT_STATUS_LABELS,
  EXTERNAL_EVENT_STATUSES,
  EXTERNAL_PARTNER_KIND_LABELS,
  EXTERNAL_PARTNER_KINDS,
  REPLAY_WINDOW_SECONDS,
  type ExternalEvent,
  type ExternalEventStatus,
  type ExternalPartner,
} from '@/lib/contract/external-events';
import { apiFetch, errorMessage, toQuery } from '@/lib/ui/fetcher';
import { useContractForm } from '@/lib/ui/use-contract-form';

/**
 * The External events screen (docs/external-events.md): the tenant's partners (register one and see
 * its secret once, rotate the secret, disable or enable) and the events they sent, with their status
 * and the count per status.
 */
const PAGE_SIZE = 20;
const STATUS_TONES: Record<ExternalEventStatus, Tone> = { PROCESSED: 'good', DUPLICATE: 'neutral', UNKNOWN_TYPE: 'warn', FAILED: 'bad' };
const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' }) + ' UTC';

export function ExternalEventsScreen() {
  return (
    <div className="space-y-8">
      <Partners />
      <ReceivedEvents />
    </div>
  );
}

type WithSecret = { partner: ExternalPartner; secret: string };

function Partners() {
  const client = useQueryClient();
  const toast = useToast();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null);
  const [confirm, setConfirm] = useState<{ partner: ExternalPartner; action: 'rotate' | 'disable' } | null>(null);
  const partners = useQuery({ queryKey: ['external-partners'], queryFn: () => apiFetch<{ items: ExternalPartner[] }>('/api/v2.1/external-events/partners') });
  const refresh = () => client.invalidateQueries({ queryKey: ['external-partners'] });
  const act = useMutation({
    mutationFn: async ({ partner, action }: { partner: ExternalPartner; action: 'rotate' | 'disable' | 'enable' }) =>
      action === 'rotate'
        ? apiFetch<WithSecret>(`/api/v2.1/external-events/partners/${partner.id}/rotate-secret`, { method: 'POST' })
        : apiFetch<ExternalPartner>(`/api/v2.1/external-events/partners/${partner.id}`, { method: 'PATCH', json: { enabled: action === 'enable' } }),
    onSuccess: async (answer, { partner, action }) => {
      setConfirm(null);
      if (action === 'rotate') setSecret({ name: partner.name, secret: (answer as WithSecret).secret });
      toast('success', action === 'rotate' ? 'New secret generated' : action === 'enable' ? 'Partner enabled' : 'Partner disabled');
      await refresh();
    },
  });
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const columns: Column<ExternalPartner>[] = [
    { key: 'name', header: 'Partner', cell: (p) => <span className="font-medium">{p.name}</span> },
    { key: 'kind', header: 'Kind', cell: (p) => EXTERNAL_PARTNER_KIND_LABELS[p.kind] },
    { key: 'url', header: 'Sends to', cell: (p) => <span className="break-all font-mono text-xs">{`${origin}${p.endpointPath}`}</span> },
    { key: 'state', header: 'State', cell: (p) => <Badge tone={p.enabled ? 'good' : 'bad'}>{p.enabled ? 'Enabled' : 'Disabled'}</Badge> },
    {
      key: 'actions',
      header: 'Actions',
      cell: (p) => (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setConfirm({ partner: p, action: 'rotate' })} aria-label={`Rotate secret of ${p.name}`}>
            Rotate secret
          </Button>
          {p.enabled ? (
            <Button variant="secondary" onClick={() => setConfirm({ partner: p, action: 'disable' })} aria-label={`Disable ${p.name}`}>
              Disable
            </Button>
          ) : (
            <Button variant="secondary" disabled={act.isPending} onClick={() => act.mutate({ partner: p, action: 'enable' })} aria-label={`Enable ${p.name}`}>
              Enable
            </Button>
          )}
        </div>
      ),
    },
  ];
  return (
    <section aria-labelledby="partners-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="partners-title" className="text-lg font-semibold text-ink">
          Partners
        </h2>
        <Button onClick={() => setCreating(true)}>Register partner</Button>
      </div>
      <p className="text-sm text-slate-600">
        Each partner signs its events with its own secret (Standard Webhooks). Events older or newer than {REPLAY_WINDOW_SECONDS / 60} minutes, with a wrong signature or from a disabled
        partner are refused; a repeated event id is answered again and ignored.
      </p>
      {secret ? (
        <div className="space-y-2">
          <p className="text-sm">
            Secret of <strong>{secret.name}</strong>: give it to the partner.
          </p>
          <SecretOnce secret={secret.secret} onDone={() => setSecret(null)} />
        </div>
      ) : null}
      <QueryError error={partners.error} />
      <DataTable
        caption="External event partners"
        columns={columns}
        rows={partners.data?.items ?? []}
        rowKey={(p) => p.id}
        loading={partners.isPending}
        empty="No partners yet. Register your card processor or KYC vendor to receive its events."
        rowTestId="partner-row"
      />
      <Dialog open={creating} onClose={() => setCreating(false)} title="Register a partner">
        <PartnerForm
          onCancel={() => setCreating(false)}
          onSaved={async (created) => {
            setCreating(false);
            setSecret({ name: created.partner.name, secret: created.secret });
            toast('success', 'Partner registered');
            await refresh();
          }}
        />
      </Dialog>
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.action === 'rotate' ? 'Rotate the secret?' : 'Disable the partner?'}
        confirmLabel={confirm?.action === 'rotate' ? 'Rotate secret' : 'Disable partner'}
        pending={act.isPending}
        error={act.error ? errorMessage(act.error) : null}
        onClose={() => {
          setConfirm(null);
          act.reset();
        }}
        onConfirm={() => confirm && act.mutate(confirm)}
      >
        <p>
          {confirm?.action === 'rotate'
            ? `The current secret of ${confirm.partner.name} stops working at once: events it signs with it are refused until it uses the new one.`
            : `Events from ${confirm?.partner.name} will be refused until you enable it again.`}
        </p>
      </ConfirmDialog>
    </section>
  );
}

function PartnerForm({ onSaved, onCancel }: { onSaved: (created: WithSecret) => Promise<void>; onCancel: () => void }) {
  const { form, alert, submit, errors, pending } = useContractForm(createExternalPartnerBodySchema, { name: '', kind: 'CARD_PROCESSOR' }, async (values) => {
    await onSaved(await apiFetch<WithSecret>('/api/v2.1/external-events/partners', { method: 'POST', json: values }));
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormAlert messages={alert} />
      <Field label="Name" error={errors.name?.message} {...form.register('name')} />
      <SelectField
        label="Kind"
        error={errors.kind?.message}
        options={EXTERNAL_PARTNER_KINDS.map((k) => ({ value: k, label: EXTERNAL_PARTNER_KIND_LABELS[k] }))}
        hint="A card processor's card events update the card directory and your webhooks; other kinds' events are kept and listed."
        {...form.register('kind')}
      />
      <DialogActions onCancel={onCancel} pending={pending} label="Register partner" pendingLabel="Registering…" />
    </form>
  );
}

type EventPage = { items: ExternalEvent[]; total: number; counts: Record<ExternalEventStatus, number> };

function ReceivedEvents() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<ExternalEventStatus | ''>('');
  const received = useQuery({
    queryKey: ['external-events', page, status],
    queryFn: () => apiFetch<EventPage>(`/api/v2.1/external-events${toQuery({ pageNo: page, pageSize: PAGE_SIZE, status: status || undefined })}`),
  });
  const columns: Column<ExternalEvent>[] = [
    { key: 'received', header: 'Received', cell: (e) => when(e.receivedAt) },
    { key: 'partner', header: 'Partner', cell: (e) => e.partnerName },
    { key: 'type', header: 'Type', cell: (e) => <span className="break-all font-mono text-xs">{e.type}</span> },
    { key: 'status', header: 'Status', cell: (e) => <Badge tone={STATUS_TONES[e.status]}>{EXTERNAL_EVENT_STATUS_LABELS[e.status]}</Badge> },
    {
      key: 'details',
      header: 'Details',
      cell: (e) => (
        <details>
          <summary className="cursor-pointer text-sm text-brand-700">Event {e.externalId}</summary>
          {e.errors?.length ? (
            <ul className="mt-2 list-disc pl-5 text-sm text-rose-800">
              {e.errors.map((x) => (
                <li key={x.field}>
                  {x.field}: {x.message}
                </li>
              ))}
            </ul>
          ) : null}
          <pre
            role="region"
            aria-label={`Payload of event ${e.externalId}`}
            // a scroll box reached by the keyboard too
            tabIndex={0}
            className="mt-2 max-h-64 max-w-full overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 text-xs"
          >
            {JSON.stringify(e.payload, null, 2)}
          </pre>
        </details>
      ),
    },
  ];
  const counts = received.data?.counts;
  return (
    <section aria-labelledby="received-title" className="space-y-3">
      <h2 id="received-title" className="text-lg font-semibold text-ink">
        Received events
      </h2>
      {counts ? (
        <ul aria-label="Received events per status" className="flex flex-wrap gap-2">
          {EXTERNAL_EVENT_STATUSES.map((s) => (
            <li key={s}>
              <Badge tone={STATUS_TONES[s]}>{`${EXTERNAL_EVENT_STATUS_LABELS[s]}: ${counts[s]}`}</Badge>
            </li>
          ))}
        </ul>
      ) : null}
      <SelectField
        label="Status"
        className="max-w-xs"
        value={status}
        placeholder="All statuses"
        options={EXTERNAL_EVENT_STATUSES.map((s) => ({ value: s, label: EXTERNAL_EVENT_STATUS_LABELS[s] }))}
        onChange={(e) => {
          setStatus(e.target.value as ExternalEventStatus | '');
          setPage(1);
        }}
      />
      <QueryError error={received.error} />
      <DataTable
        caption="Received external events"
        columns={columns}
        rows={received.data?.items ?? []}
        rowKey={(e) => e.id}
        page={page}
        pageSize={PAGE_SIZE}
        total={received.data?.total ?? 0}
        onPage={setPage}
        loading={received.isPending}
        empty="No events received yet."
        rowTestId="external-event-row"
      />
    </section>
  );
}
