import { contextHeaderSchemas, type ContextHeaderName, type ContextHeaders } from '@/lib/contract/headers';
import type { FieldError } from '@/lib/contract/envelopes';
import { textProblem } from '@/lib/contract/text';
import { missingHeaders, validationFailed } from '@/lib/contract/api-errors';

export interface HeaderSpec<R extends ContextHeaderName = ContextHeaderName> {
  required: readonly R[];
  optional?: readonly ContextHeaderName[];
}

export type ParsedHeaders<R extends ContextHeaderName> = Pick<ContextHeaders, R> & Partial<ContextHeaders>;

/**
 * Reads the context headers a route declares. Absent required headers answer 400 "missing required
 * headers" naming all of them; present but invalid ones answer 400 "request validation failed" with
 * one errors[] entry per header (field = the header's contract name).
 */
export function parseContextHeaders<R extends ContextHeaderName>(headers: Headers, spec: HeaderSpec<R>): ParsedHeaders<R> {
  const missing = spec.required.filter((name) => headers.get(name) === null);
  if (missing.length) throw missingHeaders(missing);
  const out: Record<string, string> = {};
  const errors: FieldError[] = [];
  for (const name of new Set<ContextHeaderName>([...spec.required, ...(spec.optional ?? [])])) {
    const value = headers.get(name);
    if (value === null) continue;
    const problem = textProblem(value);
    if (problem) {
      errors.push({ field: name, message: problem });
      continue;
    }
    const result = contextHeaderSchemas[name].safeParse(value.trim());
    if (result.success) out[name] = result.data;
    else errors.push({ field: name, message: result.error.issues[0]?.message ?? 'invalid' });
  }
  if (errors.length) throw validationFailed(errors);
  return out as ParsedHeaders<R>;
}
