/**
 * The document as the reference page hands it to Swagger UI: the same operations and schemas, written
 * in OpenAPI 3.0 terms. Swagger UI renders an OpenAPI 3.1 document through its ApiDOM resolver, which
 * spends about four seconds of CPU on ours before the first operation can be clicked; told "3.0.3" it
 * uses its plain resolver and is ready as fast as with an empty document (docs/developer-api.md,
 * "API reference page"). The served /api/openapi.json stays OpenAPI 3.1; only the viewer's copy is
 * rewritten, and only where 3.0 spells a thing differently:
 *
 * - `const: x` -> `enum: [x]`; a schema's `examples: [a, ...]` -> `example: a`;
 * - `type: [t, "null"]` and a `{type: "null"}` branch of anyOf/oneOf -> `nullable: true`; a lone
 *   `type: "null"` -> `nullable: true, enum: [null]`;
 * - `contentMediaType`, `propertyNames` (no 3.0 keyword; shown nowhere) and `info.license.identifier`
 *   are left out.
 */
type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNullSchema = (value: unknown) => isObject(value) && value.type === 'null' && Object.keys(value).length === 1;
/** Keywords whose values are data or maps of names, not schemas. */
const DATA = new Set(['enum', 'const', 'default', 'example', 'examples', 'required']);
const MAPS = new Set(['properties', 'patternProperties']);

function schema30(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(schema30);
  if (!isObject(value)) return value;
  const out: Json = {};
  let schema: Json = value;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches) && branches.some(isNullSchema)) schema = { ...schema, [key]: branches.filter((b) => !isNullSchema(b)), nullable: true };
  }
  for (const [key, sub] of Object.entries(schema)) {
    if (key === 'contentMediaType' || key === 'propertyNames') continue;
    if (key === 'const') out.enum = [sub];
    else if (key === 'examples' && Array.isArray(sub)) {
      if (sub.length) out.example = sub[0];
    } else if (MAPS.has(key) && isObject(sub)) out[key] = Object.fromEntries(Object.entries(sub).map(([name, s]) => [name, schema30(s)]));
    else out[key] = DATA.has(key) ? sub : schema30(sub);
  }
  if (out.type === 'null') {
    // a field that is always null (z.null()): 3.0 has no null type
    delete out.type;
    out.nullable = true;
    out.enum = [null];
  }
  if (Array.isArray(out.type)) {
    const types = (out.type as unknown[]).filter((t) => t !== 'null');
    if (types.length < (out.type as unknown[]).length) out.nullable = true;
    if (types.length === 1) out.type = types[0];
    else delete out.type;
  }
  return out;
}

function walk(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(walk);
  if (!isObject(value)) return value;
  const out: Json = {};
  for (const [key, sub] of Object.entries(value)) {
    if (key === 'schema') out[key] = schema30(sub);
    else if (key === 'example' || key === 'examples' || key === 'value') out[key] = sub;
    else out[key] = walk(sub);
  }
  return out;
}

export function forSwaggerUi(document: Json): Json {
  const components = isObject(document.components) ? document.components : {};
  const { schemas, ...otherComponents } = components;
  const info = isObject(document.info) ? document.info : {};
  const license = isObject(info.license) ? { name: info.license.name, ...(info.license.url ? { url: info.license.url } : {}) } : undefined;
  return {
    ...document,
    openapi: '3.0.3',
    info: { ...info, ...(license ? { license } : {}) },
    paths: walk(document.paths),
    components: {
      ...(walk(otherComponents) as Json),
      ...(isObject(schemas) ? { schemas: Object.fromEntries(Object.entries(schemas).map(([name, s]) => [name, schema30(s)])) } : {}),
    },
  };
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/**
 * One tag of the document, for one viewer: the operations tagged with it (a path keeps its other
 * keys, e.g. shared parameters) and only the components they reach through `$ref`, transitively.
 * Swagger UI then renders a handful of operations instead of all of them (about 160), and resolves
 * only what they use. Security schemes are named, not referenced, so they all stay.
 */
export function documentForTag(document: Json, tag: string): Json {
  const paths: Json = {};
  for (const [path, item] of Object.entries(isObject(document.paths) ? document.paths : {})) {
    if (!isObject(item)) continue;
    const kept = Object.entries(item).filter(([key, op]) => !HTTP_METHODS.has(key) || (isObject(op) && Array.isArray(op.tags) && op.tags.includes(tag)));
    if (kept.some(([key]) => HTTP_METHODS.has(key))) paths[path] = Object.fromEntries(kept);
  }
  const components = isObject(document.components) ? document.components : {};
  const reached = new Map<string, Set<string>>();
  const pending: unknown[] = [paths];
  while (pending.length) {
    const value = pending.pop();
    if (Array.isArray(value)) pending.push(...value);
    else if (isObject(value)) {
      const ref = value.$ref;
      const match = typeof ref === 'string' ? /^#\/components\/([^/]+)\/(.+)$/.exec(ref) : null;
      if (match) {
        const [, section, name] = match as unknown as [string, string, string];
        const names = reached.get(section) ?? reached.set(section, new Set()).get(section)!;
        const target = isObject(components[section]) ? (components[section] as Json)[name] : undefined;
        if (!names.has(name) && target !== undefined) {
          names.add(name);
          pending.push(target);
        }
      }
      for (const [key, sub] of Object.entries(value)) if (key !== '$ref') pending.push(sub);
    }
  }
  const pruned: Json = {};
  for (const [section, entries] of Object.entries(components)) {
    if (section === 'securitySchemes') pruned[section] = entries;
    else if (isObject(entries) && reached.has(section)) pruned[section] = Object.fromEntries(Object.entries(entries).filter(([name]) => reached.get(section)!.has(name)));
  }
  const tags = Array.isArray(document.tags) ? document.tags.filter((t) => isObject(t) && t.name === tag) : [];
  return { ...document, tags, paths, components: pruned };
}
