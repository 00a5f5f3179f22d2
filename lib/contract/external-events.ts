import { z } from 'zod';
import { cardSchema, transactionSchema } from './card-operations';
import { isoDateTimeSchema } from './common';
import { pageQuerySchema, pageSchema } from './envelopes';

/**
 * External events (docs/external-events.md): signed events a tenant's partners (the card processor,
 * a KYC or screening vendor) send to POST /api/v2.1/external-events/{partnerId}, the Standard
 * Webhooks way (headers webhook-id, webhook-timestamp, webhook-signature; a `whsec_` secret per
 * partner). The partner management, the received events' list and the processor's event types.
 */

export const EXTERNAL_PARTNER_KINDS = ['CARD_PROCESSOR', 'KYC_VENDOR', 'SCREENING_VENDOR', 'OTHER'] as const;
export type ExternalPartnerKind = (typeof EXTERNAL_PARTNER_KINDS)[number];
export const EXTERNAL_PARTNER_KIND_LABELS: Record<ExternalPartnerKind, string> = {
  CARD_PROCESSOR: 'Card processor',
  KYC_VENDOR: 'KYC vendor',
  SCREENING_VENDOR: 'Screening vendor',
  OTHER: 'Other partner',
};

export const EXTERNAL_EVENT_STATUSES = ['PROCESSED', 'DUPLICATE', 'UNKNOWN_TYPE', 'FAILED'] as const;
export type ExternalEventStatus = (typeof EXTERNAL_EVENT_STATUSES)[number];
export const EXTERNAL_EVENT_STATUS_LABELS: Record<ExternalEventStatus, string> = {
  PROCESSED: 'Processed',
  DUPLICATE: 'Duplicate (ignored)',
  UNKNOWN_TYPE: 'Unknown type (kept)',
  FAILED: 'Failed',
};

/** How far webhook-timestamp may lie from our clock, either way (the Standard Webhooks default). */
export const REPLAY_WINDOW_SECONDS = 5 * 60;
/** The largest event body accepted. */
export const MAX_EXTERNAL_EVENT_BYTES = 64 * 1024;
export const EXTERNAL_EVENT_HEADERS = { id: 'webhook-id', timestamp: 'webhook-timestamp', signature: 'webhook-signature' } as const;
export const PARTNER_NAME_MAX = 100;

// ------------------------------------------------------------------ partners

export const externalPartnerKindSchema = z.enum(EXTERNAL_PARTNER_KINDS).describe('what the partner is: its known event types follow from it');

export const createExternalPartnerBodySchema = z.object({
  name: z.string().trim().min(1, 'is required').max(PARTNER_NAME_MAX).describe('how the panel names the partner'),
  kind: externalPartnerKindSchema,
});
export type CreateExternalPartnerBody = z.infer<typeof createExternalPartnerBodySchema>;

export const updateExternalPartnerBodySchema = z
  .object({
    name: z.string().trim().min(1, 'is required').max(PARTNER_NAME_MAX).optional(),
    enabled: z.boolean().optional().describe('false: its events are refused (404) until enabled again'),
  })
  .refine((b) => b.name !== undefined || b.enabled !== undefined, { message: 'name or enabled is required' });
export type UpdateExternalPartnerBody = z.infer<typeof updateExternalPartnerBodySchema>;

export const externalPartnerIdParamsSchema = z.object({ partnerId: z.uuid('must be a UUID') });

export const externalPartnerSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: externalPartnerKindSchema,
  enabled: z.boolean(),
  endpointPath: z.string().describe('where the partner sends its events (POST, relative to the API base URL)'),
  knownEventTypes: z.array(z.string()).describe('the types acted on; any other type is kept as UNKNOWN_TYPE'),
  secretRotatedAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type ExternalPartner = z.infer<typeof externalPartnerSchema>;
export const externalPartnerListSchema = z.object({ items: z.array(externalPartnerSchema) });
export const externalPartnerWithSecretSchema = z.object({
  partner: externalPartnerSchema,
  secret: z.string().describe('the Standard Webhooks signing secret (whsec_ + base64 of 32 random bytes): in this answer only, never again'),
});

