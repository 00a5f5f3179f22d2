import { z } from 'zod';
import { CARD_BUSINESS_ERRORS, cardBusinessErrorDataSchema } from '@/lib/contract/card-errors';
import { errorDataSchema } from '@/lib/contract/envelopes';
import { MAX_HEADER_BYTES } from '@/lib/contract/errors';
import { MAX_AMOUNT, MAX_BALANCE } from '@/lib/contract/money';
import { strictInput } from '@/lib/contract/strict';
import { contextHeaderSchemas, type ContextHeaderName } from '@/lib/contract/headers';
import {
  cardProcessorTimeout,
  cardProcessorUnavailable,
  headersTooLarge,
  idempotencyKeyReused,
  idempotentRequestInProgress,
  internalError,
  malformedJson,
  missingHeaders,
  notFound,
  payloadTooLarge,
  tenantAccessDenied,
  tokenExpired,
  tooManyRequests,
  unauthorized,
  unsupportedMediaType,
  validationFailed,
  type ApiError,
} from '@/lib/contract/api-errors';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '@/lib/contract/idempotency';
import { envelopeBErrorBody } from '@/lib/http/envelope';
import { expandEnumRecords, namePrimitives, shareExamples, shareResponses } from './compact';
import { NAMED_SCHEMAS, PRIMITIVES, TAG_DESCRIPTIONS } from './components';
import { isSignedInCapability, rolesWith } from '@/lib/contract/access';
import { documentedRoutes, type RouteSpec } from '@/lib/contract/routes';
import { refusalOf } from '@/lib/contract/routes/types';

/**
 * Builds the OpenAPI 3.1 document from the operation registry and the zod schemas of lib/contract
 * (zod 4's z.toJSONSchema, JSON Schema draft 2020-12, which OpenAPI 3.1 uses as is). Pure and
 * deterministic: `npm run openapi` writes its output to docs/openapi.json and a test compares.
 */
type Json = Record<string, unknown>;

export const OPENAPI_INFO = { title: 'Business BFF API', version: '1.0.0' } as const;

/** Schemas named in components/schemas by identity (components.ts); the primitives are matched by form. */
const COMPONENTS: Record<string, z.ZodType> = NAMED_SCHEMAS;

const EXAMPLE_REQUEST_ID = 'req_01J9Z3K7Q8M2N4P6R8T0V2X4Z6';
const EXAMPLE_TENANT = '5d3c1b2a-8e7f-4a6b-9c0d-1e2f3a4b5c6d';
const EXAMPLE_REFUSED_USER = '3b8e1f0c-6d2a-4c7e-9a1b-5f4d3c2b1a09';

class SchemaConverter {
  readonly components: Record<string, Json> = {};

