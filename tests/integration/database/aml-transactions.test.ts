import { beforeAll, describe, expect, it } from 'vitest';
import type { AmlAlertDetail, AmlRule } from '@/lib/contract/aml';
import type { Transfer, TransferDetail } from '@/lib/contract/wallets';
import { expectEnvelope } from '../helpers';
import { adminCaller, api, eventTypes, expectOk, fund, ledgerTenant, readyWallet, reconciliation, routes, transfer, walletOf, type Caller, type LedgerTenant } from '../ledger-fixtures';
import { eventsOf } from '../onboarding-fixtures';
import { alert, alertsOf, amlRoutes, decideAlert } from '../aml-fixtures';

/**
 * Transaction monitoring (docs/aml.md): rules per tenant, versioned and switchable, evaluated in the
 * transfer path; a HOLD posts nothing until two officers release the transfer (or refuse it); a
 * back-test shows what a rule would have caught.
 */
let t: LedgerTenant;
let officer: Caller;
let officer2: Caller;

beforeAll(async () => {
  t = await ledgerTenant();
  [officer, officer2] = await Promise.all([adminCaller(t.tenant, ['COMPLIANCE_OFFICER']), adminCaller(t.tenant, ['COMPLIANCE_OFFICER'])]);
});

async function createRule(body: Record<string, unknown>): Promise<AmlRule> {
  return expectOk(await api<AmlRule>(amlRoutes.rules.POST, t.admin, { method: 'POST', body }));
}

async function setRule(ruleId: string, body: Record<string, unknown>): Promise<AmlRule> {
  return expectOk(await api<AmlRule>(amlRoutes.rule.PATCH, t.admin, { method: 'PATCH', params: { ruleId }, body }));
}

async function transferAlert(transferId: string): Promise<AmlAlertDetail> {
  const page = await alertsOf(officer, 'kind=TRANSACTION&pageSize=100');
  const found = page.json.data.items.find((a) => a.transferId === transferId);
  expect(found, `an alert for transfer ${transferId}`).toBeDefined();
  return expectOk(await alert(officer, found!.id));
}

describe('rules', () => {
  it('are created, changed as new versions with who made them, and checked against their type', async () => {
    const created = await createRule({ name: 'Big payouts', ruleType: 'LARGE_TRANSFER', enabled: false, action: 'ALERT', params: { minAmount: '5000', currency: null } });
    expect(created).toMatchObject({ name: 'Big payouts', ruleType: 'LARGE_TRANSFER', enabled: false, action: 'ALERT', params: { minAmount: '5000', currency: null }, version: 1 });
    const changed = await setRule(created.id, { params: { minAmount: '7500', currency: 'EUR' } });
    expect(changed.version).toBe(2);
    // the same values again: no new version
    expect((await setRule(created.id, { params: { minAmount: '7500', currency: 'EUR' } })).version).toBe(2);
    const detail = expectOk(
      await api<{ versions: { version: number; params: Record<string, unknown>; changedBy: string; changedByName: string }[] }>(amlRoutes.rule.GET, officer, {
        params: { ruleId: created.id },
      }),
    );
    expect(detail.versions.map((v) => [v.version, v.params.minAmount, v.changedBy])).toEqual([
      [2, '7500', t.admin.userId],
      [1, '5000', t.admin.userId],
    ]);
    expectEnvelope(
      await api(amlRoutes.rules.POST, t.admin, {
        method: 'POST',
        body: { name: 'x', ruleType: 'STRUCTURING', enabled: true, action: 'HOLD', params: { threshold: '-1', marginPercent: 10, windowMinutes: 60, minCount: 3 } },
      }),
      400,
      'request validation failed',
      {
        error: 'VALIDATION_FAILED',
        errors: [{ field: 'params.threshold', message: 'must be a positive amount with at most 4 decimals' }],
      },
    );
    expectEnvelope(
      await api(amlRoutes.rules.POST, t.admin, {
        method: 'POST',
        body: { name: 'x', ruleType: 'HIGH_RISK_COUNTRY', enabled: true, action: 'HOLD', params: { countries: ['IR'], extra: 1 } },
      }),
      400,
      'request validation failed',
      {
        error: 'VALIDATION_FAILED',
        errors: [{ field: 'params.extra', message: 'unknown field: not accepted by this operation' }],
      },
    );
    expectEnvelope(
      await api(amlRoutes.rules.POST, officer, { method: 'POST', body: { name: 'x', ruleType: 'LARGE_TRANSFER', enabled: true, action: 'HOLD', params: { minAmount: '1' } } }),
      403,
      'access denied',
      {
        error: 'FORBIDDEN',
        details: 'this operation requires one of the roles ADMIN_USER',
      },
    );
    await setRule(created.id, { enabled: false });
  });
});

