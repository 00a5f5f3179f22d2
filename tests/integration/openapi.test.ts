import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import * as openapiRoute from '@/app/api/openapi.json/route';
import { CARD_BUSINESS_ERRORS } from '@/lib/contract/card-errors';
import { ALL_CARD_OPERATIONS } from '@/lib/contract/card-operations';
import { MAX_AMOUNT, MAX_BALANCE } from '@/lib/contract/money';
import { ROUTES } from '@/lib/contract/routes';
import { buildOpenApiDocument, openApiFileJson, openApiJson } from '@/lib/openapi/document';
import { call } from './helpers';

/**
 * The OpenAPI document: valid OpenAPI 3.1 (@readme/openapi-parser), the committed docs/openapi.json
 * current, served compact at GET /api/openapi.json. It is built from the route definitions
 * (lib/contract/routes), which tests/integration/routes.test.ts ties to the route files.
 * `redocly lint` (npm run openapi:lint) checks the recommended rules on top.
 */
const ROOT = path.resolve(__dirname, '../..');
type Doc = { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> } & Record<string, unknown>;
const doc = buildOpenApiDocument() as Doc;

/**
 * Bytes per operation of the served document. It was 2,729,612 bytes in March 2026, before it named
 * shared schemas; a fifth of that was met at 545,096 bytes for 184 operations (2,962 each). 3,100
 * became 3,150 when every operation declared the edge's 431 (a shared response, 57 bytes a
 * reference) and its 409s, 400 and 401s (3,026 before, 3,121 after).
 */
const BYTES_PER_OPERATION = 3_150;

