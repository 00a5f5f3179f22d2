import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { CardOperationResult } from '@/lib/contract/card-operations';
import type { Currency } from '@/lib/contract/money';
import { cardAuthorizations, cardLimits, type CardRow } from '@/lib/db/schema';
import { dec, fail, findCard, fmt, NOT_CANCELED, requireStatus, type OpContext, type OpHandler } from './core';

/**
 * Spend limits per interval. A window starts at 00:00 UTC (DAILY), Monday 00:00 UTC (WEEKLY), the
 * 1st 00:00 UTC (MONTHLY), 1 January 00:00 UTC (YEARLY); LIFETIME never resets; PER_TRANSACTION
 * caps one authorization. Usage = the amounts of APPROVED and CLEARED authorizations created in
 * the window (a reversal takes its authorization out).
 */
export type Interval = 'PER_TRANSACTION' | 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY' | 'LIFETIME';
const DAY = 86_400_000;

export function windowOf(interval: Interval, now: Date): { start: Date | null; resetsAt: Date | null } {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const today = Date.UTC(y, m, now.getUTCDate());
  switch (interval) {
    case 'DAILY':
      return { start: new Date(today), resetsAt: new Date(today + DAY) };
    case 'WEEKLY': {
      const monday = today - ((now.getUTCDay() + 6) % 7) * DAY;
      return { start: new Date(monday), resetsAt: new Date(monday + 7 * DAY) };
    }
    case 'MONTHLY':
      return { start: new Date(Date.UTC(y, m, 1)), resetsAt: new Date(Date.UTC(y, m + 1, 1)) };
    case 'YEARLY':
      return { start: new Date(Date.UTC(y, 0, 1)), resetsAt: new Date(Date.UTC(y + 1, 0, 1)) };
    case 'LIFETIME':
      return { start: new Date(0), resetsAt: null };
    default:
      return { start: null, resetsAt: null };
  }
}

/** What the card spent in the interval's current window ("0" for PER_TRANSACTION). */
export async function usageIn(tx: OpContext<never>['tx'], card: CardRow, interval: Interval, now: Date): Promise<string> {
  const { start } = windowOf(interval, now);
  if (!start) return '0';
  const [row] = await tx
    .select({ used: sql<string>`coalesce(sum(${cardAuthorizations.amount}), 0)::text` })
    .from(cardAuthorizations)
    .where(
      and(
        eq(cardAuthorizations.tenantId, card.tenantId),
        eq(cardAuthorizations.cardId, card.id),
        inArray(cardAuthorizations.status, ['APPROVED', 'CLEARED']),
        gte(cardAuthorizations.createdAt, start),
      ),
    );
  return row?.used ?? '0';
}

export async function limitsOf(tx: OpContext<never>['tx'], card: CardRow) {
  return tx
    .select()
    .from(cardLimits)
    .where(and(eq(cardLimits.tenantId, card.tenantId), eq(cardLimits.cardId, card.id)));
}

const ORDER: Interval[] = ['PER_TRANSACTION', 'DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY', 'LIFETIME'];

export async function limitItems(c: Pick<OpContext<never>, 'tx' | 'now'>, card: CardRow): Promise<CardOperationResult<'limit/info'>> {
  const rows = (await limitsOf(c.tx, card)).sort((a, b) => ORDER.indexOf(a.interval as Interval) - ORDER.indexOf(b.interval as Interval));
  const items = [];
  for (const l of rows) {
    const interval = l.interval as Interval;
    const used = await usageIn(c.tx, card, interval, c.now);
    const remaining = dec(l.amount).minus(used);
    items.push({
      interval,
      amount: fmt(l.amount, l.currency),
      currency: l.currency as Currency,
      used: fmt(used, l.currency),
      remaining: fmt(remaining.isNegative() ? '0' : remaining, l.currency),
      resetsAt: windowOf(interval, c.now).resetsAt?.toISOString() ?? null,
    });
  }
  return { items };
}

/** Replaces the card's limits with the given set (an empty list removes every limit). */
export async function writeLimits(c: Pick<OpContext<never>, 'tx' | 'now'>, card: CardRow, limits: Array<{ interval: Interval; amount: string; currency: string }>) {
  for (const l of limits) if (l.currency !== card.currency) fail('LIMIT_CURRENCY_MISMATCH', { data: { interval: l.interval } });
  await c.tx.delete(cardLimits).where(and(eq(cardLimits.tenantId, card.tenantId), eq(cardLimits.cardId, card.id)));
  if (limits.length) {
    await c.tx
      .insert(cardLimits)
      .values(limits.map((l) => ({ tenantId: card.tenantId, cardId: card.id, interval: l.interval, amount: l.amount, currency: l.currency, createdAt: c.now, updatedAt: c.now })));
  }
}

const info: OpHandler<'limit/info'> = async (c) => limitItems(c, await findCard(c, c.body.cardNo, false));

const update: OpHandler<'limit/update'> = async (c) => {
  const card = await findCard(c, c.body.cardNo);
  requireStatus(card, NOT_CANCELED);
  await writeLimits(c, card, c.body.limits);
  return limitItems(c, card);
};

export const limitHandlers = { 'limit/info': info, 'limit/update': update };
