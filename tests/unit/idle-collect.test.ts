import v8 from 'node:v8';
import { afterEach, describe, expect, it } from 'vitest';
import { collectWhenIdle, idleCollectMs, type IdleActivity } from '@/server/idle-collect.mjs';

/** server/idle-collect.mjs: a quiet server collects its heap's garbage once, V8's real collection. */
describe('collecting when idle', () => {
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const heap = () => v8.getHeapStatistics().total_heap_size;
  let activity: IdleActivity | undefined;
  afterEach(() => activity?.stop());

  /** Some 80 MiB of objects that survive long enough to reach the old space, then dropped. */
  async function garbage(): Promise<void> {
    const held: unknown[][] = [];
    for (let i = 0; i < 40; i++) held.push(Array.from({ length: 100_000 }, (_, j) => ({ j })));
    await sleep(20);
    held.length = 0;
  }

  it('not before the first request; never while requests keep arriving; once when they stop and the heap grew; not again without growth', async () => {
    const lines: Array<{ fields: Record<string, unknown>; message: string }> = [];
    activity = collectWhenIdle({ idleMs: 200, growthBytes: 16 * 1024 * 1024, log: { debug: (fields, message) => lines.push({ fields, message }) } });
    // before the first request (the server starting): nothing, however much the heap grew
    await garbage();
    await sleep(600);
    expect(activity.collections).toBe(0);
    await garbage();
    const grown = heap();
    // a request every 10 ms for 400 ms: the server is never quiet for 200 ms
    for (let i = 0; i < 40; i++) {
      activity.requests++;
      await sleep(10);
    }
    expect(activity.collections).toBe(0);
    await sleep(600);
    expect(activity.collections).toBe(1);
    expect(heap()).toBeLessThan(grown);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.message).toBe('idle: heap collected');
    const [before, after] = lines[0]!.fields.heapMiB as [number, number];
    expect(after).toBeLessThan(before);
    expect(lines[0]!.fields.ms).toEqual(expect.any(Number));
    // quiet for longer, nothing allocated: no second collection
    await sleep(600);
    expect(activity.collections).toBe(1);
    // 2.2 s of quiet and bursts, 160 MiB of objects made and dropped, and two full collections: on a
    // 2-core machine busy with other test files the test took just over vitest's 5 s (CI rehearsal,
    // fifteenth session), with every assertion still holding
  }, 30_000);

  it('IDLE_COLLECT_MS=0 never collects', async () => {
    activity = collectWhenIdle({ idleMs: 0, growthBytes: 1, log: { debug: () => undefined } });
    activity.requests++;
    await garbage();
    await sleep(100);
    expect(activity.collections).toBe(0);
  });

  it('reads IDLE_COLLECT_MS as whole milliseconds, else the default', () => {
    expect(idleCollectMs('0', 1000)).toBe(0);
    expect(idleCollectMs('2500', 1000)).toBe(2500);
    expect(idleCollectMs(undefined, 1000)).toBe(1000);
    expect(idleCollectMs('1.5', 1000)).toBe(1000);
    expect(idleCollectMs('-1', 1000)).toBe(1000);
  });
});
