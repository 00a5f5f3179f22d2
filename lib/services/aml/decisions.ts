import { AML_DECISION_REASONS, AML_FOUR_EYES_DECISIONS, type AmlAlertStatus, type AmlDecision, type AmlReasonCode } from '@/lib/contract/aml';

/**
 * What an officer may decide on an alert, as a plain function of the alert and the officer
 * (docs/aml.md, "Decisions"): the server refuses anything else, and the alert page offers exactly
 * this list, with the reason in words when it is empty.
 */
export interface DecisionState {
  kind: 'SCREENING' | 'TRANSACTION';
  status: AmlAlertStatus;
  /** the alert holds its transfer (a HOLD rule fired and the transfer is still HELD_FOR_REVIEW) */
  holdsTransfer: boolean;
  assigneeUserId: string | null;
  pendingDecision: AmlDecision | null;
  pendingBy: string | null;
}

export interface DecisionOptions {
  allowed: { decision: AmlDecision; reasonCodes: readonly AmlReasonCode[] }[];
  /** in words, why nothing (or only part) is possible for this officer now */
  blockedReason: string | null;
}

export const TERMINAL_STATUSES: readonly AmlAlertStatus[] = ['FALSE_POSITIVE', 'CLEARED', 'RELEASED', 'REFUSED', 'CLOSED'];
export const isFourEyes = (d: AmlDecision) => (AML_FOUR_EYES_DECISIONS as readonly AmlDecision[]).includes(d);

const options = (decisions: AmlDecision[]) => decisions.map((decision) => ({ decision, reasonCodes: AML_DECISION_REASONS[decision] }));

/** The decisions the alert takes in its status, whoever decides (before the officer's own rules). */
export function decisionsOf(a: Pick<DecisionState, 'kind' | 'status' | 'holdsTransfer' | 'pendingDecision'>): AmlDecision[] {
  if (TERMINAL_STATUSES.includes(a.status)) return [];
  if (a.status === 'PENDING_SECOND_APPROVAL') return a.pendingDecision ? [a.pendingDecision, 'DECLINE_PROPOSAL'] : [];
  if (a.status === 'CONFIRMED') return a.kind === 'SCREENING' ? ['CLEAR_MATCH'] : [];
  const escalate: AmlDecision[] = a.status === 'ESCALATED' ? [] : ['ESCALATE'];
  if (a.kind === 'TRANSACTION' && a.holdsTransfer) return ['RELEASE_TRANSFER', 'REFUSE_TRANSFER', ...escalate];
  return ['FALSE_POSITIVE', 'CONFIRMED_MATCH', ...escalate, 'CLOSE'];
}

/** The decisions this officer may take now, and why not when they may not. */
export function decisionOptions(a: DecisionState, officer: { userId: string; mayDecide: boolean }, assigneeName: (id: string) => string): DecisionOptions {
  if (!officer.mayDecide) return { allowed: [], blockedReason: 'Only compliance officers decide alerts.' };
  if (TERMINAL_STATUSES.includes(a.status)) return { allowed: [], blockedReason: 'The alert is decided; nothing is left to do.' };
  if (a.status === 'PENDING_SECOND_APPROVAL' && a.pendingBy === officer.userId) {
    return { allowed: [], blockedReason: 'You proposed this decision: a second, different officer must confirm or decline it (four-eyes).' };
  }
  if (a.assigneeUserId && a.assigneeUserId !== officer.userId && a.status !== 'PENDING_SECOND_APPROVAL') {
    return { allowed: [], blockedReason: `The alert is assigned to ${assigneeName(a.assigneeUserId)}.` };
  }
  const allowed = decisionsOf(a);
  return { allowed: options(allowed), blockedReason: allowed.length ? null : 'No decision is possible on this alert now.' };
}

/** The status a decision leads to (a four-eyes decision first waits for the second officer). */
export function statusAfter(a: Pick<DecisionState, 'status' | 'pendingDecision'>, decision: AmlDecision): AmlAlertStatus {
  switch (decision) {
    case 'FALSE_POSITIVE':
      return 'FALSE_POSITIVE';
    case 'CONFIRMED_MATCH':
      return 'CONFIRMED';
    case 'ESCALATE':
      return 'ESCALATED';
    case 'CLOSE':
      return 'CLOSED';
    case 'CLEAR_MATCH':
      return a.status === 'PENDING_SECOND_APPROVAL' ? 'CLEARED' : 'PENDING_SECOND_APPROVAL';
    case 'RELEASE_TRANSFER':
      return a.status === 'PENDING_SECOND_APPROVAL' ? 'RELEASED' : 'PENDING_SECOND_APPROVAL';
    case 'REFUSE_TRANSFER':
      return a.status === 'PENDING_SECOND_APPROVAL' ? 'REFUSED' : 'PENDING_SECOND_APPROVAL';
    case 'DECLINE_PROPOSAL':
      // back to where the proposal was made from (the caller knows it; CONFIRMED for a clearing, else IN_REVIEW)
      return a.pendingDecision === 'CLEAR_MATCH' ? 'CONFIRMED' : 'IN_REVIEW';
  }
}
