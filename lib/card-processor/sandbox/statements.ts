import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { CardOperationResult } from '@/lib/contract/card-operations';
import type { Currency } from '@/lib/contract/money';
import { cardFundOrders, cardTransactions, type CardRow } from '@/lib/db/schema';
import { dec, fail, findCard, fmt, type OpContext, type OpHandler } from './core';

/**
 * Monthly statements, computed from the ledger when asked (nothing stored): one per calendar month
 * (UTC) from the card's issue month to the current month. statementId = STMT-YYYY-MM. Opening
 * balance = top-ups - withdrawals - settled spending before the month. CSV only; PDF answers
 * STATEMENT_FORMAT_UNAVAILABLE.
 */
type Line = { at: Date; type: string; description: string; amount: string; status: string };

const monthStart = (y: number, m: number) => new Date(Date.UTC(y, m - 1, 1));

async function ledgerLines(c: Pick<OpContext<never>, 'tx'>, card: CardRow, until: Date): Promise<Line[]> {
  const orders = await c.tx
    .select()
    .from(cardFundOrders)
    .where(and(eq(cardFundOrders.tenantId, card.tenantId), eq(cardFundOrders.cardId, card.id), lt(cardFundOrders.createdAt, until)))
    .orderBy(asc(cardFundOrders.createdAt));
  const txs = await c.tx
    .select()
    .from(cardTransactions)
    .where(and(eq(cardTransactions.tenantId, card.tenantId), eq(cardTransactions.cardId, card.id), inArray(cardTransactions.status, ['SETTLED']), lt(cardTransactions.settledAt, until)))
    .orderBy(asc(cardTransactions.settledAt));
  const lines: Line[] = [
    ...orders.map((o) => ({ at: o.createdAt, type: o.type, description: o.accountId, amount: o.type === 'TOPUP' ? o.amount : dec(o.amount).negated().toFixed(4), status: o.status })),
    ...txs.map((t) => ({ at: t.settledAt!, type: 'PURCHASE', description: t.merchant.name, amount: dec(t.amount).negated().toFixed(4), status: t.status })),
  ];
  return lines.sort((a, b) => a.at.getTime() - b.at.getTime());
}

async function statementFor(c: Pick<OpContext<never>, 'tx'>, card: CardRow, year: number, month: number) {
  const start = monthStart(year, month);
  const end = monthStart(month === 12 ? year + 1 : year, month === 12 ? 1 : month + 1);
  const lines = await ledgerLines(c, card, end);
  const before = lines.filter((l) => l.at < start);
  const within = lines.filter((l) => l.at >= start);
  const opening = before.reduce((s, l) => s.plus(l.amount), dec(0));
  const closing = within.reduce((s, l) => s.plus(l.amount), opening);
  const spent = within.filter((l) => l.type === 'PURCHASE').reduce((s, l) => s.minus(l.amount), dec(0));
  const funded = within.filter((l) => l.type === 'TOPUP').reduce((s, l) => s.plus(l.amount), dec(0));
  const count = await c.tx
    .select({ id: cardTransactions.id })
    .from(cardTransactions)
    .where(and(eq(cardTransactions.tenantId, card.tenantId), eq(cardTransactions.cardId, card.id), gte(cardTransactions.createdAt, start), lt(cardTransactions.createdAt, end)));
  const record: CardOperationResult<'statement/list'>['items'][number] = {
    statementId: `STMT-${year}-${String(month).padStart(2, '0')}`,
    year,
    month,
    currency: card.currency as Currency,
    openingBalance: fmt(opening, card.currency),
    closingBalance: fmt(closing, card.currency),
    totalSpent: fmt(spent, card.currency),
    totalFunded: fmt(funded, card.currency),
    transactionCount: count.length,
    formats: ['CSV'],
  };
  return { record, lines: within };
}

/** The months (of a year) that have a statement: from the issue month to the current month. */
function monthsOf(card: CardRow, year: number, now: Date): number[] {
  const first = card.createdAt.getUTCFullYear() * 12 + card.createdAt.getUTCMonth();
  const last = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const months: number[] = [];
  for (let m = 0; m < 12; m++) if (year * 12 + m >= first && year * 12 + m <= last) months.push(m + 1);
  return months;
}

const list: OpHandler<'statement/list'> = async (c) => {
  const card = await findCard(c, c.body.cardNo, false);
  const items = [];
  for (const month of monthsOf(card, c.body.year, c.now)) items.push((await statementFor(c, card, c.body.year, month)).record);
  return { items };
};

const csvCell = (v: string) => (/[",\n\r]/.test(v) || /^[=+\-@]/.test(v) ? `"${v.replace(/^([=+\-@])/, "'$1").replace(/"/g, '""')}"` : v);

const download: OpHandler<'statement/download'> = async (c) => {
  const card = await findCard(c, c.body.cardNo, false);
  const match = /^STMT-(\d{4})-(\d{2})$/.exec(c.body.statementId);
  const year = Number(match?.[1]);
  const month = Number(match?.[2]);
  if (!match || !monthsOf(card, year, c.now).includes(month)) fail('STATEMENT_NOT_FOUND');
  if (c.body.format !== 'CSV') fail('STATEMENT_FORMAT_UNAVAILABLE', { data: { formats: ['CSV'] } });
  const { record, lines } = await statementFor(c, card, year, month);
  const rows = [
    'date,type,description,amount,currency,status',
    ...lines.map((l) =>
      [l.at.toISOString(), l.type, csvCell(l.description), fmt(l.amount.replace('-', ''), card.currency).replace(/^/, l.amount.startsWith('-') ? '-' : ''), card.currency, l.status].join(
        ',',
      ),
    ),
    `,OPENING_BALANCE,,${record.openingBalance},${card.currency},`,
    `,CLOSING_BALANCE,,${record.closingBalance},${card.currency},`,
  ];
  return {
    statementId: record.statementId,
    format: 'CSV' as const,
    fileName: `statement-${card.panLast4}-${year}-${String(month).padStart(2, '0')}.csv`,
    contentType: 'text/csv; charset=utf-8',
    encoding: 'utf8' as const,
    content: `${rows.join('\n')}\n`,
  };
};

export const statementHandlers = { 'statement/list': list, 'statement/download': download };
