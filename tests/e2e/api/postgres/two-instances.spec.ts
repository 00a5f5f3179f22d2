import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { E2E_PLATFORM_KEY, E2E_PRODUCTION_SECRETS, REPO_ROOT, STRONG_PASSWORD, individualRegistrationBody, postgresUrl, registrationBody, uniqueName } from '../../fixtures';
import { freePort } from '../../helpers';

/**
 * Issue 18, "A proven two-instance deployment": deploy/up.sh starts the real set-up (nginx from
 * Debian's packages in front of two production instances without their in-process worker, one
 * separate webhook delivery worker, one PostgreSQL database, Redis), and this spec proves across the
 * instances, addressing each one directly and the proxy:
 *   - a session made on one instance is valid on the other, and sign-out on one ends it on both
 *     within a second, though both served it from their principal caches; so do a role change and
 *     a disabled user;
 *   - rate limits are one budget across instances and the proxy;
 *   - an Idempotency-Key replayed on the other instance returns the first answer;
 *   - sign-ins keep flowing through the proxy while one instance is killed with SIGKILL, and every
 *     event emitted (session.created) reaches a real receiver exactly once, in one attempt.
 * Needs PostgreSQL (a database of its own on the server of DATABASE_URL: tests/e2e/api/postgres/),
 * Redis at 127.0.0.1:6379 (or E2E_REDIS_URL) and nginx (.ci/run installs it).
 */
test.describe.configure({ mode: 'serial' });

const REDIS_URL = process.env.E2E_REDIS_URL || 'redis://127.0.0.1:6379';
const NGINX = process.env.NGINX_BIN || '/usr/sbin/nginx';
const WEBHOOKS_LIMIT = 5;
const METRICS_TOKEN = 'two-instances-metrics-token-0123456789';
const run = promisify(execFile);

interface Delivery {
  webhookId: string;
  body: { id: string; type: string; data: { sessionId: string } };
}

let runDir: string;
let proxy: string;
let apps: [string, string];
let workerMetrics: string;
let adminUrl: URL;
let dbName: string;
let db: pg.Client;
let receiver: http.Server;
let receiverUrl: string;
const received: Delivery[] = [];
let deployEnv: NodeJS.ProcessEnv;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  if (!existsSync(NGINX)) throw new Error(`no nginx at ${NGINX}: apt-get install -y nginx (or set NGINX_BIN)`);

  // a database of this spec's own on the server of DATABASE_URL
  adminUrl = new URL(postgresUrl());
  dbName = `bp_two_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`create database "${dbName}"`);
  await admin.end();
  const scratch = new URL(adminUrl);
  scratch.pathname = `/${dbName}`;

  // the webhook receiver: a real HTTP server on 127.0.0.1 that answers 200 to everything
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ webhookId: String(req.headers['webhook-id']), body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Delivery['body'] });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

  const [proxyPort, portA, portB, workerPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
  workerMetrics = `http://127.0.0.1:${workerPort}/api/metrics`;
  proxy = `http://127.0.0.1:${proxyPort}`;
  apps = [`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`];
  runDir = mkdtempSync(path.join(tmpdir(), 'bp-two-'));
  deployEnv = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/tmp',
    NODE_ENV: 'production',
    NGINX_BIN: NGINX,
    BP_RUN_DIR: runDir,
    BP_PROXY_PORT: String(proxyPort),
    BP_APP_PORTS: `${portA} ${portB}`,
    BP_WORKER_METRICS_PORT: String(workerPort),
    BP_START_TIMEOUT: '150',
    DATABASE_URL: scratch.toString(),
    REDIS_URL,
    RATE_LIMIT_KEY_PREFIX: `bp-two-${randomBytes(6).toString('hex')}`,
    ...E2E_PRODUCTION_SECRETS,
    PLATFORM_ADMIN_KEY: E2E_PLATFORM_KEY,
    METRICS_TOKEN,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    // one small limit to prove it is shared; the others out of the way of the load below
    RATE_LIMIT_WEBHOOKS_MAX: String(WEBHOOKS_LIMIT),
    RATE_LIMIT_WEBHOOKS_WINDOW_SECONDS: '60',
    RATE_LIMIT_DEFAULT_MAX: '100000',
    RATE_LIMIT_LOGIN_MAX: '100000',
    RATE_LIMIT_REGISTRATION_MAX: '100000',
    LOGIN_RATE_LIMIT_MAX: '100000',
    REGISTRATION_RATE_LIMIT_MAX: '100000',
    // the shared budget is what is proved here; a Redis command slower than the 100 ms default would be
    // decided by that instance's memory (the fallback has its own test: tests/integration/faults-redis.test.ts)
    REDIS_COMMAND_TIMEOUT_MS: '5000',
  };
  await run('bash', [path.join(REPO_ROOT, 'deploy/up.sh')], { cwd: REPO_ROOT, env: deployEnv, timeout: 220_000 }).catch((error: { stderr?: string; stdout?: string }) => {
    throw new Error(`deploy/up.sh failed:\n${error.stdout ?? ''}\n${error.stderr ?? ''}\n${logs()}`);
  });

  db = new pg.Client({ connectionString: scratch.toString() });
  await db.connect();
});

