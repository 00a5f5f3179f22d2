import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import * as cardRoute from '@/app/api/v2.1/card/virtual/[...operation]/route';
import { resetCardProcessor } from '@/lib/card-processor';
import { createSandboxProcessor } from '@/lib/card-processor/sandbox';
import { cardKeys, decryptPan } from '@/lib/card-processor/sandbox/core';
import { serveCardProcessor } from '@/lib/card-processor/server';
import type { CardBusinessReason } from '@/lib/contract/card-errors';
import type { AnyCardOperationName } from '@/lib/contract/card-operations';
import { getDb } from '@/lib/db/client';
import { resetEnvCache } from '@/lib/env';
import { cards } from '@/lib/db/schema';
import { EXPECTED_CARD_MESSAGES } from './card-business-messages';
import { call, contextHeaders, type CallResult } from './helpers';
import { cardLogin, createCustomerUser, createExtraAdmin, createIdentityTenant, firstAdmin, type TestTenant } from './identity-fixtures';

/**
 * Fixtures of the sandbox card processor tests. Every operation goes through the real gateway
 * route (POST /api/v2.1/card/virtual/{operation}) with a bearer token from /api/auth/login, so the
 * sandbox is exercised exactly as clients reach it. cardOp() is the one place that sends.
 */
export interface CardActor {
  tenantId: string;
  token: string;
  userId: string;
  customerId?: string;
  email: string;
  password: string;
}

export type CardResult<T = Record<string, unknown>> = CallResult<T> & { json: { success: boolean; code: number; msg: string; data: T } };

export async function cardOp<T = Record<string, unknown>>(actor: CardActor, operation: AnyCardOperationName | string, body: unknown): Promise<CardResult<T>> {
  return (await call<T>(cardRoute.POST, {
    method: 'POST',
    path: `/api/v2.1/card/virtual/${operation}`,
    headers: { ...contextHeaders(actor.tenantId), authorization: `Bearer ${actor.token}`, 'content-type': 'application/json' },
    params: { operation: operation.split('/') },
    body,
  })) as CardResult<T>;
}

/** The data of a successful answer (asserting HTTP 200, success, code 200). */
export async function ok<T = Record<string, unknown>>(actor: CardActor, operation: AnyCardOperationName, body: unknown): Promise<T> {
  const res = await cardOp<T>(actor, operation, body);
  expect({ status: res.status, success: res.json?.success, code: res.json?.code, msg: res.json?.msg }, `${operation}: ${res.text}`).toEqual({
    status: 200,
    success: true,
    code: 200,
    msg: 'success',
  });
  return res.json.data;
}

/** Asserts a business error exactly: HTTP 200, success false, code -1, the catalogue msg, data. */
export function expectBusiness(res: CardResult<unknown>, reason: CardBusinessReason, extra: Record<string, unknown> = {}): void {
  expect({ status: res.status, body: res.json }).toEqual({
    status: 200,
    body: { success: false, code: -1, msg: EXPECTED_CARD_MESSAGES[reason], data: { reason, ...extra } },
  });
}

export async function business(actor: CardActor, operation: AnyCardOperationName, body: unknown, reason: CardBusinessReason, extra: Record<string, unknown> = {}) {
  expectBusiness(await cardOp(actor, operation, body), reason, extra);
}

export async function signIn(tenantId: string, email: string, password: string, userId: string, customerId?: string): Promise<CardActor> {
  const res = await cardLogin(tenantId, email, password);
  expect(res.status, res.text).toBe(200);
  return { tenantId, token: res.body.accessToken, userId, customerId, email, password };
}

/** Signs the actor in again (a fresh token after the test clock moved past the last one's hour). */
export async function relogin<T extends CardActor>(actor: T): Promise<T> {
  return { ...actor, token: (await signIn(actor.tenantId, actor.email, actor.password, actor.userId, actor.customerId)).token };
}

export interface CardWorld {
  tenant: TestTenant;
  admin: CardActor;
  employee: CardActor;
  alice: CardActor & { customerId: string };
  bob: CardActor & { customerId: string };
}

/** A tenant with its ADMIN_USER, an EMPLOYEE, and two customer users (alice, bob), all signed in. */
export async function cardWorld(): Promise<CardWorld> {
  const tenant = await createIdentityTenant();
  const admin = firstAdmin(tenant);
  const employee = await createExtraAdmin(tenant, ['EMPLOYEE']);
  const a = await createCustomerUser(tenant.tenantId);
  const b = await createCustomerUser(tenant.tenantId);
  return {
    tenant,
    admin: await signIn(tenant.tenantId, admin.email, admin.password, admin.userId),
    employee: await signIn(tenant.tenantId, employee.email, employee.password, employee.userId),
    alice: (await signIn(tenant.tenantId, a.email, a.password, a.userId, a.customerId)) as CardActor & { customerId: string },
    bob: (await signIn(tenant.tenantId, b.email, b.password, b.userId, b.customerId)) as CardActor & { customerId: string },
  };
}

let seq = 0;
export const key = (prefix = 'k') => `${prefix}-${Date.now().toString(36)}-${++seq}`;

