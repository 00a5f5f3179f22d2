'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { CurrencySelect } from '@/components/reference-data/reference-selects';
import { useCurrentUser } from '@/components/shell/user-context';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Checkbox, SelectField } from '@/components/ui/input';
import { FormAlert, PageHeader, QueryError, Section } from '@/components/ui/page-header';
import { DataTable, type Column } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import { Money, TransferStatusBadge } from '@/components/wallets/money';
import {
  AML_RULE_ACTION_LABELS,
  AML_RULE_ACTIONS,
  AML_RULE_DEFAULTS,
  AML_RULE_PARAMS,
  AML_RULE_TYPE_LABELS,
  AML_RULE_TYPES,
  backtestAmlRuleBodySchema,
  createAmlRuleBodySchema,
  type AmlRule,
  type AmlRuleType,
  type amlBacktestSchema,
  type amlRuleVersionSchema,
} from '@/lib/contract/aml';
import { countryName } from '@/lib/ui/countries';
import { ApiClientError, apiFetch, errorMessage } from '@/lib/ui/fetcher';
import type { z } from 'zod';
import { CountryPicker, when } from './aml-ui';
import { LoadError, StaleBanner, loadFailed } from '@/components/ui/query-state';

type RuleDetail = AmlRule & { versions: z.infer<typeof amlRuleVersionSchema>[] };
type Backtest = z.infer<typeof amlBacktestSchema>;

/**
 * Transaction-monitoring rules (docs/aml.md, "Rules"): each type's parameters with labels in words,
 * checked in the browser by the schema the API checks them with (AML_RULE_PARAMS); every change is a
 * new version; a back-test shows what a rule would have caught.
 */

type ParamKind = 'amount' | 'int' | 'number' | 'currency' | 'countries';
interface ParamField {
  key: string;
  label: string;
  kind: ParamKind;
  hint?: string;
}
const CURRENCY: ParamField = {
  key: 'currency',
  label: 'Currency (optional)',
  kind: 'currency',
  hint: 'Only transfers in this currency; empty: every currency, each compared in its own.',
};
export const PARAM_FIELDS: Record<AmlRuleType, ParamField[]> = {
  LARGE_TRANSFER: [{ key: 'minAmount', label: 'Amount at or above', kind: 'amount' }, CURRENCY],
  VELOCITY: [
    { key: 'windowMinutes', label: 'Window (minutes)', kind: 'int', hint: '1440 is a day.' },
    { key: 'maxCount', label: 'More transfers than', kind: 'int' },
    { key: 'maxAmount', label: 'Or a total amount above', kind: 'amount' },
    CURRENCY,
  ],
  STRUCTURING: [
    { key: 'threshold', label: 'Threshold amount', kind: 'amount', hint: 'The reporting threshold transfers stay just below.' },
    { key: 'marginPercent', label: 'Just below: within (percent)', kind: 'number', hint: '10: from 90 % of the threshold up to just below it.' },
    { key: 'windowMinutes', label: 'Window (minutes)', kind: 'int' },
    { key: 'minCount', label: 'At least this many transfers', kind: 'int' },
    CURRENCY,
  ],
  NEW_BENEFICIARY: [{ key: 'withinHours', label: 'Beneficiary created within (hours)', kind: 'int' }, { key: 'minAmount', label: 'Amount at or above', kind: 'amount' }, CURRENCY],
  HIGH_RISK_COUNTRY: [
    { key: 'countries', label: 'High-risk countries', kind: 'countries', hint: "A payout to a beneficiary in one of these countries fires. FATF's lists are the starting point." },
  ],
  RAPID_OUT: [
    { key: 'withinMinutes', label: 'Within (minutes) of a credit', kind: 'int' },
    { key: 'minPercent', label: 'At least this percent of the credit leaves', kind: 'number' },
    CURRENCY,
  ],
};

/** A rule's parameters in words: "Amount at or above: 500 · Currency: every currency". */
export function paramsText(type: AmlRuleType, params: Record<string, unknown>): string {
  return PARAM_FIELDS[type]
    .map((f) => {
      const v = params[f.key];
      const shown = f.kind === 'countries' ? ((v as string[] | undefined) ?? []).map(countryName).join(', ') : f.kind === 'currency' ? (v ? String(v) : 'every currency') : String(v ?? '—');
      return `${f.label.replace(' (optional)', '')}: ${shown}`;
    })
    .join(' · ');
}

type Draft = { name: string; action: string; enabled: boolean; params: Record<string, string | string[]> };

