/** PostgreSQL error inspection that works for node-postgres, PGlite and Drizzle's wrapped errors. */
interface PgLikeError {
  code?: string;
  constraint?: string;
  cause?: unknown;
  message?: string;
}

/** The error and the causes under it (Drizzle's wrapper, then the driver's error), at most five deep. */
function* causes(error: unknown): Generator<PgLikeError & { errors?: unknown[] }> {
  let current: unknown = error;
  for (let i = 0; i < 5 && current && typeof current === 'object'; i++) {
    const e = current as PgLikeError;
    yield e;
    current = e.cause;
  }
}

function pgError(error: unknown): PgLikeError | undefined {
  for (const e of causes(error)) if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e;
  return undefined;
}

/** True for a unique violation (23505), optionally of one named constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = pgError(error);
  if (!e || e.code !== '23505') return false;
  if (!constraint) return true;
  return e.constraint === constraint || (e.message ?? '').includes(constraint);
}

export function pgErrorCode(error: unknown): string | undefined {
  return pgError(error)?.code;
}

const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);
const UNREACHABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end|Client was closed and is not queryable|PGlite is closed|connection is closed/i;

/**
 * True when the error says the database could not be reached or went away mid-request (a refused
 * or reset connection, a connect timeout, SQLSTATE class 08 or 57P01-57P03), as opposed to the
 * database refusing a statement. The HTTP layer answers 503 for these.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of causes(error)) {
    if (typeof e.code === 'string' && (UNREACHABLE_CODES.has(e.code) || /^08/.test(e.code) || /^57P0[123]$/.test(e.code))) return true;
    if (typeof e.message === 'string' && UNREACHABLE_MESSAGE.test(e.message)) return true;
    // an AggregateError of connection attempts (IPv4 and IPv6)
    if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}

/** SQLSTATEs of a statement the server gave up on: query_canceled (statement_timeout, a cancel request), lock_not_available (lock_timeout). */
const TIMEOUT_CODES = new Set(['57014', '55P03']);

/**
 * True when the database did not answer a statement in time: the server's statement_timeout or
 * lock_timeout, or the client's query timeout (node-postgres's "Query read timeout"). The server's
 * and the client's bounds are the same (DATABASE_QUERY_TIMEOUT_MS), so which of them fires first is
 * a race; both answer the same 503 (databaseTimeout). Not isDatabaseUnavailable: after the server's
 * own timeout the connection is fine and goes back to the pool (lib/db/pg-pool.ts); after the
 * client's, which carries no SQLSTATE, it is ended.
 */
export function isDatabaseTimeout(error: unknown): boolean {
  for (const e of causes(error)) {
    if (typeof e.code === 'string' && TIMEOUT_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && /Query read timeout/.test(e.message)) return true;
  }
  return false;
}
