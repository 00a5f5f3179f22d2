import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { and, asc, eq, sql } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { expect } from 'vitest';
import * as individualRegistrationRoute from '@/app/api/v2.1/customer/individual/registration/route';
import * as organizationRegistrationRoute from '@/app/api/v2.1/customer/organization/registration/route';
import * as individualConsentsRoute from '@/app/api/v2.1/customer/individual/[customerId]/consents/route';
import * as individualConsentRoute from '@/app/api/v2.1/customer/individual/[customerId]/consents/[consent]/route';
import * as organizationConsentsRoute from '@/app/api/v2.1/customer/organization/[customerId]/consents/route';
import * as organizationConsentRoute from '@/app/api/v2.1/customer/organization/[customerId]/consents/[consent]/route';
import * as individualVerificationRoute from '@/app/api/v2.1/customer/individual/[customerId]/verification/route';
import * as organizationVerificationRoute from '@/app/api/v2.1/customer/organization/[customerId]/verification/route';
import * as individualActivationRoute from '@/app/api/v2.1/customer/individual/[customerId]/activation/route';
import * as organizationActivationRoute from '@/app/api/v2.1/customer/organization/[customerId]/activation/route';
import * as individualDeactivationRoute from '@/app/api/v2.1/customer/individual/[customerId]/deactivation/route';
import * as organizationDeactivationRoute from '@/app/api/v2.1/customer/organization/[customerId]/deactivation/route';
import * as individualAuditRoute from '@/app/api/v2.1/customer/individual/[customerId]/audit/route';
import * as organizationAuditRoute from '@/app/api/v2.1/customer/organization/[customerId]/audit/route';
import * as queueRoute from '@/app/api/v2.1/verifications/route';
import * as individualDocumentsRoute from '@/app/api/v2.1/customer/individual/[customerId]/documents/route';
import * as organizationDocumentsRoute from '@/app/api/v2.1/customer/organization/[customerId]/documents/route';
import * as individualTimelineRoute from '@/app/api/v2.1/customer/individual/[customerId]/timeline/route';
import * as organizationTimelineRoute from '@/app/api/v2.1/customer/organization/[customerId]/timeline/route';
import * as caseTimelineRoute from '@/app/api/v2.1/verifications/[verificationId]/timeline/route';
import * as reviewSettingsRoute from '@/app/api/v2.1/verification-settings/route';
import * as verificationRoute from '@/app/api/v2.1/verifications/[verificationId]/route';
import * as assignRoute from '@/app/api/v2.1/verifications/[verificationId]/assign/route';
import * as decisionRoute from '@/app/api/v2.1/verifications/[verificationId]/decision/route';
import * as notesRoute from '@/app/api/v2.1/verifications/[verificationId]/notes/route';
import * as documentDecisionRoute from '@/app/api/v2.1/verifications/[verificationId]/documents/[documentId]/decision/route';
import * as documentContentRoute from '@/app/api/v2.1/verifications/[verificationId]/documents/[documentId]/content/route';
import { setClock } from '@/lib/clock';
import { getDb } from '@/lib/db/client';
import { events } from '@/lib/db/schema';
import { resetEnvCache } from '@/lib/env';
import { resetRateLimits } from '@/lib/http/rate-limit';
import { getHierarchy } from '@/lib/services/categorization/hierarchy';
import { BUSINESS_KEYS, organizationRegistrationBody } from '../e2e/fixtures';
import { call, contextHeaders, type CallResult } from './helpers';
import { adminToken, bearer, customerSession, type TestAdminUser } from './identity-fixtures';

/**
 * Fixtures of the onboarding tests: registration bodies, small real files (PNG, JPEG, PDF), calls
 * of every onboarding route, and readers of the outbox (events) and tables.
 */

// ------------------------------------------------------------------------------------------------
// Files
// ------------------------------------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A real 2x2 RGB PNG (signature, IHDR, IDAT, IEND with correct CRCs). */
export function makePng(width = 2, height = 2): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // colour type RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x7f)]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', ihdr), pngChunk('IDAT', deflateSync(raw)), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A real 2x2 baseline JPEG (quality 50), 269 bytes. */
export const JPEG = Buffer.from(
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAwb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCSABTv/9k=',
  'base64',
);

