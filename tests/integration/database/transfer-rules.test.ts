import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { holds, ruleSql, TRANSFER_RULES, type RuleParams, type TransferRuleName } from '@/lib/services/wallets/transfer-rules';

/**
 * The transfer rules are one table read two ways (lib/services/wallets/transfer-rules.ts): `holds()`
 * on the gathered rows (the slow path's checks) and `ruleSql()` in the fast statement. Both must give
 * the same verdict on the same row: each rule is evaluated on rows on both sides of its boundary, in
 * TypeScript and by the database (PGlite, and PostgreSQL with DATABASE_URL).
 */
const NOW = new Date('2026-06-01T12:00:00.000Z');
const WALLET = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const params: RuleParams = { currency: 'EUR', amount: '10.00', walletId: WALLET, now: NOW };

/** The column types of the rows the rules read, as the tables declare them. */
const TYPES: Record<string, string> = {
  status: 'text',
  currency: 'text',
  balance: 'numeric',
  aml_blocked_by: 'uuid',
  expires_at: 'timestamptz',
  wallet_id: 'uuid',
  max_amount_per_payment: 'numeric',
};

/** Values on both sides of each column's boundary, as the gathered rows spell them (strings, or null). */
const SAMPLES: Record<string, (string | null)[]> = {
  status: ['ACTIVE', 'FROZEN', 'CLOSED', 'INACTIVE', 'AUTHORIZED', 'REVOKED'],
  currency: ['EUR', 'USD'],
  balance: ['10.00', '10', '9.99', '10.01', '0'],
  aml_blocked_by: [null, OTHER],
  expires_at: [new Date(NOW.getTime() + 1000).toISOString(), NOW.toISOString(), new Date(NOW.getTime() - 1000).toISOString()],
  wallet_id: [WALLET, OTHER],
  max_amount_per_payment: ['10.00', '10.001', '9.999', '1000'],
};

const names = Object.keys(TRANSFER_RULES) as TransferRuleName[];

async function sqlVerdict(name: TransferRuleName, value: string | null): Promise<boolean> {
  const column = TRANSFER_RULES[name].when.column;
  const db = await getDb();
  const result = (await db.execute(sql`select (${ruleSql(name, 'r', params)}) as verdict from (select ${value}::${sql.raw(TYPES[column]!)} as ${sql.raw(column)}) r`)) as unknown as {
    rows: Array<{ verdict: boolean }>;
  };
  return result.rows[0]!.verdict;
}

describe('the transfer rules: one table, the same verdict in TypeScript and in SQL', () => {
  it('knows the type and boundary samples of every column a rule reads', () => {
    expect(names.map((name) => TRANSFER_RULES[name].when.column).filter((column) => !TYPES[column] || !SAMPLES[column])).toEqual([]);
  });

  it.each(names)('%s', async (name) => {
    const column = TRANSFER_RULES[name].when.column;
    const verdicts = await Promise.all(SAMPLES[column]!.map(async (value) => ({ value, ts: holds(name, { [column]: value }, params), sql: await sqlVerdict(name, value) })));
    expect(verdicts.filter((v) => v.ts !== v.sql)).toEqual([]);
    // the samples reach both sides of the rule
    expect(new Set(verdicts.map((v) => v.ts))).toEqual(new Set([true, false]));
  });
});
