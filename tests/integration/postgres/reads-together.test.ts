import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { readTogether } from '@/lib/db/reads';

/**
 * readTogether (lib/db/reads.ts): inside a transaction, whose one connection runs one statement at a
 * time, each read is sent only once the one before it has answered (node-postgres would queue it,
 * which it deprecates and pg 9 refuses); on the pool they run side by side. PostgreSQL only: PGlite
 * runs one statement at a time anyway (tests/integration/postgres/).
 */
const startedAt = (rows: unknown) => new Date((rows as { rows: Array<{ started: string }> }).rows[0]!.started).getTime();
const slowThenQuick = (db: Awaited<ReturnType<typeof getDb>>) =>
  [db.execute(sql`select clock_timestamp()::text as started, pg_sleep(1)`), db.execute(sql`select clock_timestamp()::text as started`)] as const;

describe('readTogether', () => {
  it('in a transaction, the second read starts after the first has answered', async () => {
    const db = await getDb();
    const [slow, quick] = await db.transaction((tx) => readTogether(tx, [...slowThenQuick(tx as never)]));
    expect(startedAt(quick) - startedAt(slow)).toBeGreaterThanOrEqual(1000);
  });

  it('on the pool, the reads start together: the quick one before the slow one has answered', async () => {
    const db = await getDb();
    const [slow, quick] = await readTogether(db, [...slowThenQuick(db)]);
    expect(startedAt(quick) - startedAt(slow)).toBeLessThan(1000);
  });
});
