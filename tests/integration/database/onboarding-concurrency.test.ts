import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { contextHeaders, expectEnvelope } from '../helpers';
import { createExtraAdmin, createIdentityTenant, firstAdmin, type TestTenant } from '../identity-fixtures';
import {
  acceptConsent,
  acceptRequiredConsents,
  activate,
  approve,
  categoryIds,
  eventData,
  individualBody,
  organizationBody,
  registerIndividual,
  registerOrganization,
  resetOnboardingState,
  tableCounts,
  tokenOf,
  uniq,
  type Categories,
} from '../onboarding-fixtures';

/**
 * Registration and the state changes around it under concurrent requests: the database decides
 * (unique indexes, row locks), every loser gets the exact 409, and nothing half-written remains.
 */
let cats: Categories;
let tenant: TestTenant;

beforeAll(async () => {
  tenant = await createIdentityTenant();
  cats = await categoryIds(tenant.tenantId);
});
beforeEach(() => resetOnboardingState());

async function scalar(query: ReturnType<typeof sql>): Promise<number> {
  const db = await getDb();
  const res = (await db.execute(query)) as unknown as { rows: { n: number | string }[] };
  return Number(res.rows[0]!.n);
}

describe('50 concurrent registrations with the same email', () => {
  it('exactly one succeeds, the others get 409; exactly one customer, user, person and verification remain, no orphans, one event', async () => {
    // a fresh tenant, so that every row of it belongs to this race
    const t = await createIdentityTenant();
    const tCats = await categoryIds(t.tenantId);
    const before = await tableCounts(t.tenantId);
    const email = `${uniq('race')}@customer.example`;
    const N = 50;
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        registerIndividual<{ customerId: string; userId: string; verificationId: string }>(individualBody(tCats, { email, username: `racer-${i}`, consents: { termsAccepted: true } }), {
          ...contextHeaders(t.tenantId),
          'X-Forwarded-For': `198.51.100.${i + 1}`,
        }),
      ),
    );
    const winners = results.filter((r) => r.status === 200);
    const losers = results.filter((r) => r.status !== 200);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(N - 1);
    for (const res of losers) expectEnvelope(res, 409, 'conflict', { error: 'CONFLICT', details: 'a user with this email already exists', field: 'email' });
    const { customerId, userId, verificationId } = winners[0]!.json.data;

    const tid = t.tenantId;
    expect(await scalar(sql`select count(*)::int as n from customers where tenant_id = ${tid} and email = ${email}`)).toBe(1);
    expect(await scalar(sql`select count(*)::int as n from users where tenant_id = ${tid} and lower(email) = ${email}`)).toBe(1);
    expect(await scalar(sql`select count(*)::int as n from persons where tenant_id = ${tid} and email = ${email}`)).toBe(1);
    expect(
      await scalar(
        sql`select count(*)::int as n from verifications v join customers c on c.tenant_id = v.tenant_id and c.id = v.customer_id where v.tenant_id = ${tid} and c.email = ${email}`,
      ),
    ).toBe(1);
    // the winner's rows, and nothing else
    expect(await scalar(sql`select count(*)::int as n from users where tenant_id = ${tid} and id = ${userId} and customer_id = ${customerId}`)).toBe(1);
    expect(await scalar(sql`select count(*)::int as n from verifications where tenant_id = ${tid} and id = ${verificationId} and customer_id = ${customerId}`)).toBe(1);
    const after = await tableCounts(tid);
    const grown = Object.fromEntries(Object.entries(after).map(([k, v]) => [k, v - before[k]!]));
    expect(grown).toEqual({
      customers: 1,
      persons: 1,
      addresses: 2,
      contacts: 3,
      users: 1,
      user_roles: 1,
      customer_categorizations: 1,
      documents: 1,
      consent_records: 1,
      verifications: 1,
      organizations: 0,
      representatives: 0,
      audit_log: 3, // registered, document uploaded, consent accepted
      events: 2,
    });
    // no orphans: every customer of the tenant has its user, person and verification
    expect(
      await scalar(sql`select count(*)::int as n from customers c where c.tenant_id = ${tid} and (
        not exists (select 1 from users u where u.tenant_id = c.tenant_id and u.customer_id = c.id)
        or not exists (select 1 from persons p where p.tenant_id = c.tenant_id and p.customer_id = c.id)
        or not exists (select 1 from verifications v where v.tenant_id = c.tenant_id and v.customer_id = c.id))`),
    ).toBe(0);
    expect(await eventData(tid, 'customer.registered')).toEqual([{ customerId, customerType: 'INDIVIDUAL', userId, status: 'PENDING_ACTIVATION', categoryId: tCats.RETAIL_STANDARD }]);
    expect(await eventData(tid, 'customer.consent.accepted')).toHaveLength(1);
  });
});

