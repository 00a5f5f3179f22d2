'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { useCurrentUser } from '@/components/shell/user-context';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SelectField, TextareaField } from '@/components/ui/input';
import { FormAlert, PageHeader, Section } from '@/components/ui/page-header';
import { useToast } from '@/components/ui/toast';
import { Money, TRANSFER_TYPE_LABELS, TransferStatusBadge } from '@/components/wallets/money';
import { AML_DECISION_LABELS, AML_REASON_LABELS, AML_SUBJECT_TYPE_LABELS, decideAmlAlertBodySchema, type AmlAlertDetail, type AmlDecision } from '@/lib/contract/aml';
import { ApiClientError, apiFetch, errorMessage, toQuery } from '@/lib/ui/fetcher';
import { assigneeText } from './alert-queue';
import { AlertStatusBadge, EntryFacts, Facts, MatchExplanation, SubjectFacts, actionLabel, ageText, decisionLabel, kindLabel, reasonLabel, when } from './aml-ui';
import { LoadError, StaleBanner, loadFailed } from '@/components/ui/query-state';

type Detail = AmlAlertDetail;
const TERMINAL = ['FALSE_POSITIVE', 'CLEARED', 'RELEASED', 'REFUSED', 'CLOSED'];

/**
 * What a decision will do, in the words of the confirmation dialog (docs/aml.md, "What each
 * decision does"); `second` when the viewer confirms another officer's proposal.
 */
export function decisionEffect(a: Detail, decision: AmlDecision): string {
  const proposer = a.pendingByName ?? 'another officer';
  const second = a.status === 'PENDING_SECOND_APPROVAL' && a.pendingDecision === decision;
  const beneficiary = a.subjectType === 'BENEFICIARY';
  switch (decision) {
    case 'FALSE_POSITIVE':
      return a.kind === 'SCREENING'
        ? `False positive: the alert is closed; ${a.subjectName} is not alerted again for this entry unless the list changes it, and the customer's review case can be approved.`
        : 'False positive: the alert is closed and nothing else changes.';
    case 'CONFIRMED_MATCH':
      if (a.kind === 'TRANSACTION') return 'Confirmed: the activity is recorded as suspicious. Nothing is frozen by this decision.';
      return beneficiary
        ? `Confirmed match: payouts to the beneficiary ${a.subjectName} will be blocked until two officers clear the match.`
        : "Confirmed match: the customer's wallets and cards will be frozen until two officers clear the match.";
    case 'ESCALATE':
      return 'Escalate: the alert stays open, marked for a senior officer.';
    case 'CLOSE':
      return 'Close: the alert is closed without a finding.';
    case 'CLEAR_MATCH':
      return second
        ? `You confirm ${proposer}'s proposal: the match is cleared now; wallets it froze are unfrozen and blocked beneficiaries unblocked (cards stay frozen until their holders unfreeze them).`
        : 'Clear the match: a second officer must confirm; then wallets it froze are unfrozen and blocked beneficiaries unblocked.';
    case 'RELEASE_TRANSFER':
      return second ? `You confirm ${proposer}'s proposal: the transfer posts now.` : 'Release: a second officer must confirm; the transfer then posts.';
    case 'REFUSE_TRANSFER':
      return second
        ? `You confirm ${proposer}'s proposal: the transfer is rejected now and nothing is posted.`
        : 'Refuse: a second officer must confirm; the transfer is then rejected and nothing is posted.';
    case 'DECLINE_PROPOSAL':
      return `You decline ${proposer}'s proposal (${decisionLabel(a.pendingDecision).toLowerCase()}): the alert goes back for another decision.`;
  }
}

/** A refusal of the server in words (four-eyes, assignment, state); field errors go to their fields. */
export function refusalText(error: unknown): string {
  if (error instanceof ApiClientError) {
    const d = error.data as Record<string, unknown>;
    switch (d.error) {
      case 'SECOND_OFFICER_REQUIRED':
        return 'You proposed this decision yourself: a second, different officer must confirm it (four-eyes).';
      case 'ALERT_ASSIGNED_TO_OTHER':
        return `The alert is assigned to ${String(d.assigneeName ?? 'another officer')}: ask them to release it, or an administrator to reassign it.`;
      case 'ALERT_STATE_CONFLICT':
        return `The alert changed meanwhile (it is now ${String(d.status ?? '')
          .replaceAll('_', ' ')
          .toLowerCase()}); the page shows it as it is now.`;
      case 'DECISION_NOT_ALLOWED':
        return 'This decision is not possible on the alert now; the page shows the ones that are.';
    }
  }
  return errorMessage(error);
}

