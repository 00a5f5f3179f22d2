import { z } from 'zod';
import { isoDateTimeSchema, uuidSchema } from './common';
import { pageQuerySchema, pageSchema } from './envelopes';
import { EVENT_TYPES, webhookEventSchema, type EventType } from './events';

/**
 * Webhook subscriptions (contract endpoint 6 and the operations around it), deliveries and
 * attempts. Limits are exported so that forms and routes cannot disagree. Whether an endpoint URL
 * may be reached (https policy of the tenant, SSRF guard with DNS) is checked by the service; the
 * schemas here check the shape.
 */
export const SUPPORTED_SIGNATURE_ALGORITHMS = ['HMAC-SHA256'] as const;
export type SignatureAlgorithm = (typeof SUPPORTED_SIGNATURE_ALGORITHMS)[number];

export const WEBHOOK_NAME_MAX = 100;
export const WEBHOOK_DESCRIPTION_MAX = 500;
export const WEBHOOK_URL_MAX = 2048;
export const WEBHOOK_EVENTS_MAX = 50;
export const MAX_RETRY_ATTEMPTS_LIMIT = 20;
export const DEFAULT_MAX_RETRY_ATTEMPTS = 8;
export const RETRY_BACKOFF_SECONDS_MIN = 1;
export const RETRY_BACKOFF_SECONDS_MAX = 3600;
export const DEFAULT_RETRY_BACKOFF_SECONDS = 5;
export const SECRET_PREFIX = 'whsec_';
export const SECRET_MIN_BYTES = 24;
export const SECRET_MAX_BYTES = 64;
/** After a rotation the previous secret keeps signing for this long. */
export const SECRET_ROTATION_OVERLAP_SECONDS = 24 * 3600;
/** Stored per attempt: the first 1 KiB of the receiver's answer. */
export const RESPONSE_BODY_MAX_BYTES = 1024;

const KNOWN_PREFIXES = new Set(
  EVENT_TYPES.flatMap((type) =>
    type
      .split('.')
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join('.')),
  ),
);

/** `*`, a known event type, or `prefix.*` where prefix is a leading part of a known type (`customer.*`, `customer.consent.*`). */
export function isValidEventPattern(pattern: string): boolean {
  if (pattern === '*') return true;
  if ((EVENT_TYPES as string[]).includes(pattern)) return true;
  return pattern.endsWith('.*') && KNOWN_PREFIXES.has(pattern.slice(0, -2));
}

/** The patterns that select an event type: itself, each `prefix.*` above it, and `*`. */
export function patternsMatching(type: string): string[] {
  const parts = type.split('.');
  return [type, ...parts.slice(0, -1).map((_, i) => `${parts.slice(0, parts.length - 1 - i).join('.')}.*`), '*'];
}

export function eventMatches(patterns: readonly string[], type: string): boolean {
  return patternsMatching(type).some((p) => patterns.includes(p));
}

export const eventPatternSchema = z
  .string()
  .refine(isValidEventPattern, { message: 'must be a known event type or a wildcard like customer.* (see GET /api/v2.1/webhooks/event-types)' })
  .describe('an event type, `prefix.*` or `*`');

export const subscribedEventsSchema = z
  .array(eventPatternSchema)
  .min(1, 'must name at least one event type')
  .max(WEBHOOK_EVENTS_MAX, `must name at most ${WEBHOOK_EVENTS_MAX} event types`)
  .transform((patterns) => [...new Set(patterns)])
  .describe('event types to deliver; wildcards: `customer.*`, `*`');

/** `whsec_` + base64 of 24..64 random bytes (the Standard Webhooks secret format). */
export function secretKeyBytes(secret: string): Buffer | null {
  if (!secret.startsWith(SECRET_PREFIX)) return null;
  const encoded = secret.slice(SECRET_PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || encoded.length % 4 !== 0) return null;
  const bytes = Buffer.from(encoded, 'base64');
  return bytes.length >= SECRET_MIN_BYTES && bytes.length <= SECRET_MAX_BYTES ? bytes : null;
}

export const secretKeySchema = z
  .string()
  .refine((v) => secretKeyBytes(v) !== null, {
    message: `must be ${SECRET_PREFIX} followed by the base64 of ${SECRET_MIN_BYTES} to ${SECRET_MAX_BYTES} random bytes; omit it to have one generated`,
  })
  .describe('signing secret; omitted: generated and returned once');

/** Case and separators do not matter: `hmac-sha256`, `HMAC_SHA256` and `HmacSHA256` all name HMAC-SHA256. */
export const signatureAlgorithmSchema = z
  .string()
  .transform((v) => (v.replace(/[^A-Za-z0-9]/g, '').toUpperCase() === 'HMACSHA256' ? 'HMAC-SHA256' : v))
  .refine((v): v is SignatureAlgorithm => (SUPPORTED_SIGNATURE_ALGORITHMS as readonly string[]).includes(v), {
    message: `unsupported signature algorithm; supported: ${SUPPORTED_SIGNATURE_ALGORITHMS.join(', ')}`,
  })
  .transform((v) => v as SignatureAlgorithm);