const draftOf = (type: AmlRuleType, r?: { name: string; action: string; enabled: boolean; params: Record<string, unknown> }): Draft => {
  const source: { name: string; action: string; enabled: boolean; params: Record<string, unknown> } = r ?? { ...AML_RULE_DEFAULTS[type], action: 'ALERT', enabled: true };
  return {
    name: source.name,
    action: source.action,
    enabled: source.enabled,
    params: Object.fromEntries(
      PARAM_FIELDS[type].map((f) => [
        f.key,
        f.kind === 'countries'
          ? [...((source.params[f.key] as string[] | undefined) ?? [])]
          : source.params[f.key] === null || source.params[f.key] === undefined
            ? ''
            : String(source.params[f.key]),
      ]),
    ),
  };
};

/** The draft's parameters as the API takes them (numbers as numbers, an empty currency as null). */
function paramsOf(type: AmlRuleType, d: Draft): Record<string, unknown> {
  return Object.fromEntries(
    PARAM_FIELDS[type].map((f) => {
      const v = d.params[f.key];
      if (f.kind === 'countries') return [f.key, v];
      if (f.kind === 'currency') return [f.key, v === '' ? null : String(v).toUpperCase()];
      if (f.kind === 'amount') return [f.key, String(v).trim()];
      return [f.key, v === '' ? undefined : Number(v)];
    }),
  );
}

/** The same checks as the API: the body's schema and the type's parameter schema, errors keyed by field ("params.minAmount"). */
function check(type: AmlRuleType, d: Draft): Record<string, string> {
  const errors: Record<string, string> = {};
  const body = createAmlRuleBodySchema.safeParse({ name: d.name, ruleType: type, enabled: d.enabled, action: d.action, params: {} });
  if (!body.success) for (const i of body.error.issues) errors[i.path.join('.')] = i.message;
  const params = AML_RULE_PARAMS[type].safeParse(paramsOf(type, d));
  if (!params.success)
    for (const i of params.error.issues) errors[['params', ...i.path.slice(0, 1)].join('.')] ??= i.path.length ? (i.code === 'invalid_type' ? 'required' : i.message) : i.message;
  return errors;
}