const EVENT_WORDS: Record<string, string> = {
  CREATED: 'Raised the alert',
  ASSIGNED: 'Assigned the alert',
  UNASSIGNED: 'Released the alert to the queue',
  DECISION_PROPOSED: 'Proposed',
  PROPOSAL_DECLINED: 'Declined the proposal',
  DECIDED: 'Decided',
  EFFECT: 'Carried out the decision',
  EFFECT_FAILED: 'Could not carry out all of the decision',
};

/** The alert's timeline: who did what, when, with the decision, reason, comment and the status it led to. */
export function AlertTimeline({ events }: { events: Detail['timeline'] }) {
  return (
    <ol className="space-y-3 text-sm" data-testid="alert-timeline">
      {events.map((e) => (
        <li key={e.id} className="border-l-2 border-slate-200 pl-3">
          <p>
            <span className="font-semibold">{e.actorName}</span> · {EVENT_WORDS[e.action] ?? e.action}
            {e.decision ? `: ${decisionLabel(e.decision)}` : ''}
            {e.toStatus && e.toStatus !== e.fromStatus ? (
              <span className="text-ink-muted">
                {' '}
                → <AlertStatusBadge status={e.toStatus} />
              </span>
            ) : null}
          </p>
          {e.note ? <p className="[overflow-wrap:anywhere]">{e.note.charAt(0).toUpperCase() + e.note.slice(1)}</p> : null}
          {e.reasonCode ? <p className="text-ink-muted">Reason: {reasonLabel(e.reasonCode)}</p> : null}
          {e.comment ? <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">“{e.comment}”</p> : null}
          <p className="text-xs text-ink-muted">{when(e.createdAt)}</p>
        </li>
      ))}
    </ol>
  );
}

/** The decision: only what the server allows now; reasons follow the decision; a required comment; a confirmation that says what happens. */
function DecisionForm({ a, onDecided }: { a: Detail; onDecided: (d: Detail) => void }) {
  const toast = useToast();
  const [decision, setDecision] = useState<AmlDecision | ''>('');
  const [reasonCode, setReasonCode] = useState('');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const body = { decision, reasonCode, comment };
  const send = useMutation({
    mutationFn: () => apiFetch<Detail>(`/api/v2.1/aml/alerts/${a.id}/decisions`, { method: 'POST', json: body }),
    onMutate: () => setFailure(null),
    onSuccess: (d) => {
      setConfirming(false);
      toast(
        'success',
        d.status === 'PENDING_SECOND_APPROVAL'
          ? `Proposed: ${decisionLabel(d.pendingDecision).toLowerCase()}. A second officer must confirm it.`
          : `Decided: ${AML_DECISION_LABELS[decision as AmlDecision].toLowerCase()}`,
      );
      setDecision('');
      setReasonCode('');
      setComment('');
      onDecided(d);
    },
    onError: (e) => {
      setConfirming(false);
      if (e instanceof ApiClientError && e.data.errors?.length) setErrors(Object.fromEntries(e.data.errors.map((x) => [x.field.split('.')[0]!, x.message])));
      else setFailure(refusalText(e));
    },
  });
  const reasons = a.allowedDecisions.find((o) => o.decision === decision)?.reasonCodes ?? [];
  // a field's error goes as soon as the field is changed; the next "Review decision…" checks again
  const clear = (field: string) => setErrors((x) => (field in x ? Object.fromEntries(Object.entries(x).filter(([k]) => k !== field)) : x));
  const review = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = decideAmlAlertBodySchema.safeParse(body);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((i) => {
            const field = String(i.path[0] ?? 'decision');
            return [field, field === 'decision' ? 'choose a decision' : field === 'reasonCode' ? 'choose a reason' : i.message];
          }),
        ),
      );
      return;
    }
    setErrors({});
    setFailure(null);
    setConfirming(true);
  };
  const chosen = decision || null;
  const danger = chosen === 'CONFIRMED_MATCH' || chosen === 'REFUSE_TRANSFER';
  return (
    <form method="post" onSubmit={review} noValidate className="space-y-3" aria-label="Decision">
      <FormAlert messages={failure ? [failure] : []} />
      <SelectField
        label="Decision"
        value={decision}
        placeholder="Choose a decision"
        options={a.allowedDecisions.map((o) => ({ value: o.decision, label: AML_DECISION_LABELS[o.decision] }))}
        error={errors.decision}
        onChange={(e) => (setDecision(e.target.value as AmlDecision | ''), setReasonCode(''), clear('decision'))}
      />
      {chosen ? (
        <p className="rounded-md bg-slate-50 p-2 text-sm text-ink" data-testid="decision-effect">
          {decisionEffect(a, chosen)}
        </p>
      ) : null}
      <SelectField
        label="Reason"
        value={reasonCode}
        disabled={!decision}
        hint={decision ? undefined : 'Choose a decision first.'}
        placeholder="Choose a reason"
        options={reasons.map((r) => ({ value: r, label: AML_REASON_LABELS[r] }))}
        error={errors.reasonCode}
        onChange={(e) => (setReasonCode(e.target.value), clear('reasonCode'))}
      />
      <TextareaField
        label="Comment (required)"
        value={comment}
        error={errors.comment}
        hint="What you checked and why: it stays in the alert's timeline."
        onChange={(e) => (setComment(e.target.value), clear('comment'))}
      />
      <Button type="submit">Review decision…</Button>
      <ConfirmDialog
        open={confirming}
        title="Confirm the decision"
        confirmLabel={chosen ? `Confirm: ${AML_DECISION_LABELS[chosen]}` : 'Confirm'}
        variant={danger ? 'danger' : 'primary'}
        pending={send.isPending}
        onConfirm={() => send.mutate()}
        onClose={() => setConfirming(false)}
      >
        <p className="font-medium text-ink" data-testid="confirm-effect">
          {chosen ? decisionEffect(a, chosen) : ''}
        </p>
        <Facts
          testId="confirm-summary"
          items={[
            ['Alert', `${kindLabel(a.kind)} on ${a.customerName}`],
            ['Decision', decisionLabel(chosen)],
            ['Reason', reasonCode ? AML_REASON_LABELS[reasonCode as keyof typeof AML_REASON_LABELS] : '—'],
            ['Comment', comment.trim()],
          ]}
        />
      </ConfirmDialog>
    </form>
  );
}

