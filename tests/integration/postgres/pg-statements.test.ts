import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import { nameRepeatedStatements, statementNamer } from '@/lib/db/pg-statements';

/**
 * Repeated statements named for node-postgres (lib/db/pg-statements.ts), on the PostgreSQL server
 * of DATABASE_URL through a pool of one connection, so that the session's prepared statements can
 * be read back from pg_prepared_statements. PostgreSQL only.
 */
const url = process.env.DATABASE_URL!;

describe('the naming of repeated statements', () => {
  it('names a text on its second sighting, keeps the name, and stops at its bound', () => {
    const namer = statementNamer({ max: 2 });
    expect(namer.nameFor('a')).toBeUndefined();
    expect(namer.nameFor('a')).toBe('bp_1');
    expect(namer.nameFor('a')).toBe('bp_1');
    expect(namer.nameFor('b')).toBeUndefined();
    expect(namer.nameFor('b')).toBe('bp_2');
    expect(namer.nameFor('c')).toBeUndefined();
    expect(namer.nameFor('c')).toBeUndefined();
    expect(namer.size()).toBe(2);
  });
});

describe('repeated statements prepared once per connection (PostgreSQL)', () => {
  let pool: pg.Pool;
  beforeAll(() => {
    pool = new pg.Pool({ connectionString: url, max: 1 });
    nameRepeatedStatements(pool);
  });
  afterAll(() => pool.end());

  const prepared = async () => (await pool.query<{ name: string; statement: string }>(`select name, statement from pg_prepared_statements where not from_sql order by name`)).rows;

  it('parses a drizzle statement once from its second use; answers and errors are unchanged', async () => {
    const db = drizzle({ client: pool });
    const answers = [];
    for (const n of [1, 2, 3]) answers.push((await db.execute(sql`select ${n}::int + 1 as v, ${'x'}::text as t`)).rows);
    expect(answers).toEqual([[{ v: 2, t: 'x' }], [{ v: 3, t: 'x' }], [{ v: 4, t: 'x' }]]);
    const names = await prepared();
    expect(names).toEqual([{ name: expect.stringMatching(/^bp_\d+$/), statement: 'select $1::int + 1 as v, $2::text as t' }]);
    // a failing named statement reports PostgreSQL's error; the pool replaces a connection that
    // failed a query, and the name is parsed again on the new one
    const divide = (d: number) => db.execute(sql`select 1 / ${d}::int as q`);
    await divide(1);
    await divide(1);
    expect(await prepared()).toHaveLength(2);
    await expect(divide(0)).rejects.toMatchObject({ cause: { code: '22012' } });
    expect((await divide(2)).rows).toEqual([{ q: 0 }]);
    expect(await prepared()).toEqual([{ name: expect.stringMatching(/^bp_\d+$/), statement: 'select 1 / $1::int as q' }]);
    // inside a transaction that fails, and after it
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`select ${1}::int + 1 as v, ${'y'}::text as t`);
        await tx.execute(sql`select 1 / ${0}::int as q`);
      }),
    ).rejects.toMatchObject({ cause: { code: '22012' } });
    expect((await db.execute(sql`select ${5}::int + 1 as v, ${'z'}::text as t`)).rows).toEqual([{ v: 6, t: 'z' }]);
  });
});
