import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetCardProcessor } from '@/lib/card-processor';
import { and, eq } from 'drizzle-orm';
import { resetEnvCache } from '@/lib/env';
import { getDb } from '@/lib/db/client';
import { customerCategorizations } from '@/lib/db/schema';
import * as customersRoute from '@/app/api/v2.1/customers/route';
import * as exportRoute from '@/app/api/v2.1/customers/export/route';
import * as customerRoute from '@/app/api/v2.1/customers/[customerId]/route';
import * as summaryRoute from '@/app/api/v2.1/dashboard/summary/route';
import * as consentsRoute from '@/app/api/v2.1/customer/individual/[customerId]/consents/route';
import { customerDetailSchema, type CustomerListItem, type DashboardSummary } from '@/lib/contract/customers';
import { call, contextHeaders, expectEnvelope } from './helpers';
import { bearer, createExtraAdmin, createIdentityTenant, firstAdmin, ISO, type TestTenant } from './identity-fixtures';
import {
  acceptRequiredConsents,
  approve,
  categoryIds,
  customerToken,
  decide,
  individualBody,
  organizationBody,
  registerIndividual,
  registerOrganization,
  resetOnboardingState,
  tokenOf,
  uniq,
  type Categories,
} from './onboarding-fixtures';

/**
 * The admin panel's read endpoints: the customer directory (filters, search, sort, pages, CSV), one
 * customer's detail, and the dashboard summary; role rule and tenant isolation.
 */

type Reg = { customerId: string; userId: string; verificationId: string };
type Page = { items: CustomerListItem[]; pageNo: number; pageSize: number; total: number };

const list = (token: string, query = '') => call<Page>(customersRoute.GET, { path: `/api/v2.1/customers${query}`, headers: bearer(token) });
const csv = (token: string, query = '') => call(exportRoute.GET, { path: `/api/v2.1/customers/export${query}`, headers: bearer(token) });
const detail = (token: string, customerId: string) =>
  call<Record<string, unknown>>(customerRoute.GET, { path: `/api/v2.1/customers/${customerId}`, headers: bearer(token), params: { customerId } });
const summary = (token: string) => call<DashboardSummary>(summaryRoute.GET, { path: '/api/v2.1/dashboard/summary', headers: bearer(token) });

let t: TestTenant;
let cats: Categories;
let admin: string;
let officer: string;
type AuditLine = { actorUserId: string | null; actorName: string | null };
let secondOfficer: string;
let ada: Reg, grace: Reg, acme: Reg;
let adaEmail: string;

async function register(kind: 'individual' | 'organization', body: Record<string, unknown>): Promise<Reg> {
  const res =
    kind === 'individual'
      ? await registerIndividual<Reg>(body, { ...contextHeaders(t.tenantId), ...bearer(admin) })
      : await registerOrganization<Reg>(body, { ...contextHeaders(t.tenantId), ...bearer(admin) });
  expect(res.status, res.text).toBe(200);
  return res.json.data;
}

beforeEach(() => resetOnboardingState());

beforeAll(async () => {
  resetOnboardingState();
  t = await createIdentityTenant();
  cats = await categoryIds(t.tenantId);
  admin = await tokenOf(firstAdmin(t));
  officer = await tokenOf(await createExtraAdmin(t, ['COMPLIANCE_OFFICER']));
  secondOfficer = await tokenOf(await createExtraAdmin(t, ['COMPLIANCE_OFFICER']));
  adaEmail = `${uniq('ada')}@customer.example`;
  ada = await register('individual', individualBody(cats, { firstName: 'Ada', lastName: 'Lovelace', email: adaEmail }));
  grace = await register('individual', individualBody(cats, { firstName: 'Grace', lastName: '=Hopper, "RADM"' }));
  acme = await register('organization', organizationBody(cats, { legalName: 'Acme Widgets GmbH', registrationNumber: 'HRB-7007' }));
  // Ada: consents, approved by an officer, activated
  await acceptRequiredConsents(admin, ada.customerId);
  expect((await approve(officer, ada.verificationId)).status).toBe(200);
  // Grace: rejected
  expect((await decide(secondOfficer, grace.verificationId, { decision: 'REJECT', reasonCode: 'DOCUMENT_EXPIRED', comment: 'passport expired' })).status).toBe(200);
});

