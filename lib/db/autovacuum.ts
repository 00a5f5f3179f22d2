/**
 * Autovacuum where the database has none running (docs/operations.md, "Autovacuum where the database
 * runs none"): the embedded database always, a PostgreSQL server whose own autovacuum is off.
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

/** What the pass needs of a client: PGlite's (in process or its thread: lib/db/pglite-remote.ts), or one PostgreSQL connection. */
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

/** A PostgreSQL connection of the pass's own (node-postgres's Client), and how the server's settings are read (the pool). */
export interface PostgresConnection {
  query<T>(text: string, values?: unknown[]): Promise<{ rows: T[] }>;
  end(): Promise<void>;
}
export interface PostgresVacuumTarget {
  /** a one-row read through the pool: the pass's decision, without a connection of its own */
  settings(): Promise<{ autovacuum: string; trackCounts: string }>;
  /** a connection without the requests' statement timeout: a vacuum of a large table takes what it takes */
  connect(): Promise<PostgresConnection>;
}

/** The advisory lock that lets one process of several vacuum at a time (the migrator's is 727274). */
export const POSTGRES_AUTOVACUUM_LOCK = 727275;

/**
 * One pass on a PostgreSQL server: nothing when the server runs its own autovacuum (`autovacuum`
 * on) or counts no changes (`track_counts` off), or when another process holds the pass's advisory
 * lock; else `vacuumDueTables` on a connection of its own, under that lock. Returns the tables
 * vacuumed (none after `stopped` turns true), or null when the pass was not this process's to run. The settings are read on every
 * pass: an administrator who turns the server's autovacuum on (and reloads) ends this one's work.
 */
export async function vacuumPostgresOnce(target: PostgresVacuumTarget, stopped: () => boolean = () => false): Promise<string[] | null> {
  const { autovacuum, trackCounts } = await target.settings();
  if (autovacuum !== 'off' || trackCounts !== 'on') return null;
  const connection = await target.connect();
  try {
    const { rows } = await connection.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [POSTGRES_AUTOVACUUM_LOCK]);
    if (!rows[0]?.locked) return null;
    // the lock is the session's: it ends with the connection below
    return await vacuumDueTables({
      query: (text) => connection.query(text),
      exec: (text) => connection.query(text),
      get closed() {
        return stopped();
      },
    });
  } finally {
    await connection.end().catch(() => undefined);
  }
}

/**
 * Runs `vacuumPostgresOnce` every `intervalMs` (0: never) until the returned stop is called;
 * `onFirstPass` hears, once, the first pass this process ran (the server's autovacuum is off). A
 * pass still running when the next is due is not doubled; a failed one is left to the next.
 */
export function startPostgresAutovacuum(target: PostgresVacuumTarget, intervalMs: number, onFirstPass?: (tables: string[]) => void): () => void {
  if (intervalMs <= 0) return () => undefined;
  let running = false;
  let stopped = false;
  let heard = false;
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = true;
    vacuumPostgresOnce(target, () => stopped)
      .then((done) => {
        if (done && !heard) {
          heard = true;
          onFirstPass?.(done);
        }
      })
      .catch(() => undefined)
      .finally(() => (running = false));
  }, intervalMs);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
