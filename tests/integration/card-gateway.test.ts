import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as cardRoute from '@/app/api/v2.1/card/virtual/[...operation]/route';
import { resetCardProcessor } from '@/lib/card-processor';
import { maskPans } from '@/lib/http/card-gateway';
import { setClock } from '@/lib/clock';
import { resetEnvCache } from '@/lib/env';
import { call, contextHeaders, type CallResult } from './helpers';
import { cardLogin, createCustomerUser, createExtraAdmin, createIdentityTenant, firstAdmin, freezeClock, resetIdentityState, type TestTenant } from './identity-fixtures';

/**
 * The card gateway against a card processor we do not own: a real HTTP server on 127.0.0.1 that
 * speaks the processor wire protocol (lib/card-processor/http-client.ts) and does what each test
 * tells it. Covers every header rule, token case, tenant mismatch, role rule, what is forwarded to
 * the processor, how processor failures surface (502/504, never the processor's body) and the
 * masking of card numbers. The sandbox's own behaviour has its own tests.
 */

interface Seen {
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}
interface Reply {
  status?: number;
  body?: unknown;
  raw?: string;
  delayMs?: number;
}

const PAN = '4000001234567899'; // Luhn-valid
const MASKED = '400000******7899';
const CARD = {
  cardId: 'card_1',
  cardNo: MASKED,
  last4: '7899',
  cardholderId: 'ch_1',
  customerId: null,
  currency: 'EUR',
  nickname: null,
  status: 'ACTIVE',
  expiryMonth: 11,
  expiryYear: 2030,
  replacesCardId: null,
  replacedByCardId: null,
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
};

let server: Server;
let seen: Seen[] = [];
let reply: (s: Seen) => Reply = () => ({ body: { ok: true, data: CARD } });
const API_KEY = 'processor-key-0123456789';

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const s: Seen = { path: req.url ?? '', headers: req.headers, body: text ? JSON.parse(text) : undefined };
    seen.push(s);
    const r = reply(s);
    if (r.delayMs) await new Promise((resolve) => setTimeout(resolve, r.delayMs));
    if (res.destroyed) return;
    res.writeHead(r.status ?? 200, { 'content-type': 'application/json' });
    res.end(r.raw ?? JSON.stringify(r.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.CARD_PROCESSOR_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  process.env.CARD_PROCESSOR_API_KEY = API_KEY;
  process.env.CARD_PROCESSOR_TIMEOUT_MS = '400';
  resetEnvCache();
});

