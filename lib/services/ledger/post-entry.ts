import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { clock } from '@/lib/clock';
import type { DbOrTx } from '@/lib/db/client';
import { journalEntries, journalLines, ledgerAccounts } from '@/lib/db/schema';

/**
 * Posting to the double-entry ledger (docs/ledger.md). An entry is a set of lines, each a DEBIT or
 * CREDIT of a positive amount on one account; per currency the debits equal the credits. The
 * service refuses an unbalanced entry before it reaches the database, and the database refuses it
 * again at commit (deferred constraint trigger journal_lines_balanced). Entries are immutable.
 */
export type EntryKind = (typeof journalEntries.$inferInsert)['kind'];
export type SystemAccountKind = 'SANDBOX_FUNDING' | 'TRANSFER_CLEARING' | 'OUTGOING_SETTLEMENT' | 'FEES';

export interface LineInput {
  accountId: string;
  side: 'DEBIT' | 'CREDIT';
  amount: string;
  currency: string;
  /** FEE: a product's fee (its own statement line, not counted in limits); AMOUNT otherwise */
  purpose?: 'AMOUNT' | 'FEE';
}

export interface EntryInput {
  kind: EntryKind;
  transferId?: string | null;
  description: string;
  lines: LineInput[];
}

export class UnbalancedEntryError extends Error {}

/** Throws UnbalancedEntryError unless every currency's debits equal its credits (and both exist). */
export function assertBalanced(lines: LineInput[]): void {
  if (lines.length < 2) throw new UnbalancedEntryError('an entry needs at least two lines');
  const byCurrency = new Map<string, { net: Decimal; debits: number; credits: number }>();
  for (const line of lines) {
    const amount = new Decimal(line.amount);
    if (!amount.isFinite() || amount.lte(0)) throw new UnbalancedEntryError(`line amounts must be positive, got ${line.amount}`);
    const acc = byCurrency.get(line.currency) ?? { net: new Decimal(0), debits: 0, credits: 0 };
    if (line.side === 'DEBIT') {
      acc.net = acc.net.plus(amount);
      acc.debits++;
    } else {
      acc.net = acc.net.minus(amount);
      acc.credits++;
    }
    byCurrency.set(line.currency, acc);
  }
  for (const [currency, acc] of byCurrency) {
    if (!acc.net.isZero() || acc.debits === 0 || acc.credits === 0) {
      throw new UnbalancedEntryError(`entry does not balance in ${currency} (difference ${acc.net.toString()})`);
    }
  }
}

/** Posts one balanced entry; returns its id. Call inside the transaction that makes the change. */
export async function postEntry(tx: DbOrTx, tenantId: string, entry: EntryInput): Promise<{ entryId: string; postedAt: Date }> {
  assertBalanced(entry.lines);
  const entryId = randomUUID();
  const postedAt = clock.now();
  await tx.insert(journalEntries).values({ id: entryId, tenantId, kind: entry.kind, transferId: entry.transferId ?? null, description: entry.description, postedAt });
  await tx
    .insert(journalLines)
    .values(entry.lines.map((l) => ({ tenantId, entryId, accountId: l.accountId, side: l.side, amount: l.amount, currency: l.currency, purpose: l.purpose ?? 'AMOUNT', postedAt })));
  return { entryId, postedAt };
}

/** The tenant's system account of a kind in a currency, created on first use. */
export async function systemAccount(tx: DbOrTx, tenantId: string, kind: SystemAccountKind, currency: string): Promise<string> {
  const find = () =>
    tx
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.tenantId, tenantId), eq(ledgerAccounts.kind, kind), eq(ledgerAccounts.currency, currency), isNull(ledgerAccounts.walletId)));
  const [found] = await find();
  if (found) return found.id;
  await tx.execute(sql`
    insert into ledger_accounts (tenant_id, kind, currency) values (${tenantId}, ${kind}, ${currency})
    on conflict (tenant_id, kind, currency) where wallet_id is null do nothing`);
  const [created] = await find();
  return created!.id;
}
