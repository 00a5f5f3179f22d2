import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_PLATFORM_KEY, platformAuth, registrationBody } from '../fixtures';
import { STACK_LINE, spawnNextStart, waitForHttp } from '../helpers';

/**
 * The server validates its environment in instrumentation.ts before serving anything: a bad
 * variable stops the process with exit code 1 and exactly one line on stderr naming it.
 */
test.describe.configure({ mode: 'serial' });

const EXIT_WITHIN_MS = 30_000;

const cases: Array<{ name: string; env: Record<string, string>; line: string }> = [
  {
    name: 'DATABASE_URL that is not a PostgreSQL URL',
    env: { DATABASE_URL: 'mysql://nope', PLATFORM_ADMIN_KEY: E2E_PLATFORM_KEY },
    line: 'Invalid environment: DATABASE_URL must be a postgres:// or postgresql:// URL',
  },
  {
    name: 'PLATFORM_ADMIN_KEY shorter than 32 characters',
    env: { PLATFORM_ADMIN_KEY: 'short', PGLITE_DATA_DIR: 'memory://' },
    line: 'Invalid environment: PLATFORM_ADMIN_KEY must be at least 32 characters',
  },
  {
    name: 'LOG_LEVEL outside its values',
    env: { LOG_LEVEL: 'verbose', PGLITE_DATA_DIR: 'memory://' },
    line: 'Invalid environment: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
  },
];

for (const { name, env, line } of cases) {
  test(`exits non-zero on ${name}, printing one line`, async () => {
    test.setTimeout(EXIT_WITHIN_MS + 15_000);
    const server = await spawnNextStart(env);
    try {
      const code = await Promise.race([server.exited, new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), EXIT_WITHIN_MS))]);
      expect(code, `still running after ${EXIT_WITHIN_MS} ms; stderr:\n${server.stderr()}`).not.toBe('timeout');
      expect(code).toBe(1);
      const stderr = server.stderr();
      const variable = line.split(' ')[2]!;
      expect(stderr.split('\n').filter((l) => l.startsWith(`Invalid environment: ${variable}`))).toEqual([line]);
      expect(stderr.split('\n').filter((l) => l.startsWith('Invalid environment:'))).toEqual([line]);
      expect(stderr).not.toMatch(STACK_LINE);
      expect(stderr).not.toContain('Start-up failed');
      // the rejected value of a secret is not echoed
      if (env.PLATFORM_ADMIN_KEY === 'short') expect(stderr + server.stdout()).not.toContain('short');
    } finally {
      await server.stop();
    }
  });
}

test('exits non-zero when the configured PostgreSQL server cannot be reached at start', async () => {
  test.setTimeout(EXIT_WITHIN_MS + 15_000);
  const server = await spawnNextStart({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' });
  try {
    const code = await Promise.race([server.exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), EXIT_WITHIN_MS))]);
    expect(code, `still running after ${EXIT_WITHIN_MS} ms`).not.toBe('timeout');
    expect(code).toBe(1);
    const lines = server
      .stderr()
      .split('\n')
      .filter((l) => l.trim());
    expect(lines).toEqual(['Start-up failed: connect ECONNREFUSED 127.0.0.1:1']);
  } finally {
    await server.stop();
  }
});

test('production refuses an http:// public URL without ALLOW_INSECURE_HTTP=true, and names the opt-out in its banner', async () => {
  // issue 26, item 3: over http next-auth sends its session cookie without Secure
  test.setTimeout(2 * EXIT_WITHIN_MS + 30_000);
  const refused = await spawnNextStart((port) => ({ PGLITE_DATA_DIR: 'memory://', NEXTAUTH_URL: `http://127.0.0.1:${port}`, ALLOW_INSECURE_HTTP: '' }));
  try {
    const code = await Promise.race([refused.exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), EXIT_WITHIN_MS))]);
    expect(code, refused.stderr()).toBe(1);
    expect(
      refused
        .stderr()
        .split('\n')
        .filter((l) => l.trim()),
    ).toEqual([
      'Invalid environment: NEXTAUTH_URL must be an https:// URL when NODE_ENV=production (the panel cookie is Secure only over https); for a local trial on http set ALLOW_INSECURE_HTTP=true',
    ]);
  } finally {
    await refused.stop();
  }

  const trial = await spawnNextStart((port) => ({ PGLITE_DATA_DIR: 'memory://', NEXTAUTH_URL: `http://127.0.0.1:${port}`, ALLOW_INSECURE_HTTP: 'true', LOG_LEVEL: 'warn' }));
  try {
    await waitForHttp(`http://127.0.0.1:${trial.port}/api/health`, EXIT_WITHIN_MS, trial);
    await expect.poll(() => trial.stdout(), { timeout: EXIT_WITHIN_MS }).toContain('─── Business Platform ───');
    expect(
      trial
        .stdout()
        .split('\n')
        .filter((l) => l.includes('ALLOW_INSECURE_HTTP')),
    ).toEqual([
      `production: ALLOW_INSECURE_HTTP=true serves the panel on http://127.0.0.1:${trial.port}: its session cookie goes without Secure and no Strict-Transport-Security is sent (a local trial only)`,
    ]);
  } finally {
    await trial.stop();
  }
});

