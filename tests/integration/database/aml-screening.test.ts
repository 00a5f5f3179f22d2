import { and, eq, sql } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AmlAlertDetail, AmlList } from '@/lib/contract/aml';
import { AML_LIST_MAX_BYTES } from '@/lib/contract/aml';
import { getDb } from '@/lib/db/client';
import { customers, wallets } from '@/lib/db/schema';
import { call, contextHeaders, createTenant, expectEnvelope, platformAuth, uniqueName } from '../helpers';
import { adminToken, createCustomerUser, firstAdmin, resetIdentityState } from '../identity-fixtures';
import { cardOp, expectBusiness, issueCard, ok, signIn } from '../card-fixtures';
import { adminCaller, addBeneficiary, api, authorize, customerCaller, expectOk, fund, openWallet, routes, transfer, type Caller, type Json } from '../ledger-fixtures';
import {
  acceptDocuments,
  categoryIds,
  decide,
  eventsOf,
  getVerification,
  individualBody,
  organizationBody,
  registerIndividual,
  registerOrganization,
  type Categories,
} from '../onboarding-fixtures';
import { alert, alertsOf, amlRoutes, assignAlert, decideAlert, dropPlatformLists, importInto, ownCsv, tenantList, upload } from '../aml-fixtures';

/**
 * Screening (docs/aml.md): lists in our own CSV layout, screening at registration (the person, the
 * organization and every representative), at a beneficiary's creation and on demand, the alert
 * queue and its decisions, the approval gate, and what a confirmed match does.
 */
let tenant: Awaited<ReturnType<typeof createTenant>>;
let admin: Caller;
let officer: Caller;
let officer2: Caller;
let cats: Categories;

beforeAll(async () => {
  resetIdentityState();
  tenant = await createTenant(uniqueName('Aml'));
  admin = { token: (await adminToken(firstAdmin(tenant))).token, userId: tenant.userId };
  [officer, officer2] = await Promise.all([adminCaller(tenant, ['COMPLIANCE_OFFICER']), adminCaller(tenant, ['COMPLIANCE_OFFICER'])]);
  cats = await categoryIds(tenant.tenantId);
  // the tenant's blocklist: invented names only
  await tenantList(
    admin,
    [
      { id: 'BL-1', name: 'Viktor Hallstrand', aliases: ['Viktor Halstrand', 'Виктор Халлстранд'], birthDate: '1990', countries: ['SE'], program: 'FRAUD' },
      { id: 'BL-2', name: 'Marlowe Shipping Holdings Ltd', type: 'organization', countries: ['MT'], program: 'SANCTIONS-EVASION' },
      { id: 'BL-3', name: 'Oksana Deribaska', birthDate: '1968', countries: ['UA'], program: 'PEP' },
      { id: 'BL-4', name: 'Quentin Farthingale', birthDate: '1980-01-01', countries: ['GB'], program: 'FRAUD' },
    ],
    { name: 'Internal blocklist' },
  );
});
beforeEach(() => resetIdentityState());
afterAll(async () => dropPlatformLists());

const registrar = () => ({ ...contextHeaders(tenant.tenantId), authorization: `Bearer ${admin.token}` });

async function registerPerson(firstName: string, lastName: string) {
  const res = await registerIndividual<{ customerId: string; verificationId: string }>(individualBody(cats, { firstName, lastName }), registrar());
  expect(res.status, res.text).toBe(200);
  return res.json.data;
}

async function alertsOfCustomer(customerId: string) {
  const res = await alertsOf(officer, `customerId=${customerId}`);
  expect(res.status, res.text).toBe(200);
  return res.json.data.items;
}

