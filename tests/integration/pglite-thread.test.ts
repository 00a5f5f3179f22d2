import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_THREAD_SCRIPT, RemotePGlite } from '@/lib/db/pglite-remote';
import { prestartPglite, type PrestartedThread } from '@/lib/db/pglite-prestart.mjs';
import { installStatementCache } from '@/lib/db/pglite-statements';
import { isDatabaseUnavailable, isUniqueViolation } from '@/lib/db/errors';
import { fromSnapshot } from './support/pglite-snapshot';

/**
 * The embedded database in a thread of its own (lib/db/pglite-remote.ts, lib/db/pglite-thread.mjs),
 * against a real PGlite in this thread: the same answers and errors, PGlite's order and isolation,
 * notifications before the committing statement resolves, the server's thread free while a
 * statement runs, and a thread that dies failing every statement with "PGlite is closed".
 */
const SCHEMA = `create table item (id serial primary key, code text unique not null, payload jsonb, at timestamptz, amount numeric(20,2), tags text[], ok boolean, raw bytea)`;
const INSERT = 'insert into item (code, payload, at, amount, tags, ok, raw) values ($1, $2, $3, $4, $5, $6, $7) returning *';

let remote: RemotePGlite;
let local: PGlite;
/** the run's migrated data directory (tests/setup/pglite-snapshot.ts): a database in memory starts from it instead of initdb */
const loadDataDir = process.env.BP_TEST_PGLITE_SNAPSHOT;

beforeAll(async () => {
  remote = await RemotePGlite.open(null, { loadDataDir });
  local = new PGlite(fromSnapshot());
  await local.waitReady;
  await remote.exec(SCHEMA);
  await local.exec(SCHEMA);
});
afterAll(async () => {
  await remote.close();
  await local.close();
});

/** Settles after `ms` of this thread's timers, or never if the thread is blocked. */
const tick = (ms: number) => new Promise<'timer'>((resolve) => setTimeout(() => resolve('timer'), ms));

/**
 * How many turns of its event loop this thread took while the statement ran: none when the statement
 * held the thread from start to end; at least one when the thread was free meanwhile.
 */
async function turnsDuring(statement: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  let done = false;
  const turn = () => {
    if (done) return;
    turns++;
    setImmediate(turn);
  };
  const running = statement();
  setImmediate(turn);
  await running;
  done = true;
  return turns;
}

