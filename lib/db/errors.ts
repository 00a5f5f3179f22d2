/** PostgreSQL error inspection that works for node-postgres, PGlite and Drizzle's wrapped errors. */
interface PgLikeError {
  code?: string;
  constraint?: string;
  cause?: unknown;
  message?: string;
}

function pgError(error: unknown): PgLikeError | undefined {
  let current: unknown = error;
  for (let i = 0; i < 5 && current && typeof current === 'object'; i++) {
    const e = current as PgLikeError;
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e;
    current = e.cause;
  }
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
