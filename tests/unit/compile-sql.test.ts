import { and, asc, desc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { alias, PgDialect } from 'drizzle-orm/pg-core';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { compileSql, installSqlCompiler } from '@/lib/db/compile-sql';
import * as schema from '@/lib/db/schema';
import { customers, events, transfers, wallets } from '@/lib/db/schema';

/**
 * lib/db/compile-sql.ts against drizzle's own walk (`dialect.sqlToQuery`): the same text and the
 * same parameters for every kind of chunk (drizzle's `typings` aside: compile-sql.ts says why). The
 * integration and Playwright suites compare the two on every statement they run
 * (DATABASE_COMPILE_CHECK); these are the kinds those suites might not reach.
 */
const dialect = new PgDialect();
const db = drizzle.mock({ schema });
const when = new Date('2026-11-29T10:00:00.000Z');
const tenantId = '0b6f2c1e-6d0e-4f7e-9a57-3a4f1f0a1b2c';

const cases: Array<[string, () => SQL]> = [
  ['plain values of every type', () => sql`select ${'text'}, ${42}, ${1.5}, ${true}, ${null}, ${10n}, ${when}, ${{ a: 1 }}, ${[1, 2]}`],
  ['undefined chunks and empty fragments', () => sql`select 1${undefined}${sql``} where ${sql`true`}`],
  ['nested fragments and joins', () => sql`select ${sql.join([sql`a = ${1}`, sql`b = ${2}`, sql`c in ${[3, 4, 5]}`], sql` and `)}`],
  ['a list of fragments', () => sql`values ${[sql`(${1}, ${'x'})`, sql`(${2}, ${'y'})`]}`],
  ['raw text and identifiers', () => sql`select ${sql.raw('now()')} from ${sql.identifier('my "table"')} where ${sql.identifier('col')} = ${'v'}`],
  ['inlined values, at the root', () => sql`select ${"it's"}, ${7}, ${null}, ${true}, ${when}`.inlineParams()],
  ['inlined values, nested', () => sql`select ${1}, ${sql`${"o'k"} and ${2}`.inlineParams()}, ${3}`],
  ['placeholders, bare and as a column value', () => sql`select * from ${wallets} where ${eq(wallets.id, sql.placeholder('id'))} and ${sql.placeholder('x')}::int > ${1}`],
  ['columns and tables', () => sql`select ${wallets.id}, ${wallets.balance} from ${wallets} join ${customers} on ${eq(customers.id, wallets.customerId)}`],
  [
    'column encoders (numeric, timestamp, jsonb, uuid)',
    () => and(eq(wallets.balance, '10.00'), gt(wallets.createdAt, when), eq(events.payload, { id: 'x', n: [1, 2] }), eq(wallets.tenantId, tenantId))!,
  ],
  ['conditions with lists and nulls', () => or(inArray(wallets.status, ['ACTIVE', 'FROZEN']), isNull(wallets.closedAt), eq(wallets.currency, 'EUR'))!],
  [
    'a select with joins, an alias, order and limit',
    () => {
      const w2 = alias(wallets, 'w2');
      return db
        .select({ id: wallets.id, other: w2.id, name: customers.displayName, n: sql<number>`count(*) over ()` })
        .from(wallets)
        .innerJoin(customers, and(eq(customers.tenantId, wallets.tenantId), eq(customers.id, wallets.customerId)))
        .leftJoin(w2, eq(w2.customerId, wallets.customerId))
        .where(and(eq(wallets.tenantId, tenantId), gt(wallets.createdAt, when)))
        .orderBy(desc(wallets.createdAt), asc(wallets.id))
        .limit(20)
        .offset(40)
        .getSQL();
    },
  ],
  [
    'a subquery and a CTE',
    () => {
      const pending = db.$with('pending').as(
        db
          .select({ walletId: transfers.walletId, total: sql<string>`sum(${transfers.amount})`.as('total') })
          .from(transfers)
          .groupBy(transfers.walletId),
      );
      return db
        .with(pending)
        .select()
        .from(wallets)
        .leftJoin(pending, eq(pending.walletId, wallets.id))
        .where(eq(wallets.id, db.select({ id: wallets.id }).from(wallets).limit(1)))
        .getSQL();
    },
  ],
  [
    'an insert with conflict handling and returning',
    () =>
      db
        .insert(events)
        .values({ tenantId, type: 'wallet.created', payload: { walletId: 'w' }, createdAt: when })
        .onConflictDoNothing()
        .returning({ id: events.id })
        .getSQL(),
  ],
  [
    'an update with expressions and returning',
    () =>
      db
        .update(wallets)
        .set({ balance: sql`${wallets.balance} + ${'5.00'}::numeric`, updatedAt: when, statusReason: null })
        .where(and(eq(wallets.tenantId, tenantId), eq(wallets.id, tenantId)))
        .returning()
        .getSQL(),
  ],
  [
    'a delete',
    () =>
      db
        .delete(wallets)
        .where(inArray(wallets.id, [tenantId, tenantId]))
        .getSQL(),
  ],
];

describe('compileSql', () => {
  it.each(cases)('%s: the text and parameters of drizzle', (_name, build) => {
    const statement = build();
    const { sql: text, params } = dialect.sqlToQuery(statement);
    expect(compileSql(dialect, statement)).toEqual({ sql: text, params });
  });

  it('numbers the parameters of a chunk that drizzle walks after its own', () => {
    const statement = sql`select ${1}, ${eq(wallets.id, sql.placeholder('id'))}, ${2}`;
    const compiled = compileSql(dialect, statement);
    expect(compiled.sql).toBe('select $1, "wallets"."id" = $2, $3');
    expect(compiled.params).toEqual([1, sql.placeholder('id'), 2]);
  });
});

describe('compileSql with another copy of drizzle', () => {
  // A Next.js build holds several copies of drizzle's modules: a statement built with one copy's
  // `sql` met a compiler that compared its chunks with the other copy's classes, and handed every
  // chunk to drizzle's slower walk. Here the second copy is drizzle's sql module loaded again (an
  // ES module imported under another URL is another instance, with classes of its own).
  it('walks the chunks of a statement built with it itself, to the same text and parameters', async () => {
    const file = createRequire(import.meta.url)
      .resolve('drizzle-orm/sql/sql')
      .replace(/\.cjs$/, '.js');
    const copy = (await import(/* @vite-ignore */ `${pathToFileURL(file).href}?copy`)) as typeof import('drizzle-orm/sql/sql');
    expect(copy.SQL).not.toBe(sql``.constructor);
    const statement = copy.sql`select ${'text'}, ${when} from t where ${copy.sql.join([copy.sql`a = ${1}`, copy.sql`b in ${[2, 3]}`], copy.sql` and `)}`;
    const { sql: text, params } = dialect.sqlToQuery(statement as unknown as SQL);
    const drizzleWalk = vi.spyOn(copy.SQL.prototype as unknown as { buildQueryFromSourceParams: () => unknown }, 'buildQueryFromSourceParams');
    expect(compileSql(dialect, statement as unknown as SQL)).toEqual({ sql: text, params });
    expect(text).toBe('select $1, $2 from t where a = $3 and b in ($4, $5)');
    expect(drizzleWalk).not.toHaveBeenCalled();
  });
});

describe('installSqlCompiler', () => {
  it("compiles the database's statements with compileSql", () => {
    const mock = drizzle.mock({ schema });
    installSqlCompiler(mock);
    const statement = sql`select ${1} from ${wallets}`;
    expect((mock as unknown as { dialect: PgDialect }).dialect.sqlToQuery(statement)).toEqual({ sql: 'select $1 from "wallets"', params: [1] });
  });

  it('with the check on, a statement the two walks compile differently throws', () => {
    const mock = drizzle.mock({ schema });
    const mockDialect = (mock as unknown as { dialect: PgDialect }).dialect;
    // a walk that numbers from $0: the check must see the difference
    mockDialect.sqlToQuery = (root) => ({ sql: compileSql(dialect, root).sql.replace('$1', '$0'), params: ['secret', 2] });
    installSqlCompiler(mock, true);
    // the texts, and where the parameters part, but no parameter's value
    expect(() => mockDialect.sqlToQuery(sql`select ${'token-value'}, ${2}`)).toThrow(
      new Error("compileSql differs from drizzle's walk:\nours:   select $1, $2\ntheirs: select $0, $2\nparameters: 2 against 2, first different: $1"),
    );
  });
});
