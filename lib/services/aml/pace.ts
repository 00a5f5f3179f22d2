import { setImmediate as nextTurn } from 'node:timers/promises';
import { getEnv } from '@/lib/env';

/**
 * Background AML work (ongoing monitoring's re-screening and the indexes it builds) shares the thread
 * that serves HTTP: it works in slices and, after each, pauses so that its work is at most
 * AML_RESCREEN_SHARE of the thread's time (a pause of spent x (1 - share) / share). Requests that
 * arrive are served in the pauses.
 */
export const SLICE_MS = 8;

export async function pause(spentMs: number): Promise<void> {
  const share = getEnv().AML_RESCREEN_SHARE;
  const ms = share >= 1 ? 0 : (spentMs * (1 - share)) / share;
  if (ms < 1) await nextTurn();
  else await new Promise((resolve) => setTimeout(resolve, ms));
}

/** A pause function for a loop: pauses once a slice of SLICE_MS is spent since the last pause (then only a turn of the loop otherwise). */
export function pacer(): () => Promise<void> {
  let since = performance.now();
  return async () => {
    const spent = performance.now() - since;
    if (spent > SLICE_MS) await pause(spent);
    else await nextTurn();
    since = performance.now();
  };
}
