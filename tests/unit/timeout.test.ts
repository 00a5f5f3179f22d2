import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTimeout } from '@/lib/timeout';

/**
 * lib/timeout.ts. The event loop is kept busy past the timeout while a TCP connection completes in
 * the kernel (the listener's backlog accepts it without this process's help): the answer is there
 * when the loop is free again, and must win over the overdue timer. No wall-clock assertion: the
 * busy wait only makes sure the timer is overdue.
 */
describe('withTimeout', () => {
  let server: net.Server;
  let port = 0;
  beforeAll(async () => {
    server = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  function connected(): { promise: Promise<string>; socket: net.Socket } {
    const socket = net.connect(port, '127.0.0.1');
    return { socket, promise: new Promise((resolve, reject) => socket.once('connect', () => resolve('connected')).once('error', reject)) };
  }

  it('an answer that arrived while the loop was busy past the timeout wins over the late timer', async () => {
    const { promise, socket } = connected();
    const guarded = withTimeout(promise, 20);
    const until = Date.now() + 200;
    while (Date.now() < until) {
      /* busy: the timer is overdue, the connection completes meanwhile */
    }
    await expect(guarded).resolves.toBe('connected');
    socket.destroy();
  });

  it('no answer at all still times out, with the message the health check reads', async () => {
    await expect(withTimeout(new Promise<never>(() => {}), 20)).rejects.toThrow('no answer within 20 ms');
  });

  it('a rejection passes through', async () => {
    await expect(withTimeout(Promise.reject(new Error('refused')), 1_000)).rejects.toThrow('refused');
  });
});
