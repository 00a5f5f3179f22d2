import { afterEach, describe, expect, it } from 'vitest';
import { NextRequest } from 'next/server';
import { createRoute } from '@/lib/http/api-route';
import { holdRequestsUntil, startupPending } from '@/lib/http/startup-gate';

/**
 * The start-up gate (lib/http/startup-gate.ts): while the server's start-up runs, every API request
 * waits in the pipeline; once it has finished, the gate is gone and costs nothing; a start-up that
 * fails never lets a request through (the start-up stops the process).
 */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const settledWithin = (promise: Promise<unknown>, ms: number) => Promise.race([promise.then(() => true), new Promise<false>((resolve) => setTimeout(() => resolve(false), ms))]);

const route = createRoute({ schemas: {}, handler: async () => Response.json({ ok: true }) });
const call = () => route(new NextRequest('http://127.0.0.1/api/test'), { params: Promise.resolve({}) });

afterEach(async () => {
  // a test that left a gate pending: resolve a fresh one so the next starts without
  const gate = deferred();
  holdRequestsUntil(gate.promise);
  gate.resolve();
  await startupPending();
});

describe('the start-up gate', () => {
  it('is absent when nothing started a start-up: requests go straight in', async () => {
    expect(startupPending()).toBeUndefined();
    expect((await call()).status).toBe(200);
  });

  it('holds a request until the start-up has finished, then lets it through and disappears', async () => {
    const startup = deferred();
    holdRequestsUntil(startup.promise);
    const answer = call();
    expect(await settledWithin(answer, 50)).toBe(false);
    expect(startupPending()).toBeDefined();
    startup.resolve();
    const response = await answer;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(startupPending()).toBeUndefined();
  });

  it('never lets a request through when the start-up fails (the start-up stops the process)', async () => {
    const startup = deferred();
    holdRequestsUntil(startup.promise);
    const answer = call();
    startup.reject(new Error('connect ECONNREFUSED 127.0.0.1:1'));
    expect(await settledWithin(answer, 100)).toBe(false);
    expect(startupPending()).toBeDefined();
  });
});
