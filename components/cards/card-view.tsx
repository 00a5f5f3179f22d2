'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { CountryField } from '@/components/reference-data/reference-selects';
import { useCurrentUser } from '@/components/shell/user-context';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/input';
import { FormAlert, Section } from '@/components/ui/page-header';
import { LoadError, StaleBanner, loadFailed } from '@/components/ui/query-state';
import { useToast } from '@/components/ui/toast';
import { formatMoney } from '@/components/wallets/money';
import { CANCEL_REASONS, CARD_OPERATIONS, CHANNELS, SANDBOX_OPERATIONS } from '@/lib/contract/card-operations';
import { cardCall, type CardData } from '@/lib/ui/card-api';
import { errorMessage } from '@/lib/ui/fetcher';
import { useContractForm } from '@/lib/ui/use-contract-form';

const freezeSchema = CARD_OPERATIONS['card/freeze'].body.pick({ reason: true });
// card/unfreeze and card/activate take the same one-time code
const unfreezeSchema = CARD_OPERATIONS['card/unfreeze'].body.pick({ otp: true });
const cancelSchema = CARD_OPERATIONS['card/cancel'].body.pick({ reason: true, otp: true });
const revealSchema = CARD_OPERATIONS['secure/reveal'].body.pick({ otp: true });
const simulateSchema = SANDBOX_OPERATIONS['simulate/authorize'].body;
export const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');
export const label = (s: string) => s.replaceAll('_', ' ').toLowerCase();
const REASON_LABELS: Record<(typeof CANCEL_REASONS)[number], string> = { LOST: 'Lost', STOLEN: 'Stolen', FRAUD: 'Fraud', USER: 'Cardholder asked' };

type Call = <O extends Parameters<typeof cardCall>[1]>(op: O, extra?: Record<string, unknown>) => Promise<CardData<O>>;

/** Sends a one-time code for `purpose` and says where it went. */
function SendCode({ send }: { send: () => Promise<{ destination: string }> }) {
  const [error, setError] = useState<unknown>(null);
  const [sent, setSent] = useState<string | null>(null);
  return (
    <div className="space-y-2">
      <FormAlert messages={error ? [errorMessage(error)] : []} />
      <Button
        type="button"
        variant="secondary"
        onClick={async () => {
          setError(null);
          try {
            setSent((await send()).destination);
          } catch (e) {
            setError(e);
          }
        }}
      >
        {sent ? 'Send again' : 'Send code'}
      </Button>
      {sent ? (
        <p role="status" className="text-sm">
          Code sent to {sent}.
        </p>
      ) : null}
    </div>
  );
}

function FreezeDialog({
  open,
  onClose,
  onDone,
  run,
  masked,
}: {
  open: boolean;
  onClose: () => void;
  onDone: () => Promise<unknown>;
  run: (reason: string) => Promise<unknown>;
  masked: string;
}) {
  const { form, alert, submit, errors, pending } = useContractForm(freezeSchema, { reason: '' }, async ({ reason }) => {
    await run(reason);
    // closed as soon as the card changed: the page behind is inert while the modal is open
    onClose();
    await onDone();
  });
  return (
    <Dialog open={open} onClose={onClose} title="Freeze card">
      <form method="post" onSubmit={submit} noValidate className="space-y-3">
        <FormAlert messages={alert} />
        <p className="text-sm">
          Card <span className="font-mono">{masked}</span> will decline every payment until it is unfrozen (which needs a code sent to the cardholder).
        </p>
        <Field label="Reason" error={errors.reason?.message} {...form.register('reason')} />
        <DialogActions onCancel={onClose} pending={pending} label="Freeze card" variant="danger" />
      </form>
    </Dialog>
  );
}

/** A state change the cardholder confirms with a one-time code (unfreeze, activate): send, type, confirm. */
function CodeDialog({
  open,
  onClose,
  onDone,
  sendCode,
  run,
  title,
  text,
}: {
  open: boolean;
  onClose: () => void;
  onDone: () => Promise<unknown>;
  sendCode: () => Promise<{ destination: string }>;
  run: (otp: string) => Promise<unknown>;
  title: string;
  text: string;
}) {
  const { form, alert, submit, errors, pending } = useContractForm(unfreezeSchema, { otp: '' }, async ({ otp }) => {
    await run(otp);
    onClose();
    await onDone();
  });
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <form method="post" onSubmit={submit} noValidate className="space-y-3">
        <FormAlert messages={alert} />
        <p className="text-sm text-ink-muted">{text}</p>
        <SendCode send={sendCode} />
        <Field label="One-time code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} error={errors.otp?.message} {...form.register('otp')} />
        <DialogActions onCancel={onClose} pending={pending} label={title} />
      </form>
    </Dialog>
  );
}

