import { timingSafeEqual } from 'node:crypto';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { z } from 'zod';
import { clock } from '@/lib/clock';
import {
  externalEventSignatureInvalid,
  externalEventTimestampOutOfWindow,
  externalPartnerNotFound,
  fromZodError,
  malformedJson,
  missingHeaders,
  validationFailed,
  type ApiError,
} from '@/lib/contract/api-errors';
import { isUuid } from '@/lib/contract/common';
import {
  CARD_PROCESSOR_EVENT_SCHEMAS,
  EXTERNAL_EVENT_HEADERS,
  EXTERNAL_EVENT_STATUSES,
  inboundEventBodySchema,
  KNOWN_EVENT_TYPES,
  REPLAY_WINDOW_SECONDS,
  type CardActivity,
  type ExternalEvent,
  type ExternalEventStatus,
  type ReceivedExternalEvent,
} from '@/lib/contract/external-events';
import type { Db, DbOrTx } from '@/lib/db/client';
import { externalEventPartners, externalEvents, type ExternalEventPartnerRow, type ExternalEventRow } from '@/lib/db/schema';
import { scrubString } from '@/lib/log';
import { recordCardActivity } from '@/lib/services/cards/activity';
import { encryptionKey } from '@/lib/services/data-key';
import { emitEvent } from '@/lib/services/events/emit';
import { partnerSecret } from './partners';

/**
 * Receiving a partner's signed event (docs/external-events.md). In this order: the partner (unknown
 * or disabled: 404), the three Standard Webhooks headers (400 naming the missing ones), the
 * timestamp within REPLAY_WINDOW_SECONDS of our clock (400), the signature under the partner's
 * secret (401), the body (400: not JSON, or not { type, data }). Nothing is stored before the
 * signature holds. Then, in ONE transaction: the receipt row and, for a type the partner's kind
 * knows, its effects (a card processor's: lib/services/cards/activity.ts) and the tenant's
 * `external.event.received` webhook. A repeated webhook-id answers the first receipt again and does
 * nothing more (a DUPLICATE row records that it came); a type nobody knows is kept (UNKNOWN_TYPE,
 * 202); data that does not match its type is kept as FAILED, with no effect, and answered 400 naming
 * the fields, so the partner's retry (same id) runs again.
 */
export interface InboundEventRequest {
  partnerId: string;
  headers: { id: string | null; timestamp: string | null; signature: string | null };
  /** the body exactly as received: the signature covers these bytes */
  body: string;
  /** the edge's text rule for a parsed body (lib/http/input-text.ts assertJsonText): throws naming the field */
  assertText: (value: unknown) => void;
}

export type ReceiveOutcome =
  { kind: 'PROCESSED' | 'UNKNOWN_TYPE'; answer: ReceivedExternalEvent } | { kind: 'DUPLICATE'; answer: ReceivedExternalEvent } | { kind: 'FAILED'; error: ApiError };

const FIRST: readonly ExternalEventStatus[] = ['PROCESSED', 'UNKNOWN_TYPE'];
const firstCondition = (t = externalEvents) => sql`${t.status} in ('PROCESSED', 'UNKNOWN_TYPE')`;

async function partnerOf(db: Db, partnerId: string): Promise<ExternalEventPartnerRow> {
  if (!isUuid(partnerId)) throw externalPartnerNotFound();
  // the path names the partner only: its id is the table's primary key, whichever tenant owns it
  const [row] = await db.select().from(externalEventPartners).where(eq(externalEventPartners.id, partnerId));
  if (!row || !row.enabled) throw externalPartnerNotFound();
  return row;
}

/** webhook-timestamp as Unix seconds, within the window either way. */
function sentAt(header: string): Date {
  if (!/^\d{1,12}$/.test(header)) throw validationFailed([{ field: EXTERNAL_EVENT_HEADERS.timestamp, message: 'must be the Unix time in whole seconds' }]);
  const seconds = Number(header);
  const skew = seconds - Math.floor(clock.now().getTime() / 1000);
  if (skew < -REPLAY_WINDOW_SECONDS) throw externalEventTimestampOutOfWindow('old', REPLAY_WINDOW_SECONDS);
  if (skew > REPLAY_WINDOW_SECONDS) throw externalEventTimestampOutOfWindow('future', REPLAY_WINDOW_SECONDS);
  return new Date(seconds * 1000);
}

