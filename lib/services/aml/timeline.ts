import type { DbOrTx } from '@/lib/db/client';
import { amlAlertEvents } from '@/lib/db/schema';
import { clock } from '@/lib/clock';

/** What happened to an alert, in its timeline (append-only; null actor: the platform). */
export interface AlertEventInput {
  actorUserId: string | null;
  action: 'CREATED' | 'ASSIGNED' | 'UNASSIGNED' | 'DECISION_PROPOSED' | 'PROPOSAL_DECLINED' | 'DECIDED' | 'EFFECT' | 'EFFECT_FAILED';
  decision?: string | null;
  reasonCode?: string | null;
  comment?: string | null;
  fromStatus?: string | null;
  toStatus?: string | null;
  details?: Record<string, unknown> | null;
}

export async function recordAlertEvent(tx: DbOrTx, tenantId: string, alertId: string, e: AlertEventInput): Promise<void> {
  await tx.insert(amlAlertEvents).values({
    tenantId,
    alertId,
    actorUserId: e.actorUserId,
    action: e.action,
    decision: e.decision ?? null,
    reasonCode: e.reasonCode ?? null,
    comment: e.comment ?? null,
    fromStatus: e.fromStatus ?? null,
    toStatus: e.toStatus ?? null,
    details: e.details ?? null,
    createdAt: clock.now(),
  });
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const ids = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** The user ids an event's details name (assignees, proposers), so the timeline can name them. */
export function usersInDetails(details: Record<string, unknown> | null): string[] {
  if (!details) return [];
  return ['assigneeUserId', 'previousAssigneeUserId', 'proposedBy'].map((k) => details[k]).filter((v): v is string => typeof v === 'string');
}

/**
 * What an event's details say, in words, for the alert's timeline (the officer reads "to Otto
 * Officer", "1 wallet frozen", "the transfer posted" instead of ids). Null when there is nothing to add.
 */
export function describeAlertEvent(action: string, details: Record<string, unknown> | null, nameOf: (userId: string) => string, labelOf: (decision: string) => string): string | null {
  if (!details) return null;
  const d = details;
  switch (action) {
    case 'CREATED':
      if (typeof d.score === 'number') return `score ${d.score.toFixed(2)} against “${String(d.matchedName ?? '')}”`;
      if (Array.isArray(d.rules)) return `${ids(d.rules).join(', ')}${d.holds ? '; the transfer is held' : ''}`;
      return null;
    case 'ASSIGNED': {
      if (typeof d.assigneeUserId !== 'string') return null;
      const from = typeof d.previousAssigneeUserId === 'string' && d.previousAssigneeUserId !== d.assigneeUserId ? `, taken over from ${nameOf(d.previousAssigneeUserId)}` : '';
      return `to ${nameOf(d.assigneeUserId)}${from}`;
    }
    case 'UNASSIGNED':
      return typeof d.previousAssigneeUserId === 'string' ? `it was with ${nameOf(d.previousAssigneeUserId)}` : null;
    case 'PROPOSAL_DECLINED':
      return typeof d.declined === 'string' ? `${labelOf(d.declined)}, proposed by ${typeof d.proposedBy === 'string' ? nameOf(d.proposedBy) : 'another officer'}` : null;
    case 'DECIDED':
      return typeof d.proposedBy === 'string' ? `confirming ${nameOf(d.proposedBy)}'s proposal (four-eyes)` : null;
    case 'EFFECT':
    case 'EFFECT_FAILED': {
      const parts: string[] = [];
      if ('blockedBeneficiaryIds' in d) parts.push(ids(d.blockedBeneficiaryIds).length ? 'payouts to the beneficiary are blocked' : 'the beneficiary was already blocked');
      if ('frozenWalletIds' in d) parts.push(`${count(ids(d.frozenWalletIds).length, 'wallet', 'wallets')} frozen`);
      if ('cardsToFreeze' in d) parts.push(`${count(ids(d.cardsToFreeze).length, 'card', 'cards')} to freeze at the card processor`);
      if ('frozenCardIds' in d) parts.push(`${count(ids(d.frozenCardIds).length, 'card', 'cards')} frozen at the card processor`);
      if (Array.isArray(d.failedCards) && d.failedCards.length) {
        const failed = d.failedCards as { cardId?: string; reason?: string }[];
        parts.push(`${count(failed.length, 'card', 'cards')} could not be frozen (${failed.map((f) => f.reason ?? 'no answer').join('; ')})`);
      }
      if ('unfrozenWalletIds' in d) parts.push(`${count(ids(d.unfrozenWalletIds).length, 'wallet', 'wallets')} unfrozen`);
      if ('unblockedBeneficiaryIds' in d) parts.push(`${count(ids(d.unblockedBeneficiaryIds).length, 'beneficiary', 'beneficiaries')} unblocked`);
      if (typeof d.cards === 'string') parts.push(d.cards);
      if (typeof d.transferStatus === 'string') {
        const status = d.transferStatus;
        parts.push(
          status === 'COMPLETED'
            ? 'the transfer posted'
            : status === 'REJECTED'
              ? 'the transfer was rejected; nothing posted'
              : status === 'FAILED'
                ? `the transfer failed${typeof d.failure === 'string' ? `: ${d.failure}` : ''}`
                : `the transfer is ${status.replaceAll('_', ' ').toLowerCase()}`,
        );
      }
      return parts.length ? parts.join('; ') : null;
    }
    default:
      return null;
  }
}