function TerminateDialog({
  open,
  onClose,
  onDone,
  sendCode,
  run,
  masked,
}: {
  open: boolean;
  onClose: () => void;
  onDone: () => Promise<unknown>;
  sendCode: () => Promise<{ destination: string }>;
  run: (v: { reason: string; otp: string }) => Promise<unknown>;
  masked: string;
}) {
  const { form, alert, submit, errors, pending } = useContractForm(cancelSchema, { reason: 'USER', otp: '' }, async (values) => {
    await run(values);
    onClose();
    await onDone();
  });
  return (
    <Dialog open={open} onClose={onClose} title="Terminate card">
      <form method="post" onSubmit={submit} noValidate className="space-y-3">
        <FormAlert messages={alert} />
        <p role="note" className="rounded-md bg-rose-50 p-3 text-sm text-rose-900 ring-1 ring-rose-200">
          Terminating card <span className="font-mono">{masked}</span> is final: it can never be used again. The cardholder confirms with a one-time code.
        </p>
        <SelectField label="Reason" options={CANCEL_REASONS.map((r) => ({ value: r, label: REASON_LABELS[r] }))} error={errors.reason?.message} {...form.register('reason')} />
        <SendCode send={sendCode} />
        <Field label="One-time code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} error={errors.otp?.message} {...form.register('otp')} />
        <DialogActions onCancel={onClose} pending={pending} label="Terminate card" pendingLabel="Terminating…" variant="danger" />
      </form>
    </Dialog>
  );
}

interface Revealed {
  cardNo?: string;
  cvv?: string;
  expiry?: string;
  expiresAt: number;
}

/**
 * The reveal flow: a REVEAL code, then secure/reveal. The answer lives in this component's state
 * only, with a visible countdown to the processor's `expiresAt`; at zero (or on "Hide now") it is
 * dropped and nothing of it stays in the page.
 */
