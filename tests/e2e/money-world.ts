import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, request as playwrightRequest, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { E2E_BASE_URL, STRONG_PASSWORD, individualRegistrationBody, platformAuth, registrationBody, uniqueName } from './fixtures';

/**
 * A tenant with money and a card, built through the public API, for the customer 360, card, search
 * and small-screen specs: an ACTIVE individual customer (approved by a compliance officer), a funded
 * EUR wallet, a beneficiary, a payment consent, a transfer waiting for approval, a webhook
 * subscription with one delivery, and an ACTIVE virtual card of the built-in sandbox processor.
 */

export const APPROVER_PASSWORD = 'Quiet-Approver-42?';
export const CUSTOMER_PASSWORD = 'Quiet-Lantern-42?';

export const context = (tenantId: string, extra: Record<string, string> = {}) => ({
  'X-Tenant-ID': tenantId,
  'X-Forwarded-For': '203.0.113.7',
  'X-Forwarded-From': 'e2e',
  platform: 'web',
  deviceId: 'e2e-device',
  ...extra,
});

export async function ok<T>(res: APIResponse): Promise<T> {
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

export interface MoneyWorld {
  tenantId: string;
  /** the owner's (ADMIN_USER) bearer header: a session of the administrators' sign-in */
  auth: { authorization: string };
  /** the owner's card API token (POST /api/auth/login): it opens the card API only */
  cardToken: string;
  customerId: string;
  customerName: string;
  verificationId: string;
  walletId: string;
  transferId: string;
  subscriptionId: string;
  card: { cardId: string; last4: string; masked: string; holderFirst: string; holderLast: string };
  /** a card API call as the owner (Envelope B data, asserting success) */
  cardOp: <T>(op: string, body: Record<string, unknown>) => Promise<T>;
  close: () => Promise<void>;
}

/** A tenant with its owner's session, a TRANSACTION_APPROVER (Ada Approver) and a COMPLIANCE_OFFICER's session, all through the API. */
export interface StaffTenant {
  tenantId: string;
  organizationId: string;
  /** the owner's (ADMIN_USER) bearer header */
  auth: { authorization: string };
  /** a compliance officer's bearer header (the registrar may not review its own customer: four-eyes) */
  officer: { authorization: string };
  officerName: string;
  approverName: string;
}

export async function staffTenant(request: APIRequestContext, name = 'Money'): Promise<StaffTenant> {
  const tenant = await ok<{ tenantId: string; organizationId: string; userId: string }>(
    await request.post('/api/v2.1/tenants/registration', { headers: platformAuth, data: registrationBody(uniqueName(name)) }),
  );
  const { tenantId, organizationId } = tenant;
  const session = async (userId: string, username: string, password: string) =>
    (await ok<{ token: string }>(await request.post(`/api/v2.1/admin/organization/${organizationId}/users/${userId}/sessions`, { headers: context(tenantId), data: { username, password } })))
      .token;
  const auth = { authorization: `Bearer ${await session(tenant.userId, 'owner', STRONG_PASSWORD)}` };
  const tag = Date.now().toString(36);
  const approverName = `approver${tag}`;
  await ok(
    await request.post('/api/v2.1/admin/users', {
      headers: auth,
      data: { username: approverName, email: `${approverName}@bank.example`, password: APPROVER_PASSWORD, firstName: 'Ada', lastName: 'Approver', roles: ['TRANSACTION_APPROVER'] },
    }),
  );
  const officerName = `officer${tag}`;
  await ok(
    await request.post('/api/v2.1/admin/users', {
      headers: auth,
      data: { username: officerName, email: `${officerName}@bank.example`, password: APPROVER_PASSWORD, firstName: 'Otto', lastName: 'Officer', roles: ['COMPLIANCE_OFFICER'] },
    }),
  );
  const users = await ok<{ items: Array<{ id: string; username: string }> }>(await request.get('/api/v2.1/admin/users?pageSize=100', { headers: auth }));
  const officer = { authorization: `Bearer ${await session(users.items.find((u) => u.username === officerName)!.id, officerName, APPROVER_PASSWORD)}` };
  return { tenantId, organizationId, auth, officer, officerName, approverName };
}

/** An individual customer registered by the owner, its document accepted and the case approved by the officer, then activated. */
export async function activeIndividual(request: APIRequestContext, t: StaffTenant, names: { firstName?: string; lastName?: string } = {}) {
  const hierarchy = await ok<{ categories: Array<{ id: string; code: string }> }>(await request.get(`/api/v2.1/categorization/hierarchy/${t.tenantId}`, { headers: context(t.tenantId) }));
  const categoryId = hierarchy.categories.find((c) => c.code === 'RETAIL_STANDARD')!.id;
  const email = `${(names.firstName ?? 'grace').toLowerCase()}.${Date.now().toString(36)}@customer.example`;
  const registration = await ok<{ customerId: string; verificationId: string }>(
    await request.post('/api/v2.1/customer/individual/registration', {
      headers: { ...context(t.tenantId), ...t.auth },
      data: individualRegistrationBody({ email, password: CUSTOMER_PASSWORD, categoryId, ...names }),
    }),
  );
  const { customerId, verificationId } = registration;
  const review = await ok<{ documents: Array<{ id: string }> }>(await request.get(`/api/v2.1/verifications/${verificationId}`, { headers: t.officer }));
  await ok(
    await request.post(`/api/v2.1/verifications/${verificationId}/documents/${review.documents[0]!.id}/decision`, {
      headers: t.officer,
      data: { decision: 'ACCEPT', reasonCode: 'DOCUMENTS_VERIFIED' },
    }),
  );
  await ok(await request.post(`/api/v2.1/verifications/${verificationId}/decision`, { headers: t.officer, data: { decision: 'APPROVE', reasonCode: 'DOCUMENTS_VERIFIED' } }));
  await ok(await request.post(`/api/v2.1/customer/individual/${customerId}/activation`, { headers: t.auth }));
  return { customerId, verificationId, email };
}

/**
 * For an ACTIVE customer: a EUR wallet funded with 10,000, a beneficiary, a payment consent, the
 * four-eyes threshold at 1,000, and a 2,500 EUR payout that therefore waits for approval.
 */
export async function pendingPayout(request: APIRequestContext, auth: { authorization: string }, customerId: string) {
  const wallet = await ok<{ id: string }>(await request.post('/api/v2.1/wallets', { headers: auth, data: { customerId, currency: 'EUR', name: 'Main account' } }));
  await ok(await request.post(`/api/v2.1/wallets/${wallet.id}/sandbox/fund`, { headers: auth, data: { amount: '10000.00', currency: 'EUR' } }));
  const beneficiary = await ok<{ id: string }>(
    await request.post('/api/v2.1/beneficiaries', { headers: auth, data: { customerId, name: 'Northwind Traders', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX', country: 'DE' } }),
  );
  const consent = await ok<{ id: string }>(
    await request.post('/api/v2.1/payment-consents', {
      headers: auth,
      data: { walletId: wallet.id, scope: 'RECURRING_PAYMENTS', maxAmountPerPayment: '5000', currency: 'EUR', expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString() },
    }),
  );
  await ok(await request.put('/api/v2.1/transfers/settings', { headers: auth, data: { fourEyesThreshold: '1000' } }));
  const transfer = await ok<{ id: string; status: string }>(
    await request.post('/api/v2.1/transfers', {
      headers: { ...auth, 'Idempotency-Key': `e2e-${customerId}` },
      data: { walletId: wallet.id, beneficiary: { id: beneficiary.id }, amount: '2500.00', currency: 'EUR', reference: 'Invoice 2026-117', paymentConsentId: consent.id },
    }),
  );
  expect(transfer.status).toBe('PENDING_APPROVAL');
  return { walletId: wallet.id, transferId: transfer.id };
}

export async function moneyWorld(): Promise<MoneyWorld> {
  // its own request context: the world outlives the beforeAll that builds it (cardOp is used in tests)
  const request = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  const staff = await staffTenant(request);
  const { tenantId, auth } = staff;
  const tag = Date.now().toString(36);
  const lastName = `Kowalski${tag}`;
  const customerName = `Grace ${lastName}`;
  const registration = await activeIndividual(request, staff, { firstName: 'Grace', lastName });
  const { customerId } = registration;

  const { walletId, transferId } = await pendingPayout(request, auth, customerId);

  // a webhook subscription to a local receiver with one delivery (its row has Attempts and Replay)
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks'));
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  const port = (receiver.address() as AddressInfo).port;
  await ok(await request.put('/api/v2.1/webhooks/settings', { headers: auth, data: { allowHttpEndpoints: true } }));
  const subscription = await ok<{ id: string }>(
    await request.post('/api/v2.1/webhooks/subscriptions', {
      headers: auth,
      data: { subscriptionName: 'Local receiver', endpointUrl: `http://127.0.0.1:${port}/hooks`, subscribedEvents: ['webhook.test'] },
    }),
  );
  await ok(await request.post(`/api/v2.1/webhooks/subscriptions/${subscription.id}/test`, { headers: auth, data: {} }));

  // the card API takes only bearer tokens from /api/auth/login
  const login = await request.post('/api/auth/login', { headers: context(tenantId), data: { email: 'owner@example.com', password: STRONG_PASSWORD, tenantId } });
  expect(login.status(), await login.text()).toBe(200);
  const cardToken = ((await login.json()) as { accessToken: string }).accessToken;
  let seq = 0;
  const cardOp = async <T>(op: string, body: Record<string, unknown>): Promise<T> => {
    const res = await request.post(`/api/v2.1/card/virtual/${op}`, {
      headers: { ...context(tenantId), authorization: `Bearer ${cardToken}`, 'content-type': 'application/json' },
      data: body,
    });
    const json = (await res.json()) as { success: boolean; data: T };
    expect(json.success, `${op}: ${JSON.stringify(json)}`).toBe(true);
    return json.data;
  };
  const holderLast = `Hopper${tag}`;
  const holder = await cardOp<{ cardholderId: string }>('cardholder/create', {
    customerId,
    firstName: 'Grace',
    lastName: holderLast,
    email: `holder.${tag}@example.com`,
    phone: '+4915112345679',
    dateOfBirth: '1990-04-21',
    billingAddress: { line1: 'Unter den Linden 5', city: 'Berlin', postalCode: '10117', country: 'DE' },
    idempotencyKey: `holder-${tag}-${++seq}`,
  });
  const card = await cardOp<{ cardId: string; cardNo: string; last4: string }>('card/apply', {
    cardholderId: holder.cardholderId,
    currency: 'EUR',
    nickname: 'Travel',
    limits: [{ interval: 'DAILY', amount: '500.00', currency: 'EUR' }],
    idempotencyKey: `apply-${tag}-${++seq}`,
  });
  await cardOp('secure/otp/send', { cardNo: card.cardId, purpose: 'ACTIVATE' });
  const { otp } = await cardOp<{ otp: string }>('sandbox/otp/peek', { cardNo: card.cardId, purpose: 'ACTIVATE' });
  await cardOp('card/activate', { cardNo: card.cardId, otp });

  return {
    tenantId,
    auth,
    cardToken,
    customerId,
    customerName,
    verificationId: registration.verificationId,
    walletId,
    transferId,
    subscriptionId: subscription.id,
    card: { cardId: card.cardId, last4: card.last4, masked: card.cardNo, holderFirst: 'Grace', holderLast },
    cardOp,
    close: async () => {
      await new Promise<void>((r) => receiver.close(() => r()));
      await request.dispose();
    },
  };
}

/**
 * Below 768 px the customer 360 folds its sections to their headings: open every one (a no-op at
 * 1280 px). The sections appear with the customer's data; the audit log is the last of them.
 */
export async function unfoldSections(page: Page) {
  await expect(page.getByRole('heading', { level: 2, name: 'Audit log' })).toBeVisible();
  // one at a time: each click takes its toggle out of the folded set (nth() of .all() would skip every other one)
  const folded = page.locator('main section h2 button[aria-expanded="false"]').filter({ visible: true });
  while ((await folded.count()) > 0) await folded.first().click();
}

/** Opens the main navigation when it sits behind the menu button (below 768 px). */
export async function openNav(page: Page) {
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) {
    if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  }
  return page.getByRole('navigation', { name: 'Main' });
}

/** How many rows Chromium's accessibility tree holds (not Playwright's own role guess): table semantics that survive CSS. */
export async function accessibleRows(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    return nodes.filter((n) => !n.ignored && n.role?.value === 'row').length;
  } finally {
    await cdp.detach();
  }
}