describe('lists', () => {
  it('imports a version of our own CSV, then records what the next version added, changed and removed', async () => {
    const { list, version } = await tenantList(admin, [
      { id: 'A', name: 'Alma Testperson' },
      { id: 'B', name: 'Bertil Testperson', aliases: ['Bert Testperson'] },
    ]);
    expect(version).toMatchObject({
      listId: list.id,
      versionNo: 1,
      entryCount: 2,
      nameCount: 3,
      added: 2,
      changed: 0,
      removed: 0,
      source: 'UPLOAD',
      importedBy: admin.userId,
      fileNames: ['list.csv'],
    });
    const v2 = await importInto(
      admin,
      list.id,
      ownCsv([
        { id: 'B', name: 'Bertil Testperson', aliases: ['Bert Testperson', 'B. Testperson'] },
        { id: 'C', name: 'Cecilia Testperson' },
      ]),
    );
    expect(v2).toMatchObject({ versionNo: 2, entryCount: 2, added: 1, changed: 1, removed: 1 });
    const detail = expectOk(
      await api<{ changes: { change: string; sourceId: string }[]; changesTruncated: boolean }>(amlRoutes.version.GET, officer, { params: { listId: list.id, versionId: v2.id } }),
    );
    expect(detail.changes.map((c) => `${c.change}:${c.sourceId}`).sort()).toEqual(['ADDED:C', 'CHANGED:B', 'REMOVED:A']);
    expect(detail.changesTruncated).toBe(false);
    const shown = expectOk(await api<AmlList & { versions: { versionNo: number }[]; currentVersion: { id: string } }>(amlRoutes.list.GET, officer, { params: { listId: list.id } }));
    expect(shown.currentVersion.id).toBe(v2.id);
    expect(shown.versions.map((v) => v.versionNo)).toEqual([2, 1]);
    const entries = expectOk(await api<{ items: { sourceId: string }[]; total: number }>(amlRoutes.entries.GET, officer, { params: { listId: list.id } }));
    expect(entries.items.map((e) => e.sourceId)).toEqual(['B', 'C']);
    const withRemoved = expectOk(await api<{ total: number }>(amlRoutes.entries.GET, officer, { params: { listId: list.id }, query: 'includeRemoved=true' }));
    expect(withRemoved.total).toBe(3);
  });

  it('refuses a malformed file whole with 422 naming the line and the field, and keeps the version in force', async () => {
    const { list, version } = await tenantList(admin, [{ id: 'A', name: 'Alma Testperson' }]);
    const bad = 'id,name,aliases,type,birth_date,countries,program,remarks\nX1,Good Name,,person,,,,\nX2,Bad Type,,robot,,,,\n';
    const res = await api(amlRoutes.versions.POST, admin, { method: 'POST', params: { listId: list.id }, body: upload(bad, { fileName: 'blocklist.csv' }) });
    expect(res.status, res.text).toBe(422);
    expect(res.json.message).toBe('list file invalid');
    expect(res.json.data).toMatchObject({ error: 'LIST_FILE_INVALID', file: 'blocklist.csv', line: 3, field: 'type' });
    expect((res.json.data as { details: string }).details).toMatch(/^blocklist\.csv line 3, type: /);
    const shown = expectOk(await api<{ currentVersion: { id: string }; versions: unknown[] }>(amlRoutes.list.GET, officer, { params: { listId: list.id } }));
    expect(shown.currentVersion.id).toBe(version.id);
    expect(shown.versions).toHaveLength(1);
    const db = await getDb();
    const rows = (await db.execute(sql`select count(*)::int as n from aml_list_entries where list_id = ${list.id}::uuid`)) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]!.n).toBe(1);
  });

  it('answers 413 in our envelope when the decoded files exceed the limit, and 400 for content that is not base64', async () => {
    const { list } = await tenantList(admin, [{ id: 'A', name: 'Alma Testperson' }]);
    const big = Buffer.alloc(AML_LIST_MAX_BYTES + 1, 0x41).toString('base64');
    expectEnvelope(
      await api(amlRoutes.versions.POST, admin, { method: 'POST', params: { listId: list.id }, body: { main: { fileName: 'big.csv', content: big } } }),
      413,
      'payload too large',
      {
        error: 'PAYLOAD_TOO_LARGE',
        details: `the body must be at most ${AML_LIST_MAX_BYTES} bytes`,
      },
    );
    expectEnvelope(
      await api(amlRoutes.versions.POST, admin, { method: 'POST', params: { listId: list.id }, body: { main: { fileName: 'x.csv', content: 'not base64 at all!' } } }),
      400,
      'request validation failed',
      {
        error: 'VALIDATION_FAILED',
        errors: [{ field: 'main.content', message: 'must be base64' }],
      },
    );
  });

  it("keeps tenants apart: another tenant neither sees a tenant's list nor imports into a platform list", async () => {
    const { list } = await tenantList(admin, [{ id: 'A', name: 'Alma Testperson' }]);
    const other = await createTenant(uniqueName('AmlOther'));
    const otherAdmin: Caller = { token: (await adminToken(firstAdmin(other))).token, userId: other.userId };
    expectEnvelope(await api(amlRoutes.list.GET, otherAdmin, { params: { listId: list.id } }), 404, 'resource not found', { error: 'NOT_FOUND', details: 'list not found' });
    const created = await call<AmlList>(amlRoutes.platformLists.POST, {
      method: 'POST',
      headers: platformAuth,
      body: { name: uniqueName('Platform'), kind: 'SANCTIONS', format: 'OWN_CSV' },
    });
    expect(created.status, created.text).toBe(200);
    expectEnvelope(
      await api(amlRoutes.versions.POST, otherAdmin, { method: 'POST', params: { listId: created.json.data.id }, body: upload(ownCsv([{ id: 'P', name: 'Paavo Testperson' }])) }),
      403,
      'access denied',
      {
        error: 'FORBIDDEN',
        details: 'platform lists are managed by the platform operator; a tenant imports into its own lists',
      },
    );
    // both tenants see the platform's list beside their own
    const seen = expectOk(await api<{ items: { id: string; scope: string }[] }>(amlRoutes.lists.GET, otherAdmin));
    expect(seen.items.map((l) => `${l.scope}:${l.id}`)).toContain(`PLATFORM:${created.json.data.id}`);
    expect(seen.items.map((l) => l.id)).not.toContain(list.id);
  });

  it("a list's name is its owner's once: a second list of the name, or a rename to it, answers 409 naming the field", async () => {
    const duplicate = { error: 'CONFLICT', details: 'a list with this name already exists', field: 'name' };
    const name = uniqueName('Named');
    await tenantList(admin, [{ id: 'N', name: 'Nora Testperson' }], { name });
    expectEnvelope(await api(amlRoutes.lists.POST, admin, { method: 'POST', body: { name, kind: 'INTERNAL', format: 'OWN_CSV' } }), 409, 'conflict', duplicate);
    const { list: second } = await tenantList(admin, [{ id: 'M', name: 'Mona Testperson' }]);
    expectEnvelope(await api(amlRoutes.list.PATCH, admin, { method: 'PATCH', params: { listId: second.id }, body: { name } }), 409, 'conflict', duplicate);
    // another tenant may use the name; the platform's lists are an owner of their own
    const other = await createTenant(uniqueName('AmlNames'));
    const otherAdmin: Caller = { token: (await adminToken(firstAdmin(other))).token, userId: other.userId };
    expect((await api(amlRoutes.lists.POST, otherAdmin, { method: 'POST', body: { name, kind: 'INTERNAL', format: 'OWN_CSV' } })).status).toBe(200);
    const platformName = uniqueName('Platform named');
    const create = (body: Json) => call<AmlList>(amlRoutes.platformLists.POST, { method: 'POST', headers: platformAuth, body });
    expect((await create({ name: platformName, kind: 'SANCTIONS', format: 'OWN_CSV' })).status).toBe(200);
    expectEnvelope(await create({ name: platformName, kind: 'PEP', format: 'OWN_CSV' }), 409, 'conflict', duplicate);
    const another = await create({ name: uniqueName('Platform other'), kind: 'SANCTIONS', format: 'OWN_CSV' });
    expectEnvelope(
      await call(amlRoutes.platformList.PATCH, { method: 'PATCH', headers: platformAuth, params: { listId: another.json.data.id }, body: { name: platformName } }),
      409,
      'conflict',
      duplicate,
    );
  });

  it('needs the aml:configure capability to import and aml:read to read', async () => {
    const employee = await adminCaller(tenant, ['EMPLOYEE']);
    expectEnvelope(await api(amlRoutes.lists.GET, employee), 403, 'access denied', {
      error: 'FORBIDDEN',
      details: 'this operation requires one of the roles COMPLIANCE_OFFICER, ADMIN_USER',
    });
    expectEnvelope(await api(amlRoutes.lists.POST, officer, { method: 'POST', body: { name: 'x', kind: 'INTERNAL', format: 'OWN_CSV' } }), 403, 'access denied', {
      error: 'FORBIDDEN',
      details: 'this operation requires one of the roles ADMIN_USER',
    });
  });
});

