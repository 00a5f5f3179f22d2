import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { database, getDb, MIGRATIONS_FOLDER, type Db } from '@/lib/db/client';
import { tenants } from '@/lib/db/schema';
import { uniqueName } from '../helpers';

/**
 * The committed migrations against the live database: idempotent, consistent with the journal, and
 * a schema that keeps every tenant's rows behind a leading tenant_id.
 */
type Executor = Pick<Db, 'execute'>;

/**
 * Platform-wide tables, owned by no tenant: key material shared by every instance (the EdDSA
 * signing keys, generated secrets of the embedded default). They have no tenant_id by design.
 */
/**
 * Platform-wide tables, owned by no tenant (or, the AML lists, optionally by one): the scheduled jobs,
 * the platform's secrets and signing keys, and the AML lists with their versions, entries and
 * changes. A platform list is screened for every tenant, so its rows cannot carry one tenant_id; a
 * tenant's own list names its tenant in aml_lists.tenant_id (nullable) and every read filters on it
 * (docs/aml.md). Foreign keys from and to these tables need no tenant_id either.
 */
const PLATFORM_TABLES = ['maintenance_runs', 'platform_secrets', 'signing_keys', 'aml_lists', 'aml_list_versions', 'aml_list_entries', 'aml_list_changes'];

/**
 * Indexes that deliberately do not lead with tenant_id, each with its reason:
 * - webhook_deliveries_due_idx: the delivery worker serves every tenant and claims the next due
 *   attempts across all of them (`status = 'PENDING' order by next_attempt_at`); a partial index on
 *   next_attempt_at of the pending rows is what that query needs. No tenant-facing query uses it.
 * - aml_rescreen_runs_status_idx: the same for ongoing monitoring, whose worker claims the oldest
 *   due re-screening run of any tenant (`status in (...) order by created_at`).
 */
const INDEX_EXCEPTIONS = ['webhook_deliveries.webhook_deliveries_due_idx', 'aml_rescreen_runs.aml_rescreen_runs_status_idx'];

