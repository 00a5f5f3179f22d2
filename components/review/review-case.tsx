'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { CustomerAmlAlerts } from '@/components/aml/customer-alerts';
import { Timeline } from '@/components/onboarding/timeline';
import { Badge } from '@/components/ui/badge';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SelectField, TextareaField } from '@/components/ui/input';
import { FormAlert, PageHeader, Section } from '@/components/ui/page-header';
import { useToast } from '@/components/ui/toast';
import { noteBodySchema } from '@/lib/contract/onboarding';
import {
  DECISION_LABELS,
  DECISION_RULES,
  DOCUMENT_DECISION_RULES,
  REASON_CODE_LABELS,
  reviewDecisionBodySchema,
  reviewDocumentDecisionBodySchema,
  VERIFICATION_STATUS_LABELS,
  type Decision,
  type DocumentRequirement,
  type ReviewDocument,
  type VerificationCase,
} from '@/lib/contract/review';
import { ApiClientError, apiFetch, errorMessage } from '@/lib/ui/fetcher';
import { useContractForm } from '@/lib/ui/use-contract-form';
import { DOC_STATUS, DocumentDetails, docLabel, reasonLabel, when } from './document-viewer';
import { LoadError, StaleBanner, loadFailed } from '@/components/ui/query-state';

// the page reads what the route answers: the contract's schema of the case (lib/contract/review.ts)
type Case = VerificationCase;
type Doc = ReviewDocument;

/** Approvals a two-approval case has so far: 1 once the first officer approved (the approval itself closes it). */
export const approvalsGiven = (v: { firstApprovedBy: string | null; status: string }) => (v.status === 'APPROVED' ? 2 : v.firstApprovedBy ? 1 : 0);

/** "due in 5 h" / "overdue by 3 h": the review SLA of a case. */
export function slaText(slaDueAt: string, now = Date.now()): { text: string; overdue: boolean } {
  const ms = new Date(slaDueAt).getTime() - now;
  const hours = Math.floor(Math.abs(ms) / 3_600_000);
  const minutes = Math.floor((Math.abs(ms) % 3_600_000) / 60_000);
  const span = hours ? `${hours} h ${minutes} min` : `${minutes} min`;
  return ms >= 0 ? { text: `SLA: due in ${span}`, overdue: false } : { text: `SLA: overdue by ${span}`, overdue: true };
}

export function RiskBadge({ level }: { level: string }) {
  const tone = level === 'HIGH' ? 'bad' : level === 'MEDIUM' ? 'warn' : 'good';
  return <Badge tone={tone}>{`${level.charAt(0)}${level.slice(1).toLowerCase()} risk`}</Badge>;
}

/** Refusals of the server, four-eyes and assignment ones in their own box. */
function Refusal({ error }: { error: unknown }) {
  if (error instanceof ApiClientError && error.data.error === 'OPEN_SCREENING_ALERTS') {
    const n = ((error.data as { alertIds?: string[] }).alertIds ?? []).length;
    return (
      <div role="alert" data-testid="refusal" className="rounded-md bg-rose-50 p-3 text-sm text-rose-900 ring-1 ring-rose-300">
        <p className="font-semibold">Refused: {n === 1 ? 'a screening alert' : `${n} screening alerts`} of this customer must be decided first.</p>
        <p>
          An officer decides {n === 1 ? 'it' : 'them'} on the alert page (false positive, or a cleared match);{' '}
          <a href="#case-aml-title" className="font-medium underline">
            see the AML alerts
          </a>
          .
        </p>
      </div>
    );
  }
  if (
    error instanceof ApiClientError &&
    ['FOUR_EYES', 'ASSIGNED_TO_ANOTHER_OFFICER', 'SECOND_APPROVER_MUST_DIFFER', 'REQUIRED_DOCUMENTS_NOT_ACCEPTED', 'DOCUMENT_EXPIRED'].includes(String(error.data.error))
  ) {
    const d = error.data as Record<string, unknown>;
    const unmet = (d.unmetRequirements as { label: string }[] | undefined) ?? [];
    const undecided = (d.undecidedDocuments as { documentType: string }[] | undefined) ?? [];
    return (
      <div role="alert" data-testid="refusal" className="rounded-md bg-rose-50 p-3 text-sm text-rose-900 ring-1 ring-rose-300">
        <p className="font-semibold">Refused: {error.message}.</p>
        {d.details ? <p>{String(d.details)}</p> : null}
        {unmet.length ? <p>Not accepted yet: {unmet.map((u) => u.label).join(', ')}.</p> : null}
        {undecided.length ? <p>Still to decide: {undecided.map((u) => docLabel(u.documentType)).join(', ')}.</p> : null}
      </div>
    );
  }
  return <FormAlert messages={error ? [errorMessage(error)] : []} />;
}

