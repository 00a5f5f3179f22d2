/**
 * Real resources for the fuzzer, created through the API itself with the platform key: a tenant of
 * its own (plus a spare one whose status the fuzzer may change), administrators, an ACTIVE customer
 * with a funded wallet, a beneficiary, a payment consent, transfers, a webhook subscription with a
 * delivery (and one to a receiver the set-up starts on 127.0.0.1, whose delivery succeeds and may be
 * replayed), a cardholder and a card. Their ids fill the pools the generators draw path parameters
 * and body fields from, so most requests reach the handlers' business logic rather than a 404. The
 * operations that end something (deactivate, freeze, close, revoke) draw from resources of their
 * own (`pathPools`), so the funded payment path stays open for the whole run. Organizations, AML
 * lists, rules and an alert, known-good bodies and per-operation tokens (an officer's where the
 * registrar may not act) take most operations' valid requests to a 2xx. Two sets of ids that are
 * not the caller's: a third tenant's resources, made by its own staff (`foreign`), and another
 * customer's of this tenant, for the funded customer's own user (`customer`).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { individualRegistrationBody, organizationRegistrationBody } from '../fixtures';

export const FUZZ_PASSWORD = 'Fuzz-Passw0rd!2026';

/** A real 2x2 baseline JPEG (tests/integration/onboarding-fixtures.ts JPEG), base64. */
const JPEG_2X2 =
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAwb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCSABTv/9k=';

export interface FuzzContext {
  baseUrl: string;
  platformKey: string;
  tenantId: string;
  organizationId: string;
  adminUserId: string;
  adminToken: string;
  cardToken: string;
  /** values by parameter / field name (path params, ids in bodies) */
  pools: Record<string, string[]>;
  /** ids whose names are ambiguous, per path (`{id}` of features vs categories) */
  pathPools: Record<string, Record<string, string[]>>;
  /** valid bodies per operation id; `{{n}}` in a string is replaced by a unique counter when sent */
  bodies: Record<string, unknown>;
  /** what could not be set up (the run goes on; those pools fall back to random ids) */
  warnings: string[];
  /** a fresh session token of the tenant's owner, for operations that end their own session */
  freshAdminToken: () => Promise<string>;
  /** the bearer token per operation where it is not the owner's (an AML decision is a compliance officer's) */
  tokens: Record<string, string>;
  /** the Standard Webhooks secret per operation whose requests are signed (a partner's inbound events) */
  signers: Record<string, string>;
  /** ids of another tenant's resources, by parameter / field name: the `foreign-id` mutation puts one in a request, which must then not succeed */
  foreign: Record<string, string[]>;
  /**
   * the funded customer's own user (the `as-customer` mutation): its session and card API token, and
   * the ids of another customer of the tenant, by name, one of which may take the place of its own
   */
  customer: { token: string; cardToken: string; others: Record<string, string[]> } | null;
  /** the owner's panel session (next-auth's cookies, as a browser would send them) and this site's origin; null when the sign-in failed */
  panel: { cookie: string; origin: string } | null;
  /** stops what the set-up started in this process (the webhook receiver) */
  close: () => Promise<void>;
}

const CONTEXT_HEADERS = {
  'X-Forwarded-For': '203.0.113.77',
  'X-Forwarded-From': 'fuzz',
  platform: 'web',
  deviceId: 'fuzz-device',
  'User-Agent': 'bp-fuzz',
};

interface Answer {
  status: number;
  body: { data?: unknown; [k: string]: unknown } | undefined;
  text: string;
}