function RuleForm({ type, rule, onDone }: { type: AmlRuleType; rule?: RuleDetail; onDone: (r?: AmlRule) => void }) {
  const client = useQueryClient();
  const toast = useToast();
  const [key] = useState(() => crypto.randomUUID());
  const [d, setD] = useState<Draft>(() => draftOf(type, rule));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string[]>([]);
  const save = useMutation({
    mutationFn: () => {
      const body = { name: d.name.trim(), action: d.action, enabled: d.enabled, params: paramsOf(type, d) };
      return rule
        ? apiFetch<AmlRule>(`/api/v2.1/aml/rules/${rule.id}`, { method: 'PATCH', json: body })
        : apiFetch<AmlRule>('/api/v2.1/aml/rules', { method: 'POST', json: { ...body, ruleType: type }, headers: { 'Idempotency-Key': key } });
    },
    onSuccess: async (r) => {
      // the form's dialog closes as soon as the answer arrives, before the pages behind it are read again
      toast('success', rule ? (r.version > rule.version ? `Rule “${r.name}” saved as version ${r.version}` : 'Nothing changed: no new version') : `Rule “${r.name}” created`);
      onDone(r);
      await Promise.all([client.invalidateQueries({ queryKey: ['aml-rules'] }), client.invalidateQueries({ queryKey: ['aml-rule', r.id] })]);
    },
    onError: (e) => {
      if (e instanceof ApiClientError && e.data.errors?.length) {
        setErrors(Object.fromEntries(e.data.errors.map((x) => [x.field, x.message])));
        setAlert(e.data.errors.filter((x) => !x.field.startsWith('params.') && !['name', 'action'].includes(x.field)).map((x) => `${x.field}: ${x.message}`));
      } else setAlert([errorMessage(e)]);
    },
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const found = check(type, d);
    setErrors(found);
    setAlert([]);
    if (Object.keys(found).length === 0) save.mutate();
  };
  const clear = (field: string) => setErrors((x) => (field in x ? Object.fromEntries(Object.entries(x).filter(([k]) => k !== field)) : x));
  const setParam = (k: string, v: string | string[]) => (setD((x) => ({ ...x, params: { ...x.params, [k]: v } })), clear(`params.${k}`));
  return (
    <form method="post" onSubmit={submit} noValidate className="space-y-3" aria-label={rule ? `Change ${rule.name}` : 'New rule'}>
      <p className="text-sm text-ink-muted">
        {rule ? `${AML_RULE_TYPE_LABELS[type]}. ` : ''}
        {rule
          ? `Saving a change creates version ${rule.version + 1}; the alerts already raised keep the version that fired.`
          : 'Prefilled with sensible defaults; adjust them to your risk appetite.'}
      </p>
      <FormAlert messages={alert} />
      <Field label="Name" error={errors.name} value={d.name} onChange={(e) => (setD((x) => ({ ...x, name: e.target.value })), clear('name'))} />
      <div className="grid gap-3 sm:grid-cols-2">
        {PARAM_FIELDS[type].map((f) =>
          f.kind === 'countries' ? (
            <div key={f.key} className="sm:col-span-2">
              <CountryPicker label={f.label} hint={f.hint} value={d.params[f.key] as string[]} error={errors[`params.${f.key}`]} onChange={(v) => setParam(f.key, v)} />
            </div>
          ) : f.kind === 'currency' ? (
            <CurrencySelect
              key={f.key}
              label={f.label}
              hint={f.hint}
              error={errors[`params.${f.key}`]}
              value={(d.params[f.key] as string | undefined) ?? ''}
              onChange={(code) => setParam(f.key, code)}
            />
          ) : (
            <Field
              key={f.key}
              label={f.label}
              hint={f.hint}
              inputMode={f.kind === 'int' ? 'numeric' : 'decimal'}
              error={errors[`params.${f.key}`]}
              value={d.params[f.key] as string}
              onChange={(e) => setParam(f.key, e.target.value)}
            />
          ),
        )}
      </div>
      <SelectField
        label="When it fires"
        options={AML_RULE_ACTIONS.map((a) => ({ value: a, label: AML_RULE_ACTION_LABELS[a] }))}
        hint={d.action === 'HOLD' ? 'Nothing posts until two officers release the transfer (or both refuse it).' : 'The transfer goes through; an officer reviews the alert.'}
        error={errors.action}
        value={d.action}
        onChange={(e) => setD((x) => ({ ...x, action: e.target.value }))}
      />
      <Checkbox label="Switched on (checks every new transfer)" checked={d.enabled} onChange={(e) => setD((x) => ({ ...x, enabled: e.target.checked }))} />
      <DialogActions onCancel={() => onDone()} pending={save.isPending} label={rule ? `Save as version ${rule.version + 1}` : 'Create rule'} pendingLabel="Saving…" />
    </form>
  );
}

/** Switch a rule on or off after a confirmation that says what it means (a new version). */
function ToggleRule({ rule, onDone }: { rule: AmlRule; onDone?: () => void }) {
  const client = useQueryClient();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const toggle = useMutation({
    mutationFn: () => apiFetch<AmlRule>(`/api/v2.1/aml/rules/${rule.id}`, { method: 'PATCH', json: { enabled: !rule.enabled } }),
    onSuccess: async (r) => {
      setOpen(false);
      await Promise.all([client.invalidateQueries({ queryKey: ['aml-rules'] }), client.invalidateQueries({ queryKey: ['aml-rule', r.id] })]);
      toast('success', `Rule “${r.name}” switched ${r.enabled ? 'on' : 'off'} (version ${r.version})`);
      onDone?.();
    },
  });
  const label = rule.enabled ? 'Switch off' : 'Switch on';
  return (
    <>
      <Button variant="secondary" className="px-3 py-1" onClick={() => (toggle.reset(), setOpen(true))} aria-label={`${label} ${rule.name}`}>
        {label}
      </Button>
      <ConfirmDialog
        open={open}
        title={`${label} “${rule.name}”?`}
        confirmLabel={label}
        variant={rule.enabled ? 'danger' : 'primary'}
        pending={toggle.isPending}
        error={toggle.error ? errorMessage(toggle.error) : null}
        onConfirm={() => toggle.mutate()}
        onClose={() => setOpen(false)}
      >
        <p>
          {rule.enabled
            ? 'New transfers are no longer checked by this rule; alerts it raised stay as they are.'
            : `Every new transfer is checked by this rule from now on${rule.action === 'HOLD' ? ', and a transfer it fires on is held until two officers release it' : ''}.`}{' '}
          This creates version {rule.version + 1}.
        </p>
      </ConfirmDialog>
    </>
  );
}

const onOff = (enabled: boolean) => (enabled ? <Badge tone="good">On</Badge> : <Badge tone="neutral">Off</Badge>);
const actionBadge = (action: AmlRule['action']) => <Badge tone={action === 'HOLD' ? 'warn' : 'info'}>{AML_RULE_ACTION_LABELS[action]}</Badge>;

/** The rules list: type, action, on/off, version; administrators create from a type and switch rules on and off. */
export function AmlRules() {
  const me = useCurrentUser();
  const router = useRouter();
  const canConfigure = me.can('aml:configure');
  const [type, setType] = useState<AmlRuleType | ''>('');
  const [creating, setCreating] = useState<AmlRuleType | null>(null);
  const rules = useQuery({ queryKey: ['aml-rules'], queryFn: () => apiFetch<{ items: AmlRule[] }>('/api/v2.1/aml/rules') });
  const columns: Column<AmlRule>[] = [
    {
      key: 'name',
      header: 'Rule',
      cell: (r) => (
        <span className="min-w-0">
          <Link href={`/aml/rules/${r.id}`} className="font-medium text-brand-700 hover:underline">
            {r.name}
          </Link>
          <span className="block text-xs text-ink-muted">{AML_RULE_TYPE_LABELS[r.ruleType]}</span>
        </span>
      ),
    },
    { key: 'params', header: 'Thresholds', cell: (r) => <span className="block max-w-sm text-xs [overflow-wrap:anywhere]">{paramsText(r.ruleType, r.params)}</span> },
    { key: 'action', header: 'When it fires', cell: (r) => actionBadge(r.action) },
    { key: 'state', header: 'State', cell: (r) => <span data-testid="rule-state">{onOff(r.enabled)}</span> },
    { key: 'version', header: 'Version', cell: (r) => r.version },
    ...(canConfigure ? [{ key: 'toggle', header: '', cell: (r: AmlRule) => <ToggleRule rule={r} /> }] : []),
  ];
  return (
    <div className="space-y-4">
      <PageHeader
        title="AML rules"
        description="Transaction monitoring: every new transfer is checked by the rules switched on. A rule raises an alert, or holds the transfer until two officers release it."
        actions={
          canConfigure ? (
            <form
              className="flex flex-wrap items-end gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                if (type) setCreating(type);
              }}
            >
              <SelectField
                label="Rule type"
                value={type}
                placeholder="Choose a type"
                options={AML_RULE_TYPES.map((t) => ({ value: t, label: AML_RULE_TYPE_LABELS[t] }))}
                onChange={(e) => setType(e.target.value as AmlRuleType | '')}
              />
              <Button type="submit" disabled={!type}>
                New rule
              </Button>
            </form>
          ) : null
        }
      />
      <QueryError error={rules.error} />
      <DataTable
        caption="Monitoring rules"
        columns={columns}
        rows={rules.data?.items ?? []}
        rowKey={(r) => r.id}
        rowTestId="rule-row"
        loading={rules.isPending}
        empty={canConfigure ? 'No rule yet: choose a type and create one.' : 'No rule yet: an administrator creates them.'}
      />
      <Dialog open={creating !== null} onClose={() => setCreating(null)} title={creating ? `New rule: ${AML_RULE_TYPE_LABELS[creating]}` : 'New rule'}>
        {creating ? (
          <RuleForm
            type={creating}
            onDone={(r) => {
              setCreating(null);
              if (r) router.push(`/aml/rules/${r.id}`);
            }}
          />
        ) : null}
      </Dialog>
    </div>
  );
}

