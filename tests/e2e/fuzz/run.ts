/**
 * The fuzzer: samples request plans with a fixed seed, sends them to a running server, checks every
 * answer and collects ALL violations, grouped by (operation, status, reason) with a sample request.
 *
 * Checked on every answer:
 *  - no 5xx, and an answer at all (no reset, no hang beyond the timeout);
 *  - an X-Request-ID header;
 *  - a 4xx is JSON in our envelope: Envelope B (success false, integer code, msg, data) under
 *    /api/v2.1/card/virtual/**, else Envelope A (code equal to the status, message, data object),
 *    and it matches the operation's declared schema for that status when one is declared;
 *  - a 2xx matches the operation's declared response (content type, and the JSON schema via ajv).
 */
import http from 'node:http';
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import { operationsOf, type Operation, type Schema } from './openapi';
import { OWN_SESSION_OPS, requestArb, type Mutation, type Plan } from './generate';
import { setUpFuzz, type FuzzContext } from './setup';

export interface FuzzOptions {
  baseUrl: string;
  platformKey: string;
  runs: number;
  seed: number;
  concurrency?: number;
  timeoutMs?: number;
  /** stop sending new requests after this many seconds (the report counts what was sent) */
  maxSeconds?: number;
  /** stop sending new requests when aborted (Ctrl-C); the report covers what was sent */
  signal?: AbortSignal;
  log?: (line: string) => void;
}

export interface Violation {
  operation: string;
  status: number | string;
  reason: string;
  count: number;
  sample: { request: string; mutations: string; response: string };
}

export interface FuzzResult {
  seed: number;
  /** requests sent (fewer than planned when stopped early) */
  requests: number;
  planned: number;
  byStatus: Record<string, number>;
  violations: Violation[];
  violationCount: number;
  /** statuses answered that the operation does not declare (reported, not a violation) */
  undeclared: Array<{ operation: string; status: number; count: number }>;
  /** operations that never answered 2xx in this run */
  never2xx: string[];
  /** requests that named a resource that is not the caller's, by whose and by the parameter or field that carried it */
  foreignSent: Record<string, number>;
  /** requests signed with the panel cookie, by where they said they came from and how they were answered (`cross-site change, refused`) */
  panelSent: Record<string, number>;
  /** the statements read after the run: how many wallets and lines (every one must read true) */
  statementsRead: { wallets: number; lines: number };
  /** for each of them, what its unmutated requests were answered, most frequent first: where the valid requests need help */
  refusedValid: Record<string, Array<{ answer: string; count: number }>>;
  warnings: string[];
  seconds: number;
  setupSeconds: number;
  /** where the time went: the operations with the largest summed answer time */
  slowest: Array<{ operation: string; requests: number; totalMs: number; maxMs: number }>;
}

interface Wire {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** the JSON body as sent, when it is plain JSON (no raw text spliced in) of the declared content type */
  json?: { value: unknown };
  /**
   * the parameter or field that carries an id that is not the caller's, and the id, when one could:
   * another tenant's (the foreign-id mutation) or, for a customer's own user, another customer's (as-customer)
   */
  foreign?: { whose: string; name: string; id: string; filter?: boolean };
  /** signed in with the panel's cookie only: where the request claims to come from (`panel-session`) */
  panel?: { from: PanelOrigin };
}

/** Where a cookie-signed request says it comes from: this site (two ways), another site (two ways), or nowhere. */
const PANEL_ORIGINS = ['same-origin', 'our-origin', 'cross-site', 'other-origin', 'none'] as const;
type PanelOrigin = (typeof PANEL_ORIGINS)[number];
const FROM_THIS_SITE: readonly PanelOrigin[] = ['same-origin', 'our-origin'];
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** a `.` or `..` segment, percent-encoded or not */
const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?=\/|$)/i;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

const ENVELOPE_B_PREFIX = '/api/v2.1/card/virtual/';
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

// --- turning a plan into bytes -------------------------------------------------------------------

