/**
 * Payouts of one wallet take turns in this process for their posting statement (transfers.ts,
 * fastTransfer). Each of them would otherwise wait for the wallet's row lock inside PostgreSQL,
 * holding a pooled connection while it waits (a burst from one wallet could take every connection
 * of the pool from everyone else), and each commit would wake all the waiters to race for the lock
 * again, on two cores ahead of the holder. Taking turns here leaves at most one statement of the
 * wallet at PostgreSQL from each process; the row lock still orders them against other processes,
 * so nothing is decided here. The wait for a turn is bounded (`waitMs`). Measured in
 * docs/performance.md ("Payouts measured for 5 s; a wallet's payouts take turns").
 */
import { withTimeout } from '@/lib/timeout';

/** A key's queue: the promise the next newcomer waits for, and how many works are running or waiting. */
interface Queue {
  tail: Promise<void>;
  size: number;
}
const queues = new Map<string, Queue>();

/** The turn did not come within the wait given to inTurn: nothing of the work ran. */
export class TurnTimeout extends Error {
  constructor(key: string, waitMs: number) {
    super(`no turn for ${key} within ${waitMs} ms`);
    this.name = 'TurnTimeout';
  }
}

/** `turn`, or a TurnTimeout after `waitMs` (0: no bound); a turn never rejects, so withTimeout's rejection is the timeout. */
const within = (turn: Promise<void>, key: string, waitMs: number): Promise<void> =>
  waitMs <= 0
    ? turn
    : withTimeout(turn, waitMs).catch(() => {
        throw new TurnTimeout(key, waitMs);
      });

/**
 * Runs `work` after every earlier `work` of the same key in this process has settled (first come,
 * first served). `waitMs` bounds the wait for the turn (a TurnTimeout then, and the turn passes on):
 * a row lock held elsewhere must not keep a queue of payouts waiting one statement timeout each.
 */
export async function inTurn<T>(key: string, work: () => Promise<T>, waitMs = 0): Promise<T> {
  let queue = queues.get(key);
  const before = queue?.tail;
  let done!: () => void;
  const mine = new Promise<void>((resolve) => (done = resolve));
  const tail = before ? before.then(() => mine) : mine;
  if (!queue) queues.set(key, (queue = { tail, size: 0 }));
  queue.tail = tail;
  queue.size++;
  try {
    if (before) await within(before, key, waitMs);
    return await work();
  } finally {
    done();
    // forgotten only when no work of the key runs or waits: the last in line may give up before
    // those ahead of it finish, and a newcomer must still wait for them
    if (--queue.size === 0) queues.delete(key);
  }
}

/** How many works of `key` are running or waiting for their turn in this process. */
export const inTurnCount = (key: string): number => queues.get(key)?.size ?? 0;