describe('the embedded database in its own thread', () => {
  it('answers what PGlite in this thread answers: rows of every type, array rows, counts, several statements at once', async () => {
    for (const [i, code] of ['a', 'b', 'c'].entries()) {
      const params = [code, { nested: [i, 'x'], none: null }, new Date(Date.UTC(2026, 0, i + 1)), '12.50', ['t1', `t${i}`], i % 2 === 0, new Uint8Array([i, 255])];
      expect(await remote.query(INSERT, params)).toEqual(await local.query(INSERT, params));
    }
    const options = { rowMode: 'array' as const, parsers: { [1184]: (value: string) => `at ${value}` } };
    const select = 'select * from item order by id';
    expect(await remote.query(select, [], options)).toEqual(await local.query(select, [], options));
    const update = 'update item set ok = not ok where code <> $1 returning code, ok';
    expect(await remote.query(update, ['a'])).toEqual(await local.query(update, ['a']));
    const again = await remote.query(update, ['a']);
    expect(again).toEqual(await local.query(update, ['a']));
    expect(again).toMatchObject({ command: 'UPDATE', affectedRows: 2 });
    const many = `select count(*)::int as n from item; select code from item where ok order by code`;
    expect(await remote.exec(many)).toEqual(await local.exec(many));
  });

  it('throws the errors PGlite throws, with their SQLSTATE, constraint, detail and query', async () => {
    const params = ['a', null, null, null, null, null, null];
    const mine = await remote.query(INSERT, params).catch((error: unknown) => error as Record<string, unknown>);
    const theirs = await local.query(INSERT, params).catch((error: unknown) => error as Record<string, unknown>);
    expect(mine).toBeInstanceOf(Error);
    for (const key of ['message', 'code', 'constraint', 'detail', 'table', 'severity', 'query', 'params'])
      expect([key, (mine as Record<string, unknown>)[key]]).toEqual([key, (theirs as Record<string, unknown>)[key]]);
    expect((mine as Record<string, unknown>).code).toBe('23505');
    expect(isUniqueViolation(mine, 'item_code_unique')).toBe(isUniqueViolation(theirs, 'item_code_unique'));
    // the session is usable after the error
    expect((await remote.query<{ n: number }>('select 1 as n')).rows).toEqual([{ n: 1 }]);
  });

  it('runs statements in the order they were issued, and a transaction holds the database until it ends', async () => {
    await remote.exec('create table seq (n int not null, at serial)');
    await Promise.all(Array.from({ length: 40 }, (_, n) => remote.query('insert into seq (n) values ($1)', [n])));
    expect((await remote.query<{ n: number }>('select n from seq order by at')).rows.map((r) => r.n)).toEqual(Array.from({ length: 40 }, (_, n) => n));

    let outside: Promise<unknown> | undefined;
    const seen = await remote.transaction(async (tx) => {
      await tx.query('insert into seq (n) values (100)');
      // issued while the transaction is open: waits for it, then sees what it committed
      outside = remote.query<{ count: number }>('select count(*)::int as count from seq where n = 100');
      await tick(20);
      return (await tx.query<{ count: number }>('select count(*)::int as count from seq where n = 100')).rows[0]!.count;
    });
    expect(seen).toBe(1);
    expect(((await outside) as { rows: unknown[] }).rows).toEqual([{ count: 1 }]);

    await expect(
      remote.transaction(async (tx) => {
        await tx.query('insert into seq (n) values (200)');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await remote.query('select * from seq where n = 200')).rows).toEqual([]);
  });

  it('reports its one session as a pool of one: busy while a transaction is open, with what waits for it', async () => {
    expect(remote.sessionStats()).toEqual({ total: 1, idle: 1, waiting: 0 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let queued: Promise<unknown>[] = [];
    const transaction = remote.transaction(async (tx) => {
      await tx.query('select 1');
      queued = [remote.query('select 2'), remote.query('select 3')];
      await held;
    });
    await expect.poll(() => remote.sessionStats()).toEqual({ total: 1, idle: 0, waiting: 2 });
    release();
    await transaction;
    await Promise.all(queued);
    expect(remote.sessionStats()).toEqual({ total: 1, idle: 1, waiting: 0 });
  });

  it('hands a notification to its listener before the committing statement resolves', async () => {
    const heard: string[] = [];
    const stop = await remote.listen('bp_test', (payload) => heard.push(payload));
    await remote.query(`select pg_notify('bp_test', 'one')`);
    expect(heard).toEqual(['one']);
    await remote.transaction(async (tx) => {
      await tx.query(`select pg_notify('bp_test', 'two')`);
      expect(heard).toEqual(['one']); // not before the commit
    });
    expect(heard).toEqual(['one', 'two']);
    await stop();
    await remote.query(`select pg_notify('bp_test', 'three')`);
    expect(heard).toEqual(['one', 'two']);
  });

  it('keeps the thread that serves HTTP free while a statement runs (in this thread, PGlite blocks it)', async () => {
    // not a race against a timer: in this thread the statement holds the thread from its start to its
    // end, so no turn of the event loop happens at all, however fast or loaded the machine
    expect(await turnsDuring(() => remote.query('select pg_sleep(0.5)'))).toBeGreaterThan(0);
    expect(await turnsDuring(() => local.query('select pg_sleep(0.1)'))).toBe(0);
  });

  it("starts PostgreSQL with PGLITE_SETTINGS: a 32 MB buffer pool by default, the heap's ceiling of what it keeps", async () => {
    const settings = async () =>
      (
        await remote.query<{ name: string; setting: string; unit: string }>(
          "select name, setting, unit from pg_settings where name in ('shared_buffers', 'maintenance_work_mem') order by name",
        )
      ).rows;
    // shared_buffers in 8 kB pages, maintenance_work_mem in kB
    expect(await settings()).toEqual([
      { name: 'maintenance_work_mem', setting: '16384', unit: 'kB' },
      { name: 'shared_buffers', setting: '4096', unit: '8kB' },
    ]);
  });

  it('works under the statement cache, as the server runs it', async () => {
    const db = await RemotePGlite.open(null, { loadDataDir });
    const stats = installStatementCache(db as unknown as PGlite, { max: 8 });
    await db.exec(SCHEMA);
    for (let i = 0; i < 3; i++) await db.query(INSERT, [`k${i}`, { i }, null, '1.00', [], true, null]);
    expect(stats()).toMatchObject({ prepared: 1, hits: 2 });
    expect((await db.query<{ code: string }>('select code from item order by id')).rows.map((r) => r.code)).toEqual(['k0', 'k1', 'k2']);
    await db.close();
  });

  it('keeps its data on disk across a close and a new thread', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pglite-thread-'));
    try {
      const first = await RemotePGlite.open(path.join(dir, 'db'));
      await first.exec(`create table kept (v text); insert into kept values ('still here')`);
      await first.close();
      expect(first.closed).toBe(true);
      await expect(first.query('select 1')).rejects.toThrow('PGlite is closed');
      const second = await RemotePGlite.open(path.join(dir, 'db'));
      expect((await second.query('select v from kept')).rows).toEqual([{ v: 'still here' }]);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails every waiting and every later statement as unavailable when its thread dies', async () => {
    let thread: Worker | undefined;
    const db = await RemotePGlite.open(null, { loadDataDir, onThread: (worker) => (thread = worker) });
    // far longer than any test: the statement is still running when its thread is ended
    const waiting = db.query('select pg_sleep(600)');
    await tick(20);
    await thread!.terminate();
    const error = await waiting.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/^PGlite is closed/);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(db.closed).toBe(true);
    await expect(db.query('select 1')).rejects.toThrow(/^PGlite is closed/);
    await db.close();
  });
});

/**
 * Statements sent to the thread without waiting for the answer of the one before (the server's
 * statement cache, `pipelined`): the thread runs messages in arrival order, so a statement outside a
 * transaction gives up PGlite's lock once its message is sent. Order, answers, errors and
 * transactions stay what they were; only the wait between two statements goes.
 */
describe('statements pipelined to the thread', () => {
  let db: RemotePGlite;
  let sent: number[];

  beforeAll(async () => {
    let thread: Worker | undefined;
    db = await RemotePGlite.open(null, { loadDataDir, onThread: (worker) => (thread = worker) });
    installStatementCache(db as unknown as PGlite, { max: 8, pipelined: true });
    await db.exec('create table piped (n int primary key, at serial)');
    // what the thread is sent, observed (not changed): the id of each message
    sent = [];
    const post = thread!.postMessage.bind(thread!);
    thread!.postMessage = (message: { id: number }, transfer?: Parameters<Worker['postMessage']>[1]) => {
      sent.push(message.id);
      post(message, transfer);
    };
  });
  afterAll(() => db.close());

  const SLOW = 'select pg_sleep($1::float8), $2::int as n';
  const FAST = 'select $1::int as n';

  it('sends the next statement while the one before still runs, and answers each in its order', async () => {
    // named from their second use: from then on one message each
    for (let i = 0; i < 2; i++) await Promise.all([db.query(SLOW, [0, 0]), db.query(FAST, [0])]);
    const before = sent.length;
    const settled: string[] = [];
    const slow = db.query<{ n: number }>(SLOW, [0.4, 1]).then((r) => (settled.push('slow'), r));
    const fast = db.query<{ n: number }>(FAST, [2]).then((r) => (settled.push('fast'), r));
    await tick(100);
    // both at the thread while the first still sleeps there: the session is busy, nothing waits in this thread
    expect(settled).toEqual([]);
    expect(sent.length - before).toBe(2);
    expect(db.sessionStats()).toEqual({ total: 1, idle: 0, waiting: 0 });
    expect((await slow).rows).toEqual([{ pg_sleep: '', n: 1 }]);
    expect((await fast).rows).toEqual([{ n: 2 }]);
    expect(settled).toEqual(['slow', 'fast']);
    expect(db.sessionStats()).toEqual({ total: 1, idle: 1, waiting: 0 });
  });

  it('keeps the order they were issued in, and an error answers only its own statement', async () => {
    const INSERT_PIPED = 'insert into piped (n) values ($1) returning n';
    const issued = [1, 2, 2, 3, 1, 4].map((n) =>
      db.query<{ n: number }>(INSERT_PIPED, [n]).then(
        (r) => r.rows[0]!.n,
        (error: unknown) => error,
      ),
    );
    const answers = await Promise.all(issued);
    expect(answers.slice(0, 2)).toEqual([1, 2]);
    expect(isUniqueViolation(answers[2])).toBe(true);
    expect(answers[2]).toMatchObject({ code: '23505', constraint: 'piped_pkey', query: INSERT_PIPED, params: [2] });
    expect(answers[3]).toBe(3);
    expect(isUniqueViolation(answers[4])).toBe(true);
    expect(answers[5]).toBe(4);
    expect((await db.query<{ n: number }>('select n from piped order by at')).rows.map((r) => r.n)).toEqual([1, 2, 3, 4]);
  });

  it('runs a transaction after the statements sent before it, and holds the later ones until it ends', async () => {
    const earlier = [5, 6, 7].map((n) => db.query('insert into piped (n) values ($1)', [n]));
    const seen = db.transaction(async (tx) => {
      const inside = (await tx.query<{ count: number }>('select count(*)::int as count from piped where n >= 5')).rows[0]!.count;
      await tx.query('insert into piped (n) values (8)');
      return inside;
    });
    const later = db.query<{ count: number }>('select count(*)::int as count from piped where n >= 5');
    await Promise.all(earlier);
    expect(await seen).toBe(3);
    expect((await later).rows).toEqual([{ count: 4 }]);
  });
});

/**
 * The thread server/main.mjs starts before Next.js loads (lib/db/pglite-prestart.mjs): taken over by
 * RemotePGlite.open for the same directory, never for another, and only when the embedded database
 * in its thread is what the configuration asks for.
 */
describe('the database thread started with the server', () => {
  const HANDOFF = Symbol.for('business-platform.pglite-prestart');
  const handoff = () => (globalThis as Record<symbol, PrestartedThread | undefined>)[HANDOFF];
  const ended = (worker: Worker) => new Promise<number>((resolve) => worker.once('exit', resolve));
  let dir: string;
  let dataDir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'pglite-prestart-'));
    dataDir = path.join(dir, 'db');
    const created = await RemotePGlite.open(dataDir);
    await created.exec(`create table kept (v text); insert into kept values ('from before')`);
    await created.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is taken over by the first open of its directory: the same thread, its data, and only once', async () => {
    expect(prestartPglite(PGLITE_THREAD_SCRIPT, { PGLITE_DATA_DIR: dataDir })).toBe(true);
    const prestarted = handoff()!;
    expect(prestarted.dataDir).toBe(dataDir);
    let thread: Worker | undefined;
    const db = await RemotePGlite.open(dataDir, { onThread: (worker) => (thread = worker) });
    expect(thread).toBe(prestarted.worker);
    expect(handoff()).toBeUndefined();
    expect((await db.query('select v from kept')).rows).toEqual([{ v: 'from before' }]);
    await db.close();
    expect(db.closed).toBe(true);
  });

  it('starts nothing for PostgreSQL, for PGlite in the server thread, or for a directory not created yet', () => {
    expect(prestartPglite(PGLITE_THREAD_SCRIPT, { DATABASE_URL: 'postgresql://127.0.0.1/x', PGLITE_DATA_DIR: dataDir })).toBe(false);
    expect(prestartPglite(PGLITE_THREAD_SCRIPT, { PGLITE_THREAD: 'false', PGLITE_DATA_DIR: dataDir })).toBe(false);
    expect(prestartPglite(PGLITE_THREAD_SCRIPT, { PGLITE_DATA_DIR: path.join(dir, 'new') })).toBe(false);
    expect(handoff()).toBeUndefined();
  });

  it('is ended, not used, when another directory is opened', async () => {
    expect(prestartPglite(PGLITE_THREAD_SCRIPT, { PGLITE_DATA_DIR: 'memory://' })).toBe(true);
    const prestarted = handoff()!;
    expect(prestarted.dataDir).toBeNull();
    const exit = ended(prestarted.worker);
    let thread: Worker | undefined;
    const db = await RemotePGlite.open(dataDir, { onThread: (worker) => (thread = worker) });
    expect(thread).not.toBe(prestarted.worker);
    expect(typeof (await exit)).toBe('number');
    expect((await db.query('select v from kept')).rows).toEqual([{ v: 'from before' }]);
    await db.close();
  });

  it('that ended before it was taken over makes the open fail as unavailable', async () => {
    expect(prestartPglite(PGLITE_THREAD_SCRIPT, { PGLITE_DATA_DIR: 'memory://' })).toBe(true);
    await handoff()!.worker.terminate();
    const error = await RemotePGlite.open(null).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/^PGlite is closed \(its thread ended with code \d+ while starting\)$/);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(handoff()).toBeUndefined();
  });
});
