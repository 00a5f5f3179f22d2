import { describe, expect, it } from 'vitest';
import { AML_RULE_DEFAULTS, DEFAULT_AML_MATCH_THRESHOLD } from '@/lib/contract/aml';
import { DEFAULT_MATCH_THRESHOLD } from '@/lib/services/aml/matcher';
import { decisionOptions, decisionsOf, statusAfter } from '@/lib/services/aml/decisions';
import { evaluateRule, evaluateRules, type RuleDefinition, type TransferFacts } from '@/lib/services/aml/rules-engine';

/** The monitoring rules' logic and the alert decisions, as plain functions (docs/aml.md). */
const at = new Date('2026-11-26T12:00:00.000Z');
const rule = (ruleType: RuleDefinition['ruleType'], params: Record<string, unknown>, action: 'ALERT' | 'HOLD' = 'ALERT'): RuleDefinition => ({
  id: `r-${ruleType}`,
  name: `rule ${ruleType}`,
  ruleType,
  action,
  version: 3,
  params,
});
const payout = (amount: string, beneficiary: TransferFacts['beneficiary'] = { country: 'DE', createdAt: new Date('2026-01-01T00:00:00.000Z') }): TransferFacts => ({
  type: 'PAYOUT',
  amount,
  currency: 'EUR',
  at,
  beneficiary,
});
const walletTransfer = (amount: string): TransferFacts => ({ type: 'WALLET_TRANSFER', amount, currency: 'EUR', at, beneficiary: null });

describe('monitoring rules', () => {
  it('large single transfer: at or above the amount, in its currency', () => {
    const r = rule('LARGE_TRANSFER', { minAmount: '10000', currency: 'EUR' }, 'HOLD');
    expect(evaluateRule(r, payout('9999.99'))).toBeNull();
    expect(evaluateRule(r, payout('10000.00'))).toEqual({
      ruleId: 'r-LARGE_TRANSFER',
      ruleVersion: 3,
      ruleType: 'LARGE_TRANSFER',
      ruleName: 'rule LARGE_TRANSFER',
      action: 'HOLD',
      reason: '10,000.00 EUR is at least 10,000.00 EUR',
      facts: { amount: '10000.00', minAmount: '10000' },
    });
    expect(evaluateRule(r, { ...payout('20000'), currency: 'USD' })).toBeNull();
  });

  it('velocity: the transfer makes the count or the amount in the window too many', () => {
    const r = rule('VELOCITY', { windowMinutes: 1440, maxCount: 3, maxAmount: '1000', currency: null });
    expect(evaluateRule(r, payout('100'), { count: 2, sum: '200' })).toBeNull();
    expect(evaluateRule(r, payout('100'), { count: 2, sum: '200' })).toBeNull();
    // three already: the database stopped counting there, so the count alone fires
    expect(evaluateRule(r, payout('100'), { count: 3, sum: '300' })?.reason).toBe('more than 3 transfers within 1 day');
    expect(evaluateRule(r, payout('100'), { count: 3, sum: '300' })?.facts).toEqual({ countInWindow: 'more than 3', windowMinutes: 1440, maxCount: 3, maxAmount: '1000' });
    expect(evaluateRule(r, payout('801'), { count: 0, sum: '200' })?.reason).toBe('1,001.00 EUR within 1 day (more than 1,000.00 EUR)');
    expect(evaluateRule(r, payout('801'), { count: 0, sum: '200' })?.facts).toEqual({ countInWindow: 1, amountInWindow: '1001', windowMinutes: 1440, maxCount: 3, maxAmount: '1000' });
  });

  it('structuring: several transfers just below the threshold within the window', () => {
    const r = rule('STRUCTURING', { threshold: '10000', marginPercent: 10, windowMinutes: 1440, minCount: 3, currency: null });
    expect(evaluateRule(r, payout('9500'), { count: 1 })).toBeNull();
    expect(evaluateRule(r, payout('9500'), { count: 2 })?.reason).toBe('at least 3 transfers from 9,000.00 EUR to just below 10,000.00 EUR within 1 day');
    // outside the band: neither below 90 % nor at the threshold
    expect(evaluateRule(r, payout('8999.99'), { count: 5 })).toBeNull();
    expect(evaluateRule(r, payout('10000'), { count: 5 })).toBeNull();
  });

  it('new beneficiary: a large payout within hours of its creation', () => {
    const r = rule('NEW_BENEFICIARY', { withinHours: 24, minAmount: '5000', currency: null });
    const fresh = { country: 'DE', createdAt: new Date(at.getTime() - 2 * 3_600_000) };
    expect(evaluateRule(r, payout('6000', fresh))?.reason).toBe('6,000.00 EUR to a beneficiary created 2 h ago');
    expect(evaluateRule(r, payout('4000', fresh))).toBeNull();
    expect(evaluateRule(r, payout('6000', { country: 'DE', createdAt: new Date(at.getTime() - 25 * 3_600_000) }))).toBeNull();
    expect(evaluateRule(r, walletTransfer('6000'))).toBeNull();
  });

  it("high-risk country: a payout to a country of the tenant's list", () => {
    const r = rule('HIGH_RISK_COUNTRY', { countries: ['IR', 'KP'] });
    expect(evaluateRule(r, payout('1', { country: 'IR', createdAt: at }))?.reason).toBe("payout to IR, on the tenant's list of high-risk countries");
    expect(evaluateRule(r, payout('1', { country: 'DE', createdAt: at }))).toBeNull();
    expect(evaluateRule(r, walletTransfer('1'))).toBeNull();
  });

  it('funds out within minutes of funding: most of what was credited in the window leaves at once', () => {
    const r = rule('RAPID_OUT', { withinMinutes: 60, minPercent: 80, currency: null });
    expect(evaluateRule(r, payout('850'), { credited: '1000' })?.reason).toBe('850.00 EUR out, 85 % of the 1,000.00 EUR credited within the last 1 h');
    expect(evaluateRule(r, payout('700'), { credited: '1000' })).toBeNull();
    expect(evaluateRule(r, payout('700'), { credited: '0' })).toBeNull();
  });

  it("every rule type's defaults parse, and evaluateRules names each rule that fires", () => {
    const rules = Object.entries(AML_RULE_DEFAULTS).map(([type, d]) => rule(type as RuleDefinition['ruleType'], d.params as Record<string, unknown>));
    const firings = evaluateRules(
      rules.map((r) => ({ ...r, aggregates: { count: 20, sum: '90000', credited: '12000' } })),
      payout('12000', { country: 'IR', createdAt: new Date(at.getTime() - 3_600_000) }),
    );
    expect(firings.map((f) => f.ruleType).sort()).toEqual(['HIGH_RISK_COUNTRY', 'LARGE_TRANSFER', 'NEW_BENEFICIARY', 'RAPID_OUT', 'VELOCITY']);
  });
});