// ------------------------------------------------------------------ received events

/** The body of an event (the Standard Webhooks payload shape). */
export const inboundEventBodySchema = z.object({
  type: z.string().trim().min(1, 'is required').max(100).describe('the event type'),
  timestamp: z.string().optional().describe("the partner's time of the event"),
  data: z.record(z.string(), z.unknown()).describe("the event's data; its shape follows from the type"),
});

/** The card processor's event types (lib/services/cards/activity.ts acts on each). */
export const CARD_PROCESSOR_EVENT_SCHEMAS = {
  'card.issued': z.object({ card: cardSchema }),
  'card.status.changed': z.object({ card: cardSchema, previousStatus: z.string(), reason: z.string().nullable() }),
  'card.transaction.created': z.object({ card: cardSchema, transaction: transactionSchema }),
  'card.transaction.settled': z.object({ card: cardSchema, transaction: transactionSchema.extend({ status: z.literal('SETTLED') }) }),
} as const;
export type CardProcessorEventType = keyof typeof CARD_PROCESSOR_EVENT_SCHEMAS;
export const CARD_PROCESSOR_EVENT_TYPES = Object.keys(CARD_PROCESSOR_EVENT_SCHEMAS) as CardProcessorEventType[];
/** What the sandbox (or any processor) reports: one event with its data. */
export type CardActivity = { [T in CardProcessorEventType]: { type: T; data: z.infer<(typeof CARD_PROCESSOR_EVENT_SCHEMAS)[T]> } }[CardProcessorEventType];

/** The event types acted on, per kind of partner; any other type is kept and reported as UNKNOWN_TYPE. */
export const KNOWN_EVENT_TYPES: Record<ExternalPartnerKind, readonly string[]> = {
  CARD_PROCESSOR: CARD_PROCESSOR_EVENT_TYPES,
  KYC_VENDOR: [],
  SCREENING_VENDOR: [],
  OTHER: [],
};

export const externalEventStatusSchema = z.enum(EXTERNAL_EVENT_STATUSES);

export const externalEventSchema = z.object({
  id: z.uuid().describe('our id of this receipt'),
  partnerId: z.uuid(),
  partnerName: z.string(),
  externalId: z.string().describe('the webhook-id the partner sent'),
  type: z.string(),
  status: externalEventStatusSchema,
  duplicateOf: z.uuid().nullable().describe('DUPLICATE: the first receipt of this webhook-id'),
  sentAt: isoDateTimeSchema.describe('webhook-timestamp'),
  receivedAt: isoDateTimeSchema,
  payload: z.record(z.string(), z.unknown()).describe('the body as received (card-number-shaped digit runs masked)'),
  result: z.record(z.string(), z.unknown()).nullable().describe('PROCESSED: what it did'),
  errors: z
    .array(z.object({ field: z.string(), message: z.string() }))
    .nullable()
    .describe('FAILED: why'),
});
export type ExternalEvent = z.infer<typeof externalEventSchema>;

export const listExternalEventsQuerySchema = pageQuerySchema.extend({
  status: externalEventStatusSchema.optional(),
  partnerId: z.uuid('must be a UUID').optional(),
});
export const externalEventPageSchema = pageSchema(externalEventSchema).extend({
  counts: z.record(externalEventStatusSchema, z.number().int()).describe("the tenant's received events per status (all partners, all time)"),
});

/** The answer to the partner. */
export const receivedExternalEventSchema = z.object({
  id: z.uuid().describe('our id of the first receipt'),
  externalId: z.string(),
  type: z.string(),
  status: externalEventStatusSchema.describe('PROCESSED or UNKNOWN_TYPE (a repeat answers the first receipt again)'),
  receivedAt: isoDateTimeSchema,
});
export type ReceivedExternalEvent = z.infer<typeof receivedExternalEventSchema>;

export const externalEventPath = (partnerId: string) => `/api/v2.1/external-events/${partnerId}`;