  /** zod -> JSON Schema; named components are hoisted and referenced. */
  convert(schema: z.ZodType, io: 'input' | 'output'): Json {
    const json = expandEnumRecords(z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any', cycles: 'ref', reused: 'inline' })) as Json;
    delete json.$schema;
    const defs = (json.$defs ?? {}) as Record<string, Json>;
    delete json.$defs;
    const names: Record<string, string> = {};
    for (const [name, def] of Object.entries(defs)) names[name] = this.hoist(name, def, io);
    // the root itself is a named component
    const rootId = typeof json.id === 'string' ? json.id : undefined;
    const rewritten = this.rewrite(json, names) as Json;
    if (rootId) {
      delete rewritten.id;
      return { $ref: `#/components/schemas/${this.hoist(rootId, rewritten, io, names)}` };
    }
    return rewritten;
  }

  private hoist(name: string, def: Json, io: 'input' | 'output', names: Record<string, string> = {}): string {
    const body = this.rewrite({ ...def }, names) as Json;
    delete body.id;
    const text = JSON.stringify(body);
    const existing = this.components[name];
    if (!existing || JSON.stringify(existing) === text) {
      this.components[name] = body;
      return name;
    }
    // the request form of a schema (defaults optional, before transforms) may differ from the answer form
    const alt = io === 'input' ? `${name}Input` : `${name}Output`;
    this.components[alt] = body;
    return alt;
  }

  private rewrite(value: unknown, names: Record<string, string>): unknown {
    if (Array.isArray(value)) return value.map((v) => this.rewrite(v, names));
    if (value && typeof value === 'object') {
      const out: Json = {};
      for (const [k, v] of Object.entries(value)) {
        if (k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')) {
          const name = v.slice('#/$defs/'.length);
          out[k] = `#/components/schemas/${names[name] ?? name}`;
        } else out[k] = this.rewrite(v, names);
      }
      return out;
    }
    return value;
  }
}

/** Runs `build` with the component ids set on the shared schemas, and takes them off again. */
function withComponentIds<T>(build: () => T): T {
  const saved: Array<[z.ZodType, ReturnType<typeof z.globalRegistry.get>]> = [];
  for (const [id, schema] of Object.entries(COMPONENTS)) {
    const previous = z.globalRegistry.get(schema);
    saved.push([schema, previous]);
    if (previous) z.globalRegistry.remove(schema);
    z.globalRegistry.add(schema, { ...previous, id });
  }
  try {
    return build();
  } finally {
    for (const [schema, previous] of saved) {
      z.globalRegistry.remove(schema);
      if (previous) z.globalRegistry.add(schema, previous);
    }
  }
}

const envelopeAOf = (data: Json): Json => ({
  type: 'object',
  required: ['code', 'message', 'data'],
  properties: { code: { type: 'integer', description: 'mirrors the HTTP status' }, message: { type: 'string' }, data },
});

/**
 * Envelope B in its three forms, told apart by `success` and `code` (lib/http/card-gateway.ts,
 * lib/http/callers.ts): the success answer (true, 200, msg "success"), a business error
 * (HTTP 200: false, -1) and a transport error (false, the HTTP status or 500). A card operation's 200
 * is `oneOf` the first two; their `success` constants make the branches exclusive. No `discriminator`
 * object: OpenAPI's discriminator names a string property, and `success` is a boolean.
 */
const envelopeBOf = (data: Json, form: 'success' | 'business' | 'error'): Json => ({
  type: 'object',
  required: ['success', 'code', 'msg', 'data'],
  properties: {
    success: { const: form === 'success' },
    code:
      form === 'success'
        ? { const: 200 }
        : form === 'business'
          ? { const: -1, description: 'a business error: HTTP 200, the reason in data.reason' }
          : { type: 'integer', description: '401 unauthorized, 500 bad request or server error; other statuses mirror HTTP' },
    msg: form === 'success' ? { const: 'success' } : { type: 'string' },
    data,
  },
});

const slug = (text: string) =>
  text
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')
    .slice(0, 60) || 'example';

function exampleOf(error: ApiError, envelope: 'A' | 'B'): Json {
  return envelope === 'B' ? (envelopeBErrorBody(error) as unknown as Json) : { code: error.status, message: error.message, data: error.data };
}

/** Statuses every operation may answer alike, each one response of the components (per envelope). */
const SHARED_RESPONSES: Record<number, string> = { 431: 'HeadersTooLarge', 429: 'TooManyRequests', 500: 'InternalError' };

/** The generic errors an operation answers, from its shape; then its own catalogue rows. */
function errorsOf(op: RouteSpec): ApiError[] {
  const errors: ApiError[] = [];
  const required = [...(op.headers?.required ?? []), ...(op.auth === 'tenant' || op.auth === 'tenantOptionalBearer' ? (['X-Tenant-ID'] as const) : [])];
  const uniqueRequired = [...new Set(required)];
  if (op.auth === 'card') errors.push(missingHeaders(['Content-Type', ...uniqueRequired]));
  else if (uniqueRequired.length) errors.push(missingHeaders(uniqueRequired));
  // every operation: each query parameter is held to the text rule, whether or not the operation reads it
  errors.push(validationFailed([{ field: op.body ? 'body.field' : op.params ? 'params.id' : uniqueRequired.length ? 'header' : 'q', message: 'explains what is wrong' }]));
  if (op.body) errors.push(malformedJson('the body is not valid JSON (error at position 1)'), unsupportedMediaType('text/plain'), payloadTooLarge(1_048_576));
  if (op.idempotency === 'required') errors.push(missingHeaders([IDEMPOTENCY_KEY_HEADER]));
  if (op.idempotency) errors.push(validationFailed([{ field: IDEMPOTENCY_KEY_HEADER, message: 'must be at most 255 characters' }]));
  // a credential is optional, but one that is sent must be valid
  if (op.auth === 'tenantOptionalBearer') errors.push(unauthorized('the bearer token is malformed'), tokenExpired(new Date('2026-01-01T12:00:00.000Z')));
  if (op.auth === 'bearer' || op.auth === 'card')
    errors.push(
      unauthorized(op.auth === 'card' ? 'send Authorization: Bearer <token> from /api/auth/login' : 'sign in, or send Authorization: Bearer <token>'),
      tokenExpired(new Date('2026-01-01T12:00:00.000Z')),
    );
  if (op.auth === 'platformKey') errors.push(unauthorized('a valid platform operator key is required: Authorization: Bearer <PLATFORM_ADMIN_KEY>'));
  if (op.auth !== 'none' && op.auth !== 'platformKey') errors.push(tenantAccessDenied(EXAMPLE_TENANT));
  // the caller of the example holds no role of the capability (the definition's own refusal, or the generic 403)
  if (op.allow && !isSignedInCapability(op.allow)) errors.push(refusalOf({ allow: op.allow, refusal: op.refusal }, { userId: EXAMPLE_REFUSED_USER, roles: [] }));
  const lastParam = [...op.path.matchAll(/\{(\w+)\}/g)].pop()?.[1];
  if (lastParam && op.auth !== 'tenant' && !op.errors?.some((e) => e.status === 404)) errors.push(notFound(resourceOf(lastParam)));
  if (op.idempotency === true) errors.push(idempotentRequestInProgress(), idempotencyKeyReused());
  errors.push(...(op.errors ?? []));
  // answered by the edge, before any route: the request line and headers over its limit
  errors.push(headersTooLarge(MAX_HEADER_BYTES));
  errors.push(tooManyRequests(17));
  if (op.auth === 'card') errors.push(cardProcessorUnavailable(), cardProcessorTimeout());
  errors.push(internalError(EXAMPLE_REQUEST_ID));
  return errors;
}

/** `{walletId}` -> "wallet", `{beneficiaryId}` -> "beneficiary": the resource a 404 names. */
const resourceOf = (param: string) =>
  param
    .replace(/Id$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();

const HEADER_REF = (name: string) => ({ $ref: `#/components/headers/${name}` });
const COMMON_HEADERS = { 'X-Request-ID': HEADER_REF('X-Request-ID'), RateLimit: HEADER_REF('RateLimit'), 'RateLimit-Policy': HEADER_REF('RateLimit-Policy') };

/**
 * The headers of an answer. X-Request-ID and the RateLimit fields come with every answer (info says
 * so); they are declared on the success answer and the shared 429, not repeated on each error.
 */
function responseHeaders(op: RouteSpec, status: number): Json | undefined {
  const headers: Json = status === 200 ? { ...COMMON_HEADERS } : {};
  if (op.idempotency === true && status === 409) headers['Retry-After'] = HEADER_REF('Retry-After');
  if (op.idempotency && status < 500) headers[IDEMPOTENT_REPLAYED_HEADER] = HEADER_REF(IDEMPOTENT_REPLAYED_HEADER);
  return Object.keys(headers).length ? headers : undefined;
}

function parametersOf(op: RouteSpec, convert: SchemaConverter): Json[] {
  const parameters: Json[] = [];
  const objectParams = (schema: z.ZodType | undefined, where: 'path' | 'query') => {
    if (!schema) return;
    const json = convert.convert(schema, 'input');
    const properties = (json.properties ?? {}) as Record<string, Json>;
    const required = new Set((json.required ?? []) as string[]);
    for (const [name, property] of Object.entries(properties)) {
      const { description, ...rest } = property;
      parameters.push({ name, in: where, required: where === 'path' || required.has(name), ...(description ? { description } : {}), schema: rest });
    }
  };
  objectParams(op.params, 'path');
  if (!op.params) {
    for (const [, name] of op.path.matchAll(/\{(\w+)\}/g)) parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } });
  }
  objectParams(op.query, 'query');
  const required = new Set<ContextHeaderName>([...(op.headers?.required ?? []), ...(op.auth === 'tenant' || op.auth === 'tenantOptionalBearer' ? (['X-Tenant-ID'] as const) : [])]);
  const optional = new Set<ContextHeaderName>([...(op.headers?.optional ?? []), ...(op.auth === 'bearer' ? (['X-Tenant-ID'] as const) : [])].filter((h) => !required.has(h)));
  for (const [names, isRequired] of [
    [required, true],
    [optional, false],
  ] as const) {
    for (const name of names) parameters.push({ $ref: `#/components/parameters/${headerParameterName(name, isRequired)}` });
  }
  if (op.idempotency) parameters.push({ $ref: `#/components/parameters/${op.idempotency === 'required' ? 'IdempotencyKeyRequired' : 'IdempotencyKey'}` });
  parameters.push({ $ref: '#/components/parameters/XRequestID' });
  return parameters;
}

