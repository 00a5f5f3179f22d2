import type { Pool, PoolClient, QueryConfig } from 'pg';
import { secondUse } from './repeated-texts';

/**
 * Repeated statements named for node-postgres (docs/performance.md).
 *
 * node-postgres sends an unnamed statement's text with every call, and PostgreSQL parses and plans
 * it every time. A statement with a name is parsed once per connection and then only bound. Drizzle
 * names only the statements built with `.prepare(name)`; this names the rest the way PGlite's
 * statement cache does (lib/db/pglite-statements.ts): a text seen a second time gets a name, at
 * most `max` names in all (a text past that stays unnamed), one-off texts never. The names are the
 * process's, the same on every connection; node-postgres parses a name on a connection when that
 * connection first runs it.
 */
export interface StatementNamer {
  /** the name for this text, or undefined while it has been seen only once (or the bound is reached) */
  nameFor(text: string): string | undefined;
  /** texts named so far */
  size(): number;
}

export function statementNamer({ max = 300, prefix = 'bp_' }: { max?: number; prefix?: string } = {}): StatementNamer {
  const names = new Map<string, string>();
  const repeated = secondUse(max * 4);
  return {
    nameFor(text) {
      const name = names.get(text);
      if (name !== undefined || names.size >= max || !repeated(text)) return name;
      const named = `${prefix}${names.size + 1}`;
      names.set(text, named);
      return named;
    },
    size: () => names.size,
  };
}

/** Names repeated statements on every connection the pool opens. */
export function nameRepeatedStatements(pool: Pool, namer: StatementNamer = statementNamer()): StatementNamer {
  pool.on('connect', (client: PoolClient) => {
    const query = client.query as (...args: unknown[]) => unknown;
    client.query = function namedQuery(this: PoolClient, config: unknown, ...rest: unknown[]) {
      const statement = config as QueryConfig & { submit?: unknown };
      if (statement && typeof statement === 'object' && typeof statement.text === 'string' && !statement.name && statement.submit === undefined) {
        const name = namer.nameFor(statement.text);
        if (name) return query.call(this, { ...statement, name }, ...rest);
      }
      return query.call(this, config, ...rest);
    } as PoolClient['query'];
  });
  return namer;
}
