/**
 * fast-check arbitraries for requests: a valid request per operation, built from the operation's
 * schemas and the setup's pools of real ids, then zero or more mutations of its body, path
 * parameters, query, headers and credentials. Everything here is data: one seed gives the same
 * requests; run.ts turns a plan into bytes on the wire.
 */
import fc from 'fast-check';
import type { Operation, Param, Schema } from './openapi';
import type { FuzzContext } from './setup';

export type Mutation =
  | 'drop-field'
  | 'wrong-type'
  | 'unknown-field'
  | 'huge-string'
  | 'nul'
  | 'lone-surrogate'
  | 'numeric-extreme'
  | 'proto-key'
  | 'deep-nesting'
  | 'empty-string'
  | 'odd-unicode'
  | 'long-array'
  | 'invalid-json'
  | 'non-object-body'
  | 'empty-body'
  | 'wrong-content-type'
  | 'invalid-utf8-body'
  | 'huge-body'
  | 'path-random-id'
  | 'path-garbage'
  | 'path-bad-percent'
  | 'path-nul'
  | 'path-huge'
  | 'query-wrong-type'
  | 'query-nul'
  | 'query-bad-percent'
  | 'query-surrogate'
  | 'query-huge'
  | 'query-extreme'
  | 'query-repeated'
  | 'query-unknown'
  | 'header-drop'
  | 'header-wrong'
  | 'header-latin1'
  | 'header-huge'
  | 'auth-missing'
  | 'auth-garbage'
  | 'auth-other-surface'
  | 'auth-other-tenant'
  | 'foreign-id'
  | 'as-customer'
  | 'panel-session';

export const BODY_MUTATIONS: Mutation[] = [
  'drop-field',
  'wrong-type',
  'unknown-field',
  'huge-string',
  'nul',
  'lone-surrogate',
  'numeric-extreme',
  'proto-key',
  'deep-nesting',
  'empty-string',
  'odd-unicode',
  'long-array',
];
export const RAW_BODY_MUTATIONS: Mutation[] = ['invalid-json', 'non-object-body', 'empty-body', 'wrong-content-type', 'invalid-utf8-body', 'huge-body'];
export const PATH_MUTATIONS: Mutation[] = ['path-random-id', 'path-garbage', 'path-bad-percent', 'path-nul', 'path-huge'];
export const QUERY_MUTATIONS: Mutation[] = ['query-wrong-type', 'query-nul', 'query-bad-percent', 'query-surrogate', 'query-huge', 'query-extreme', 'query-repeated', 'query-unknown'];
export const HEADER_MUTATIONS: Mutation[] = ['header-drop', 'header-wrong', 'header-latin1', 'header-huge'];
export const AUTH_MUTATIONS: Mutation[] = ['auth-missing', 'auth-garbage', 'auth-other-surface', 'auth-other-tenant'];

export interface Plan {
  op: Operation;
  /** path parameter values, not yet encoded */
  path: Record<string, string>;
  query: Record<string, unknown>;
  headers: Record<string, string>;
  body: unknown;
  mutations: Array<{ kind: Mutation; at: number; pick: number }>;
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const clampInt = (n: unknown, fallback: number) => (typeof n === 'number' && Number.isFinite(n) ? Math.max(-MAX_SAFE, Math.min(MAX_SAFE, Math.trunc(n))) : fallback);

/**
 * The pool for a parameter or field name, per operation first. A name means different things in
 * different places (`kind` of a consent template, of a product, of an AML list, of reference data):
 * where the schema declares an enum, only the pool's values it allows are drawn, else the enum's.
 */
export function poolFor(ctx: FuzzContext, opId: string, name: string, schema?: Schema): string[] {
  const pool = ctx.pathPools[opId]?.[name] ?? ctx.pools[name] ?? [];
  const allowed = schema && Array.isArray(schema.enum) ? (schema.enum as unknown[]) : null;
  return allowed ? pool.filter((v) => allowed.includes(v)) : pool;
}

function stringArb(schema: Schema, name: string): fc.Arbitrary<string> {
  const min = clampInt(schema.minLength, 0);
  const max = Math.max(min, Math.min(clampInt(schema.maxLength, 40), 40));
  switch (schema.format) {
    case 'uuid':
      return fc.uuid({ version: 4 });
    case 'date-time':
      return fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'date':
      return fc.date({ min: new Date('1950-01-01T00:00:00Z'), max: new Date('2020-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'email':
      return fc.constantFrom('ada@example.com', 'x.y+z@fuzz.example', 'a@b.co');
    case 'uri':
    case 'url':
      return fc.constantFrom('http://127.0.0.1:9/fuzz', 'https://hooks.example.com/x');
  }
  if (typeof schema.pattern === 'string') {
    try {
      const re = new RegExp(schema.pattern);
      return fc.stringMatching(re).filter((s) => s.length >= min && s.length <= Math.max(min, clampInt(schema.maxLength, 10_000)));
    } catch {
      /* an ECMAScript-incompatible pattern: a plain string */
    }
  }
  if (/currency/i.test(name)) return fc.constant('EUR');
  if (/amount|balance|threshold/i.test(name)) return fc.constantFrom('1.00', '10', '0.01', '250.50');
  return fc.string({ minLength: min, maxLength: max, unit: 'grapheme-ascii' });
}

/** A valid value of `schema`; ids by field name come from the setup's pools. */
export function valueArb(schema: Schema | undefined, ctx: FuzzContext, opId: string, name = '', depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 8) return fc.constant('x');
  // a list's pool is drawn for its items (featureIds, documentIds), not for the list itself
  const pool = name && schema.type !== 'array' ? poolFor(ctx, opId, name, schema) : [];
  const own = valueArbOf(schema, ctx, opId, name, depth);
  return pool.length ? fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...pool) }, { weight: 1, arbitrary: own }) : own;
}

