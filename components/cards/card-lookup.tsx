'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useCurrentUser } from '@/components/shell/user-context';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FormAlert, Section } from '@/components/ui/page-header';
import { useToast } from '@/components/ui/toast';
import { CARD_OPERATIONS } from '@/lib/contract/card-operations';
import { cardCall, maskPan } from '@/lib/ui/card-api';
import { errorMessage } from '@/lib/ui/fetcher';
import { useContractForm } from '@/lib/ui/use-contract-form';

const lookupSchema = CARD_OPERATIONS['card/info'].body;
const freezeSchema = CARD_OPERATIONS['card/freeze'].body.pick({ reason: true });
const unfreezeSchema = CARD_OPERATIONS['card/unfreeze'].body.pick({ otp: true });
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');
const label = (s: string) => s.replaceAll('_', ' ').toLowerCase();

function FreezeDialog({ open, onClose, onDone, run }: { open: boolean; onClose: () => void; onDone: () => Promise<unknown>; run: (reason: string) => Promise<unknown> }) {
  const { form, alert, submit, errors, pending } = useContractForm(freezeSchema, { reason: '' }, async ({ reason }) => {
    await run(reason);
    await onDone();
    onClose();
  });
  return (
    <Dialog open={open} onClose={onClose} title="Freeze card">
      <form onSubmit={submit} noValidate className="space-y-3">
        <FormAlert messages={alert} />
        <Field label="Reason" error={errors.reason?.message} {...form.register('reason')} />
        <DialogActions onCancel={onClose} pending={pending} label="Freeze card" variant="danger" />
      </form>
    </Dialog>
  );
}

function UnfreezeDialog({ open, onClose, onDone, sendCode, run }: { open: boolean; onClose: () => void; onDone: () => Promise<unknown>; sendCode: () => Promise<{ destination: string }>; run: (otp: string) => Promise<unknown> }) {
  const [sendError, setSendError] = useState<unknown>(null);
  const [sent, setSent] = useState<string | null>(null);
  const { form, alert, submit, errors, pending } = useContractForm(unfreezeSchema, { otp: '' }, async ({ otp }) => {
    await run(otp);
    await onDone();
    onClose();
  });
  return (
    <Dialog open={open} onClose={onClose} title="Unfreeze card">
      <form onSubmit={submit} noValidate className="space-y-3">
        <FormAlert messages={sendError ? [errorMessage(sendError)] : alert} />
        <p className="text-sm text-ink-muted">Unfreezing needs a one-time code sent to the cardholder.</p>
        <Button
          type="button"
          variant="secondary"
          onClick={async () => {
            setSendError(null);
            try {
              setSent((await sendCode()).destination);
            } catch (e) {
              setSendError(e);
            }
          }}
        >
          {sent ? 'Send again' : 'Send code'}
        </Button>
        {sent ? <p role="status" className="text-sm">Code sent to {sent}.</p> : null}
        <Field label="One-time code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} error={errors.otp?.message} {...form.register('otp')} />
        <DialogActions onCancel={onClose} pending={pending} label="Unfreeze card" />
      </form>
    </Dialog>
  );
}

/**
 * Card lookup: the number is typed once, masked as soon as it is submitted and kept only in this
 * component's memory (never in the URL, a query key or storage). Details, limits, recent
 * transactions and status history come from the card gateway; ADMIN_USER may freeze/unfreeze.
 */
