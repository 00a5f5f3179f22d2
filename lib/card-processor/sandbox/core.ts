import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { luhnCheckDigit } from '@/lib/contract/luhn';
import Decimal from 'decimal.js';
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { clock } from '@/lib/clock';
import { CARD_BUSINESS_ERRORS, type CardBusinessReason } from '@/lib/contract/card-errors';
import { ALL_CARD_OPERATIONS, isCardRead, maskCardNo, type AnyCardOperationName, type CardOperationBody, type CardOperationResult, type CardStatus } from '@/lib/contract/card-operations';
import { isUuid } from '@/lib/contract/common';
import { CURRENCY_MINOR_UNITS, type Currency } from '@/lib/contract/money';
import { deriveKey, open, seal } from '@/lib/crypto/aead';
import type { Db, Tx } from '@/lib/db/client';
import { cardOtps, cards, cardStatusHistory, type CardRow } from '@/lib/db/schema';
import { answerSealingReady, claimIdempotencyKey, completeIdempotencyKey, releaseIdempotencyKey, requestFingerprint, type IdempotencyScope } from '@/lib/services/idempotency/store';
import { encryptionKey } from '@/lib/services/data-key';
import type { CardProcessorResult, CardRequestContext } from '@/lib/contract/card-processor';
import { reportCardActivity } from './report';

/**
 * The sandbox processor's common machinery: business errors, the one-transaction runner with
 * idempotency, key material, card lookup by number within the caller's scope, the card record,
 * status changes with their history and events, one-time codes and money formatting.
 */

// ---------------------------------------------------------------- errors

/** A business error: rolls the operation back and answers { ok: false, reason }. */
export class CardBusinessError extends Error {
  constructor(
    readonly reason: CardBusinessReason,
    readonly extra: { details?: string; data?: Record<string, unknown>; afterRollback?: (tx: Tx) => Promise<void> } = {},
  ) {
    super(CARD_BUSINESS_ERRORS[reason]);
    this.name = 'CardBusinessError';
  }

  result(): CardProcessorResult {
    return {
      ok: false,
      reason: this.reason,
      ...(this.extra.details ? { details: this.extra.details } : {}),
      ...(this.extra.data ? { data: this.extra.data } : {}),
    };
  }
}

export function fail(reason: CardBusinessReason, extra?: CardBusinessError['extra']): never {
  throw new CardBusinessError(reason, extra);
}

// ---------------------------------------------------------------- keys

export interface CardKeys {
  pan: Buffer;
  panHash: Buffer;
  cvv: Buffer;
  otp: Buffer;
}

const keyHolder = globalThis as unknown as { __bpCardKeys?: { master: Buffer; keys: CardKeys } };

/** Subkeys of the platform data key (lib/services/data-key.ts), one per purpose. */
export async function cardKeys(db: Db): Promise<CardKeys> {
  const master = (await encryptionKey(db)).key;
  if (keyHolder.__bpCardKeys?.master !== master) {
    keyHolder.__bpCardKeys = {
      master,
      keys: {
        pan: deriveKey(master, 'card-pan-encryption'),
        panHash: deriveKey(master, 'card-pan-lookup'),
        cvv: deriveKey(master, 'card-cvv'),
        otp: deriveKey(master, 'card-otp'),
      },
    };
  }
  return keyHolder.__bpCardKeys.keys;
}

export const panHash = (keys: CardKeys, tenantId: string, pan: string) => createHmac('sha256', keys.panHash).update(`${tenantId}:${pan}`).digest('hex');
export const panAad = (tenantId: string, cardId: string) => `card-pan:${tenantId}:${cardId}`;
export const encryptPan = (keys: CardKeys, tenantId: string, cardId: string, pan: string) => seal(keys.pan, pan, panAad(tenantId, cardId));
export const decryptPan = (keys: CardKeys, card: Pick<CardRow, 'tenantId' | 'id' | 'panCiphertext'>) => open(keys.pan, card.panCiphertext, panAad(card.tenantId, card.id));

/** The CVV is never stored: it is an HMAC of PAN and expiry, cut to 3 digits. */
export function deriveCvv(keys: CardKeys, pan: string, month: number, year: number): string {
  const digest = createHmac('sha256', keys.cvv).update(`${pan}:${month}:${year}`).digest();
  return String(digest.readUInt32BE(0) % 1000).padStart(3, '0');
}

