import { randomUUID } from 'node:crypto';
import { clock } from '@/lib/clock';
import { EVENT_DATA_SCHEMAS, MAX_EVENT_PAYLOAD_BYTES, type EventData, type EventType, type WebhookEvent } from '@/lib/contract/events';
import type { DbOrTx } from '@/lib/db/client';
import { events } from '@/lib/db/schema';

/**
 * Records an event in the outbox. Call it with the transaction that makes the change, so the event
 * commits (or rolls back) with it. The data is validated against the catalogue; the payload is
 * capped at 64 KiB. Webhook fan-out reads it from there.
 */
export async function emitEvent<T extends EventType>(tx: DbOrTx, tenantId: string, type: T, data: EventData<T>): Promise<WebhookEvent> {
  const parsed = EVENT_DATA_SCHEMAS[type].parse(data) as Record<string, unknown>;
  const id = randomUUID();
  const createdAt = clock.now();
  const payload: WebhookEvent = { id, type, tenantId, createdAt: createdAt.toISOString(), data: parsed };
  if (Buffer.byteLength(JSON.stringify(payload)) > MAX_EVENT_PAYLOAD_BYTES) {
    throw new Error(`event ${type} exceeds ${MAX_EVENT_PAYLOAD_BYTES} bytes`);
  }
  await tx.insert(events).values({ id, tenantId, type, payload, createdAt });
  return payload;
}
