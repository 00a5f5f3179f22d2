import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * A Redis and a PostgreSQL of a test's own, on free ports in temporary directories, that the test
 * may stop and start again (the fault tests, Playwright and vitest alike: no test-runner imports
 * here). The machine's shared servers are never touched.
 */
const run = promisify(execFile);
export const PG_BIN = process.env.PG_BIN || '/usr/lib/postgresql/15/bin';

/** A TCP port nobody listens on right now (also for the Playwright helpers: tests/e2e/helpers.ts). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what} did not come up within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface OwnRedis {
  port: number;
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** `redis-server --port N --save "" --appendonly no`, started and stopped at will. */
export async function ownRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const ping = async () => (await run('redis-cli', ['-p', String(port), 'ping'])).stdout.trim() === 'PONG';
  const self: OwnRedis = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      await until(ping, 10_000, 'redis-server');
    },
    async stop() {
      const c = child;
      child = null;
      if (!c || c.exitCode !== null) return;
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGKILL');
      await exited;
    },
  };
  await self.start();
  return self;
}

export interface OwnPostgres {
  port: number;
  url: string;
  start(): Promise<void>;
  /** `pg_ctl stop -m fast`: the server closes every connection and exits */
  stop(): Promise<void>;
  destroy(): Promise<void>;
}

/** initdb + pg_ctl as the postgres user (root cannot run PostgreSQL), trust auth, database `app`. */
export async function ownPostgres(): Promise<OwnPostgres> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'bp-pg-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const asPostgres = (cmd: string, args: string[]) =>
    process.getuid?.() === 0 ? run('runuser', ['-u', 'postgres', '--', path.join(PG_BIN, cmd), ...args]) : run(path.join(PG_BIN, cmd), args);
  await asPostgres('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const self: OwnPostgres = {
    port,
    url: `postgresql://postgres@127.0.0.1:${port}/app`,
    async start() {
      await asPostgres('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
    },
    async stop() {
      await asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
    async destroy() {
      await self.stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await self.start();
  await run(path.join(PG_BIN, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'app']);
  return self;
}