/** Any `v1,<base64>` entry of webhook-signature that equals the HMAC the standardwebhooks package computes. */
function assertSigned(secret: string, id: string, at: Date, body: string, header: string): void {
  const expected = Buffer.from(new Webhook(secret).sign(id, at, body));
  const matches = header
    .split(' ')
    .filter(Boolean)
    .some((entry) => {
      const given = Buffer.from(entry);
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
  if (!matches) throw externalEventSignatureInvalid();
}

function parseBody(text: string, assertText: (value: unknown) => void): z.infer<typeof inboundEventBodySchema> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw malformedJson('the body is not valid JSON');
  }
  assertText(value);
  const parsed = inboundEventBodySchema.safeParse(value);
  if (!parsed.success) throw fromZodError(parsed.error);
  return parsed.data;
}

/** The payload as kept: every string with card-number-shaped digit runs masked. */
function masked(value: unknown): unknown {
  if (typeof value === 'string') return scrubString(value);
  if (Array.isArray(value)) return value.map(masked);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, masked(v)]));
  return value;
}

const answerOf = (row: ExternalEventRow): ReceivedExternalEvent => ({
  id: row.id,
  externalId: row.externalId,
  type: row.type,
  status: row.status,
  receivedAt: row.receivedAt.toISOString(),
});

/** The known type's data parsed, or the field errors (named `data.<path>`). */
function parseData(partner: ExternalEventPartnerRow, type: string, data: unknown): { known: false } | { known: true; activity: CardActivity } | { known: true; error: ApiError } {
  if (!KNOWN_EVENT_TYPES[partner.kind].includes(type)) return { known: false };
  const schema = CARD_PROCESSOR_EVENT_SCHEMAS[type as keyof typeof CARD_PROCESSOR_EVENT_SCHEMAS];
  const parsed = schema.safeParse(data);
  if (!parsed.success) return { known: true, error: fromZodError(parsed.error, 'data') };
  return { known: true, activity: { type, data: parsed.data } as CardActivity };
}

export async function receiveExternalEvent(db: Db, request: InboundEventRequest): Promise<ReceiveOutcome> {
  const partner = await partnerOf(db, request.partnerId);
  const { id, timestamp, signature } = request.headers;
  const missing = [
    [EXTERNAL_EVENT_HEADERS.id, id],
    [EXTERNAL_EVENT_HEADERS.timestamp, timestamp],
    [EXTERNAL_EVENT_HEADERS.signature, signature],
  ]
    .filter(([, value]) => !value)
    .map(([name]) => name!);
  if (missing.length > 0) throw missingHeaders(missing);
  if (id!.length > 200) throw validationFailed([{ field: EXTERNAL_EVENT_HEADERS.id, message: 'must be at most 200 characters' }]);
  const at = sentAt(timestamp!);
  assertSigned(partnerSecret((await encryptionKey(db)).key, partner), id!, at, request.body, signature!);
  const body = parseBody(request.body, request.assertText);
  const parsed = parseData(partner, body.type, body.data);
  const tenantId = partner.tenantId;
  const row = { tenantId, partnerId: partner.id, externalId: id!, type: body.type, sentAt: at, payload: masked(body) as Record<string, unknown> };

  return db.transaction(async (tx): Promise<ReceiveOutcome> => {
    const status: ExternalEventStatus = !parsed.known ? 'UNKNOWN_TYPE' : 'error' in parsed ? 'FAILED' : 'PROCESSED';
    let inserted: ExternalEventRow | undefined;
    if (status === 'FAILED') {
      // a failure never hides a first receipt: a repeat of a processed id is a duplicate whatever it says
      if (!(await firstReceipt(tx, row)))
        [inserted] = await tx
          .insert(externalEvents)
          .values({ ...row, status, errors: fieldErrors(parsed) })
          .returning();
    } else {
      // the partial unique index (external_events_first_uq) serializes concurrent repeats: the second
      // waits for the first to commit, then conflicts and becomes a duplicate
      [inserted] = await tx
        .insert(externalEvents)
        .values({ ...row, status })
        .onConflictDoNothing({ target: [externalEvents.tenantId, externalEvents.partnerId, externalEvents.externalId], where: firstCondition() })
        .returning();
    }
    if (!inserted) {
      const first = (await firstReceipt(tx, row))!;
      await tx.insert(externalEvents).values({ ...row, status: 'DUPLICATE', duplicateOf: first.id });
      return { kind: 'DUPLICATE', answer: answerOf(first) };
    }
    if (status === 'PROCESSED' && 'activity' in parsed) {
      const result = await recordCardActivity(tx, tenantId, parsed.activity);
      await tx
        .update(externalEvents)
        .set({ result })
        .where(and(eq(externalEvents.tenantId, tenantId), eq(externalEvents.id, inserted.id)));
    }
    await emitEvent(tx, tenantId, 'external.event.received', {
      externalEventId: inserted.id,
      partnerId: partner.id,
      partnerKind: partner.kind,
      externalId: inserted.externalId,
      type: inserted.type,
      status: status as 'PROCESSED' | 'UNKNOWN_TYPE' | 'FAILED',
    });
    if (status === 'FAILED') return { kind: 'FAILED', error: (parsed as { error: ApiError }).error };
    return { kind: status as 'PROCESSED' | 'UNKNOWN_TYPE', answer: answerOf(inserted) };
  });
}

