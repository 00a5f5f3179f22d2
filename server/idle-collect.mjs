import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * Gives the JavaScript heap's garbage back to the operating system once the server goes quiet.
 *
 * V8 grows its heap to some multiple of what survived its last full collection and collects when an
 * allocation needs room, not when the process has nothing to do: after a burst of requests the
 * server kept its garbage resident (measured after `npm run bench -- http` on PGlite: an old space
 * of 282 MiB of which 131 MiB in use, 588 MiB resident; after two full collections 62 MiB and
 * 368 MiB). So when no request has started for `idleMs` and the heap has grown by `growthBytes`
 * since the last collection, the server runs two full collections: tens of milliseconds of a
 * thread that is idle by then, once per quiet period, never while requests keep coming (under load
 * V8 collects as it always did). docs/performance.md, "Memory".
 */

/** The heap's growth since the last collection that makes a quiet server collect. */
export const IDLE_COLLECT_GROWTH_BYTES = 32 * 1024 * 1024;

/** V8's full collection, callable without starting node with --expose-gc. */
export function fullCollection() {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc');
}

/** IDLE_COLLECT_MS as a number: a whole number of milliseconds, else the default (lib/env.ts reports a bad value). */
export function idleCollectMs(value, fallback) {
  return /^\d{1,7}$/.test(value ?? '') ? Number(value) : fallback;
}

const MiB = (bytes) => Math.round(bytes / 1048576);

/**
 * Starts watching for quiet. The caller counts each request it receives in the returned object's
 * `requests` (one increment: nothing else per request). `idleMs` 0: never collects.
 */
export function collectWhenIdle({ idleMs, log, growthBytes = IDLE_COLLECT_GROWTH_BYTES }) {
  const activity = { requests: 0, collections: 0, stop: () => {} };
  if (!idleMs) return activity;
  const gc = fullCollection();
  const heapBytes = () => v8.getHeapStatistics().total_heap_size;
  let baseline = heapBytes();
  let seen = 0;
  let quietTicks = 0;
  // two quiet ticks in a row: no request started for between idleMs and 1.5 x idleMs
  const timer = setInterval(
    () => {
      // not while the server starts (no request yet): Next.js is loading, and its garbage waits for the first quiet
      if (activity.requests !== seen || seen === 0) {
        seen = activity.requests;
        quietTicks = 0;
        return;
      }
      if (++quietTicks < 2) return;
      const before = heapBytes();
      if (before - baseline < growthBytes) return;
      const started = performance.now();
      // twice: the first finds which pages are mostly garbage, the second moves their survivors out
      // and frees the pages (one alone left a fragmented heap near its size: 341 -> 282 MiB)
      gc();
      gc();
      baseline = heapBytes();
      activity.collections++;
      log.debug({ heapMiB: [MiB(before), MiB(baseline)], ms: Math.round(performance.now() - started) }, 'idle: heap collected');
    },
    Math.max(10, Math.round(idleMs / 2)),
  );
  timer.unref();
  activity.stop = () => clearInterval(timer);
  return activity;
}
