import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { installStatementCache, type StatementCacheStats } from '@/lib/db/pglite-statements';
import { fromSnapshot } from './support/pglite-snapshot';

/**
 * The embedded database's statements prepared once (lib/db/pglite-statements.ts), on a real
 * PGlite of its own: the same answers, errors and notifications as PGlite's own query(), with
 * statements named from their second use, kept across rollbacks, bounded, and run in the order
 * they were issued.
 */
let client: PGlite;
let stats: () => StatementCacheStats;

beforeAll(async () => {
  client = new PGlite(fromSnapshot());
  await client.waitReady;
  stats = installStatementCache(client, { max: 4 });
  await client.exec(`
    create table item (id serial primary key, code text unique not null, payload jsonb, at timestamptz, amount numeric(20,2), tags text[], ok boolean);
  `);
});
afterAll(() => client.close());

const INSERT = 'insert into item (code, payload, at, amount, tags, ok) values ($1, $2, $3, $4, $5, $6) returning *';

describe('statements prepared once on PGlite', () => {
  it('names a statement on its second use and then only binds it; rows are those PGlite itself returns', async () => {
    const reference = new PGlite(fromSnapshot());
    await reference.exec(`create table item (id serial primary key, code text unique not null, payload jsonb, at timestamptz, amount numeric(20,2), tags text[], ok boolean)`);
    const before = stats();
    const rows = [];
    for (const [i, code] of ['a', 'b', 'c'].entries()) {
      const params = [code, { nested: [i, 'x'], none: null }, new Date(Date.UTC(2026, 0, i + 1)), '12.50', ['t1', `t${i}`], i % 2 === 0];
      const mine = await client.query(INSERT, params);
      const theirs = await reference.query(INSERT, params);
      expect(mine).toEqual(theirs);
      expect(mine).toMatchObject({ command: 'INSERT', affectedRows: 1, rowCount: 1 });
      rows.push(mine.rows[0]);
    }
    // with parsers of the query's own (as drizzle passes them), in array mode, and counts of an update
    const options = { rowMode: 'array' as const, parsers: { [1184]: (value: string) => `at ${value}` } };
    for (let i = 0; i < 3; i++) {
      const UPDATE = 'update item set ok = not ok where code <> $1 returning code, at, ok';
      expect(await client.query(UPDATE, ['zz'], options)).toEqual(await reference.query(UPDATE, ['zz'], options));
    }
    expect((await client.query('select at from item where code = $1', ['a'], options)).rows).toEqual([['at 2026-01-01 00:00:00+00']]);
    expect(rows[2]).toEqual({ id: 3, code: 'c', payload: { nested: [2, 'x'], none: null }, at: new Date(Date.UTC(2026, 0, 3)), amount: '12.50', tags: ['t1', 't2'], ok: true });
    const statsAfterInserts = stats();
    // the first use parsed its text; the second named it, the third reused the name
    expect(statsAfterInserts.misses - before.misses).toBe(3); // the insert's first use, the update's, the select's
    expect(statsAfterInserts.hits - before.hits).toBe(4);
    // array rows and nulls, as drizzle asks for them
    await client.query('select id, payload, ok from item where code = $1', ['zz']);
    const arrayRows = await client.query('select id, payload, ok from item where code = $1', ['a'], { rowMode: 'array' });
    expect(arrayRows.rows).toEqual([[1, { nested: [0, 'x'], none: null }, false]]); // toggled three times above
    const none = await client.query<{ payload: unknown }>('select payload from item where code = $1 and payload is null', [null]);
    expect(none.rows).toEqual([]);
    await reference.close();
  });

  it('keeps the error PGlite gives, with its code and query, and stays usable after it', async () => {
    await client.query(INSERT, ['dup', null, null, null, null, null]).catch(() => undefined);
    const error = await client.query(INSERT, ['dup', null, null, null, null, null]).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', query: INSERT, params: ['dup', null, null, null, null, null] });
    const syntax = await client.query('selec 1').catch((e: unknown) => e);
    expect(syntax).toMatchObject({ code: '42601', query: 'selec 1' });
    expect((await client.query<{ n: number }>('select 1 as n')).rows).toEqual([{ n: 1 }]);
  });

  it('a named statement survives a rolled-back transaction, and a failed statement rolls its transaction back', async () => {
    const COUNT = 'select count(*)::int as n from item where code like $1';
    const failed = await client
      .transaction(async (tx) => {
        await tx.query(INSERT, ['tx-1', null, null, null, null, null]);
        await tx.query(COUNT, ['tx-%']);
        await tx.query(COUNT, ['tx-%']); // named inside the transaction
        await tx.query(INSERT, ['tx-1', null, null, null, null, null]); // duplicate: the transaction fails
      })
      .catch((e: unknown) => e);
    expect(failed).toMatchObject({ code: '23505' });
    const hits = stats().hits;
    expect((await client.query<{ n: number }>(COUNT, ['tx-%'])).rows).toEqual([{ n: 0 }]);
    expect(stats().hits).toBe(hits + 1);
    await client.transaction(async (tx) => {
      await tx.query(INSERT, ['tx-2', null, null, null, null, null]);
      await tx.rollback();
    });
    expect((await client.query<{ n: number }>(COUNT, ['tx-%'])).rows).toEqual([{ n: 0 }]);
  });

  it('holds at most its bound of statements and re-prepares one it closed', async () => {
    const texts = [1, 2, 3, 4, 5, 6].map((n) => `select ${n} + $1::int as v`);
    for (let round = 0; round < 3; round++) {
      for (const [i, text] of texts.entries()) expect((await client.query<{ v: number }>(text, [10])).rows).toEqual([{ v: i + 11 }]);
      expect(stats().prepared).toBeLessThanOrEqual(4);
    }
    const names = await client.query<{ name: string }>(`select name from pg_prepared_statements where from_sql = false`);
    expect(names.rows.length).toBeLessThanOrEqual(4);
  });

  it('runs statements in the order they were issued, named or not', async () => {
    await client.exec('create table seq_log (n int, k text)');
    const LOG = 'insert into seq_log (n, k) values ($1, $2)';
    await Promise.all(Array.from({ length: 12 }, (_, n) => client.query(n % 3 === 0 ? LOG : `${LOG} returning ${n} as x`, [n, 'p'])));
    const order = await client.query<{ n: number }>('select n from seq_log');
    expect(order.rows.map((r) => r.n)).toEqual(Array.from({ length: 12 }, (_, n) => n));
  });

  it('delivers notifications sent by named statements', async () => {
    const heard: string[] = [];
    const stop = await client.listen('bp_test', (payload) => heard.push(payload));
    for (const n of [1, 2, 3]) await client.query(`select pg_notify('bp_test', $1)`, [`n${n}`]);
    expect(heard).toEqual(['n1', 'n2', 'n3']);
    await stop();
  });
});