afterAll(async () => {
  await resetCardProcessor();
  delete process.env.CARD_PROCESSOR_URL;
  delete process.env.CARD_PROCESSOR_API_KEY;
  delete process.env.CARD_PROCESSOR_TIMEOUT_MS;
  resetEnvCache();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

let tenant: TestTenant;
let adminTokenValue: string;

beforeEach(async () => {
  resetIdentityState();
  seen = [];
  reply = () => ({ body: { ok: true, data: CARD } });
  tenant ??= await createIdentityTenant();
  if (!adminTokenValue) {
    const admin = firstAdmin(tenant);
    const login = await cardLogin(tenant.tenantId, admin.email, admin.password);
    expect(login.status).toBe(200);
    adminTokenValue = login.body.accessToken;
  }
});
afterEach(() => setClock(null));

function cardHeaders(token: string | null, tenantId = tenant.tenantId, extra: Record<string, string> = {}): Record<string, string> {
  return {
    ...contextHeaders(tenantId),
    'content-type': 'application/json',
    ...(token === null ? {} : { authorization: `Bearer ${token}` }),
    ...extra,
  };
}

function op(operation: string, body: unknown, headers: Record<string, string>, method = 'POST'): Promise<CallResult> {
  const handler = cardRoute[method as 'POST'];
  return call(handler, {
    method,
    path: `/api/v2.1/card/virtual/${operation}`,
    headers,
    body: typeof body === 'string' || body === undefined ? body : JSON.stringify(body),
    params: { operation: operation.split('/') },
  });
}

function expectB(res: CallResult, status: number, code: number, msg: string, data: unknown): void {
  expect({ status: res.status, body: res.json }).toEqual({ status, body: { success: code === 200, code, msg, data } });
}

describe('headers', () => {
  const names = ['X-Tenant-ID', 'X-Forwarded-For', 'X-Forwarded-From', 'platform', 'deviceId'] as const;

  it.each(names)('%s absent: HTTP 400, code 500, msg naming it', async (name) => {
    const headers = cardHeaders(adminTokenValue);
    delete headers[name];
    const res = await op('card/info', { cardNo: PAN }, headers);
    expectB(res, 400, 500, `missing required headers: ${name}`, {
      error: 'MISSING_HEADERS',
      details: `missing required headers: ${name}`,
      errors: [{ field: name, message: 'header is required' }],
    });
    expect(seen).toEqual([]);
  });

  it('all absent, Content-Type too: every one is named, in the contract order', async () => {
    const res = await call(cardRoute.POST, {
      method: 'POST',
      path: '/api/v2.1/card/virtual/card/info',
      headers: { authorization: `Bearer ${adminTokenValue}` },
      params: { operation: ['card', 'info'] },
    });
    const all = ['Content-Type', 'X-Tenant-ID', 'X-Forwarded-For', 'X-Forwarded-From', 'platform', 'deviceId'];
    expectB(res, 400, 500, `missing required headers: ${all.join(', ')}`, {
      error: 'MISSING_HEADERS',
      details: `missing required headers: ${all.join(', ')}`,
      errors: all.map((field) => ({ field, message: 'header is required' })),
    });
  });

  it.each([
    ['platform', 'windows', 'must be one of web, ios, android'],
    ['X-Forwarded-For', 'not-an-ip', 'must be an IP address or a comma-separated list of IP addresses'],
    ['X-Forwarded-For', '203.0.113.7, 999.1.1.1', 'must be an IP address or a comma-separated list of IP addresses'],
    ['X-Forwarded-From', '', 'must not be empty'],
    ['X-Forwarded-From', 'svc name with spaces', 'may contain only letters, digits and . _ : @ / + = -'],
    ['deviceId', '', 'must not be empty'],
    ['deviceId', 'x'.repeat(129), 'must be at most 128 characters'],
    ['deviceId', 'dev<script>', 'may contain only letters, digits and . _ : @ / + = -'],
    ['X-Tenant-ID', 'acme', 'must be a tenant UUID'],
  ])('%s = %j: HTTP 400, code 500, request validation failed', async (name, value, message) => {
    const res = await op('card/info', { cardNo: PAN }, cardHeaders(adminTokenValue, tenant.tenantId, { [name]: value }));
    expectB(res, 400, 500, 'request validation failed', { error: 'VALIDATION_FAILED', errors: [{ field: name, message }] });
    expect(seen).toEqual([]);
  });

  it('an X-Forwarded-For list of valid addresses is accepted', async () => {
    const res = await op('card/info', { cardNo: PAN }, cardHeaders(adminTokenValue, tenant.tenantId, { 'X-Forwarded-For': '203.0.113.7, 10.0.0.1, 2001:db8::1' }));
    expect(res.status).toBe(200);
  });

  it('Content-Type other than JSON: HTTP 415, code 415', async () => {
    const res = await op('card/info', JSON.stringify({ cardNo: PAN }), cardHeaders(adminTokenValue, tenant.tenantId, { 'content-type': 'text/plain' }));
    expectB(res, 415, 415, 'unsupported media type', { error: 'UNSUPPORTED_MEDIA_TYPE', details: 'Content-Type must be application/json, got text/plain' });
  });
});

describe('bearer token', () => {
  it('absent: HTTP 401, code 401', async () => {
    const res = await op('card/info', { cardNo: PAN }, cardHeaders(null));
    expectB(res, 401, 401, 'authentication required', { error: 'UNAUTHORIZED', details: 'send Authorization: Bearer <token> from /api/auth/login' });
    expect(res.headers.get('WWW-Authenticate')).toBe('Bearer');
  });

  it.each([
    ['empty', ''],
    ['Bearer with nothing after it', 'Bearer '],
    ['another scheme', 'Basic YWRtaW46YWRtaW4='],
  ])('%s: HTTP 401, code 401', async (_label, value) => {
    const res = await op('card/info', { cardNo: PAN }, { ...cardHeaders(null), authorization: value });
    expectB(res, 401, 401, 'authentication required', { error: 'UNAUTHORIZED', details: 'the Authorization header must be \"Bearer <token>\" with a non-empty token' });
  });

  it('malformed or forged: HTTP 401, code 401', async () => {
    const res = await op('card/info', { cardNo: PAN }, cardHeaders('not.a.jwt'));
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ success: false, code: 401, msg: 'authentication required', data: { error: 'UNAUTHORIZED' } });
    const [head, payload] = adminTokenValue.split('.');
    const forged = await op('card/info', { cardNo: PAN }, cardHeaders(`${head}.${payload}.${'A'.repeat(86)}`));
    expect(forged.json).toMatchObject({ success: false, code: 401, data: { error: 'UNAUTHORIZED' } });
  });

  it('expired (after the 1 hour lifetime): HTTP 401, code 401, token expired with JWT_EXPIRED and expiredAt', async () => {
    const clock = freezeClock();
    const admin = firstAdmin(tenant);
    const login = await cardLogin(tenant.tenantId, admin.email, admin.password);
    expect(login.body.expiresIn).toBe(3600);
    clock.advance(3601_000);
    const res = await op('card/info', { cardNo: PAN }, cardHeaders(login.body.accessToken));
    expectB(res, 401, 401, 'token expired', { error: 'JWT_EXPIRED', expiredAt: new Date(clock.now().getTime() - 1_000).toISOString() });
    expect(seen).toEqual([]);
  });

  it("the token's tenant differs from X-Tenant-ID: HTTP 403, code 403, tenant access denied", async () => {
    const other = await createIdentityTenant();
    const res = await op('card/info', { cardNo: PAN }, cardHeaders(adminTokenValue, other.tenantId));
    expectB(res, 403, 403, 'tenant access denied or categorization not available', { error: 'TENANT_ACCESS_DENIED', tenantId: other.tenantId });
    expect(seen).toEqual([]);
  });

  it('the panel cookie is not a credential of the card API', async () => {
    const res = await op('card/info', { cardNo: PAN }, { ...cardHeaders(null), cookie: 'next-auth.session-token=abc' });
    expect(res.json).toMatchObject({ success: false, code: 401 });
  });
});

