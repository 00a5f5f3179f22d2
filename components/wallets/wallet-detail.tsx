'use client';

import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { z } from 'zod';
import { useCurrentUser } from '@/components/shell/user-context';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { TextareaField } from '@/components/ui/input';
import { FormAlert, QueryError, Section } from '@/components/ui/page-header';
import { DataTable, type Column } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import { sandboxFundBodySchema, walletStatusChangeBodySchema, type LedgerSettings, type Wallet } from '@/lib/contract/wallets';
import { apiFetch, toQuery } from '@/lib/ui/fetcher';
import { useContractForm } from '@/lib/ui/use-contract-form';
import { formatMoney, Money, statementLineLabel, when } from './money';
import { LoadError, StaleBanner, loadFailed } from '@/components/ui/query-state';

interface StatementLine {
  entryId: string;
  kind: string;
  transferId: string | null;
  transferStatus: string | null;
  description: string;
  /** FEE: the wallet product's fee on a payment, a line of its own */
  purpose?: 'AMOUNT' | 'FEE';
  direction: 'CREDIT' | 'DEBIT';
  amount: string;
  currency: string;
  postedAt: string;
  balanceAfter: string;
}
interface Statement {
  items: StatementLine[];
  total: number;
  openingBalance: string;
  closingBalance: string;
}

const PAGE_SIZE = 25;
type Action = 'freeze' | 'unfreeze' | 'close';
const ACTIONS: Record<Action, { title: string; label: string; pending: string; done: string; explain: string; variant: 'primary' | 'danger' }> = {
  freeze: {
    title: 'Freeze this wallet?',
    label: 'Freeze wallet',
    pending: 'Freezing…',
    done: 'frozen',
    explain: 'No money moves in or out while it is frozen; transfers awaiting approval fail when approved. An administrator can unfreeze it.',
    variant: 'danger',
  },
  unfreeze: { title: 'Unfreeze this wallet?', label: 'Unfreeze wallet', pending: 'Unfreezing…', done: 'active again', explain: 'Money can move in and out again.', variant: 'primary' },
  close: {
    title: 'Close this wallet for good?',
    label: 'Close wallet',
    pending: 'Closing…',
    done: 'closed',
    explain: 'Closing cannot be undone. Only a wallet with a zero balance and no transfers awaiting approval can be closed.',
    variant: 'danger',
  },
};

/** The status change form: the contract's body with the reason made mandatory on screen. */
const reasonSchema = walletStatusChangeBodySchema
  .unwrap()
  .required()
  .refine((v) => v.reason.length > 0, { path: ['reason'], message: 'say why: the reason is shown on the wallet' });

function StatusForm({ wallet, action, onDone }: { wallet: Wallet; action: Action; onDone: () => void }) {
  const client = useQueryClient();
  const toast = useToast();
  const a = ACTIONS[action];
  const { form, alert, submit, errors, pending } = useContractForm(reasonSchema as unknown as z.ZodType<{ reason: string }, { reason: string }>, { reason: '' }, async (values) => {
    await apiFetch<Wallet>(`/api/v2.1/wallets/${wallet.id}/${action}`, { method: 'POST', json: values });
    await client.invalidateQueries({ queryKey: ['wallet', wallet.id] });
    await client.invalidateQueries({ queryKey: ['wallets'] });
    toast('success', `Wallet “${wallet.name}” is ${a.done}`);
    onDone();
  });
  return (
    <form method="post" onSubmit={submit} noValidate className="space-y-3">
      <p className="text-sm text-ink-muted">{a.explain}</p>
      <FormAlert messages={alert} />
      <TextareaField label="Reason" error={errors.reason?.message} {...form.register('reason')} />
      <DialogActions onCancel={onDone} pending={pending} label={a.label} pendingLabel={a.pending} variant={a.variant} />
    </form>
  );
}

function FundForm({ wallet, onDone }: { wallet: Wallet; onDone: () => void }) {
  const client = useQueryClient();
  const toast = useToast();
  const {
    form,
    alert,
    submit,
    errors: e,
    pending,
  } = useContractForm(sandboxFundBodySchema, { amount: '', currency: wallet.currency, description: undefined }, async (values) => {
    await apiFetch(`/api/v2.1/wallets/${wallet.id}/sandbox/fund`, { method: 'POST', json: values });
    await client.invalidateQueries({ queryKey: ['wallet', wallet.id] });
    await client.invalidateQueries({ queryKey: ['statement', wallet.id] });
    toast('success', `${formatMoney(values.amount, wallet.currency)} added to “${wallet.name}”`);
    onDone();
  });
  return (
    <form method="post" onSubmit={submit} noValidate className="space-y-3">
      <p className="text-sm text-ink-muted">Demo money from the tenant&apos;s sandbox funding account. It never came from a bank.</p>
      <FormAlert messages={alert} />
      <Field label={`Amount (${wallet.currency})`} inputMode="decimal" autoComplete="off" error={e.amount?.message} {...form.register('amount')} />
      <Field label="Description (optional)" error={e.description?.message} {...form.register('description', { setValueAs: (v: unknown) => (v === '' ? undefined : v) })} />
      <DialogActions onCancel={onDone} pending={pending} label="Add funds" pendingLabel="Adding…" />
    </form>
  );
}