const headerParameterName = (name: ContextHeaderName, required: boolean) => `${name}${required ? '' : '-optional'}`;

/** The contract's context headers as shared parameters, a required and an optional form each. */
function headerParameters(convert: SchemaConverter, used: Set<string>): Json {
  const out: Json = {};
  for (const name of Object.keys(contextHeaderSchemas) as ContextHeaderName[]) {
    const { description, ...schema } = convert.convert(contextHeaderSchemas[name], 'input');
    for (const required of [true, false]) {
      const key = headerParameterName(name, required);
      if (used.has(key)) out[key] = { name, in: 'header', required, ...(description ? { description } : {}), schema };
    }
  }
  return out;
}

function securityOf(op: RouteSpec): Json[] | undefined {
  switch (op.auth) {
    case 'bearer':
      return [{ bearerAuth: [] }, { panelCookie: [] }];
    case 'card':
      return [{ bearerAuth: [] }];
    case 'platformKey':
      return [{ platformKey: [] }];
    case 'tenantOptionalBearer':
      return [{}, { bearerAuth: [] }];
    default:
      return [];
  }
}

const rawContent = (types: readonly string[]): Json => Object.fromEntries(types.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]));

function successOf(op: RouteSpec, convert: SchemaConverter): Json {
  const alternative = rawContent(op.alternativeContentTypes ?? []);
  if (op.responseContentType) {
    return { description: op.summary, headers: responseHeaders(op, 200), content: { ...rawContent([op.responseContentType]), ...alternative } };
  }
  const data = op.response ? convert.convert(op.response, 'output') : { type: 'object' };
  const envelope = op.envelope ?? 'A';
  const schema =
    envelope === 'A'
      ? { allOf: [{ $ref: '#/components/schemas/EnvelopeA' }, { properties: { data } }] }
      : envelope === 'B'
        ? { oneOf: [envelopeBOf(data, 'success'), { $ref: '#/components/schemas/CardBusinessError' }] }
        : data;
  const content: Json = { schema };
  const description = envelope === 'B' ? 'Envelope B: success, or a business error (success false, code -1, data.reason)' : (op.message ?? 'OK');
  return { description, headers: responseHeaders(op, 200), content: { 'application/json': content, ...alternative } };
}