describe('roles and scope', () => {
  it('ADMIN_USER: tenant scope for reads and writes', async () => {
    await op('card/info', { cardNo: PAN }, cardHeaders(adminTokenValue));
    await op('card/freeze', { cardNo: PAN, reason: 'suspicious' }, cardHeaders(adminTokenValue));
    expect(seen.map((s) => [s.path, s.headers['x-card-scope']])).toEqual([
      ['/v1/operations/card/info', 'tenant'],
      ['/v1/operations/card/freeze', 'tenant'],
    ]);
  });

  it('EMPLOYEE reads every card of the tenant but may not change state: HTTP 403, code 403', async () => {
    const employee = await createExtraAdmin(tenant, ['EMPLOYEE']);
    const token = (await cardLogin(tenant.tenantId, employee.email, employee.password)).body.accessToken;
    const read = await op('card/info', { cardNo: PAN }, cardHeaders(token));
    expectB(read, 200, 200, 'success', CARD);
    const write = await op('card/freeze', { cardNo: PAN, reason: 'x' }, cardHeaders(token));
    expectB(write, 403, 403, 'access denied', { error: 'FORBIDDEN', details: 'changing a card requires the role ADMIN_USER' });
    expect(seen.map((s) => s.path)).toEqual(['/v1/operations/card/info']);
  });

  it('an administrator without ADMIN_USER or EMPLOYEE has no card access at all', async () => {
    const officer = await createExtraAdmin(tenant, ['COMPLIANCE_OFFICER']);
    const token = (await cardLogin(tenant.tenantId, officer.email, officer.password)).body.accessToken;
    const res = await op('card/info', { cardNo: PAN }, cardHeaders(token));
    expectB(res, 403, 403, 'access denied', {
      error: 'FORBIDDEN',
      details: 'the card API requires a customer user or one of the roles ADMIN_USER, EMPLOYEE',
    });
  });

  it("a customer user's token is scoped to its customer, for reads and writes", async () => {
    const customer = await createCustomerUser(tenant.tenantId);
    const token = (await cardLogin(tenant.tenantId, customer.email, customer.password)).body.accessToken;
    await op('card/info', { cardNo: PAN }, cardHeaders(token));
    await op('card/freeze', { cardNo: PAN, reason: 'lost it' }, cardHeaders(token));
    expect(seen.map((s) => s.headers['x-card-scope'])).toEqual([`customer:${customer.customerId}`, `customer:${customer.customerId}`]);
  });
});

