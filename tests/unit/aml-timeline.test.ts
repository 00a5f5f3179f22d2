import { describe, expect, it } from 'vitest';
import { describeAlertEvent, usersInDetails } from '@/lib/services/aml/timeline';

/** The alert timeline's events in words (docs/admin-app.md, "AML screens"): people by name, effects counted. */
const names: Record<string, string> = { u1: 'Otto Officer', u2: 'Bert Officer' };
const say = (action: string, details: Record<string, unknown> | null) =>
  describeAlertEvent(
    action,
    details,
    (id) => names[id] ?? 'Unknown user',
    (d) => d.toLowerCase().replaceAll('_', ' '),
  );

describe('describeAlertEvent', () => {
  it('names the assignee, and the officer a take-over took the alert from', () => {
    expect(say('ASSIGNED', { assigneeUserId: 'u1', previousAssigneeUserId: null })).toBe('to Otto Officer');
    expect(say('ASSIGNED', { assigneeUserId: 'u2', previousAssigneeUserId: 'u1' })).toBe('to Bert Officer, taken over from Otto Officer');
    expect(say('UNASSIGNED', { assigneeUserId: null, previousAssigneeUserId: 'u1' })).toBe('it was with Otto Officer');
    expect(usersInDetails({ assigneeUserId: 'u2', previousAssigneeUserId: 'u1', proposedBy: null })).toEqual(['u2', 'u1']);
  });

  it('says which proposal was declined and whose a confirmed decision was', () => {
    expect(say('PROPOSAL_DECLINED', { declined: 'REFUSE_TRANSFER', proposedBy: 'u1' })).toBe('refuse transfer, proposed by Otto Officer');
    expect(say('DECIDED', { proposedBy: 'u2' })).toBe("confirming Bert Officer's proposal (four-eyes)");
    expect(say('DECIDED', null)).toBeNull();
  });

  it('counts what a decision froze, blocked or could not do, and what became of a held transfer', () => {
    expect(say('EFFECT', { blockedBeneficiaryIds: ['b1'] })).toBe('payouts to the beneficiary are blocked');
    expect(say('EFFECT', { frozenWalletIds: ['w1', 'w2'], cardsToFreeze: ['c1'] })).toBe('2 wallets frozen; 1 card to freeze at the card processor');
    expect(say('EFFECT_FAILED', { frozenCardIds: [], failedCards: [{ cardId: 'c1', reason: 'processor unavailable' }] })).toBe(
      '0 cards frozen at the card processor; 1 card could not be frozen (processor unavailable)',
    );
    expect(say('EFFECT', { transferId: 't', transferStatus: 'REJECTED' })).toBe('the transfer was rejected; nothing posted');
    expect(say('EFFECT', { transferId: 't', transferStatus: 'FAILED', failure: 'the wallet is FROZEN' })).toBe('the transfer failed: the wallet is FROZEN');
  });

  it('says what raised the alert', () => {
    expect(say('CREATED', { score: 0.9312, matchedName: 'Viktor Hallstrand' })).toBe('score 0.93 against “Viktor Hallstrand”');
    expect(say('CREATED', { rules: ['Hold at 500', 'Velocity'], holds: false })).toBe('Hold at 500, Velocity');
  });
});
