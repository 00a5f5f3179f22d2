import { z } from 'zod';
import { consentTypeSchema, customerStatusSchema, verificationStatusSchema } from './enums';

/**
 * The catalogue of events the platform emits, each with the zod schema of its `data`. A delivery's
 * payload is `{ id, type, tenantId, createdAt, data }` (webhookEventSchema), at most 64 KiB.
 */
const customerRef = { customerId: z.uuid(), customerType: z.enum(['INDIVIDUAL', 'ORGANIZATION']) };

export const EVENT_DATA_SCHEMAS = {
  'customer.registered': z.object({ ...customerRef, userId: z.uuid(), status: customerStatusSchema, categoryId: z.uuid().nullable() }),
  'customer.consent.accepted': z.object({ ...customerRef, consentType: consentTypeSchema, version: z.string() }),
  'customer.consent.withdrawn': z.object({ ...customerRef, consentType: consentTypeSchema, version: z.string() }),
  'customer.verification.updated': z.object({
    ...customerRef,
    verificationId: z.uuid(),
    previousStatus: verificationStatusSchema.nullable(),
    status: verificationStatusSchema,
    reasonCode: z.string().nullable(),
  }),
  'customer.activated': z.object({ ...customerRef, status: z.literal('ACTIVE') }),
  'customer.deactivated': z.object({ ...customerRef, status: customerStatusSchema, reason: z.string().nullable() }),
  'organization.registered': z.object({ ...customerRef, organizationId: z.uuid(), registrationNumber: z.string(), adminUserId: z.uuid() }),
  'user.locked': z.object({ userId: z.uuid().nullable(), attempts: z.number().int(), lockedUntil: z.string() }),
  'session.created': z.object({ userId: z.uuid(), sessionId: z.uuid(), kind: z.string(), platform: z.string().nullable(), ipAddress: z.string().nullable() }),
  'card.issued': z.object({ cardId: z.string(), maskedCardNo: z.string(), cardholderId: z.string(), customerId: z.uuid().nullable(), currency: z.string() }),
  'card.status.changed': z.object({ cardId: z.string(), maskedCardNo: z.string(), previousStatus: z.string(), status: z.string(), reason: z.string().nullable() }),
  'card.transaction.created': z.object({
    cardId: z.string(),
    maskedCardNo: z.string(),
    transactionId: z.string(),
    status: z.string(),
    amount: z.string(),
    currency: z.string(),
    merchant: z.object({ name: z.string(), mcc: z.string(), country: z.string() }).partial(),
    declineReason: z.string().nullable(),
  }),
  'webhook.test': z.object({ subscriptionId: z.uuid(), message: z.string() }),
} as const;

export type EventType = keyof typeof EVENT_DATA_SCHEMAS;
export const EVENT_TYPES = Object.keys(EVENT_DATA_SCHEMAS) as EventType[];
export type EventData<T extends EventType> = z.infer<(typeof EVENT_DATA_SCHEMAS)[T]>;

export const MAX_EVENT_PAYLOAD_BYTES = 64 * 1024;

export const webhookEventSchema = z.object({
  id: z.string().describe('event id; also the webhook-id header, stable across retries'),
  type: z.enum(EVENT_TYPES as [EventType, ...EventType[]]),
  tenantId: z.uuid(),
  createdAt: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;