export async function setUpFuzz(baseUrl: string, platformKey: string): Promise<FuzzContext> {
  const warnings: string[] = [];
  const pools: Record<string, string[]> = {};
  const add = (name: string, ...values: Array<string | undefined | null>) => {
    const pool = (pools[name] ??= []);
    for (const v of values) if (typeof v === 'string' && v && !pool.includes(v)) pool.push(v);
  };
  const run = Date.now().toString(36) + Math.random().toString(36).slice(2, 6);

  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const request = () =>
      fetch(baseUrl + path, {
        method,
        headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    // a kept-alive socket the server closed while we compiled schemas: once more on a new one
    const res = await request()
      .catch(() => request())
      .catch((error: Error) => {
        throw new Error(`${method} ${path}: ${error.message} (${String((error.cause as Error | undefined)?.message ?? '')})`);
      });
    const text = await res.text();
    let parsed: Answer['body'];
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: res.status, body: parsed, text };
  }
  /** the `data` of a 200 (Envelope A) or of a success Envelope B; throws otherwise */
  async function ok<T>(what: string, answer: Promise<Answer>): Promise<T> {
    const a = await answer;
    if (a.status !== 200 || (a.body && a.body.success === false)) throw new Error(`${what}: ${a.status} ${a.text.slice(0, 300)}`);
    return (a.body?.data ?? a.body) as T;
  }
  async function step(what: string, fn: () => Promise<void>) {
    try {
      await fn();
    } catch (error) {
      warnings.push(`${what}: ${(error as Error).message}`);
    }
  }

  const closers: Array<() => Promise<void>> = [];
  const platform = { authorization: `Bearer ${platformKey}` };
  const registration = (name: string, username = 'owner') => ({
    name,
    admin: { username, email: `${username}-${run}@fuzz.example`, password: FUZZ_PASSWORD, firstName: 'Fuzz', lastName: 'Owner' },
  });
  const tenant = await ok<{ tenantId: string; organizationId: string; userId: string }>(
    'register the fuzz tenant',
    call('POST', '/api/v2.1/tenants/registration', registration(`Fuzz ${run}`), platform),
  );
  const spare = await ok<{ tenantId: string }>('register the spare tenant', call('POST', '/api/v2.1/tenants/registration', registration(`Fuzz spare ${run}`), platform));
  const { tenantId, organizationId } = tenant;
  add('tenantId', spare.tenantId);
  add('organizationId', organizationId);
  const ctxHeaders = { ...CONTEXT_HEADERS, 'X-Tenant-ID': tenantId };
  // valid header values: the context headers of our tenant
  for (const [name, value] of Object.entries(ctxHeaders)) add(name, value);
  add('sec-ch-ua-platform', '"Linux"');

  const signIn = async (userId: string, username: string) =>
    ok<{ token: string; refreshToken: string; sessionId: string }>(
      `sign in ${username}`,
      call('POST', `/api/v2.1/admin/organization/${organizationId}/users/${userId}/sessions`, { username, password: FUZZ_PASSWORD }, ctxHeaders),
    );
  let owner = await signIn(tenant.userId, 'owner');
  const auth = { authorization: `Bearer ${owner.token}`, 'X-Tenant-ID': tenantId };
  // operations that end sessions (logout with allSessions, DELETE sessions/{id}) act as a user of their own
  let sessionUser = { id: tenant.userId, username: 'owner' };
  const freshAdminToken = async () => (await signIn(sessionUser.id, sessionUser.username)).token;
  // the owner signed in to the panel as a browser is: next-auth's CSRF token, then its credentials callback
  let panel: FuzzContext['panel'] = null;
  await step('panel session', async () => {
    const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
    const csrfCookies = csrf.headers.getSetCookie().map((c) => c.split(';')[0]!);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const signedIn = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: csrfCookies.join('; ') },
      body: new URLSearchParams({ csrfToken, tenantId, username: 'owner', password: FUZZ_PASSWORD, json: 'true' }).toString(),
    });
    const session = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .filter((c) => /next-auth\.session-token(\.\d+)?=./.test(c));
    if (!session.length) throw new Error(`the panel sign-in answered ${signedIn.status} without a session cookie`);
    panel = { cookie: session.join('; '), origin: new URL(baseUrl).origin };
  });

  const bodies: Record<string, unknown> = {};
  const pathPools: Record<string, Record<string, string[]>> = {};
  const tokens: Record<string, string> = {};
  const signers: Record<string, string> = {};
  /** the pool of one parameter of the given operations only */
  const poolOf = (ops: string[], name: string, ...values: string[]) => {
    for (const op of ops) (pathPools[op] ??= {})[name] = values;
  };
  bodies['POST /api/v2.1/tenants/registration'] = registration('Fuzz tenant {{n}}', 'owner{{n}}');
  bodies['PUT /api/v2.1/tenant/branding'] = { displayName: 'Fuzz Bank', logo: null, primaryColor: '#1d4ed8' };

  // users: one to sign in as (the session operations), one to disable, re-role and re-password
  const createUser = async (username: string, roles: string[]) => {
    await ok(
      'create user ' + username,
      call('POST', '/api/v2.1/admin/users', { username, email: `${username}@fuzz.example`, password: FUZZ_PASSWORD, firstName: 'F', lastName: 'U', roles }, auth),
    );
    const list = await ok<{ items: Array<{ id: string; username: string }> }>('list users', call('GET', `/api/v2.1/admin/users?q=${username}&pageSize=100`, undefined, auth));
    return list.items.find((u) => u.username === username)!.id;
  };
  let officerToken = owner.token;
  let officerId = '';
  await step('users', async () => {
    const loginId = await createUser(`fuzzlogin${run}`, ['ADMIN_USER']);
    (pathPools['POST /api/v2.1/admin/organization/{organizationId}/users/{userId}/sessions'] ??= {}).userId = [loginId];
    bodies['POST /api/v2.1/admin/organization/{organizationId}/users/{userId}/sessions'] = { username: `fuzzlogin${run}`, password: FUZZ_PASSWORD };
    bodies['POST /api/auth/login'] = { email: `fuzzlogin${run}@fuzz.example`, password: FUZZ_PASSWORD, tenantId };
    add('userId', await createUser(`fuzzvictim${run}`, ['EMPLOYEE']));
    officerId = await createUser(`fuzzofficer${run}`, ['COMPLIANCE_OFFICER']);
    officerToken = (await signIn(officerId, `fuzzofficer${run}`)).token;
    bodies['PUT /api/v2.1/admin/users/{userId}/roles'] = { roles: ['EMPLOYEE'] };
    bodies['POST /api/v2.1/admin/users'] = { username: 'fuzzuser{{n}}', email: 'fuzzuser{{n}}@fuzz.example', password: FUZZ_PASSWORD, firstName: 'F', lastName: 'U', roles: ['EMPLOYEE'] };
  });
  await step('spare sessions', async () => {
    sessionUser = { id: await createUser(`fuzzsession${run}`, ['ADMIN_USER']), username: `fuzzsession${run}` };
    for (let i = 0; i < 3; i++) add('sessionId', (await signIn(sessionUser.id, sessionUser.username)).sessionId);
    // the refresh tokens are a user's of their own: the sign-out operations end every session of the
    // session user, and with them its refresh tokens, so a run could leave the refresh no token to rotate
    const refresher = { id: await createUser(`fuzzrefresh${run}`, ['EMPLOYEE']), username: `fuzzrefresh${run}` };
    for (let i = 0; i < 3; i++) add('refreshToken', (await signIn(refresher.id, refresher.username)).refreshToken);
    // approving a transfer takes the approver's role, which a tenant's first administrator does not
    // hold; a session keeps the roles it was signed in with, so the owner signs in again after it
    const other = { authorization: `Bearer ${await freshAdminToken()}`, 'X-Tenant-ID': tenantId };
    await ok('approver role', call('PUT', `/api/v2.1/admin/users/${tenant.userId}/roles`, { roles: ['ADMIN_USER', 'TRANSACTION_APPROVER'] }, other));
    owner = await signIn(tenant.userId, 'owner');
    auth.authorization = `Bearer ${owner.token}`;
  });

  // categorization
  let categoryId = '';
  let businessCategoryId = '';
  await step('categorization', async () => {
    const h = await ok<{ categories: Array<{ id: string; code: string; features: Array<{ id: string }> }> }>(
      'hierarchy',
      call('GET', `/api/v2.1/categorization/hierarchy/${tenantId}`, undefined, ctxHeaders),
    );
    categoryId = h.categories.find((c) => c.code === 'RETAIL_STANDARD')?.id ?? h.categories[0]!.id;
    businessCategoryId = h.categories.find((c) => c.code === 'BUSINESS_STANDARD')?.id ?? '';
    add('categoryId', ...h.categories.map((c) => c.id));
    (pathPools['GET /api/v2.1/categorization/hierarchy/{tenantId}'] ??= {}).tenantId = [tenantId];
    // the categories that registrations use stay as they are (a category switched off refuses registrations, 403)
    const registering = new Set(['RETAIL_STANDARD', 'BUSINESS_STANDARD']);
    (pathPools['PATCH /api/v2.1/categorization/categories/{id}'] ??= {}).id = h.categories.filter((c) => !registering.has(c.code)).map((c) => c.id);
    const features = [...new Set(h.categories.flatMap((c) => c.features.map((f) => f.id)))];
    if (features.length) (pathPools['PATCH /api/v2.1/categorization/features/{id}'] ??= {}).id = features;
    add('featureIds', ...features);
    // the category's process as it is: a known-good body of its PUT
    bodies['PUT /api/v2.1/category-processes/{categoryId}'] = {
      requiredDocuments: { INDIVIDUAL: ['IDENTITY'], ORGANIZATION: ['COMPANY_REGISTRATION', 'PROOF_OF_ADDRESS', 'REPRESENTATIVE_IDENTITY'] },
      screeningRequired: true,
      approvalsRequired: 1,
      productCodes: [],
    };
  });

  // customers: one ACTIVE with a funded wallet, one awaiting review
  const individual = (email: string) =>
    individualRegistrationBody({ email, password: FUZZ_PASSWORD, categoryId, firstName: 'Fuzz', lastName: 'Customer', documentFile: JPEG_2X2, documentExpiry: '2031-01-01' });
  let customerId = '';
  let walletId = '';
  /** the funded customer's own user: its id and the e-mail it signs in with */
  let customerUser = { id: '', email: '' };
  /** a payout from the funded wallet to the beneficiary under the consent */
  let transferBody: ((amount: string) => Record<string, unknown>) | null = null;
  const organization = (tag: string) =>
    organizationRegistrationBody({
      tag,
      password: FUZZ_PASSWORD,
      categoryId: businessCategoryId,
      consents: { termsAccepted: true, privacyAccepted: true, dataProcessingConsent: true },
      documents: [
        { documentType: 'CERTIFICATE_OF_INCORPORATION', documentNumber: 'HRB-FUZZ', issuingCountry: 'DE', documentFile: JPEG_2X2 },
        { documentType: 'PROOF_OF_ADDRESS', issuingCountry: 'DE', documentFile: JPEG_2X2 },
        { documentType: 'PASSPORT', documentNumber: 'C01X00T47', issuingCountry: 'DE', expiryDate: '2032-05-01', documentFile: JPEG_2X2, representativeIndex: 0 },
        { documentType: 'NATIONAL_ID', documentNumber: 'L01X00T48', issuingCountry: 'DE', expiryDate: '2031-03-01', documentFile: JPEG_2X2, representativeIndex: 1 },
      ],
    });
  type Kind = 'individual' | 'organization';
  /** a customer registered, and as far as asked: approved by a compliance officer (its documents accepted), then activated */
  const customer = async (kind: Kind, body: unknown, until: 'registered' | 'approved' | 'active', as = { headers: ctxHeaders, auth, officerToken }) => {
    const registered = await ok<{ customerId: string; verificationId: string; userId?: string }>(
      `register a customer (${kind})`,
      call('POST', `/api/v2.1/customer/${kind}/registration`, body, { ...as.headers, ...as.auth }),
    );
    if (until === 'registered') return registered;
    const officer = { authorization: `Bearer ${as.officerToken}` };
    const review = await ok<{ documents?: Array<{ id: string }> }>('case', call('GET', `/api/v2.1/verifications/${registered.verificationId}`, undefined, officer));
    for (const d of review.documents ?? []) {
      await ok(
        'accept a document',
        call('POST', `/api/v2.1/verifications/${registered.verificationId}/documents/${d.id}/decision`, { decision: 'ACCEPT', reasonCode: 'DOCUMENTS_VERIFIED' }, officer),
      );
    }
    await ok('approve', call('POST', `/api/v2.1/verifications/${registered.verificationId}/decision`, { decision: 'APPROVE', reasonCode: 'DOCUMENTS_VERIFIED' }, officer));
    if (until === 'active') await ok('activate', call('POST', `/api/v2.1/customer/${kind}/${registered.customerId}/activation`, undefined, as.auth));
    return registered;
  };
  const activeCustomer = (email: string) => customer('individual', individual(email), 'active');
  await step('customers', async () => {
    bodies['POST /api/v2.1/customer/individual/registration'] = individual('fuzz{{n}}@customer.example');
    const active = await activeCustomer(`active-${run}@customer.example`);
    customerId = active.customerId;
    // the customer's own sign-in (contract 2): its user, by the e-mail it registered with
    const signInOp = 'POST /api/v2.1/customer/individual/{customerId}/users/{userId}/sessions';
    poolOf([signInOp], 'customerId', customerId);
    if (active.userId) poolOf([signInOp], 'userId', active.userId);
    customerUser = { id: active.userId ?? '', email: `active-${run}@customer.example` };
    bodies[signInOp] = { username: customerUser.email, password: FUZZ_PASSWORD };
    // the deactivation gets a customer of its own: closing the one that holds the funded wallet
    // would leave every money operation after it nothing to answer but a refusal
    const closable = await activeCustomer(`closable-${run}@customer.example`);
    (pathPools['POST /api/v2.1/customer/individual/{customerId}/deactivation'] ??= {}).customerId = [closable.customerId];
    const pending = await ok<{ customerId: string; verificationId: string }>(
      'register a second customer',
      call('POST', '/api/v2.1/customer/individual/registration', individual(`pending-${run}@customer.example`), { ...ctxHeaders, ...auth }),
    );
    add('customerId', customerId, pending.customerId);
    add('verificationId', pending.verificationId, active.verificationId);
    const v = await ok<{ documents?: Array<{ id: string }> }>('verification', call('GET', `/api/v2.1/verifications/${pending.verificationId}`, undefined, auth));
    add('documentId', ...(v.documents ?? []).map((d) => d.id));
    add('documentIds', ...(v.documents ?? []).map((d) => d.id));
    // the activation acts on a customer approved but not yet active
    const approved = await customer('individual', individual(`approved-${run}@customer.example`), 'approved');
    poolOf(['POST /api/v2.1/customer/individual/{customerId}/activation'], 'customerId', approved.customerId);
    // review decisions the catalogue's rules allow: a revision request (the pending case then takes documents), a document accepted
    bodies['POST /api/v2.1/verifications/{verificationId}/decision'] = {
      decision: 'REQUEST_REVISION',
      reasonCode: 'INCOMPLETE_INFORMATION',
      requirements: ['PROOF_OF_ADDRESS'],
      comment: 'a recent proof of address, please (fuzz)',
    };
    // the owner registered these customers, and who registers a customer may not review it (four eyes): an officer decides
    tokens['POST /api/v2.1/verifications/{verificationId}/decision'] = officerToken;
    tokens['POST /api/v2.1/verifications/{verificationId}/documents/{documentId}/decision'] = officerToken;
    bodies['POST /api/v2.1/verifications/{verificationId}/documents/{documentId}/decision'] = { decision: 'ACCEPT', reasonCode: 'DOCUMENTS_VERIFIED' };
    bodies['POST /api/v2.1/verifications/{verificationId}/assign'] = { assigneeUserId: null };
    const document = { documentType: 'PROOF_OF_ADDRESS', issuingCountry: 'DE', documentFile: JPEG_2X2 };
    bodies['POST /api/v2.1/customer/individual/{customerId}/documents'] = document;
    bodies['POST /api/v2.1/customer/organization/{customerId}/documents'] = document;
    bodies['POST /api/v2.1/customer/individual/{customerId}/consents/{consent}'] = {};
    bodies['POST /api/v2.1/customer/organization/{customerId}/consents/{consent}'] = {};
  });
  await step('organizations', async () => {
    if (!businessCategoryId) throw new Error('no BUSINESS_STANDARD category');
    bodies['POST /api/v2.1/customer/organization/registration'] = organization('fuzzorg{{n}}');
    // the organization routes take organizations only: an active one, one awaiting review, one
    // approved for the activation and one active for the deactivation
    const active = await customer('organization', organization(`fuzzorg-active-${run}`), 'active');
    const pending = await customer('organization', organization(`fuzzorg-pending-${run}`), 'registered');
    const approved = await customer('organization', organization(`fuzzorg-approved-${run}`), 'approved');
    const closable = await customer('organization', organization(`fuzzorg-closable-${run}`), 'active');
    const ops = ['GET consents', 'POST consents/{consent}', 'DELETE consents/{consent}', 'POST verification', 'GET documents', 'POST documents', 'GET timeline', 'GET audit'];
    poolOf(
      ops.map((op) => op.replace(' ', ' /api/v2.1/customer/organization/{customerId}/')),
      'customerId',
      active.customerId,
      pending.customerId,
    );
    poolOf(['POST /api/v2.1/customer/organization/{customerId}/activation'], 'customerId', approved.customerId);
    poolOf(['POST /api/v2.1/customer/organization/{customerId}/deactivation'], 'customerId', closable.customerId);
    add('verificationId', pending.verificationId);
  });
  await step('wallets and transfers', async () => {
    const wallet = await ok<{ id: string }>('wallet', call('POST', '/api/v2.1/wallets', { customerId, currency: 'EUR', name: 'Fuzz main' }, auth));
    walletId = wallet.id;
    const second = await ok<{ id: string }>('wallet 2', call('POST', '/api/v2.1/wallets', { customerId, currency: 'EUR', name: 'Fuzz second' }, auth));
    add('walletId', walletId, second.id);
    // freezing, unfreezing and closing act on wallets of their own, so that the funded one keeps paying
    const closable = await ok<{ id: string }>('wallet 3', call('POST', '/api/v2.1/wallets', { customerId, currency: 'EUR', name: 'Fuzz closable' }, auth));
    (pathPools['POST /api/v2.1/wallets/{walletId}/freeze'] ??= {}).walletId = [second.id];
    (pathPools['POST /api/v2.1/wallets/{walletId}/unfreeze'] ??= {}).walletId = [second.id];
    (pathPools['POST /api/v2.1/wallets/{walletId}/close'] ??= {}).walletId = [closable.id];
    await ok('fund', call('POST', `/api/v2.1/wallets/${walletId}/sandbox/fund`, { amount: '100000.00', currency: 'EUR' }, auth));
    bodies['POST /api/v2.1/wallets'] = { customerId, currency: 'EUR', name: 'Fuzz {{n}}' };
    bodies['POST /api/v2.1/wallets/{walletId}/sandbox/fund'] = { amount: '10.00', currency: 'EUR' };
    const beneficiaryBody = { customerId, name: 'Northwind Traders', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX', country: 'DE' };
    const beneficiary = await ok<{ id: string }>('beneficiary', call('POST', '/api/v2.1/beneficiaries', beneficiaryBody, auth));
    add('beneficiaryId', beneficiary.id);
    const retired = await ok<{ id: string }>(
      'beneficiary 2',
      call('POST', '/api/v2.1/beneficiaries', { customerId, name: 'Retired Payee', iban: 'DE02120300000000202051', country: 'DE' }, auth),
    );
    (pathPools['POST /api/v2.1/beneficiaries/{beneficiaryId}/deactivate'] ??= {}).beneficiaryId = [retired.id];
    // a customer saves an IBAN once: each request its own ({{iban}}: a valid German IBAN per request)
    bodies['POST /api/v2.1/beneficiaries'] = { ...beneficiaryBody, name: 'Beneficiary {{n}}', iban: '{{iban}}' };
    // a limit to delete, on the unfunded wallet (a limit on the funded one sends its payouts down the locked path)
    const limitBody = { walletId: second.id, limitType: 'DAILY', limit: '5000', currency: 'EUR' };
    const limit = await ok<{ id: string }>('limit', call('PUT', '/api/v2.1/transaction-limits', limitBody, auth));
    bodies['PUT /api/v2.1/transaction-limits'] = limitBody;
    add('limitId', limit.id);
    const consentBody = { walletId, scope: 'RECURRING_PAYMENTS', maxAmountPerPayment: '5000', currency: 'EUR', expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString() };
    const consent = await ok<{ id: string }>('payment consent', call('POST', '/api/v2.1/payment-consents', consentBody, auth));
    add('consentId', consent.id);
    add('paymentConsentId', consent.id);
    const revocable = await ok<{ id: string }>('payment consent 2', call('POST', '/api/v2.1/payment-consents', consentBody, auth));
    (pathPools['POST /api/v2.1/payment-consents/{consentId}/revoke'] ??= {}).consentId = [revocable.id];
    bodies['POST /api/v2.1/payment-consents'] = consentBody;
    const fourEyesThreshold = 1000;
    await ok('settings', call('PUT', '/api/v2.1/transfers/settings', { fourEyesThreshold: String(fourEyesThreshold) }, auth));
    transferBody = (amount: string) => ({ walletId, beneficiary: { id: beneficiary.id }, amount, currency: 'EUR', reference: 'Fuzz', paymentConsentId: consent.id });
    // the transfers above the four-eyes threshold are initiated by another administrator, so that the
    // fuzzer's own token may approve or reject them (the initiator may not)
    const initiator = { authorization: `Bearer ${await freshAdminToken()}`, 'X-Tenant-ID': tenantId };
    for (const amount of ['2500.00', '2600.00', '1100.00', '1200.00', '1300.00', '1400.00', '10.00']) {
      const by = Number(amount) >= fourEyesThreshold ? initiator : auth;
      const t = await ok<{ id: string }>('transfer', call('POST', '/api/v2.1/transfers', transferBody(amount), { ...by, 'Idempotency-Key': `fuzz-${run}-${amount}` }));
      add('transferId', t.id);
    }
    bodies['POST /api/v2.1/transfers'] = transferBody('1.00');
  });
  await step('consent templates', async () => {
    // a draft of the marketing text to publish or discard; the kinds and the published 1.0 of the others
    const body = { title: 'Marketing', body: 'Offers by email.', material: false };
    const draft = await ok<{ version: string }>('consent draft', call('POST', '/api/v2.1/consent-templates/marketing/versions', body, auth));
    add('kind', 'marketing', 'terms');
    add('version', draft.version, '1.0');
    bodies['POST /api/v2.1/consent-templates/{kind}/versions'] = body;
  });
  await step('products', async () => {
    const body = { kind: 'WALLET', code: `fuzz-${run}`, name: 'Fuzz product', currency: 'EUR', payoutFee: { fixed: '0.10', percentBps: 25 } };
    const product = await ok<{ id: string }>('product', call('POST', '/api/v2.1/products', body, { ...auth, 'Idempotency-Key': `product-${run}` }));
    add('productId', product.id);
    bodies['POST /api/v2.1/products'] = { ...body, code: 'fuzz-{{n}}' };
    bodies['PATCH /api/v2.1/products/{productId}'] = { name: 'Fuzz product {{n}}' };
  });
  await step('webhooks', async () => {
    await ok('allow http endpoints', call('PUT', '/api/v2.1/webhooks/settings', { allowHttpEndpoints: true }, auth));
    const body = { subscriptionName: 'Fuzz hook', endpointUrl: 'http://127.0.0.1:9/fuzz-hook', subscribedEvents: ['customer.*'] };
    const sub = await ok<{ id: string }>('subscription', call('POST', '/api/v2.1/webhooks/subscriptions', body, auth));
    add('subscriptionId', sub.id);
    bodies['POST /api/v2.1/webhooks/subscriptions'] = { ...body, subscriptionName: 'Fuzz hook {{n}}' };
    bodies['PATCH /api/v2.1/webhooks/subscriptions/{subscriptionId}'] = { subscriptionName: 'Fuzz hook {{n}}' };
    bodies['POST /api/v2.1/webhooks/subscriptions/{subscriptionId}/rotate-secret'] = {};
    bodies['POST /api/v2.1/webhooks/subscriptions/{subscriptionId}/recover'] = { since: new Date(Date.now() - 3_600_000).toISOString() };
    add('eventType', 'customer.registered', 'transfer.created');
    // the deletion gets a subscription of its own, so that the first one keeps answering
    const doomed = await ok<{ id: string }>('subscription 2', call('POST', '/api/v2.1/webhooks/subscriptions', { ...body, subscriptionName: 'Fuzz hook to delete' }, auth));
    poolOf(['DELETE /api/v2.1/webhooks/subscriptions/{subscriptionId}'], 'subscriptionId', doomed.id);
    await call('POST', `/api/v2.1/webhooks/subscriptions/${sub.id}/test`, {}, auth);
    const deliveries = await ok<{ items: Array<{ id: string }> }>('deliveries', call('GET', `/api/v2.1/webhooks/subscriptions/${sub.id}/deliveries`, undefined, auth));
    add('deliveryId', ...deliveries.items.map((d) => d.id));
  });
  await step('a delivered webhook', async () => {
    // a receiver of our own that takes every delivery: the test event sent to it succeeds, and a
    // delivery that has ended is one the replay accepts (a pending one is refused with 409)
    const receiver = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(204).end());
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
    const endpointUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/fuzz-hook`;
    const sub = await ok<{ id: string }>(
      'subscription',
      call('POST', '/api/v2.1/webhooks/subscriptions', { subscriptionName: 'Fuzz hook delivered', endpointUrl, subscribedEvents: ['customer.*'] }, auth),
    );
    await ok('test event', call('POST', `/api/v2.1/webhooks/subscriptions/${sub.id}/test`, {}, auth));
    // the delivery worker takes it on its next poll
    const deadline = Date.now() + 20_000;
    let delivered: string | undefined;
    while (!delivered) {
      const list = await ok<{ items: Array<{ id: string; status: string }> }>('deliveries', call('GET', `/api/v2.1/webhooks/subscriptions/${sub.id}/deliveries`, undefined, auth));
      delivered = list.items.find((d) => d.status === 'SUCCEEDED')?.id;
      if (delivered) continue;
      if (Date.now() > deadline) throw new Error(`the test event to ${endpointUrl} was not delivered within 20 s: ${JSON.stringify(list.items)}`);
      await sleep(200);
    }
    const replay = 'POST /api/v2.1/webhooks/subscriptions/{subscriptionId}/deliveries/{deliveryId}/replay';
    poolOf([replay], 'subscriptionId', sub.id);
    poolOf([replay], 'deliveryId', delivered);
  });
  await step('external events', async () => {
    const body = { name: 'Fuzz processor', kind: 'CARD_PROCESSOR' };
    const created = await ok<{ partner: { id: string } }>('partner', call('POST', '/api/v2.1/external-events/partners', body, auth));
    add('partnerId', created.partner.id);
    bodies['POST /api/v2.1/external-events/partners'] = { ...body, name: 'Fuzz partner {{n}}' };
    // the inbound endpoint gets a partner of its own, whose secret no rotation changes: its requests
    // are signed (over the body as sent, mutated or not), so they reach the body's parsing and the event's effects
    const inbound = 'POST /api/v2.1/external-events/{partnerId}';
    const signed = await ok<{ partner: { id: string }; secret: string }>(
      'signed partner',
      call('POST', '/api/v2.1/external-events/partners', { ...body, name: 'Fuzz signed partner' }, auth),
    );
    poolOf([inbound], 'partnerId', signed.partner.id);
    signers[inbound] = signed.secret;
    // a type the partner does not act on is kept and answered 202 (UNKNOWN_TYPE); the generated bodies try the others
    bodies[inbound] = { type: 'fuzz.ping', data: { n: '{{n}}' } };
  });

  await step('drafts', async () => {
    // a staff draft (by id) and a self sign-up's (by its resume token, anonymous: context headers only)
    const body = { customerType: 'INDIVIDUAL', step: 1, content: { email: 'fuzz.draft@customer.example', PERSONAL_INFO: { firstName: 'Ada', lastName: 'Lovelace' } } };
    const staffDraft = await ok<{ id: string }>('draft', call('POST', '/api/v2.1/drafts', body, { ...auth, 'X-Tenant-ID': tenantId }));
    add('draftId', staffDraft.id);
    // the deletion gets a draft of its own, so that reading and saving the first one keep answering
    const doomed = await ok<{ id: string }>('draft 2', call('POST', '/api/v2.1/drafts', body, { ...auth, 'X-Tenant-ID': tenantId }));
    poolOf(['DELETE /api/v2.1/drafts/{draftId}'], 'draftId', doomed.id);
    const selfDraft = await ok<{ resumeToken: string }>('self sign-up draft', call('POST', '/api/v2.1/drafts', body, ctxHeaders));
    add('resumeToken', selfDraft.resumeToken);
    bodies['POST /api/v2.1/drafts'] = body;
    bodies['PUT /api/v2.1/drafts/{draftId}'] = body;
    bodies['PUT /api/v2.1/drafts/resume/{resumeToken}'] = body;
  });

  // the card API: a token from /api/auth/login, a cardholder, a card, a quote, a transaction
  let cardToken = '';
  /** a cardholder of the funded customer (the other customer's takes its id) */
  let holderBody: Record<string, unknown> = {};
  await step('cards', async () => {
    const login = await call('POST', '/api/auth/login', { email: `owner-${run}@fuzz.example`, password: FUZZ_PASSWORD, tenantId }, ctxHeaders);
    cardToken = (login.body?.accessToken as string) ?? '';
    if (!cardToken) throw new Error(`card login: ${login.status} ${login.text.slice(0, 200)}`);
    const card = (op: string, body: unknown) => call('POST', `/api/v2.1/card/virtual/${op}`, body, { ...ctxHeaders, authorization: `Bearer ${cardToken}` });
    holderBody = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '+4915112345678',
      dateOfBirth: '1990-04-21',
      customerId,
      billingAddress: { line1: 'Unter den Linden 5', city: 'Berlin', postalCode: '10117', country: 'DE' },
      idempotencyKey: 'holder-{{n}}',
    };
    const holder = await ok<{ cardholderId: string }>('cardholder', card('cardholder/create', { ...holderBody, idempotencyKey: `holder-${run}` }));
    add('cardholderId', holder.cardholderId);
    bodies['POST /api/v2.1/card/virtual/cardholder/create'] = holderBody;
    const applyBody = { cardholderId: holder.cardholderId, currency: 'EUR', nickname: 'Fuzz', idempotencyKey: 'card-{{n}}' };
    bodies['POST /api/v2.1/card/virtual/card/apply'] = applyBody;
    for (let i = 0; i < 3; i++) {
      const c = await ok<{ cardId: string }>('card', card('card/apply', { ...applyBody, idempotencyKey: `card-${run}-${i}` }));
      add('cardNo', c.cardId);
      add('cardId', c.cardId);
    }
    const cardNo = pools.cardNo![0]!;
    await card('secure/otp/send', { cardNo, purpose: 'ACTIVATE' });
    const peek = await card('sandbox/otp/peek', { cardNo, purpose: 'ACTIVATE' });
    const otp = (peek.body?.data as { otp?: string } | undefined)?.otp;
    if (otp) await card('card/activate', { cardNo, otp });
    add('sourceAccountId', walletId);
    add('targetAccountId', walletId);
    const quote = await card('topup/quote', { cardNo, amount: '100.00', currency: 'EUR', sourceAccountId: walletId });
    add('quoteId', (quote.body?.data as { quoteId?: string } | undefined)?.quoteId);
    bodies['POST /api/v2.1/card/virtual/topup/quote'] = { cardNo, amount: '100.00', currency: 'EUR', sourceAccountId: walletId };
    const auth1 = await card('simulate/authorize', { cardNo, amount: '1.00', currency: 'EUR', merchant: { name: 'Fuzz shop', mcc: '5411', country: 'DE' } });
    const data = auth1.body?.data as { transactionId?: string; authorizationId?: string } | undefined;
    add('transactionId', data?.transactionId);
    add('authorizationId', data?.authorizationId);
  });
  if (!cardToken) warnings.push('no card token: card operations run without valid credentials');

  /**
   * A customer's money and card, made by the given staff: a funded wallet, a payee, a consent, a
   * payout, a cardholder and a card, each id handed to `keep` under the names that request them.
   */
  const moneyOf = async (ownerId: string, as: { tag: string; auth: Record<string, string>; cardAuth: Record<string, string> }, keep: (name: string, id: string) => void) => {
    const post = <T>(what: string, path: string, body: unknown, extra: Record<string, string> = {}) => ok<T>(`${as.tag} ${what}`, call('POST', path, body, { ...as.auth, ...extra }));
    const wallet = await post<{ id: string }>('wallet', '/api/v2.1/wallets', { customerId: ownerId, currency: 'EUR', name: as.tag });
    await post('funding', `/api/v2.1/wallets/${wallet.id}/sandbox/fund`, { amount: '100.00', currency: 'EUR' });
    const beneficiary = await post<{ id: string }>('beneficiary', '/api/v2.1/beneficiaries', { customerId: ownerId, name: 'Their Payee', iban: 'DE89370400440532013000', country: 'DE' });
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const consent = await post<{ id: string }>('consent', '/api/v2.1/payment-consents', {
      walletId: wallet.id,
      scope: 'RECURRING_PAYMENTS',
      maxAmountPerPayment: '50',
      currency: 'EUR',
      expiresAt,
    });
    const payout = { walletId: wallet.id, beneficiary: { id: beneficiary.id }, amount: '1.00', currency: 'EUR', reference: as.tag, paymentConsentId: consent.id };
    const transfer = await post<{ id: string }>('transfer', '/api/v2.1/transfers', payout, { 'Idempotency-Key': `${as.tag}-${run}` });
    const card = (op: string, body: unknown) => ok<Record<string, string>>(`${as.tag} ${op}`, call('POST', `/api/v2.1/card/virtual/${op}`, body, as.cardAuth));
    const holder = await card('cardholder/create', { ...holderBody, customerId: ownerId, idempotencyKey: `${as.tag}-holder-${run}` });
    const applied = await card('card/apply', { cardholderId: holder.cardholderId, currency: 'EUR', nickname: as.tag, idempotencyKey: `${as.tag}-card-${run}` });
    const ids: Array<[string, string | undefined]> = [
      ['walletId', wallet.id],
      ['beneficiaryId', beneficiary.id],
      ['consentId', consent.id],
      ['paymentConsentId', consent.id],
      ['transferId', transfer.id],
      ['cardholderId', holder.cardholderId],
      ['cardNo', applied.cardId],
      ['cardId', applied.cardId],
    ];
    for (const [name, id] of ids) if (id) keep(name, id);
    return { walletId: wallet.id };
  };

  // another tenant's resources, made by its own staff: a request of ours that names one of them
  // (the foreign-id mutation) must be refused, whatever the operation (docs/fuzzing.md)
  const foreign: Record<string, string[]> = {};
  await step("another tenant's resources", async () => {
    const other = await ok<{ tenantId: string; organizationId: string; userId: string }>(
      'register the other tenant',
      call('POST', '/api/v2.1/tenants/registration', registration(`Fuzz other ${run}`), platform),
    );
    const theirs = (name: string, ...ids: Array<string | undefined>) => (foreign[name] ??= []).push(...ids.filter((id): id is string => Boolean(id)));
    const headers = { ...CONTEXT_HEADERS, 'X-Tenant-ID': other.tenantId };
    const sessionOf = async (userId: string, username: string) =>
      await ok<{ token: string; sessionId: string }>(
        `sign in ${username} (other tenant)`,
        call('POST', `/api/v2.1/admin/organization/${other.organizationId}/users/${userId}/sessions`, { username, password: FUZZ_PASSWORD }, headers),
      );
    const ownerSession = await sessionOf(other.userId, 'owner');
    const theirAuth = { authorization: `Bearer ${ownerSession.token}`, 'X-Tenant-ID': other.tenantId };
    const post = <T>(what: string, path: string, body: unknown, extra: Record<string, string> = {}) => ok<T>(what, call('POST', path, body, { ...theirAuth, ...extra }));
    await post('their officer', '/api/v2.1/admin/users', {
      username: `officer${run}`,
      email: `officer${run}@other.example`,
      password: FUZZ_PASSWORD,
      firstName: 'O',
      lastName: 'T',
      roles: ['COMPLIANCE_OFFICER'],
    });
    const users = await ok<{ items: Array<{ id: string; username: string }> }>('their users', call('GET', '/api/v2.1/admin/users?pageSize=100', undefined, theirAuth));
    const officer = users.items.find((u) => u.username === `officer${run}`)!;
    theirs('userId', officer.id);
    theirs('assigneeUserId', officer.id);
    theirs('sessionId', ownerSession.sessionId);
    const h = await ok<{ categories: Array<{ id: string; code: string; features: Array<{ id: string }> }> }>(
      'their hierarchy',
      call('GET', `/api/v2.1/categorization/hierarchy/${other.tenantId}`, undefined, headers),
    );
    const retail = h.categories.find((c) => c.code === 'RETAIL_STANDARD')!;
    theirs('categoryId', retail.id);
    theirs('id', retail.id, retail.features[0]?.id);
    theirs('featureIds', ...retail.features.map((f) => f.id));
    const as = { headers, auth: theirAuth, officerToken: (await sessionOf(officer.id, officer.username)).token };
    const body = individualRegistrationBody({
      email: `theirs-${run}@customer.example`,
      password: FUZZ_PASSWORD,
      categoryId: retail.id,
      documentFile: JPEG_2X2,
      documentExpiry: '2031-01-01',
    });
    const registered = await customer('individual', body, 'active', as);
    theirs('customerId', registered.customerId);
    theirs('verificationId', registered.verificationId);
    // (a top-up's sourceAccountId is the processor's opaque reference, not one of our wallets: no counterpart)
    const login = await call('POST', '/api/auth/login', { email: `owner-${run}@fuzz.example`, password: FUZZ_PASSWORD, tenantId: other.tenantId }, headers);
    const cardAuth = { ...headers, authorization: `Bearer ${String(login.body?.accessToken ?? '')}` };
    const { walletId: theirWallet } = await moneyOf(registered.customerId, { tag: 'theirs', auth: theirAuth, cardAuth }, theirs);
    theirs('destinationWalletId', theirWallet);
    const limit = await ok<{ id: string }>(
      'their limit',
      call('PUT', '/api/v2.1/transaction-limits', { walletId: theirWallet, limitType: 'DAILY', limit: '5000', currency: 'EUR' }, theirAuth),
    );
    theirs('limitId', limit.id);
    const product = await post<{ id: string }>(
      'their product',
      '/api/v2.1/products',
      { kind: 'WALLET', code: `theirs-${run}`, name: 'Theirs', currency: 'EUR' },
      { 'Idempotency-Key': `theirs-product-${run}` },
    );
    theirs('productId', product.id);
    await ok('their webhook settings', call('PUT', '/api/v2.1/webhooks/settings', { allowHttpEndpoints: true }, theirAuth));
    const subscription = await post<{ id: string }>('their subscription', '/api/v2.1/webhooks/subscriptions', {
      subscriptionName: 'Theirs',
      endpointUrl: 'http://127.0.0.1:9/theirs',
      subscribedEvents: ['customer.*'],
    });
    theirs('subscriptionId', subscription.id);
    const draft = await post<{ id: string }>('their draft', '/api/v2.1/drafts', { customerType: 'INDIVIDUAL', step: 1, content: {} });
    theirs('draftId', draft.id);
    const list = await post<{ id: string }>('their list', '/api/v2.1/aml/lists', { name: 'Theirs', kind: 'INTERNAL', format: 'OWN_CSV' }, { 'Idempotency-Key': `theirs-list-${run}` });
    theirs('listId', list.id);
    const rule = await post<{ id: string }>(
      'their rule',
      '/api/v2.1/aml/rules',
      { name: 'Theirs', ruleType: 'LARGE_TRANSFER', enabled: false, action: 'ALERT', params: { minAmount: '5000', currency: null } },
      { 'Idempotency-Key': `theirs-rule-${run}` },
    );
    theirs('ruleId', rule.id);
    const partner = await post<{ partner: { id: string } }>('their partner', '/api/v2.1/external-events/partners', { name: 'Theirs', kind: 'CARD_PROCESSOR' });
    theirs('partnerId', partner.partner.id);
  });

  // the funded customer as itself, and another customer of the tenant whose ids may replace its own
  let asCustomer: FuzzContext['customer'] = null;
  await step("a customer's own view", async () => {
    const session = await ok<{ token: string }>(
      'customer session',
      call('POST', `/api/v2.1/customer/individual/${customerId}/users/${customerUser.id}/sessions`, { username: customerUser.email, password: FUZZ_PASSWORD }, ctxHeaders),
    );
    const login = await call('POST', '/api/auth/login', { email: customerUser.email, password: FUZZ_PASSWORD, tenantId }, ctxHeaders);
    const others: Record<string, string[]> = {};
    const theirs = (name: string, id: string | undefined) => {
      if (id) (others[name] ??= []).push(id);
    };
    const other = await activeCustomer(`other-${run}@customer.example`);
    theirs('customerId', other.customerId);
    // (no destinationWalletId: a customer may pay into another customer's wallet)
    await moneyOf(other.customerId, { tag: 'other', auth, cardAuth: { ...ctxHeaders, authorization: `Bearer ${cardToken}` } }, theirs);
    asCustomer = { token: session.token, cardToken: String(login.body?.accessToken ?? ''), others };
  });

  // AML: a list of the tenant's own with a version, a platform list of the fuzzer's own (the platform
  // key's operations change only it), a monitoring rule and the alert it raised
  await step('aml', async () => {
    const csv = (rows: string[]) => Buffer.from(['id,name,aliases,type,birth_date,countries,program,remarks', ...rows].join('\n') + '\n').toString('base64');
    const file = { main: { fileName: 'list.csv', content: csv(['F1,Zoltan Fuzzwerth,,person,1970,HU,FUZZ,', 'F2,Fuzzwerth Holdings,,organization,,HU,FUZZ,']) } };
    const listBody = { name: 'Fuzz list', kind: 'INTERNAL', format: 'OWN_CSV' };
    const list = await ok<{ id: string }>('aml list', call('POST', '/api/v2.1/aml/lists', listBody, { ...auth, 'Idempotency-Key': `aml-list-${run}` }));
    const version = await ok<{ id: string }>('aml list version', call('POST', `/api/v2.1/aml/lists/${list.id}/versions`, file, auth));
    add('listId', list.id);
    add('versionId', version.id);
    bodies['POST /api/v2.1/aml/lists'] = { ...listBody, name: 'Fuzz list {{n}}' };
    bodies['PATCH /api/v2.1/aml/lists/{listId}'] = { name: 'Fuzz list {{n}}' };
    bodies['POST /api/v2.1/aml/lists/{listId}/versions'] = file;
    const own = await ok<{ id: string }>(
      'platform list',
      call('POST', '/api/v2.1/platform/aml/lists', { name: `Fuzz platform list ${run}`, kind: 'SANCTIONS', format: 'OWN_CSV' }, platform),
    );
    poolOf(['PATCH /api/v2.1/platform/aml/lists/{listId}', 'POST /api/v2.1/platform/aml/lists/{listId}/versions'], 'listId', own.id);
    bodies['PATCH /api/v2.1/platform/aml/lists/{listId}'] = { name: 'Fuzz platform list {{n}}' };
    bodies['POST /api/v2.1/platform/aml/lists/{listId}/versions'] = file;
    bodies['POST /api/v2.1/aml/search'] = { name: 'Zoltan Fuzzwerth', entityType: 'PERSON' };
    bodies['PUT /api/v2.1/aml/settings'] = { matchThreshold: 0.85 };
    // a rule that alerts on large payouts; the fuzzer's own payouts (1.00) stay below it
    const ruleBody = { name: 'Fuzz large payouts', ruleType: 'LARGE_TRANSFER', enabled: true, action: 'ALERT', params: { minAmount: '4000', currency: null } };
    const rule = await ok<{ id: string }>('aml rule', call('POST', '/api/v2.1/aml/rules', ruleBody, { ...auth, 'Idempotency-Key': `aml-rule-${run}` }));
    add('ruleId', rule.id);
    bodies['POST /api/v2.1/aml/rules'] = { ...ruleBody, name: 'Fuzz rule {{n}}', enabled: false };
    bodies['PATCH /api/v2.1/aml/rules/{ruleId}'] = { name: 'Fuzz large payouts {{n}}' };
    const large = transferBody?.('4500.00');
    if (large) await ok('large payout', call('POST', '/api/v2.1/transfers', large, { ...auth, 'Idempotency-Key': `fuzz-${run}-large` }));
    const alerts = await ok<{ items: Array<{ id: string }> }>('alerts', call('GET', '/api/v2.1/aml/alerts', undefined, auth));
    add('alertId', ...alerts.items.map((a) => a.id));
    add('assigneeUserId', officerId);
    bodies['POST /api/v2.1/aml/alerts/{alertId}/assign'] = { assigneeUserId: officerId };
    // deciding an alert is a compliance officer's
    tokens['POST /api/v2.1/aml/alerts/{alertId}/decisions'] = officerToken;
    bodies['POST /api/v2.1/aml/alerts/{alertId}/decisions'] = { decision: 'CLOSE', reasonCode: 'ACTIVITY_EXPLAINED', comment: 'explained by the customer (fuzz)' };
  });

  return {
    baseUrl,
    platformKey,
    tenantId,
    organizationId,
    adminUserId: tenant.userId,
    adminToken: owner.token,
    cardToken,
    pools,
    pathPools,
    bodies,
    warnings,
    freshAdminToken,
    tokens,
    signers,
    foreign,
    customer: asCustomer,
    panel,
    close: async () => {
      await Promise.all(closers.map((close) => close()));
    },
  };
}
