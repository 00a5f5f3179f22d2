import { parse, protocol, type messages, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { secondUse } from './repeated-texts';

/**
 * Statements prepared once for the embedded database (docs/performance.md).
 *
 * PGlite's `query()` parses, describes and plans its text on every call, each step a separate
 * trip into WebAssembly on the server's own thread; for a statement such as the customer 360 the
 * planning alone is about 1.5 ms. node-postgres has named statements for this; PGlite does not.
 * This installs them: a text seen a second time is parsed once under a name, and from then on each
 * call sends Bind, Describe, Execute and Sync in one message. A statement seen only once (a
 * migration, an ad hoc query) is never named; it is parsed unnamed, as `query()` does, in two
 * messages instead of six, under the same lock, so statements run in the order they were issued. At most `max` statements are kept; the least
 * recently used is closed outside transactions. Prepared statements belong to the session, not to
 * a transaction, so a rollback does not lose them; PostgreSQL re-plans them itself after DDL.
 *
 * Parameters are serialized and results parsed as `query()` does (the parameter types come from
 * the statement's description, values go through the same parsers and serializers, and the result
 * has the same rows, fields, command and counts), and errors carry the same `query`, `params` and
 * `queryOptions` members.
 */

const { serialize } = protocol;

interface Prepared {
  name: string;
  paramTypes: number[];
}

/** PGlite's serialization of queries: one at a time, a transaction holding the database. */
interface PgliteInternals {
  _checkReady(): Promise<void>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  serializers: Record<number | string, (value: unknown) => string>;
  parsers: Record<number | string, (value: string, typeId?: number) => unknown>;
}

export interface StatementCacheStats {
  /** named statements held by the database session */
  prepared: number;
  /** executions through a named statement */
  hits: number;
  /** executions that parsed their text (a first sighting, or a full cache inside a transaction) */
  misses: number;
}

/** One array of the parts, in order (protocol messages sent together, an answer written in parts). */
export function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const COUNTED = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/**
 * The first result of `messages`, as PGlite's parseResults makes it, without its cost: it copies
 * every parser of the database into a new object on each call when the query brings parsers of its
 * own (drizzle always does), which was the largest single cost of a small read (9% of card/info).
 */
function firstResult<T>(messages: messages.BackendMessage[], parsers: PgliteInternals['parsers'], options: QueryOptions | undefined): Results<T> {
  const own = options?.parsers;
  const arrays = options?.rowMode === 'array';
  let fields: { name: string; dataTypeID: number }[] = [];
  let parsersOfFields: (((value: string, typeId?: number) => unknown) | undefined)[] = [];
  const rows: unknown[] = [];
  for (const message of messages) {
    if (message.name === 'rowDescription') {
      fields = (message as messages.RowDescriptionMessage).fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
      parsersOfFields = fields.map((f) => own?.[f.dataTypeID] ?? parsers[f.dataTypeID]);
    } else if (message.name === 'dataRow') {
      const values = (message as messages.DataRowMessage).fields;
      const parsed = values.map((value, i) => (value === null ? null : parsersOfFields[i] ? parsersOfFields[i](value, fields[i]!.dataTypeID) : value));
      if (arrays) rows.push(parsed);
      else {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < parsed.length; i++) row[fields[i]!.name] = parsed[i];
        rows.push(row);
      }
    } else if (message.name === 'commandComplete') {
      const words = (message as messages.CommandCompleteMessage).text.split(' ');
      const command = words[0]!;
      const count = parseInt(words[words.length - 1]!, 10);
      const result: Results<T> = { rows: rows as T[], fields, command, affectedRows: COUNTED.has(command) ? count : 0 } as Results<T>;
      if (!Number.isNaN(count)) (result as { rowCount?: number }).rowCount = count;
      return result;
    }
  }
  return { affectedRows: 0, rows: [], fields: [] };
}

function withQuery(error: unknown, query: string, params: unknown[] | undefined, options: QueryOptions | undefined): unknown {
  if (error && typeof error === 'object' && 'code' in error) Object.assign(error, { query, params, queryOptions: options });
  return error;
}

/** A statement sent: its answer, boxed so that the lock's promise does not wait for it. */
interface Sent<T> {
  answer: Promise<Results<T>>;
}

/**
 * `pipelined`: the client sends a statement's message to the database when execProtocol is called
 * and answers in the order it was sent (RemotePGlite: its thread runs messages in arrival order).
 * A statement outside a transaction then gives up the lock as soon as its message is sent, so the
 * next one is already waiting in the database's thread when this one's answer leaves it, instead
 * of being sent only after that answer has crossed back and been read here.
 */
