import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiClientError } from './fetcher';

/**
 * Maps a server answer onto react-hook-form: `data.errors[].field` (dotted paths of the request
 * body) and the categorization error (`missingKeys`, `invalidValues`) become field errors.
 * `mapField` turns a request path into a form path (undefined: not a field of this form).
 * Returns the messages no field took, for the form's alert.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  options: { mapField?: (path: string) => string | undefined; mapKey?: (key: string) => string | undefined } = {},
): string[] {
  if (!(error instanceof ApiClientError)) return [error instanceof Error ? error.message : 'something went wrong'];
  const leftovers: string[] = [];
  const mapField = options.mapField ?? ((p: string) => p);
  let focused = false;
  for (const item of error.data.errors ?? []) {
    const target = mapField(item.field);
    if (target) {
      setError(target as Path<T>, { type: 'server', message: item.message }, { shouldFocus: !focused });
      focused = true;
    } else leftovers.push(`${item.field}: ${item.message}`);
  }
  const data = error.data as { missingKeys?: unknown; invalidValues?: unknown; details?: unknown; field?: unknown };
  // a conflict that names its field (e.g. 409 "a user with this email already exists", data.field "email")
  if (typeof data.field === 'string' && !error.data.errors?.length) {
    const target = mapField(data.field);
    if (target) {
      setError(target as Path<T>, { type: 'server', message: error.message }, { shouldFocus: !focused });
      return leftovers;
    }
  }
  if (Array.isArray(data.missingKeys) || (data.invalidValues && typeof data.invalidValues === 'object')) {
    const mapKey = options.mapKey ?? ((k: string) => k);
    for (const key of (data.missingKeys as string[] | undefined) ?? []) {
      const target = mapKey(key);
      if (target) setError(target as Path<T>, { type: 'server', message: 'required for this category' });
      else leftovers.push(`${key}: required for this category`);
    }
    for (const [key, why] of Object.entries((data.invalidValues as Record<string, string> | undefined) ?? {})) {
      const target = mapKey(key);
      if (target) setError(target as Path<T>, { type: 'server', message: why });
      else leftovers.push(`${key}: ${why}`);
    }
  }
  if (!error.data.errors?.length && !Array.isArray(data.missingKeys)) {
    leftovers.push(typeof data.details === 'string' ? `${error.message}: ${data.details}` : error.message);
  }
  return leftovers;
}