interface DecisionDraft {
  decision: Decision | '';
  reasonCode: string;
  comment: string;
  documentIds: string[];
  requirements: DocumentRequirement[];
}

/** The decision: nothing preset; reasons follow the decision; a confirmation restates everything before it is sent. */
function DecisionForm({ v, onDone }: { v: Case; onDone: () => Promise<unknown> }) {
  const toast = useToast();
  const [draft, setDraft] = useState<DecisionDraft>({ decision: '', reasonCode: '', comment: '', documentIds: [], requirements: [] });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const current = v.documents.filter((d) => !d.supersededBy);
  // a revision asks for a kind of document: the per-person identity requirements are one choice naming everyone
  const unmet = Object.values(
    v.requirements
      .filter((r) => !r.satisfied)
      .reduce<Record<string, { requirement: DocumentRequirement; label: string }>>((acc, r) => {
        const prev = acc[r.requirement];
        acc[r.requirement] = { requirement: r.requirement, label: prev ? `${prev.label}; ${r.label}` : r.label };
        return acc;
      }, {}),
  );
  const body = () => ({
    decision: draft.decision,
    reasonCode: draft.reasonCode,
    comment: draft.comment.trim() || undefined,
    ...(draft.decision === 'REQUEST_REVISION' ? { documentIds: draft.documentIds, requirements: draft.requirements } : {}),
  });
  const send = useMutation({
    mutationFn: () => apiFetch<{ status: string }>(`/api/v2.1/verifications/${v.id}/decision`, { method: 'POST', json: body() }),
    onMutate: () => setFailure(null),
    onSuccess: async (r) => {
      setConfirming(false);
      toast(
        'success',
        r.status === 'PENDING_REVIEW'
          ? 'First approval recorded (1 of 2 approvals): a second officer must approve'
          : `Decision recorded: ${DECISION_LABELS[draft.decision as Decision].toLowerCase()}`,
      );
      setDraft({ decision: '', reasonCode: '', comment: '', documentIds: [], requirements: [] });
      await onDone();
    },
    onError: (e) => {
      setConfirming(false);
      if (e instanceof ApiClientError && e.data.errors?.length) setErrors(Object.fromEntries(e.data.errors.map((x) => [x.field.split('.')[0]!, x.message])));
      else setFailure(e);
    },
  });
  const review = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = reviewDecisionBodySchema.safeParse(body());
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'decision'), i.path[0] === 'reasonCode' && !draft.reasonCode ? 'choose a reason' : i.message])));
      return;
    }
    setErrors({});
    setConfirming(true);
  };
  const reasons = draft.decision ? DECISION_RULES[draft.decision].reasonCodes : [];
  const commentRequired = draft.decision ? DECISION_RULES[draft.decision].commentRequired : false;
  return (
    <form method="post" onSubmit={review} noValidate className="space-y-3" aria-label="Decision">
      <div aria-live="assertive">{failure ? <Refusal error={failure} /> : null}</div>
      <fieldset>
        <legend className="text-sm font-medium text-ink">Decision</legend>
        <div className="mt-1 space-y-1">
          {(Object.keys(DECISION_LABELS) as Decision[]).map((d) => {
            // the server refuses what is disabled here: the registrar decides nothing, approval has more rules
            const disabled = !v.canDecide || (d === 'APPROVE' && !v.canApprove);
            const why = [!v.canDecide ? 'decide-blocked' : null, d === 'APPROVE' && !v.canApprove ? 'approve-blocked' : null].filter(Boolean).join(' ');
            return (
              <label key={d} className={`flex items-center gap-2 text-sm ${disabled ? 'text-ink-subtle' : ''}`}>
                <input
                  type="radio"
                  name="decision"
                  value={d}
                  checked={draft.decision === d}
                  disabled={disabled}
                  aria-describedby={disabled ? why : undefined}
                  onChange={() => setDraft((x) => ({ ...x, decision: d, reasonCode: '' }))}
                />
                {DECISION_LABELS[d]}
                {disabled ? <span className="text-xs">(not possible: see above)</span> : null}
              </label>
            );
          })}
        </div>
        {errors.decision ? <p className="mt-1 text-sm text-rose-700">{errors.decision}</p> : null}
      </fieldset>
      <SelectField
        label="Reason"
        value={draft.reasonCode}
        disabled={!draft.decision}
        hint={draft.decision ? undefined : 'Choose a decision first.'}
        placeholder="Choose a reason"
        options={reasons.map((r) => ({ value: r, label: REASON_CODE_LABELS[r] }))}
        error={errors.reasonCode}
        onChange={(e) => setDraft((x) => ({ ...x, reasonCode: e.target.value }))}
      />
      {draft.decision === 'REQUEST_REVISION' ? (
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium text-ink">What must the customer provide?</legend>
          {current.map((d) => (
            <label key={d.id} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={draft.documentIds.includes(d.id)}
                onChange={(e) => setDraft((x) => ({ ...x, documentIds: e.target.checked ? [...x.documentIds, d.id] : x.documentIds.filter((i) => i !== d.id) }))}
              />
              Replace: {docLabel(d.documentType)} {d.documentNumber ?? ''} ({DOC_STATUS[d.status]})
            </label>
          ))}
          {unmet.map((r) => (
            <label key={r.requirement} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={draft.requirements.includes(r.requirement)}
                onChange={(e) => setDraft((x) => ({ ...x, requirements: e.target.checked ? [...x.requirements, r.requirement] : x.requirements.filter((i) => i !== r.requirement) }))}
              />
              Provide: {r.label}
            </label>
          ))}
          {errors.documentIds ? <p className="text-sm text-rose-700">{errors.documentIds}</p> : null}
        </fieldset>
      ) : null}
      <TextareaField
        label={commentRequired ? 'Comment (required)' : 'Comment'}
        value={draft.comment}
        error={errors.comment}
        onChange={(e) => setDraft((x) => ({ ...x, comment: e.target.value }))}
      />
      <Button type="submit" disabled={!v.canDecide} aria-describedby={v.canDecide ? undefined : 'decide-blocked'}>
        Review decision…
      </Button>
      <Dialog open={confirming} onClose={() => setConfirming(false)} title="Confirm the decision">
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_1fr]" data-testid="confirm-summary">
          <dt className="text-ink-muted">Customer</dt>
          <dd className="font-medium">{v.customerName}</dd>
          <dt className="text-ink-muted">Decision</dt>
          <dd className="font-medium">{draft.decision ? DECISION_LABELS[draft.decision] : ''}</dd>
          <dt className="text-ink-muted">Reason</dt>
          <dd className="font-medium">{reasonLabel(draft.reasonCode)}</dd>
          <dt className="text-ink-muted">Comment</dt>
          <dd>{draft.comment.trim() || '—'}</dd>
          <dt className="text-ink-muted">Documents</dt>
          <dd>
            <ul>
              {current.length === 0 ? <li>No documents</li> : null}
              {current.map((d) => (
                <li key={d.id}>
                  {docLabel(d.documentType)}
                  {d.representativeName ? ` of ${d.representativeName}` : ''}: <strong>{DOC_STATUS[d.status]}</strong>
                  {d.expired ? ' (expired)' : ''}
                </li>
              ))}
            </ul>
          </dd>
          {draft.decision === 'REQUEST_REVISION' ? (
            <>
              <dt className="text-ink-muted">The customer must</dt>
              <dd data-testid="revision-asks">
                <ul>
                  {current
                    .filter((d) => draft.documentIds.includes(d.id))
                    .map((d) => (
                      <li key={d.id}>
                        Replace {docLabel(d.documentType)}
                        {d.documentNumber ? ` ${d.documentNumber}` : ''}
                      </li>
                    ))}
                  {unmet
                    .filter((r) => draft.requirements.includes(r.requirement))
                    .map((r) => (
                      <li key={r.requirement}>Provide {r.label}</li>
                    ))}
                </ul>
              </dd>
            </>
          ) : null}
          {v.approvalsRequired === 2 && draft.decision === 'APPROVE' ? (
            <>
              <dt className="text-ink-muted">Approvals</dt>
              <dd>{v.firstApprovedBy ? `Second approval (first by ${v.firstApprovedByName})` : 'First of two approvals: a second officer must approve'}</dd>
            </>
          ) : null}
        </dl>
        <div className="mt-4 flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button type="button" variant={draft.decision === 'REJECT' ? 'danger' : 'primary'} disabled={send.isPending} onClick={() => send.mutate()}>
            {send.isPending ? 'Saving…' : `Confirm: ${draft.decision ? DECISION_LABELS[draft.decision] : ''}`}
          </Button>
        </div>
      </Dialog>
    </form>
  );
}

