import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import * as beneficiariesRoute from '@/app/api/v2.1/beneficiaries/route';
import * as beneficiaryRoute from '@/app/api/v2.1/beneficiaries/[beneficiaryId]/route';
import * as deactivateBeneficiaryRoute from '@/app/api/v2.1/beneficiaries/[beneficiaryId]/deactivate/route';
import * as reconciliationRoute from '@/app/api/v2.1/ledger/reconciliation/route';
import * as consentsRoute from '@/app/api/v2.1/payment-consents/route';
import * as consentRoute from '@/app/api/v2.1/payment-consents/[consentId]/route';
import * as revokeConsentRoute from '@/app/api/v2.1/payment-consents/[consentId]/revoke/route';
import * as limitsRoute from '@/app/api/v2.1/transaction-limits/route';
import * as transfersRoute from '@/app/api/v2.1/transfers/route';
import * as transferRoute from '@/app/api/v2.1/transfers/[transferId]/route';
import * as approveRoute from '@/app/api/v2.1/transfers/[transferId]/approve/route';
import * as rejectRoute from '@/app/api/v2.1/transfers/[transferId]/reject/route';
import * as settingsRoute from '@/app/api/v2.1/transfers/settings/route';
import * as walletsRoute from '@/app/api/v2.1/wallets/route';
import * as walletRoute from '@/app/api/v2.1/wallets/[walletId]/route';
import * as closeRoute from '@/app/api/v2.1/wallets/[walletId]/close/route';
import * as freezeRoute from '@/app/api/v2.1/wallets/[walletId]/freeze/route';
import * as fundRoute from '@/app/api/v2.1/wallets/[walletId]/sandbox/fund/route';
import * as statementRoute from '@/app/api/v2.1/wallets/[walletId]/statement/route';
import * as unfreezeRoute from '@/app/api/v2.1/wallets/[walletId]/unfreeze/route';
import { setClock, type Clock } from '@/lib/clock';
import type { AdminRole } from '@/lib/contract/enums';
import type { Beneficiary, PaymentConsent, Transfer, Wallet } from '@/lib/contract/wallets';
import { getDb } from '@/lib/db/client';
import { events } from '@/lib/db/schema';
import type { RouteHandler } from '@/lib/http/api-route';
import { call, createTenant, uniqueName, type CallResult } from './helpers';
import { adminToken, createCustomerUser, createExtraAdmin, customerSession, firstAdmin, resetIdentityState, type TestCustomerUser } from './identity-fixtures';

/**
 * Fixtures of the ledger tests: a tenant with its admin (ADMIN_USER), an approver, an employee and
 * two customers with their users, all signed in through the real session endpoints; thin callers
 * for every wallet, beneficiary, consent, limit and transfer route.
 */
export type Json = Record<string, unknown>;
export const routes = {
  wallets: walletsRoute,
  wallet: walletRoute,
  freeze: freezeRoute,
  unfreeze: unfreezeRoute,
  close: closeRoute,
  statement: statementRoute,
  fund: fundRoute,
  beneficiaries: beneficiariesRoute,
  beneficiary: beneficiaryRoute,
  deactivateBeneficiary: deactivateBeneficiaryRoute,
  consents: consentsRoute,
  consent: consentRoute,
  revokeConsent: revokeConsentRoute,
  limits: limitsRoute,
  transfers: transfersRoute,
  transfer: transferRoute,
  approve: approveRoute,
  reject: rejectRoute,
  settings: settingsRoute,
  reconciliation: reconciliationRoute,
};

export interface Caller {
  token: string;
  userId: string;
}

export async function adminCaller(tenant: Awaited<ReturnType<typeof createTenant>>, roles: AdminRole[]): Promise<Caller> {
  const user = await createExtraAdmin(tenant, roles);
  return { token: (await adminToken(user)).token, userId: user.userId };
}

export async function customerCaller(tenantId: string, existing?: TestCustomerUser): Promise<Caller & { customerId: string }> {
  const user = existing ?? (await createCustomerUser(tenantId));
  const res = await customerSession(user, { username: user.username, password: user.password });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return { token: res.json.data.token, userId: user.userId, customerId: user.customerId };
}

/** A fresh tenant with its callers; `clock` (optional) is in force while they sign in and afterwards. */
export async function ledgerTenant(clock?: Clock) {
  resetIdentityState();
  if (clock) setClock(clock);
  const tenant = await createTenant(uniqueName('Ledger'));
  const admin: Caller = { token: (await adminToken(firstAdmin(tenant))).token, userId: tenant.userId };
  const [approver, approver2, employee, alice, bob] = await Promise.all([
    adminCaller(tenant, ['TRANSACTION_APPROVER']),
    adminCaller(tenant, ['TRANSACTION_APPROVER', 'ADMIN_USER']),
    adminCaller(tenant, ['EMPLOYEE']),
    customerCaller(tenant.tenantId),
    customerCaller(tenant.tenantId),
  ]);
  return { tenant, tenantId: tenant.tenantId, admin, approver, approver2, employee, alice, bob };
}
export type LedgerTenant = Awaited<ReturnType<typeof ledgerTenant>>;