describe('a transfer held for AML review', () => {
  it('posts nothing until a second officer confirms the release; then it posts as it would have', async () => {
    const rule = await createRule({ name: 'Hold above 500', ruleType: 'LARGE_TRANSFER', enabled: true, action: 'HOLD', params: { minAmount: '500', currency: null } });
    const { wallet, body } = await readyWallet(t.alice, '2000.00');
    const held = await transfer(t.alice, body('600.00'));
    expect(held.status, held.text).toBe(200);
    expect(held.json.message).toBe('transfer held for AML review');
    expect(held.json.data).toMatchObject({ status: 'HELD_FOR_REVIEW', amount: '600.00' });
    const transferId = held.json.data.id;
    expect((await walletOf(t.alice, wallet.id)).balance).toBe('2000.00');
    const detail = expectOk(await api<TransferDetail>(routes.transfer.GET, t.admin, { params: { transferId } }));
    expect(detail.entries).toEqual([]);
    expect((await eventTypes(t.tenantId)).filter((e) => ['transfer.held', 'aml.alert.created'].includes(e)).length).toBeGreaterThanOrEqual(2);

    const a = await transferAlert(transferId);
    expect(a).toMatchObject({ kind: 'TRANSACTION', status: 'OPEN', holdsTransfer: true, customerId: t.alice.customerId, subjectType: 'CUSTOMER' });
    expect(a.firings).toEqual([
      {
        ruleId: rule.id,
        ruleVersion: 1,
        ruleType: 'LARGE_TRANSFER',
        ruleName: 'Hold above 500',
        action: 'HOLD',
        reason: '600.00 EUR is at least 500.00 EUR',
        facts: { amount: '600.00', minAmount: '500' },
      },
    ]);
    expect(a.transfer).toMatchObject({ id: transferId, status: 'HELD_FOR_REVIEW', amount: '600.00', currency: 'EUR' });
    expect(a.allowedDecisions.map((d) => d.decision)).toEqual(['RELEASE_TRANSFER', 'REFUSE_TRANSFER', 'ESCALATE']);
    const heldEvent = (await eventsOf(t.tenantId, 'transfer.held')).map((e) => (e.payload as { data: Record<string, unknown> }).data).find((d) => d.transferId === transferId);
    expect(heldEvent).toEqual({ transferId, customerId: t.alice.customerId, walletId: wallet.id, amount: '600.00', currency: 'EUR', alertId: a.id, rules: ['Hold above 500'] });

    // an administrator reads alerts but does not decide them
    expectEnvelope(await decideAlert(t.admin, a.id, { decision: 'RELEASE_TRANSFER', reasonCode: 'ACTIVITY_EXPLAINED', comment: 'x' }), 403, 'access denied', {
      error: 'FORBIDDEN',
      details: 'this operation requires one of the roles COMPLIANCE_OFFICER',
    });
    const proposed = await decideAlert(officer, a.id, { decision: 'RELEASE_TRANSFER', reasonCode: 'ACTIVITY_EXPLAINED', comment: 'invoice seen' });
    expect(proposed.json.data).toMatchObject({ status: 'PENDING_SECOND_APPROVAL', pendingDecision: 'RELEASE_TRANSFER', pendingBy: officer.userId });
    expect((await walletOf(t.alice, wallet.id)).balance).toBe('2000.00');
    expectEnvelope(await decideAlert(officer, a.id, { decision: 'RELEASE_TRANSFER', reasonCode: 'ACTIVITY_EXPLAINED', comment: 'again' }), 403, 'a second officer must confirm', {
      error: 'SECOND_OFFICER_REQUIRED',
      details: 'you proposed RELEASE_TRANSFER; another officer must confirm it (four-eyes)',
      alertId: a.id,
      proposedBy: officer.userId,
      decision: 'RELEASE_TRANSFER',
    });
    const released = await decideAlert(officer2, a.id, { decision: 'RELEASE_TRANSFER', reasonCode: 'EXPECTED_BEHAVIOUR', comment: 'agreed' });
    expect(released.status, released.text).toBe(200);
    expect(released.json.data).toMatchObject({ status: 'RELEASED', decision: 'RELEASE_TRANSFER', decidedBy: officer2.userId, transfer: { status: 'COMPLETED' } });
    expect(released.json.data.timeline.map((e) => e.action)).toEqual(['CREATED', 'DECISION_PROPOSED', 'DECIDED', 'EFFECT']);
    // each event says in words what it did, people by name
    const officerName = released.json.data.timeline[1]!.actorName;
    expect(released.json.data.timeline.map((e) => e.note)).toEqual(['Hold above 500; the transfer is held', null, `confirming ${officerName}'s proposal (four-eyes)`, 'the transfer posted']);
    expect((await walletOf(t.alice, wallet.id)).balance).toBe('1400.00');
    const posted = expectOk(await api<TransferDetail>(routes.transfer.GET, t.admin, { params: { transferId } }));
    expect(posted.status).toBe('COMPLETED');
    expect(posted.entries.map((e) => e.kind)).toEqual(['TRANSFER_SETTLEMENT']);
    const releasedEvent = (await eventsOf(t.tenantId, 'transfer.released')).map((e) => (e.payload as { data: Record<string, unknown> }).data).find((d) => d.transferId === transferId);
    expect(releasedEvent).toEqual({
      transferId,
      customerId: t.alice.customerId,
      walletId: wallet.id,
      amount: '600.00',
      currency: 'EUR',
      alertId: a.id,
      proposedBy: officer.userId,
      releasedBy: officer2.userId,
      status: 'COMPLETED',
    });
    expect((await reconciliation(t.admin)).balanced).toBe(true);
    await setRule(rule.id, { enabled: false });
  });

  it('a refusal, also by two officers, rejects it; a declined proposal sends the alert back', async () => {
    const rule = await createRule({ name: 'Hold to Iran', ruleType: 'HIGH_RISK_COUNTRY', enabled: true, action: 'HOLD', params: { countries: ['IR', 'DE'] } });
    const { wallet, body } = await readyWallet(t.bob, '300.00');
    const held = await transfer(t.bob, body('100.00'));
    expect(held.json.data.status).toBe('HELD_FOR_REVIEW');
    const a = await transferAlert(held.json.data.id);
    expect(a.firings[0]!.reason).toBe("payout to DE, on the tenant's list of high-risk countries");
    await decideAlert(officer, a.id, { decision: 'REFUSE_TRANSFER', reasonCode: 'SUSPICIOUS_ACTIVITY', comment: 'shell company' });
    const declined = await decideAlert(officer2, a.id, { decision: 'DECLINE_PROPOSAL', reasonCode: 'PROPOSAL_NOT_AGREED', comment: 'needs more facts' });
    expect(declined.json.data).toMatchObject({ status: 'OPEN', pendingDecision: null, pendingBy: null });
    await decideAlert(officer2, a.id, { decision: 'REFUSE_TRANSFER', reasonCode: 'SOURCE_OF_FUNDS_UNCLEAR', comment: 'no invoice' });
    const refused = await decideAlert(officer, a.id, { decision: 'REFUSE_TRANSFER', reasonCode: 'SOURCE_OF_FUNDS_UNCLEAR', comment: 'agreed' });
    expect(refused.json.data).toMatchObject({ status: 'REFUSED', transfer: { status: 'REJECTED' } });
    const detail = expectOk(await api<TransferDetail>(routes.transfer.GET, t.admin, { params: { transferId: held.json.data.id } }));
    expect(detail).toMatchObject({ status: 'REJECTED', rejectionReason: 'refused after AML review: Source of funds unclear. agreed', entries: [] });
    expect((await walletOf(t.bob, wallet.id)).balance).toBe('300.00');
    // decided: nothing more is possible
    expectEnvelope(await decideAlert(officer2, a.id, { decision: 'ESCALATE', reasonCode: 'NEEDS_SENIOR_REVIEW', comment: 'x' }), 409, 'conflict', {
      error: 'ALERT_STATE_CONFLICT',
      details: 'the alert is already decided (REFUSED)',
      alertId: a.id,
      status: 'REFUSED',
    });
    await setRule(rule.id, { enabled: false });
  });

  it('fails, naming why, when the release finds the balance spent meanwhile', async () => {
    const rule = await createRule({ name: 'Hold above 700', ruleType: 'LARGE_TRANSFER', enabled: true, action: 'HOLD', params: { minAmount: '700', currency: null } });
    const { wallet, body } = await readyWallet(t.alice, '1000.00');
    const held = await transfer(t.alice, body('800.00'));
    const spent = await transfer(t.alice, body('500.00'));
    expect(spent.json.data.status).toBe('COMPLETED');
    const a = await transferAlert(held.json.data.id);
    await decideAlert(officer, a.id, { decision: 'RELEASE_TRANSFER', reasonCode: 'ACTIVITY_EXPLAINED', comment: 'ok' });
    const released = await decideAlert(officer2, a.id, { decision: 'RELEASE_TRANSFER', reasonCode: 'ACTIVITY_EXPLAINED', comment: 'ok' });
    expect(released.json.data).toMatchObject({ status: 'RELEASED', transfer: { status: 'FAILED' } });
    expect(released.json.data.timeline.at(-1)!.note).toBe('the transfer failed: insufficient balance: {"availableBalance":"500.00","requestedAmount":"800.00","currency":"EUR"}');
    const detail = expectOk(await api<TransferDetail>(routes.transfer.GET, t.admin, { params: { transferId: held.json.data.id } }));
    expect(detail.rejectionReason).toBe('insufficient balance: {"availableBalance":"500.00","requestedAmount":"800.00","currency":"EUR"}');
    expect((await walletOf(t.alice, wallet.id)).balance).toBe('500.00');
    await setRule(rule.id, { enabled: false });
  });

  it("the queue finds a held transfer's alert by its transferId (how the transfer page links to it)", async () => {
    const rule = await createRule({ name: 'Hold above 400', ruleType: 'LARGE_TRANSFER', enabled: true, action: 'HOLD', params: { minAmount: '400', currency: null } });
    const { body } = await readyWallet(t.alice, '2000.00');
    const first = await transfer(t.alice, body('450.00'));
    const second = await transfer(t.alice, body('460.00'));
    expect([first.json.data.status, second.json.data.status]).toEqual(['HELD_FOR_REVIEW', 'HELD_FOR_REVIEW']);
    const found = await alertsOf(officer, `kind=TRANSACTION&status=ACTIVE&transferId=${second.json.data.id}`);
    expect(found.status, found.text).toBe(200);
    expect(found.json.data.total).toBe(1);
    expect(found.json.data.items[0]).toMatchObject({ transferId: second.json.data.id, holdsTransfer: true, status: 'OPEN' });
    // another tenant's or an unknown transfer: nothing; not a UUID: the query is refused on its field
    expect((await alertsOf(officer, 'transferId=00000000-0000-4000-8000-000000000000')).json.data.total).toBe(0);
    const bad = await alertsOf(officer, 'transferId=nope');
    expect(bad.status).toBe(400);
    expect(bad.json.data).toMatchObject({ error: 'VALIDATION_FAILED', errors: [{ field: 'transferId' }] });
    for (const held of [first, second]) {
      const a = await transferAlert(held.json.data.id);
      await decideAlert(officer, a.id, { decision: 'REFUSE_TRANSFER', reasonCode: 'OTHER', comment: 'test clean-up' });
      await decideAlert(officer2, a.id, { decision: 'REFUSE_TRANSFER', reasonCode: 'OTHER', comment: 'test clean-up' });
    }
    await setRule(rule.id, { enabled: false });
  });

  it('an ALERT rule lets the transfer through and raises an alert with it', async () => {
    const rule = await createRule({ name: 'Watch above 50', ruleType: 'LARGE_TRANSFER', enabled: true, action: 'ALERT', params: { minAmount: '50', currency: null } });
    const { body } = await readyWallet(t.bob, '500.00');
    const done = await transfer(t.bob, body('60.00'));
    expect(done.json).toMatchObject({ message: 'transfer completed', data: { status: 'COMPLETED' } });
    const a = await transferAlert(done.json.data.id);
    expect(a).toMatchObject({ holdsTransfer: false, status: 'OPEN' });
    expect(a.allowedDecisions.map((d) => d.decision)).toEqual(['FALSE_POSITIVE', 'CONFIRMED_MATCH', 'ESCALATE', 'CLOSE']);
    await setRule(rule.id, { enabled: false });
  });

  it('back-tests a rule over past transfers without raising anything', async () => {
    const { body } = await readyWallet(t.alice, '5000.00');
    for (const amount of ['950.00', '960.00', '970.00']) expect((await transfer(t.alice, body(amount))).json.data.status).toBe('COMPLETED');
    const rule = await createRule({
      name: 'Structuring below 1000',
      ruleType: 'STRUCTURING',
      enabled: false,
      action: 'HOLD',
      params: { threshold: '1000', marginPercent: 10, windowMinutes: 60, minCount: 3, currency: null },
    });
    const before = (await alertsOf(officer, 'kind=TRANSACTION&pageSize=100')).json.data.total;
    const result = expectOk(
      await api<{ matches: number; customers: number; transfersEvaluated: number; samples: { amount: string; reason: string; customerId: string }[] }>(amlRoutes.backtest.POST, officer, {
        method: 'POST',
        params: { ruleId: rule.id },
        body: {},
      }),
    );
    expect(result.matches).toBe(1);
    expect(result.customers).toBe(1);
    expect(result.samples[0]).toMatchObject({ amount: '970.00', customerId: t.alice.customerId, reason: 'at least 3 transfers from 900.00 EUR to just below 1,000.00 EUR within 1 h' });
    expect(result.transfersEvaluated).toBeGreaterThanOrEqual(3);
    expect((await alertsOf(officer, 'kind=TRANSACTION&pageSize=100')).json.data.total).toBe(before);
  });
});

