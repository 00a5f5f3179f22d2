/**
 * The fuzzer's view of the served OpenAPI document: every operation with its parameters, JSON body
 * schema, auth surface and declared responses, all `$ref`s resolved, and an ajv validator per
 * declared JSON response.
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

export type Schema = Record<string, unknown>;

export interface Param {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: Schema;
}

export type Auth = 'none' | 'optional-bearer' | 'bearer' | 'platform' | 'card';

export interface DeclaredResponse {
  contentType?: string;
  /** every content type the response declares (JSON first when it has one) */
  contentTypes?: string[];
  validate?: ValidateFunction;
}

export interface Operation {
  /** e.g. `POST /api/v2.1/wallets` */
  id: string;
  method: string;
  path: string;
  params: Param[];
  body?: Schema;
  /** the declared request body schema, compiled */
  validateBody?: ValidateFunction;
  bodyRequired: boolean;
  auth: Auth;
  /** the document lets the panel's session cookie sign the request (security `panelCookie`) */
  cookie: boolean;
  /** the card API (/api/v2.1/card/virtual/**) answers Envelope B */
  card: boolean;
  responses: Map<number, DeclaredResponse>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Resolves every local `$ref` (cycles are cut at depth 40). */
export function deref(doc: Schema, value: unknown, depth = 0): unknown {
  if (depth > 40 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => deref(doc, v, depth + 1));
  const obj = value as Schema;
  if (typeof obj.$ref === 'string' && obj.$ref.startsWith('#/')) {
    const target = obj.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, key) => (node as Schema | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
    const { $ref: _ref, ...rest } = obj;
    void _ref;
    return deref(doc, { ...(target as Schema), ...rest }, depth + 1);
  }
  return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, deref(doc, v, depth + 1)]));
}

function authOf(security: unknown, path: string): Auth {
  if (path.startsWith('/api/v2.1/card/virtual/')) return 'card';
  if (!Array.isArray(security) || security.length === 0) return 'none';
  const kinds = security.map((s) => Object.keys(s as object));
  if (kinds.some((k) => k.includes('platformKey'))) return 'platform';
  if (kinds.some((k) => k.length === 0)) return 'optional-bearer';
  return 'bearer';
}

export function newAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  addFormats(ajv);
  return ajv;
}

/** Every operation of the document (HEAD/OPTIONS are not listed there and not fuzzed). */
export function operationsOf(rawDoc: Schema): Operation[] {
  const doc = rawDoc;
  const ajv = newAjv();
  const ops: Operation[] = [];
  const paths = doc.paths as Record<string, Record<string, unknown>>;
  for (const [path, item] of Object.entries(paths)) {
    const shared = ((item.parameters as unknown[]) ?? []).map((p) => deref(doc, p) as Schema);
    for (const method of METHODS) {
      const raw = item[method] as Schema | undefined;
      if (!raw) continue;
      const op = deref(doc, raw) as Schema;
      const params = [...shared, ...((op.parameters as Schema[]) ?? [])].map((p) => ({
        name: p.name as string,
        in: p.in as Param['in'],
        required: Boolean(p.required),
        schema: (p.schema as Schema) ?? { type: 'string' },
      }));
      const requestBody = op.requestBody as Schema | undefined;
      const jsonBody = (requestBody?.content as Record<string, Schema> | undefined)?.['application/json']?.schema as Schema | undefined;
      const responses = new Map<number, DeclaredResponse>();
      for (const [status, res] of Object.entries((op.responses as Record<string, Schema>) ?? {})) {
        const content = res.content as Record<string, Schema> | undefined;
        const contentTypes = content ? Object.keys(content) : [];
        const contentType = contentTypes[0];
        const schema = contentType === 'application/json' ? (content![contentType]!.schema as Schema | undefined) : undefined;
        let validate: ValidateFunction | undefined;
        if (schema) {
          try {
            validate = ajv.compile(schema);
          } catch (error) {
            throw new Error(`${method.toUpperCase()} ${path} ${status}: the declared schema does not compile: ${(error as Error).message}`);
          }
        }
        responses.set(Number(status), { contentType, contentTypes, validate });
      }
      let validateBody: ValidateFunction | undefined;
      try {
        validateBody = jsonBody ? ajv.compile(jsonBody) : undefined;
      } catch (error) {
        throw new Error(`${method.toUpperCase()} ${path}: the declared request body schema does not compile: ${(error as Error).message}`);
      }
      ops.push({
        id: `${method.toUpperCase()} ${path}`,
        validateBody,
        method: method.toUpperCase(),
        path,
        params,
        body: jsonBody,
        bodyRequired: Boolean(requestBody?.required),
        auth: authOf(op.security ?? doc.security, path),
        cookie: JSON.stringify(op.security ?? doc.security ?? []).includes('"panelCookie"'),
        card: path.startsWith('/api/v2.1/card/virtual/'),
        responses,
      });
    }
  }
  return ops;
}
