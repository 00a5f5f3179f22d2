/**
 * The one rule for text that enters the API (docs/errors.md, "Text and strict bodies"): every string
 * of a request — JSON values and keys at any depth, query and path parameters, the headers we read —
 * must be well-formed UTF-16 (no lone surrogate, which no UTF-8 database column or JSON encoder can
 * hold) and free of NUL (U+0000, which PostgreSQL text refuses). lib/http applies it at the edge.
 */

/** Object keys no request body may carry: they would reach Object.prototype through a careless merge. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export const TEXT_RULE_MESSAGES = {
  nul: 'must not contain a NUL character (\\u0000)',
  surrogate: 'must be well-formed UTF-16 text (no lone surrogate such as \\udfff)',
} as const;

// a high surrogate not followed by a low one, or a low one not preceded by a high one
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why a string breaks the text rule, or null when it is fine. */
export function textProblem(value: string): string | null {
  if (value.includes('\u0000')) return TEXT_RULE_MESSAGES.nul;
  // String.prototype.isWellFormed (Node 20+) is the fast path; the regex is its fallback
  const wellFormed =
    typeof (value as { isWellFormed?: () => boolean }).isWellFormed === 'function' ? (value as unknown as { isWellFormed: () => boolean }).isWellFormed() : !LONE_SURROGATE.test(value);
  return wellFormed ? null : TEXT_RULE_MESSAGES.surrogate;
}