/** Shape only: an absolute http(s) URL without credentials. Reachability is the service's check. */
export const endpointUrlSchema = z
  .string()
  .trim()
  .max(WEBHOOK_URL_MAX, `must be at most ${WEBHOOK_URL_MAX} characters`)
  .superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be an absolute http(s) URL' });
      return;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      ctx.addIssue({ code: 'custom', message: `must be an http(s) URL; ${url.protocol.replace(/:$/, '')} is not allowed` });
    } else if (url.username || url.password) {
      ctx.addIssue({ code: 'custom', message: 'must not carry credentials (user:password@); authenticate with the signature' });
    }
  })
  .describe('absolute https URL (http only where the tenant allows it for testing)');

const nameSchema = z.string().trim().min(1, 'must not be empty').max(WEBHOOK_NAME_MAX, `must be at most ${WEBHOOK_NAME_MAX} characters`);
const descriptionSchema = z.string().trim().max(WEBHOOK_DESCRIPTION_MAX, `must be at most ${WEBHOOK_DESCRIPTION_MAX} characters`);
const maxRetryAttemptsSchema = z
  .number({ error: `must be a whole number from 0 to ${MAX_RETRY_ATTEMPTS_LIMIT}` })
  .int(`must be a whole number from 0 to ${MAX_RETRY_ATTEMPTS_LIMIT}`)
  .min(0, `must be a whole number from 0 to ${MAX_RETRY_ATTEMPTS_LIMIT}`)
  .max(MAX_RETRY_ATTEMPTS_LIMIT, `must be a whole number from 0 to ${MAX_RETRY_ATTEMPTS_LIMIT}`)
  .describe('retries after the first attempt');
const retryBackoffSecondsSchema = z
  .number({ error: `must be a whole number from ${RETRY_BACKOFF_SECONDS_MIN} to ${RETRY_BACKOFF_SECONDS_MAX}` })
  .int(`must be a whole number from ${RETRY_BACKOFF_SECONDS_MIN} to ${RETRY_BACKOFF_SECONDS_MAX}`)
  .min(RETRY_BACKOFF_SECONDS_MIN, `must be a whole number from ${RETRY_BACKOFF_SECONDS_MIN} to ${RETRY_BACKOFF_SECONDS_MAX}`)
  .max(RETRY_BACKOFF_SECONDS_MAX, `must be a whole number from ${RETRY_BACKOFF_SECONDS_MIN} to ${RETRY_BACKOFF_SECONDS_MAX}`)
  .describe('delay before the first retry; retry n waits backoff * 2^(n-1) (±20%, at most 24 h)');

// POST /api/v2.1/webhooks/subscriptions
export const createWebhookSubscriptionBodySchema = z
  .object({
    customerId: uuidSchema.nullish().describe('only events about this customer; unset: every event of the tenant'),
    subscriptionName: nameSchema.nullish().describe('defaults to the host of the endpoint URL'),
    description: descriptionSchema.nullish(),
    endpointUrl: endpointUrlSchema,
    secretKey: secretKeySchema.nullish(),
    signatureAlgorithm: signatureAlgorithmSchema.nullish(),
    verifySsl: z.boolean({ error: 'must be true or false' }).nullish(),
    subscribedEvents: subscribedEventsSchema,
    maxRetryAttempts: maxRetryAttemptsSchema.nullish(),
    retryBackoffSeconds: retryBackoffSecondsSchema.nullish(),
  })
  .strict();
export type CreateWebhookSubscriptionBody = z.output<typeof createWebhookSubscriptionBodySchema>;

// PATCH /api/v2.1/webhooks/subscriptions/{subscriptionId}
export const updateWebhookSubscriptionBodySchema = z
  .object({
    subscriptionName: nameSchema.optional(),
    description: descriptionSchema.optional(),
    endpointUrl: endpointUrlSchema.optional(),
    subscribedEvents: subscribedEventsSchema.optional(),
    maxRetryAttempts: maxRetryAttemptsSchema.optional(),
    retryBackoffSeconds: retryBackoffSecondsSchema.optional(),
    verifySsl: z.boolean({ error: 'must be true or false' }).optional(),
    enabled: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .strict()
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    message: 'name at least one field to change',
    // not on top of an unknown key: that one says it all
    when: (payload) => payload.issues.length === 0,
  });
export type UpdateWebhookSubscriptionBody = z.output<typeof updateWebhookSubscriptionBodySchema>;

// POST .../{subscriptionId}/rotate-secret
export const rotateSecretBodySchema = z.object({ secretKey: secretKeySchema.optional() }).strict().optional();

// POST .../{subscriptionId}/test
export const testEventBodySchema = z
  .object({ message: z.string().max(500).optional() })
  .strict()
  .optional();

// POST .../{subscriptionId}/recover
export const recoverBodySchema = z
  .object({
    since: isoDateTimeSchema.describe('re-send every delivery that ended FAILED or CANCELED since then'),
    until: isoDateTimeSchema.optional(),
  })
  .strict()
  .refine((b) => !b.until || Date.parse(b.until) > Date.parse(b.since), { message: 'must be later than since', path: ['until'] });