function operationObject(op: RouteSpec, convert: SchemaConverter): Json {
  const envelope = op.envelope === 'B' ? 'B' : 'A';
  const responses: Json = { '200': successOf(op, convert) };
  if (op.accepted) responses['202'] = { ...successOf(op, convert), description: `${op.accepted.message}: ${op.accepted.when}` };
  const byStatus = new Map<number, ApiError[]>();
  for (const error of errorsOf(op)) byStatus.set(error.status, [...(byStatus.get(error.status) ?? []), error]);
  for (const [status, errors] of [...byStatus].sort(([a], [b]) => a - b)) {
    if (SHARED_RESPONSES[status]) {
      // the same for every operation: shared responses keep the document small
      responses[String(status)] = { $ref: `#/components/responses/${SHARED_RESPONSES[status]}${envelope}` };
      continue;
    }
    const examples: Json = {};
    for (const error of errors) {
      let name = slug(String(error.data.error ?? error.message));
      for (let i = 2; examples[name]; i++) name = `${slug(String(error.data.error ?? error.message))}_${i}`;
      examples[name] = { summary: error.message, value: exampleOf(error, envelope) };
    }
    const headers = responseHeaders(op, status);
    responses[String(status)] = {
      description: [...new Set(errors.map((e) => e.message))].join('; '),
      ...(headers ? { headers } : {}),
      content: { 'application/json': { schema: { $ref: `#/components/schemas/${envelope === 'B' ? 'ErrorEnvelopeB' : 'ErrorEnvelopeA'}` }, examples } },
    };
  }
  const operation: Json = {
    operationId: `${op.method.toLowerCase()}${op.path.replace(/\{(\w+)\}/g, 'By_$1').replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [...op.tags],
    security: securityOf(op),
    parameters: parametersOf(op, convert),
    ...(op.rateLimit ? { 'x-rate-limit-class': op.rateLimit } : { 'x-rate-limit-class': 'default' }),
    responses,
  };
  if (op.body) {
    // the request form the server enforces: strict objects, so `additionalProperties: false` at every depth
    const schema = convert.convert(strictInput(op.body), 'input');
    const optional = op.body.safeParse(undefined).success;
    operation.requestBody = { required: !optional, content: { 'application/json': { schema } } };
  } else if (op.rawBody) {
    // read by the handler itself (a signed body): its shape, as sent
    operation.requestBody = { required: true, content: { 'application/json': { schema: convert.convert(op.rawBody, 'input') } } };
  }
  if (op.allow) {
    const who = isSignedInCapability(op.allow) ? 'Any signed-in caller, within its own scope.' : `Roles: ${rolesWith(op.allow).join(', ')}.`;
    operation.description = `${op.description ? `${op.description} ` : ''}Capability \`${op.allow}\`. ${who}`;
  }
  return operation;
}

