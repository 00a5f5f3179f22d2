import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/**
 * Reads that need not wait for one another: side by side on the pool, one after the other in a
 * transaction. A transaction holds one connection, which runs one statement at a time: node-postgres
 * queues a second statement sent meanwhile, which it deprecates ("Calling client.query() when the
 * client is already executing a query") and pg 9 refuses. Drizzle's queries are lazy (they run when
 * awaited), so in a transaction each starts only after the one before it has answered.
 */
export async function readTogether<T extends readonly unknown[]>(db: DbOrTx, reads: { [K in keyof T]: PromiseLike<T[K]> }): Promise<T> {
  // drizzle's own check (by its entity kind): in Next.js's bundle the transaction's class and the
  // one imported here need not be the same object, and instanceof said no to every transaction
  if (!is(db, PgTransaction)) return (await Promise.all(reads)) as unknown as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read);
  return results as unknown as T;
}