/** A Luhn-valid 16-digit number whose BIN lies in the range (a card product's; default the sandbox's 400000). */
export function generatePan(bin: { start: string; end: string } = { start: '400000', end: '400000' }): string {
  const span = Number(bin.end) - Number(bin.start);
  let body = String(Number(bin.start) + (span > 0 ? randomInt(span + 1) : 0)).padStart(bin.start.length, '0');
  while (body.length < 15) body += String(randomInt(10));
  return body + luhnCheckDigit(body);
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

// ---------------------------------------------------------------- money

export const dec = (value: string | number | Decimal) => new Decimal(value);
/** A numeric column value in the currency's minor units: "12.5000" EUR -> "12.50". */
export function fmt(value: string | Decimal, currency: string): string {
  return dec(value).toFixed(CURRENCY_MINOR_UNITS[currency as Currency] ?? 2, Decimal.ROUND_HALF_EVEN);
}

// ---------------------------------------------------------------- the operation runner

export interface OpContext<N extends AnyCardOperationName> {
  tx: Tx;
  db: Db;
  body: CardOperationBody<N>;
  ctx: CardRequestContext;
  keys: CardKeys;
  now: Date;
}
export type OpHandler<N extends AnyCardOperationName> = (c: OpContext<N>) => Promise<CardOperationResult<N>>;

/** Canonical JSON (sorted keys) so that the same body hashes the same whatever the key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Runs one operation in ONE transaction. The handler runs inside a savepoint: a business error
 * rolls it back entirely; an error may carry `afterRollback` (a wrong one-time code counts its
 * attempt), which then runs in the outer transaction before it commits. Idempotent operations:
 * the key is claimed in the one store (lib/services/idempotency/store.ts) inside the transaction; a
 * stored answer for the same body is replayed, another body answers IDEMPOTENCY_KEY_REUSED; only
 * successful answers are stored (24 h).
 */
export async function runOperation<N extends AnyCardOperationName>(
  db: Db,
  name: N,
  handler: OpHandler<N>,
  body: CardOperationBody<N>,
  ctx: CardRequestContext,
): Promise<CardProcessorResult> {
  const spec = ALL_CARD_OPERATIONS[name];
  const keys = await cardKeys(db);
  const key = spec.idempotent ? ((body as { idempotencyKey?: string }).idempotencyKey ?? ctx.idempotencyKey) : undefined;
  try {
    if (isCardRead(spec) && !key) {
      // a read changes nothing and, at READ COMMITTED, a transaction would give its statements no
      // common snapshot either: no BEGIN/COMMIT (two round trips of card/info's three). The read
      // handlers take the database in the transaction's place; none of them writes.
      const data = await handler({ tx: db as unknown as Tx, db, body, ctx, keys, now: clock.now() });
      return { ok: true as const, data: spec.response.parse(data) };
    }
    // the key is claimed and its answer sealed inside the transaction: the answers' key is loaded before
    if (key) await answerSealingReady();
    return await db.transaction(async (tx) => {
      const now = clock.now();
      // the key is claimed inside this transaction: a concurrent repeat waits on the row until this
      // one commits (then replays its answer) or rolls back (then runs itself)
      const idem: IdempotencyScope | undefined = key ? { tenantId: ctx.tenantId, clientKey: `card:${name}`, key } : undefined;
      if (idem) {
        const claimed = await claimIdempotencyKey(tx, idem, requestFingerprint('CARD', name, canonicalJson({ body, scope: ctx.scope })));
        if (claimed.outcome === 'mismatch') fail('IDEMPOTENCY_KEY_REUSED');
        if (claimed.outcome === 'replay') return { ok: true as const, data: JSON.parse(claimed.answer.body) as unknown };
        // 'running' cannot outlive its transaction here; should it ever, refuse rather than run twice
        if (claimed.outcome === 'running') throw new Error(`card idempotency key ${name} still running`);
      }
      let data: unknown;
      try {
        // reads change nothing: no savepoint to roll back to (one round trip less on the hot path)
        data = isCardRead(spec) ? await handler({ tx, db, body, ctx, keys, now }) : await tx.transaction((sp) => handler({ tx: sp, db, body, ctx, keys, now }));
      } catch (error) {
        if (error instanceof CardBusinessError && error.extra.afterRollback) {
          if (idem) await releaseIdempotencyKey(tx, idem); // this transaction commits: free the key
          await error.extra.afterRollback(tx);
          return error.result();
        }
        throw error;
      }
      data = spec.response.parse(data);
      if (idem) await completeIdempotencyKey(tx, idem, { status: 200, body: JSON.stringify(data), contentType: 'application/json' });
      return { ok: true as const, data };
    });
  } catch (error) {
    if (error instanceof CardBusinessError) return error.result();
    throw error;
  }
}

// ---------------------------------------------------------------- scope and lookup

/** The caller's scope as a condition on a customer_id column. */
export function scopeCondition(ctx: CardRequestContext, column: AnyPgColumn): SQL | undefined {
  return ctx.scope.kind === 'customer' ? eq(column, ctx.scope.customerId) : undefined;
}

/** The columns of a card's record (cardRecord): never its encrypted number, number hash or PIN hash. */
const CARD_RECORD_COLUMNS = {
  id: cards.id,
  panFirst6: cards.panFirst6,
  panLast4: cards.panLast4,
  panLength: cards.panLength,
  cardholderId: cards.cardholderId,
  customerId: cards.customerId,
  currency: cards.currency,
  nickname: cards.nickname,
  status: cards.status,
  expiryMonth: cards.expiryMonth,
  expiryYear: cards.expiryYear,
  replacesCardId: cards.replacesCardId,
  replacedByCardId: cards.replacedByCardId,
  productId: cards.productId,
  createdAt: cards.createdAt,
  updatedAt: cards.updatedAt,
};
export type CardRecordRow = Pick<CardRow, keyof typeof CARD_RECORD_COLUMNS>;

/**
 * The reads of a card outside a transaction (every read operation, card/info first), as named
 * prepared statements built once per database handle: building the query with drizzle was the
 * largest part of card/info's own CPU (bench/_profile.ts card). By id or by the number's hash,
 * within the tenant, and within the customer for a customer's caller: `prepare` makes one of the
 * four from its condition and name suffix.
 */
function prepareLookups<Q>(prepare: (where: SQL | undefined, suffix: string) => Q) {
  const lookup = (by: 'id' | 'pan', withinCustomer: boolean) =>
    prepare(
      and(
        eq(cards.tenantId, sql.placeholder('tenantId')),
        by === 'id' ? eq(cards.id, sql.placeholder('key')) : eq(cards.panHash, sql.placeholder('key')),
        withinCustomer ? eq(cards.customerId, sql.placeholder('customerId')) : undefined,
      ),
      `${by}${withinCustomer ? '_customer' : ''}`,
    );
  return { id: lookup('id', false), idCustomer: lookup('id', true), pan: lookup('pan', false), panCustomer: lookup('pan', true) };
}
const buildCardLookups = (db: Db) => prepareLookups((where, suffix) => db.select().from(cards).where(where).prepare(`card_find_${suffix}`));
const buildRecordLookups = (db: Db) => prepareLookups((where, suffix) => db.select(CARD_RECORD_COLUMNS).from(cards).where(where).prepare(`card_record_${suffix}`));
const cardLookups = new WeakMap<Db, ReturnType<typeof buildCardLookups>>();
const recordLookups = new WeakMap<Db, ReturnType<typeof buildRecordLookups>>();

/** The row of the caller's card with this number (id or PAN) by one of the four prepared lookups, outside a transaction. */
async function lookUp<R>(
  c: Pick<OpContext<never>, 'ctx' | 'keys'>,
  cardNo: string,
  lookups: ReturnType<typeof prepareLookups<{ execute: (p: Record<string, unknown>) => Promise<R[]> }>>,
): Promise<R> {
  const byId = isUuid(cardNo);
  const scope = c.ctx.scope;
  const params = { tenantId: c.ctx.tenantId, key: byId ? cardNo : panHash(c.keys, c.ctx.tenantId, cardNo), customerId: scope.kind === 'customer' ? scope.customerId : undefined };
  const statement = scope.kind === 'customer' ? (byId ? lookups.idCustomer : lookups.panCustomer) : byId ? lookups.id : lookups.pan;
  const [card] = await statement.execute(params);
  return card ?? fail('CARD_NOT_FOUND');
}

/**
 * What card/info answers of the caller's card, read without a transaction: only the record's
 * columns, so neither the encrypted number nor the PIN hash is read into the process (and there is
 * less to parse on the hottest card operation).
 */
export async function findCardRecord(c: Pick<OpContext<never>, 'db' | 'ctx' | 'keys'>, cardNo: string): Promise<CardRecordRow> {
  let lookups = recordLookups.get(c.db);
  if (!lookups) recordLookups.set(c.db, (lookups = buildRecordLookups(c.db)));
  return lookUp(c, cardNo, lookups);
}

/**
 * The card with this number, if the caller may see it; locked for update when the operation
 * writes. Unknown, other customer's and other tenant's cards all answer CARD_NOT_FOUND.
 */
export async function findCard(c: Pick<OpContext<never>, 'tx' | 'db' | 'ctx' | 'keys'>, cardNo: string, lock = true): Promise<CardRow> {
  if (!lock && (c.tx as unknown) === c.db) {
    let lookups = cardLookups.get(c.db);
    if (!lookups) cardLookups.set(c.db, (lookups = buildCardLookups(c.db)));
    return lookUp(c, cardNo, lookups);
  }
  const byId = isUuid(cardNo);
  const key = byId ? cardNo : panHash(c.keys, c.ctx.tenantId, cardNo);
  const query = c.tx
    .select()
    .from(cards)
    .where(and(eq(cards.tenantId, c.ctx.tenantId), byId ? eq(cards.id, key) : eq(cards.panHash, key), scopeCondition(c.ctx, cards.customerId)));
  const [card] = lock ? await query.for('update') : await query;
  return card ?? fail('CARD_NOT_FOUND');
}

/** A card by id within the tenant (ids come from rows the caller could already see). */
export async function cardById(tx: Tx, tenantId: string, cardId: string): Promise<CardRow> {
  const [card] = await tx
    .select()
    .from(cards)
    .where(and(eq(cards.tenantId, tenantId), eq(cards.id, cardId)));
  return card ?? fail('CARD_NOT_FOUND');
}

/** ids are UUIDs in the sandbox: anything else is unknown, not a database error. */
export const uuidOr = (value: string, reason: CardBusinessReason): string => (isUuid(value) ? value : fail(reason));

export const maskedOf = (card: Pick<CardRow, 'panFirst6' | 'panLast4' | 'panLength'>) => maskCardNo(card.panFirst6 + '0'.repeat(Math.max(card.panLength - 10, 0)) + card.panLast4);

export function cardRecord(card: CardRecordRow): CardOperationResult<'card/info'> {
  return {
    cardId: card.id,
    cardNo: maskedOf(card),
    last4: card.panLast4,
    cardholderId: card.cardholderId,
    customerId: card.customerId,
    currency: card.currency as Currency,
    nickname: card.nickname,
    status: card.status,
    expiryMonth: card.expiryMonth,
    expiryYear: card.expiryYear,
    replacesCardId: card.replacesCardId,
    replacedByCardId: card.replacedByCardId,
    productId: card.productId,
    createdAt: card.createdAt.toISOString(),
    updatedAt: card.updatedAt.toISOString(),
  };
}

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

// ---------------------------------------------------------------- state machine

const MOVES: Record<CardStatus, readonly CardStatus[]> = {
  INACTIVE: ['ACTIVE', 'CANCELED'],
  ACTIVE: ['FROZEN', 'CANCELED'],
  FROZEN: ['ACTIVE', 'CANCELED'],
  CANCELED: [],
};

export function assertMove(card: CardRow, to: CardStatus, from?: readonly CardStatus[]): void {
  if ((from && !from.includes(card.status)) || !MOVES[card.status].includes(to)) {
    fail('INVALID_STATE_TRANSITION', { data: { status: card.status } });
  }
}

/** Moves the card, records the change (time, actor, reason) and emits card.status.changed. */
export async function changeStatus(c: Pick<OpContext<never>, 'tx' | 'ctx' | 'now'>, card: CardRow, to: CardStatus, reason: string | null): Promise<CardRow> {
  const [updated] = await c.tx
    .update(cards)
    .set({ status: to, updatedAt: c.now })
    .where(and(eq(cards.tenantId, card.tenantId), eq(cards.id, card.id)))
    .returning();
  const [last] = await c.tx
    .select({ n: countSql })
    .from(cardStatusHistory)
    .where(and(eq(cardStatusHistory.tenantId, card.tenantId), eq(cardStatusHistory.cardId, card.id)));
  await c.tx.insert(cardStatusHistory).values({
    tenantId: card.tenantId,
    cardId: card.id,
    seq: (last?.n ?? 0) + 1,
    fromStatus: card.status,
    toStatus: to,
    reason,
    actorUserId: isUuid(c.ctx.userId) ? c.ctx.userId : null,
    createdAt: c.now,
  });
  await reportCardActivity(c.tx, card.tenantId, { type: 'card.status.changed', data: { card: cardRecord(updated!), previousStatus: card.status, reason } });
  return updated!;
}

export function requireStatus(card: CardRow, allowed: readonly CardStatus[]): void {
  if (!allowed.includes(card.status)) fail('CARD_NOT_ACTIVE', { data: { status: card.status } });
}
export const NOT_CANCELED: readonly CardStatus[] = ['INACTIVE', 'ACTIVE', 'FROZEN'];

// ---------------------------------------------------------------- one-time codes

export const OTP_TTL_MS = 5 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;

export const otpHash = (keys: CardKeys, cardId: string, purpose: string, code: string) => createHmac('sha256', keys.otp).update(`${cardId}:${purpose}:${code}`).digest('hex');
export const otpAad = (tenantId: string, cardId: string, purpose: string) => `card-otp:${tenantId}:${cardId}:${purpose}`;
export const sealOtp = (keys: CardKeys, tenantId: string, cardId: string, purpose: string, code: string) => seal(keys.otp, code, otpAad(tenantId, cardId, purpose));
export const openOtp = (keys: CardKeys, tenantId: string, cardId: string, purpose: string, stored: string) => open(keys.otp, stored, otpAad(tenantId, cardId, purpose));

/** The latest code sent for (card, purpose) that was not used yet. */
export async function latestOtp(tx: Tx, card: CardRow, purpose: string) {
  const [row] = await tx
    .select()
    .from(cardOtps)
    .where(and(eq(cardOtps.tenantId, card.tenantId), eq(cardOtps.cardId, card.id), eq(cardOtps.purpose, purpose), isNull(cardOtps.consumedAt)))
    .orderBy(desc(cardOtps.createdAt), desc(cardOtps.id))
    .limit(1)
    .for('update');
  return row;
}

/**
 * Checks the code against the latest one sent for this purpose and consumes it. A wrong code
 * counts an attempt that survives the rollback of the operation; after 5 wrong codes, or 5
 * minutes, the code is dead and a new one must be sent.
 */
export async function verifyOtp(c: Pick<OpContext<never>, 'tx' | 'keys' | 'now'>, card: CardRow, purpose: string, code: string): Promise<void> {
  const row = await latestOtp(c.tx, card, purpose);
  if (!row) fail('OTP_REQUIRED', { details: `send a code for ${purpose} with secure/otp/send first` });
  if (row!.attempts >= OTP_MAX_ATTEMPTS) fail('OTP_ATTEMPTS_EXCEEDED');
  if (row!.expiresAt <= c.now) fail('OTP_EXPIRED');
  const expected = Buffer.from(row!.codeHash, 'hex');
  const given = Buffer.from(otpHash(c.keys, card.id, purpose, code), 'hex');
  if (!timingSafeEqual(expected, given)) {
    const attempts = row!.attempts + 1;
    fail('OTP_INVALID', {
      data: { attemptsRemaining: OTP_MAX_ATTEMPTS - attempts },
      afterRollback: async (tx) => {
        await tx
          .update(cardOtps)
          .set({ attempts })
          .where(and(eq(cardOtps.tenantId, row!.tenantId), eq(cardOtps.id, row!.id)));
      },
    });
  }
  await c.tx
    .update(cardOtps)
    .set({ consumedAt: c.now })
    .where(and(eq(cardOtps.tenantId, row!.tenantId), eq(cardOtps.id, row!.id)));
}

export const countSql = sql<number>`count(*)::int`;

/** One page of a list operation: `rows(limit, offset)` for the page, `count()` for the total. */
export async function paged<Row, Item>(
  body: { pageNo: number; pageSize: number },
  rows: (limit: number, offset: number) => Promise<Row[]>,
  count: () => Promise<Array<{ n: number }>>,
  map: (row: Row) => Item,
) {
  const items = (await rows(body.pageSize, (body.pageNo - 1) * body.pageSize)).map(map);
  const [total] = await count();
  return { items, pageNo: body.pageNo, pageSize: body.pageSize, total: total?.n ?? 0 };
}
