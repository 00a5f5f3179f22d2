import { IDEMPOTENT_REPLAYED_HEADER } from '@/lib/contract/idempotency';
import { EXTERNAL_EVENT_HEADERS, MAX_EXTERNAL_EVENT_BYTES } from '@/lib/contract/external-events';
import { externalEventRoutes } from '@/lib/contract/routes/external-events';
import { getDb } from '@/lib/db/client';
import { readJsonText } from '@/lib/http/body';
import { endpoint } from '@/lib/http/endpoint';
import { envelopeA } from '@/lib/http/envelope';
import { assertJsonText } from '@/lib/http/input-text';
import { route } from '@/lib/http/route';
import { receiveExternalEvent } from '@/lib/services/external-events/receive';

// POST /api/v2.1/external-events/{partnerId} - a partner's signed event (Standard Webhooks): processed, kept, or answered again
const receive = endpoint(externalEventRoutes.receive, async ({ req, params, log }) => {
  const body = await readJsonText(req, MAX_EXTERNAL_EVENT_BYTES);
  const header = (name: string) => req.headers.get(name);
  const outcome = await receiveExternalEvent(await getDb(), {
    partnerId: params.partnerId,
    headers: { id: header(EXTERNAL_EVENT_HEADERS.id), timestamp: header(EXTERNAL_EVENT_HEADERS.timestamp), signature: header(EXTERNAL_EVENT_HEADERS.signature) },
    body,
    assertText: assertJsonText,
  });
  log.info({ partnerId: params.partnerId, outcome: outcome.kind }, 'external event received');
  switch (outcome.kind) {
    case 'FAILED':
      throw outcome.error;
    case 'DUPLICATE':
      return envelopeA(outcome.answer, { message: 'external event already received', headers: { [IDEMPOTENT_REPLAYED_HEADER]: 'true' } });
    case 'UNKNOWN_TYPE':
      return envelopeA(outcome.answer, { status: 202, message: externalEventRoutes.receive.accepted!.message });
    case 'PROCESSED':
      return envelopeA(outcome.answer, { message: 'external event processed' });
  }
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(receive);
