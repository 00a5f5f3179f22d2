/**
 * Payouts of one wallet take turns in this process for their posting statement (transfers.ts,
 * fastTransfer). Each of them would otherwise wait for the wallet's row lock inside PostgreSQL,
 * holding a pooled connection while it waits (a burst from one wallet could take every connection
 * of the pool from everyone else), and each commit would wake all the waiters to race for the lock
 * again, on two cores ahead of the holder. Taking turns here leaves at most one statement of the
 * wallet at PostgreSQL from each process; the row lock still orders them against other processes,
 * so nothing is decided here. The wait for a turn is bounded (`waitMs`). Measured in
 * docs/performance.md ("Payouts measured for 5 s; a wallet's payouts take turns", and "An idle
 * connection handed out at once" for the hand-over).
 *
 * A key's queue: whether a work of it runs, and the works waiting for their turn, first come first
 * served. A work that ends starts the next one itself, in the same step as it settles (before its
 * own caller resumes): no chain of promises lies between a posting statement's answer and the next
 * statement of the wallet, and nothing else of this process can slip in between.
 */
import { withTimeout } from '@/lib/timeout';

interface Queue {
  running: boolean;
  /** how each waiting work starts, in the order they came */
  waiting: Array<() => void>;
}
const queues = new Map<string, Queue>();

/** The turn did not come within the wait given to inTurn: nothing of the work ran. */
export class TurnTimeout extends Error {
  constructor(key: string, waitMs: number) {
    super(`no turn for ${key} within ${waitMs} ms`);
    this.name = 'TurnTimeout';
  }
}

/** The turn passes to the first in line, or the key is forgotten (none of its works runs or waits). */
function handOn(key: string, queue: Queue): void {
  const next = queue.waiting.shift();
  if (!next) {
    queue.running = false;
    if (queues.get(key) === queue) queues.delete(key);
    return;
  }
  next();
}

/**
 * Runs `work` after every earlier `work` of the same key in this process has settled (first come,
 * first served). `waitMs` bounds the wait for the turn (a TurnTimeout then, and the work never
 * runs): a row lock held elsewhere must not keep a queue of payouts waiting one statement timeout
 * each. The bound is lib/timeout.ts's, which gives pending I/O one turn of the event loop before
 * it counts: a busy process is not a turn that did not come.
 */
export function inTurn<T>(key: string, work: () => PromiseLike<T>, waitMs = 0): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let queue = queues.get(key);
    if (!queue) queues.set(key, (queue = { running: false, waiting: [] }));
    const own = queue;
    const run = () => {
      let done: PromiseLike<T>;
      try {
        done = work();
      } catch (error) {
        done = Promise.reject(error);
      }
      done.then(
        (value) => {
          handOn(key, own);
          resolve(value);
        },
        (error: unknown) => {
          handOn(key, own);
          reject(error);
        },
      );
    };
    if (!own.running) {
      own.running = true;
      run();
      return;
    }
    let start = run;
    if (waitMs > 0) {
      let started!: () => void;
      start = () => {
        started();
        run();
      };
      // the bound as every wait for the database has it (lib/timeout.ts); the turn itself never fails
      withTimeout(new Promise<void>((resolve) => (started = resolve)), waitMs).catch(() => {
        const at = own.waiting.indexOf(start);
        // the turn came meanwhile
        if (at < 0) return;
        own.waiting.splice(at, 1);
        reject(new TurnTimeout(key, waitMs));
      });
    }
    own.waiting.push(start);
  });
}

/** How many works of `key` are running or waiting for their turn in this process. */
export const inTurnCount = (key: string): number => {
  const queue = queues.get(key);
  return queue ? (queue.running ? 1 : 0) + queue.waiting.length : 0;
};