const RAW = (i: number) => `\u0001RAW${i}\u0001`;
const WRONG_TYPES: unknown[] = [123, -1, true, false, null, [], {}, 'str', 1.5, '', [1, 'a'], { a: 1 }];
const NULS = ['\u0000', 'a\u0000b', 'abc\u0000'];
const SURROGATES = ['\udfff', 'x\ud83d', '\ud800abc', 'a\udc00b'];
const ODD_UNICODE = ['😀', 'ﷺ', 'e\u0301', '\u202eRTL', '\ufeffBOM', 'Ω'.repeat(300), '𝔘𝔫𝔦', '\u200b'];
const EXTREMES: Array<{ raw?: string; value?: unknown }> = [
  { value: 1e308 },
  { value: -1e308 },
  { raw: '9007199254740993' },
  { value: -0 },
  { value: 5e-324 },
  { value: 1e21 },
  { value: '999999999999999.9999' },
  { value: '999999999999999.99' },
  { value: '99999999999999999999' },
  { value: '-0.01' },
  { value: '0' },
  { value: '1e3' },
  { value: '0x10' },
  { value: ' 1 ' },
  { value: '١٢٣' },
  { raw: '1e400' },
  { raw: '-1e400' },
  { raw: '123456789012345678901234567890' },
  { value: 2147483648 },
  { value: -2147483649 },
];
const GARBAGE_SEGMENTS = [
  'abc',
  '0',
  '-1',
  "1'%20OR%20'1'%3D'1",
  '..',
  '%2e%2e',
  'null',
  'undefined',
  '%5Bobject%20Object%5D',
  '%20',
  '%C3%84%C3%96',
  'a%2Fb',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
];
const BAD_PERCENT = ['%E0%A4%A', '%', '%zz', '%ED%A0%80', '%C0%AF', '%FF', 'abc%', '%E0%A4', '%ED%B0%80'];
const INVALID_JSON = ['{', '{"a":', "{'a':1}", '[1,2', '{"a":1,}', 'nul', '{"a":1}{"b":2}', '\u0000', '{"a":"\\x41"}', '{"a":01}', '{"a":NaN}', '{"a" 1}', '\ufeff{}'];
const NON_OBJECT = ['[]', '"str"', '123', 'null', 'true', '[{}]'];
const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=latin1',
  'application/json-patch+json',
  '',
];
const WRONG_QUERY = ['abc', '-1', '0', '1.5', 'true', '%5B%5D', '%7B%7D', '', '99999999999999999999'];
const EXTREME_QUERY = ['1e309', '9007199254740993', '-9999999999999999999', 'NaN', 'Infinity', '1e-400', '0x10'];
const WRONG_HEADER = ['', 'x', 'not-a-uuid', '00000000-0000-0000-0000-000000000000', 'windows', '1'.repeat(600), ' ', 'a,b'];
const GARBAGE_AUTH = ['Bearer abc.def.ghi', 'Bearer ', 'Basic Zm9vOmJhcg==', 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.', 'bearer', 'Token x', 'Bearer ' + 'e'.repeat(300)];

function pick<T>(list: readonly T[], n: number): T {
  return list[n % list.length]!;
}

/** How deep the mutators look into a body: a deep-nesting mutation may already have made it 200,000 levels deep. */
const WALK_DEPTH = 64;

/** Positions in a JSON value: every (container, key) pair down to WALK_DEPTH, depth first. */
function positions(value: unknown, out: Array<{ parent: Record<string, unknown> | unknown[]; key: string | number }> = [], depth = 0) {
  if (depth > WALK_DEPTH) return out;
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      out.push({ parent: value, key: i });
      positions(v, out, depth + 1);
    });
  } else if (isObject(value)) {
    for (const [k, v] of Object.entries(value)) {
      out.push({ parent: value, key: k });
      positions(v, out, depth + 1);
    }
  }
  return out;
}
function objectsIn(value: unknown, out: Array<Record<string, unknown>> = [], depth = 0) {
  if (depth > WALK_DEPTH) return out;
  if (isObject(value)) {
    out.push(value);
    for (const v of Object.values(value)) objectsIn(v, out, depth + 1);
  } else if (Array.isArray(value)) for (const v of value) objectsIn(v, out, depth + 1);
  return out;
}
function setOwn(obj: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(obj, key, { value, enumerable: true, configurable: true, writable: true });
}
/** A valid German IBAN of its own for each n (bank code 37040044, account n, ISO 7064 MOD 97-10 check digits). */
export function germanIban(n: number): string {
  const bban = `37040044${String(n).padStart(10, '0')}`;
  const check = 98 - Number(BigInt(`${bban}131400`) % 97n);
  return `DE${String(check).padStart(2, '0')}${bban}`;
}

/** What an object's `id` refers to, by the member that holds the object (`beneficiary: {id}` names a beneficiary). */
const ID_OF: Record<string, string> = { beneficiary: 'beneficiaryId', customerCategory: 'categoryId', categorization: 'categoryId' };

/**
 * The id-carrying members of a body, nested to three levels: each with its path and the pool name it
 * answers to. Not inside a draft's `content`: that is the typed work as it stands, kept unread until
 * the registration it becomes checks it.
 */
function idFieldsOf(body: Record<string, unknown>, path: string[] = [], holder = ''): Array<{ path: string[]; name: string }> {
  const found: Array<{ path: string[]; name: string }> = [];
  for (const [key, member] of Object.entries(body)) {
    if (key === 'content' && path.length === 0) continue;
    const name = key === 'id' && ID_OF[holder] ? ID_OF[holder] : key;
    if (typeof member === 'string' || Array.isArray(member)) found.push({ path: [...path, key], name });
    else if (isObject(member) && path.length < 2) found.push(...idFieldsOf(member, [...path, key], key));
  }
  return found;
}

function uniquify(value: unknown, n: number): unknown {
  if (typeof value === 'string') return value === '{{iban}}' ? germanIban(n) : value.replaceAll('{{n}}', String(n));
  if (Array.isArray(value)) return value.map((v) => uniquify(v, n));
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, uniquify(v, n)]));
  return value;
}

function mutateBody(body: unknown, mutation: Plan['mutations'][number], raws: string[]): unknown {
  let root: unknown = body === undefined ? {} : body;
  const all = positions(root);
  const strings = all.filter((p) => typeof (p.parent as Record<string | number, unknown>)[p.key] === 'string');
  const numbers = all.filter((p) => {
    const v = (p.parent as Record<string | number, unknown>)[p.key];
    return typeof v === 'number' || (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v));
  });
  const objects = objectsIn(root);
  const at = (list: typeof all) => (list.length ? list[mutation.at % list.length] : undefined);
  const set = (pos: (typeof all)[number] | undefined, value: unknown) => {
    if (pos) (pos.parent as Record<string | number, unknown>)[pos.key] = value;
    else root = value;
  };
  const raw = (text: string) => (raws.push(text), RAW(raws.length - 1));
  switch (mutation.kind) {
    case 'drop-field': {
      const pos = at(all);
      if (!pos) return undefined;
      if (Array.isArray(pos.parent)) pos.parent.splice(pos.key as number, 1);
      else delete pos.parent[pos.key as string];
      break;
    }
    case 'wrong-type':
      set(at(all), pick(WRONG_TYPES, mutation.pick));
      break;
    case 'unknown-field':
      if (objects.length) setOwn(objects[mutation.at % objects.length]!, pick(['unknownField', 'extra', 'nickName_typo', 'data'], mutation.pick), 'x');
      break;
    case 'huge-string':
      set(at(strings) ?? at(all), 'A'.repeat(pick([10_000, 100_000, 600_000], mutation.pick)));
      break;
    case 'nul':
      set(at(strings) ?? at(all), pick(NULS, mutation.pick));
      break;
    case 'lone-surrogate':
      set(at(strings) ?? at(all), pick(SURROGATES, mutation.pick));
      break;
    case 'numeric-extreme': {
      const e = pick(EXTREMES, mutation.pick);
      set(at(numbers) ?? at(all), e.raw !== undefined ? raw(e.raw) : e.value);
      break;
    }
    case 'proto-key': {
      const obj = objects.length ? objects[mutation.at % objects.length]! : undefined;
      if (!obj) break;
      const which = mutation.pick % 3;
      if (which === 0) setOwn(obj, '__proto__', { polluted: true, enabled: 'yes' });
      else if (which === 1) setOwn(obj, 'constructor', { prototype: { polluted: true } });
      else setOwn(obj, 'prototype', { polluted: true });
      break;
    }
    case 'deep-nesting': {
      const n = pick([64, 1_000, 20_000, 200_000], mutation.pick);
      set(at(all), raw(mutation.pick % 2 ? '['.repeat(n) + ']'.repeat(n) : '{"a":'.repeat(n) + '1' + '}'.repeat(n)));
      break;
    }
    case 'empty-string':
      set(at(strings) ?? at(all), pick(['', '   ', '\t\n'], mutation.pick));
      break;
    case 'odd-unicode':
      set(at(strings) ?? at(all), pick(ODD_UNICODE, mutation.pick));
      break;
    case 'long-array':
      set(
        at(all),
        Array.from({ length: pick([1_000, 10_000, 50_000], mutation.pick) }, (_, i) => (mutation.pick % 2 ? i : 'x')),
      );
      break;
  }
  return root;
}