/** Optional on the creating POSTs (lib/http/idempotency), required on POST /transfers. */
const idempotencyKeyParameter = (required: boolean) => ({
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header',
  required,
  description: `${required ? 'required (400 without it), ' : ''}up to 255 printable ASCII characters. A repeat within 24 h returns the first answer (Idempotent-Replayed: true) and creates nothing; the same key with a different request answers 422; while the first is still running, 409.`,
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
});

const STATIC_COMPONENTS = {
  headers: {
    'X-Request-ID': { description: 'the request id (echoed when the client sent a sane one); quote it to support', schema: { type: 'string' } },
    RateLimit: { description: 'draft-ietf-httpapi-ratelimit-headers: the policy name, remaining quota r and seconds until reset t, e.g. "default";r=42;t=17', schema: { type: 'string' } },
    'RateLimit-Policy': { description: 'draft-ietf-httpapi-ratelimit-headers: the route class, quota q per window w seconds, e.g. "default";q=600;w=60', schema: { type: 'string' } },
    'Retry-After': { description: 'seconds to wait before retrying', schema: { type: 'integer' } },
    [IDEMPOTENT_REPLAYED_HEADER]: { description: 'true when this is the stored answer of an earlier request with the same Idempotency-Key', schema: { type: 'string', enum: ['true'] } },
  },
  parameters: {
    IdempotencyKey: idempotencyKeyParameter(false),
    IdempotencyKeyRequired: idempotencyKeyParameter(true),
    XRequestID: {
      name: 'X-Request-ID',
      in: 'header',
      required: false,
      description: 'your own request id (1-128 of A-Z a-z 0-9 . _ : -), echoed back',
      schema: { type: 'string', pattern: '^[A-Za-z0-9._:-]{1,128}$' },
    },
  },
  securitySchemes: {
    bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'EdDSA JWT from a session endpoint or POST /api/auth/login (the card API accepts only these)' },
    platformKey: { type: 'http', scheme: 'bearer', description: 'the platform operator key: Authorization: Bearer <PLATFORM_ADMIN_KEY>' },
    panelCookie: { type: 'apiKey', in: 'cookie', name: 'next-auth.session-token', description: "the admin panel's session cookie (same-origin calls from the panel)" },
  },
};

