/**
 * The time source of the domain. Tests replace it (setClock) to move through lockouts, token expiry
 * and retry schedules without sleeping.
 *
 * Leases and schedules that several processes share (webhook claims and retries, Idempotency-Key
 * locks, the maintenance jobs) are not read from here but from the database's clock (lib/db/now.ts
 * `dbNow()`), so servers whose clocks differ still agree on who holds what and what is due. A test
 * clock set with setClock stands in for the database's clock too (a test moves all of time); one set
 * with skewServerClock does not (a test of one server whose clock is wrong).
 */
export interface Clock {
  now(): Date;
}

const systemClock: Clock = { now: () => new Date() };
const holder = globalThis as unknown as { __bpClock?: Clock; __bpClockServerOnly?: boolean };

export const clock: Clock = { now: () => (holder.__bpClock ?? systemClock).now() };

/** Tests: this clock is the time everywhere, the database's shared leases and schedules included. */
export function setClock(next: Clock | null): void {
  holder.__bpClock = next ?? undefined;
  holder.__bpClockServerOnly = false;
}

/** Tests: this process's clock is wrong; the database keeps its own (real) time. */
export function skewServerClock(next: Clock | null): void {
  holder.__bpClock = next ?? undefined;
  holder.__bpClockServerOnly = next !== null;
}

/** The instant a test set as the time everywhere (setClock), or undefined: the database's clock rules. */
export function sharedTestNow(): Date | undefined {
  return holder.__bpClock && !holder.__bpClockServerOnly ? holder.__bpClock.now() : undefined;
}

/** A clock that stands still until moved: `const c = fixedClock(); setClock(c); c.advance(60_000)`. */
export function fixedClock(start = new Date()): Clock & { advance(ms: number): void; set(date: Date): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (date) => {
      current = date.getTime();
    },
  };
}