function serialize(body: unknown, raws: string[]): string {
  // two mutations may nest a container inside itself (a cycle): a container met again is sent as a string
  const seen = new WeakSet<object>();
  let text =
    JSON.stringify(body, (_key, v: unknown) => {
      if (v === null || typeof v !== 'object') return v;
      if (seen.has(v)) return '[repeated]';
      seen.add(v);
      return v;
    }) ?? '';
  raws.forEach((r, i) => {
    text = text.replace(JSON.stringify(RAW(i)), () => r);
  });
  return text;
}

function encodeQuery(query: Record<string, unknown>): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v]) pairs.push([encodeURIComponent(k), encodeURIComponent(typeof item === 'string' ? item : JSON.stringify(item))]);
  }
  return pairs;
}

async function materialize(plan: Plan, ctx: FuzzContext, n: number): Promise<Wire> {
  const { op } = plan;
  const mutations = new Set<Mutation>(plan.mutations.map((m) => m.kind));
  const first = (kind: Mutation) => plan.mutations.find((m) => m.kind === kind)!;

  // an id that is not the caller's: another tenant's under our credentials, or another customer's
  // under a customer's own; in a path parameter that has such a counterpart, else in a body
  // field, else (no body) in a query filter
  const foreignMutation = plan.mutations.find((m) => m.kind === 'foreign-id' || m.kind === 'as-customer');
  const asCustomer = foreignMutation?.kind === 'as-customer' && ctx.customer !== null;
  // a third of a customer's requests keep the ids the pools give (mostly its own): the customer's
  // own paths, under every other check; the rest put another customer's id where one fits
  const keepOwn = asCustomer && Math.floor(foreignMutation!.pick / 1024) % 3 === 0;
  const others: Record<string, string[]> = asCustomer ? (keepOwn ? {} : ctx.customer!.others) : foreignMutation?.kind === 'foreign-id' ? ctx.foreign : {};
  const whose = asCustomer ? "another customer's" : "another tenant's";
  const theirs = (name: string, m: Plan['mutations'][number]) => pick(others[name]!, m.pick);
  let foreign: Wire['foreign'];

  // path
  let path = op.path;
  const pathNames = Object.keys(plan.path);
  const foreignInPath = pathNames.filter((name) => others[name]?.length);
  if (foreignMutation && foreignInPath.length) {
    const name = pick(foreignInPath, foreignMutation.at);
    foreign = { whose, name, id: theirs(name, foreignMutation) };
  }
  pathNames.forEach((name, i) => {
    let segment = encodeURIComponent(name === foreign?.name ? foreign.id : plan.path[name]!);
    for (const m of plan.mutations) {
      if (m.at % pathNames.length !== i) continue;
      if (m.kind === 'path-random-id') segment = `${(m.pick % 0xffffffff).toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
      if (m.kind === 'path-garbage') segment = pick(GARBAGE_SEGMENTS, m.pick);
      if (m.kind === 'path-bad-percent') segment = pick(BAD_PERCENT, m.pick);
      if (m.kind === 'path-nul') segment = pick(['%00', 'a%00b', segment + '%00'], m.pick);
      if (m.kind === 'path-huge') segment = 'a'.repeat(pick([2_000, 8_000, 20_000], m.pick));
    }
    path = path.replace(`{${name}}`, segment);
  });

  // query
  const pairs = encodeQuery(plan.query);
  const queryParams = op.params.filter((p) => p.in === 'query');
  const names = queryParams.map((p) => p.name);
  // text mutations go to free-text parameters and number mutations to numeric ones, when there are any
  const texts = queryParams.filter((p) => p.schema.type === 'string' && !p.schema.enum && !p.schema.format).map((p) => p.name);
  const numbers = queryParams.filter((p) => p.schema.type === 'integer' || p.schema.type === 'number').map((p) => p.name);
  const TEXT_MUTATIONS: Mutation[] = ['query-nul', 'query-bad-percent', 'query-surrogate', 'query-huge'];
  for (const m of plan.mutations) {
    const candidates = TEXT_MUTATIONS.includes(m.kind) && texts.length ? texts : (m.kind === 'query-wrong-type' || m.kind === 'query-extreme') && numbers.length ? numbers : names;
    const name = encodeURIComponent(candidates.length ? pick(candidates, m.at) : 'q');
    const put = (value: string) => {
      const i = pairs.findIndex(([k]) => k === name);
      if (i >= 0) pairs[i] = [name, value];
      else pairs.push([name, value]);
    };
    if (m.kind === 'query-wrong-type') put(pick(WRONG_QUERY, m.pick));
    if (m.kind === 'query-nul') put(pick(['%00', 'a%00', '%00%00'], m.pick));
    if (m.kind === 'query-bad-percent') put(pick(BAD_PERCENT, m.pick));
    if (m.kind === 'query-surrogate') put(pick(['%ED%A0%BD', 'x%ED%B0%80', '%F0%9F%98'], m.pick));
    if (m.kind === 'query-huge') put('q'.repeat(pick([1_000, 6_000, 20_000], m.pick)));
    if (m.kind === 'query-extreme') put(pick(EXTREME_QUERY, m.pick));
    if (m.kind === 'query-repeated') pairs.push([name, pick(['1', 'abc', '2'], m.pick)], [name, '3']);
    if (m.kind === 'query-unknown') pairs.push([pick(['unknown', 'pageno', '__proto__', 'constructor'], m.pick), '1']);
  }
  // a query filter by another tenant's id, on an operation without a body (a list): it may answer, with nothing of theirs
  const foreignInQuery = op.body ? [] : names.filter((name) => others[name]?.length);
  if (foreignMutation && !foreign && foreignInQuery.length) {
    const name = pick(foreignInQuery, foreignMutation.at);
    foreign = { whose, name, id: theirs(name, foreignMutation), filter: true };
    const i = pairs.findIndex(([k]) => k === name);
    if (i >= 0) pairs[i] = [name, foreign.id];
    else pairs.push([name, foreign.id]);
  }
  if (pairs.length) path += '?' + pairs.map(([k, v]) => `${k}=${v}`).join('&');

  // headers
  const headers: Record<string, string> = { accept: 'application/json', ...plan.headers };
  const idempotency = op.params.find((p) => p.in === 'header' && p.name === 'Idempotency-Key');
  if (idempotency?.required || (idempotency && n % 3 === 0)) headers['Idempotency-Key'] = `fuzz-${ctx.tenantId.slice(0, 8)}-${n}`;
  const headerNames = Object.keys(plan.headers);
  for (const m of plan.mutations) {
    const name = headerNames.length ? pick(headerNames, m.at) : 'X-Request-ID';
    if (m.kind === 'header-drop') delete headers[name];
    if (m.kind === 'header-wrong') headers[name] = pick(WRONG_HEADER, m.pick);
    if (m.kind === 'header-latin1') headers[name] = pick(['\u00e9t\u00e9', 'caf\u00e9\u00ff', '\u0080\u00a0'], m.pick);
    if (m.kind === 'header-huge') headers[pick([name, 'X-Request-ID', 'X-Forwarded-For', 'User-Agent'], m.pick)] = 'h'.repeat(pick([4_000, 12_000, 20_000, 100_000], m.at));
  }

  // credentials
  const tokenOf = async (): Promise<string | undefined> => {
    switch (op.auth) {
      case 'none':
        return undefined;
      case 'platform':
        return ctx.platformKey;
      case 'card':
        return asCustomer ? ctx.customer!.cardToken : ctx.cardToken;
      default:
        if (asCustomer) return ctx.customer!.token;
        return OWN_SESSION_OPS.has(op.id) ? await ctx.freshAdminToken().catch(() => ctx.adminToken) : (ctx.tokens[op.id] ?? ctx.adminToken);
    }
  };
  const token = await tokenOf();
  if (token) headers.authorization = `Bearer ${token}`;
  for (const m of plan.mutations) {
    if (m.kind === 'auth-missing') delete headers.authorization;
    if (m.kind === 'auth-garbage') headers.authorization = pick(GARBAGE_AUTH, m.pick);
    if (m.kind === 'auth-other-surface')
      headers.authorization = `Bearer ${pick(op.auth === 'card' ? [ctx.adminToken, ctx.platformKey] : op.auth === 'platform' ? [ctx.adminToken, ctx.cardToken] : [ctx.cardToken, ctx.platformKey], m.pick)}`;
    if (m.kind === 'auth-other-tenant') headers['X-Tenant-ID'] = ctx.pools.tenantId?.[0] ?? '00000000-0000-4000-8000-000000000000';
  }
  // the owner's panel session: its cookie and no bearer token, sent from where the pick says
  let panel: Wire['panel'];
  const panelMutation = plan.mutations.find((m) => m.kind === 'panel-session');
  if (panelMutation && ctx.panel) {
    delete headers.authorization;
    headers.cookie = ctx.panel.cookie;
    const from = pick([...PANEL_ORIGINS], panelMutation.pick);
    if (from === 'same-origin') headers['Sec-Fetch-Site'] = 'same-origin';
    if (from === 'our-origin') headers.Origin = ctx.panel.origin;
    if (from === 'cross-site') headers['Sec-Fetch-Site'] = 'cross-site';
    if (from === 'other-origin') headers.Origin = 'https://evil.example';
    panel = { from };
  }

  // body
  let body: Buffer | undefined;
  const rawBody = plan.mutations.find((m) => ['invalid-json', 'non-object-body', 'empty-body', 'wrong-content-type', 'invalid-utf8-body', 'huge-body'].includes(m.kind));
  const raws: string[] = [];
  let value = uniquify(plan.body, n);
  if (foreignMutation && !foreign && isObject(value)) {
    const fields = idFieldsOf(value).filter((f) => others[f.name]?.length);
    if (fields.length) {
      const field = pick(fields, foreignMutation.at);
      foreign = { whose, name: field.name, id: theirs(field.name, foreignMutation) };
      const copy = structuredClone(value);
      const parent = field.path.slice(0, -1).reduce<Record<string, unknown>>((at, key) => at[key] as Record<string, unknown>, copy);
      const key = field.path.at(-1)!;
      parent[key] = Array.isArray(parent[key]) ? [foreign.id] : foreign.id;
      value = copy;
    }
  }
  for (const m of plan.mutations)
    if (
      [
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
      ].includes(m.kind)
    )
      value = mutateBody(value, m, raws);
  if (rawBody) {
    const json = value === undefined ? '{}' : serialize(value, raws);
    headers['content-type'] = 'application/json';
    if (mutations.has('invalid-json')) body = Buffer.from(pick(INVALID_JSON, first('invalid-json').pick));
    if (mutations.has('non-object-body')) body = Buffer.from(pick(NON_OBJECT, first('non-object-body').pick));
    if (mutations.has('empty-body')) body = Buffer.alloc(0);
    if (mutations.has('wrong-content-type')) {
      const type = pick(WRONG_CONTENT_TYPES, first('wrong-content-type').pick);
      if (type) headers['content-type'] = type;
      else delete headers['content-type'];
      body = Buffer.from(json);
    }
    if (mutations.has('invalid-utf8-body')) body = Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xfe, 0xc3, 0x28]), Buffer.from('"}')]);
    if (mutations.has('huge-body')) body = Buffer.from(JSON.stringify({ a: 'A'.repeat(pick([1_100_000, 3_000_000], first('huge-body').pick)) }));
  } else if (value !== undefined) {
    headers['content-type'] = 'application/json';
    body = Buffer.from(serialize(value, raws));
  }
  // a partner's event is signed over the body as sent (unless a header mutation is the point of the request)
  const secret = ctx.signers[op.id];
  if (secret && !plan.mutations.some((m) => m.kind.startsWith('header-'))) {
    const id = `fuzz-${n}`;
    const at = new Date();
    headers['webhook-id'] = id;
    headers['webhook-timestamp'] = String(Math.floor(at.getTime() / 1000));
    headers['webhook-signature'] = new Webhook(secret).sign(id, at, (body ?? Buffer.alloc(0)).toString('utf8'));
  }
  const json = !rawBody && !raws.length && body ? { value: JSON.parse(body.toString('utf8')) as unknown } : undefined;
  return { method: op.method, path, headers, body, json, foreign, panel };
}

// --- sending -------------------------------------------------------------------------------------

/**
 * One request. A kept-alive socket that the server closed while it sat idle fails at once with
 * ECONNRESET (req.reusedSocket); that says nothing about the request, so it goes again on a new
 * connection, once (the remedy Node's documentation gives).
 */
async function send(base: URL, wire: Wire, agent: http.Agent, timeoutMs: number): Promise<Answer> {
  try {
    return await sendOnce(base, wire, agent, timeoutMs);
  } catch (error) {
    if ((error as { reusedSocket?: boolean }).reusedSocket && (error as NodeJS.ErrnoException).code === 'ECONNRESET') return sendOnce(base, wire, false, timeoutMs);
    throw error;
  }
}

function sendOnce(base: URL, wire: Wire, agent: http.Agent | false, timeoutMs: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const req = http.request(
      {
        host: base.hostname,
        port: base.port || 80,
        method: wire.method,
        path: wire.path,
        headers: { ...wire.headers, ...(wire.body ? { 'content-length': String(wire.body.length) } : {}) },
        agent,
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => {
          settled = true;
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(parts).toString('utf8') });
        });
        res.on('error', (e) => !settled && ((settled = true), reject(e)));
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (e) => {
      if (settled) return;
      settled = true;
      reject(Object.assign(e, { reusedSocket: req.reusedSocket }));
    });
    if (wire.body) req.end(wire.body);
    else req.end();
  });
}

// --- checking ------------------------------------------------------------------------------------

function schemaReason(prefix: string, errors: Array<{ instancePath: string; message?: string; params?: unknown }> | null | undefined): string {
  const e = errors?.[0];
  if (!e) return prefix;
  const where = e.instancePath.replace(/\/\d+(?=\/|$)/g, '/*') || '/';
  const params = e.params && Object.keys(e.params as object).length ? ` ${JSON.stringify(e.params)}` : '';
  return `${prefix}: ${where} ${e.message ?? ''}${params}`.slice(0, 240);
}

function check(op: Operation, wire: Wire, answer: Answer): string[] {
  const problems: string[] = [];
  const { status } = answer;
  if (status >= 500) problems.push(`5xx answer`);
  // every answer but a redirect (Next.js answers /a/../b with 308 to the normalized path, as RFC 3986 has it)
  if (!answer.headers['x-request-id'] && !(status >= 300 && status < 400)) problems.push('no X-Request-ID header');
  let json: unknown;
  let isJson = false;
  try {
    json = JSON.parse(answer.text);
    isJson = true;
  } catch {
    /* not JSON */
  }
  const declared = op.responses.get(status);
  const cardPath = wire.path.startsWith(ENVELOPE_B_PREFIX);
  if (status >= 400 && status < 500) {
    if (!isJson) problems.push(`4xx body is not JSON (${String(answer.headers['content-type'] ?? 'no content type')})`);
    else if (cardPath) {
      const ok = isObject(json) && json.success === false && Number.isInteger(json.code) && typeof json.msg === 'string' && 'data' in json;
      if (!ok) problems.push('4xx is not Envelope B');
    } else {
      const ok = isObject(json) && json.code === status && typeof json.message === 'string' && isObject(json.data);
      if (!ok) problems.push('4xx is not Envelope A');
    }
    if (isJson && declared?.validate && !declared.validate(json)) problems.push(schemaReason(`4xx does not match the declared ${status} schema`, declared.validate.errors));
  }
  if (status >= 200 && status < 300 && declared) {
    const type = String(answer.headers['content-type'] ?? '');
    const types = declared.contentTypes?.length ? declared.contentTypes : declared.contentType ? [declared.contentType] : [];
    if (types.length && !types.some((t) => type.startsWith(t))) problems.push(`2xx content type ${type || 'none'} instead of ${types.join(' or ')}`);
    else if (declared.validate && type.startsWith('application/json')) {
      if (!isJson) problems.push('2xx body is not JSON');
      else if (!declared.validate(json)) problems.push(schemaReason('2xx does not match the declared response schema', declared.validate.errors));
    }
  }
  if (status >= 200 && status < 300 && !declared) problems.push(`2xx status ${status} is not declared`);
  // a refusal the operation does not declare: the document is the client's contract for its errors too.
  // A path with a dot segment (`..`, `%2e%2e`) names another path once normalized (RFC 3986): Next.js's
  // 308 to it, or the 404 of a route that does not exist, is the URL's answer, not the operation's.
  const elsewhere = DOT_SEGMENT.test(wire.path.split('?')[0]!) && isObject(json) && isObject(json.data) && json.data.error === 'ROUTE_NOT_FOUND';
  if (status >= 400 && status < 500 && !declared && !elsewhere) problems.push(`4xx status ${status} is not declared`);
  if (status >= 300 && status < 400 && status !== 308 && !declared) problems.push(`3xx status ${status} is not declared`);
  // a request that names a resource not the caller's (another tenant's; for a customer's own user,
  // another customer's) must not succeed (Envelope B: not success); a list that filters by it may
  // answer, but nothing of theirs (the card API's lists take their filters in the body)
  const succeeded = status >= 200 && status < 300 && (!cardPath || (isObject(json) && json.success === true));
  const filters = wire.foreign?.filter || op.path.endsWith('/list');
  if (wire.foreign && succeeded && (!filters || answer.text.includes(wire.foreign.id))) problems.push(`2xx with ${wire.foreign.whose} ${wire.foreign.name}`);
  // the panel's cookie: never a credential of the card API; elsewhere, a change it signs must come from this site (docs/edge.md)
  if (wire.panel && op.card && succeeded) problems.push('the card API took the panel cookie');
  if (wire.panel && !op.card && succeeded && UNSAFE_METHODS.has(wire.method) && !FROM_THIS_SITE.includes(wire.panel.from)) {
    problems.push(`2xx for a change signed with the panel cookie from another site (${wire.panel.from})`);
  }
  // a body the document itself declares invalid must be refused, not served
  if (status >= 200 && status < 300 && wire.json && op.validateBody && !op.validateBody(wire.json.value)) {
    const bodyOk = !cardPath || (isObject(json) && json.success === true);
    if (bodyOk) problems.push(schemaReason('2xx for a body the document declares invalid', op.validateBody.errors));
  }
  return problems;
}

/** A statement line as the check below reads it. */
export type StatementLine = { entryId: string; direction: 'CREDIT' | 'DEBIT'; amount: string; balanceAfter: string };

/**
 * What is untrue about a wallet's statement (newest first), or null: each line's `balanceAfter` less
 * its own movement must be the next older line's (zero before the oldest), none may be negative, and
 * the newest must be the wallet's balance.
 */
export function statementProblem(lines: StatementLine[], balance: string): string | null {
  if (lines.length && !new Decimal(lines[0]!.balanceAfter).eq(balance)) return `the newest line leaves ${lines[0]!.balanceAfter}, the wallet holds ${balance}`;
  for (const [i, line] of lines.entries()) {
    const after = new Decimal(line.balanceAfter);
    if (after.isNegative()) return `line ${i} (entry ${line.entryId}) leaves ${line.balanceAfter}`;
    const before = line.direction === 'CREDIT' ? after.minus(line.amount) : after.plus(line.amount);
    const older = i + 1 < lines.length ? new Decimal(lines[i + 1]!.balanceAfter) : new Decimal(0);
    if (!before.eq(older)) return `line ${i} (entry ${line.entryId}, ${line.direction} ${line.amount}) leaves ${line.balanceAfter}, but the line before it left ${older.toFixed(2)}`;
  }
  return null;
}

/** Every statement of the fuzz tenant's wallets, read after the run (statementProblem), and how much was read. */
async function untrueStatements(base: URL, ctx: FuzzContext): Promise<{ wallets: number; lines: number; untrue: Array<{ walletId: string; problem: string }> }> {
  const headers = { authorization: `Bearer ${ctx.adminToken}`, 'X-Tenant-ID': ctx.tenantId };
  const pages = async <T>(path: string): Promise<T[]> => {
    const items: T[] = [];
    for (let page = 1; ; page++) {
      const res = await fetch(new URL(`${path}${path.includes('?') ? '&' : '?'}pageSize=100&page=${page}`, base), { headers });
      if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${(await res.text()).slice(0, 200)}`);
      const { data } = (await res.json()) as { data: { items: T[]; total: number } };
      items.push(...data.items);
      if (!data.items.length || items.length >= data.total) return items;
    }
  };
  const read = { wallets: 0, lines: 0, untrue: [] as Array<{ walletId: string; problem: string }> };
  for (const wallet of await pages<{ id: string; balance: string }>('/api/v2.1/wallets')) {
    const lines = await pages<StatementLine>(`/api/v2.1/wallets/${wallet.id}/statement`);
    read.wallets++;
    read.lines += lines.length;
    const problem = statementProblem(lines, wallet.balance);
    if (problem) read.untrue.push({ walletId: wallet.id, problem });
  }
  return read;
}