/** The whole document. */
export function buildOpenApiDocument(): Json {
  return withComponentIds(() => {
    const convert = new SchemaConverter();
    const paths: Record<string, Json> = {};
    const routes = documentedRoutes();
    for (const op of routes) {
      const item = (paths[op.path] ??= {});
      if (item[op.method.toLowerCase()]) throw new Error(`route definitions: ${op.method} ${op.path} is defined twice`);
      item[op.method.toLowerCase()] = operationObject(op, convert);
    }
    const errorData = convert.convert(errorDataSchema, 'output');
    const businessData = convert.convert(cardBusinessErrorDataSchema, 'output');
    const schemas: Json = {
      ...convert.components,
      EnvelopeA: { ...envelopeAOf({}), description: 'Envelope A: every answer but the card API; `data` as each operation declares' },
      ErrorEnvelopeA: envelopeAOf(errorData),
      ErrorEnvelopeB: envelopeBOf(errorData, 'error'),
      CardBusinessError: {
        ...envelopeBOf(businessData, 'business'),
        description: 'a business error of the card API: HTTP 200, success false, code -1, msg from the catalogue, data.reason',
        // every reason once, here, rather than in each of the 50 card operations
        examples: Object.entries(CARD_BUSINESS_ERRORS).map(([reason, msg]) => ({ success: false, code: -1, msg, data: { reason } })),
      },
    };
    const shared = (error: ApiError, envelope: 'A' | 'B', retryAfter: boolean): Json => ({
      description: error.message,
      ...(retryAfter ? { headers: { ...COMMON_HEADERS, 'Retry-After': HEADER_REF('Retry-After') } } : {}),
      content: { 'application/json': { schema: { $ref: `#/components/schemas/ErrorEnvelope${envelope}` }, example: exampleOf(error, envelope) } },
    });
    const responses = {
      HeadersTooLargeA: shared(headersTooLarge(MAX_HEADER_BYTES), 'A', false),
      HeadersTooLargeB: shared(headersTooLarge(MAX_HEADER_BYTES), 'B', false),
      TooManyRequestsA: shared(tooManyRequests(17), 'A', true),
      TooManyRequestsB: shared(tooManyRequests(17), 'B', true),
      InternalErrorA: shared(internalError(EXAMPLE_REQUEST_ID), 'A', false),
      InternalErrorB: shared(internalError(EXAMPLE_REQUEST_ID), 'B', false),
    };
    const document: Json = {
      openapi: '3.1.0',
      info: {
        ...OPENAPI_INFO,
        description:
          'The Business Platform API: tenants, sessions, customer onboarding, webhooks and the virtual card API. ' +
          'Envelope A `{code, message, data}` everywhere but the card API, which answers Envelope B `{success, code, msg, data}`. ' +
          'Every answer, errors included, carries `X-Request-ID` and the IETF `RateLimit` and `RateLimit-Policy` fields (declared on each success answer and on 429, not repeated on each error); 429 answers add `Retry-After`. ' +
          'Creating POSTs accept `Idempotency-Key`. ' +
          'Request bodies are strict: an undeclared field at any depth answers 400 naming it (`additionalProperties: false`), and no key may be `__proto__`, `constructor` or `prototype`. ' +
          'Every string of a request (body, query, path, headers) must be well-formed UTF-16 without NUL (U+0000), else 400 `request validation failed` naming the field. ' +
          `Money bounds, in every currency: one operation moves at most MAX_AMOUNT = ${MAX_AMOUNT} (400 \`request validation failed\` naming the field); a wallet or card holds at most MAX_BALANCE = ${MAX_BALANCE} (400 \`transaction limit exceeded\` with limitType MAX_BALANCE; card API: business error BALANCE_LIMIT_EXCEEDED). ` +
          'Guide: docs/api.md; error catalogue: docs/errors.md.',
        'x-money-bounds': { MAX_AMOUNT, MAX_BALANCE },
        license: LICENSE,
      },
      servers: [
        { url: '/', description: 'this server' },
        { url: 'http://localhost:3000', description: 'sandbox: a local server (npm run dev) with the built-in sandbox card processor' },
      ],
      security: [],
      tags: [...new Set(routes.flatMap((op) => op.tags))].map((name) => ({ name, description: tagDescription(name) })),
      paths,
      components: { schemas, responses, ...STATIC_COMPONENTS, parameters: { ...STATIC_COMPONENTS.parameters, ...headerParameters(convert, usedHeaderParameters(paths)) } },
    };
    const primitives = Object.fromEntries(Object.entries(PRIMITIVES).map(([name, schema]) => [name, primitiveJson(schema)]));
    Object.assign(schemas, primitives);
    namePrimitives(document, primitives);
    // a primitive no schema matched is left out (an unused component is noise)
    const text = JSON.stringify(document);
    const named = (document.components as { schemas: Json }).schemas;
    for (const name of Object.keys(primitives)) if (!text.includes(`"#/components/schemas/${name}"`)) delete named[name];
    (document.components as { schemas: Json }).schemas = Object.fromEntries(Object.entries(named).sort(([x], [y]) => x.localeCompare(y)));
    shareResponses(document, responseName);
    shareExamples(document);
    return document;
  });
}

