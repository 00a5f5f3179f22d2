import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOutAtOnce, keepConnectionsOnStatementErrors, refusedStatement } from '@/lib/db/pg-pool';

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

describe('an idle connection handed out at once (checkOutAtOnce)', () => {
  let pool: pg.Pool;
  let plain: pg.Pool;
  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: url, max: 2, connectionTimeoutMillis: 5_000 });
    checkOutAtOnce(pool);
    plain = new pg.Pool({ connectionString: url, max: 2 });
    // one connection open and idle in each
    await Promise.all([pool.query('select 1'), plain.query('select 1')]);
  });
  afterAll(async () => {
    await Promise.all([pool.end(), plain.end()]);
  });

  /** whether connect's callback ran before connect returned, and before a microtask queued just before it */
  const handOut = (p: pg.Pool) => {
    const order: string[] = [];
    const got = new Promise<pg.PoolClient>((resolve, reject) => {
      void Promise.resolve().then(() => order.push('microtask'));
      p.connect((error, client, release) => {
        order.push('connection');
        if (error || !client) reject(error ?? new Error('no client'));
        else {
          release();
          resolve(client);
        }
      });
      order.push('returned');
    });
    return got.then(() => order);
  };

  it('gives an idle connection to connect() before it returns; pg-pool alone waits for the next tick, behind the microtasks', async () => {
    expect(await handOut(pool)).toEqual(['connection', 'returned', 'microtask']);
    expect(await handOut(plain)).toEqual(['returned', 'microtask', 'connection']);
    // the statement goes out on it as before
    expect((await pool.query<{ n: number }>('select 41 + 1 as n')).rows[0]!.n).toBe(42);
  });

  it('queues as pg-pool does when no connection is idle, first come first served, and keeps the connect timeout', async () => {
    const a = await pool.connect();
    const b = await pool.connect();
    const served: string[] = [];
    const third = pool.connect().then((c) => (served.push('third'), c));
    const fourth = pool.connect().then((c) => (served.push('fourth'), c));
    await new Promise((r) => setTimeout(r, 50));
    expect(served).toEqual([]);
    expect(pool.waitingCount).toBe(2);
    a.release();
    const c3 = await third;
    expect(served).toEqual(['third']);
    b.release();
    const c4 = await fourth;
    expect(served).toEqual(['third', 'fourth']);
    c3.release();
    c4.release();
    // a wait past connectionTimeoutMillis still fails as pg-pool's does
    const short = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 100 });
    checkOutAtOnce(short);
    try {
      const held = await short.connect();
      await expect(short.connect()).rejects.toThrow('timeout exceeded when trying to connect');
      held.release();
      expect((await short.query<{ n: number }>('select 1 as n')).rows[0]!.n).toBe(1);
    } finally {
      await short.end();
    }
  });

  it('refuses connect() once the pool is ending, as pg-pool does', async () => {
    const ending = new pg.Pool({ connectionString: url, max: 1 });
    checkOutAtOnce(ending);
    await ending.query('select 1');
    const ended = ending.end();
    await expect(ending.connect()).rejects.toThrow('Cannot use a pool after calling end on the pool');
    await ended;
  });
});