/** One document: viewer, metadata, and its own accept/reject with a reason. */
function DocumentCard({ v, d, open, onDone }: { v: Case; d: Doc; open: boolean; onDone: () => Promise<unknown> }) {
  const [decision, setDecision] = useState<'ACCEPT' | 'REJECT' | ''>('');
  const [reasonCode, setReasonCode] = useState('');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [confirming, setConfirming] = useState(false);
  const send = useMutation({
    mutationFn: (body: unknown) => apiFetch(`/api/v2.1/verifications/${v.id}/documents/${d.id}/decision`, { method: 'POST', json: body }),
    onMutate: () => setFailure(null),
    // the confirmation closes on the answer, before the case is read again (a dialog left open while
    // the refresh runs keeps the rest of the page inert); a refusal shows on the form
    onSuccess: async () => {
      setConfirming(false);
      setDecision('');
      setReasonCode('');
      setComment('');
      await onDone();
    },
    onError: (e) => {
      setConfirming(false);
      setFailure(e);
    },
  });
  // a representative's identity document names its person, every other document the customer
  const title = `${docLabel(d.documentType)} of ${d.representativeName ?? v.customerName}`;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = { decision, reasonCode, comment: comment.trim() || undefined };
    const parsed = reviewDocumentDecisionBodySchema.safeParse(body);
    if (!parsed.success)
      return setErrors(
        Object.fromEntries(
          parsed.error.issues.map((i) => [
            String(i.path[0]),
            i.path[0] === 'decision' ? 'choose accept or reject' : i.path[0] === 'reasonCode' && !reasonCode ? 'choose a reason' : i.message,
          ]),
        ),
      );
    setErrors({});
    setConfirming(true);
  };
  const others = v.documents.filter((x) => !x.supersededBy && x.id !== d.id && x.status !== 'ACCEPTED').length;
  return (
    <li className="min-w-0 space-y-3 rounded-lg p-3 ring-1 ring-slate-200" data-testid="document" aria-label={title}>
      <p className="flex flex-wrap items-center justify-between gap-2 font-medium">
        <span>
          {docLabel(d.documentType)}
          {d.representativeName ? <span className="font-normal"> of {d.representativeName}</span> : null}
        </span>
        <span className="flex gap-2">
          {d.expired ? <Badge tone="bad">Expired</Badge> : null}
          {d.supersededBy ? <Badge tone="neutral">Replaced</Badge> : null}
          <Badge status={d.status}>{DOC_STATUS[d.status]}</Badge>
        </span>
      </p>
      <DocumentDetails d={d} verificationId={v.id} title={title} />
      {open && !d.supersededBy ? (
        <form method="post" onSubmit={submit} noValidate className="space-y-2 border-t border-slate-100 pt-2" aria-label={`Decide on ${title}`}>
          <div aria-live="assertive">{failure ? <Refusal error={failure} /> : null}</div>
          <fieldset>
            <legend className="text-sm font-medium">Document decision</legend>
            <div className="flex gap-4">
              {(['ACCEPT', 'REJECT'] as const).map((k) => (
                <label key={k} className={`flex items-center gap-2 text-sm ${k === 'ACCEPT' && d.expired ? 'text-ink-subtle' : ''}`}>
                  <input
                    type="radio"
                    name={`doc-${d.id}`}
                    value={k}
                    checked={decision === k}
                    disabled={!v.canDecide || (k === 'ACCEPT' && d.expired)}
                    aria-describedby={v.canDecide ? undefined : 'decide-blocked'}
                    onChange={() => (setDecision(k), setReasonCode(''))}
                  />
                  {DOCUMENT_DECISION_RULES[k].label}
                </label>
              ))}
            </div>
            {d.expired ? <p className="text-xs text-rose-700">An expired document cannot be accepted.</p> : null}
            {errors.decision ? <p className="text-sm text-rose-700">{errors.decision}</p> : null}
          </fieldset>
          <SelectField
            label="Reason"
            value={reasonCode}
            disabled={!decision}
            placeholder="Choose a reason"
            options={decision ? DOCUMENT_DECISION_RULES[decision].reasonCodes.map((r) => ({ value: r, label: REASON_CODE_LABELS[r] })) : []}
            error={errors.reasonCode}
            onChange={(e) => setReasonCode(e.target.value)}
          />
          <TextareaField label={decision === 'REJECT' ? 'Comment (required)' : 'Comment'} rows={2} value={comment} error={errors.comment} onChange={(e) => setComment(e.target.value)} />
          <Button type="submit" variant="secondary" disabled={send.isPending || !v.canDecide} aria-describedby={v.canDecide ? undefined : 'decide-blocked'}>
            Save document decision…
          </Button>
          <ConfirmDialog
            open={confirming}
            title={decision === 'REJECT' ? 'Reject the document' : 'Accept the document'}
            confirmLabel={decision === 'REJECT' ? 'Reject document' : 'Accept document'}
            variant={decision === 'REJECT' ? 'danger' : 'primary'}
            pending={send.isPending}
            onConfirm={() => send.mutate({ decision, reasonCode, comment: comment.trim() || undefined })}
            onClose={() => setConfirming(false)}
          >
            <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[9rem_1fr]" data-testid="document-decision-summary">
              <dt className="text-ink-muted">Document</dt>
              <dd className="font-medium">
                {docLabel(d.documentType)}
                {d.documentNumber ? ` ${d.documentNumber}` : ''} of {d.representativeName ?? v.customerName}
              </dd>
              <dt className="text-ink-muted">Decision</dt>
              <dd className="font-medium">{decision ? DOCUMENT_DECISION_RULES[decision].label : ''}</dd>
              <dt className="text-ink-muted">Reason</dt>
              <dd className="font-medium">{reasonLabel(reasonCode)}</dd>
              <dt className="text-ink-muted">Comment</dt>
              <dd>{comment.trim() || '—'}</dd>
              <dt className="text-ink-muted">What happens next</dt>
              <dd>
                {decision === 'REJECT'
                  ? 'The document cannot count towards approval: the customer must provide a replacement (request a revision to ask for it).'
                  : others
                    ? `The document counts towards approval; ${others} other document(s) are not accepted yet.`
                    : 'The document counts towards approval; the case itself still needs a decision.'}
              </dd>
            </dl>
          </ConfirmDialog>
        </form>
      ) : null}
    </li>
  );
}

