import { z } from 'zod';

/**
 * The one Idempotency-Key of the platform: the header that carries it on HTTP routes, the header that
 * marks a replayed answer, and the key's schema (also the `idempotencyKey` body field of the card
 * operations). The store behind it is lib/services/idempotency/store.ts.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

export const idempotencyKeySchema = z
  .string()
  .min(1, 'must not be empty')
  .max(MAX_IDEMPOTENCY_KEY_LENGTH, `must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`)
  .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
  .describe('client-chosen key; a repeat within 24 hours answers the first result');