function fieldErrors(parsed: ReturnType<typeof parseData>): Array<{ field: string; message: string }> {
  return 'error' in parsed ? ((parsed.error.data as { errors: Array<{ field: string; message: string }> }).errors ?? []) : [];
}

async function firstReceipt(tx: DbOrTx, row: { tenantId: string; partnerId: string; externalId: string }): Promise<ExternalEventRow | undefined> {
  const [first] = await tx
    .select()
    .from(externalEvents)
    .where(
      and(eq(externalEvents.tenantId, row.tenantId), eq(externalEvents.partnerId, row.partnerId), eq(externalEvents.externalId, row.externalId), inArray(externalEvents.status, [...FIRST])),
    );
  return first;
}

// ------------------------------------------------------------------ the list

export async function listExternalEvents(
  db: DbOrTx,
  tenantId: string,
  query: { pageNo: number; pageSize: number; status?: ExternalEventStatus; partnerId?: string },
): Promise<{ items: ExternalEvent[]; pageNo: number; pageSize: number; total: number; counts: Record<ExternalEventStatus, number> }> {
  const conditions: SQL[] = [eq(externalEvents.tenantId, tenantId)];
  if (query.status) conditions.push(eq(externalEvents.status, query.status));
  if (query.partnerId) conditions.push(eq(externalEvents.partnerId, query.partnerId));
  const where = and(...conditions);
  const rows = await db
    .select({ event: externalEvents, partnerName: externalEventPartners.name })
    .from(externalEvents)
    .innerJoin(externalEventPartners, and(eq(externalEventPartners.tenantId, externalEvents.tenantId), eq(externalEventPartners.id, externalEvents.partnerId)))
    .where(where)
    .orderBy(desc(externalEvents.receivedAt), desc(externalEvents.id))
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize);
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(externalEvents)
    .where(where);
  const byStatus = await db
    .select({ status: externalEvents.status, n: sql<number>`count(*)::int` })
    .from(externalEvents)
    .where(eq(externalEvents.tenantId, tenantId))
    .groupBy(externalEvents.status);
  const counts = Object.fromEntries(EXTERNAL_EVENT_STATUSES.map((s) => [s, byStatus.find((b) => b.status === s)?.n ?? 0])) as Record<ExternalEventStatus, number>;
  return {
    items: rows.map(({ event: e, partnerName }) => ({
      id: e.id,
      partnerId: e.partnerId,
      partnerName,
      externalId: e.externalId,
      type: e.type,
      status: e.status,
      duplicateOf: e.duplicateOf,
      sentAt: e.sentAt.toISOString(),
      receivedAt: e.receivedAt.toISOString(),
      payload: e.payload,
      result: e.result ?? null,
      errors: e.errors ?? null,
    })),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    total: total?.n ?? 0,
    counts,
  };
}