describe('operations and bodies', () => {
  it('an unknown operation: HTTP 404 in Envelope B', async () => {
    const res = await op('card/teleport', { cardNo: PAN }, cardHeaders(adminTokenValue));
    expectB(res, 404, 404, 'unknown card operation', { error: 'UNKNOWN_OPERATION', details: 'no card operation card/teleport' });
  });

  it('sandbox-only operations do not exist in front of a real processor', async () => {
    const res = await op('simulate/authorize', { cardNo: PAN, amount: '1.00', currency: 'EUR', merchant: { name: 'M', mcc: '5411', country: 'DE' } }, cardHeaders(adminTokenValue));
    expectB(res, 404, 404, 'unknown card operation', { error: 'UNKNOWN_OPERATION', details: 'no card operation simulate/authorize' });
  });

  it('another method: HTTP 405 in Envelope B with Allow', async () => {
    const res = await op('card/info', undefined, cardHeaders(adminTokenValue), 'GET');
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe('POST, OPTIONS');
    expect(res.json).toMatchObject({ success: false, code: 405, msg: 'method not allowed' });
  });

  it('a body that fails the operation schema: HTTP 400, code 500, every field named', async () => {
    const res = await op('card/freeze', { cardNo: '1234', extra: true }, cardHeaders(adminTokenValue));
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      success: false,
      code: 500,
      msg: 'request validation failed',
      data: {
        error: 'VALIDATION_FAILED',
        errors: expect.arrayContaining([
          { field: 'cardNo', message: 'must be a card number of 12 to 19 digits or a cardId' },
          expect.objectContaining({ field: 'reason' }),
          { field: 'extra', message: 'unknown field: not accepted by this operation' },
        ]),
      },
    });
  });

  it('malformed JSON: HTTP 400, code 500', async () => {
    const res = await op('card/info', '{"cardNo":', cardHeaders(adminTokenValue));
    expectB(res, 400, 500, 'malformed JSON body', { error: 'MALFORMED_JSON', details: 'the body is not valid JSON' });
  });

  it('forwards tenant, user, request id, idempotency key and the processor key; the body is the parsed body', async () => {
    reply = () => ({ body: { ok: true, data: { ...CARD, status: 'INACTIVE' } } });
    const body = { cardholderId: 'ch_1', currency: 'EUR', idempotencyKey: 'apply-1' };
    const res = await op('card/apply', body, cardHeaders(adminTokenValue, tenant.tenantId, { 'X-Request-ID': 'req-card-1' }));
    expectB(res, 200, 200, 'success', { ...CARD, status: 'INACTIVE' });
    expect(res.headers.get('X-Request-ID')).toBe('req-card-1');
    const [s] = seen;
    expect(s!.body).toEqual(body);
    expect(s!.headers).toMatchObject({
      'x-tenant-id': tenant.tenantId,
      'x-user-id': tenant.userId,
      'x-request-id': 'req-card-1',
      'idempotency-key': 'apply-1',
      authorization: `Bearer ${API_KEY}`,
      'content-type': 'application/json',
    });
  });

  it('sensitive operations are never cached', async () => {
    reply = () => ({ body: { ok: true, data: { token: 'rt_1', expiresAt: '2026-11-21T10:01:00.000Z' } } });
    const res = await op('secure/reveal-token', { cardNo: PAN, otp: '123456' }, cardHeaders(adminTokenValue));
    expect(res.status).toBe(200);
    expect([res.headers.get('Cache-Control'), res.headers.get('Pragma')]).toEqual(['no-store', 'no-cache']);
  });
});