/** The back-test: what the rule (as it is now) would have caught among past transfers; nothing is raised. */
function BacktestForm({ rule }: { rule: AmlRule }) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const run = useMutation({
    mutationFn: (body: { from?: string; to?: string }) => apiFetch<Backtest>(`/api/v2.1/aml/rules/${rule.id}/backtest`, { method: 'POST', json: body }),
    onError: (e) => {
      if (e instanceof ApiClientError && e.data.errors?.length) setErrors(Object.fromEntries(e.data.errors.map((x) => [x.field, x.message])));
    },
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const iso = (v: string) => (v ? new Date(v).toISOString() : undefined);
    const body = { from: iso(from), to: iso(to) };
    const parsed = backtestAmlRuleBodySchema.safeParse(body);
    if (!parsed.success) return setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
    setErrors({});
    run.mutate(parsed.data);
  };
  const r = run.data;
  return (
    <div className="space-y-3 text-sm">
      <form method="post" onSubmit={submit} noValidate className="space-y-3" aria-label="Back-test">
        <p className="text-ink-muted">What the rule as it is now would have caught among past transfers. Nothing is raised or held.</p>
        <div className="flex flex-wrap gap-3">
          <Field label="From (optional)" type="datetime-local" hint="Default: 30 days ago." error={errors.from} value={from} onChange={(e) => setFrom(e.target.value)} />
          <Field label="To (optional)" type="datetime-local" hint="Default: now." error={errors.to} value={to} onChange={(e) => setTo(e.target.value)} />
        </div>
        <Button type="submit" variant="secondary" disabled={run.isPending}>
          {run.isPending ? 'Running…' : 'Run back-test'}
        </Button>
      </form>
      {run.error && !(run.error instanceof ApiClientError && run.error.data.errors?.length) ? <FormAlert messages={[errorMessage(run.error)]} /> : null}
      {r ? (
        <div className="space-y-2" data-testid="backtest-result" aria-live="polite">
          <p>
            Version {r.ruleVersion} from {when(r.from)} to {when(r.to)}: <strong>{r.matches}</strong> of {r.transfersEvaluated} transfers would have fired, for <strong>{r.customers}</strong>{' '}
            {r.customers === 1 ? 'customer' : 'customers'}.{r.truncated ? ' Only the newest transfers of the window were evaluated.' : ''} Nothing was raised.
          </p>
          {r.samples.length ? (
            <ul className="divide-y divide-slate-100">
              {r.samples.map((s) => (
                <li key={s.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
                  <span className="min-w-0">
                    <Link href={`/transfers/${s.id}`} className="text-brand-700 hover:underline">
                      <Money amount={s.amount} currency={s.currency} />
                    </Link>{' '}
                    to {s.counterparty} · {when(s.createdAt)} ·{' '}
                    <Link href={`/customers/${s.customerId}`} className="text-brand-700 hover:underline">
                      customer
                    </Link>
                    <span className="block text-xs text-ink-muted">{s.reason}</span>
                  </span>
                  <TransferStatusBadge status={s.status} />
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** One rule: what it checks, edit (a new version), on/off, every version with who changed it, and the back-test. */
export function AmlRuleDetail({ ruleId }: { ruleId: string }) {
  const me = useCurrentUser();
  const [editing, setEditing] = useState(false);
  const rule = useQuery({ queryKey: ['aml-rule', ruleId], queryFn: () => apiFetch<RuleDetail>(`/api/v2.1/aml/rules/${ruleId}`) });
  if (rule.isPending) return <p className="text-ink-muted">Loading…</p>;
  if (loadFailed(rule)) return <LoadError query={rule} />;
  const r = rule.data;
  return (
    <div className="space-y-6">
      <StaleBanner query={rule} what="the rule" />
      <PageHeader
        title={r.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            {AML_RULE_TYPE_LABELS[r.ruleType]} {actionBadge(r.action)} <span data-testid="rule-state">{onOff(r.enabled)}</span> version {r.version}
          </span>
        }
        actions={
          me.can('aml:configure') ? (
            <>
              <ToggleRule rule={r} />
              <Button onClick={() => setEditing(true)}>Change rule</Button>
            </>
          ) : null
        }
      />
      <Section title="What it checks" id="rule-params">
        <ul className="space-y-1 text-sm" data-testid="rule-params">
          {paramsText(r.ruleType, r.params)
            .split(' · ')
            .map((line) => (
              <li key={line}>{line}</li>
            ))}
        </ul>
      </Section>
      <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <Section title="Back-test" id="rule-backtest">
          <BacktestForm rule={r} />
        </Section>
        <Section title="Versions" id="rule-versions">
          <ol className="space-y-3 text-sm" data-testid="rule-versions">
            {r.versions.map((v) => (
              <li key={v.version} className="border-l-2 border-slate-200 pl-3">
                <p className="flex flex-wrap items-center gap-2">
                  <strong>Version {v.version}</strong> {onOff(v.enabled)} {actionBadge(v.action)}
                </p>
                <p className="[overflow-wrap:anywhere]">
                  {v.name}: {paramsText(r.ruleType, v.params)}
                </p>
                <p className="text-xs text-ink-muted">
                  by {v.changedByName ?? 'the system'}, {when(v.changedAt)}
                </p>
              </li>
            ))}
          </ol>
        </Section>
      </div>
      <Dialog open={editing} onClose={() => setEditing(false)} title={`Change “${r.name}”`}>
        {editing ? <RuleForm type={r.ruleType} rule={r} onDone={() => setEditing(false)} /> : null}
      </Dialog>
    </div>
  );
}
