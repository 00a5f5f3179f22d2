import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@/lib/db/client';
import { POSTGRES_AUTOVACUUM_LOCK } from '@/lib/db/autovacuum';
import { resetEnvCache } from '@/lib/env';
import { ownPostgres, type OwnPostgres } from '../../e2e/fault-services';

/**
 * A PostgreSQL server whose own autovacuum is off (lib/db/autovacuum.ts, docs/operations.md
 * "Autovacuum where the database runs none"): the platform's processes open their database as the
 * server does (lib/db/client.ts), and one of them at a time vacuums and analyzes the tables past
 * PostgreSQL's thresholds; none does while the server's autovacuum is on, or with
 * POSTGRES_AUTOVACUUM_MS=0. On a server of the test's own (initdb + pg_ctl), whose settings it
 * changes: the machine's shared server is never reconfigured. PostgreSQL only.
 */
let own: OwnPostgres;
let admin: pg.Client;

interface TableStats {
  vacuums: number;
  analyzes: number;
  dead: number;
}

/** the server's autovacuum on or off, its launcher kept from visiting the test's tables meanwhile */
async function serverAutovacuum(on: boolean): Promise<void> {
  await admin.query(`alter system set autovacuum = ${on ? 'on' : 'off'}`);
  await admin.query(`alter system set autovacuum_naptime = '1h'`);
  await admin.query('select pg_reload_conf()');
  await expect.poll(async () => (await admin.query<{ v: string }>(`select current_setting('autovacuum') as v`)).rows[0]!.v).toBe(on ? 'on' : 'off');
}

/** `n` rows, `updated` of them changed once (a dead row version each); the counts sent to the statistics */
async function fill(table: string, n: number, updated: number): Promise<void> {
  await admin.query(`create table ${table} (id int primary key, n int not null)`);
  await admin.query(`insert into ${table} select g, 0 from generate_series(1, ${n}) g`);
  await admin.query(`update ${table} set n = n + 1 where id <= ${updated}`);
  await admin.query('select pg_stat_force_next_flush()');
}

/** the table's manual vacuums and analyzes (ours; the launcher's count apart), and its dead rows */
async function stats(table: string): Promise<TableStats> {
  const { rows } = await admin.query<TableStats>(`select vacuum_count::int as vacuums, analyze_count::int as analyzes, n_dead_tup::int as dead from pg_stat_user_tables where relname = $1`, [
    table,
  ]);
  return rows[0]!;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** a table past the thresholds, left as it is through ten passes' time */
async function expectLeftAlone(table: string): Promise<void> {
  await fill(table, 2000, 1000);
  await pause(500);
  expect(await stats(table)).toEqual({ vacuums: 0, analyzes: 0, dead: 1000 });
}

/** a process's database handle on the test's server, its pass every `ms` */
async function open(ms: number): Promise<Database> {
  process.env.POSTGRES_AUTOVACUUM_MS = String(ms);
  resetEnvCache();
  return openDatabase({ url: own.url, poolMax: 2 });
}

beforeAll(async () => {
  own = await ownPostgres();
  admin = new pg.Client({ connectionString: own.url });
  await admin.connect();
});

afterAll(async () => {
  await admin?.end();
  await own?.destroy();
  delete process.env.POSTGRES_AUTOVACUUM_MS;
  resetEnvCache();
});

describe('autovacuum on a PostgreSQL server whose own is off', () => {
  it('a process vacuums and analyzes the tables past the thresholds, and leaves the others', async () => {
    await serverAutovacuum(false);
    // vacuumed and analyzed once, then 10 rows changed: below 50 + 20% dead and 50 + 10% changed
    await fill('quiet', 100, 0);
    await admin.query('vacuum (analyze) quiet');
    await admin.query('update quiet set n = n + 1 where id <= 10');
    await admin.query('select pg_stat_force_next_flush()');
    const database = await open(50);
    try {
      await fill('busy', 2000, 1000);
      await expect.poll(() => stats('busy'), { timeout: 10_000 }).toEqual({ vacuums: 1, analyzes: 1, dead: 0 });
      // the planner has its statistics now
      expect((await admin.query<{ n: number }>(`select count(*)::int as n from pg_stats where tablename = 'busy'`)).rows[0]!.n).toBe(2);
      expect(await stats('quiet')).toEqual({ vacuums: 1, analyzes: 1, dead: 10 });
      // the requests' pool is not the pass's: the process still answers while passes run
      await database.ping();
    } finally {
      await database.close();
    }
  });

  it('one process at a time: a pass waits for the advisory lock that another holds', async () => {
    await serverAutovacuum(false);
    const [first, second] = [await open(50), await open(50)];
    try {
      await admin.query('select pg_advisory_lock($1)', [POSTGRES_AUTOVACUUM_LOCK]);
      await expectLeftAlone('locked');
      await admin.query('select pg_advisory_unlock($1)', [POSTGRES_AUTOVACUUM_LOCK]);
      // one of the two, once: the other finds nothing due after it
      await expect.poll(() => stats('locked'), { timeout: 10_000 }).toEqual({ vacuums: 1, analyzes: 1, dead: 0 });
      await pause(300);
      expect(await stats('locked')).toEqual({ vacuums: 1, analyzes: 1, dead: 0 });
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('POSTGRES_AUTOVACUUM_MS=0 leaves the tables alone', async () => {
    await serverAutovacuum(false);
    const database = await open(0);
    try {
      await expectLeftAlone('never');
    } finally {
      await database.close();
    }
  });

  it('leaves the work to the server once its autovacuum is on (read on every pass)', async () => {
    await serverAutovacuum(true);
    const database = await open(50);
    try {
      await expectLeftAlone('servers');
      // turned off while the process runs: its next pass does the work
      await serverAutovacuum(false);
      await expect.poll(() => stats('servers'), { timeout: 10_000 }).toEqual({ vacuums: 1, analyzes: 1, dead: 0 });
    } finally {
      await database.close();
    }
  });
});