test.afterAll(async () => {
  test.setTimeout(120_000);
  if (runDir) await run('bash', [path.join(REPO_ROOT, 'deploy/down.sh')], { cwd: REPO_ROOT, env: deployEnv, timeout: 60_000 }).catch(() => undefined);
  await db?.end().catch(() => undefined);
  receiver?.close();
  if (dbName) {
    const admin = new pg.Client({ connectionString: adminUrl.toString() });
    await admin.connect();
    await admin.query(`drop database if exists "${dbName}" with (force)`).catch(() => undefined);
    await admin.end();
  }
  if (runDir && !test.info().errors.length) rmSync(runDir, { recursive: true, force: true });
});

/** The set-up's logs, for a failure message. */
function logs(): string {
  if (!runDir) return '';
  return ['migrate', 'worker', 'app-1', 'app-2', 'nginx-error']
    .map((name) => path.join(runDir, `${name}.log`))
    .filter((file) => existsSync(file))
    .map((file) => `── ${path.basename(file)}\n${readFileSync(file, 'utf8').slice(-3000)}`)
    .join('\n');
}

const pidOf = (name: string) =>
  Number(
    /^(\S+) (\d+)$/m.exec(
      readFileSync(path.join(runDir, 'pids'), 'utf8')
        .split('\n')
        .find((l) => l.startsWith(`${name} `)) ?? '',
    )?.[2],
  );

