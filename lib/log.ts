import pino, { type DestinationStream, type Logger } from 'pino';
import { getEnv } from '@/lib/env';

/**
 * Structured logging. Secrets never reach the output: any key that names a password, secret, token,
 * authorization, card number, CVV or PIN is replaced wholesale, and digit runs that look like a card
 * number (13-19 digits, spaces or dashes allowed) are masked wherever they appear in a string.
 */
export const REDACTED = '[REDACTED]';
// `params`: a failed query's parameters (Drizzle errors carry them) may hold anything.
const SECRET_KEY = /pass(word)?|secret|token|authori[sz]ation|cookie|^cardno$|^pan$|cvv|cvc|^pin$|otp|apikey|api_key|^params$/i;
// 13-19 digits in a row, or the printed groupings (4-4-4-4[-1..3], Amex 4-6-5) with one kind of
// separator. UUIDs (8-4-4-4-12) never match, whatever their digits.
const PAN_LIKE = /\b(?:\d{13,19}|\d{4}([ -])\d{4}\1\d{4}\1\d{4}(?:\1\d{1,3})?|\d{4}([ -])\d{6}\2\d{5})\b/g;

/** A draft's resume token (docs/drafts.md) travels in its path: masked in every logged string. */
const RESUME_TOKEN = /\bdrt_[A-Za-z0-9_-]{8,}/g;

/** A failed query's message ends with its parameters ("\nparams: a,b,c"): cut them off. */
const QUERY_PARAMS = /\nparams: [^\n]*/g;

export function scrubString(value: string): string {
  return value
    .replace(QUERY_PARAMS, '\nparams: [REDACTED]')
    .replace(RESUME_TOKEN, `drt_${REDACTED}`)
    .replace(PAN_LIKE, (run) => {
      const digits = run.replace(/\D/g, '');
      return `[PAN:${digits.length} digits]`;
    });
}

export function scrub(value: unknown, depth = 0): unknown {
  if (depth > 8) return '[depth]';
  if (typeof value === 'string') return scrubString(value);
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  if (value instanceof Error) {
    return { type: value.name, message: scrubString(value.message), stack: value.stack ? scrubString(value.stack) : undefined };
  }
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      out[key] = SECRET_KEY.test(key) ? REDACTED : scrub(inner, depth + 1);
    }
    return out;
  }
  return value;
}

/** What a database driver's error carries (node-postgres, PGlite): SQLSTATE `code` and PostgreSQL's details. */
type DriverError = Record<string, unknown> & { code?: unknown; message?: unknown; cause?: unknown };

/**
 * The database's own account of a failure for the log: Drizzle wraps a driver error as
 * "Failed query: <sql>" with the driver's error in `cause`; this is that cause's message, SQLSTATE
 * code and the details PostgreSQL adds (constraint, column, table, detail). Undefined when the error
 * did not come from the database.
 */
export function databaseCause(error: unknown): Record<string, string> | undefined {
  const chain: Array<DriverError> = [];
  let current: unknown = (error as { cause?: unknown } | null)?.cause;
  for (let i = 0; i < 5 && current && typeof current === 'object'; i++) {
    chain.push(current as DriverError);
    current = (current as DriverError).cause;
  }
  const source = chain.find((e) => typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) ?? chain.find((e) => typeof e.message === 'string');
  if (!source) return undefined;
  const out: Record<string, string> = { message: String(source.message ?? '') };
  for (const key of ['code', 'severity', 'constraint', 'table', 'column', 'detail', 'routine'] as const) {
    const value = source[key];
    if (typeof value === 'string' && value) out[key] = value;
  }
  return out;
}

/**
 * A line that logs an error (`err`) gets, as `cause`, what the database said when the error came
 * from a statement (its message, SQLSTATE, constraint, ...: databaseCause above): a failed query's own
 * message names only the statement. Every caller gets it, the route wrapper and background jobs alike.
 */
function withDatabaseCause(obj: Record<string, unknown>): Record<string, unknown> {
  if (obj.err === undefined || obj.cause !== undefined) return obj;
  const cause = databaseCause(obj.err);
  return cause ? { ...obj, cause } : obj;
}

export function createLogger(destination?: DestinationStream, level?: string): Logger {
  return pino(
    {
      level: level ?? getEnv().LOG_LEVEL,
      base: { service: 'business-platform' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: {
        level: (label) => ({ level: label }),
        log: (obj) => scrub(withDatabaseCause(obj)) as Record<string, unknown>,
      },
      hooks: {
        logMethod(args, method) {
          const scrubbed = args.map((a) => (typeof a === 'string' ? scrubString(a) : a)) as Parameters<typeof method>;
          // Without a message pino takes the error's own message (`log.error(err)`, `log.error({ err })`)
          // after this hook; hand it a scrubbed one instead.
          const first = args[0] as unknown;
          const error = first instanceof Error ? first : (first as { err?: unknown } | null)?.err;
          if (args.length === 1 && error instanceof Error && (first as { msg?: unknown }).msg === undefined) {
            (scrubbed as unknown[]).push(scrubString(error.message));
          }
          return method.apply(this, scrubbed);
        },
      },
    },
    destination,
  );
}

let root: Logger | undefined;

export function logger(): Logger {
  root ??= createLogger();
  return root;
}
