/**
 * Autovacuum for the embedded database (docs/operations.md, "The embedded database's autovacuum").
 *
 * PGlite runs PostgreSQL as one backend without its postmaster, so PostgreSQL's autovacuum
 * launcher never runs: no table was ever vacuumed or analyzed. Dead row versions stayed in tables
 * and indexes, the visibility map stayed empty, and the planner had no statistics. A hot wallet's
 * payouts got slower the longer a server ran (bench/_cpu.ts: the embedded database's thread from
 * 2.8 to 5.4 ms a payout over six rounds), and a payout took a third less time after one VACUUM.
 *
 * This does the launcher's job in the process that owns the database: every `intervalMs` (its
 * autovacuum_naptime: PGLITE_AUTOVACUUM_MS, 10 s by default), the tables past PostgreSQL's own default
 * thresholds get `VACUUM (ANALYZE)`, one table per statement: dead rows above 50 + 20% of the
 * table, rows inserted since the last vacuum above 1,000 + 20%, or rows changed since the last
 * analyze above 50 + 10%. PGlite runs one statement at a time, so a pass holds requests back while
 * it runs; the thresholds keep a pass to the tables that changed, as PostgreSQL's do. The
 * statements go to the client directly, not through drizzle: they are the database's work, not a
 * request's (lib/db/round-trips.ts counts a request's).
 */

/** What the pass needs of a PGlite client (in process or its thread: lib/db/pglite-remote.ts). */
export interface VacuumClient {
  query<T>(text: string): Promise<{ rows: T[] }>;
  exec(text: string): Promise<unknown>;
  readonly closed: boolean;
}

/** The tables due by PostgreSQL's default autovacuum thresholds, those with the most changes first. */
export const DUE_TABLES_SQL = `
  select schemaname as schema, relname as name
  from pg_stat_user_tables
  where n_dead_tup > 50 + 0.2 * greatest(n_live_tup, 0)
     or n_ins_since_vacuum > 1000 + 0.2 * greatest(n_live_tup, 0)
     or n_mod_since_analyze > 50 + 0.1 * greatest(n_live_tup, 0)
  order by n_dead_tup + n_ins_since_vacuum + n_mod_since_analyze desc`;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** One pass: VACUUM (ANALYZE) of each table due. Returns the tables vacuumed, schema-qualified. */
export async function vacuumDueTables(client: VacuumClient): Promise<string[]> {
  // the counts of the statements run so far reach the statistics before they are read (the one
  // backend sends them at most once a second), and not after a vacuum, which would count them against it
  await client.query('select pg_stat_force_next_flush()');
  const { rows } = await client.query<{ schema: string; name: string }>(DUE_TABLES_SQL);
  const done: string[] = [];
  for (const { schema, name } of rows) {
    if (client.closed) break;
    await client.exec(`VACUUM (ANALYZE) ${quoted(schema)}.${quoted(name)}`);
    done.push(`${schema}.${name}`);
  }
  return done;
}

/**
 * Runs a pass every `intervalMs` (0: never) until the returned stop is called; a pass still running
 * when the next is due is not doubled. A failed pass (the database closing, a table dropped
 * meanwhile) is left to the next one.
 */
export function startAutovacuum(client: VacuumClient, intervalMs: number): () => void {
  if (intervalMs <= 0) return () => undefined;
  let running = false;
  const timer = setInterval(() => {
    if (running || client.closed) return;
    running = true;
    vacuumDueTables(client)
      .catch(() => undefined)
      .finally(() => (running = false));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