export function installStatementCache(client: PGlite, { max = 256, pipelined = false }: { max?: number; pipelined?: boolean } = {}): () => StatementCacheStats {
  const pg = client as unknown as PgliteInternals & PGlite;
  const originalQuery = client.query.bind(client);
  const originalTransaction = client.transaction.bind(client);
  /** by text, least recently used first (Map keeps insertion order; a hit re-inserts) */
  const prepared = new Map<string, Prepared>();
  const repeated = secondUse(max * 4);
  const toClose: string[] = [];
  let sequence = 0;
  let hits = 0;
  let misses = 0;

  /** true when the statement should be named now (its second use) */
  const wanted = (text: string, options: QueryOptions | undefined) => !options?.blob && !options?.paramTypes && repeated(text);

  async function prepare(text: string, inTransaction: boolean): Promise<Prepared | null> {
    if (!inTransaction) {
      // close what was evicted, while no transaction can be in its failed state
      while (prepared.size >= max) {
        const oldest = prepared.keys().next().value as string;
        toClose.push(prepared.get(oldest)!.name);
        prepared.delete(oldest);
      }
      if (toClose.length > 0) {
        const names = toClose.splice(0);
        await client.execProtocol(concat([...names.map((name) => serialize.close({ type: 'S', name })), serialize.sync()]), { syncToFs: false });
      }
    } else if (prepared.size >= max) {
      return null;
    }
    const name = `bp_${++sequence}`;
    const { messages } = await client.execProtocol(concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]), {
      syncToFs: false,
    });
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    prepared.set(text, statement);
    return statement;
  }

  /**
   * Sends one statement, the caller holding PGlite's query lock (so statements keep the order they
   * were issued in); `answer` settles with its result. The last message is sent before this
   * resolves, so a client that answers in the order it was sent (`pipelined`) needs the lock no longer.
   */
  async function send<T>(text: string, params: unknown[] | undefined, options: QueryOptions | undefined, inTransaction: boolean): Promise<Sent<T>> {
    let statement = prepared.get(text);
    try {
      if (statement) {
        prepared.delete(text);
        prepared.set(text, statement);
      } else if (wanted(text, options)) {
        statement = (await prepare(text, inTransaction)) ?? undefined;
      }
      let paramTypes = statement?.paramTypes;
      if (statement) {
        hits++;
      } else {
        misses++;
        // the unnamed statement, as query() sends it; the Sync comes with the execution below
        try {
          const described = await client.execProtocol(concat([serialize.parse({ text, types: options?.paramTypes }), serialize.describe({ type: 'S' })]), { syncToFs: false });
          paramTypes = parse.parseDescribeStatementResults(described.messages);
        } catch (error) {
          await client.execProtocol(serialize.sync(), { syncToFs: false, throwOnError: false });
          throw error;
        }
      }
      const values = (params ?? []).map((value, i) => {
        if (value === null || value === undefined) return null;
        const type = paramTypes![i];
        if (type === undefined) return String(value);
        const serializer = options?.serializers?.[type] ?? pg.serializers[type];
        return serializer ? serializer(value) : String(value);
      });
      const executed = client.execProtocol(
        concat([serialize.bind({ statement: statement?.name ?? '', values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
        { syncToFs: false },
      );
      const answer = executed.then(
        async ({ messages }) => {
          if (!inTransaction) await client.syncToFs();
          return firstResult<T>(messages, pg.parsers, options);
        },
        (error: unknown) => {
          throw withQuery(error, text, params, options);
        },
      );
      return { answer };
    } catch (error) {
      throw withQuery(error, text, params, options);
    }
  }

  /** One statement; the lock is held until its answer unless the client is `pipelined`. */
  async function run<T>(text: string, params: unknown[] | undefined, options: QueryOptions | undefined, inTransaction: boolean): Promise<Sent<T>> {
    const sent = await send<T>(text, params, options, inTransaction);
    if (pipelined && !inTransaction) return sent;
    const result = await sent.answer;
    return { answer: Promise.resolve(result) };
  }

  client.query = async function query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    if (options?.blob) return originalQuery<T>(text, params, options);
    await pg._checkReady();
    const sent = await pg._runExclusiveTransaction(() => pg._runExclusiveQuery(() => run<T>(text, params, options, false)));
    return sent.answer;
  };

  client.transaction = function transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return originalTransaction((tx) => {
      const named: Transaction = Object.create(tx, {
        query: {
          value: async <R>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<R>> => {
            if (options?.blob) return tx.query<R>(text, params, options);
            if (tx.closed) throw new Error('Transaction is closed');
            return (await pg._runExclusiveQuery(() => run<R>(text, params, options, true))).answer;
          },
        },
      });
      return callback(named);
    });
  } as PGlite['transaction'];

  return () => ({ prepared: prepared.size, hits, misses });
}