// --- reporting -----------------------------------------------------------------------------------

/** An answer in a few words: its status, the envelope's message and its first field error. */
function refusalOf(status: number, text: string): string {
  let said = '';
  try {
    const body = JSON.parse(text) as { message?: unknown; msg?: unknown; data?: { errors?: Array<{ field?: unknown; message?: unknown }>; details?: unknown; reason?: unknown } };
    said = String(body.message ?? body.msg ?? '');
    const first = body.data?.errors?.[0];
    if (first) said += ` (${String(first.field)}: ${String(first.message)})`;
    else if (body.data?.details ?? body.data?.reason) said += ` (${String(body.data.details ?? body.data.reason)})`;
  } catch {
    said = text;
  }
  return `${status} ${said.slice(0, 160)}`;
}

function redact(value: string, ctx: FuzzContext): string {
  let out = value;
  const secrets: Array<[string, string]> = [
    [ctx.adminToken, '<admin token>'],
    [ctx.cardToken, '<card token>'],
    [ctx.platformKey, '<platform key>'],
  ];
  for (const [secret, name] of secrets) if (secret) out = out.split(secret).join(name);
  return out.replace(/Bearer eyJ[\w-]+\.[\w-]+\.[\w-]+/g, 'Bearer <fresh token>');
}

function describe(wire: Wire, ctx: FuzzContext): string {
  const short = (s: string, max: number) => (s.length > max ? `${s.slice(0, max)}… (${s.length} chars)` : s);
  const headers = Object.entries(wire.headers)
    .map(([k, v]) => `${k}: ${short(redact(v, ctx), 80)}`)
    .join('; ');
  const body = wire.body ? ` body ${short(redact(JSON.stringify(wire.body.toString('utf8')), ctx), 300)}` : '';
  return `${wire.method} ${short(wire.path, 300)} [${headers}]${body}`;
}