export function api<T = Json>(
  handler: RouteHandler,
  caller: Caller | null,
  options: { method?: string; params?: Record<string, string>; body?: unknown; query?: string; headers?: Record<string, string> } = {},
): Promise<CallResult<T>> {
  return call<T>(handler, {
    method: options.method,
    path: `/api/v2.1/test${options.query ? `?${options.query}` : ''}`,
    headers: { ...(caller ? { authorization: `Bearer ${caller.token}` } : {}), ...options.headers },
    params: options.params,
    body: options.body,
  });
}

export function expectOk<T>(res: CallResult<T>, status = 200): T {
  expect(res.status, JSON.stringify(res.json)).toBe(status);
  return res.json.data;
}

// ------------------------------------------------------------------------------------------------
// Builders
// ------------------------------------------------------------------------------------------------

/** Valid IBANs (mod-97) for beneficiaries. */
export const IBANS = ['DE89370400440532013000', 'GB29NWBK60161331926819', 'FR1420041010050500013M02606', 'NL91ABNA0417164300', 'ES9121000418450200051332'];

/** A fresh valid German IBAN: bank 37040044, account n, check digits computed (ISO 13616). */
let ibanSeq = 0;
export function freshIban(): string {
  const bban = `37040044${String(Date.now() % 1e6).padStart(6, '0')}${String(++ibanSeq).padStart(4, '0')}`;
  const numeric = `${bban}131400`; // "DE" -> 13 14, check digits 00
  let rem = 0;
  for (const d of numeric) rem = (rem * 10 + Number(d)) % 97;
  return `DE${String(98 - rem).padStart(2, '0')}${bban}`;
}

export async function openWallet(caller: Caller, currency = 'EUR', customerId?: string): Promise<Wallet> {
  return expectOk(await api<Wallet>(routes.wallets.POST, caller, { body: { currency, ...(customerId ? { customerId } : {}) } }));
}

export async function fund(caller: Caller, walletId: string, amount: string, currency = 'EUR'): Promise<Json> {
  return expectOk(await api(routes.fund.POST, caller, { params: { walletId }, body: { amount, currency } }));
}

export async function addBeneficiary(caller: Caller, iban = freshIban(), customerId?: string): Promise<Beneficiary> {
  return expectOk(
    await api<Beneficiary>(routes.beneficiaries.POST, caller, {
      body: { name: 'Grace Hopper', iban, bic: 'COBADEFFXXX', country: iban.slice(0, 2), ...(customerId ? { customerId } : {}) },
    }),
  );
}

export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

export async function authorize(caller: Caller, walletId: string, options: { max?: string; scope?: string; currency?: string; expiresAt?: string } = {}): Promise<PaymentConsent> {
  return expectOk(
    await api<PaymentConsent>(routes.consents.POST, caller, {
      body: {
        walletId,
        scope: options.scope ?? 'RECURRING_PAYMENTS',
        maxAmountPerPayment: options.max ?? '100000',
        currency: options.currency ?? 'EUR',
        expiresAt: options.expiresAt ?? inDays(30),
      },
    }),
  );
}

let keySeq = 0;
export const newKey = () => `key-${Date.now().toString(36)}-${++keySeq}`;

export function transfer(caller: Caller, body: Json, key: string | null = newKey()): Promise<CallResult<Transfer>> {
  return api<Transfer>(routes.transfers.POST, caller, { body, headers: key === null ? {} : { 'Idempotency-Key': key } });
}

/** A funded wallet of a customer with a beneficiary and a recurring consent: everything a transfer needs. */
export async function readyWallet(caller: Caller, balance = '1000.00', currency = 'EUR') {
  const wallet = await openWallet(caller, currency);
  if (balance !== '0') await fund(caller, wallet.id, balance, currency);
  const beneficiary = await addBeneficiary(caller, freshIban());
  const consent = await authorize(caller, wallet.id, { currency });
  const body = (amount: string, extra: Json = {}): Json => ({
    walletId: wallet.id,
    beneficiary: { id: beneficiary.id },
    amount,
    currency,
    reference: 'invoice 42',
    paymentConsentId: consent.id,
    ...extra,
  });
  return { wallet, beneficiary, consent, body };
}

export async function walletOf(caller: Caller, walletId: string): Promise<Wallet> {
  return expectOk(await api<Wallet>(routes.wallet.GET, caller, { params: { walletId } }));
}

export async function reconciliation(admin: Caller) {
  return expectOk(
    await api<{ balanced: boolean; unbalancedEntries: unknown[]; walletMismatches: unknown[]; totals: Array<{ currency: string; sum: string }> }>(routes.reconciliation.GET, admin),
  );
}

export async function eventTypes(tenantId: string): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .select({ type: events.type })
    .from(events)
    .where(and(eq(events.tenantId, tenantId)))
    .orderBy(asc(events.createdAt));
  return rows.map((r) => r.type);
}

export const notFoundData = (resource: string) => ({ error: 'NOT_FOUND', details: `${resource} not found` });