function NoteForm({ id, onDone }: { id: string; onDone: () => Promise<unknown> }) {
  const { form, alert, submit } = useContractForm(noteBodySchema, { body: '' }, async (values, self) => {
    await apiFetch(`/api/v2.1/verifications/${id}/notes`, { method: 'POST', json: values });
    self.reset({ body: '' });
    await onDone();
  });
  return (
    <form method="post" onSubmit={submit} noValidate className="space-y-2">
      <FormAlert messages={alert} />
      <TextareaField label="New note" error={form.formState.errors.body?.message} {...form.register('body')} />
      <Button type="submit" variant="secondary" disabled={form.formState.isSubmitting}>
        Add note
      </Button>
    </form>
  );
}

/** One case: who registered and submitted it, assignment and SLA, the approval gate, risk, documents, decision, notes, timeline. */
export function ReviewCase({ id, userId, mayAssign = false }: { id: string; userId: string; mayAssign?: boolean }) {
  const client = useQueryClient();
  const toast = useToast();
  // a case is decided on what it is now: opening it always asks the server again (cached data shows meanwhile)
  const c = useQuery({ queryKey: ['verification', id], queryFn: () => apiFetch<Case>(`/api/v2.1/verifications/${id}`), refetchOnMount: 'always' });
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['verification', id] }),
      client.invalidateQueries({ queryKey: ['verifications'] }),
      client.invalidateQueries({ queryKey: ['timeline'] }),
    ]);
  const assign = useMutation({
    mutationFn: (assigneeUserId?: string | null) => apiFetch(`/api/v2.1/verifications/${id}/assign`, { method: 'POST', json: assigneeUserId === undefined ? {} : { assigneeUserId } }),
    onSuccess: async (_r, assigneeUserId) => {
      toast('success', assigneeUserId === null ? 'Case released to the queue' : 'Case claimed: it is yours now');
      await refresh();
    },
    onError: (e) => toast('error', errorMessage(e)),
  });
  if (c.isPending) return <p className="text-ink-muted">Loading…</p>;
  if (loadFailed(c)) return <LoadError query={c} />;
  const v = c.data;
  const open = v.status === 'PENDING_REVIEW' || v.status === 'IN_REVIEW';
  const mine = v.assigneeUserId === userId;
  const sla = slaText(v.slaDueAt);
  return (
    <div className="space-y-6">
      <StaleBanner query={c} what="the case" />
      <PageHeader
        title={v.customerName}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <Badge status={v.status}>{VERIFICATION_STATUS_LABELS[v.status]}</Badge>
            <RiskBadge level={v.riskLevel} />
            {open ? (
              <span data-testid="sla" className={sla.overdue ? 'font-semibold text-rose-700' : ''}>
                {sla.text}
              </span>
            ) : null}
          </span>
        }
        actions={
          <>
            <Link href={`/customers/${v.customerId}`} className="rounded-md px-4 py-2 text-sm font-semibold text-ink ring-1 ring-inset ring-slate-300 hover:bg-slate-50">
              Customer page
            </Link>
            {open && !mine && (!v.assigneeUserId || mayAssign) && v.registeredByUserId !== userId ? (
              <Button onClick={() => assign.mutate(undefined)} disabled={assign.isPending}>
                {v.assigneeUserId ? 'Take over case' : 'Claim case'}
              </Button>
            ) : null}
            {open && v.assigneeUserId && (mine || mayAssign) ? (
              <Button variant="secondary" onClick={() => assign.mutate(null)} disabled={assign.isPending}>
                Release case
              </Button>
            ) : null}
          </>
        }
      />
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 rounded-xl bg-white p-4 text-sm shadow-card sm:grid-cols-[10rem_1fr]" data-testid="case-header">
        <dt className="text-ink-muted">Registered by</dt>
        <dd className="font-medium">{v.registeredByName}</dd>
        <dt className="text-ink-muted">Submitted by</dt>
        <dd className="font-medium">
          {v.submittedByName}, {when(v.submittedAt)}
        </dd>
        <dt className="text-ink-muted">Assigned to</dt>
        <dd className="font-medium">{v.assigneeUserId ? (mine ? `${v.assigneeName} (you)` : v.assigneeName) : 'Nobody yet'}</dd>
        <dt className="text-ink-muted">Approvals needed</dt>
        <dd className="font-medium">
          {v.approvalsRequired === 2 ? `Two, by different officers: ${approvalsGiven(v)} of 2 approvals${v.firstApprovedByName ? ` (first given by ${v.firstApprovedByName})` : ''}` : 'One'}
          <span className="block text-xs font-normal text-ink-muted" data-testid="approvals-rule">
            Required by {v.approvalsRequiredBy}
          </span>
        </dd>
        <dt className="text-ink-muted">Screening</dt>
        <dd className="font-medium">
          {v.process.screeningRequired ? 'Sanctions and PEP screening at registration' : 'No screening at registration'}
          <span className="block text-xs font-normal text-ink-muted">
            {v.process.screeningRequired ? 'Required' : 'Not required'} by {v.process.requiredBy}
            {v.process.isDefault ? ' (default process)' : ''}
          </span>
        </dd>
      </dl>
      {open && !v.canDecide ? (
        <div id="decide-blocked" role="status" data-testid="decide-blocked" className="rounded-md bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300">
          <p className="font-semibold">You cannot decide on this case or its documents:</p>
          <ul className="ml-5 list-disc">
            {v.decideBlockedReasons.map((r) => (
              <li key={r.code + r.message}>{r.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {open && !v.canApprove ? (
        <div id="approve-blocked" role="status" data-testid="approve-blocked" className="rounded-md bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300">
          <p className="font-semibold">You cannot approve this case now:</p>
          <ul className="ml-5 list-disc">
            {v.approveBlockedReasons.map((r) => (
              <li key={r.code + r.message}>
                {r.message}
                {r.code === 'OPEN_SCREENING_ALERTS' ? (
                  <>
                    {' '}
                    <a href="#case-aml-title" className="font-medium text-brand-700 underline">
                      See the AML alerts
                    </a>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {v.revisionRequest ? (
        <p className="rounded-md bg-amber-50 p-3 text-sm ring-1 ring-amber-300">
          Revision requested by {v.revisionRequest.requestedByName} on {when(v.revisionRequest.requestedAt)}: {v.revisionRequest.comment ?? ''}
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <Section title="Risk">
          <p className="mb-2">
            <RiskBadge level={v.riskLevel} />
          </p>
          {v.riskReasons.length ? (
            <ul className="ml-5 list-disc text-sm" data-testid="risk-reasons">
              {v.riskReasons.map((r) => (
                <li key={r.rule}>
                  {r.reason} <span className="text-ink-muted">({r.level.toLowerCase()})</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-ink-muted">No risk rule applies.</p>
          )}
        </Section>
        <Section title="Required documents">
          <ul className="space-y-1 text-sm" data-testid="requirements">
            {v.requirements.map((r) => (
              <li key={`${r.requirement}-${r.representativeId ?? ''}`} className="flex items-center justify-between gap-2">
                <span className="min-w-0">
                  {r.label}
                  {r.requiredBy ? <span className="block text-xs text-ink-muted">Required by {r.requiredBy}</span> : null}
                </span>
                {r.satisfied ? <Badge tone="good">Accepted</Badge> : r.documentIds.length ? <Badge tone="warn">Not accepted yet</Badge> : <Badge tone="bad">Missing</Badge>}
              </li>
            ))}
          </ul>
        </Section>
      </div>
      <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <Section title="Customer data">
          <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
            {(
              [
                ['Type', v.customerType === 'INDIVIDUAL' ? 'Individual' : 'Organization'],
                ['Email', v.customerEmail],
                ...(v.person
                  ? [
                      ['Name', `${v.person.firstName} ${v.person.lastName}`],
                      ['Date of birth', v.person.dateOfBirth],
                      ['Nationality', v.person.nationality],
                    ]
                  : []),
                ...(v.organization
                  ? [
                      ['Legal name', v.organization.legalName],
                      ['Registration no.', v.organization.registrationNumber],
                      ['Industry', v.organization.industry],
                    ]
                  : []),
                ['Category', v.categorization?.categoryName ?? '—'],
                ...v.representatives.map((r) => [`Representative`, `${r.firstName} ${r.lastName}${r.position ? `, ${r.position}` : ''} (${Number(r.ownershipShare)} %)`]),
                ...v.addresses.map((a) => [`${a.addressType.charAt(0)}${a.addressType.slice(1).toLowerCase()} address`, `${a.street}, ${a.postalCode ?? ''} ${a.city}, ${a.country}`]),
              ] as [string, string | null][]
            ).map(([k, val], i) => (
              <div key={`${k}-${i}`} className="contents">
                <dt className="text-ink-muted">{k}</dt>
                <dd className="break-words font-medium">{val ?? '—'}</dd>
              </div>
            ))}
          </dl>
        </Section>
        <Section title="Decision">
          {open ? (
            <DecisionForm v={v} onDone={refresh} />
          ) : (
            <p className="text-sm">
              {VERIFICATION_STATUS_LABELS[v.status]}: {reasonLabel(v.reasonCode)} {v.comment ? `(“${v.comment}”)` : ''}
            </p>
          )}
        </Section>
      </div>
      <Section
        title="AML screening"
        id="case-aml"
        actions={
          <Link href={`/aml/alerts?customerId=${v.customerId}`} className="text-sm font-medium text-brand-700 hover:underline">
            Alert queue
          </Link>
        }
      >
        <CustomerAmlAlerts customerId={v.customerId} />
      </Section>
      <Section title="Documents">
        {v.documents.length === 0 ? <p className="text-sm text-ink-muted">No documents.</p> : null}
        <ul className="grid gap-4 md:grid-cols-2 [&>*]:min-w-0">
          {v.documents.map((d) => (
            <DocumentCard key={d.id} v={v} d={d} open={open} onDone={refresh} />
          ))}
        </ul>
      </Section>
      <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <Section title="Notes">
          <ol className="mb-3 space-y-2 text-sm">
            {v.notes.map((n) => (
              <li key={n.id} className="rounded bg-slate-50 p-2">
                <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{n.body}</p>
                <p className="mt-1 text-xs text-ink-muted">
                  {n.authorName} · {when(n.createdAt)}
                </p>
              </li>
            ))}
          </ol>
          <NoteForm id={id} onDone={refresh} />
        </Section>
        <Timeline url={`/api/v2.1/verifications/${id}/timeline`} title="Case timeline" />
      </div>
    </div>
  );
}