describe('GET /api/v2.1/customers', () => {
  it('lists the tenant’s customers newest first with verification and category', async () => {
    const res = await list(admin);
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({ pageNo: 1, pageSize: 20, total: 3 });
    expect(res.json.data.items.map((i) => i.id)).toEqual([acme.customerId, grace.customerId, ada.customerId]);
    expect(res.json.data.items[2]).toEqual({
      id: ada.customerId,
      customerType: 'INDIVIDUAL',
      displayName: 'Ada Lovelace',
      email: adaEmail,
      status: 'PENDING_ACTIVATION',
      verificationStatus: 'APPROVED',
      verificationId: ada.verificationId,
      categoryId: cats.RETAIL_STANDARD,
      categoryName: expect.any(String),
      riskLevel: expect.stringMatching(/^(LOW|MEDIUM|HIGH)$/),
      registrationNumber: null,
      createdAt: expect.stringMatching(ISO),
      activatedAt: null,
    });
    expect(res.json.data.items[0]).toMatchObject({ customerType: 'ORGANIZATION', registrationNumber: 'HRB-7007', displayName: 'Acme Widgets GmbH' });
  });

  it('filters by type, status, verification status and category, and searches name, email and registration number', async () => {
    const ids = async (q: string) => (await list(admin, q)).json.data.items.map((i) => i.id);
    expect(await ids('?type=ORGANIZATION')).toEqual([acme.customerId]);
    expect(await ids('?verificationStatus=REJECTED')).toEqual([grace.customerId]);
    expect(await ids('?status=ACTIVE')).toEqual([]);
    expect(await ids(`?categoryId=${cats.RETAIL_STANDARD}&sort=displayName`)).toEqual([ada.customerId, grace.customerId]);
    expect(await ids('?q=hrb-70')).toEqual([acme.customerId]);
    expect(await ids(`?q=${encodeURIComponent(adaEmail.toUpperCase())}`)).toEqual([ada.customerId]);
    expect(await ids('?q=100%25')).toEqual([]);
  });

  it('finds the customer of an organization by its id (the 409 "organization already exists" names only the organization)', async () => {
    const dup = await registerOrganization<Record<string, unknown>>(organizationBody(cats, { registrationNumber: 'HRB-7007', legalName: 'Copycat AG' }), {
      ...contextHeaders(t.tenantId),
      ...bearer(admin),
    });
    const existingOrganizationId = (dup.json.data as { existingOrganizationId: string }).existingOrganizationId;
    expectEnvelope(dup, 409, 'organization already exists', { error: 'ORGANIZATION_ALREADY_EXISTS', registrationNumber: 'HRB-7007', existingOrganizationId });
    const found = await list(admin, `?organizationId=${existingOrganizationId}`);
    expect(found.json.data).toMatchObject({ total: 1, items: [{ id: acme.customerId, customerType: 'ORGANIZATION', registrationNumber: 'HRB-7007' }] });
    // another tenant's organization id finds nothing, like an unknown one
    const other = await tokenOf(firstAdmin(await createIdentityTenant()));
    expect((await list(other, `?organizationId=${existingOrganizationId}`)).json.data).toEqual({ items: [], pageNo: 1, pageSize: 20, total: 0 });
    expect((await list(admin, '?organizationId=6f1c3d2e-0000-4000-8000-000000000000')).json.data.total).toBe(0);
    expectEnvelope(await list(admin, '?organizationId=nope'), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [{ field: 'organizationId', message: 'must be a UUID' }],
    });
  });

  it('pages and sorts', async () => {
    const p2 = await list(admin, '?pageSize=2&pageNo=2&sort=createdAt');
    expect(p2.json.data).toMatchObject({ pageNo: 2, pageSize: 2, total: 3 });
    expect(p2.json.data.items.map((i) => i.id)).toEqual([acme.customerId]);
  });

  it('any admin-side role may read it; a compliance officer too', async () => {
    expect((await list(officer)).status).toBe(200);
  });

  it('refuses a bad query with the exact validation envelope', async () => {
    const res = await list(admin, '?status=DELETED&pageSize=500&categoryId=x');
    expectEnvelope(res, 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [
        { field: 'status', message: expect.any(String) },
        { field: 'categoryId', message: 'must be a UUID' },
        { field: 'pageSize', message: expect.any(String) },
      ],
    });
  });

  it('answers 401 without credentials and 403 to a customer', async () => {
    expectEnvelope(await call(customersRoute.GET, { path: '/api/v2.1/customers' }), 401, 'authentication required', {
      error: 'UNAUTHORIZED',
      details: 'sign in, or send Authorization: Bearer <token>',
    });
    const customer = await customerToken(t.tenantId, ada, adaEmail);
    expectEnvelope(await list(customer), 403, 'access denied', {
      error: 'FORBIDDEN',
      details: 'this operation requires one of the roles ADMIN_USER, COMPLIANCE_OFFICER, EMPLOYEE, TRANSACTION_APPROVER',
    });
  });

  it('never shows another tenant’s customers', async () => {
    const other = await createIdentityTenant();
    const res = await list(await tokenOf(firstAdmin(other)));
    expect(res.json.data).toEqual({ items: [], pageNo: 1, pageSize: 20, total: 0 });
  });
});