export function formatReport(result: FuzzResult): string {
  const lines = [
    `fuzz: ${result.requests} requests${result.requests < result.planned ? ` (stopped early: ${result.planned} planned)` : ''}, seed ${result.seed}, ${result.seconds.toFixed(1)} s; statuses ${JSON.stringify(result.byStatus)}`,
    `${result.violationCount} violations in ${result.violations.length} groups`,
  ];
  for (const w of result.warnings) lines.push(`setup warning: ${w}`);
  const byReason = new Map<string, number>();
  for (const v of result.violations) byReason.set(v.reason, (byReason.get(v.reason) ?? 0) + v.count);
  if (byReason.size) {
    lines.push('', 'violations by reason:');
    for (const [reason, count] of [...byReason].sort((a, b) => b[1] - a[1])) lines.push(`  ${String(count).padStart(5)}  ${reason}`);
    lines.push('', 'groups (operation | status | reason), with a sample:');
    for (const v of result.violations) {
      lines.push(`- ${v.operation} | ${v.status} | ${v.reason} | ${v.count}x`);
      lines.push(`    mutations: ${v.sample.mutations || '(none: a valid request)'}`);
      lines.push(`    request:   ${v.sample.request}`);
      lines.push(`    response:  ${v.sample.response}`);
    }
  }
  if (result.undeclared.length) {
    lines.push('', "answered statuses the operation does not declare (each a violation too, but Next.js's 308 to the normalized path):");
    for (const u of result.undeclared.slice(0, 40)) lines.push(`  ${u.operation} ${u.status} (${u.count}x)`);
  }
  const foreignTotal = Object.values(result.foreignSent).reduce((a, b) => a + b, 0);
  lines.push(
    '',
    `an id not the caller's sent in ${foreignTotal} requests: ${Object.entries(result.foreignSent)
      .sort((a, b) => b[1] - a[1])
      .map(([name, count]) => `${name} ${count}`)
      .join(', ')}`,
  );
  lines.push('', `statements read after the run: ${result.statementsRead.wallets} wallets, ${result.statementsRead.lines} lines`);
  const panelTotal = Object.values(result.panelSent).reduce((a, b) => a + b, 0);
  lines.push(
    '',
    `the panel cookie sent in ${panelTotal} requests: ${Object.entries(result.panelSent)
      .sort((a, b) => a[0].localeCompare(b[0]))
      .map(([name, count]) => `${name} ${count}`)
      .join(', ')}`,
  );
  if (result.never2xx.length) {
    lines.push('', `operations without a 2xx in this run (${result.never2xx.length}), with what their unmutated requests were answered:`);
    for (const id of result.never2xx) {
      const answers = result.refusedValid[id] ?? [];
      lines.push(`  ${id}${answers.length ? '' : ' (no unmutated request)'}`);
      for (const a of answers.slice(0, 2)) lines.push(`    ${String(a.count).padStart(4)}x ${a.answer}`);
    }
  }
  lines.push('', `set-up ${result.setupSeconds.toFixed(1)} s; the operations that took the most time:`);
  for (const s of result.slowest) lines.push(`  ${(s.totalMs / 1000).toFixed(1).padStart(6)} s  ${String(s.requests).padStart(4)} requests  max ${s.maxMs} ms  ${s.operation}`);
  return lines.join('\n');
}

