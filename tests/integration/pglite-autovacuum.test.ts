import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { RemotePGlite } from '@/lib/db/pglite-remote';
import { installStatementCache } from '@/lib/db/pglite-statements';
import { startAutovacuum, vacuumDueTables, type VacuumClient } from '@/lib/db/autovacuum';
import { fromSnapshot } from './support/pglite-snapshot';

/**
 * The embedded database's autovacuum (lib/db/autovacuum.ts), on a real PGlite in this
 * thread and on one in its own thread (the server's default), each with the statement cache the
 * server installs: PGlite never vacuums or analyzes by itself; a pass vacuums and analyzes the
 * tables past PostgreSQL's default thresholds, and only those; the timer runs passes until stopped.
 */
const clients: Array<[string, () => Promise<VacuumClient & { close(): Promise<void> }>]> = [
  [
    'PGlite in this thread',
    async () => {
      const db = new PGlite(fromSnapshot());
      await db.waitReady;
      installStatementCache(db, { max: 50 });
      return db as unknown as VacuumClient & { close(): Promise<void> };
    },
  ],
  [
    'PGlite in its own thread',
    async () => {
      const db = await RemotePGlite.open(null, { loadDataDir: process.env.BP_TEST_PGLITE_SNAPSHOT });
      installStatementCache(db as unknown as PGlite, { max: 50 });
      return db as unknown as VacuumClient & { close(): Promise<void> };
    },
  ],
];

interface TableStats {
  vacuums: number;
  analyzes: number;
  dead: number;
}

describe.each(clients)('autovacuum, %s', (_name, open) => {
  let db: VacuumClient & { close(): Promise<void> };
  /** the table's counters as PostgreSQL's statistics hold them now (flushed first: they are sent at most once a second) */
  const stats = async (table: string): Promise<TableStats> => {
    await db.query('select pg_stat_force_next_flush()');
    const { rows } = await db.query<TableStats>(
      `select vacuum_count::int as vacuums, analyze_count::int as analyzes, n_dead_tup::int as dead from pg_stat_user_tables where relname = '${table}'`,
    );
    return rows[0]!;
  };
  /** rows for a table: `n` inserted, then `updated` of them changed (each update leaves a dead row version) */
  const fill = async (table: string, n: number, updated: number) => {
    await db.exec(`create table ${table} (id int primary key, n int not null)`);
    await db.exec(`insert into ${table} select g, 0 from generate_series(1, ${n}) g`);
    await db.exec(`update ${table} set n = n + 1 where id <= ${updated}`);
  };

  beforeAll(async () => {
    db = await open();
  });
  afterAll(async () => {
    await db.close();
  });

  it('vacuums and analyzes the tables past the thresholds, and leaves the others', async () => {
    // 2,000 rows with 1,000 dead versions (past 50 + 20%)
    await fill('busy', 2000, 1000);
    // 100 rows, vacuumed and analyzed once, then 10 changed (below 50 + 20% dead and 50 + 10% changed)
    await fill('quiet', 100, 0);
    // (the inserts' counts reach the statistics first: counted after the vacuum, they would count against it)
    await db.query('select pg_stat_force_next_flush()');
    await db.exec('vacuum (analyze) quiet');
    await db.exec('update quiet set n = n + 1 where id <= 10');
    expect(await stats('busy')).toEqual({ vacuums: 0, analyzes: 0, dead: 1000 });
    expect(await stats('quiet')).toEqual({ vacuums: 1, analyzes: 1, dead: 10 });

    const done = await vacuumDueTables(db);
    expect(done).toContain('public.busy');
    expect(done).not.toContain('public.quiet');
    expect(await stats('busy')).toEqual({ vacuums: 1, analyzes: 1, dead: 0 });
    expect(await stats('quiet')).toEqual({ vacuums: 1, analyzes: 1, dead: 10 });
    // the planner has the analyzed table's statistics now
    const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from pg_stats where tablename = 'busy'`);
    expect(rows[0]!.n).toBe(2);

    // nothing changed since: the next passes leave it (the select, named by the statement cache on its second use, still answers)
    expect(await vacuumDueTables(db)).not.toContain('public.busy');
    expect(await vacuumDueTables(db)).not.toContain('public.busy');
    expect(await stats('busy')).toEqual({ vacuums: 1, analyzes: 1, dead: 0 });
  });

  it('the timer runs passes until it is stopped', async () => {
    const stop = startAutovacuum(db, 50);
    await fill('later', 2000, 1000);
    await expect.poll(() => stats('later'), { timeout: 10_000 }).toEqual({ vacuums: 1, analyzes: 1, dead: 0 });
    stop();
    await fill('after_stop', 2000, 1000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await stats('after_stop')).toEqual({ vacuums: 0, analyzes: 0, dead: 1000 });
  });

  it('0 starts no timer', async () => {
    const stop = startAutovacuum(db, 0);
    await fill('never', 2000, 1000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await stats('never')).toEqual({ vacuums: 0, analyzes: 0, dead: 1000 });
    stop();
  });
});