function RevealPanel({ call, onClose }: { call: Call; onClose: () => void }) {
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const { form, alert, submit, errors, pending } = useContractForm(revealSchema, { otp: '' }, async ({ otp }, self) => {
    const data = await call('secure/reveal', { otp, fields: ['PAN', 'CVV', 'EXPIRY'] });
    self.reset({ otp: '' });
    setNow(Date.now());
    setRevealed({
      cardNo: data.cardNo,
      cvv: data.cvv,
      expiry: data.expiryMonth ? `${String(data.expiryMonth).padStart(2, '0')}/${data.expiryYear}` : undefined,
      expiresAt: new Date(data.expiresAt).getTime(),
    });
  });
  useEffect(() => {
    if (!revealed) return;
    const timer = window.setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= revealed.expiresAt) setRevealed(null);
    }, 250);
    return () => window.clearInterval(timer);
  }, [revealed]);
  if (revealed) {
    const left = Math.max(0, Math.ceil((revealed.expiresAt - now) / 1000));
    return (
      <div className="space-y-3" data-testid="revealed">
        <dl className="grid grid-cols-[6rem_1fr] gap-y-1 rounded-md bg-slate-900 p-4 font-mono text-sm text-white">
          <dt className="text-slate-300">Number</dt>
          <dd className="break-all">{revealed.cardNo?.replace(/(\d{4})(?=\d)/g, '$1 ')}</dd>
          <dt className="text-slate-300">CVV</dt>
          <dd>{revealed.cvv}</dd>
          <dt className="text-slate-300">Expiry</dt>
          <dd>{revealed.expiry}</dd>
        </dl>
        <p className="text-sm" role="timer" aria-live="off" data-testid="reveal-countdown">
          Hidden again in <strong>{left}</strong> s
        </p>
        <Button
          variant="secondary"
          onClick={() => {
            setRevealed(null);
            onClose();
          }}
        >
          Hide now
        </Button>
      </div>
    );
  }
  return (
    <form method="post" onSubmit={submit} noValidate className="space-y-3">
      <FormAlert messages={alert} />
      <p className="text-sm text-ink-muted">Showing the full number and CVV needs a one-time code sent to the cardholder. They disappear again after a minute.</p>
      <SendCode send={() => call('secure/otp/send', { purpose: 'REVEAL' })} />
      <Field label="Reveal code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} error={errors.otp?.message} {...form.register('otp')} />
      <div className="flex gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? 'Revealing…' : 'Reveal'}
        </Button>
        <Button type="button" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Sandbox: run an authorization through the processor's decision rules and show the decision. */
function SimulateAuthorization({ call, cardRef, currency, onDone }: { call: Call; cardRef: string; currency: string; onDone: () => Promise<unknown> }) {
  const [result, setResult] = useState<CardData<'simulate/authorize'> | null>(null);
  const { form, alert, submit, errors, pending } = useContractForm(
    simulateSchema,
    { cardNo: cardRef, amount: '', currency: currency as never, merchant: { name: 'Sandbox shop', mcc: '5411', country: 'DE' }, channel: 'ecommerce', threeDSecure: false },
    async (values) => {
      const { cardNo: _ignored, ...rest } = values;
      setResult(await call('simulate/authorize', rest));
      await onDone();
    },
  );
  const e = errors as Record<string, { message?: string } & Record<string, { message?: string }>>;
  return (
    <form method="post" onSubmit={submit} noValidate className="space-y-3" aria-label="Simulate an authorization">
      <FormAlert messages={alert} />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Amount" inputMode="decimal" error={e.amount?.message} {...form.register('amount')} />
        <Field label="Currency" readOnly error={e.currency?.message} {...form.register('currency')} />
        <Field label="Merchant" error={e.merchant?.name?.message} {...form.register('merchant.name')} />
        <Field label="Merchant category code" inputMode="numeric" maxLength={4} error={e.merchant?.mcc?.message} {...form.register('merchant.mcc')} />
        <CountryField label="Merchant country" error={e.merchant?.country?.message} control={form.control} name="merchant.country" />
        <SelectField label="Channel" options={CHANNELS.map((c) => ({ value: c, label: c }))} error={e.channel?.message} {...form.register('channel')} />
      </div>
      <Button type="submit" disabled={pending}>
        {pending ? 'Authorizing…' : 'Simulate authorization'}
      </Button>
      <div aria-live="polite">
        {result ? (
          <p className="text-sm" data-testid="simulation-result">
            {formatMoney(result.amount, result.currency)} at {result.merchant.name}: <Badge status={result.status} />
            {result.declineReason ? <span className="text-ink-muted"> ({label(result.declineReason)})</span> : null}
          </p>
        ) : null}
      </div>
    </form>
  );
}

/**
 * One card through the gateway: details, state changes (freeze, unfreeze, terminate; each confirmed),
 * limits and usage, status history, recent transactions, the reveal flow and, in the sandbox, a
 * simulated authorization. `cardRef` is what the gateway's cardNo takes: the card id (the card page)
 * or a number typed into the lookup (kept in memory by the caller). Each action shows to the holders of its capability.
 */
export function CardView({ cardRef, keyId, holder, sandboxTools = true }: { cardRef: string; keyId: string | number; holder?: string; sandboxTools?: boolean }) {
  const { tenantId, can } = useCurrentUser();
  const toast = useToast();
  const client = useQueryClient();
  const [dialog, setDialog] = useState<'activate' | 'freeze' | 'unfreeze' | 'terminate' | null>(null);
  const [revealing, setRevealing] = useState(false);
  const call: Call = (op, extra = {}) => cardCall(tenantId, op, { cardNo: cardRef, ...extra } as never);
  const key = (part: string) => ['card', keyId, part];
  const info = useQuery({ queryKey: key('info'), queryFn: () => call('card/info'), retry: false });
  // the card as last loaded: a failed refetch keeps it (and the forms below) on screen
  const ready = info.data !== undefined;
  const limits = useQuery({ queryKey: key('limits'), queryFn: () => call('limit/info'), enabled: ready, retry: false });
  const transactions = useQuery({ queryKey: key('transactions'), queryFn: () => call('transaction/list', { pageSize: 10 }), enabled: ready, retry: false });
  const history = useQuery({ queryKey: key('history'), queryFn: () => call('card/status-history'), enabled: ready, retry: false });
  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: ['card', keyId] }), client.invalidateQueries({ queryKey: ['cards'] })]);
  // each button asks the capability of its operation (lib/contract/card-operations.ts): the gateway refuses the same
  const may = { activate: can('card:activate'), freeze: can('card:freeze'), cancel: can('card:cancel'), reveal: can('card:secrets'), simulate: can('card:simulate') };

  if (loadFailed(info)) return <LoadError query={info} />;
  if (!info.data) return <p className="text-ink-muted">Looking up…</p>;
  const card = info.data;
  const live = card.status !== 'CANCELED';
  return (
    <div className="space-y-6">
      <StaleBanner query={info} what="the card" />
      <Section
        title="Card"
        actions={
          may.activate || may.freeze || may.cancel ? (
            <span className="flex flex-wrap gap-2">
              {may.activate && card.status === 'INACTIVE' ? <Button onClick={() => setDialog('activate')}>Activate</Button> : null}
              {may.freeze && card.status === 'ACTIVE' ? (
                <Button variant="danger" onClick={() => setDialog('freeze')}>
                  Freeze
                </Button>
              ) : null}
              {may.freeze && card.status === 'FROZEN' ? <Button onClick={() => setDialog('unfreeze')}>Unfreeze</Button> : null}
              {may.cancel && live ? (
                <Button variant="secondary" onClick={() => setDialog('terminate')}>
                  Terminate
                </Button>
              ) : null}
            </span>
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
          <dd className={holder ? 'font-medium' : 'break-all font-mono text-xs'}>{holder ?? card.cardholderId}</dd>
        </dl>
      </Section>
      {may.reveal && (card.status === 'ACTIVE' || card.status === 'FROZEN') ? (
        <Section title="Full card number">
          {revealing ? (
            <RevealPanel call={call} onClose={() => setRevealing(false)} />
          ) : (
            <Button variant="secondary" onClick={() => setRevealing(true)}>
              Reveal number
            </Button>
          )}
        </Section>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <Section title="Limits and usage">
          {limits.isError ? <p role="alert">{errorMessage(limits.error)}</p> : null}
          <ul className="space-y-1 text-sm" data-testid="limits">
            {(limits.data?.items ?? []).map((l) => (
              <li key={l.interval} className="flex flex-wrap justify-between gap-2">
                <span className="first-letter:uppercase">{label(l.interval)}</span>
                <span>
                  {formatMoney(l.used, l.currency)} of {formatMoney(l.amount, l.currency)} used · {formatMoney(l.remaining, l.currency)} left
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
                {when(h.at)} · {h.from ? label(h.from) : 'issued'} → <Badge status={h.to} /> by {h.actorName ?? 'the system'}{' '}
                {h.reason ? <span className="text-ink-muted">({h.reason})</span> : null}
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
                {t.declineReason ? <span className="text-ink-muted"> · {label(t.declineReason)}</span> : null}
              </span>
              <span className="flex items-center gap-2">
                {formatMoney(t.amount, t.currency)} <Badge status={t.status} />
              </span>
            </li>
          ))}
          {transactions.data && transactions.data.items.length === 0 ? <li className="text-ink-muted">No transactions.</li> : null}
        </ul>
      </Section>
      {may.simulate && sandboxTools && live ? (
        <Section title="Sandbox: simulate an authorization">
          <SimulateAuthorization call={call} cardRef={cardRef} currency={card.currency} onDone={refresh} />
        </Section>
      ) : null}
      <FreezeDialog
        open={dialog === 'freeze'}
        masked={card.cardNo}
        onClose={() => setDialog(null)}
        onDone={async () => {
          toast('success', 'Card frozen');
          await refresh();
        }}
        run={(reason) => call('card/freeze', { reason })}
      />
      <CodeDialog
        open={dialog === 'activate'}
        title="Activate card"
        text="Activating needs a one-time code sent to the cardholder. The card then accepts payments."
        onClose={() => setDialog(null)}
        onDone={async () => {
          toast('success', 'Card activated');
          await refresh();
        }}
        sendCode={() => call('secure/otp/send', { purpose: 'ACTIVATE' })}
        run={(otp) => call('card/activate', { otp })}
      />
      <CodeDialog
        open={dialog === 'unfreeze'}
        title="Unfreeze card"
        text="Unfreezing needs a one-time code sent to the cardholder."
        onClose={() => setDialog(null)}
        onDone={async () => {
          toast('success', 'Card unfrozen');
          await refresh();
        }}
        sendCode={() => call('secure/otp/send', { purpose: 'UNFREEZE' })}
        run={(otp) => call('card/unfreeze', { otp })}
      />
      <TerminateDialog
        open={dialog === 'terminate'}
        masked={card.cardNo}
        onClose={() => setDialog(null)}
        onDone={async () => {
          toast('success', 'Card terminated');
          await refresh();
        }}
        sendCode={() => call('secure/otp/send', { purpose: 'CANCEL' })}
        run={(v) => call('card/cancel', v)}
      />
    </div>
  );
}