// --- the run -------------------------------------------------------------------------------------

export async function fuzz(options: FuzzOptions): Promise<FuzzResult> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const base = new URL(options.baseUrl);
  const docRes = await fetch(new URL('/api/openapi.json', base));
  if (docRes.status !== 200) throw new Error(`GET /api/openapi.json answered ${docRes.status}`);
  const doc = (await docRes.json()) as Schema;
  const ops = operationsOf(doc);
  log(`${ops.length} operations in the served OpenAPI document`);
  const ctx = await setUpFuzz(options.baseUrl, options.platformKey);
  for (const w of ctx.warnings) log(`setup warning: ${w}`);
  const setupSeconds = (Date.now() - started) / 1000;
  log(`set up in ${setupSeconds.toFixed(1)} s`);
  const timing = new Map<string, { operation: string; requests: number; totalMs: number; maxMs: number }>();
  const plans = fc.sample(requestArb(ops, ctx), { numRuns: options.runs, seed: options.seed });

  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency ?? 4 });
  const groups = new Map<string, Violation>();
  const byStatus: Record<string, number> = {};
  const undeclared = new Map<string, { operation: string; status: number; count: number }>();
  const with2xx = new Set<string>();
  const refusals = new Map<string, Map<string, number>>();
  const foreignSent: Record<string, number> = {};
  const panelSent: Record<string, number> = {};
  let done = 0;
  let violationCount = 0;

  const record = (op: Operation, status: number | string, reason: string, wire: Wire, plan: Plan, response: string) => {
    violationCount++;
    const key = `${op.id}|${status}|${reason}`;
    const group = groups.get(key);
    if (group) group.count++;
    else
      groups.set(key, {
        operation: op.id,
        status,
        reason,
        count: 1,
        sample: { request: describe(wire, ctx), mutations: plan.mutations.map((m) => m.kind).join(', '), response: redact(response.slice(0, 400), ctx) },
      });
  };

  let next = 0;
  const deadline = options.maxSeconds ? started + options.maxSeconds * 1000 : Infinity;
  const worker = async () => {
    while (next < plans.length && Date.now() < deadline && !options.signal?.aborted) {
      const i = next++;
      const plan = plans[i]!;
      const wire = await materialize(plan, ctx, i);
      const whose = wire.foreign ? `${wire.foreign.whose} ${wire.foreign.name}` : null;
      if (whose) foreignSent[whose] = (foreignSent[whose] ?? 0) + 1;
      const sent = Date.now();
      const took = () => {
        const t = timing.get(plan.op.id) ?? { operation: plan.op.id, requests: 0, totalMs: 0, maxMs: 0 };
        const ms = Date.now() - sent;
        t.requests++;
        t.totalMs += ms;
        t.maxMs = Math.max(t.maxMs, ms);
        timing.set(plan.op.id, t);
      };
      try {
        const answer = await send(base, wire, agent, options.timeoutMs ?? 30_000);
        took();
        byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
        if (wire.panel) {
          const change = UNSAFE_METHODS.has(wire.method) ? `${wire.panel.from} change` : `${wire.panel.from} read`;
          const key = `${plan.op.card ? 'card API ' : ''}${change}, ${answer.status < 300 ? 'served' : 'refused'}`;
          panelSent[key] = (panelSent[key] ?? 0) + 1;
        }
        if (answer.status >= 200 && answer.status < 300) with2xx.add(plan.op.id);
        else if (plan.mutations.length === 0) {
          const seen = refusals.get(plan.op.id) ?? new Map<string, number>();
          const said = refusalOf(answer.status, answer.text);
          seen.set(said, (seen.get(said) ?? 0) + 1);
          refusals.set(plan.op.id, seen);
        }
        if (!plan.op.responses.has(answer.status) && answer.status >= 300) {
          const key = `${plan.op.id}|${answer.status}`;
          const u = undeclared.get(key) ?? { operation: plan.op.id, status: answer.status, count: 0 };
          u.count++;
          undeclared.set(key, u);
        }
        for (const reason of check(plan.op, wire, answer)) record(plan.op, answer.status, reason, wire, plan, `${answer.status} ${answer.text}`);
      } catch (error) {
        took();
        byStatus.error = (byStatus.error ?? 0) + 1;
        const message = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
        record(plan.op, 'none', `no answer: ${message}`, wire, plan, String((error as Error).message));
      }
      if (++done % 500 === 0) log(`${done}/${plans.length} requests, ${violationCount} violations`);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
  agent.destroy();
  await ctx.close();

  // money is conserved whatever was sent: the fuzz tenant's ledger reconciles (docs/ledger.md)
  const ledger = await fetch(new URL('/api/v2.1/ledger/reconciliation', base), { headers: { authorization: `Bearer ${ctx.adminToken}`, 'X-Tenant-ID': ctx.tenantId } });
  const ledgerText = await ledger.text();
  const reconciled = ledger.status === 200 && (JSON.parse(ledgerText) as { data?: { balanced?: boolean } }).data?.balanced === true;
  if (!reconciled) {
    violationCount++;
    groups.set('ledger', {
      operation: 'GET /api/v2.1/ledger/reconciliation (after the run)',
      status: ledger.status,
      reason: "the fuzz tenant's ledger does not reconcile",
      count: 1,
      sample: { request: 'GET /api/v2.1/ledger/reconciliation', mutations: '', response: redact(ledgerText.slice(0, 400), ctx) },
    });
  }

  // and every statement reads true, however the run's transfers raced (docs/ledger.md, "Order of a statement")
  const statements = await untrueStatements(base, ctx);
  for (const untrue of statements.untrue) {
    violationCount++;
    groups.set(`statement|${untrue.walletId}`, {
      operation: 'GET /api/v2.1/wallets/{walletId}/statement (after the run)',
      status: 200,
      reason: `a statement that does not read true: ${untrue.problem}`,
      count: 1,
      sample: { request: `GET /api/v2.1/wallets/${untrue.walletId}/statement`, mutations: '', response: untrue.problem },
    });
  }

  const violations = [...groups.values()].sort((a, b) => a.reason.localeCompare(b.reason) || a.operation.localeCompare(b.operation));
  return {
    seed: options.seed,
    requests: done,
    planned: plans.length,
    byStatus,
    violations,
    violationCount,
    undeclared: [...undeclared.values()].sort((a, b) => b.count - a.count),
    never2xx: ops.map((o) => o.id).filter((id) => !with2xx.has(id)),
    foreignSent,
    panelSent,
    refusedValid: Object.fromEntries(
      [...refusals].filter(([id]) => !with2xx.has(id)).map(([id, seen]) => [id, [...seen].map(([answer, count]) => ({ answer, count })).sort((a, b) => b.count - a.count)]),
    ),
    warnings: ctx.warnings,
    statementsRead: { wallets: statements.wallets, lines: statements.lines },
    seconds: (Date.now() - started) / 1000,
    setupSeconds,
    slowest: [...timing.values()].sort((a, b) => b.totalMs - a.totalMs).slice(0, 10),
  };
}