export const holderBody = (extra: Record<string, unknown> = {}) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '+4915112345679', // not Luhn-valid: the gateway masks Luhn-valid digit runs of 13+ (see report)
  dateOfBirth: '1990-12-10',
  billingAddress: { line1: 'Hauptstr. 1', city: 'Berlin', postalCode: '10115', country: 'DE' },
  idempotencyKey: key('holder'),
  ...extra,
});

export interface TestCard {
  cardNo: string;
  cardId: string;
  cardholderId: string;
}

/** The clear card number as secure/reveal hands it out (with a REVEAL code). */
export async function revealPan(actor: CardActor, cardNo: string): Promise<string> {
  const data = await ok<{ cardNo: string }>(actor, 'secure/reveal', { cardNo, otp: await otpFor(actor, cardNo, 'REVEAL'), fields: ['PAN'] });
  return data.cardNo;
}

/** Sends a code for the purpose and reads it back through sandbox/otp/peek. */
export async function otpFor(actor: CardActor, cardNo: string, purpose: string): Promise<string> {
  await ok(actor, 'secure/otp/send', { cardNo, purpose });
  return (await ok<{ otp: string }>(actor, 'sandbox/otp/peek', { cardNo, purpose })).otp;
}

/**
 * A card of the actor's customer (a customer actor), issued and, unless told, activated. The PAN
 * is needed for every later call: a fresh card's number is only known to the processor, so the
 * fixture reads it from the card row through the sandbox's own decryption (card-fixtures only).
 */
export async function issueCard(actor: CardActor, options: { activate?: boolean; currency?: string; holder?: Record<string, unknown>; cardholderId?: string } = {}): Promise<TestCard> {
  const cardholderId = options.cardholderId ?? (await ok<{ cardholderId: string }>(actor, 'cardholder/create', holderBody(options.holder))).cardholderId;
  const card = await ok<{ cardId: string }>(actor, 'card/apply', { cardholderId, currency: options.currency ?? 'EUR', idempotencyKey: key('apply') });
  const cardNo = await panOf(actor.tenantId, card.cardId);
  if (options.activate !== false) await ok(actor, 'card/activate', { cardNo, otp: await otpFor(actor, cardNo, 'ACTIVATE') });
  return { cardNo, cardId: card.cardId, cardholderId };
}

/** The clear PAN of a card, decrypted from its row with the sandbox's key (a test-side shortcut). */
export async function panOf(tenantId: string, cardId: string): Promise<string> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(cards)
    .where(and(eq(cards.tenantId, tenantId), eq(cards.id, cardId)));
  return decryptPan(await cardKeys(db), row!);
}

/** Tops the card up through quote + create. */
export async function fund(actor: CardActor, cardNo: string, amount: string, currency = 'EUR') {
  const quote = await ok<{ quoteId: string }>(actor, 'topup/quote', { cardNo, amount, currency, sourceAccountId: 'acc-1' });
  return ok<{ orderNo: string }>(actor, 'topup/create', { cardNo, quoteId: quote.quoteId, idempotencyKey: key('topup') });
}

export const merchant = (extra: Partial<{ name: string; mcc: string; country: string }> = {}) => ({ name: 'Coffee Corner', mcc: '5814', country: 'DE', ...extra });

export async function authorize(actor: CardActor, cardNo: string, amount: string, extra: Record<string, unknown> = {}) {
  return ok<{ authorizationId: string; status: string; declineReason: string | null }>(actor, 'simulate/authorize', { cardNo, amount, currency: 'EUR', merchant: merchant(), ...extra });
}

export async function balance(actor: CardActor, cardNo: string) {
  return ok<{ available: string; pending: string; ledger: string; currency: string }>(actor, 'balance/info', { cardNo });
}

/**
 * The sandbox served over real HTTP on 127.0.0.1 (lib/card-processor/server.ts) and configured as the
 * external processor (CARD_PROCESSOR_URL): the gateway reaches it through the HTTP client. Returns
 * the function that undoes it all.
 */
export async function serveSandboxAsExternalProcessor(apiKey: string): Promise<() => Promise<void>> {
  const served = await serveCardProcessor(createSandboxProcessor(), { apiKey });
  process.env.CARD_PROCESSOR_URL = served.url;
  process.env.CARD_PROCESSOR_API_KEY = apiKey;
  resetEnvCache();
  await resetCardProcessor();
  return async () => {
    await resetCardProcessor();
    delete process.env.CARD_PROCESSOR_URL;
    delete process.env.CARD_PROCESSOR_API_KEY;
    resetEnvCache();
    await served.close();
  };
}

const inProcessSandbox = createSandboxProcessor();

/** Sandbox-only operations are not served over the processor seam: the code is read from the sandbox in process. */
export async function otpInProcess(actor: CardActor, cardNo: string, purpose: string): Promise<string> {
  await ok(actor, 'secure/otp/send', { cardNo, purpose });
  const peeked = await inProcessSandbox.execute({
    operation: 'sandbox/otp/peek',
    body: { cardNo, purpose },
    context: { tenantId: actor.tenantId, userId: actor.userId, requestId: 'test', scope: { kind: 'tenant' } },
  });
  if (!peeked.ok) throw new Error(peeked.reason);
  return (peeked.data as { otp: string }).otp;
}