describe('GET /api/v2.1/customers/export', () => {
  it('returns the filtered list as CSV, quoting and defusing formulas', async () => {
    const res = await csv(admin, '?type=INDIVIDUAL&sort=createdAt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="customers.csv"');
    const lines = res.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,customerType,displayName,email,status,verificationStatus,categoryName,riskLevel,registrationNumber,createdAt,activatedAt');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(new RegExp(`^${ada.customerId},INDIVIDUAL,Ada Lovelace,${adaEmail.replace('.', '\\.')},PENDING_ACTIVATION,APPROVED,`));
    expect(lines[2]).toContain(`${grace.customerId},INDIVIDUAL,"Grace =Hopper, ""RADM""",`);
  });

  it('has the same role rule and query validation as the list', async () => {
    expectEnvelope(await csv(admin, '?type=ROBOT'), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [{ field: 'type', message: expect.any(String) }],
    });
    expect((await csv(await customerToken(t.tenantId, ada, adaEmail))).status).toBe(403);
  });
});

describe('GET /api/v2.1/customers/{customerId}', () => {
  it('returns the profile, documents, consents with history, verification history and audit log', async () => {
    const res = await detail(admin, ada.customerId);
    expect(res.status, res.text).toBe(200);
    const d = res.json.data as Record<string, unknown>;
    expect(d).toMatchObject({
      id: ada.customerId,
      customerType: 'INDIVIDUAL',
      displayName: 'Ada Lovelace',
      status: 'PENDING_ACTIVATION',
      person: { firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1990-04-21' },
      organization: null,
      verification: { id: ada.verificationId, status: 'APPROVED' },
      categorization: { categoryId: cats.RETAIL_STANDARD },
    });
    expect(d.documents).toEqual([
      {
        id: expect.any(String),
        documentType: 'PASSPORT',
        documentNumber: 'P1234567',
        mimeType: 'image/png',
        sizeBytes: expect.any(Number),
        status: 'ACCEPTED',
        createdAt: expect.stringMatching(ISO),
      },
    ]);
    const consents = d.consents as { missingRequired: string[]; history: { consentType: string; status: string }[] };
    expect(consents.missingRequired).toEqual([]);
    expect(consents.history.map((h) => h.consentType).sort()).toEqual(['DATA_PROCESSING', 'PRIVACY_POLICY', 'TERMS']);
    expect((d.verificationHistory as { after: { status: string } }[]).at(-1)!.after.status).toBe('APPROVED');
    expect((d.audit as unknown[]).length).toBeGreaterThan(0);
    // every history line says who: an entry with an actor names them
    for (const entry of [...(d.verificationHistory as AuditLine[]), ...(d.audit as AuditLine[])]) {
      expect(entry.actorName === null, JSON.stringify(entry)).toBe(entry.actorUserId === null);
    }
    expect((d.verificationHistory as AuditLine[]).at(-1)!.actorName).toMatch(/\S/);
    expect(JSON.stringify(d)).not.toContain('content');
    // every member of the schema with its type, and nothing else (the schema strips what it does not know)
    expect(customerDetailSchema.parse(d)).toEqual(d);
    expect(d).toMatchObject({ createdAt: expect.stringMatching(ISO), activatedAt: null, verification: { submittedAt: expect.stringMatching(ISO), decidedAt: expect.stringMatching(ISO) } });
  });

  it('is the envelope and the fields the services answer elsewhere, though the database writes the JSON', async () => {
    const res = await detail(admin, ada.customerId);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.json).toEqual({ code: 200, message: 'OK', data: expect.any(Object) });
    const d = res.json.data as {
      createdAt: string;
      verification: { submittedAt: string; decidedAt: string };
      documents: { createdAt: string }[];
      audit: { createdAt: string; entityType: string }[];
      verificationHistory: unknown[];
      consents: unknown;
    };
    // every time exactly as Date.prototype.toISOString writes it (UTC, milliseconds, Z)
    const times = [d.createdAt, d.verification.submittedAt, d.verification.decidedAt, ...d.documents.map((x) => x.createdAt), ...d.audit.map((x) => x.createdAt)];
    for (const time of times) expect(new Date(time).toISOString()).toBe(time);
    // the verification's history: its entries of the audit log, oldest first
    expect(d.verificationHistory.length).toBeGreaterThan(0);
    expect(d.verificationHistory).toEqual(d.audit.filter((e) => e.entityType === 'VERIFICATION').reverse());
    // the consents as the consents endpoint answers them (one rule, lib/services/onboarding/consents.ts)
    const consents = await call(consentsRoute.GET, { path: `/api/v2.1/customer/individual/${ada.customerId}/consents`, headers: bearer(admin), params: { customerId: ada.customerId } });
    expect(consents.status, consents.text).toBe(200);
    expect(d.consents).toEqual(consents.json.data);
  });

  it('answers categorization null for a customer without a category', async () => {
    // a tenant of its own, so the other tests' counts stay as they are
    const other = await createIdentityTenant();
    const otherAdmin = await tokenOf(firstAdmin(other));
    const reg = await registerIndividual<Reg>(individualBody(await categoryIds(other.tenantId), { firstName: 'Nora', lastName: 'Nocategory' }), {
      ...contextHeaders(other.tenantId),
      ...bearer(otherAdmin),
    });
    expect(reg.status, reg.text).toBe(200);
    const db = await getDb();
    await db.delete(customerCategorizations).where(and(eq(customerCategorizations.tenantId, other.tenantId), eq(customerCategorizations.customerId, reg.json.data.customerId)));
    const res = await detail(otherAdmin, reg.json.data.customerId);
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({ displayName: 'Nora Nocategory', categorization: null });
    expect(customerDetailSchema.parse(res.json.data)).toEqual(res.json.data);
  });

  it('shows an organization with its representatives', async () => {
    const res = await detail(officer, acme.customerId);
    expect(res.json.data).toMatchObject({ customerType: 'ORGANIZATION', person: null, organization: { legalName: 'Acme Widgets GmbH', registrationNumber: 'HRB-7007' } });
    expect(customerDetailSchema.parse(res.json.data)).toEqual(res.json.data);
    expect((res.json.data as { representatives: unknown[] }).representatives.length).toBeGreaterThan(0);
  });

  it('answers another tenant’s customer exactly like an unknown one', async () => {
    const other = await createIdentityTenant();
    const otherAdmin = await tokenOf(firstAdmin(other));
    const notFound = { error: 'NOT_FOUND', details: 'customer not found' };
    expectEnvelope(await detail(otherAdmin, ada.customerId), 404, 'resource not found', notFound);
    expectEnvelope(await detail(otherAdmin, '6f1c3d2e-0000-4000-8000-000000000000'), 404, 'resource not found', notFound);
  });

  it('refuses a malformed id', async () => {
    expectEnvelope(await detail(admin, 'nope'), 400, 'request validation failed', { error: 'VALIDATION_FAILED', errors: [{ field: 'customerId', message: 'must be a UUID' }] });
  });
});

