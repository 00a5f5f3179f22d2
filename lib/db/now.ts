import { sql, type SQL } from 'drizzle-orm';
import { sharedTestNow } from '@/lib/clock';

/**
 * "Now" for leases and schedules shared between processes, as SQL: the database's `now()` (the start
 * of the current transaction), never a server's clock. In tests whose clock moves all of time
 * (setClock in lib/clock.ts), that instant instead.
 */
export function dbNow(): SQL {
  const t = sharedTestNow();
  return t ? sql`${t.toISOString()}::timestamptz` : sql`now()`;
}

/** `dbNow()` plus a number of milliseconds, as SQL. */
export function dbNowPlus(ms: number): SQL {
  return sql`(${dbNow()} + make_interval(secs => ${ms / 1000}::double precision))`;
}