describe('screening and the alert queue', () => {
  it('raises an alert when a new individual matches an entry, explains it, and blocks the approval until it is decided', async () => {
    const reg = await registerPerson('Viktor', 'Hallstrand');
    const [a] = await alertsOfCustomer(reg.customerId);
    expect(a).toMatchObject({
      kind: 'SCREENING',
      status: 'OPEN',
      customerId: reg.customerId,
      subjectType: 'CUSTOMER',
      subjectId: reg.customerId,
      subjectName: 'Viktor Hallstrand',
      listName: 'Internal blocklist',
      matchedName: 'Viktor Hallstrand',
    });
    expect(Number(a!.score)).toBeGreaterThanOrEqual(0.87);
    const detail = expectOk(await alert(officer, a!.id));
    expect(detail.subject).toEqual({ name: 'Viktor Hallstrand', entityType: 'PERSON', birthDate: '1990-04-21', countries: ['GB', 'DE'] });
    expect(detail.hit!.entry).toMatchObject({ sourceId: 'BL-1', primaryName: 'Viktor Hallstrand', programs: ['FRAUD'], countries: ['SE'] });
    expect(detail.hit!.contributions.map((c) => c.field)).toContain('name');
    expect(detail.verificationId).toBe(reg.verificationId);
    expect(detail.timeline.map((e) => [e.action, e.actorName])).toEqual([['CREATED', 'System']]);
    expect(detail.allowedDecisions.map((d) => d.decision)).toEqual(['FALSE_POSITIVE', 'CONFIRMED_MATCH', 'ESCALATE', 'CLOSE']);
    expect((await eventsOf(tenant.tenantId, 'aml.alert.created')).map((e) => (e.payload as { data: { alertId: string } }).data.alertId)).toContain(a!.id);

    // the approval gate says so on the case and in the 422
    await acceptDocuments(officer.token, reg.verificationId);
    const gate = await getVerification(officer.token, reg.verificationId);
    expect(gate.json.data).toMatchObject({
      canApprove: false,
      approveBlockedReasons: [
        {
          code: 'OPEN_SCREENING_ALERTS',
          message: 'A sanctions or PEP screening alert of this customer is still open: an officer must decide it first (false positive, or a cleared match).',
        },
      ],
    });
    const refused = await decide(officer.token, reg.verificationId, { decision: 'APPROVE', reasonCode: 'DOCUMENTS_VERIFIED', comment: 'ok' });
    expectEnvelope(refused, 422, 'open screening alerts', {
      error: 'OPEN_SCREENING_ALERTS',
      details: '1 screening alert(s) of this customer must be decided first (false positive, or cleared)',
      verificationId: reg.verificationId,
      alertIds: [a!.id],
    });

    // a false positive, with a reason code and a comment, lifts the block
    const decided = await decideAlert(officer, a!.id, { decision: 'FALSE_POSITIVE', reasonCode: 'DIFFERENT_NATIONALITY', comment: 'a British citizen; the entry is Swedish' });
    expect(decided.status, decided.text).toBe(200);
    expect(decided.json.data).toMatchObject({
      status: 'FALSE_POSITIVE',
      decision: 'FALSE_POSITIVE',
      decisionReasonCode: 'DIFFERENT_NATIONALITY',
      decidedBy: officer.userId,
      allowedDecisions: [],
    });
    expect(decided.json.data.timeline.map((e) => e.action)).toEqual(['CREATED', 'DECIDED']);
    const approved = await decide(officer.token, reg.verificationId, { decision: 'APPROVE', reasonCode: 'DOCUMENTS_VERIFIED', comment: 'ok' });
    expect(approved.status, approved.text).toBe(200);

    // screening again on demand does not raise the decided hit again
    const again = expectOk(await api<{ screenings: { hits: number }[]; alertIds: string[] }>(amlRoutes.screenings.POST, officer, { method: 'POST', body: { customerId: reg.customerId } }));
    expect(again.screenings[0]!.hits).toBe(1);
    expect(again.alertIds).toEqual([]);
  });

  it('screens an organization, its trading name and every representative and owner at registration', async () => {
    const body = organizationBody(cats, {
      legalName: 'Northwind Fixtures GmbH',
      representatives: [
        { firstName: 'Oksana', lastName: 'Deribaska', position: 'CEO', email: 'o@northwind.example', isPrimaryOwner: true, ownershipShare: 70, dateOfBirth: '1968-05-05' },
        { firstName: 'Paul', lastName: 'Partner', position: 'CFO', ownershipShare: 30 },
      ],
    });
    const res = await registerOrganization<{ customerId: string }>(body, contextHeaders(tenant.tenantId));
    expect(res.status, res.text).toBe(200);
    const items = await alertsOfCustomer(res.json.data.customerId);
    expect(items.map((a) => [a.subjectType, a.subjectName])).toEqual([['REPRESENTATIVE', 'Oksana Deribaska']]);
    const screenings = expectOk(
      await api<{ items: { subjectType: string; subject: { name: string } }[] }>(amlRoutes.screenings.GET, officer, { query: `customerId=${res.json.data.customerId}` }),
    );
    expect(screenings.items.map((s) => `${s.subjectType}:${s.subject.name}`).sort()).toEqual([
      'CUSTOMER:Northwind Fixtures GmbH',
      'REPRESENTATIVE:Oksana Deribaska',
      'REPRESENTATIVE:Paul Partner',
    ]);
  });

  it("explains an ad hoc search: every field's part in the score", async () => {
    const found = expectOk(
      await api<{
        threshold: string;
        hits: { score: number; entry: { sourceId: string }; contributions: { field: string; effect: number; detail: string }[] }[];
        listVersions: { listName: string }[];
      }>(amlRoutes.search.POST, officer, {
        method: 'POST',
        body: { name: 'Halstrand Viktor', entityType: 'PERSON', birthDate: '1990-03-02', countries: ['SE'] },
      }),
    );
    expect(found.threshold).toBe('0.870');
    expect(found.hits[0]!.entry.sourceId).toBe('BL-1');
    expect(found.hits[0]!.contributions.map((c) => c.field).sort()).toEqual(
      ['birthDate', 'country', 'entityType', 'name'].filter((f) => found.hits[0]!.contributions.some((c) => c.field === f)).sort(),
    );
    expect(found.hits[0]!.contributions.find((c) => c.field === 'birthDate')!.effect).toBeGreaterThan(0);
    expect(found.listVersions.map((l) => l.listName)).toContain('Internal blocklist');
    // a different person with the same name but born 40 years later scores lower than the one who matches everything
    const younger = expectOk(
      await api<{ hits: { score: number; entry: { sourceId: string } }[] }>(amlRoutes.search.POST, officer, {
        method: 'POST',
        body: { name: 'Viktor Hallstrand', birthDate: '2011-01-01', threshold: 0.5 },
      }),
    );
    const bl1 = younger.hits.find((h) => h.entry.sourceId === 'BL-1');
    expect(bl1 === undefined || bl1.score < found.hits[0]!.score).toBe(true);
  });

  it("a confirmed match freezes the customer's wallets; clearing it takes two different officers", async () => {
    const alice = await customerCaller(tenant.tenantId);
    const db = await getDb();
    await db
      .update(customers)
      .set({ displayName: 'Quentin Farthingale' })
      .where(and(eq(customers.tenantId, tenant.tenantId), eq(customers.id, alice.customerId)));
    const wallet = await openWallet(admin, 'EUR', alice.customerId);
    await fund(admin, wallet.id, '100.00');
    const screened = expectOk(await api<{ alertIds: string[] }>(amlRoutes.screenings.POST, officer, { method: 'POST', body: { customerId: alice.customerId } }));
    expect(screened.alertIds).toHaveLength(1);
    const alertId = screened.alertIds[0]!;

    // claimed by the first officer, the second may not decide it
    expect((await assignAlert(officer, alertId, officer.userId)).json.data).toMatchObject({ status: 'IN_REVIEW', assigneeUserId: officer.userId });
    const other = await decideAlert(officer2, alertId, { decision: 'CONFIRMED_MATCH', reasonCode: 'IDENTITY_CONFIRMED', comment: 'same person' });
    expect(other.status).toBe(403);
    expect(other.json.data).toMatchObject({ error: 'ALERT_ASSIGNED_TO_OTHER', alertId, assigneeUserId: officer.userId });

    // a reason code that the decision does not take
    expectEnvelope(await decideAlert(officer, alertId, { decision: 'CONFIRMED_MATCH', reasonCode: 'NAME_ONLY_SIMILARITY', comment: 'x' }), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [{ field: 'reasonCode', message: 'CONFIRMED_MATCH takes one of IDENTITY_CONFIRMED, SUSPICIOUS_ACTIVITY, SOURCE_OF_FUNDS_UNCLEAR, OTHER' }],
    });
    // RELEASE_TRANSFER is for held transfers only
    expectEnvelope(await decideAlert(officer, alertId, { decision: 'RELEASE_TRANSFER', reasonCode: 'OTHER', comment: 'x' }), 422, 'unprocessable request', {
      error: 'DECISION_NOT_ALLOWED',
      details: 'RELEASE_TRANSFER is not possible on this alert now; possible: FALSE_POSITIVE, CONFIRMED_MATCH, ESCALATE, CLOSE',
      alertId,
      decision: 'RELEASE_TRANSFER',
      allowed: ['FALSE_POSITIVE', 'CONFIRMED_MATCH', 'ESCALATE', 'CLOSE'],
    });

    const confirmed = await decideAlert(officer, alertId, { decision: 'CONFIRMED_MATCH', reasonCode: 'IDENTITY_CONFIRMED', comment: 'passport matches the entry' });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.json.data.status).toBe('CONFIRMED');
    const [frozen] = await db
      .select()
      .from(wallets)
      .where(and(eq(wallets.tenantId, tenant.tenantId), eq(wallets.id, wallet.id)));
    expect(frozen).toMatchObject({ status: 'FROZEN', statusReason: `AML: confirmed sanctions or PEP match (alert ${alertId})` });
    const payee = await addBeneficiary(admin, undefined, alice.customerId);
    const consent = await authorize(alice, wallet.id);
    const refused = await transfer(alice, { walletId: wallet.id, beneficiary: { id: payee.id }, amount: '10.00', currency: 'EUR', reference: 'x', paymentConsentId: consent.id });
    expectEnvelope(refused, 400, 'wallet not active', { walletId: wallet.id, status: 'FROZEN', requiredStatus: 'ACTIVE' });

    // clearing: proposed by one officer, refused to the same officer, confirmed by a second
    const proposed = await decideAlert(officer, alertId, { decision: 'CLEAR_MATCH', reasonCode: 'ENTRY_REMOVED_FROM_LIST', comment: 'delisted' });
    expect(proposed.json.data).toMatchObject({ status: 'PENDING_SECOND_APPROVAL', pendingDecision: 'CLEAR_MATCH', pendingBy: officer.userId, allowedDecisions: [] });
    expect(proposed.json.data.blockedReason).toBe('You proposed this decision: a second, different officer must confirm or decline it (four-eyes).');
    expectEnvelope(await decideAlert(officer, alertId, { decision: 'CLEAR_MATCH', reasonCode: 'ENTRY_REMOVED_FROM_LIST', comment: 'again' }), 403, 'a second officer must confirm', {
      error: 'SECOND_OFFICER_REQUIRED',
      details: 'you proposed CLEAR_MATCH; another officer must confirm it (four-eyes)',
      alertId,
      proposedBy: officer.userId,
      decision: 'CLEAR_MATCH',
    });
    const cleared = await decideAlert(officer2, alertId, { decision: 'CLEAR_MATCH', reasonCode: 'ENTRY_REMOVED_FROM_LIST', comment: 'agreed' });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.json.data).toMatchObject({ status: 'CLEARED', decision: 'CLEAR_MATCH', decidedBy: officer2.userId });
    expect(cleared.json.data.timeline.map((e) => [e.action, e.actorName === 'System' ? 'System' : 'officer'])).toEqual([
      ['CREATED', 'System'],
      ['ASSIGNED', 'officer'],
      ['DECIDED', 'officer'],
      ['EFFECT', 'System'],
      ['DECISION_PROPOSED', 'officer'],
      ['DECIDED', 'officer'],
      ['EFFECT', 'System'],
    ]);
    const notes = cleared.json.data.timeline.map((e) => e.note);
    expect(notes[0]).toMatch(/^score \d\.\d\d against “Quentin Farthingale”$/);
    expect(notes[1]).toBe(`to ${cleared.json.data.timeline[1]!.actorName}`);
    expect(notes[3]).toBe('1 wallet frozen; 0 cards to freeze at the card processor');
    expect(notes[5]).toBe(`confirming ${cleared.json.data.timeline[4]!.actorName}'s proposal (four-eyes)`);
    expect(notes[6]).toBe("1 wallet unfrozen; 0 beneficiaries unblocked; cards stay frozen until their holders unfreeze them (the processor asks the holder's one-time code)");
    const [after] = await db
      .select()
      .from(wallets)
      .where(and(eq(wallets.tenantId, tenant.tenantId), eq(wallets.id, wallet.id)));
    expect(after).toMatchObject({ status: 'ACTIVE', statusReason: null });
    const decidedEvents = await eventsOf(tenant.tenantId, 'aml.alert.decided');
    expect(decidedEvents.map((e) => (e.payload as { data: { alertId: string; decision: string; proposedBy: string | null } }).data).filter((d) => d.alertId === alertId)).toEqual([
      expect.objectContaining({ decision: 'CONFIRMED_MATCH', proposedBy: null }),
      expect.objectContaining({ decision: 'CLEAR_MATCH', proposedBy: officer.userId }),
    ]);
  });

  it("a confirmed match freezes the customer's cards at the card processor and says so in the timeline", async () => {
    const holder = await createCustomerUser(tenant.tenantId);
    const db = await getDb();
    await db
      .update(customers)
      .set({ displayName: 'Quentin Farthingale' })
      .where(and(eq(customers.tenantId, tenant.tenantId), eq(customers.id, holder.customerId)));
    const actor = await signIn(tenant.tenantId, holder.email, holder.password, holder.userId, holder.customerId);
    const card = await issueCard(actor);
    const screened = expectOk(await api<{ alertIds: string[] }>(amlRoutes.screenings.POST, officer, { method: 'POST', body: { customerId: holder.customerId } }));
    const confirmed = await decideAlert(officer, screened.alertIds[0]!, { decision: 'CONFIRMED_MATCH', reasonCode: 'IDENTITY_CONFIRMED', comment: 'same person' });
    expect(confirmed.status, confirmed.text).toBe(200);
    const info = await ok<{ status: string }>(actor, 'card/info', { cardNo: card.cardId });
    expect(info.status).toBe('FROZEN');
    const effects = (await getDb()).execute(sql`select details from aml_alert_events where alert_id = ${screened.alertIds[0]!}::uuid and action = 'EFFECT' order by seq`);
    const details = ((await effects) as unknown as { rows: { details: Record<string, unknown> }[] }).rows.map((r) => r.details);
    expect(details).toEqual([
      { frozenWalletIds: [], cardsToFreeze: [card.cardId] },
      { frozenCardIds: [card.cardId], failedCards: [] },
    ]);
    // the customer cannot lift the freeze, nor get a new card, while the match stands
    expectBusiness(await cardOp(actor, 'card/unfreeze', { cardNo: card.cardId, otp: '000000' }), 'COMPLIANCE_HOLD', {
      details: 'a confirmed sanctions or PEP match holds this customer until compliance clears it',
      alertId: screened.alertIds[0],
    });
    expectBusiness(await cardOp(actor, 'card/apply', { cardholderId: card.cardholderId, currency: 'EUR', idempotencyKey: `k-${Date.now()}` }), 'COMPLIANCE_HOLD', {
      details: 'a confirmed sanctions or PEP match holds this customer until compliance clears it',
      alertId: screened.alertIds[0],
    });
  });

  it('screens a new beneficiary; a confirmed match blocks payouts to it', async () => {
    const bob = await customerCaller(tenant.tenantId);
    const wallet = await openWallet(admin, 'EUR', bob.customerId);
    await fund(admin, wallet.id, '100.00');
    const created = await api<{ id: string }>(routes.beneficiaries.POST, admin, {
      method: 'POST',
      body: { customerId: bob.customerId, name: 'Marlowe Shipping Holdings', iban: 'DE89370400440532013000', country: 'MT' },
    });
    expect(created.status, created.text).toBe(200);
    const [a] = (await alertsOfCustomer(bob.customerId)).filter((x) => x.subjectType === 'BENEFICIARY');
    expect(a).toMatchObject({ subjectId: created.json.data.id, subjectName: 'Marlowe Shipping Holdings', matchedName: 'Marlowe Shipping Holdings Ltd' });
    expect((await decideAlert(officer, a!.id, { decision: 'CONFIRMED_MATCH', reasonCode: 'IDENTITY_CONFIRMED', comment: 'same company' })).status).toBe(200);
    const consent = await authorize(bob, wallet.id);
    const refused = await transfer(bob, {
      walletId: wallet.id,
      beneficiary: { id: created.json.data.id },
      amount: '10.00',
      currency: 'EUR',
      reference: 'invoice',
      paymentConsentId: consent.id,
    });
    expectEnvelope(refused, 422, 'beneficiary blocked', {
      error: 'BENEFICIARY_BLOCKED',
      details: 'a confirmed sanctions or PEP match blocks payouts to this beneficiary until two officers clear it',
      beneficiaryId: created.json.data.id,
      alertId: a!.id,
    });
    // the customer's wallets stay as they were: only the beneficiary is blocked
    expect((await api<{ status: string }>(routes.wallet.GET, admin, { params: { walletId: wallet.id } })).json.data.status).toBe('ACTIVE');
  });

  it('filters the queue and exports it as CSV with a byte order mark', async () => {
    await registerPerson('Viktor', 'Hallstrand');
    const open = await alertsOf(officer, 'status=ACTIVE&kind=SCREENING&sort=-score&pageSize=100');
    expect(open.status, open.text).toBe(200);
    expect(open.json.data.items.every((a) => ['OPEN', 'IN_REVIEW', 'ESCALATED', 'PENDING_SECOND_APPROVAL', 'CONFIRMED'].includes(a.status))).toBe(true);
    const mine = await alertsOf(officer, 'assignee=me');
    expect(mine.json.data.items.every((a) => (a as unknown as AmlAlertDetail).assigneeUserId === officer.userId)).toBe(true);
    const res = await amlRoutes.alertExport.GET(
      new NextRequest('http://localhost:3000/api/v2.1/aml/alerts/export?kind=SCREENING', { headers: { authorization: `Bearer ${officer.token}` } }),
      { params: Promise.resolve({}) },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...lines] = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(header).toBe(
      'id,kind,status,customer,customer id,subject type,subject,score,list,matched name,rules,transfer id,holds transfer,assignee,created at,age (hours),decision,reason,decided by,decided at',
    );
    expect(lines.length).toBeGreaterThan(0);
  });
});