async function rows<T>(query: SQL, executor?: Executor): Promise<T[]> {
  const result = (await (executor ?? (await getDb())).execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Indexes of tenant tables that do not lead with tenant_id (a single-column id primary key is fine). */
async function indexOffenders(executor?: Executor) {
  const indexes = await rows<{ table: string; index: string; primary: boolean; columns: number; first: string }>(
    sql`
      select t.relname as "table", ic.relname as "index", i.indisprimary as "primary", i.indnatts::int as columns,
             pg_get_indexdef(i.indexrelid, 1, true) as first
      from pg_index i
      join pg_class t on t.oid = i.indrelid
      join pg_class ic on ic.oid = i.indexrelid
      join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = 'public' and t.relname <> 'tenants'
      order by 1, 2`,
    executor,
  );
  const offenders = indexes
    .filter((ix) => !PLATFORM_TABLES.includes(ix.table) && !INDEX_EXCEPTIONS.includes(`${ix.table}.${ix.index}`))
    .filter((ix) => ix.first !== 'tenant_id' && !(ix.primary && ix.columns === 1 && ix.first === 'id'))
    .map((ix) => `${ix.table}.${ix.index}${ix.primary ? ' (primary key)' : ''} starts with ${ix.first}`);
  return { count: indexes.length, offenders };
}

class Rollback extends Error {}

interface Journal {
  dialect: string;
  entries: Array<{ idx: number; tag: string; when: number; breakpoints: boolean }>;
}
const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as Journal;

const publicTables = () =>
  rows<{ table: string }>(sql`
    select c.relname as "table"
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p')
    order by 1`);

describe('migrations', () => {
  beforeAll(async () => {
    // opening (and migrating) an in-memory PGlite is slow; keep it out of the first test's time
    await database();
  });

  it('migrating again is a no-op: same tables, same applied migrations, data kept', async () => {
    const db = await getDb();
    const name = uniqueName('Migrate');
    await db.insert(tenants).values({ name, tenantKey: `tk_${name}`, tenantSecretHash: 'x' });
    const applied = () => rows<{ hash: string; created_at: string }>(sql`select hash, created_at::text from drizzle.__drizzle_migrations order by id`);
    const before = { tables: await publicTables(), applied: await applied() };
    expect(before.applied).toHaveLength(journal.entries.length);

    await (await database()).migrate();
    await (await database()).migrate();

    expect({ tables: await publicTables(), applied: await applied() }).toEqual(before);
    expect(await rows(sql`select name from tenants where name = ${name}`)).toEqual([{ name }]);
  });

  it('every table but tenants and the platform-wide key tables has a NOT NULL tenant_id column', async () => {
    const tables = await publicTables();
    expect(tables.map((t) => t.table)).toContain('tenants');
    const columns = await rows<{ table: string; nullable: string; type: string }>(sql`
      select table_name as "table", is_nullable as nullable, data_type as type
      from information_schema.columns
      where table_schema = 'public' and column_name = 'tenant_id'`);
    const byTable = new Map(columns.map((c) => [c.table, c]));
    const offenders = tables
      .map((t) => t.table)
      .filter((t) => t !== 'tenants' && !PLATFORM_TABLES.includes(t))
      .flatMap((t) => {
        const column = byTable.get(t);
        if (!column) return [`${t}: no tenant_id column`];
        const problems = [];
        if (column.nullable !== 'NO') problems.push(`${t}: tenant_id is nullable`);
        if (column.type !== 'uuid') problems.push(`${t}: tenant_id is ${column.type}, not uuid`);
        return problems;
      });
    expect(offenders, `tables breaking the tenant_id rule:\n${offenders.join('\n')}`).toEqual([]);
  });

  it('every index of a tenant table (primary keys included) leads with tenant_id, except a single-column id primary key', async () => {
    const { count, offenders } = await indexOffenders();
    // the schema has indexes on every tenant table; an empty list would mean the query is broken
    expect(count).toBeGreaterThan(10);
    expect(offenders, `indexes not leading with tenant_id:\n${offenders.join('\n')}`).toEqual([]);
  });

  it('the index check finds offenders (checked on throw-away indexes, rolled back)', async () => {
    let found: string[] = [];
    await expect(
      (await getDb()).transaction(async (tx) => {
        await tx.execute(sql`create index bad_email_idx on users (email, tenant_id)`);
        await tx.execute(sql`create index bad_expr_idx on users (lower(username))`);
        found = (await indexOffenders(tx)).offenders;
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
    expect(found).toEqual(['users.bad_email_idx starts with email', 'users.bad_expr_idx starts with lower(username)']);
    expect((await indexOffenders()).offenders).toEqual([]);
  });

  it('every foreign key between tenant tables carries tenant_id first (a row cannot point into another tenant)', async () => {
    const keys = await rows<{ table: string; name: string; target: string; first: string }>(sql`
      select t.relname as "table", c.conname as name, r.relname as target, a.attname as first
      from pg_constraint c
      join pg_class t on t.oid = c.conrelid
      join pg_class r on r.oid = c.confrelid
      join pg_namespace n on n.oid = t.relnamespace
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and n.nspname = 'public'
      order by 1, 2`);
    expect(keys.length).toBeGreaterThan(0);
    const offenders = keys
      .filter((k) => k.target !== 'tenants' && !PLATFORM_TABLES.includes(k.table) && !PLATFORM_TABLES.includes(k.target) && k.first !== 'tenant_id')
      .map((k) => `${k.table}.${k.name} -> ${k.target} starts with ${k.first}`);
    expect(offenders, `foreign keys without a leading tenant_id:\n${offenders.join('\n')}`).toEqual([]);
  });

  it('the journal and the migration files agree', () => {
    expect(journal.dialect).toBe('postgresql');
    expect(journal.entries.length).toBeGreaterThan(0);
    expect(journal.entries.map((e) => e.idx)).toEqual(journal.entries.map((_, i) => i));
    const missing = journal.entries
      .flatMap((e) => [`${e.tag}.sql`, path.join('meta', `${e.tag.split('_')[0]}_snapshot.json`)])
      .filter((file) => !existsSync(path.join(MIGRATIONS_FOLDER, file)));
    expect(missing, 'journal entries without their files').toEqual([]);
    const sqlFiles = readdirSync(MIGRATIONS_FOLDER)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    expect(sqlFiles, 'every .sql file is in the journal').toEqual(journal.entries.map((e) => `${e.tag}.sql`).sort());
  });
});
