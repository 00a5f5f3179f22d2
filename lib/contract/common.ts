import { z } from 'zod';

/** Small shared field schemas. */
export const uuidSchema = z.uuid({ message: 'must be a UUID' });
/** True for a UUID-shaped string: services check ids with it before they reach a uuid column. */
export const isUuid = (value: string): boolean => uuidSchema.safeParse(value).success;
export const emailSchema = z
  .email({ message: 'must be a valid email address' })
  .max(254)
  .transform((v) => v.toLowerCase());
export const usernameSchema = z
  .string()
  .min(3, 'must be at least 3 characters')
  .max(64, 'must be at most 64 characters')
  .regex(/^[A-Za-z0-9._@-]+$/, 'may contain only letters, digits and . _ @ -');
export const personNameSchema = z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters');
export const isoDateTimeSchema = z.iso.datetime({ offset: true });
/**
 * A string trimmed, then matched against an anchored `pattern`. The OpenAPI document's pattern says
 * the same: whitespace around the value is allowed, since it is trimmed before the match (the
 * fuzzer found a feature code with a leading U+FEFF accepted where the document's pattern refused it).
 */
export const trimmedMatching = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .regex(pattern, message)
    .meta({ pattern: `^\\s*(?:${pattern.source.replace(/^\^/, '').replace(/\$$/, '')})\\s*$` });
/** A refinement of a list: each repeat of a value is an issue on its position, `<value> is named twice`. */
export function refuseRepeats(list: readonly string[], ctx: z.RefinementCtx): void {
  list.forEach((value, i) => {
    if (list.indexOf(value) !== i) ctx.addIssue({ code: 'custom', path: [i], message: `${value} is named twice` });
  });
}
/** A list of ids in which none is named twice (each one is a row of a join table: a repeat would break its key). */
export const distinctIds = (max: number) => z.array(z.uuid()).max(max).superRefine(refuseRepeats);
