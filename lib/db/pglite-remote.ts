import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { Mutex, PGlite, messages, protocol, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { firstEvent, pgliteCreated, takePrestarted, type PrestartedThread } from './pglite-prestart.mjs';
import { concat } from './pglite-statements';

/**
 * The embedded database in a thread of its own (docs/performance.md, "The embedded database's
 * thread"). In the server's thread, PGlite executes every statement synchronously: while the
 * customer 360 is planned and run, no other request of the process is even read. Here PGlite
 * runs in `lib/db/pglite-thread.mjs`, a worker thread, and this class is the PGlite the rest of the
 * process sees: PGlite's own query, exec and transaction code (its base class), with the raw
 * protocol messages sent to the thread and the answers parsed here, as PGlite parses them.
 *
 * Order and isolation are PGlite's: one statement at a time, and a transaction holds the database
 * until it ends (the same two locks, kept in this thread). The thread answers messages in the order
 * they were sent, so the statement cache may give the lock up once a statement is sent
 * (pglite-statements.ts, `pipelined`). Notifications are delivered from the
 * answer of the statement whose commit sent them, before that statement's promise resolves, as
 * in-process. Blobs (`COPY ... TO/FROM '/dev/blob'`) are not supported; nothing here uses them.
 *
 * When the thread dies, every waiting statement and every later one fails with "PGlite is closed"
 * (isDatabaseUnavailable: 503), as with a closed in-process PGlite.
 */

/** PGlite's abstract base class: query, exec, transaction, describeQuery and the type parsers. */
interface BasePGliteMembers {
  serializers: Record<number | string, (value: unknown) => string>;
  parsers: Record<number | string, (value: string, typeId?: number) => unknown>;
  query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(query: string, options?: QueryOptions): Promise<Array<Results>>;
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T>;
  _initArrayTypes(options?: { force?: boolean }): Promise<void>;
}
const BasePGlite = Object.getPrototypeOf(PGlite) as new () => BasePGliteMembers;

type BackendMessage = messages.BackendMessage;
interface ExecOptions {
  syncToFs?: boolean;
  throwOnError?: boolean;
  onNotice?: (notice: messages.NoticeMessage) => void;
}
interface Pending {
  resolve: (chunks: Uint8Array[]) => void;
  reject: (error: Error) => void;
}

export const PGLITE_THREAD_SCRIPT = path.join(process.cwd(), 'lib', 'db', 'pglite-thread.mjs');

const closedError = (why?: string) => new Error(`PGlite is closed${why ? ` (${why})` : ''}`);

/** Quoted unless a plain lower-case name, as PGlite's toPostgresName. */
const channelName = (channel: string) => (/^[a-z_][a-z0-9_]*$/.test(channel) ? channel : `"${channel.replace(/"/g, '""')}"`);

export class RemotePGlite extends BasePGlite {
  readonly debug = 0;
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly #queryMutex = new Mutex();
  readonly #transactionMutex = new Mutex();
  readonly #listenMutex = new Mutex();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  readonly #ready: Promise<void>;
  #parser = new protocol.Parser();
  #sequence = 0;
  /** statements and transactions waiting for the database (behind a statement or an open transaction) */
  #waiting = 0;
  #closed = false;
  #closing: Promise<void> | null = null;

  /** `prestarted`: the thread server/main.mjs started for this directory (lib/db/pglite-prestart.mjs) */
  private constructor(dataDir: string | null, prestarted?: PrestartedThread, loadDataDir?: string) {
    super();
    this.#worker = prestarted?.worker ?? new Worker(PGLITE_THREAD_SCRIPT, { workerData: { dataDir, loadDataDir } });
    this.#ready = (prestarted?.first ?? firstEvent(this.#worker)).then((event) => {
      if (event.kind === 'message' && event.message.type === 'ready') return;
      if (event.kind === 'message') throw new Error(`the embedded database did not start: ${event.message.message ?? 'unknown error'}`);
      throw event.kind === 'error' ? event.error : closedError(`its thread ended with code ${event.code} while starting`);
    });
    this.#ready.then(
      () => {
        // from now on the thread keeps the process alive only while a statement waits for it (#call)
        this.#worker.unref();
        this.#worker.on('message', (message: { id?: number; chunks?: Uint8Array[]; error?: { message: string } }) => this.#answer(message));
      },
      () => undefined,
    );
    this.#worker.on('error', (error) => this.#fail(error.message));
    this.#worker.on('exit', (code) => this.#fail(`its thread ended with code ${code}`));
  }

  /**
   * Starts the thread (after creating a new database directory in a thread of its own, see
   * initialize), or takes over the one the server started for this directory at its very start
   * (lib/db/pglite-prestart.mjs), waits for PGlite to be ready there, and reads the array types as
   * PGlite does. `onThread` receives the worker (the fault tests end it). `loadDataDir`: in memory
   * only, a tarball of a data directory (PGlite's dumpDataDir) the database starts from instead of
   * initdb (the tests' migrated snapshot, lib/db/client.ts startMemoryDatabasesFrom).
   */
  static async open(dataDir: string | null, { onThread, loadDataDir }: { onThread?: (worker: Worker) => void; loadDataDir?: string } = {}): Promise<RemotePGlite> {
    const prestarted = loadDataDir ? undefined : takePrestarted(dataDir);
    if (!prestarted && dataDir && !pgliteCreated(dataDir)) await initialize(dataDir);
    const db = new RemotePGlite(dataDir, prestarted, dataDir ? undefined : loadDataDir);
    onThread?.(db.#worker);
    try {
      await db.#ready;
      await db._initArrayTypes();
    } catch (error) {
      await db.#worker.terminate().catch(() => undefined);
      throw error;
    }
    return db;
  }

  get closed(): boolean {
    return this.#closed;
  }

  get ready(): boolean {
    return !this.#closed;
  }

  get waitReady(): Promise<void> {
    return this.#ready;
  }

  #answer(message: { id?: number; chunks?: Uint8Array[]; error?: { message: string } }): void {
    const pending = message.id === undefined ? undefined : this.#pending.get(message.id);
    if (!pending) return;
    this.#pending.delete(message.id!);
    if (this.#pending.size === 0) this.#worker.unref();
    if (message.error) pending.reject(new Error(message.error.message));
    else pending.resolve(message.chunks ?? []);
  }

  #fail(why: string): void {
    this.#closed = true;
    const waiting = [...this.#pending.values()];
    this.#pending.clear();
    for (const pending of waiting) pending.reject(closedError(why));
  }

  /** The answer as PostgreSQL wrote it, in parts. */
  #call(message: { op: 'exec' | 'close'; data?: Uint8Array }): Promise<Uint8Array[]> {
    if (this.#closed && message.op !== 'close') return Promise.reject(closedError());
    const id = ++this.#sequence;
    return new Promise<Uint8Array[]>((resolve, reject) => {
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ id, ...message });
    });
  }

  async _checkReady(): Promise<void> {
    await this.#ready;
    if (this.#closed) throw closedError();
  }

  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T> {
    return this.#queryMutex.runExclusive(fn);
  }

  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> {
    // the lock is never cancelled: every waiter starts
    this.#waiting++;
    return this.#transactionMutex.runExclusive(() => {
      this.#waiting--;
      return fn();
    });
  }

  /**
   * The one database session as a pool of one (GET /api/metrics, db_pool_connections): idle when no
   * statement runs and no transaction is open; waiting, the statements and transactions queued for it.
   */
  sessionStats(): { total: number; idle: number; waiting: number } {
    // statements sent without the lock (pglite-statements.ts, pipelined) keep the session busy until answered
    const busy = this.#transactionMutex.isLocked() || this.#queryMutex.isLocked() || this.#pending.size > 0;
    return { total: 1, idle: busy ? 0 : 1, waiting: this.#waiting };
  }

  // `syncToFs` is accepted and needs nothing: see syncToFs()
  async execProtocolRaw(message: Uint8Array): Promise<Uint8Array> {
    return concat(await this.#call({ op: 'exec', data: message }));
  }

  async execProtocolRawStream(message: Uint8Array, { onRawData }: ExecOptions & { onRawData: (data: Uint8Array) => void }): Promise<void> {
    onRawData(await this.execProtocolRaw(message));
  }

  /** As PGlite's: the messages of the answer, the first error thrown, notifications handed to their listeners. */
  async execProtocol(message: Uint8Array, { throwOnError = true, onNotice }: ExecOptions = {}): Promise<{ messages: BackendMessage[]; data: Uint8Array }> {
    const chunks = await this.#call({ op: 'exec', data: message });
    const results: BackendMessage[] = [];
    let databaseError: messages.DatabaseError | undefined;
    const collect = (msg: BackendMessage) => {
      if (databaseError) return;
      if (msg instanceof messages.DatabaseError) {
        if (throwOnError) databaseError = msg;
      } else if (msg instanceof messages.NoticeMessage) {
        onNotice?.(msg);
      } else if (msg instanceof messages.NotificationResponseMessage) {
        const listeners = this.#listeners.get(msg.channel);
        // after the code that runs now, as PGlite does
        if (listeners) for (const listener of listeners) queueMicrotask(() => listener(msg.payload));
      }
      results.push(msg);
    };
    for (const chunk of chunks) this.#parser.parse(chunk, collect);
    if (databaseError) {
      this.#parser = new protocol.Parser();
      throw databaseError;
    }
    return {
      messages: results,
      get data() {
        return concat(chunks);
      },
    };
  }

  async execProtocolStream(message: Uint8Array, options: ExecOptions = {}): Promise<BackendMessage[]> {
    return (await this.execProtocol(message, options)).messages;
  }

  /**
   * Nothing to do: PGlite's file systems on Node (a directory, memory://) write through, and their
   * syncToFs is empty; a message to the thread after every statement would only cost time.
   */
  async syncToFs(): Promise<void> {}

  async _handleBlob(blob?: unknown): Promise<void> {
    if (blob) throw new Error('the embedded database thread does not take blobs');
  }

  async _getWrittenBlob(): Promise<undefined> {
    return undefined;
  }

  async _cleanupBlob(): Promise<void> {}

  async listen(channel: string, callback: (payload: string) => void, tx?: Transaction): Promise<(tx?: Transaction) => Promise<void>> {
    return this.#listenMutex.runExclusive(async () => {
      const name = channelName(channel);
      if (!this.#listeners.has(channel)) this.#listeners.set(channel, new Set());
      this.#listeners.get(channel)!.add(callback);
      try {
        await (tx ?? this).exec(`LISTEN ${name}`);
      } catch (error) {
        this.#forget(channel, callback);
        throw error;
      }
      return (unlistenTx?: Transaction) =>
        this.#listenMutex.runExclusive(async () => {
          this.#forget(channel, callback);
          if (!this.#listeners.has(channel) && !this.#closed) await (unlistenTx ?? this).exec(`UNLISTEN ${name}`);
        });
    });
  }

  #forget(key: string, callback: (payload: string) => void): void {
    const set = this.#listeners.get(key);
    set?.delete(callback);
    if (set?.size === 0) this.#listeners.delete(key);
  }

  /**
   * Closes the database in its thread (a clean shutdown of PostgreSQL) after every statement already
   * sent, then ends the thread; a statement issued from now on fails with "PGlite is closed".
   */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      const alive = !this.#closed;
      this.#closed = true;
      if (alive) await this.#call({ op: 'close' }).catch(() => undefined);
      await this.#worker.terminate().catch(() => undefined);
    })();
    return this.#closing;
  }
}

/**
 * A new database directory is created (initdb) by a thread of its own that then ends: initdb leaves
 * some 400 MiB of WebAssembly and allocator memory behind, which in the server's thread a later
 * collection frees, but which the database thread, allocating almost nothing, kept resident for its
 * whole life (about 900 MiB at idle after a first start, 540 this way; the first start takes about
 * a second longer, the thread's start-up twice).
 */
async function initialize(dataDir: string): Promise<void> {
  const worker = new Worker(PGLITE_THREAD_SCRIPT, { workerData: { dataDir, initOnly: true } });
  await new Promise<void>((resolve, reject) => {
    worker.once('message', (message: { type?: string; message?: string }) => (message.type === 'ready' ? undefined : reject(new Error(message.message))));
    worker.once('error', reject);
    worker.once('exit', () => resolve());
  });
}