describe('alert decisions', () => {
  const base = { kind: 'SCREENING' as const, status: 'OPEN' as const, holdsTransfer: false, assigneeUserId: null, pendingDecision: null, pendingBy: null };
  const officer = { userId: 'o-1', mayDecide: true };
  const name = () => 'Olga Officer';

  it('offers what the alert takes in its status', () => {
    expect(decisionsOf(base)).toEqual(['FALSE_POSITIVE', 'CONFIRMED_MATCH', 'ESCALATE', 'CLOSE']);
    expect(decisionsOf({ ...base, status: 'ESCALATED' })).toEqual(['FALSE_POSITIVE', 'CONFIRMED_MATCH', 'CLOSE']);
    expect(decisionsOf({ ...base, status: 'CONFIRMED' })).toEqual(['CLEAR_MATCH']);
    expect(decisionsOf({ ...base, kind: 'TRANSACTION', holdsTransfer: true })).toEqual(['RELEASE_TRANSFER', 'REFUSE_TRANSFER', 'ESCALATE']);
    expect(decisionsOf({ ...base, status: 'PENDING_SECOND_APPROVAL', pendingDecision: 'RELEASE_TRANSFER' })).toEqual(['RELEASE_TRANSFER', 'DECLINE_PROPOSAL']);
    for (const status of ['FALSE_POSITIVE', 'CLEARED', 'RELEASED', 'REFUSED', 'CLOSED'] as const) expect(decisionsOf({ ...base, status })).toEqual([]);
  });

  it('says in words why an officer may decide nothing', () => {
    expect(decisionOptions(base, { ...officer, mayDecide: false }, name).blockedReason).toBe('Only compliance officers decide alerts.');
    expect(decisionOptions({ ...base, assigneeUserId: 'o-2' }, officer, name).blockedReason).toBe('The alert is assigned to Olga Officer.');
    expect(decisionOptions({ ...base, status: 'PENDING_SECOND_APPROVAL', pendingDecision: 'CLEAR_MATCH', pendingBy: 'o-1' }, officer, name)).toEqual({
      allowed: [],
      blockedReason: 'You proposed this decision: a second, different officer must confirm or decline it (four-eyes).',
    });
    // the second officer may confirm a proposal even while the alert was assigned to the first
    expect(
      decisionOptions({ ...base, status: 'PENDING_SECOND_APPROVAL', pendingDecision: 'CLEAR_MATCH', pendingBy: 'o-2', assigneeUserId: 'o-2' }, officer, name).allowed.map((a) => a.decision),
    ).toEqual(['CLEAR_MATCH', 'DECLINE_PROPOSAL']);
  });

  it('four-eyes decisions wait for the second officer', () => {
    expect(statusAfter(base, 'RELEASE_TRANSFER')).toBe('PENDING_SECOND_APPROVAL');
    expect(statusAfter({ status: 'PENDING_SECOND_APPROVAL', pendingDecision: 'RELEASE_TRANSFER' }, 'RELEASE_TRANSFER')).toBe('RELEASED');
    expect(statusAfter({ status: 'PENDING_SECOND_APPROVAL', pendingDecision: 'REFUSE_TRANSFER' }, 'REFUSE_TRANSFER')).toBe('REFUSED');
    expect(statusAfter({ status: 'PENDING_SECOND_APPROVAL', pendingDecision: 'CLEAR_MATCH' }, 'CLEAR_MATCH')).toBe('CLEARED');
    expect(statusAfter(base, 'CONFIRMED_MATCH')).toBe('CONFIRMED');
  });
});

describe('the match threshold', () => {
  it("new tenants get the matcher's default, chosen from the labelled evaluation (docs/aml-matcher.md)", () => {
    expect(Number(DEFAULT_AML_MATCH_THRESHOLD)).toBe(DEFAULT_MATCH_THRESHOLD);
  });
});
