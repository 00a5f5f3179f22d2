import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as usersRoute from '@/app/api/v2.1/admin/users/route';
import { cardApiRefusalMessage, cardOperationRefusalMessage, missingCapabilityMessage } from '@/lib/contract/access';
import { call, expectEnvelope } from './helpers';
import { cardOp, cardWorld, issueCard, ok, otpFor, signIn, type CardWorld } from './card-fixtures';
import { createExtraAdmin, resetIdentityState } from './identity-fixtures';
import { addNote, assign, authed, decide, decideDocument, getVerification, queue, reviewSettings, tokenOf } from './onboarding-fixtures';

/**
 * Access as the definitions and the card table say it (lib/contract/access.ts): the generic 403 text
 * from the one place that words it, a definition's own refusal (the verification routes), a card
 * operation refused by its own capability; each answered before the request's input is read.
 */
let w: CardWorld;
beforeAll(async () => {
  resetIdentityState();
  w = await cardWorld();
});
beforeEach(() => resetIdentityState());

const UNKNOWN = '3f2e1d0c-0000-4000-8000-00000000000a';

describe('the generic 403', () => {
  it("names the capability's roles in the table's words, before the query is read", async () => {
    const employee = await tokenOf(await createExtraAdmin(w.tenant, ['EMPLOYEE']));
    const denied = await call(usersRoute.GET, { path: '/api/v2.1/admin/users?pageSize=9999', headers: authed(employee) });
    expectEnvelope(denied, 403, 'access denied', { error: 'FORBIDDEN', details: 'this operation requires one of the roles ADMIN_USER' });
    expect(missingCapabilityMessage('user:manage')).toBe('this operation requires one of the roles ADMIN_USER');
  });
});

describe("a definition's own refusal: the verification routes", () => {
  it("answer VERIFICATION_ACCESS_DENIED with the caller's and the required roles, before params, query or body are read", async () => {
    const clerk = await createExtraAdmin(w.tenant, ['EMPLOYEE', 'TRANSACTION_APPROVER']);
    const token = await tokenOf(clerk);
    const message = 'access denied: initiating verification requires the COMPLIANCE_OFFICER or ADMIN_USER role';
    const data = { userId: clerk.userId, currentRoles: ['TRANSACTION_APPROVER', 'EMPLOYEE'], requiredRoles: ['COMPLIANCE_OFFICER', 'ADMIN_USER'] };
    // an invalid query, an unknown case, a malformed id, an invalid body: the refusal answers first
    expectEnvelope(await queue(token, '?pageSize=0'), 403, message, data);
    expectEnvelope(await getVerification(token, UNKNOWN), 403, message, data);
    expectEnvelope(await getVerification(token, 'not-a-uuid'), 403, message, data);
    expectEnvelope(await addNote(token, UNKNOWN, { body: '' }), 403, message, data);
    expectEnvelope(await assign(token, UNKNOWN, { assigneeUserId: 'nobody' }), 403, message, data);
    expectEnvelope(await decide(token, UNKNOWN, { decision: 'MAYBE' }), 403, message, data);
    expectEnvelope(await decideDocument(token, UNKNOWN, UNKNOWN, {}), 403, message, data);
    expectEnvelope(await reviewSettings(token), 403, message, data);
  });

  it('changing the review settings answers its own 403, before the body is validated; an administrator passes to the validation', async () => {
    const officer = await tokenOf(await createExtraAdmin(w.tenant, ['COMPLIANCE_OFFICER']));
    const own = { error: 'FORBIDDEN', details: 'only an ADMIN_USER may change the review settings' };
    expectEnvelope(await reviewSettings(officer, { twoApprovalsForOrganizations: 'yes' }), 403, 'access denied', own);
    expectEnvelope(await reviewSettings(officer, { twoApprovalsForOrganizations: true }), 403, 'access denied', own);
    const admin = await tokenOf(await createExtraAdmin(w.tenant, ['ADMIN_USER']));
    const invalid = await reviewSettings(admin, { twoApprovalsForOrganizations: 'yes' });
    expect(invalid.status).toBe(400);
    expect(invalid.json.message).toBe('request validation failed');
  });
});

describe('card operations refused by their capability', () => {
  it("a card:read holder reads, and each change answers 403 naming the roles of that operation's capability, before the body is read", async () => {
    const card = await issueCard(w.admin, { holder: { customerId: w.alice.customerId } });
    await ok(w.employee, 'card/info', { cardNo: card.cardId });
    const refused = { success: false, code: 403, msg: 'access denied', data: { error: 'FORBIDDEN', details: 'changing a card requires the role ADMIN_USER' } };
    for (const [operation, body] of [
      ['card/freeze', { cardNo: card.cardId, reason: 'x' }],
      ['card/cancel', { cardNo: card.cardId }],
      ['limit/update', { nonsense: true }],
      ['card/apply', {}],
      ['topup/create', { cardNo: card.cardId }],
    ] as const) {
      const res = await cardOp(w.employee, operation, body);
      expect({ status: res.status, body: res.json }, operation).toEqual({ status: 403, body: refused });
    }
    expect(cardOperationRefusalMessage('card:freeze')).toBe(refused.data.details);
  });

  it("a code's operations: refused for a staff caller holding none of the purposes' capabilities, even with an invalid body; allowed to those who hold the purpose's", async () => {
    const card = await issueCard(w.admin, { activate: false, holder: { customerId: w.alice.customerId } });
    const refused = { success: false, code: 403, msg: 'access denied', data: { error: 'FORBIDDEN', details: 'changing a card requires the role ADMIN_USER' } };
    for (const body of [{ cardNo: card.cardId, purpose: 'ACTIVATE' }, { cardNo: card.cardId, purpose: 'NOT_A_PURPOSE' }, {}]) {
      const res = await cardOp(w.employee, 'secure/otp/send', body);
      expect({ status: res.status, body: res.json }).toEqual({ status: 403, body: refused });
    }
    // the administrator holds card:activate: the code is sent and the card activated
    const otp = await otpFor(w.admin, card.cardId, 'ACTIVATE');
    expect((await ok<{ status: string }>(w.admin, 'card/activate', { cardNo: card.cardId, otp })).status).toBe('ACTIVE');
  });

  it('a staff user holding no card capability is refused at the door; a customer runs changes on its own cards', async () => {
    const user = await createExtraAdmin(w.tenant, ['COMPLIANCE_OFFICER']);
    const officer = await signIn(w.tenant.tenantId, user.email, user.password, user.userId);
    const res = await cardOp(officer, 'card/list', { pageNo: 1, pageSize: 10 });
    expect({ status: res.status, body: res.json }).toEqual({
      status: 403,
      body: { success: false, code: 403, msg: 'access denied', data: { error: 'FORBIDDEN', details: 'the card API requires a customer user or one of the roles ADMIN_USER, EMPLOYEE' } },
    });
    expect(cardApiRefusalMessage()).toBe(res.json.data.details);
    const own = await issueCard(w.alice);
    expect((await ok<{ status: string }>(w.alice, 'card/freeze', { cardNo: own.cardId, reason: 'lost it' })).status).toBe('FROZEN');
  });
});
