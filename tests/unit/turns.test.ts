import { describe, expect, it } from 'vitest';
import { inTurn, inTurnCount, TurnTimeout } from '@/lib/services/wallets/turns';

/** lib/services/wallets/turns.ts: the works of one key run one at a time, in the order they came. */
describe('inTurn', () => {
  it('runs the works of one key one at a time, first come first served, and those of other keys beside them', async () => {
    const log: string[] = [];
    const gates: Array<() => void> = [];
    const work = (name: string) => () =>
      new Promise<string>((resolve) => {
        log.push(`start ${name}`);
        gates.push(() => {
          log.push(`end ${name}`);
          resolve(name);
        });
      });
    const a1 = inTurn('a', work('a1'));
    const a2 = inTurn('a', work('a2'));
    const b1 = inTurn('b', work('b1'));
    await Promise.resolve();
    await Promise.resolve();
    // a2 waits for a1; b1 does not wait for anything of a
    expect(log).toEqual(['start a1', 'start b1']);
    expect(inTurnCount('a')).toBe(2);
    gates.shift()!(); // a1 ends
    expect(await a1).toBe('a1');
    await expect.poll(() => log.at(-1)).toBe('start a2');
    gates.shift()!(); // b1
    gates.shift()!(); // a2
    expect(await Promise.all([a2, b1])).toEqual(['a2', 'b1']);
    expect(log).toEqual(['start a1', 'start b1', 'end a1', 'start a2', 'end b1', 'end a2']);
    expect([inTurnCount('a'), inTurnCount('b')]).toEqual([0, 0]);
  });

  it('gives up a wait longer than its bound without running the work, and keeps the order of the rest', async () => {
    let release!: () => void;
    const first = inTurn('d', () => new Promise<string>((resolve) => (release = () => resolve('first'))), 50);
    let ran = false;
    const bounded = inTurn(
      'd',
      async () => {
        ran = true;
        return 'bounded';
      },
      50,
    );
    const third = inTurn('d', () => Promise.resolve('third'));
    await expect(bounded).rejects.toBeInstanceOf(TurnTimeout);
    await expect(bounded).rejects.toThrow('no turn for d within 50 ms');
    expect(ran).toBe(false);
    // the first still holds the turn: the third, queued behind the one that gave up, waits for it
    expect(inTurnCount('d')).toBe(2);
    release();
    expect(await Promise.all([first, third])).toEqual(['first', 'third']);
    expect(inTurnCount('d')).toBe(0);
  });

  it('the last in line giving up leaves the queue to those ahead of it: a newcomer still waits for the running work', async () => {
    let release!: () => void;
    const log: string[] = [];
    const first = inTurn('e', () => new Promise<string>((resolve) => (release = () => resolve('first'))));
    const patient = inTurn('e', async () => {
      log.push('patient');
      return 'patient';
    });
    const hasty = inTurn('e', () => Promise.resolve('hasty'), 20);
    await expect(hasty).rejects.toBeInstanceOf(TurnTimeout);
    const newcomer = inTurn('e', async () => {
      log.push('newcomer');
      return 'newcomer';
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    // the first still runs: neither the one queued before the hasty one nor the newcomer has started
    expect(log).toEqual([]);
    expect(inTurnCount('e')).toBe(3);
    release();
    expect(await Promise.all([first, patient, newcomer])).toEqual(['first', 'patient', 'newcomer']);
    expect(log).toEqual(['patient', 'newcomer']);
    expect(inTurnCount('e')).toBe(0);
  });

  it('starts the next work in the same step as the one before it settles, before the caller of that one resumes', async () => {
    const log: string[] = [];
    // the first work's answer, settled by hand: what the database's answer is to a posting statement
    let settle!: (value: string) => void;
    const answer: PromiseLike<string> = {
      then(onFulfilled) {
        settle = (value) => void onFulfilled?.(value);
        return answer as never;
      },
    };
    const first = inTurn('f', () => answer, 1_000).then(() => log.push('first resumed'));
    const second = inTurn('f', async () => void log.push('second started'), 1_000);
    const third = inTurn('f', async () => void log.push('third started'), 1_000);
    await Promise.resolve();
    settle('first');
    // no promise chain between: the next statement of the wallet leaves before the answer of the one before it is built
    expect(log).toEqual(['second started']);
    await Promise.all([first, second, third]);
    expect(log).toEqual(['second started', 'third started', 'first resumed']);
    expect(inTurnCount('f')).toBe(0);
  });

  it('hands the turn on when a work fails, and the failure to its own caller only', async () => {
    const failed = inTurn('c', () => Promise.reject(new Error('refused')));
    const next = inTurn('c', () => Promise.resolve('next'));
    await expect(failed).rejects.toThrow('refused');
    expect(await next).toBe('next');
    expect(inTurnCount('c')).toBe(0);
  });
});