/** A real one-page PDF with a correct cross-reference table. */
export function makePdf(text = 'Passport of Ada Lovelace'): Buffer {
  const stream = `BT /F1 12 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

export const PNG = makePng();
export const PDF = makePdf();
export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
export const b64 = (b: Buffer) => b.toString('base64');

// ------------------------------------------------------------------------------------------------
// Bodies
// ------------------------------------------------------------------------------------------------

export const CUSTOMER_PW = 'Quiet-Lantern-42?';
export const ADMIN_PW = 'Amber-Falcon-77%';

let seq = 0;
export const uniq = (prefix: string) => `${prefix}${Date.now().toString(36)}${++seq}`;

export type Categories = Record<string, string>;

/** The tenant's category ids by code. */
export async function categoryIds(tenantId: string): Promise<Categories> {
  const db = await getDb();
  const h = await getHierarchy(db, tenantId);
  return Object.fromEntries(h.categories.map((c) => [c.code, c.id]));
}

export const RETAIL_STANDARD_KEYS = [
  { name: 'employmentStatus', value: 'EMPLOYED' },
  { name: 'sourceOfFunds', value: 'SALARY' },
];

export interface IndividualOptions {
  email?: string;
  username?: string;
  firstName?: string;
  lastName?: string;
  categoryId?: string;
  parametrization?: { name: string; value: string }[];
  document?: Buffer | string | null;
  consents?: Partial<Record<'termsAccepted' | 'privacyAccepted' | 'dataProcessingConsent' | 'marketingConsent', boolean>>;
}

/** A complete individual registration body in the RETAIL_STANDARD category (or the one given). */
export function individualBody(categories: Categories, options: IndividualOptions = {}): Record<string, unknown> {
  const email = options.email ?? `${uniq('ada')}@customer.example`;
  const categoryId = options.categoryId ?? categories.RETAIL_STANDARD!;
  const document = options.document === undefined ? PNG : options.document;
  return {
    email,
    phone: '+4915112345678',
    password: CUSTOMER_PW,
    matchingPassword: CUSTOMER_PW,
    customerCategory: { id: categoryId },
    individualCustomer: {
      customerName: `${options.firstName ?? 'Ada'} ${options.lastName ?? 'Lovelace'}`,
      person: {
        addresses: [{ type: 'POSTAL', street: 'Postfach 12', city: 'Berlin', postalCode: '10001', country: 'de' }],
        contacts: [{ type: 'PHONE', value: '+493012345678' }],
      },
      user: options.username ? { username: options.username } : undefined,
      categorization: { id: categoryId, parametrization: options.parametrization ?? RETAIL_STANDARD_KEYS },
    },
    CATEGORIZATION: { categoryId },
    PERSONAL_INFO: {
      firstName: options.firstName ?? 'Ada',
      lastName: options.lastName ?? 'Lovelace',
      dateOfBirth: '1990-04-21',
      nationality: 'gb',
      gender: 'female',
      placeOfBirth: 'London',
    },
    CONTACT_INFO: { contactType: 'EMAIL', contactValue: email, isPrimary: true },
    ADDRESS_INFO: { addressType: 'RESIDENTIAL', street: 'Unter den Linden', building: '5', city: 'Berlin', postalCode: '10117', country: 'DE', isPrimary: true },
    ...(document === null
      ? {}
      : {
          DOCUMENT_UPLOAD: {
            documentType: 'PASSPORT',
            documentNumber: 'P1234567',
            issuingCountry: 'GB',
            expiryDate: '2031-01-01',
            documentFile: typeof document === 'string' ? document : b64(document),
          },
        }),
    CONSENT: { termsAccepted: false, privacyAccepted: false, marketingConsent: false, dataProcessingConsent: false, ...options.consents },
    ACTIVATION: { activationConfirm: true, welcomeEmailSent: false, activationNotes: 'walk-in customer' },
  };
}

export { BUSINESS_KEYS };

export interface OrganizationOptions {
  registrationNumber?: string;
  legalName?: string;
  businessType?: 'BUSINESS_TYPE_CLIENT_TO_TENANT' | 'BUSINESS_TYPE_STANDARD';
  email?: string;
  adminUser?: Record<string, unknown> | null;
  categoryId?: string | null;
  representatives?: Record<string, unknown>[];
  /** The DOCUMENTS step; default: the three documents an organization needs (ORGANIZATION_DOCUMENTS). */
  documents?: Record<string, unknown>[];
  consents?: Partial<Record<'termsAccepted' | 'privacyAccepted' | 'dataProcessingConsent' | 'marketingConsent', boolean>>;
}

/** What REQUIRED_DOCUMENTS asks of an organization: registration extract, proof of address, an identity document of each default representative (by position). */
export const ORGANIZATION_DOCUMENTS = () => [
  { documentType: 'CERTIFICATE_OF_INCORPORATION', documentNumber: 'HRB-EXTRACT-1', issuingCountry: 'DE', documentFile: b64(makePdf('Handelsregisterauszug')) },
  { documentType: 'PROOF_OF_ADDRESS', issuingCountry: 'DE', documentFile: b64(makePdf('Utility bill')) },
  { documentType: 'PASSPORT', documentNumber: 'C01X00T47', issuingCountry: 'DE', expiryDate: '2032-05-01', documentFile: b64(PNG), representativeIndex: 0 },
  { documentType: 'NATIONAL_ID', documentNumber: 'L01X00T48', issuingCountry: 'DE', expiryDate: '2031-03-01', documentFile: b64(PNG), representativeIndex: 1 },
];

/** A complete organization registration body in the BUSINESS_STANDARD category (tests/e2e/fixtures.ts). */
export function organizationBody(categories: Categories, options: OrganizationOptions = {}): Record<string, unknown> {
  return organizationRegistrationBody({
    ...options,
    tag: uniq('org'),
    password: ADMIN_PW,
    categoryId: options.categoryId === undefined ? categories.BUSINESS_STANDARD! : options.categoryId,
    documents: options.documents ?? ORGANIZATION_DOCUMENTS(),
  });
}

// ------------------------------------------------------------------------------------------------
// Calls
// ------------------------------------------------------------------------------------------------

export type Kind = 'individual' | 'organization';
export type Json = Record<string, unknown>;
export type Result<T = Json> = CallResult<T>;

export function registerIndividual<T = Json>(body: unknown, headers: Record<string, string>): Promise<Result<T>> {
  return call<T>(individualRegistrationRoute.POST, { method: 'POST', path: '/api/v2.1/customer/individual/registration', headers, body });
}

export function registerOrganization<T = Json>(body: unknown, headers: Record<string, string>): Promise<Result<T>> {
  return call<T>(organizationRegistrationRoute.POST, { method: 'POST', path: '/api/v2.1/customer/organization/registration', headers, body });
}

const routes = {
  individual: {
    consents: individualConsentsRoute,
    consent: individualConsentRoute,
    verification: individualVerificationRoute,
    activation: individualActivationRoute,
    deactivation: individualDeactivationRoute,
    audit: individualAuditRoute,
    documents: individualDocumentsRoute,
    timeline: individualTimelineRoute,
  },
  organization: {
    consents: organizationConsentsRoute,
    consent: organizationConsentRoute,
    verification: organizationVerificationRoute,
    activation: organizationActivationRoute,
    deactivation: organizationDeactivationRoute,
    audit: organizationAuditRoute,
    documents: organizationDocumentsRoute,
    timeline: organizationTimelineRoute,
  },
};

/** Headers of a signed-in call: the bearer token plus the consent proof headers. */
export function authed(token: string, extra: Record<string, string> = {}): Record<string, string> {
  return { ...bearer(token), 'X-Forwarded-For': '198.51.100.4, 10.0.0.1', 'User-Agent': 'onboarding-test/1.0', ...extra };
}

export type ConsentSlug = 'terms' | 'privacy' | 'data-processing' | 'marketing';

export function acceptConsent(token: string, customerId: string, slug: string, options: { kind?: Kind; body?: unknown; headers?: Record<string, string> } = {}) {
  const kind = options.kind ?? 'individual';
  return call(routes[kind].consent.POST, {
    method: 'POST',
    path: `/api/v2.1/customer/${kind}/${customerId}/consents/${slug}`,
    headers: options.headers ?? authed(token),
    params: { customerId, consent: slug },
    body: options.body,
  });
}

export function withdrawConsent(token: string, customerId: string, slug: string, options: { kind?: Kind; headers?: Record<string, string> } = {}) {
  const kind = options.kind ?? 'individual';
  return call(routes[kind].consent.DELETE, {
    method: 'DELETE',
    path: `/api/v2.1/customer/${kind}/${customerId}/consents/${slug}`,
    headers: options.headers ?? authed(token),
    params: { customerId, consent: slug },
  });
}

export function listConsents(token: string, customerId: string, kind: Kind = 'individual') {
  return call(routes[kind].consents.GET, { path: `/api/v2.1/customer/${kind}/${customerId}/consents`, headers: authed(token), params: { customerId } });
}

export async function acceptRequiredConsents(token: string, customerId: string, kind: Kind = 'individual') {
  for (const slug of ['terms', 'privacy', 'data-processing']) expect((await acceptConsent(token, customerId, slug, { kind })).status).toBe(200);
}

export function initiateVerification(token: string, customerId: string, kind: Kind = 'individual') {
  return call(routes[kind].verification.POST, { method: 'POST', path: `/api/v2.1/customer/${kind}/${customerId}/verification`, headers: authed(token), params: { customerId } });
}

export function activate(token: string, customerId: string, kind: Kind = 'individual') {
  return call(routes[kind].activation.POST, { method: 'POST', path: `/api/v2.1/customer/${kind}/${customerId}/activation`, headers: authed(token), params: { customerId } });
}

export function deactivate(token: string, customerId: string, body: unknown, kind: Kind = 'individual') {
  return call(routes[kind].deactivation.POST, { method: 'POST', path: `/api/v2.1/customer/${kind}/${customerId}/deactivation`, headers: authed(token), params: { customerId }, body });
}

export function auditLogOf(token: string, customerId: string, kind: Kind = 'individual') {
  return call<{ items: Json[] }>(routes[kind].audit.GET, { path: `/api/v2.1/customer/${kind}/${customerId}/audit`, headers: authed(token), params: { customerId } });
}

export function customerDocuments(token: string, customerId: string, kind: Kind = 'individual') {
  return call(routes[kind].documents.GET, { path: `/api/v2.1/customer/${kind}/${customerId}/documents`, headers: authed(token), params: { customerId } });
}

export function uploadDocument(token: string, customerId: string, body: unknown, kind: Kind = 'individual') {
  return call(routes[kind].documents.POST, { method: 'POST', path: `/api/v2.1/customer/${kind}/${customerId}/documents`, headers: authed(token), params: { customerId }, body });
}

export function customerTimeline(token: string, customerId: string, kind: Kind = 'individual', query = '') {
  return call<{ items: Json[] }>(routes[kind].timeline.GET, { path: `/api/v2.1/customer/${kind}/${customerId}/timeline${query}`, headers: authed(token), params: { customerId } });
}

export function caseTimeline(token: string, verificationId: string, query = '') {
  return call<{ items: Json[] }>(caseTimelineRoute.GET, { path: `/api/v2.1/verifications/${verificationId}/timeline${query}`, headers: authed(token), params: { verificationId } });
}

export function reviewSettings(token: string, body?: unknown) {
  return body === undefined
    ? call(reviewSettingsRoute.GET, { path: '/api/v2.1/verification-settings', headers: authed(token) })
    : call(reviewSettingsRoute.PATCH, { method: 'PATCH', path: '/api/v2.1/verification-settings', headers: authed(token), body });
}

export interface QueuePage {
  items: Json[];
  pageNo: number;
  pageSize: number;
  total: number;
}

export function queue(token: string, query = '') {
  return call<QueuePage>(queueRoute.GET, { path: `/api/v2.1/verifications${query}`, headers: authed(token) });
}

export function getVerification(token: string, verificationId: string) {
  return call(verificationRoute.GET, { path: `/api/v2.1/verifications/${verificationId}`, headers: authed(token), params: { verificationId } });
}

export function assign(token: string, verificationId: string, body?: unknown) {
  return call(assignRoute.POST, { method: 'POST', path: `/api/v2.1/verifications/${verificationId}/assign`, headers: authed(token), params: { verificationId }, body });
}

export function decide(token: string, verificationId: string, body: unknown) {
  return call(decisionRoute.POST, { method: 'POST', path: `/api/v2.1/verifications/${verificationId}/decision`, headers: authed(token), params: { verificationId }, body });
}

/** Accepts every current, undecided document of the case (the approval rule needs them accepted). */
export async function acceptDocuments(token: string, verificationId: string) {
  const c = await getVerification(token, verificationId);
  for (const d of (c.json.data as { documents: { id: string; status: string; supersededBy: string | null }[] }).documents) {
    if (d.status === 'PENDING' && !d.supersededBy) {
      const res = await decideDocument(token, verificationId, d.id, { decision: 'ACCEPT', reasonCode: 'DOCUMENTS_VERIFIED' });
      expect(res.status, res.text).toBe(200);
    }
  }
}

/** Accepts the case's documents, then approves. */
export async function approve(token: string, verificationId: string) {
  await acceptDocuments(token, verificationId);
  return decide(token, verificationId, { decision: 'APPROVE', reasonCode: 'DOCUMENTS_VERIFIED', comment: 'all good' });
}

export function addNote(token: string, verificationId: string, body: unknown) {
  return call(notesRoute.POST, { method: 'POST', path: `/api/v2.1/verifications/${verificationId}/notes`, headers: authed(token), params: { verificationId }, body });
}

export function decideDocument(token: string, verificationId: string, documentId: string, body: unknown) {
  return call(documentDecisionRoute.POST, {
    method: 'POST',
    path: `/api/v2.1/verifications/${verificationId}/documents/${documentId}/decision`,
    headers: authed(token),
    params: { verificationId, documentId },
    body,
  });
}

/** The content route answers raw bytes: read them as bytes, not as text. */
export async function documentContent(token: string, verificationId: string, documentId: string) {
  const req = new NextRequest(new URL(`/api/v2.1/verifications/${verificationId}/documents/${documentId}/content`, 'http://localhost:3000'), {
    headers: authed(token),
  });
  const res = await documentContentRoute.GET(req, { params: Promise.resolve({ verificationId, documentId }) });
  const bytes = Buffer.from(await res.arrayBuffer());
  let json: Json | undefined;
  try {
    json = JSON.parse(bytes.toString('utf8')) as Json;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, bytes, json };
}

// ------------------------------------------------------------------------------------------------
// Sessions
// ------------------------------------------------------------------------------------------------

/** Signs a registered individual customer in (endpoint 2) and returns the token. */
export async function customerToken(tenantId: string, reg: { customerId: string; userId: string }, login: string, password = CUSTOMER_PW): Promise<string> {
  const res = await customerSession({ tenantId, customerId: reg.customerId, userId: reg.userId }, { username: login, password });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data.token;
}

export async function tokenOf(user: TestAdminUser): Promise<string> {
  return (await adminToken(user)).token;
}

// ------------------------------------------------------------------------------------------------
// State and tables
// ------------------------------------------------------------------------------------------------

/** Per test: generous throttles, empty limiters, the system clock. */
export function resetOnboardingState(registrationMax = '1000000'): void {
  process.env.LOGIN_RATE_LIMIT_MAX = '1000000';
  process.env.REGISTRATION_RATE_LIMIT_MAX = registrationMax;
  delete process.env.REGISTRATION_RATE_LIMIT_WINDOW_SECONDS;
  resetEnvCache();
  resetRateLimits();
  setClock(null);
}

export async function eventsOf(tenantId: string, type?: string) {
  const db = await getDb();
  const rows = await db
    .select({ type: events.type, payload: events.payload })
    .from(events)
    .where(and(eq(events.tenantId, tenantId), type ? eq(events.type, type) : undefined))
    .orderBy(asc(events.createdAt));
  return rows;
}

/** The `data` of the tenant's events of one type that concern a customer. */
export async function eventData(tenantId: string, type: string, customerId?: string) {
  return (await eventsOf(tenantId, type)).map((e) => (e.payload as { data: Json }).data).filter((d) => !customerId || d.customerId === customerId);
}

/** Row counts of every onboarding table of a tenant. */
export async function tableCounts(tenantId: string): Promise<Record<string, number>> {
  const db = await getDb();
  const tables = [
    'customers',
    'persons',
    'addresses',
    'contacts',
    'users',
    'user_roles',
    'customer_categorizations',
    'documents',
    'consent_records',
    'verifications',
    'organizations',
    'representatives',
    'audit_log',
    'events',
  ];
  const out: Record<string, number> = {};
  for (const t of tables) {
    const res = await db.execute(sql`select count(*)::int as n from ${sql.identifier(t)} where tenant_id = ${tenantId}`);
    out[t] = Number((res as unknown as { rows: { n: number }[] }).rows[0]!.n);
  }
  return out;
}

export { contextHeaders };
