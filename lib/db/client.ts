import path from 'node:path';
import { mkdirSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { getEnv } from '@/lib/env';
import { roundTripLogger } from './round-trips';
import { installStatementCache } from './pglite-statements';
import { pgliteDirectory } from './pglite-prestart.mjs';
import { pgliteStartParams } from '../env-defaults.mjs';
import { RemotePGlite } from './pglite-remote';
import { nameRepeatedStatements, statementNamer } from './pg-statements';
import { checkOutAtOnce, keepConnectionsOnStatementErrors } from './pg-pool';
import { installSqlCompiler } from './compile-sql';
import { startAutovacuum, startPostgresAutovacuum } from './autovacuum';
import { logger } from '@/lib/log';
import { LISTEN_PING_INTERVAL_MS, LISTEN_PING_TIMEOUT_MS, ListenerPing, type ListenOptions } from './listen-ping';
import * as schema from './schema';

/**
 * One database handle for the process. The driver follows the configuration:
 * - DATABASE_URL unset: embedded PGlite, file-backed in PGLITE_DATA_DIR (memory:// for tests), run in
 *   a thread of its own (lib/db/pglite-remote.ts) unless PGLITE_THREAD=false;
 * - DATABASE_URL set: a node-postgres pool against a real PostgreSQL server.
 * Both speak the same dialect and apply the same committed migrations (lib/db/migrations).
 */
export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Services take either the database or an open transaction. */
export type DbOrTx = Db | Tx;

export type DriverName = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  driver: DriverName;
  /** Applies every pending migration (idempotent). */
  migrate(): Promise<void>;
  /** Cheap reachability probe. */
  ping(): Promise<void>;
  /**
   * LISTEN on a channel (notifications arrive when the notifying transaction commits). Returns the
   * function that stops listening. node-postgres uses a dedicated connection that reconnects;
   * `onState` hears when the LISTEN is in place (true) and when its connection is lost (false), so
   * that a cache invalidated through the channel can stop trusting itself (docs/identity.md). The
   * listener pings itself through its own connection (lib/db/listen-ping.ts): a ping that does not
   * come back counts as a lost connection (false), and it listens again.
   */
  listen?(channel: string, onNotify: (payload: string) => void, onState?: (listening: boolean) => void, options?: ListenOptions): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** the pool's connections (GET /api/metrics); PGlite in its thread: its one session as a pool of one */
  poolStats?(): { total: number; idle: number; waiting: number };
}

export const MIGRATIONS_FOLDER = path.join(process.cwd(), 'lib', 'db', 'migrations');

let memorySnapshot: string | undefined;

/**
 * Tests only: every in-memory embedded database opened from now on starts from this data directory,
 * a tarball written by PGlite's dumpDataDir (tests/setup/pglite-snapshot.ts: the committed
 * migrations applied once per test run), instead of running initdb and every migration; undefined
 * ends it. A directory on disk is never affected.
 */
export function startMemoryDatabasesFrom(tarball: string | undefined): void {
  memorySnapshot = tarball;
}