const csvCell = (v: string) => {
  const safe = /^[=+\-@]/.test(v) ? `'${v}` : v;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** Every line of the statement in the range, all pages, as CSV (RFC 4180), downloaded by the browser. */
async function downloadCsv(wallet: Wallet, range: { from?: string; to?: string }) {
  const lines: StatementLine[] = [];
  for (let page = 1; page <= 100; page++) {
    const s = await apiFetch<Statement>(`/api/v2.1/wallets/${wallet.id}/statement${toQuery({ ...range, page, pageSize: 100 })}`);
    lines.push(...s.items);
    if (lines.length >= s.total || s.items.length === 0) break;
  }
  const header = ['postedAt', 'description', 'kind', 'direction', 'amount', 'currency', 'balanceAfter', 'transferId', 'entryId'];
  const rows = lines.map((l) => [
    l.postedAt,
    l.description,
    l.purpose === 'FEE' ? (l.direction === 'CREDIT' ? 'Fee returned' : 'Fee') : statementLineLabel(l.kind, l.transferStatus),
    l.direction === 'CREDIT' ? 'in' : 'out',
    l.amount,
    l.currency,
    l.balanceAfter,
    l.transferId ?? '',
    l.entryId,
  ]);
  const csv = [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `statement-${wallet.id.slice(0, 8)}${range.from ? `-from-${range.from.slice(0, 10)}` : ''}${range.to ? `-to-${range.to.slice(0, 10)}` : ''}.csv`;
  a.click();
  URL.revokeObjectURL(url);
}

const dayStart = (d: string) => (d ? new Date(`${d}T00:00:00Z`).toISOString() : undefined);

/** One wallet: balances and status, the actions the viewer's role allows, and its statement. */
export function WalletDetail({ walletId }: { walletId: string }) {
  const me = useCurrentUser();
  const admin = me.can('wallet:manage');
  const administers = me.can('ledger:administer');
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [action, setAction] = useState<Action | null>(null);
  const [funding, setFunding] = useState(false);
  const [exporting, setExporting] = useState(false);
  const wallet = useQuery({ queryKey: ['wallet', walletId], queryFn: () => apiFetch<Wallet>(`/api/v2.1/wallets/${walletId}`) });
  const settings = useQuery({ queryKey: ['ledger-settings'], queryFn: () => apiFetch<LedgerSettings>('/api/v2.1/ledger/settings'), staleTime: 60_000 });
  const range = { from: dayStart(from), to: dayStart(to) };
  const statement = useQuery({
    queryKey: ['statement', walletId, page, from, to],
    queryFn: () => apiFetch<Statement>(`/api/v2.1/wallets/${walletId}/statement${toQuery({ ...range, page, pageSize: PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });
  if (loadFailed(wallet)) return <LoadError query={wallet} />;
  const w = wallet.data;
  const columns: Column<StatementLine>[] = [
    { key: 'posted', header: 'Posted', className: 'text-ink-muted md:whitespace-nowrap', cell: (l) => when(l.postedAt) },
    {
      key: 'description',
      header: 'Description',
      cell: (l) => (
        <span>
          <span className="block">{l.description}</span>
          <span className="block text-xs text-ink-muted">
            {l.purpose === 'FEE' ? (l.direction === 'CREDIT' ? 'Fee returned' : 'Fee') : statementLineLabel(l.kind, l.transferStatus)}
            {l.transferId ? (
              <>
                {' · '}
                <Link className="text-brand-700 underline" href={`/transfers/${l.transferId}`}>
                  transfer {l.transferId.slice(0, 8)}
                </Link>
              </>
            ) : null}
          </span>
        </span>
      ),
    },
    {
      key: 'amount',
      header: 'Amount',
      className: 'text-right',
      cell: (l) => (
        <span className={l.direction === 'CREDIT' ? 'text-emerald-700' : 'text-ink'}>
          <Money amount={l.amount} currency={l.currency} sign={l.direction === 'CREDIT' ? '+' : '-'} />
        </span>
      ),
    },
    { key: 'balance', header: 'Balance', className: 'text-right', cell: (l) => <Money amount={l.balanceAfter} currency={l.currency} /> },
  ];
  const sandbox = settings.data?.sandboxFunding;
  return (
    <div className="space-y-6">
      <StaleBanner query={wallet} what="the wallet" />
      <Section title={w ? `${w.name} · ${w.currency}` : 'Wallet'} id="wallet-summary">
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-ink-muted">Available balance</dt>
            <dd className="mt-1 text-xl font-semibold text-ink">{w ? <Money amount={w.availableBalance} currency={w.currency} testId="wallet-balance" /> : '…'}</dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-ink-muted">Awaiting approval</dt>
            <dd className="mt-1 text-ink">{w ? <Money amount={w.pendingOutgoing} currency={w.currency} /> : '…'}</dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-ink-muted">Status</dt>
            <dd className="mt-1">
              {w ? <Badge status={w.status} /> : '…'}
              {w?.statusReason ? <span className="mt-1 block text-xs text-ink-muted">{w.statusReason}</span> : null}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-ink-muted">Product</dt>
            <dd className="mt-1 text-ink" data-testid="wallet-product">
              {w ? w.product.name : '…'}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-ink-muted">Customer</dt>
            <dd className="mt-1">
              {w ? (
                <Link className="text-brand-700 hover:underline" href={`/customers/${w.customerId}`}>
                  {w.customerName}
                </Link>
              ) : (
                '…'
              )}
            </dd>
          </div>
        </dl>
        {w && admin ? (
          <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-100 pt-4">
            {w.status === 'ACTIVE' ? (
              <Link href={`/transfers/new?walletId=${w.id}`} className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
                New transfer
              </Link>
            ) : null}
            {w.status === 'ACTIVE' && sandbox?.enabled ? (
              <Button variant="secondary" onClick={() => setFunding(true)}>
                Add sandbox funds
              </Button>
            ) : null}
            {w.status === 'ACTIVE' ? (
              <Button variant="secondary" onClick={() => setAction('freeze')}>
                Freeze
              </Button>
            ) : null}
            {w.status === 'FROZEN' && administers ? (
              <Button variant="secondary" onClick={() => setAction('unfreeze')}>
                Unfreeze
              </Button>
            ) : null}
            {w.status !== 'CLOSED' ? (
              <Button variant="danger" onClick={() => setAction('close')}>
                Close
              </Button>
            ) : null}
          </div>
        ) : null}
        {w && admin && sandbox && !sandbox.enabled ? (
          <p role="note" className="mt-3 rounded-md bg-slate-100 px-3 py-2 text-sm text-ink-muted" data-testid="sandbox-off">
            Sandbox funding is not available here. {sandbox.explanation}
          </p>
        ) : null}
      </Section>

      <Section
        title="Statement"
        id="statement"
        actions={
          w ? (
            <Button
              variant="secondary"
              disabled={exporting}
              onClick={async () => {
                setExporting(true);
                try {
                  await downloadCsv(w, range);
                } catch {
                  toast('error', 'The statement could not be exported; try again');
                } finally {
                  setExporting(false);
                }
              }}
            >
              {exporting ? 'Exporting…' : 'Download CSV'}
            </Button>
          ) : null
        }
      >
        <div className="mb-3 flex flex-wrap items-end gap-3">
          <Field label="From" type="date" value={from} onChange={(e) => (setFrom(e.target.value), setPage(1))} />
          <Field label="To (exclusive)" type="date" value={to} onChange={(e) => (setTo(e.target.value), setPage(1))} />
          {statement.data && w ? (
            <p className="text-sm text-ink-muted">
              Opening <Money amount={statement.data.openingBalance} currency={w.currency} /> · closing <Money amount={statement.data.closingBalance} currency={w.currency} />
            </p>
          ) : null}
        </div>
        <QueryError error={statement.error} />
        <DataTable
          caption="Statement lines"
          columns={columns}
          rows={statement.data?.items ?? []}
          rowKey={(l) => `${l.entryId}-${l.direction}`}
          page={page}
          pageSize={PAGE_SIZE}
          total={statement.data?.total}
          onPage={setPage}
          loading={statement.isPending}
          empty="No entries in this period."
        />
      </Section>
      {w ? (
        <>
          <Dialog open={action !== null} onClose={() => setAction(null)} title={action ? ACTIONS[action].title : ''}>
            {action ? <StatusForm wallet={w} action={action} onDone={() => setAction(null)} /> : null}
          </Dialog>
          <Dialog open={funding} onClose={() => setFunding(false)} title="Add sandbox funds">
            {funding ? <FundForm wallet={w} onDone={() => setFunding(false)} /> : null}
          </Dialog>
        </>
      ) : null}
    </div>
  );
}