async function json(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const contextHeaders = { 'X-Forwarded-For': '203.0.113.10', 'X-Forwarded-From': 'two-instances', platform: 'web', deviceId: 'laptop-1', 'User-Agent': 'two-instances-spec' };

async function registerTenant(base: string) {
  const body = registrationBody(uniqueName('Two'));
  const res = await fetch(`${base}/api/v2.1/tenants/registration`, {
    method: 'POST',
    headers: { authorization: `Bearer ${E2E_PLATFORM_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  const data = ((await res.json()) as { data: { tenantId: string; organizationId: string; userId: string } }).data;
  return { ...data, email: body.admin.email };
}

type Tenant = Awaited<ReturnType<typeof registerTenant>>;

/** Contract endpoint 1 on the given instance: an administrator session's bearer token. */
async function adminToken(base: string, tenant: Tenant): Promise<string> {
  const res = await fetch(`${base}/api/v2.1/admin/organization/${tenant.organizationId}/users/${tenant.userId}/sessions`, {
    method: 'POST',
    headers: { ...contextHeaders, 'content-type': 'application/json', 'X-Tenant-ID': tenant.tenantId },
    body: JSON.stringify({ username: 'owner', password: STRONG_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const claims = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as { sid: string };

test('the proxy passes requests to the instances; /api/metrics is per instance, not public', async () => {
  for (const base of [proxy, ...apps]) {
    const res = await fetch(`${base}/api/health`);
    const body = (await res.json()) as { data: { status: string; database: { driver: string }; redis: { status: string } } };
    expect({ base, status: res.status, health: body.data.status, driver: body.data.database.driver, redis: body.data.redis.status }).toEqual({
      base,
      status: 200,
      health: 'ok',
      driver: 'postgres',
      redis: 'ok',
    });
  }
  const viaProxy = await fetch(`${proxy}/api/metrics`, { headers: bearer(METRICS_TOKEN) });
  expect({ status: viaProxy.status, body: await json(viaProxy) }).toEqual({
    status: 404,
    body: { code: 404, message: 'route not found', data: { error: 'ROUTE_NOT_FOUND', details: 'no route for GET /api/metrics' } },
  });
  // the instances deliver no webhooks themselves: the separate worker does
  for (const name of ['app-1', 'app-2']) expect(readFileSync(path.join(runDir, `${name}.log`), 'utf8')).toContain('webhook delivery worker: not in this process (WEBHOOK_WORKER=false)');
  expect(readFileSync(path.join(runDir, 'worker.log'), 'utf8')).toContain('webhook worker started');
  for (const base of apps) {
    const res = await fetch(`${base}/api/metrics`, { headers: bearer(METRICS_TOKEN) });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('# TYPE http_requests_total counter');
  }
});

const sessionEnded = { code: 401, message: 'authentication required', data: { error: 'UNAUTHORIZED', details: 'the session has ended; sign in again' } };

/** Serves the caller twice on every instance: the second answer comes from each one's principal cache (docs/identity.md). */
async function warmOnEvery(token: string, bases: string[], url = '/api/v2.1/sessions'): Promise<void> {
  for (let i = 0; i < 2; i++) {
    for (const base of bases) {
      const res = await fetch(`${base}${url}`, { headers: bearer(token) });
      expect({ base, status: res.status }).toEqual({ base, status: 200 });
      await res.arrayBuffer();
    }
  }
}

/** The first moment (ms after `since`) each instance answers `status`; at most one second is allowed. */
async function expectWithinOneSecond(token: string, bases: string[], status: number, since: number, url = '/api/v2.1/sessions'): Promise<void> {
  for (const base of bases) {
    await expect
      .poll(
        async () => {
          const res = await fetch(`${base}${url}`, { headers: bearer(token) });
          await res.arrayBuffer();
          return res.status;
        },
        { timeout: Math.max(1, 1_000 - (Date.now() - since)), intervals: [10] },
      )
      .toBe(status);
  }
}

test('a session made on one instance is valid on the other; sign-out on either ends it on both within a second', async () => {
  const tenant = await registerTenant(proxy);
  const [a, b] = apps;
  const token = await adminToken(a, tenant);
  const { sid } = claims(token);
  for (const base of [b, a, proxy]) {
    const res = await fetch(`${base}/api/v2.1/sessions`, { headers: bearer(token) });
    expect(res.status).toBe(200);
    const items = ((await res.json()) as { data: { items: Array<{ id: string; current: boolean }> } }).data.items;
    expect(items.filter((s) => s.current).map((s) => s.id)).toEqual([sid]);
  }
  // both instances serve the principal warm, then it is signed out on B
  await warmOnEvery(token, [a, b]);
  const since = Date.now();
  const out = await fetch(`${b}/api/v2.1/sessions/logout`, { method: 'POST', headers: { ...bearer(token), 'content-type': 'application/json' }, body: '{}' });
  expect({ status: out.status, body: await json(out) }).toEqual({ status: 200, body: { code: 200, message: 'signed out', data: { revokedSessions: 1 } } });
  await expectWithinOneSecond(token, [a, b, proxy], 401, since);
  for (const base of [a, b, proxy]) {
    const res = await fetch(`${base}/api/v2.1/sessions`, { headers: bearer(token) });
    expect({ base, status: res.status, body: await json(res) }).toEqual({ base, status: 401, body: sessionEnded });
  }
});

test('a role change and a disabled user made on one instance take effect on the other within a second, both having served the principal warm', async () => {
  const tenant = await registerTenant(proxy);
  const [a, b] = apps;
  const owner = await adminToken(a, tenant);
  // a second administrator, with a session on B
  const created = await fetch(`${a}/api/v2.1/admin/users`, {
    method: 'POST',
    headers: { ...bearer(owner), 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'second', email: `second-${randomBytes(3).toString('hex')}@two.example`, password: STRONG_PASSWORD, roles: ['ADMIN_USER', 'EMPLOYEE'] }),
  });
  expect(created.status).toBe(200);
  const userId = ((await created.json()) as { data: { id: string } }).data.id;
  const session = await fetch(`${b}/api/v2.1/admin/organization/${tenant.organizationId}/users/${userId}/sessions`, {
    method: 'POST',
    headers: { ...contextHeaders, 'content-type': 'application/json', 'X-Tenant-ID': tenant.tenantId },
    body: JSON.stringify({ username: 'second', password: STRONG_PASSWORD }),
  });
  expect(session.status).toBe(200);
  const token = ((await session.json()) as { data: { token: string } }).data.token;

  // the role change: ADMIN_USER withdrawn on A; B refuses the administrators' list within a second
  await warmOnEvery(token, [a, b], '/api/v2.1/admin/users');
  let since = Date.now();
  const roles = await fetch(`${a}/api/v2.1/admin/users/${userId}/roles`, {
    method: 'PUT',
    headers: { ...bearer(owner), 'content-type': 'application/json' },
    body: JSON.stringify({ roles: ['EMPLOYEE'] }),
  });
  expect(roles.status).toBe(200);
  await expectWithinOneSecond(token, [b, a], 403, since, '/api/v2.1/admin/users');

  // disabled on A: B refuses the session within a second
  await warmOnEvery(token, [a, b]);
  since = Date.now();
  const disabled = await fetch(`${a}/api/v2.1/admin/users/${userId}/disable`, { method: 'POST', headers: bearer(owner) });
  expect(disabled.status).toBe(200);
  await expectWithinOneSecond(token, [b, a], 401, since);
});

test('an AML list imported on one instance: the other brings its screening index of the list up to the new version within a second, by notification, and screens against it', async () => {
  const tenant = await registerTenant(proxy);
  const [a, b] = apps;
  const token = await adminToken(a, tenant);
  const platform = { authorization: `Bearer ${E2E_PLATFORM_KEY}`, 'content-type': 'application/json' };
  const csv = (rows: string[]) => Buffer.from(['id,name,aliases,type,birth_date,countries,program,remarks', ...rows].join('\n') + '\n').toString('base64');
  const created = await fetch(`${a}/api/v2.1/platform/aml/lists`, {
    method: 'POST',
    headers: platform,
    body: JSON.stringify({ name: uniqueName('Two-instance list'), kind: 'SANCTIONS', format: 'OWN_CSV' }),
  });
  expect(created.status).toBe(200);
  const listId = ((await created.json()) as { data: { id: string } }).data.id;
  const importOn = async (base: string, rows: string[]) => {
    const res = await fetch(`${base}/api/v2.1/platform/aml/lists/${listId}/versions`, {
      method: 'POST',
      headers: platform,
      body: JSON.stringify({ main: { fileName: 'list.csv', content: csv(rows) } }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { id: string } }).data.id;
  };
  const search = async (base: string, name: string) => {
    const res = await fetch(`${base}/api/v2.1/aml/search`, { method: 'POST', headers: { ...bearer(token), 'content-type': 'application/json' }, body: JSON.stringify({ name }) });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { hits: { entry: { primaryName: string; listId: string } }[] } }).data.hits
      .filter((h) => h.entry.listId === listId)
      .map((h) => h.entry.primaryName);
  };
  const indexedOn = async (base: string) => {
    const text = await (await fetch(`${base}/api/metrics`, { headers: bearer(METRICS_TOKEN) })).text();
    return [...text.matchAll(/^aml_index_names\{list_id="([^"]+)",version_id="([^"]+)"\}/gm)].filter((m) => m[1] === listId).map((m) => m[2]);
  };
  const v1 = await importOn(a, ['S1,Ottilie Brandvold,,person,,,TEST,']);
  // B screens against the list once: it builds its index of version 1
  expect(await search(b, 'Ottilie Brandvold')).toEqual(['Ottilie Brandvold']);
  expect(await indexedOn(b)).toEqual([v1]);
  // a new version imported on A: B's index follows without any request to B but the metrics scrape.
  // The second counts from A's answer (the version committed before it): the import's own time,
  // which varies with the machine's load, is not what the notification is measured by.
  const v2 = await importOn(a, ['S1,Ottilie Brandvold,,person,,,TEST,', 'S2,Kasimir Stavenhagen,,person,,,TEST,']);
  const since = Date.now();
  await expect.poll(() => indexedOn(b), { timeout: Math.max(1, 1_000 - (Date.now() - since)), intervals: [20] }).toEqual([v2]);
  expect(await search(b, 'Kasimir Stavenhagen')).toEqual(['Kasimir Stavenhagen']);
  // the list is the operator's: drop it so that other specs' tenants do not screen against it
  expect((await fetch(`${a}/api/v2.1/platform/aml/lists/${listId}`, { method: 'PATCH', headers: platform, body: JSON.stringify({ enabled: false }) })).status).toBe(200);
});

test('an Idempotency-Key replayed on the other instance returns the first answer, and creates nothing', async () => {
  const tenant = await registerTenant(proxy);
  const [a, b] = apps;
  const token = await adminToken(proxy, tenant);
  const key = `two-instances-${randomBytes(6).toString('hex')}`;
  const post = (base: string) =>
    fetch(`${base}/api/v2.1/webhooks/subscriptions`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify({ subscriptionName: 'Replay', endpointUrl: 'https://hooks.example.com/replay', subscribedEvents: ['transfer.completed'] }),
    });
  const first = await post(a);
  const firstText = await first.text();
  expect(first.status).toBe(200);
  expect(first.headers.get('idempotent-replayed')).toBeNull();
  expect(JSON.parse(firstText)).toMatchObject({ code: 200, message: 'webhook subscription created', data: { subscriptionName: 'Replay', secretKey: expect.stringMatching(/^whsec_/) } });
  for (const base of [b, proxy]) {
    const replay = await post(base);
    expect({ status: replay.status, replayed: replay.headers.get('idempotent-replayed'), body: await replay.text() }).toEqual({ status: 200, replayed: 'true', body: firstText });
  }
  const { rows } = await db.query('select count(*)::int as n from webhook_subscriptions where tenant_id = $1', [tenant.tenantId]);
  expect(rows).toEqual([{ n: 1 }]);
});

test('rate limits are one budget across both instances and the proxy', async () => {
  const tenant = await registerTenant(proxy);
  const token = await adminToken(proxy, tenant);
  const targets = [apps[0], apps[1], proxy];
  const seen: Array<{ status: number; limit: string | null }> = [];
  for (let i = 0; i < WEBHOOKS_LIMIT; i++) {
    const res = await fetch(`${targets[i % 3]}/api/v2.1/webhooks/event-types`, { headers: bearer(token) });
    await res.arrayBuffer();
    seen.push({ status: res.status, limit: res.headers.get('ratelimit')?.replace(/;t=\d+$/, '') ?? null });
  }
  expect(seen).toEqual(Array.from({ length: WEBHOOKS_LIMIT }, (_, i) => ({ status: 200, limit: `"webhooks";r=${WEBHOOKS_LIMIT - 1 - i}` })));
  for (const base of targets) {
    const res = await fetch(`${base}/api/v2.1/webhooks/event-types`, { headers: bearer(token) });
    const retryAfter = Number(res.headers.get('retry-after'));
    expect({ base, status: res.status, body: await json(res) }).toEqual({
      base,
      status: 429,
      body: { code: 429, message: 'too many requests', data: { error: 'RATE_LIMITED', details: `retry after ${retryAfter} seconds` } },
    });
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  }
});

test('the proxy takes the bodies the routes take (a 4 MiB document upload), refuses larger ones in our envelope, and logs no query', async () => {
  // issue 26, item 6: client_max_body_size 2m refused the uploads the API accepts (8 MiB) with
  // nginx's HTML 413, and the access log kept query strings (search `q=` carries names and emails)
  const tenant = await registerTenant(proxy);
  const token = await adminToken(proxy, tenant);
  const hierarchy = (await (await fetch(`${proxy}/api/v2.1/categorization/hierarchy/${tenant.tenantId}`, { headers: { ...contextHeaders, 'X-Tenant-ID': tenant.tenantId } })).json()) as {
    data: { categories: Array<{ id: string; code: string }> };
  };
  const categoryId = hierarchy.data.categories.find((c) => c.code === 'RETAIL_STANDARD')!.id;
  // a 3 MiB PDF: a 4 MiB body in base64, over the old 2m and under the route's 8 MiB
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3 * 1024 * 1024, 0x20), Buffer.from('\n%%EOF\n')]).toString('base64');
  const body = individualRegistrationBody({ email: `big.${Date.now().toString(36)}@customer.example`, password: STRONG_PASSWORD, categoryId, documentFile: pdf });
  const registered = await fetch(`${proxy}/api/v2.1/customer/individual/registration`, {
    method: 'POST',
    headers: { ...contextHeaders, 'X-Tenant-ID': tenant.tenantId, ...bearer(token), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect({ status: registered.status, size: JSON.stringify(body).length > 4 * 1024 * 1024 }).toEqual({ status: 200, size: true });
  const { customerId } = ((await registered.json()) as { data: { customerId: string } }).data;
  const upload = await fetch(`${proxy}/api/v2.1/customer/individual/${customerId}/documents`, {
    method: 'POST',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    body: JSON.stringify({ documentType: 'PROOF_OF_ADDRESS', documentFile: pdf }),
  });
  expect(upload.status).toBe(200);

  const tooLarge = async (path: string, bytes: number, headers: Record<string, string> = {}) => {
    const res = await fetch(`${proxy}${path}`, { method: 'POST', headers: { ...bearer(token), 'content-type': 'application/json', ...headers }, body: Buffer.alloc(bytes, 0x20) });
    return { status: res.status, type: res.headers.get('content-type'), nosniff: res.headers.get('x-content-type-options'), body: await json(res) };
  };
  const refused = (limit: number) => ({
    status: 413,
    type: 'application/json',
    nosniff: 'nosniff',
    body: { code: 413, message: 'payload too large', data: { error: 'PAYLOAD_TOO_LARGE', details: `the body must be at most ${limit} bytes` } },
  });
  // over the upload routes' 8 MiB
  expect(await tooLarge(`/api/v2.1/customer/individual/${customerId}/documents`, 8 * 1024 * 1024 + 1)).toEqual(refused(8388608));
  // over every other route's 1 MiB (MAX_BODY_BYTES), and Envelope B on the card API
  expect(await tooLarge('/api/v2.1/wallets', 1024 * 1024 + 1)).toEqual(refused(1048576));
  expect(await tooLarge('/api/v2.1/card/virtual/card/info', 1024 * 1024 + 1, { 'X-Tenant-ID': tenant.tenantId })).toEqual({
    ...refused(1048576),
    body: { success: false, code: 413, msg: 'payload too large', data: { error: 'PAYLOAD_TOO_LARGE', details: 'the body must be at most 1048576 bytes' } },
  });

  const secret = `Ada.Lovelace.${Date.now().toString(36)}`;
  const search = await fetch(`${proxy}/api/v2.1/customers?q=${secret}`, { headers: bearer(token) });
  expect(search.status).toBe(200);
  await expect.poll(() => readFileSync(path.join(runDir, 'nginx-access.log'), 'utf8')).toContain('"GET /api/v2.1/customers HTTP/1.1" 200');
  expect(readFileSync(path.join(runDir, 'nginx-access.log'), 'utf8')).not.toContain(secret);
});

test('an instance killed with SIGKILL under load: requests keep flowing through the proxy, and every event is delivered exactly once', async () => {
  test.setTimeout(180_000);
  const tenant = await registerTenant(proxy);
  const token = await adminToken(proxy, tenant);
  // the receiver is plain http on 127.0.0.1: the tenant allows http endpoints (testing)
  const settings = await fetch(`${proxy}/api/v2.1/webhooks/settings`, {
    method: 'PUT',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    body: JSON.stringify({ allowHttpEndpoints: true }),
  });
  expect(settings.status).toBe(200);
  const created = await fetch(`${proxy}/api/v2.1/webhooks/subscriptions`, {
    method: 'POST',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    body: JSON.stringify({ subscriptionName: 'Sessions', endpointUrl: receiverUrl, subscribedEvents: ['session.created'] }),
  });
  expect({ status: created.status, body: created.status === 200 ? 'created' : await created.text() }).toEqual({ status: 200, body: 'created' });
  const subscriptionId = ((await created.json()) as { data: { id: string } }).data.id;

  // sign-ins through the proxy (each opens a session and emits session.created), 4 at a time
  const CONCURRENCY = 4;
  const BEFORE_KILL = 12;
  const AFTER_KILL = 16;
  const answers: Array<{ status: number; body: unknown; afterKill: boolean }> = [];
  let killed = false;
  let answeredAfterKill = 0;
  const signIn = async () =>
    fetch(`${proxy}/api/auth/login`, {
      method: 'POST',
      headers: { ...contextHeaders, 'content-type': 'application/json', 'X-Tenant-ID': tenant.tenantId },
      body: JSON.stringify({ email: tenant.email, password: STRONG_PASSWORD, tenantId: tenant.tenantId }),
    });
  const loop = async () => {
    while (answeredAfterKill < AFTER_KILL) {
      const afterKill = killed;
      try {
        const res = await signIn();
        answers.push({ status: res.status, body: await json(res), afterKill });
      } catch (error) {
        // the connection closed under the answer: an instance that died mid-response
        answers.push({ status: 0, body: String(error), afterKill });
      }
      if (afterKill) answeredAfterKill++;
      if (!killed && answers.length >= BEFORE_KILL) {
        // with requests in flight on both instances
        killed = true;
        process.kill(pidOf('app-1'), 'SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, loop));
  expect(killed).toBe(true);

  // every answer is a sign-in, or (only a request that was in flight on the killed instance) the
  // proxy's 503 envelope or, when the instance died in the middle of its answer, a closed connection;
  // nothing else, and the requests after the kill are served
  const unavailable = { code: 503, message: 'service unavailable', data: { error: 'SERVICE_UNAVAILABLE', details: 'no application instance answered; retry later' } };
  const kinds = answers.map((a) =>
    a.status === 200
      ? 'signed in'
      : a.status === 503 && JSON.stringify(a.body) === JSON.stringify(unavailable)
        ? 'cut off'
        : a.status === 0 && /terminated|other side closed|socket/i.test(String(a.body))
          ? 'cut off'
          : `unexpected ${a.status} ${JSON.stringify(a.body)}`,
  );
  expect(kinds.filter((k) => k !== 'signed in' && k !== 'cut off')).toEqual([]);
  expect(kinds.filter((k) => k === 'cut off').length).toBeLessThanOrEqual(CONCURRENCY);
  for (const a of answers.filter((x) => x.status === 200)) {
    expect(a.body).toEqual({ accessToken: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/), tokenType: 'Bearer', expiresIn: 3600 });
  }
  expect(answers.filter((a) => a.afterKill && a.status === 200).length).toBeGreaterThanOrEqual(AFTER_KILL - CONCURRENCY);
  // the load went through both instances before the kill
  const access = readFileSync(path.join(runDir, 'nginx-access.log'), 'utf8')
    .split('\n')
    .filter((l) => l.includes('/api/auth/login'));
  for (const app of apps) expect(access.some((l) => l.includes(`upstream=${new URL(app).host}`))).toBe(true);

  // every event emitted (including those of requests cut off by the kill whose transaction had
  // committed) reaches the receiver exactly once, in one attempt
  const events = async () =>
    (
      await db.query<{ id: string; session_id: string; ip: string }>(
        `select id, payload->'data'->>'sessionId' as session_id, payload->'data'->>'ipAddress' as ip from events where tenant_id = $1 and type = 'session.created' and created_at >= (select created_at from webhook_subscriptions where id = $2)`,
        [tenant.tenantId, subscriptionId],
      )
    ).rows;
  await expect
    .poll(async () => (await db.query(`select count(*)::int as n from webhook_deliveries where subscription_id = $1 and status <> 'SUCCEEDED'`, [subscriptionId])).rows[0].n, {
      timeout: 60_000,
      message: `deliveries still pending:\n${logs()}`,
    })
    .toBe(0);
  const emitted = await events();
  // nginx appended its peer to the client's X-Forwarded-For: the end user's address (its first entry) is kept
  expect([...new Set(emitted.map((e) => e.ip))]).toEqual([contextHeaders['X-Forwarded-For']]);
  const signedIn = answers.filter((a) => a.status === 200).map((a) => claims((a.body as { accessToken: string }).accessToken).sid);
  expect(emitted.length).toBeGreaterThanOrEqual(signedIn.length);
  expect(emitted.map((e) => e.session_id)).toEqual(expect.arrayContaining(signedIn));
  const mine = received.filter((r) => r.body.type === 'session.created' && emitted.some((e) => e.id === r.webhookId));
  expect(mine.map((r) => r.webhookId).sort()).toEqual(emitted.map((e) => e.id).sort());
  for (const r of mine) expect(r.body.id).toBe(r.webhookId);
  const { rows: deliveries } = await db.query<{ event_id: string; status: string; attempt_count: number; attempts: number }>(
    `select d.event_id, d.status, d.attempt_count, (select count(*)::int from webhook_attempts a where a.delivery_id = d.id) as attempts
     from webhook_deliveries d where d.subscription_id = $1`,
    [subscriptionId],
  );
  expect(deliveries.map((d) => d.event_id).sort()).toEqual(emitted.map((e) => e.id).sort());
  expect(deliveries.filter((d) => d.status !== 'SUCCEEDED' || d.attempt_count !== 1 || d.attempts !== 1)).toEqual([]);

  // the worker's own counters, scraped from it (the only process that delivers here)
  const scraped = await fetch(workerMetrics, { headers: bearer(METRICS_TOKEN) });
  expect(scraped.status).toBe(200);
  expect(/^webhook_delivery_outcomes_total\{outcome="SUCCEEDED"\} (\d+)$/m.exec(await scraped.text())?.[1]).toBe(String(mine.length));

  const summary = `${answers.length} sign-ins (${answers.filter((x) => x.status === 503).length} answered 503 and ${answers.filter((x) => x.status === 0).length} cut off by the kill), ${emitted.length} events, ${mine.length} deliveries`;
  test.info().annotations.push({ type: 'load', description: summary });
  console.log(`two instances, one killed: ${summary}`);

  // the proxy still serves, through the instance that is left
  const health = await fetch(`${proxy}/api/health`);
  expect(health.status).toBe(200);
});
