import type { Pool } from 'pg';
import { isDatabaseUnavailable, pgErrorCode } from './errors';

/**
 * pg-pool ends a connection after ANY failed `pool.query()`, also one the server merely refused (a
 * unique violation answered 409, say), and the next request opens a new one: a TCP connection,
 * authentication and a server process, plus the parsing of every named statement again
 * (lib/db/pg-statements.ts). A statement the server refused with a SQLSTATE leaves its connection
 * ready for the next one (PostgreSQL answers ReadyForQuery after the error), so it goes back to the
 * pool. A connection that failed (class 08, 57P01-57P03, a client-side timeout, anything without a
 * SQLSTATE) is still ended. Transactions are not concerned: drizzle releases their connection itself.
 */
export function keepConnectionsOnStatementErrors(pool: Pool): void {
  const target = pool as unknown as { _release(client: unknown, idleListener: unknown, error?: unknown): unknown };
  const release = target._release.bind(pool);
  target._release = (client, idleListener, error) => release(client, idleListener, error && refusedStatement(error) ? undefined : error);
}

/** The server refused a statement and the connection is fine: a SQLSTATE that does not say the connection is lost. */
export function refusedStatement(error: unknown): boolean {
  return pgErrorCode(error) !== undefined && !isDatabaseUnavailable(error);
}