describe('concurrent organization registrations with the same registration number', () => {
  it('exactly one succeeds; every other answer names the winner as the existing organization', async () => {
    const registrationNumber = uniq('HRB RACE ');
    const before = await tableCounts(tenant.tenantId);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => registerOrganization<{ organizationId: string; customerId: string }>(organizationBody(cats, { registrationNumber }), contextHeaders(tenant.tenantId))),
    );
    const winners = results.filter((r) => r.status === 200);
    expect(winners).toHaveLength(1);
    const { organizationId, customerId } = winners[0]!.json.data;
    for (const res of results.filter((r) => r.status !== 200)) {
      expectEnvelope(res, 409, 'organization already exists', { error: 'ORGANIZATION_ALREADY_EXISTS', registrationNumber, existingOrganizationId: organizationId });
    }
    const after = await tableCounts(tenant.tenantId);
    const grown = (table: string) => after[table]! - before[table]!;
    expect(['organizations', 'customers', 'users', 'representatives', 'verifications'].map(grown)).toEqual([1, 1, 1, 2, 1]);
    expect(await eventData(tenant.tenantId, 'organization.registered', customerId)).toHaveLength(1);
    expect(await scalar(sql`select count(*)::int as n from organizations where tenant_id = ${tenant.tenantId} and registration_number = ${registrationNumber}`)).toBe(1);
  });
});

describe('concurrent state changes of one customer', () => {
  it('the same consent accepted 10 times at once: one record, nine 409s', async () => {
    const admin = await tokenOf(firstAdmin(tenant));
    const reg = await registerIndividual<{ customerId: string }>(individualBody(cats), contextHeaders(tenant.tenantId));
    const { customerId } = reg.json.data;
    const results = await Promise.all(Array.from({ length: 10 }, () => acceptConsent(admin, customerId, 'terms')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const res of results.filter((r) => r.status !== 200)) expectEnvelope(res, 409, 'conflict', { error: 'CONFLICT', details: 'the TERMS consent (version 1.0) is already accepted' });
    expect(await scalar(sql`select count(*)::int as n from consent_records where tenant_id = ${tenant.tenantId} and customer_id = ${customerId}`)).toBe(1);
    expect(await eventData(tenant.tenantId, 'customer.consent.accepted', customerId)).toHaveLength(1);
  });

  it('activation requested 10 times at once: one activation, nine 409s, one event', async () => {
    const admin = await tokenOf(firstAdmin(tenant));
    const officer = await tokenOf(await createExtraAdmin(tenant, ['COMPLIANCE_OFFICER']));
    const reg = await registerIndividual<{ customerId: string; verificationId: string }>(individualBody(cats), contextHeaders(tenant.tenantId));
    const { customerId, verificationId } = reg.json.data;
    await acceptRequiredConsents(admin, customerId);
    expect((await approve(officer, verificationId)).status).toBe(200);
    const results = await Promise.all(Array.from({ length: 10 }, () => activate(admin, customerId)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const res of results.filter((r) => r.status !== 200)) {
      expectEnvelope(res, 409, 'conflict', { error: 'CONFLICT', details: 'the customer is already active', activationStatus: 'ACTIVE' });
    }
    expect(await eventData(tenant.tenantId, 'customer.activated', customerId)).toHaveLength(1);
  });
});
