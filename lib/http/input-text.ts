import type { FieldError } from '@/lib/contract/envelopes';
import { FORBIDDEN_KEYS, textProblem } from '@/lib/contract/text';
import { validationFailed } from '@/lib/contract/api-errors';

/**
 * The edge rule for every string a request brings in (docs/errors.md, "Text and strict bodies"):
 * JSON at any depth (values and keys), query parameters, path parameters and the headers we read
 * must be well-formed UTF-16 and free of NUL, and no JSON object may carry a `__proto__`,
 * `constructor` or `prototype` key. createRoute() runs it on params and query, readJsonBody() on
 * every body, parseContextHeaders() on headers, so no route checks it by itself and no service or
 * database ever sees such a string. A violation answers 400 `request validation failed` with one
 * errors[] entry per offending field (its dotted path, like a zod issue).
 */

/** A path segment as it appears in `field`: problem characters escaped so the answer stays clean text. */
function segment(key: string): string {
  return textProblem(key)
    ? JSON.stringify(key)
        .slice(1, -1)
        .replace(/[\ud800-\udfff]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`)
    : key;
}

const join = (path: string, key: string) => (path ? `${path}.${segment(key)}` : segment(key));

/** Collects the violations of a parsed JSON value (at most `limit`, so a huge body costs one walk). */
export function jsonTextErrors(value: unknown, path = '', errors: FieldError[] = [], limit = 20): FieldError[] {
  // an explicit stack: nesting depth is bounded by the body size, not by the call stack
  const stack: Array<[unknown, string]> = [[value, path]];
  while (stack.length && errors.length < limit) {
    const [current, at] = stack.pop()!;
    if (typeof current === 'string') {
      const problem = textProblem(current);
      if (problem) errors.push({ field: at || 'body', message: problem });
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1) stack.push([current[i], join(at, String(i))]);
    } else if (current !== null && typeof current === 'object') {
      const keys = Object.keys(current);
      for (let i = keys.length - 1; i >= 0; i -= 1) {
        const key = keys[i]!;
        const field = join(at, key);
        const keyProblem = textProblem(key);
        if (keyProblem) errors.push({ field, message: `the key ${keyProblem}` });
        else if (FORBIDDEN_KEYS.has(key)) errors.push({ field, message: `"${key}" is not accepted as a key` });
        else stack.push([(current as Record<string, unknown>)[key], field]);
      }
    }
  }
  return errors;
}

/** Throws 400 request validation failed when the parsed JSON body breaks the text rule. */
export function assertJsonText(value: unknown): void {
  const errors = jsonTextErrors(value);
  if (errors.length) throw validationFailed(errors);
}

/** Throws 400 request validation failed for path parameters, query parameters or headers that break the rule. */
export function assertStringsText(entries: Iterable<[string, string | readonly string[] | undefined]>): void {
  const errors: FieldError[] = [];
  for (const [name, raw] of entries) {
    const values = raw === undefined ? [] : typeof raw === 'string' ? [raw] : raw;
    const problem = textProblem(name) ?? values.map(textProblem).find(Boolean);
    if (problem) errors.push({ field: segment(name), message: problem });
  }
  if (errors.length) throw validationFailed(errors);
}