function valueArbOf(schema: Schema, ctx: FuzzContext, opId: string, name: string, depth: number): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length) return fc.constantFrom(...(schema.enum as unknown[]));
  for (const key of ['oneOf', 'anyOf'] as const) {
    const alts = schema[key] as Schema[] | undefined;
    if (Array.isArray(alts) && alts.length) return fc.oneof(...alts.map((s) => valueArb(s, ctx, opId, name, depth + 1)));
  }
  // a string with several patterns, each of which it must contain (the password's rule): a match of each, in turn
  if (Array.isArray(schema.allOf) && schema.allOf.length && schema.type === 'string') {
    const patterns = (schema.allOf as Schema[]).flatMap((part) => (typeof part.pattern === 'string' ? [part.pattern] : []));
    const min = clampInt(schema.minLength, 0);
    const max = clampInt(schema.maxLength, 1_000);
    return fc
      .tuple(...patterns.map((p) => fc.stringMatching(new RegExp(`^${p}$`))))
      .map((parts) => parts.join('').padEnd(min, 'x'))
      .filter((v) => v.length <= max);
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length) {
    const merged: Schema = { type: 'object', properties: {}, required: [] };
    for (const part of schema.allOf as Schema[]) {
      Object.assign(merged.properties as Schema, part.properties ?? {});
      (merged.required as string[]).push(...((part.required as string[]) ?? []));
    }
    return valueArbOf(merged, ctx, opId, name, depth);
  }
  const type = schema.type;
  if (Array.isArray(type)) {
    const nonNull = type.filter((t) => t !== 'null');
    return fc.oneof(
      { weight: 4, arbitrary: valueArbOf({ ...schema, type: nonNull[0] ?? 'string' }, ctx, opId, name, depth) },
      { weight: type.includes('null') ? 1 : 0, arbitrary: fc.constant(null) },
    );
  }
  switch (type) {
    case 'string':
      return stringArb(schema, name);
    case 'integer': {
      const min = clampInt(schema.minimum ?? (typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : undefined), 0);
      const max = clampInt(schema.maximum ?? (typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - 1 : undefined), min + 100);
      return fc.integer({ min, max: Math.max(min, max) });
    }
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : 0;
      const max = typeof schema.maximum === 'number' ? schema.maximum : min + 1000;
      return fc.double({ min, max: Math.max(min, max), noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const minLength = clampInt(schema.minItems, 0);
      const maxLength = Math.max(minLength, Math.min(clampInt(schema.maxItems, 3), 3));
      const item = valueArb(schema.items as Schema | undefined, ctx, opId, name, depth + 1);
      return fc.array(item, { minLength, maxLength, ...(schema.uniqueItems ? {} : {}) }).map((a) => (schema.uniqueItems ? [...new Map(a.map((v) => [JSON.stringify(v), v])).values()] : a));
    }
    case 'object':
    case undefined: {
      const props = (schema.properties as Record<string, Schema> | undefined) ?? {};
      if (!Object.keys(props).length) return type === 'object' ? fc.constant({}) : fc.constant('x');
      const model = Object.fromEntries(Object.entries(props).map(([k, s]) => [k, valueArb(s, ctx, opId, k, depth + 1)]));
      return fc.record(model, { requiredKeys: ((schema.required as string[]) ?? []).filter((k) => k in props) });
    }
    default:
      return fc.constant('x');
  }
}