describe('funds out right after funding', () => {
  it('fires when most of a fresh credit leaves at once', async () => {
    const rule = await createRule({ name: 'Rapid out', ruleType: 'RAPID_OUT', enabled: true, action: 'ALERT', params: { withinMinutes: 60, minPercent: 80, currency: null } });
    const { wallet, body } = await readyWallet(t.bob, '0');
    await fund(t.admin, wallet.id, '200.00');
    const out = await transfer(t.bob, body('190.00'));
    const a = await transferAlert((out.json.data as Transfer).id);
    expect(a.firings[0]).toMatchObject({ ruleType: 'RAPID_OUT', reason: '190.00 EUR out, 95 % of the 200.00 EUR credited within the last 1 h' });
    await setRule(rule.id, { enabled: false });
  });
});

describe('a tenant without rules', () => {
  it('its payouts read no rules, and a rule enabled behind this process (another instance) still holds the next payout', async () => {
    const { knownWithoutRules } = await import('@/lib/services/aml/rules-engine');
    const { getDb } = await import('@/lib/db/client');
    const { amlRules } = await import('@/lib/db/schema');
    const f = await ledgerTenant();
    const { wallet, body } = await readyWallet(f.alice, '100.00');
    expect(knownWithoutRules(f.tenantId)).toBe(false);
    expect(expectOk(await transfer(f.alice, body('1.00'))).status).toBe('COMPLETED');
    // learned: the next payouts of the tenant skip the rules' subquery
    expect(knownWithoutRules(f.tenantId)).toBe(true);
    expect(expectOk(await transfer(f.alice, body('2.00'))).status).toBe('COMPLETED');

    // a HOLD rule written by another process: this one still believes the tenant has none
    const now = new Date();
    await (await getDb()).insert(amlRules).values({
      tenantId: f.tenantId,
      name: 'Everything',
      ruleType: 'LARGE_TRANSFER',
      enabled: true,
      action: 'HOLD',
      params: { minAmount: '1', currency: null },
      version: 1,
      createdBy: f.admin.userId,
      updatedBy: f.admin.userId,
      createdAt: now,
      updatedAt: now,
    });
    expect(knownWithoutRules(f.tenantId)).toBe(true);
    // the posting statement finds the rule and writes nothing; the locked path reads the rules and holds the payout
    const held = await transfer(f.alice, body('3.00'));
    expect(held.json.message).toBe('transfer held for AML review');
    expect(held.json.data).toMatchObject({ status: 'HELD_FOR_REVIEW', amount: '3.00' });
    expect(knownWithoutRules(f.tenantId)).toBe(false);
    expect((await walletOf(f.alice, wallet.id)).balance).toBe('97.00');
  });

  it('a rule created or changed here is read by the next payout at once', async () => {
    const { knownWithoutRules } = await import('@/lib/services/aml/rules-engine');
    const f = await ledgerTenant();
    const { body } = await readyWallet(f.alice, '100.00');
    expectOk(await transfer(f.alice, body('1.00')));
    expect(knownWithoutRules(f.tenantId)).toBe(true);
    const rule = expectOk(
      await api<AmlRule>(amlRoutes.rules.POST, f.admin, {
        method: 'POST',
        body: { name: 'Off', ruleType: 'LARGE_TRANSFER', enabled: false, action: 'HOLD', params: { minAmount: '1', currency: null } },
      }),
    );
    expect(knownWithoutRules(f.tenantId)).toBe(false);
    // a disabled rule is no rule: learned again from the next payout's read
    expect(expectOk(await transfer(f.alice, body('1.00'))).status).toBe('COMPLETED');
    expect(knownWithoutRules(f.tenantId)).toBe(true);
    expectOk(await api<AmlRule>(amlRoutes.rule.PATCH, f.admin, { method: 'PATCH', params: { ruleId: rule.id }, body: { enabled: true } }));
    expect(knownWithoutRules(f.tenantId)).toBe(false);
    expect(expectOk(await transfer(f.alice, body('1.00'))).status).toBe('HELD_FOR_REVIEW');
  });
});
