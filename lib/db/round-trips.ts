import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'drizzle-orm';

/**
 * Counts the statements sent to the database (each one a round trip, BEGIN and COMMIT included)
 * within one unit of work: a request in `createRoute`, a call in a test. The drizzle logger below
 * feeds it for both drivers; outside a counted scope it costs one AsyncLocalStorage lookup.
 */
const scope = new AsyncLocalStorage<{ statements: string[] }>();

export const roundTripLogger: Logger = {
  logQuery(query) {
    scope.getStore()?.statements.push(query);
  },
};

/** Runs `fn` and returns its result with the number of statements it sent. */
export async function countRoundTrips<T>(fn: () => Promise<T>): Promise<{ result: T; roundTrips: number; statements: string[] }> {
  const counter = { statements: [] as string[] };
  const result = await scope.run(counter, fn);
  return { result, roundTrips: counter.statements.length, statements: counter.statements };
}

/** The statements sent so far in the current scope (null outside one). */
export function roundTripsSoFar(): number | null {
  return scope.getStore()?.statements.length ?? null;
}