/** A primitive's JSON Schema: its request form (a primitive's answer form is the same, or wider). */
function primitiveJson(schema: z.ZodType): Json {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as Json;
  delete json.$schema;
  return json;
}

/** The package is private (package.json): no open-source licence is granted. */
const LICENSE = { name: 'Proprietary: all rights reserved', identifier: 'LicenseRef-Proprietary' };

function tagDescription(name: string): string {
  const description = TAG_DESCRIPTIONS[name];
  if (!description) throw new Error(`OpenAPI: the tag "${name}" has no description in lib/openapi/components.ts TAG_DESCRIPTIONS`);
  return description;
}

/** A shared error response's name: its status and envelope (ErrorA404, ErrorA404_2, ...). */
function responseName(status: string, response: Json): string {
  const envelope = JSON.stringify(response).includes('ErrorEnvelopeB') ? 'B' : 'A';
  return `Error${envelope}${status}`;
}

/** The header parameters the operations refer to (components/parameters/<name>). */
function usedHeaderParameters(paths: Record<string, Json>): Set<string> {
  const used = new Set<string>();
  for (const item of Object.values(paths)) {
    for (const op of Object.values(item) as Json[]) {
      for (const parameter of (op.parameters ?? []) as Json[]) {
        if (typeof parameter.$ref === 'string') used.add(parameter.$ref.slice('#/components/parameters/'.length));
      }
    }
  }
  return used;
}

let cached: { document: Json; json: string } | undefined;

function built(): { document: Json; json: string } {
  if (!cached) {
    const document = buildOpenApiDocument();
    cached = { document, json: JSON.stringify(document) };
  }
  return cached;
}

/** The document as served: compact JSON, built once per process (the registry and schemas are static). */
export function openApiJson(): string {
  return built().json;
}

/**
 * The same document as committed in docs/openapi.json, for reading and for line-wise diffs in review:
 * indented, but an object or array that fits in 100 columns stays on one line (a property's schema,
 * a `$ref`, a short example), which halves the lines of a fully indented document.
 */
export function openApiFileJson(): string {
  return `${formatJson(built().document, '', 0)}\n`;
}

const FILE_WIDTH = 100;

function formatJson(value: unknown, indent: string, keyWidth: number): string {
  const flat = JSON.stringify(value);
  if (value === null || typeof value !== 'object' || indent.length + keyWidth + flat.length <= FILE_WIDTH) return flat;
  const inner = `${indent}  `;
  const entries = Array.isArray(value) ? value.map((v) => ['', v] as const) : Object.entries(value);
  if (!entries.length) return flat;
  const lines = entries.map(([key, v]) =>
    Array.isArray(value) ? `${inner}${formatJson(v, inner, 0)}` : `${inner}${JSON.stringify(key)}: ${formatJson(v, inner, JSON.stringify(key).length + 2)}`,
  );
  return Array.isArray(value) ? `[\n${lines.join(',\n')}\n${indent}]` : `{\n${lines.join(',\n')}\n${indent}}`;
}

/** One operation as the reference page's index lists it (components/api-reference). */
export interface ReferenceOperation {
  method: string;
  path: string;
  operationId: string;
  summary: string;
}

/** The reference page's index: every tag in the document's order, with its description and operations. */
export function referenceIndex(): Array<{ name: string; description: string; operations: ReferenceOperation[] }> {
  const { document } = built();
  const tags = (document.tags ?? []) as Array<{ name: string; description?: string }>;
  const paths = (document.paths ?? {}) as Record<string, Record<string, { tags?: string[]; operationId?: string; summary?: string }>>;
  return tags.map((tag) => ({
    name: tag.name,
    description: tag.description ?? '',
    operations: Object.entries(paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, op]) => typeof op === 'object' && op.tags?.includes(tag.name))
        .map(([method, op]) => ({ method: method.toUpperCase(), path, operationId: op.operationId ?? `${method} ${path}`, summary: op.summary ?? '' })),
    ),
  }));
}