async function openPglite(dataDir: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // null: in memory
  const directory = pgliteDirectory(dataDir);
  if (directory) mkdirSync(directory, { recursive: true });
  const snapshot = directory ? undefined : memorySnapshot;
  const env = getEnv();
  const remote = env.PGLITE_THREAD ? await RemotePGlite.open(directory, { loadDataDir: snapshot }) : null;
  const client = remote
    ? (remote as unknown as InstanceType<typeof PGlite>)
    : directory
      ? new PGlite(directory, { startParams: pgliteStartParams(PGlite.defaultStartParams, env.PGLITE_SETTINGS) })
      : new PGlite({ startParams: pgliteStartParams(PGlite.defaultStartParams, env.PGLITE_SETTINGS), ...(snapshot ? { loadDataDir: new Blob([readFileSync(snapshot)]) } : {}) });
  await client.waitReady;
  const statementCache = env.DATABASE_STATEMENT_CACHE;
  if (statementCache > 0) installStatementCache(client, { max: statementCache, pipelined: remote !== null });
  const db = drizzle({ client, schema, logger: roundTripLogger }) as unknown as Db;
  installSqlCompiler(db, env.DATABASE_COMPILE_CHECK);
  // PGlite has no autovacuum launcher: the process that owns the database does its job
  const stopAutovacuum = startAutovacuum(client, env.PGLITE_AUTOVACUUM_MS);
  return {
    db,
    driver: 'pglite',
    migrate: () => migrate(drizzle({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: async () => {
      if (client.closed) throw new Error('embedded database is closed');
      await client.query('select 1');
    },
    listen: async (channel, onNotify, onState, options) => {
      // a notification is handed over before the committing query resolves (in process and from its thread)
      const pinger = new ListenerPing((payload) => client.query('select pg_notify($1, $2)', [channel, payload]), options?.pingTimeoutMs ?? LISTEN_PING_TIMEOUT_MS);
      const handler = (payload: string | null | undefined) => {
        if (!pinger.heard(payload ?? '')) onNotify(payload ?? '');
      };
      let stop = await client.listen(channel, handler);
      onState?.(true);
      let stopped = false;
      let checking = false;
      // its LISTEN can be undone on the one session (an UNLISTEN) or the thread can fail: listen again
      const timer = setInterval(async () => {
        if (stopped || checking || client.closed) return;
        checking = true;
        try {
          if (await pinger.ping()) return;
          onState?.(false);
          await stop().catch(() => undefined);
          if (stopped || client.closed) return;
          stop = await client.listen(channel, handler);
          onState?.(true);
          onNotify(''); // whatever was sent meanwhile was missed
        } catch {
          // not listening (onState false); the next ping tries again
        } finally {
          checking = false;
        }
      }, options?.pingIntervalMs ?? LISTEN_PING_INTERVAL_MS);
      timer.unref?.();
      return async () => {
        stopped = true;
        clearInterval(timer);
        onState?.(false);
        if (!client.closed) await stop();
      };
    },
    close: () => {
      stopAutovacuum();
      return client.close();
    },
    ...(remote ? { poolStats: () => remote.sessionStats() } : {}),
  };
}

/**
 * A PostgreSQL server that goes away costs a request a bounded wait, never a hang: a connection
 * attempt gives up after DATABASE_CONNECT_TIMEOUT_MS, a query after DATABASE_QUERY_TIMEOUT_MS on the
 * client (a server that stopped answering) and on the server (statement_timeout; a runaway
 * statement). A broken connection leaves the pool; new ones are opened once the server is back, so
 * the process recovers without a restart. The HTTP layer answers such failures 503
 * (isDatabaseUnavailable in lib/db/errors.ts).
 */
async function openPostgres(url: string, max: number): Promise<Database> {
  const { Client, Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const env = getEnv();
  const pool = new Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: env.DATABASE_CONNECT_TIMEOUT_MS,
    query_timeout: env.DATABASE_QUERY_TIMEOUT_MS,
    statement_timeout: env.DATABASE_QUERY_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
  });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  keepConnectionsOnStatementErrors(pool);
  checkOutAtOnce(pool);
  if (env.DATABASE_STATEMENT_CACHE > 0) nameRepeatedStatements(pool, statementNamer({ max: env.DATABASE_STATEMENT_CACHE }));
  const db = drizzle({ client: pool, schema, logger: roundTripLogger }) as unknown as Db;
  installSqlCompiler(db, env.DATABASE_COMPILE_CHECK);
  // a server whose own autovacuum is off never analyzes: a plan chosen on empty tables stays, and a
  // read's cost grows with the tables (docs/operations.md, "Autovacuum where the database runs none")
  const stopAutovacuum = startPostgresAutovacuum(
    {
      settings: async () => {
        const { rows } = await pool.query<{ autovacuum: string; trackCounts: string }>(
          `select current_setting('autovacuum') as autovacuum, current_setting('track_counts') as "trackCounts"`,
        );
        return rows[0]!;
      },
      connect: async () => {
        const client = new Client({ connectionString: url, connectionTimeoutMillis: env.DATABASE_CONNECT_TIMEOUT_MS, keepAlive: true });
        client.on('error', () => undefined);
        await client.connect();
        return client;
      },
    },
    env.POSTGRES_AUTOVACUUM_MS,
    (tables) =>
      logger().warn(
        { tables },
        `the PostgreSQL server's autovacuum is off: this process vacuums and analyzes the tables past its thresholds every ${env.POSTGRES_AUTOVACUUM_MS} ms (POSTGRES_AUTOVACUUM_MS=0 leaves them alone)`,
      ),
  );
  return {
    db,
    driver: 'postgres',
    migrate: async () => {
      // One migrator at a time across processes (several servers may start together).
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(727274)');
        await migrate(drizzle({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('select pg_advisory_unlock(727274)').catch(() => undefined);
        client.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: (channel, onNotify, onState, options) => listenPostgres(url, channel, onNotify, onState, options),
    close: () => {
      stopAutovacuum();
      return pool.end();
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/**
 * A dedicated connection that LISTENs on a channel and reconnects (after a pause) when it drops,
 * or when a ping through it does not come back (a half-open connection, a pooler in transaction mode).
 */
async function listenPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onState?: (listening: boolean) => void,
  options?: ListenOptions,
): Promise<() => Promise<void>> {
  const { Client } = await import('pg');
  let stopped = false;
  let current: InstanceType<typeof Client> | null = null;
  const connect = async (): Promise<void> => {
    const client = new Client({ connectionString: url, connectionTimeoutMillis: 5_000, keepAlive: true, keepAliveInitialDelayMillis: 1_000 });
    const pinger = new ListenerPing((payload) => client.query('select pg_notify($1, $2)', [channel, payload]), options?.pingTimeoutMs ?? LISTEN_PING_TIMEOUT_MS);
    let failed = false;
    const timer: { pings?: ReturnType<typeof setInterval> } = {};
    const fail = () => {
      if (failed) return;
      failed = true;
      clearInterval(timer.pings);
      onState?.(false);
      if (current === client) current = null;
      void client.end().catch(() => undefined);
      // a half-open connection may never finish ending: drop its socket
      const socket = (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream;
      setTimeout(() => socket?.destroy(), 1_000).unref();
      if (!stopped) setTimeout(() => void connect().catch(() => undefined), 1_000).unref();
    };
    client.on('notification', (message) => {
      if (!pinger.heard(message.payload ?? '')) onNotify(message.payload ?? '');
    });
    client.on('error', fail);
    client.on('end', fail);
    try {
      await client.connect();
      await client.query(`LISTEN "${channel.replace(/"/g, '')}"`);
    } catch (error) {
      fail();
      throw error;
    }
    current = client;
    let checking = false;
    timer.pings = setInterval(async () => {
      if (failed || checking) return;
      checking = true;
      const back = await pinger.ping();
      checking = false;
      if (!back) fail();
    }, options?.pingIntervalMs ?? LISTEN_PING_INTERVAL_MS);
    timer.pings.unref();
    onState?.(true);
    // a notification may have been missed while (re)connecting
    onNotify('');
  };
  // a first failure keeps retrying in the background; polling covers the gap
  await connect().catch(() => undefined);
  return async () => {
    stopped = true;
    onState?.(false);
    await current?.end().catch(() => undefined);
  };
}

export async function openDatabase(options?: { url?: string; dataDir?: string; poolMax?: number }): Promise<Database> {
  const env = getEnv();
  const url = options?.url ?? env.DATABASE_URL;
  if (url) return openPostgres(url, options?.poolMax ?? env.DATABASE_POOL_MAX);
  return openPglite(options?.dataDir ?? env.PGLITE_DATA_DIR);
}

// The process-wide handle survives Next.js dev-mode module reloads through globalThis.
const holder = globalThis as unknown as { __bpDatabase?: Promise<Database> };

/** The process-wide database, opened and migrated on first use. */
export function database(): Promise<Database> {
  holder.__bpDatabase ??= (async () => {
    const database = await openDatabase();
    await database.migrate();
    return database;
  })().catch((error: unknown) => {
    holder.__bpDatabase = undefined;
    throw error;
  });
  return holder.__bpDatabase;
}

export async function getDb(): Promise<Db> {
  return (await database()).db;
}

/** Closes the process-wide database (tests, worker shutdown). */
export async function closeDatabase(): Promise<void> {
  const pending = holder.__bpDatabase;
  holder.__bpDatabase = undefined;
  if (pending) await (await pending).close();
}