describe('GET /api/v2.1/dashboard/summary', () => {
  it('counts customers by status, waiting reviews and failed deliveries of the tenant', async () => {
    const res = await summary(officer);
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toEqual({
      customersByStatus: { PENDING_ACTIVATION: 3, ACTIVE: 0, SUSPENDED: 0, CLOSED: 0 },
      customersTotal: 3,
      verificationsWaiting: 1,
      verificationsByStatus: { NOT_STARTED: 0, PENDING_REVIEW: 1, IN_REVIEW: 0, REVISION_REQUESTED: 0, APPROVED: 1, REJECTED: 1 },
      failedWebhookDeliveries24h: 0,
      // a compliance officer has no card role
      cardsByState: null,
      cardsUnavailable: null,
    });

    const other = await createIdentityTenant();
    expect((await summary(await tokenOf(firstAdmin(other)))).json.data).toMatchObject({ customersTotal: 0, verificationsWaiting: 0 });
  });

  it('counts an administrator’s cards by state through the card processor, tenant scope', async () => {
    const seen: { path: string; scope: unknown; body: { status: string } }[] = [];
    const server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        const body = JSON.parse(raw) as { status: string };
        seen.push({ path: req.url ?? '', scope: req.headers['x-card-scope'], body });
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ ok: true, data: { items: [], pageNo: 1, pageSize: 1, total: { ACTIVE: 3, FROZEN: 1 }[body.status] ?? 0 } }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    try {
      process.env.CARD_PROCESSOR_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      resetEnvCache();
      await resetCardProcessor();
      expect((await summary(admin)).json.data).toMatchObject({ cardsByState: { INACTIVE: 0, ACTIVE: 3, FROZEN: 1, CANCELED: 0 }, cardsUnavailable: null });
      expect(seen.map((s) => [s.path, s.scope, s.body.status]).sort()).toEqual([
        ['/operations/card/list', 'tenant', 'ACTIVE'],
        ['/operations/card/list', 'tenant', 'CANCELED'],
        ['/operations/card/list', 'tenant', 'FROZEN'],
        ['/operations/card/list', 'tenant', 'INACTIVE'],
      ]);
      // the processor gone: the rest of the dashboard still answers
      await new Promise<void>((r) => server.close(() => r()));
      expect((await summary(admin)).json.data).toMatchObject({ customersTotal: 3, cardsByState: null, cardsUnavailable: 'card processor unavailable' });
    } finally {
      server.close();
      delete process.env.CARD_PROCESSOR_URL;
      resetEnvCache();
      await resetCardProcessor();
    }
  });

  it('answers 403 to a customer', async () => {
    expectEnvelope(await summary(await customerToken(t.tenantId, ada, adaEmail)), 403, 'access denied', {
      error: 'FORBIDDEN',
      details: 'this operation requires one of the roles ADMIN_USER, COMPLIANCE_OFFICER, EMPLOYEE, TRANSACTION_APPROVER',
    });
  });
});
