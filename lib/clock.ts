/**
 * The time source of the domain. Tests replace it (setClock) to move through lockouts, token expiry
 * and retry schedules without sleeping.
 */
export interface Clock {
  now(): Date;
}

const systemClock: Clock = { now: () => new Date() };
const holder = globalThis as unknown as { __bpClock?: Clock };

export const clock: Clock = { now: () => (holder.__bpClock ?? systemClock).now() };

export function setClock(next: Clock | null): void {
  holder.__bpClock = next ?? undefined;
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