export const WEBHOOK_DISABLED_REASONS = ['DISABLED_BY_USER', 'ENDPOINT_GONE', 'FAILING_TOO_LONG'] as const;

export const webhookSubscriptionSchema = z.object({
  id: uuidSchema,
  customerId: z.uuid().nullable(),
  subscriptionName: z.string(),
  description: z.string(),
  endpointUrl: z.string(),
  signatureAlgorithm: z.enum(SUPPORTED_SIGNATURE_ALGORITHMS),
  verifySsl: z.boolean(),
  subscribedEvents: z.array(z.string()),
  maxRetryAttempts: z.number().int(),
  retryBackoffSeconds: z.number().int(),
  enabled: z.boolean(),
  disabledReason: z.enum(WEBHOOK_DISABLED_REASONS).nullable(),
  disabledAt: isoDateTimeSchema.nullable(),
  failingSince: isoDateTimeSchema.nullable().describe('first failure after the last success; 5 days of failures disable the subscription'),
  previousSecretExpiresAt: isoDateTimeSchema.nullable().describe('while set, deliveries carry a signature with the previous secret too'),
  createdBy: z.uuid().nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type WebhookSubscription = z.infer<typeof webhookSubscriptionSchema>;

/** The answer of creation: the subscription, plus the secret when it was generated (shown this once). */
export const createdWebhookSubscriptionSchema = webhookSubscriptionSchema.extend({ secretKey: z.string().optional() });

export const rotatedSecretSchema = z.object({
  id: uuidSchema,
  secretKey: z.string().describe('the new secret, shown this once'),
  previousSecretExpiresAt: isoDateTimeSchema,
});

export const listWebhookSubscriptionsQuerySchema = pageQuerySchema.extend({
  enabled: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
});

export const subscriptionIdParamsSchema = z.object({ subscriptionId: uuidSchema });
export const deliveryParamsSchema = z.object({ subscriptionId: uuidSchema, deliveryId: uuidSchema });

export const DELIVERY_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED', 'CANCELED'] as const;
export const deliveryStatusSchema = z.enum(DELIVERY_STATUSES, { error: `must be one of ${DELIVERY_STATUSES.join(', ')}` });

export const listDeliveriesQuerySchema = pageQuerySchema.extend({
  status: deliveryStatusSchema.optional(),
  eventType: z
    .string()
    .refine((v) => (EVENT_TYPES as string[]).includes(v), { message: 'must be a known event type' })
    .transform((v) => v as EventType)
    .optional(),
});

export const webhookDeliverySchema = z.object({
  id: uuidSchema,
  subscriptionId: uuidSchema,
  eventId: uuidSchema,
  eventType: z.string(),
  status: deliveryStatusSchema,
  attemptCount: z.number().int(),
  nextAttemptAt: isoDateTimeSchema.nullable(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  replayOf: z.uuid().nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
  completedAt: isoDateTimeSchema.nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookAttemptSchema = z.object({
  id: uuidSchema,
  attemptNumber: z.number().int(),
  attemptedAt: isoDateTimeSchema,
  durationMs: z.number().int(),
  endpointUrl: z.string(),
  responseStatus: z.number().int().nullable(),
  responseBody: z.string().nullable().describe(`first ${RESPONSE_BODY_MAX_BYTES} bytes of the answer`),
  error: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliveryDetailSchema = webhookDeliverySchema.extend({
  event: webhookEventSchema.describe('the payload, exactly as delivered'),
  attempts: z.array(webhookAttemptSchema),
});

export const webhookSubscriptionPageSchema = pageSchema(webhookSubscriptionSchema);
export const webhookDeliveryPageSchema = pageSchema(webhookDeliverySchema);

export const testEventResultSchema = z.object({
  eventId: uuidSchema,
  deliveryId: uuidSchema,
  status: deliveryStatusSchema,
  attempt: webhookAttemptSchema.nullable(),
});

export const recoverResultSchema = z.object({ recovered: z.number().int(), deliveryIds: z.array(uuidSchema) });

// GET/PUT /api/v2.1/webhooks/settings
export const webhookSettingsSchema = z.object({
  allowHttpEndpoints: z.boolean().describe('allow http:// endpoint URLs (for testing); https is required otherwise'),
});
export const updateWebhookSettingsBodySchema = webhookSettingsSchema.strict();

/** GET /webhooks/event-types: every type a subscription can name, with the JSON Schema and an example of its `data`. */
export const eventCatalogueSchema = z.object({
  items: z.array(
    z.object({
      type: z.enum(EVENT_TYPES as [EventType, ...EventType[]]),
      description: z.string(),
      dataSchema: z.record(z.string(), z.unknown()).describe("JSON Schema of the event's data"),
      example: z.record(z.string(), z.unknown()).describe("an example of the event's data"),
    }),
  ),
  wildcards: z.array(z.string()).describe('the patterns a subscription may name besides exact types: *, customer.*, ...'),
});

/** DELETE /webhooks/subscriptions/{subscriptionId} */
export const deletedSubscriptionSchema = z.object({ id: uuidSchema, deleted: z.literal(true) });
