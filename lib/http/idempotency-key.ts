import { IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema } from '@/lib/contract/wallets';
import { missingHeaders, validationFailed } from '@/lib/contract/api-errors';

/** The Idempotency-Key header: required (400 missing required headers), 1..255 printable ASCII (400 validation). */
export function idempotencyKeyOf(headers: Headers): string {
  const value = headers.get(IDEMPOTENCY_KEY_HEADER);
  if (value === null) throw missingHeaders([IDEMPOTENCY_KEY_HEADER]);
  const parsed = idempotencyKeySchema.safeParse(value);
  if (!parsed.success) throw validationFailed(parsed.error.issues.map((i) => ({ field: IDEMPOTENCY_KEY_HEADER, message: i.message })));
  return parsed.data;
}
