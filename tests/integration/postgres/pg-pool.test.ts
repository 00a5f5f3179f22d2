import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepConnectionsOnStatementErrors, refusedStatement } from '@/lib/db/pg-pool';

/**
 * The pool keeps a connection whose statement the server refused, and still ends one that failed
 * (lib/db/pg-pool.ts), on the PostgreSQL server of DATABASE_URL through pools of one connection, so
 * that the server process behind the connection (pg_backend_pid) tells whether it was kept.
 * PostgreSQL only (tests/integration/postgres/).
 */
const url = process.env.DATABASE_URL!;

describe('which errors leave a connection usable', () => {
  it('a SQLSTATE of a refused statement does; a lost connection, a timeout or no SQLSTATE does not', () => {
    expect(refusedStatement({ code: '23505' })).toBe(true);
    expect(refusedStatement({ cause: { code: '22012' } })).toBe(true);
    expect(refusedStatement({ code: '57014' })).toBe(true); // statement_timeout: the server cancelled the statement only
    expect(refusedStatement({ code: '57P01' })).toBe(false);
    expect(refusedStatement({ code: '08006' })).toBe(false);
    expect(refusedStatement({ code: 'EPIPE' })).toBe(false);
    expect(refusedStatement(new Error('Query read timeout'))).toBe(false);
    expect(refusedStatement(new Error('Connection terminated unexpectedly'))).toBe(false);
  });
});

describe('a pool of one connection on PostgreSQL', () => {
  let kept: pg.Pool;
  let plain: pg.Pool;
  let admin: pg.Client;
  beforeAll(async () => {
    kept = new pg.Pool({ connectionString: url, max: 1 });
    kept.on('error', () => undefined);
    keepConnectionsOnStatementErrors(kept);
    plain = new pg.Pool({ connectionString: url, max: 1 });
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(async () => {
    await Promise.all([kept.end(), plain.end(), admin.end()]);
  });

  const pid = async (pool: pg.Pool) => (await pool.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;

  it('keeps its connection after statements the server refused', async () => {
    const before = await pid(kept);
    await expect(kept.query('select 1 / 0')).rejects.toMatchObject({ code: '22012' });
    await expect(kept.query('select * from no_such_table_anywhere')).rejects.toMatchObject({ code: '42P01' });
    await expect(kept.query(`select 'x'::uuid`)).rejects.toMatchObject({ code: '22P02' });
    expect(await pid(kept)).toBe(before);
    // pg-pool on its own ends it
    const plainBefore = await pid(plain);
    await expect(plain.query('select 1 / 0')).rejects.toMatchObject({ code: '22012' });
    expect(await pid(plain)).not.toBe(plainBefore);
  });

  it('ends a connection that was lost in the middle of a statement, and serves the next one on a new one', async () => {
    const before = await pid(kept);
    const sleeping = kept.query('select pg_sleep(10)').then(
      () => 'finished',
      (error: unknown) => error,
    );
    await expect.poll(async () => (await admin.query(`select count(*)::int as n from pg_stat_activity where pid = $1 and query like 'select pg_sleep%'`, [before])).rows[0].n).toBe(1);
    await admin.query('select pg_terminate_backend($1)', [before]);
    expect(await sleeping).toBeInstanceOf(Error);
    const after = await pid(kept);
    expect(after).not.toBe(before);
  });
});
