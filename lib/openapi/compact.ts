/**
 * Passes over the generated document that make it small without changing what it says
 * (docs/developer-api.md, "How the document is generated"):
 *
 * - namePrimitives: a subschema whose validating keywords equal a named primitive's becomes a `$ref`
 *   to it, its own annotations (description, default, ...) kept beside the `$ref`.
 * - shareResponses: an error response that two or more operations declare identically (same
 *   description, headers, schema and examples) is stored once in components/responses.
 * - shareExamples: an example that two or more responses show is stored once in components/examples.
 * - expandEnumRecords: zod writes `z.record(z.enum([...]), v)` as propertyNames + required with no
 *   properties; the same object is written with one property per key, which tools understand.
 */
type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keywords that describe a schema without changing which values it accepts. */
const ANNOTATIONS = new Set(['description', 'title', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly']);
/** Keywords whose values are data, not schemas: never searched for subschemas. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples', 'example', 'required']);
/** Keywords whose values map names to schemas (a property may be called `default` or `required`). */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);

/** Applies `each` to the subschemas of a schema, keeping data keywords as they are. */
function mapSubschemas(schema: Json, each: (value: unknown) => unknown): Json {
  const out: Json = {};
  for (const [k, v] of Object.entries(schema)) {
    if (SCHEMA_MAPS.has(k) && isObject(v)) out[k] = Object.fromEntries(Object.entries(v).map(([name, sub]) => [name, each(sub)]));
    else out[k] = DATA_KEYWORDS.has(k) ? v : each(v);
  }
  return out;
}

/** JSON with sorted keys: two schemas that accept the same values the same way compare equal. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value)) {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

const validatingPart = (schema: Json): Json => Object.fromEntries(Object.entries(schema).filter(([k]) => !ANNOTATIONS.has(k)));

/** Rewrites every schema of the document (components/schemas, and each `schema` under paths and components). */
function mapSchemas(doc: Json, rewrite: (schema: Json, isComponentRoot: string | undefined) => Json): void {
  const inSchema = (value: unknown, root?: string): unknown => {
    if (Array.isArray(value)) return value.map((v) => inSchema(v));
    if (!isObject(value)) return value;
    const own = rewrite(value, root);
    if (own !== value) return own;
    return mapSubschemas(value, (v) => inSchema(v));
  };
  const outside = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(outside);
    if (!isObject(value)) return value;
    const out: Json = {};
    for (const [k, v] of Object.entries(value)) out[k] = k === 'schema' ? inSchema(v) : k === 'example' || k === 'examples' || k === 'value' ? v : outside(v);
    return out;
  };
  doc.paths = outside(doc.paths);
  const components = doc.components as Json;
  for (const [section, entries] of Object.entries(components)) {
    if (section === 'schemas') {
      components.schemas = Object.fromEntries(Object.entries(entries as Json).map(([name, schema]) => [name, inSchema(schema, name)]));
    } else if (section !== 'examples') components[section] = outside(entries);
  }
}

/** `primitives`: component name -> its JSON Schema (already in components/schemas). */
export function namePrimitives(doc: Json, primitives: Record<string, Json>): void {
  const byForm = new Map(Object.entries(primitives).map(([name, schema]) => [canonical(validatingPart(schema)), name]));
  mapSchemas(doc, (schema, root) => {
    if ('$ref' in schema) return schema;
    const name = byForm.get(canonical(validatingPart(schema)));
    if (!name || name === root) return schema;
    const annotations = Object.fromEntries(Object.entries(schema).filter(([k]) => ANNOTATIONS.has(k)));
    // a primitive's own description says nothing the field's does not
    const own = primitives[name]!;
    for (const [k, v] of Object.entries(annotations)) if (canonical(own[k]) === canonical(v)) delete annotations[k];
    return { $ref: `#/components/schemas/${name}`, ...annotations };
  });
}

/** Error responses declared identically by two or more operations move to components/responses. */
export function shareResponses(doc: Json, nameOf: (status: string, response: Json) => string): void {
  const paths = doc.paths as Record<string, Record<string, Json>>;
  const uses = new Map<string, number>();
  const each = (visit: (responses: Json, status: string, response: Json) => void) => {
    for (const item of Object.values(paths)) {
      for (const op of Object.values(item)) {
        const responses = op.responses as Json;
        for (const [status, response] of Object.entries(responses)) if (status !== '200' && isObject(response) && !('$ref' in response)) visit(responses, status, response);
      }
    }
  };
  each((_, __, response) => {
    const key = canonical(response);
    uses.set(key, (uses.get(key) ?? 0) + 1);
  });
  const components = doc.components as { responses: Json };
  const names = new Map<string, string>();
  each((responses, status, response) => {
    const key = canonical(response);
    if ((uses.get(key) ?? 0) < 2) return;
    let name = names.get(key);
    if (!name) {
      const base = nameOf(status, response);
      name = base;
      for (let i = 2; components.responses[name]; i++) name = `${base}_${i}`;
      components.responses[name] = response;
      names.set(key, name);
    }
    responses[status] = { $ref: `#/components/responses/${name}` };
  });
}

/** Examples shown by two or more responses (in paths or components/responses) move to components/examples. */
export function shareExamples(doc: Json): void {
  const components = doc.components as Json & { examples?: Json; responses: Json };
  const maps: Json[] = [];
  const collect = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(collect);
    if (!isObject(value)) return;
    for (const [k, v] of Object.entries(value)) {
      if (k === 'schema') continue;
      if (k === 'examples' && isObject(v)) maps.push(v);
      else collect(v);
    }
  };
  collect(doc.paths);
  collect(components.responses);
  const uses = new Map<string, number>();
  for (const map of maps) for (const example of Object.values(map)) if (isObject(example) && !('$ref' in example)) uses.set(canonical(example), (uses.get(canonical(example)) ?? 0) + 1);
  const shared: Json = {};
  const names = new Map<string, string>();
  for (const map of maps) {
    for (const [key, example] of Object.entries(map)) {
      if (!isObject(example) || '$ref' in example) continue;
      const text = canonical(example);
      if ((uses.get(text) ?? 0) < 2) continue;
      let name = names.get(text);
      if (!name) {
        // NOT_FOUND_2 -> NOT_FOUND; Envelope B examples end in _B
        const base = `${key.replace(/_\d+$/, '')}${isObject(example.value) && 'success' in example.value ? '_B' : ''}`;
        name = base;
        for (let i = 2; shared[name]; i++) name = `${base}_${i}`;
        shared[name] = example;
        names.set(text, name);
      }
      map[key] = { $ref: `#/components/examples/${name}` };
    }
  }
  if (Object.keys(shared).length) components.examples = Object.fromEntries(Object.entries(shared).sort(([a], [b]) => a.localeCompare(b)));
}

/** `{propertyNames: {enum}, additionalProperties: v, required}` -> one property per key (same values accepted). */
export function expandEnumRecords(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(expandEnumRecords);
  if (!isObject(value)) return value;
  const out = mapSubschemas(value, expandEnumRecords);
  const keys = isObject(out.propertyNames) ? (out.propertyNames.enum as unknown[] | undefined) : undefined;
  if (out.type === 'object' && !out.properties && Array.isArray(keys) && keys.every((key) => typeof key === 'string') && isObject(out.additionalProperties)) {
    const valueSchema = out.additionalProperties;
    const { propertyNames: _names, additionalProperties: _values, ...rest } = out;
    void _names;
    void _values;
    return { ...rest, properties: Object.fromEntries((keys as string[]).map((key) => [key, valueSchema])), additionalProperties: false };
  }
  return out;
}
