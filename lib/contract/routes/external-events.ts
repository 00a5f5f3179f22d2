import {
  externalEventSignatureInvalid,
  externalEventTimestampOutOfWindow,
  externalPartnerNotFound,
  malformedJson,
  missingHeaders,
  payloadTooLarge,
  unsupportedMediaType,
} from '../api-errors';
import {
  createExternalPartnerBodySchema,
  externalEventPageSchema,
  externalPartnerIdParamsSchema,
  externalPartnerListSchema,
  externalPartnerSchema,
  externalPartnerWithSecretSchema,
  inboundEventBodySchema,
  listExternalEventsQuerySchema,
  MAX_EXTERNAL_EVENT_BYTES,
  receivedExternalEventSchema,
  REPLAY_WINDOW_SECONDS,
  updateExternalPartnerBodySchema,
} from '../external-events';
import { defineRoute } from './types';

// ------------------------------------------------------------------------------------- external events
const manage = { tags: ['External events'], auth: 'bearer', allow: 'partner:manage' } as const;

const receive = defineRoute({
  method: 'POST',
  path: '/api/v2.1/external-events/{partnerId}',
  tags: ['External events'],
  auth: 'none',
  rateLimit: 'webhooks',
  summary: "A partner's signed event (Standard Webhooks): processed, kept, or answered again",
  description:
    `No bearer: the signature is the credential. Headers \`webhook-id\` (the event's id, the idempotency key), \`webhook-timestamp\` (Unix seconds, within ${REPLAY_WINDOW_SECONDS} seconds of our clock either way) ` +
    "and `webhook-signature` (`v1,<base64 HMAC-SHA256 of id.timestamp.body>` under the partner's `whsec_` secret; several entries separated by spaces, any may match). " +
    `Body at most ${MAX_EXTERNAL_EVENT_BYTES} bytes. 200: processed; 202: a type the partner's kind does not know, kept (UNKNOWN_TYPE); ` +
    '200 with `Idempotent-Replayed: true`: the id was received before, the first answer again and nothing done; 400 naming `data.<field>`: a known type whose data does not match (kept as FAILED, nothing else written, a retry of the id runs again). See docs/external-events.md.',
  params: externalPartnerIdParamsSchema,
  rawBody: inboundEventBodySchema,
  response: receivedExternalEventSchema,
  message: 'external event processed',
  accepted: { when: "a type the partner's kind does not act on, kept as UNKNOWN_TYPE", message: 'external event kept: unknown type' },
  errors: [
    externalPartnerNotFound(),
    missingHeaders(['webhook-id', 'webhook-timestamp', 'webhook-signature']),
    externalEventTimestampOutOfWindow('old', REPLAY_WINDOW_SECONDS),
    externalEventSignatureInvalid(),
    malformedJson('the body is not valid JSON'),
    unsupportedMediaType('text/plain'),
    payloadTooLarge(MAX_EXTERNAL_EVENT_BYTES),
  ],
});

const listEvents = defineRoute({
  ...manage,
  method: 'GET',
  path: '/api/v2.1/external-events',
  summary: 'The events partners sent, newest first, with the count per status (filter by status, partner)',
  query: listExternalEventsQuerySchema,
  response: externalEventPageSchema,
});

const listPartners = defineRoute({
  ...manage,
  method: 'GET',
  path: '/api/v2.1/external-events/partners',
  summary: "The tenant's external event partners (never their secrets)",
  response: externalPartnerListSchema,
});

const createPartner = defineRoute({
  ...manage,
  method: 'POST',
  path: '/api/v2.1/external-events/partners',
  idempotency: true,
  summary: 'Register a partner that sends signed events; its secret is in this answer only',
  message: 'external event partner registered',
  body: createExternalPartnerBodySchema,
  response: externalPartnerWithSecretSchema,
});

const updatePartner = defineRoute({
  ...manage,
  method: 'PATCH',
  path: '/api/v2.1/external-events/partners/{partnerId}',
  summary: 'Rename a partner, or disable it (its events answer 404) and enable it again',
  message: 'external event partner updated',
  params: externalPartnerIdParamsSchema,
  body: updateExternalPartnerBodySchema,
  response: externalPartnerSchema,
});

const rotatePartnerSecret = defineRoute({
  ...manage,
  method: 'POST',
  path: '/api/v2.1/external-events/partners/{partnerId}/rotate-secret',
  summary: 'A new secret for a partner, shown once; the previous one stops verifying at once',
  message: 'external event partner secret rotated',
  params: externalPartnerIdParamsSchema,
  response: externalPartnerWithSecretSchema,
});

export const externalEventRoutes = { receive, listEvents, listPartners, createPartner, updatePartner, rotatePartnerSecret };