export function CardLookup() {
  const { tenantId, has } = useCurrentUser();
  const toast = useToast();
  const client = useQueryClient();
  // the number lives only in this state (memory): not in the URL, a query key, storage or the DOM
  const [lookup, setLookup] = useState<{ id: number; masked: string; pan: string } | null>(null);
  const [alert, setAlert] = useState<string[]>([]);
  const [dialog, setDialog] = useState<'freeze' | 'unfreeze' | null>(null);
  const form = useForm<z.input<typeof lookupSchema>>({ resolver: zodResolver(lookupSchema), defaultValues: { cardNo: '' } });
  const enabled = lookup !== null;
  const call = <O extends Parameters<typeof cardCall>[1]>(op: O, extra: Record<string, unknown> = {}) =>
    cardCall(tenantId, op, { cardNo: lookup!.pan, ...extra } as never);
  const key = (part: string) => ['card', lookup?.id, part];
  const info = useQuery({ queryKey: key('info'), queryFn: () => call('card/info'), enabled, retry: false });
  const limits = useQuery({ queryKey: key('limits'), queryFn: () => call('limit/info'), enabled: enabled && info.isSuccess, retry: false });
  const transactions = useQuery({ queryKey: key('transactions'), queryFn: () => call('transaction/list', { pageSize: 10 }), enabled: enabled && info.isSuccess, retry: false });
  const history = useQuery({ queryKey: key('history'), queryFn: () => call('card/status-history'), enabled: enabled && info.isSuccess, retry: false });
  const refresh = () => client.invalidateQueries({ queryKey: ['card', lookup?.id] });

  const submit = form.handleSubmit(({ cardNo }) => {
    setAlert([]);
    setLookup((previous) => ({ id: (previous?.id ?? 0) + 1, masked: maskPan(cardNo), pan: cardNo }));
    form.reset({ cardNo: '' });
  });
  const card = info.data;
  return (
    <div className="space-y-6">
      <form onSubmit={submit} noValidate role="search" aria-label="Card lookup" className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-card">
        <Field
          label="Card number"
          className="min-w-64 flex-1"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          placeholder={lookup ? `${lookup.masked} — type another number to search again` : 'card number or card ID'}
          error={form.formState.errors.cardNo?.message}
          {...form.register('cardNo', { setValueAs: (v: string) => (/^[\d\s-]+$/.test(v) ? v.replace(/[\s-]/g, '') : v.trim()) })}
        />
        <Button type="submit">Look up</Button>
        <FormAlert messages={alert} />
      </form>
      {lookup ? (
        <p className="text-sm text-ink-muted" data-testid="searched">
          Card <span className="font-mono">{lookup.masked}</span>
        </p>
      ) : null}
      {info.isError ? (
        <p role="alert" className="rounded-md bg-rose-50 p-3 text-sm text-rose-800 ring-1 ring-rose-200">
          {errorMessage(info.error)}
        </p>
      ) : null}
      {info.isLoading ? <p className="text-ink-muted">Looking up…</p> : null}
      {card ? (
        <>
          <Section
            title="Card"
            actions={
              has('ADMIN_USER') ? (
                card.status === 'ACTIVE' ? (
                  <Button variant="danger" onClick={() => setDialog('freeze')}>
                    Freeze
                  </Button>
                ) : card.status === 'FROZEN' ? (
                  <Button onClick={() => setDialog('unfreeze')}>Unfreeze</Button>
                ) : null
              ) : null
            }
          >
            <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]" data-testid="card-details">
              <dt className="text-ink-muted">Number</dt>
              <dd className="font-mono">{card.cardNo}</dd>
              <dt className="text-ink-muted">Status</dt>
              <dd>
                <Badge status={card.status} />
              </dd>
              <dt className="text-ink-muted">Expiry</dt>
              <dd>
                {String(card.expiryMonth).padStart(2, '0')}/{card.expiryYear}
              </dd>
              <dt className="text-ink-muted">Currency</dt>
              <dd>{card.currency}</dd>
              <dt className="text-ink-muted">Nickname</dt>
              <dd>{card.nickname ?? '—'}</dd>
              <dt className="text-ink-muted">Cardholder</dt>
              <dd className="font-mono text-xs">{card.cardholderId}</dd>
            </dl>
          </Section>
          <div className="grid gap-6 lg:grid-cols-2">
            <Section title="Limits and usage">
              {limits.isError ? <p role="alert">{errorMessage(limits.error)}</p> : null}
              <ul className="space-y-1 text-sm" data-testid="limits">
                {(limits.data?.items ?? []).map((l) => (
                  <li key={l.interval} className="flex flex-wrap justify-between gap-2">
                    <span>{label(l.interval)}</span>
                    <span>
                      {l.used} of {l.amount} {l.currency} used · {l.remaining} left
                    </span>
                  </li>
                ))}
                {limits.data && limits.data.items.length === 0 ? <li className="text-ink-muted">No limits set.</li> : null}
              </ul>
            </Section>
            <Section title="Status history">
              <ol className="space-y-1 text-sm" data-testid="status-history">
                {(history.data?.items ?? []).map((h, i) => (
                  <li key={i}>
                    {when(h.at)} · {h.from ? label(h.from) : 'issued'} → <Badge status={h.to} /> {h.reason ? <span className="text-ink-muted">({h.reason})</span> : null}
                  </li>
                ))}
              </ol>
            </Section>
          </div>
          <Section title="Recent transactions">
            {transactions.isError ? <p role="alert">{errorMessage(transactions.error)}</p> : null}
            <ul className="divide-y divide-slate-100 text-sm" data-testid="transactions">
              {(transactions.data?.items ?? []).map((t) => (
                <li key={t.transactionId} className="flex flex-wrap justify-between gap-2 py-1.5">
                  <span>
                    {t.merchant.name} <span className="text-ink-muted">· {when(t.createdAt)}</span>
                  </span>
                  <span className="flex items-center gap-2">
                    {t.amount} {t.currency} <Badge status={t.status} />
                  </span>
                </li>
              ))}
              {transactions.data && transactions.data.items.length === 0 ? <li className="text-ink-muted">No transactions.</li> : null}
            </ul>
          </Section>
          <FreezeDialog
            open={dialog === 'freeze'}
            onClose={() => setDialog(null)}
            onDone={async () => {
              toast('success', 'Card frozen');
              await refresh();
            }}
            run={(reason) => call('card/freeze', { reason })}
          />
          <UnfreezeDialog
            open={dialog === 'unfreeze'}
            onClose={() => setDialog(null)}
            onDone={async () => {
              toast('success', 'Card unfrozen');
              await refresh();
            }}
            sendCode={() => call('secure/otp/send', { purpose: 'UNFREEZE' })}
            run={(otp) => call('card/unfreeze', { otp })}
          />
        </>
      ) : null}
    </div>
  );
}
