import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Two server processes share their rate-limit counters through Redis (REDIS_URL): requests to
 * either count against one budget, and the 429 of one process holds on the other. Needs the Redis
 * of the development machine at 127.0.0.1:6379 (override with TEST_REDIS_URL).
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ROOT = path.resolve(__dirname, '../..');
const prefix = `bp-rl-test-${randomBytes(6).toString('hex')}`;

interface Instance {
  child: ChildProcess;
  url: string;
}

function start(): Promise<Instance> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/integration/support/route-server.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        REDIS_URL,
        RATE_LIMIT_KEY_PREFIX: prefix,
        RATE_LIMIT_DEFAULT_MAX: '5',
        RATE_LIMIT_DEFAULT_WINDOW_SECONDS: '60',
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\d+)/.exec(out);
      if (match) resolve({ child, url: `http://127.0.0.1:${match[1]}` });
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
}

let a: Instance;
let b: Instance;
beforeAll(async () => {
  [a, b] = await Promise.all([start(), start()]);
}, 60_000);
afterAll(() => {
  a?.child.kill('SIGTERM');
  b?.child.kill('SIGTERM');
});

/** Redis counts the window on its own clock: the seconds left are checked for range, then written as T. */
function seconds(value: string | null): string | null {
  if (value === null) return null;
  return value.replace(/\d+(?= seconds)|(?<=t=)\d+|^\d+$/g, (n) => {
    expect(Number(n)).toBeGreaterThanOrEqual(1);
    expect(Number(n)).toBeLessThanOrEqual(60);
    return 'T';
  });
}

async function get(instance: Instance, headers: Record<string, string> = {}) {
  const res = await fetch(`${instance.url}/api/not-here`, { headers });
  const body = JSON.parse(seconds(await res.text())!) as unknown;
  return { status: res.status, limit: seconds(res.headers.get('RateLimit')), retryAfter: seconds(res.headers.get('Retry-After')), body };
}

describe('two server instances with REDIS_URL', () => {
  it('share one budget per client: the count continues across instances and the 429 holds on both', async () => {
    const answers = [];
    for (const instance of [a, b, a, b, a]) answers.push(await get(instance));
    expect(answers.map((r) => [r.status, r.limit])).toEqual([
      [404, '"default";r=4;t=T'],
      [404, '"default";r=3;t=T'],
      [404, '"default";r=2;t=T'],
      [404, '"default";r=1;t=T'],
      [404, '"default";r=0;t=T'],
    ]);
    for (const instance of [b, a]) {
      const limited = await get(instance);
      expect(limited).toEqual({
        status: 429,
        limit: '"default";r=0;t=T',
        retryAfter: 'T',
        body: { code: 429, message: 'too many requests', data: { error: 'RATE_LIMITED', details: 'retry after T seconds' } },
      });
    }
  });

  it('a spoofed X-Forwarded-For reaches neither instance as a new client', async () => {
    for (const [instance, spoof] of [
      [a, '203.0.113.9'],
      [b, '198.51.100.77, 203.0.113.10'],
    ] as const) {
      const limited = await get(instance, { 'X-Forwarded-For': spoof });
      expect([limited.status, limited.limit]).toEqual([429, '"default";r=0;t=T']);
    }
  });
});