/** Claim, release, and for administrators assign to an officer. */
function Assignment({ a, onChanged }: { a: Detail; onChanged: (d: Detail) => void }) {
  const me = useCurrentUser();
  const toast = useToast();
  const [assignTo, setAssignTo] = useState('');
  const mayAssign = me.can('aml:assign') && me.can('user:manage');
  const officers = useQuery({
    queryKey: ['admin-users', 'COMPLIANCE_OFFICER'],
    queryFn: () =>
      apiFetch<{ items: { id: string; firstName: string | null; lastName: string | null; username: string }[] }>(
        `/api/v2.1/admin/users${toQuery({ role: 'COMPLIANCE_OFFICER', isActive: 'true', pageSize: 100 })}`,
      ),
    enabled: mayAssign,
  });
  const assign = useMutation({
    mutationFn: (assigneeUserId: string | null) => apiFetch<Detail>(`/api/v2.1/aml/alerts/${a.id}/assign`, { method: 'POST', json: { assigneeUserId } }),
    onSuccess: (d, assigneeUserId) => {
      toast('success', assigneeUserId === null ? 'Alert released to the queue' : assigneeUserId === me.userId ? 'Alert claimed: it is yours now' : `Alert assigned to ${d.assigneeName}`);
      setAssignTo('');
      onChanged(d);
    },
    onError: (e) => toast('error', refusalText(e)),
  });
  const open = !TERMINAL.includes(a.status);
  const mine = a.assigneeUserId === me.userId;
  return (
    <div className="space-y-2 text-sm" data-testid="assignment">
      <p>
        {a.assigneeUserId ? (
          <>
            Assigned to <strong>{assigneeText(a, me.userId)}</strong>
          </>
        ) : (
          'Nobody has claimed it yet.'
        )}
      </p>
      {open ? (
        <div className="flex flex-wrap gap-2">
          {me.can('aml:decide') && !mine && (!a.assigneeUserId || mayAssign) ? (
            <Button onClick={() => assign.mutate(me.userId)} disabled={assign.isPending}>
              {a.assigneeUserId ? 'Take over alert' : 'Claim alert'}
            </Button>
          ) : null}
          {a.assigneeUserId && (mine || mayAssign) ? (
            <Button variant="secondary" onClick={() => assign.mutate(null)} disabled={assign.isPending}>
              Release alert
            </Button>
          ) : null}
        </div>
      ) : null}
      {open && mayAssign ? (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (assignTo) assign.mutate(assignTo);
          }}
        >
          <SelectField
            label="Assign to an officer"
            className="min-w-0 flex-1"
            value={assignTo}
            placeholder={officers.isPending ? 'Loading officers…' : 'Choose an officer'}
            options={(officers.data?.items ?? [])
              .filter((u) => u.id !== a.assigneeUserId)
              .map((u) => ({ value: u.id, label: [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username }))}
            onChange={(e) => setAssignTo(e.target.value)}
          />
          <Button type="submit" variant="secondary" disabled={!assignTo || assign.isPending}>
            Assign
          </Button>
        </form>
      ) : null}
    </div>
  );
}

