import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { database, openDatabase, type Database } from '@/lib/db/client';

/**
 * Issue 26, item 7: a LISTEN whose connection dies silently (a half-open TCP connection after a
 * network partition: no reset, so neither `end` nor `error` fires; TCP keepalive is answered by
 * whatever still holds the socket) heard nothing and still counted as listening, so the principal
 * cache served entries whose invalidations were lost. The listener now pings itself through its own
 * connection (lib/db/listen-ping.ts); a ping that does not come back counts as a lost connection
 * (onState false: the cache empties and stops serving) and it listens again.
 *
 * PostgreSQL: the listener's connection runs through a TCP relay that then stops relaying (both
 * directions, sockets left open): exactly a half-open connection. PGlite: its one session's LISTEN is
 * undone behind the listener's back (UNLISTEN), so notifications stop arriving without any error.
 */
const CHANNEL = 'bp_test_ping';
const PING = { pingIntervalMs: 150, pingTimeoutMs: 300 };

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** A TCP relay to PostgreSQL whose connections open so far can be frozen. */
async function relay(target: URL): Promise<{ url: string; freeze: () => void; connections: () => number }> {
  const open = new Set<{ frozen: boolean }>();
  let accepted = 0;
  const server = net.createServer((client) => {
    accepted++;
    const state = { frozen: false };
    open.add(state);
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    client.on('data', (chunk) => {
      if (!state.frozen) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!state.frozen) client.write(chunk);
    });
    const close = () => {
      open.delete(state);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', close).on('error', close);
    upstream.on('close', close).on('error', close);
    cleanups.push(close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    freeze: () => {
      for (const state of open) state.frozen = true;
    },
    connections: () => accepted,
  };
}

async function listenWithPing(handle: Database) {
  const states: boolean[] = [];
  const heard: string[] = [];
  const stop = await handle.listen!(
    CHANNEL,
    (payload) => heard.push(payload),
    (listening) => states.push(listening),
    PING,
  );
  cleanups.push(stop);
  return { states, heard };
}

const notify = async (handle: Database, payload: string) => handle.db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);

describe('a listener whose notifications stop arriving without an error', () => {
  it('notices through its ping, reports that it is not listening, and listens again', async () => {
    const primary = await database();
    if (primary.driver === 'postgres') {
      const proxied = await relay(new URL(process.env.DATABASE_URL!));
      const viaRelay = await openDatabase({ url: proxied.url, poolMax: 1 });
      cleanups.push(() => viaRelay.close());
      const { states, heard } = await listenWithPing(viaRelay);
      await expect.poll(() => states).toEqual([true]);
      await notify(primary, 'before');
      await expect.poll(() => heard).toContain('before');

      proxied.freeze();
      await notify(primary, 'lost');
      // the ping does not come back: not listening; a second later a new connection through the relay
      await expect.poll(() => states, { timeout: 5_000 }).toEqual([true, false, true]);
      expect(proxied.connections()).toBe(2); // the first listener's connection and the second one (the relay's pool is never used)
      await notify(primary, 'after');
      await expect.poll(() => heard).toContain('after');
      expect(heard.filter((p) => p !== '')).toEqual(['before', 'after']);
      // the reconnection told its owner that it may have missed something (an empty payload)
      expect(heard.slice(heard.indexOf('before') + 1, heard.indexOf('after'))).toContain('');
    } else {
      const { states, heard } = await listenWithPing(primary);
      expect(states).toEqual([true]);
      await notify(primary, 'before');
      await expect.poll(() => heard).toContain('before');

      await primary.db.execute(sql.raw(`UNLISTEN ${CHANNEL}`));
      await notify(primary, 'lost');
      await expect.poll(() => states, { timeout: 5_000 }).toEqual([true, false, true]);
      await notify(primary, 'after');
      await expect.poll(() => heard).toContain('after');
      expect(heard.filter((p) => p !== '')).toEqual(['before', 'after']);
      expect(heard.slice(heard.indexOf('before') + 1, heard.indexOf('after'))).toEqual(['']);
    }
  });

  it('pings of its own and of other listeners are never handed on', async () => {
    const primary = await database();
    const { states, heard } = await listenWithPing(primary);
    await notify(primary, 'ping:someone-else');
    await notify(primary, 'real');
    await expect.poll(() => heard).toContain('real');
    // several of its own pings have gone round meanwhile
    await new Promise((resolve) => setTimeout(resolve, 4 * PING.pingIntervalMs));
    expect(heard.filter((p) => p !== '')).toEqual(['real']);
    expect(states).toEqual([true]);
  });
});