/** Follows local `$ref`s (one level at a time, as a reader of the document does). */
function resolve<T = Record<string, unknown>>(value: unknown): T {
  let node = value as Record<string, unknown>;
  while (node && typeof node.$ref === 'string') {
    node = (node.$ref as string)
      .slice(2)
      .split('/')
      .reduce<unknown>((at, key) => (at as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc) as Record<string, unknown>;
  }
  return node as T;
}

type Media = { schema?: unknown; examples?: Record<string, unknown> };
/** An operation's answer for a status, with its JSON examples resolved. */
function answerOf(path: string, method: string, status: string): { schema?: unknown; examples: Record<string, { value: unknown }> } {
  const op = doc.paths[path]![method] as unknown as { responses: Record<string, unknown> };
  const media = resolve<{ content: Record<string, Media> }>(op.responses[status]).content['application/json']!;
  return { schema: media.schema, examples: Object.fromEntries(Object.entries(media.examples ?? {}).map(([name, example]) => [name, resolve<{ value: unknown }>(example)])) };
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document (validated by @readme/openapi-parser)', async () => {
    const result = await validate(JSON.parse(openApiJson()));
    expect(result).toEqual({ valid: true, warnings: [], specification: 'OpenAPI' });
  });

  it('says what the contract says: title, version, OpenAPI 3.1, this server and a sandbox server', () => {
    expect({ openapi: doc.openapi, info: (doc.info as Record<string, unknown>).title, version: (doc.info as Record<string, unknown>).version }).toEqual({
      openapi: '3.1.0',
      info: 'Business BFF API',
      version: '1.0.0',
    });
    expect((doc.servers as Array<{ url: string; description: string }>).map((s) => s.url)).toEqual(['/', 'http://localhost:3000']);
    expect((doc.servers as Array<{ description: string }>)[1]!.description).toMatch(/sandbox/);
  });

  it('the committed docs/openapi.json is current (run npm run openapi after changing a route or schema)', () => {
    const committed = readFileSync(path.join(ROOT, 'docs/openapi.json'), 'utf8');
    expect(committed === openApiFileJson(), 'docs/openapi.json is stale: run `npm run openapi` and commit it').toBe(true);
    expect(JSON.parse(committed)).toEqual(JSON.parse(openApiJson()));
  });

  /**
   * The document grows with the API, so the budget holds the bytes per operation instead of the
   * total (3,020 with issue 29's 217 operations): name shared schemas in lib/openapi/components.ts
   * rather than repeating them.
   */
  it('stays small per operation, served compact (a fifth of its former size when the budget was set)', () => {
    const document = JSON.parse(openApiJson()) as Doc;
    const operations = Object.values(document.paths).flatMap((item) => Object.keys(item).filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))).length;
    expect(Buffer.byteLength(openApiJson()) / operations).toBeLessThan(BYTES_PER_OPERATION);
  });

  it('is served at GET /api/openapi.json: the compact JSON, with an ETag that answers 304 (gzip: Next.js, see the browser spec)', async () => {
    const plain = await call(openapiRoute.GET, { path: '/api/openapi.json' });
    expect([plain.status, plain.headers.get('content-type'), plain.headers.get('vary'), plain.headers.get('cache-control'), plain.text === openApiJson()]).toEqual([
      200,
      'application/json',
      'Accept-Encoding',
      'public, max-age=300',
      true,
    ]);
    const etag = plain.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const again = await call(openapiRoute.GET, { path: '/api/openapi.json', headers: { 'if-none-match': etag! } });
    expect([again.status, again.text, again.headers.get('etag')]).toEqual([304, '', etag]);
    const changed = await call(openapiRoute.GET, { path: '/api/openapi.json', headers: { 'if-none-match': '"another"' } });
    expect([changed.status, changed.text === openApiJson()]).toEqual([200, true]);
  });

  it('has one path per card operation (46 + the sandbox ones), each answering Envelope B: success or a business error, told apart by success and code', () => {
    const names = Object.keys(ALL_CARD_OPERATIONS);
    expect(names.length).toBe(50);
    for (const name of names) {
      const op = doc.paths[`/api/v2.1/card/virtual/${name}`]?.post as unknown as Record<string, unknown>;
      expect(op, name).toBeDefined();
      expect(op.security).toEqual([{ bearerAuth: [] }]);
      const { schema } = answerOf(`/api/v2.1/card/virtual/${name}`, 'post', '200') as { schema: { oneOf: Array<{ properties?: Record<string, unknown>; $ref?: string }> } };
      expect(schema.oneOf).toHaveLength(2);
      expect(schema.oneOf[0]!.properties).toMatchObject({ success: { const: true }, code: { const: 200 }, msg: { const: 'success' } });
      expect(schema.oneOf[1]).toEqual({ $ref: '#/components/schemas/CardBusinessError' });
      expect((op.responses as Record<string, unknown>)['429']).toEqual({ $ref: '#/components/responses/TooManyRequestsB' });
    }
    const business = resolve<{ properties: Record<string, unknown>; examples: Array<{ data: { reason: string } }> }>({ $ref: '#/components/schemas/CardBusinessError' });
    expect(business.properties).toMatchObject({ success: { const: false }, code: { const: -1 } });
    expect(business.examples.map((e) => e.data.reason)).toEqual(Object.keys(CARD_BUSINESS_ERRORS));
  });

  it('names shared schemas once in components and refers to them; request bodies stay strict and keep the money bounds', () => {
    const schemas = (doc.components as { schemas: Record<string, Record<string, unknown>> }).schemas;
    expect(Object.keys(schemas)).toEqual(
      expect.arrayContaining(['Uuid', 'DateTime', 'Currency', 'Amount', 'PositiveAmount', 'Wallet', 'Transfer', 'Card', 'ErrorEnvelopeA', 'CardBusinessError']),
    );
    const text = openApiJson();
    // the long patterns of a UUID and a date-time appear once, in their components
    expect(text.split('"format":"uuid"').length - 1).toBe(1);
    expect(text.split('"format":"date-time"').length - 1).toBe(1);
    expect(answerOf('/api/v2.1/wallets/{walletId}', 'get', '200').schema).toEqual({
      allOf: [{ $ref: '#/components/schemas/EnvelopeA' }, { properties: { data: { $ref: '#/components/schemas/Wallet' } } }],
    });
    const body = (doc.paths['/api/v2.1/transfers']!.post as unknown as { requestBody: { content: Record<string, { schema: Record<string, unknown> }> } }).requestBody.content[
      'application/json'
    ]!.schema;
    expect(body.additionalProperties).toBe(false);
    expect((body.properties as Record<string, unknown>).amount).toMatchObject({ $ref: '#/components/schemas/PositiveAmount' });
    expect(schemas.PositiveAmount).toMatchObject({ 'x-maximum': MAX_AMOUNT });
    expect((doc.info as Record<string, unknown>)['x-money-bounds']).toEqual({ MAX_AMOUNT, MAX_BALANCE });
    expect((doc.info as Record<string, unknown>).license).toEqual({ name: 'Proprietary: all rights reserved', identifier: 'LicenseRef-Proprietary' });
    expect((doc.tags as Array<{ name: string; description?: string }>).filter((t) => !t.description)).toEqual([]);
  });

  // 400 (every query parameter is held to the text rule) and the edge's 431 too: the fuzzer saw both undeclared
  it('every operation answers 400, 429, 431 and 500, and the creating POSTs take Idempotency-Key', () => {
    const idempotent: string[] = [];
    for (const [p, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        expect(Object.keys(op.responses), `${method} ${p}`).toEqual(expect.arrayContaining(['200', '400', '429', '431', '500']));
        const params = (op as unknown as { parameters: Array<{ $ref?: string }> }).parameters;
        const key = params.find((x) => x.$ref?.startsWith('#/components/parameters/IdempotencyKey'));
        if (key) idempotent.push(`${method.toUpperCase()} ${p}${key.$ref!.endsWith('Required') ? ' (required)' : ''}`);
      }
    }
    // exactly the definitions that declare it (lib/contract/routes): the wrapper takes the same flag from them
    const declared = ROUTES.filter((r) => r.idempotency).map((r) => `${r.method} ${r.path}${r.idempotency === 'required' ? ' (required)' : ''}`);
    expect(idempotent.sort()).toEqual(declared.sort());
    expect(declared.length).toBeGreaterThanOrEqual(10);
    expect((doc.components as { parameters: Record<string, unknown> }).parameters.IdempotencyKeyRequired).toMatchObject({ name: 'Idempotency-Key', in: 'header', required: true });
  });

  it('links the wallet, transfer and panel routes to their contract schemas and catalogue errors', () => {
    type Op = {
      parameters: Array<{ name?: string; in?: string; $ref?: string }>;
      requestBody?: unknown;
      responses: Record<string, { content?: Record<string, { schema?: unknown; examples?: Record<string, { value: unknown }> }> }>;
    };
    const post = doc.paths['/api/v2.1/transfers']!.post as unknown as Op;
    expect(post.requestBody).toBeDefined();
    expect(post.parameters).toContainEqual({ $ref: '#/components/parameters/IdempotencyKeyRequired' });
    const bad = answerOf('/api/v2.1/transfers', 'post', '400').examples;
    expect(Object.values(bad).map((e) => e.value)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 400, data: expect.objectContaining({ details: 'missing required headers: Idempotency-Key' }) }),
        { code: 400, message: 'insufficient balance', data: { availableBalance: '50.00', requestedAmount: '200.00', currency: 'EUR' } },
      ]),
    );
    expect(answerOf('/api/v2.1/transfers', 'post', '409').examples.IDEMPOTENT_REQUEST_IN_PROGRESS!.value).toMatchObject({
      code: 409,
      data: { error: 'IDEMPOTENT_REQUEST_IN_PROGRESS', idempotencyKey: 'order-4711' },
    });
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['400', '401', '403', '404', '409', '422']));

    const customers = doc.paths['/api/v2.1/customers']!.get as unknown as Op;
    expect(customers.parameters.filter((p) => p.in === 'query').map((p) => p.name)).toEqual(expect.arrayContaining(['q', 'organizationId', 'sort', 'pageNo', 'pageSize']));
    for (const [path, method] of [
      ['/api/v2.1/wallets', 'get'],
      ['/api/v2.1/wallets/{walletId}/statement', 'get'],
      ['/api/v2.1/transaction-limits', 'put'],
      ['/api/v2.1/customers/{customerId}', 'get'],
      ['/api/v2.1/dashboard/summary', 'get'],
      ['/api/v2.1/panel/card-token', 'post'],
      ['/api/v2.1/ledger/reconciliation', 'get'],
    ] as const) {
      const schema = answerOf(path, method, '200').schema as { allOf: [unknown, { properties: { data: unknown } }] };
      const data = resolve(schema.allOf[1].properties.data);
      expect(JSON.stringify(data), `${method} ${path}`).toContain('"properties"');
    }
  });

  it("declares every success status an operation answers: a partner's event of a type it does not act on is kept, 202 (the fuzzer found it undeclared)", () => {
    const receive = doc.paths['/api/v2.1/external-events/{partnerId}']!.post!;
    expect(Object.keys(receive.responses).filter((status) => status.startsWith('2'))).toEqual(['200', '202']);
    expect((receive.responses['202'] as { description: string }).description).toBe("external event kept: unknown type: a type the partner's kind does not act on, kept as UNKNOWN_TYPE");
    expect(answerOf('/api/v2.1/external-events/{partnerId}', 'post', '202').schema).toEqual(answerOf('/api/v2.1/external-events/{partnerId}', 'post', '200').schema);
  });

  it('shows the catalogue examples exactly as the API answers them', () => {
    expect(answerOf('/api/v2.1/customer/organization/registration', 'post', '409').examples).toMatchObject({
      ORGANIZATION_ALREADY_EXISTS: {
        value: { code: 409, message: 'organization already exists', data: { error: 'ORGANIZATION_ALREADY_EXISTS', registrationNumber: 'HRB 12345' } },
      },
      IDEMPOTENT_REQUEST_IN_PROGRESS: { value: { code: 409, message: 'conflict', data: { error: 'IDEMPOTENT_REQUEST_IN_PROGRESS' } } },
    });
    expect(answerOf('/api/v2.1/customer/organization/registration', 'post', '422').examples.IDEMPOTENCY_KEY_REUSED!.value).toEqual({
      code: 422,
      message: 'idempotency key reused with a different request',
      data: { error: 'IDEMPOTENCY_KEY_REUSED', details: 'this Idempotency-Key was used with a different request; use a new key for a new request' },
    });
  });
});