describe('processor answers', () => {
  it('a business error: HTTP 200, success false, code -1, the catalogue msg and data.reason', async () => {
    reply = () => ({ body: { ok: false, reason: 'CARD_NOT_FOUND' } });
    const res = await op('card/info', { cardNo: PAN }, cardHeaders(adminTokenValue));
    expectB(res, 200, -1, 'card not found', { reason: 'CARD_NOT_FOUND' });
  });

  it('a business error with details and extra data members', async () => {
    reply = () => ({ body: { ok: false, reason: 'OTP_INVALID', details: 'the code does not match', data: { attemptsRemaining: 3 } } });
    const res = await op('card/activate', { cardNo: PAN, otp: '000000' }, cardHeaders(adminTokenValue));
    expectB(res, 200, -1, 'one-time code is invalid', { reason: 'OTP_INVALID', details: 'the code does not match', attemptsRemaining: 3 });
  });

  it.each([
    ['HTTP 500 with an internal body', { status: 500, raw: '{"stack":"at secret.js:1","pan":"4000001234567899"}' }],
    ['HTTP 503', { status: 503, raw: 'upstream down' }],
    ['HTTP 400 (version skew)', { status: 400, body: { error: 'VALIDATION_FAILED' } }],
    ['a body that is not JSON', { raw: '<html>oops</html>' }],
    ['an unexpected shape', { body: { result: 'fine' } }],
    ['an unknown business reason', { body: { ok: false, reason: 'SOMETHING_NEW' } }],
    ['data that does not match the operation (a clear card number)', { body: { ok: true, data: { ...CARD, cardNo: PAN } } }],
  ])('%s: HTTP 502, code 500, nothing of the processor body', async (_label, r) => {
    reply = () => r as Reply;
    const res = await op('card/info', { cardNo: PAN }, cardHeaders(adminTokenValue));
    expectB(res, 502, 500, 'card processor unavailable', { error: 'PROCESSOR_UNAVAILABLE', details: 'the card processor did not give a usable answer; retry later' });
    expect(res.text).not.toContain('secret');
    expect(res.text).not.toContain(PAN);
  });

  it('no answer within CARD_PROCESSOR_TIMEOUT_MS: HTTP 504, code 500', async () => {
    reply = () => ({ delayMs: 1_500, body: { ok: true, data: CARD } });
    const res = await op('card/info', { cardNo: PAN }, cardHeaders(adminTokenValue));
    expectB(res, 504, 500, 'card processor timed out', { error: 'PROCESSOR_TIMEOUT', details: 'the card processor did not answer in time; retry later' });
  });

  it('a processor that cannot be reached: HTTP 502, code 500', async () => {
    process.env.CARD_PROCESSOR_URL = 'http://127.0.0.1:9/';
    resetEnvCache();
    try {
      const res = await op('card/info', { cardNo: PAN }, cardHeaders(adminTokenValue));
      expectB(res, 502, 500, 'card processor unavailable', { error: 'PROCESSOR_UNAVAILABLE', details: 'the card processor did not give a usable answer; retry later' });
    } finally {
      process.env.CARD_PROCESSOR_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
      resetEnvCache();
    }
  });

  it('a number that looks like a card number (a page number) stays a number: the answer remains JSON', async () => {
    reply = () => ({ body: { ok: true, data: { items: [{ ...CARD, nickname: `card ${PAN}` }], pageNo: Number(PAN), pageSize: 20, total: 1 } } });
    const res = await op('card/list', { pageNo: Number(PAN) }, cardHeaders(adminTokenValue));
    expectB(res, 200, 200, 'success', { items: [{ ...CARD, nickname: `card ${MASKED}` }], pageNo: 4000001234567899, pageSize: 20, total: 1 });
  });

  it('card numbers in any answer but secure/reveal are masked by the gateway', async () => {
    reply = () => ({ body: { ok: false, reason: 'CARD_NOT_FOUND', details: `no card ${PAN}` } });
    const masked = await op('card/info', { cardNo: PAN }, cardHeaders(adminTokenValue));
    expectB(masked, 200, -1, 'card not found', { reason: 'CARD_NOT_FOUND', details: `no card ${MASKED}` });

    reply = () => ({ body: { ok: true, data: { cardNo: PAN, cvv: '123', expiresAt: '2026-11-21T10:01:00.000Z' } } });
    const reveal = await op('secure/reveal', { cardNo: PAN, otp: '123456', fields: ['PAN', 'CVV'] }, cardHeaders(adminTokenValue));
    expectB(reveal, 200, 200, 'success', { cardNo: PAN, cvv: '123', expiresAt: '2026-11-21T10:01:00.000Z' });
  });
});

describe('maskPans', () => {
  it('masks Luhn-valid 13-19 digit runs only', () => {
    expect(maskPans(`{"a":"${PAN}","b":"4000001234567890","c":"12345678901234567890","d":"5555555555554444"}`)).toBe(
      `{"a":"${MASKED}","b":"4000001234567890","c":"12345678901234567890","d":"555555******4444"}`,
    );
  });

  it('leaves phone numbers and digit runs no card scheme starts with alone', () => {
    // +4915112345678 and 9000000000000009 are Luhn-valid but not card numbers
    expect(maskPans('{"phone":"+4915112345678","ref":"9000000000000009","id":"1000000000000008"}')).toBe('{"phone":"+4915112345678","ref":"9000000000000009","id":"1000000000000008"}');
  });
});