function paramValueArb(param: Param, ctx: FuzzContext, opId: string): fc.Arbitrary<unknown> {
  const pool = poolFor(ctx, opId, param.name, param.schema);
  if (pool.length) return fc.constantFrom(...pool);
  return valueArb(param.schema, ctx, opId, param.name);
}

/** The operations that end their caller's own sessions: they act as a user of their own (setup.ts). */
export const OWN_SESSION_OPS = new Set(['POST /api/v2.1/sessions/logout', 'DELETE /api/v2.1/sessions/{sessionId}']);

const mutationArb = (kinds: Mutation[]) => fc.record({ kind: fc.constantFrom(...kinds), at: fc.nat(), pick: fc.nat() });

/** A request plan for one operation: valid, or valid plus one to three mutations of one family. */
export function planArb(op: Operation, ctx: FuzzContext): fc.Arbitrary<Plan> {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const headerParams = op.params.filter((p) => p.in === 'header' && !/^(X-Request-ID|Idempotency-Key)$/i.test(p.name));
  const known = ctx.bodies[op.id];
  const bodyArb: fc.Arbitrary<unknown> = op.body
    ? known !== undefined
      ? fc.oneof({ weight: 3, arbitrary: fc.constant(known) }, { weight: 1, arbitrary: valueArb(op.body, ctx, op.id) })
      : valueArb(op.body, ctx, op.id)
    : fc.constant(undefined);
  const queryArb = fc.record(Object.fromEntries(queryParams.map((p) => [p.name, paramValueArb(p, ctx, op.id)])), { requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name) });
  const families: Array<{ weight: number; arbitrary: fc.Arbitrary<Plan['mutations']> }> = [
    { weight: 6, arbitrary: fc.constant([]) },
    { weight: op.body ? 6 : 0, arbitrary: fc.array(mutationArb(BODY_MUTATIONS), { minLength: 1, maxLength: 3 }) },
    { weight: op.method === 'GET' ? 0 : 2, arbitrary: fc.array(mutationArb(RAW_BODY_MUTATIONS), { minLength: 1, maxLength: 1 }) },
    { weight: pathParams.length ? 3 : 0, arbitrary: fc.array(mutationArb(PATH_MUTATIONS), { minLength: 1, maxLength: 1 }) },
    { weight: queryParams.length ? 3 : 1, arbitrary: fc.array(mutationArb(QUERY_MUTATIONS), { minLength: 1, maxLength: 2 }) },
    { weight: 2, arbitrary: fc.array(mutationArb(HEADER_MUTATIONS), { minLength: 1, maxLength: 2 }) },
    { weight: op.auth === 'none' ? 0 : 2, arbitrary: fc.array(mutationArb(AUTH_MUTATIONS), { minLength: 1, maxLength: 1 }) },
    // another tenant's id in a path parameter or a body field (our credentials): must not succeed
    { weight: op.auth === 'none' || op.auth === 'platform' ? 0 : 2, arbitrary: fc.array(mutationArb(['foreign-id']), { minLength: 1, maxLength: 1 }) },
    // a customer's own user (its session; on the card API its card token), on its own resources or, in place of one of them, another customer's: that must not succeed
    { weight: op.auth === 'none' || op.auth === 'platform' || OWN_SESSION_OPS.has(op.id) ? 0 : 2, arbitrary: fc.array(mutationArb(['as-customer']), { minLength: 1, maxLength: 1 }) },
    // the owner's panel session cookie instead of a bearer token, from this site or (a change) from another;
    // on the card API, which never takes the cookie, too (the sign-out operations would end the owner's sessions)
    { weight: (op.cookie || op.auth === 'card') && !OWN_SESSION_OPS.has(op.id) ? 2 : 0, arbitrary: fc.array(mutationArb(['panel-session']), { minLength: 1, maxLength: 1 }) },
  ];
  return fc
    .record({
      path: fc.record(Object.fromEntries(pathParams.map((p) => [p.name, paramValueArb(p, ctx, op.id).map(String)]))) as fc.Arbitrary<Record<string, string>>,
      query: queryArb as fc.Arbitrary<Record<string, unknown>>,
      headers: fc.record(Object.fromEntries(headerParams.map((p) => [p.name, paramValueArb(p, ctx, op.id).map(String)]))) as fc.Arbitrary<Record<string, string>>,
      body: bodyArb,
      mutations: fc.oneof(...families.filter((f) => f.weight > 0)),
    })
    .map((parts) => ({ op, ...parts }));
}

/** Every operation equally often. */
export function requestArb(ops: Operation[], ctx: FuzzContext): fc.Arbitrary<Plan> {
  return fc.constantFrom(...ops).chain((op) => planArb(op, ctx));
}