/** The first answer of `url` once a starting server's port accepts (undefined if it never does within EXIT_WITHIN_MS). */
async function firstAnswer(url: string): Promise<Response | undefined> {
  const deadline = Date.now() + EXIT_WITHIN_MS;
  while (Date.now() < deadline) {
    const answer = await fetch(url).catch(() => undefined);
    if (answer) return answer;
    await new Promise((r) => setTimeout(r, 20));
  }
  return undefined;
}

test('a request that arrives while the database starts waits for it; the background work starts after the first answer', async () => {
  // memory:// runs initdb and every migration: seconds in which Next.js is ready and the database is not
  test.setTimeout(EXIT_WITHIN_MS + 30_000);
  const server = await spawnNextStart({ PGLITE_DATA_DIR: 'memory://', LOG_LEVEL: 'warn' });
  try {
    // the first answer of any kind, whenever the port accepts: never a 500 or 503 of a half-started server
    const first = await firstAnswer(`http://127.0.0.1:${server.port}/api/health`);
    expect(first?.status, server.stdout() + server.stderr()).toBe(200);
    expect(((await first!.json()) as { data: { status: string } }).data.status).toBe('ok');
    const banner = server.stdout().indexOf('─── Business Platform ───');
    expect(banner).toBeGreaterThanOrEqual(0);
    // after the first answer (or a second after the start-up), never before the banner
    await expect.poll(() => server.stdout(), { timeout: 10_000 }).toContain('webhook delivery worker: running in this process');
    expect(server.stdout().indexOf('webhook delivery worker: running in this process')).toBeGreaterThan(banner);
    expect(server.stdout()).toContain('AML monitoring: re-screening runs in this process');
    expect(server.stderr()).not.toContain('Start-up failed');
  } finally {
    await server.stop();
  }
});

test('the sign-in page served while the server starts waits for the demo seed: it offers the demo tenant', async () => {
  test.setTimeout(EXIT_WITHIN_MS + 30_000);
  const server = await spawnNextStart({ PGLITE_DATA_DIR: 'memory://', LOG_LEVEL: 'warn', SEED_DEMO: 'true', DEMO_ADMIN_PASSWORD: 'Demo-Password-123' });
  try {
    // the first page, as soon as the port accepts (the database still starting)
    const first = await firstAnswer(`http://127.0.0.1:${server.port}/sign-in`);
    expect(first?.status, server.stdout() + server.stderr()).toBe(200);
    const html = await first!.text();
    // the banner names the seeded tenant (printed by then with the gate; a little later without it)
    const bannerTenant = () => /tenantId: +([0-9a-f-]{36})/.exec(server.stdout())?.[1];
    await expect.poll(bannerTenant, { timeout: 10_000 }).toBeDefined();
    const tenantId = bannerTenant()!;
    const input = /<input[^>]*name="tenantId"[^>]*>/.exec(html)?.[0];
    expect(input).toContain(`value="${tenantId}"`);
  } finally {
    await server.stop();
  }
});

test('SIGTERM stops the server cleanly: the embedded database shuts down (no crash recovery at the next start) and keeps its data', async () => {
  test.setTimeout(2 * EXIT_WITHIN_MS + 30_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bp-shutdown-'));
  const env = { PGLITE_DATA_DIR: dir, LOG_LEVEL: 'warn', PLATFORM_ADMIN_KEY: E2E_PLATFORM_KEY };
  try {
    let tenantId: string;
    const first = await spawnNextStart(env);
    try {
      await waitForHttp(`http://127.0.0.1:${first.port}/api/health`, EXIT_WITHIN_MS, first);
      // the background work is running, so its stop is part of the shutdown
      await expect.poll(() => first.stdout(), { timeout: 10_000 }).toContain('webhook delivery worker: running in this process');
      const created = await fetch(`http://127.0.0.1:${first.port}/api/v2.1/tenants/registration`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...platformAuth },
        body: JSON.stringify(registrationBody('Shutdown Bank')),
      });
      expect(created.status, await created.clone().text()).toBe(200);
      tenantId = ((await created.json()) as { data: { tenantId: string } }).data.tenantId;
      // a running PostgreSQL holds its pid file: what a killed server leaves behind, and what recovery is run for
      expect(existsSync(path.join(dir, 'postmaster.pid'))).toBe(true);
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(existsSync(path.join(dir, 'postmaster.pid'))).toBe(false);
      expect(first.stderr()).toBe('');
    } finally {
      await first.stop();
    }
    const second = await spawnNextStart(env);
    try {
      await waitForHttp(`http://127.0.0.1:${second.port}/api/health`, EXIT_WITHIN_MS, second);
      const tenant = await fetch(`http://127.0.0.1:${second.port}/api/v2.1/tenants/${tenantId}`, { headers: platformAuth });
      expect(tenant.status).toBe(200);
      expect(((await tenant.json()) as { data: { name: string } }).data.name).toBe('Shutdown Bank');
    } finally {
      await second.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