function TransferLine({ t }: { t: NonNullable<Detail['transfer']> }) {
  return (
    <Facts
      testId="alert-transfer"
      items={[
        ['Amount', <Money key="a" amount={t.amount} currency={t.currency} />],
        ['Type', TRANSFER_TYPE_LABELS[t.type] ?? t.type],
        ['To', t.counterparty],
        ['Status', <TransferStatusBadge key="s" status={t.status} />],
        ['Created', when(t.createdAt)],
        [
          'Transfer page',
          <Link key="l" href={`/transfers/${t.id}`} className="text-brand-700 hover:underline">
            Open the transfer
          </Link>,
        ],
      ]}
    />
  );
}

/** One alert: what it is about side by side with why, the transaction facts, assignment, decision and timeline. */
export function AlertPage({ alertId }: { alertId: string }) {
  const client = useQueryClient();
  const query = useQuery({ queryKey: ['aml-alert', alertId], queryFn: () => apiFetch<Detail>(`/api/v2.1/aml/alerts/${alertId}`), refetchOnMount: 'always' });
  const update = async (d: Detail) => {
    client.setQueryData(['aml-alert', alertId], d);
    await Promise.all([
      client.invalidateQueries({ queryKey: ['aml-alerts'] }),
      client.invalidateQueries({ queryKey: ['transfer'] }),
      client.invalidateQueries({ queryKey: ['aml-alert', alertId] }),
    ]);
  };
  if (query.isPending) return <p className="text-ink-muted">Loading…</p>;
  if (loadFailed(query)) return <LoadError query={query} />;
  const a = query.data;
  const title = `${kindLabel(a.kind)}: ${a.subjectName}`;
  return (
    <div className="space-y-6">
      <StaleBanner query={query} what="the alert" />
      <PageHeader
        title={title}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span data-testid="alert-status">
              <AlertStatusBadge status={a.status} />
            </span>
            <span>
              raised {when(a.createdAt)}, {ageText(a.ageHours)} ago
            </span>
          </span>
        }
        actions={
          <>
            <Link href={`/customers/${a.customerId}`} className="rounded-md px-4 py-2 text-sm font-semibold text-ink ring-1 ring-inset ring-slate-300 hover:bg-slate-50">
              Customer: {a.customerName}
            </Link>
            {a.verificationId ? (
              <Link href={`/verifications/${a.verificationId}`} className="rounded-md px-4 py-2 text-sm font-semibold text-ink ring-1 ring-inset ring-slate-300 hover:bg-slate-50">
                Review case
              </Link>
            ) : null}
          </>
        }
      />
      {a.status === 'PENDING_SECOND_APPROVAL' && a.pendingDecision ? (
        <p role="status" className="rounded-md bg-brand-50 p-3 text-sm text-ink ring-1 ring-brand-600/20" data-testid="pending-proposal">
          <strong>{a.pendingByName}</strong> proposed: {decisionLabel(a.pendingDecision).toLowerCase()}. A second, different officer confirms or declines it (four-eyes).
        </p>
      ) : null}
      {a.kind === 'SCREENING' && a.hit ? (
        <>
          {a.entryChangedSince ? (
            <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300" data-testid="entry-changed">
              The list entry was changed or removed by a later version of its list since this alert was raised: check the entry as it is now on the list&apos;s page.
            </p>
          ) : null}
          <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0" data-testid="side-by-side">
            <Section title={`Subject as screened (${AML_SUBJECT_TYPE_LABELS[a.subjectType].toLowerCase()})`} id="alert-subject">
              {a.subject ? <SubjectFacts subject={a.subject} testId="alert-subject" /> : <p className="text-sm text-ink-muted">Not recorded.</p>}
            </Section>
            <Section title="List entry" id="alert-entry">
              <EntryFacts entry={a.hit.entry} matchedName={a.hit.matchedName} testId="alert-entry" />
            </Section>
          </div>
          <Section title="Why it matched" id="alert-why">
            <MatchExplanation hit={a.hit} />
          </Section>
        </>
      ) : null}
      {a.kind === 'TRANSACTION' ? (
        <>
          <Section title="Rules that fired" id="alert-rules">
            <ul className="space-y-3 text-sm" data-testid="alert-firings">
              {a.firings.map((f) => (
                <li key={`${f.ruleId}-${f.ruleVersion}`} className="rounded-lg p-3 ring-1 ring-slate-200">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    <Link href={`/aml/rules/${f.ruleId}`} className="text-brand-700 hover:underline">
                      {f.ruleName}
                    </Link>
                    <span className="text-xs text-ink-muted">version {f.ruleVersion}</span>
                    <Badge tone={f.action === 'HOLD' ? 'warn' : 'info'}>{actionLabel(f.action)}</Badge>
                  </p>
                  <p className="mt-1">{f.reason}</p>
                  {Object.keys(f.facts).length ? (
                    <p className="mt-1 text-xs text-ink-muted [overflow-wrap:anywhere]">
                      {Object.entries(f.facts)
                        .map(([k, v]) => `${k.replace(/([A-Z])/g, ' $1').toLowerCase()}: ${v ?? '—'}`)
                        .join(' · ')}
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
          </Section>
          <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
            <Section title="The transfer" id="alert-transfer">
              {a.transfer ? <TransferLine t={a.transfer} /> : <p className="text-sm text-ink-muted">No transfer.</p>}
            </Section>
            <Section title="Recent transfers of the customer (30 days)" id="alert-recent">
              {a.recentTransfers.length ? (
                <ul className="divide-y divide-slate-100 text-sm" data-testid="alert-recent">
                  {a.recentTransfers.map((t) => (
                    <li key={t.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
                      <span className="min-w-0">
                        <Link href={`/transfers/${t.id}`} className="text-brand-700 hover:underline">
                          <Money amount={t.amount} currency={t.currency} />
                        </Link>
                        <span className="block text-xs text-ink-muted [overflow-wrap:anywhere]">
                          to {t.counterparty} · {when(t.createdAt)}
                          {t.id === a.transferId ? ' · this alert' : ''}
                        </span>
                      </span>
                      <TransferStatusBadge status={t.status} />
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-ink-muted">No other transfer in the last 30 days.</p>
              )}
            </Section>
          </div>
        </>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <div className="space-y-6">
          <Section title="Assignment" id="alert-assignment">
            <Assignment a={a} onChanged={update} />
          </Section>
          <Section title="Decision" id="alert-decision">
            {a.decision && TERMINAL.includes(a.status) ? (
              <p className="mb-2 text-sm" data-testid="alert-decided">
                {decisionLabel(a.decision)} by {a.decidedByName}, {when(a.decidedAt)}: {reasonLabel(a.decisionReasonCode)}
              </p>
            ) : null}
            {a.allowedDecisions.length ? (
              <DecisionForm a={a} onDecided={update} />
            ) : (
              <p className="rounded-md bg-slate-50 p-3 text-sm text-ink" data-testid="decision-blocked">
                {a.blockedReason ?? 'No decision is possible on this alert now.'}
              </p>
            )}
          </Section>
        </div>
        <Section title="Timeline" id="alert-timeline">
          <AlertTimeline events={a.timeline} />
        </Section>
      </div>
    </div>
  );
}
