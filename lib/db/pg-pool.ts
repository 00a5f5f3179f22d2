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

/**
 * pg-pool hands out an idle connection only on the next `process.nextTick`, and a tick queued from
 * a promise's continuation runs after every microtask then queued: a statement issued as another
 * request's answer is being built waits for that answer to be built and written before it leaves.
 * For a hot wallet's payouts, whose posting statements take turns (lib/services/wallets/turns.ts),
 * that wait lay inside every turn: 0.18-0.26 ms of a 1.9-2.1 ms turn, measured. Here a connection
 * is handed out at once when one is idle and nobody waits for one (so no one is overtaken); when
 * none is idle, or others wait, pg-pool queues the request as before. Its deferred pulse then finds
 * nothing to do. Measured in docs/performance.md ("An idle connection handed out at once").
 */
export function checkOutAtOnce(pool: Pool): void {
  const target = pool as unknown as {
    connect(callback?: unknown): unknown;
    _idle: unknown[];
    _pendingQueue: unknown[];
    _pulseQueue(): void;
    ending: boolean;
    ended: boolean;
  };
  const connect = target.connect.bind(pool);
  target.connect = (callback?: unknown) => {
    const atOnce = target._idle.length > 0 && target._pendingQueue.length === 0 && !target.ending && !target.ended;
    const result = connect(callback);
    // the request connect() just queued is the only one: the pulse gives it an idle connection now
    if (atOnce) target._pulseQueue();
    return result;
  };
}
