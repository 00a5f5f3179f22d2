import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { DEFAULT_IDLE_COLLECT_MS, DEFAULT_PGLITE_DATA_DIR, DEFAULT_PGLITE_SETTINGS } from './env-defaults.mjs';

/**
 * The whole configuration of the server, validated once at start-up (instrumentation.ts) and read
 * through getEnv() everywhere else. Every variable is documented in README.md.
 */
/** An IP address or CIDR range such as 10.0.0.0/8 or fd00::/8. */
export function isCidr(value: string): boolean {
  const [address, bits, ...rest] = value.split('/');
  const family = isIP(address ?? '');
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

const booleanString = z.enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' }).transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * The default node-postgres pool size of a process: 5 × (2 × cores + 1), between 10 and 100, e.g.
 * 25 on 2 cores, 45 on 4. PostgreSQL's rule of thumb keeps about (2 × cores) + spindles connections
 * busy in the server (an SSD counts as one spindle); a request holds its connection about five times
 * as long as the server works for it (between its statements it waits for this process's event loop,
 * the network, or a row lock: twenty transfers from one wallet queue on its lock, each holding its
 * connection). So at the benchmark's 20 concurrent requests on 2 cores no request waits for a
 * connection (each request holds at most one at a time), and the server is not flooded with more
 * connections than it can serve. Processes × pool must stay below the server's max_connections
 * (100 by default): lower DATABASE_POOL_MAX when running many processes on a larger machine.
 */
export function defaultPoolMax(cores = availableParallelism()): number {
  return Math.min(100, Math.max(10, 5 * (2 * cores + 1)));
}

/** a whole number from `min` to `max`, `fallback` when unset */
const wholeNumberFrom = (min: number, fallback: number, max: number) =>
  z.coerce
    .number({ error: `must be a whole number from ${min} to ${max}` })
    .int(`must be a whole number from ${min} to ${max}`)
    .min(min, `must be a whole number from ${min} to ${max}`)
    .max(max, `must be a whole number from ${min} to ${max}`)
    .default(fallback);
const positiveInt = (fallback: number, max = 1_000_000) => wholeNumberFrom(1, fallback, max);
/** 0 (off, or none) up to `max` */
const wholeNumber = (fallback: number, max: number) => wholeNumberFrom(0, fallback, max);

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  PGLITE_DATA_DIR: z.string().min(1).default(DEFAULT_PGLITE_DATA_DIR).describe('where the embedded database keeps its files; memory:// keeps it in memory'),
  PGLITE_SETTINGS: z
    .string()
    .regex(/^\s*([a-z_]+=\S+\s*)*$/, 'must be PostgreSQL settings as name=value separated by spaces')
    .default(DEFAULT_PGLITE_SETTINGS)
    .describe("the embedded database's PostgreSQL settings, name=value separated by spaces (its memory: lib/env-defaults.mjs)"),
  PGLITE_AUTOVACUUM_MS: wholeNumber(10_000, 86_400_000).describe(
    "how often the embedded database's tables past PostgreSQL's autovacuum thresholds are vacuumed and analyzed (lib/db/autovacuum.ts); 0 turns it off",
  ),
  POSTGRES_AUTOVACUUM_MS: wholeNumber(10_000, 86_400_000).describe(
    "with DATABASE_URL, when the PostgreSQL server's own autovacuum is off: how often the tables past its thresholds are vacuumed and analyzed by one of the platform's processes (lib/db/autovacuum.ts); 0 leaves them alone",
  ),
  PGLITE_THREAD: booleanString.default(true).describe('run the embedded database in a worker thread of its own, off the thread that serves HTTP (false: in that thread)'),
  DATABASE_POOL_MAX: positiveInt(defaultPoolMax(), 200).describe('node-postgres pool size per process; default from the CPU count (defaultPoolMax)'),
  DATABASE_CONNECT_TIMEOUT_MS: positiveInt(2_000, 60_000).describe('give up opening a PostgreSQL connection after this long (503)'),
  DATABASE_QUERY_TIMEOUT_MS: positiveInt(10_000, 600_000).describe('give up on a PostgreSQL statement after this long (client and statement_timeout)'),
  DATABASE_STATEMENT_CACHE: wholeNumber(300, 5000).describe('statements used more than once are prepared once per connection, at most this many (both drivers); 0 turns it off'),
  DATABASE_COMPILE_CHECK: booleanString
    .default(false)
    .describe("compile every statement with drizzle's own walk too and fail on any difference from ours (lib/db/compile-sql.ts); the tests turn it on"),
  PLATFORM_ADMIN_KEY: z
    .string()
    .min(32, 'must be at least 32 characters')
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
    .optional(),
  SEED_DEMO: booleanString.optional().describe('create the demo tenant in an empty database; default: on unless NODE_ENV=production, where it must be set explicitly'),
  DEMO_ADMIN_PASSWORD: z.string().min(8).max(128).optional(),
  IDLE_COLLECT_MS: wholeNumber(DEFAULT_IDLE_COLLECT_MS, 600_000).describe(
    "after this long without a new request, the server collects its JavaScript heap's garbage once if the heap grew by 32 MiB since the last collection (server/idle-collect.mjs); 0: never",
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MAX_BODY_BYTES: positiveInt(1_048_576, 64 * 1_048_576),
  // identity
  JWT_PRIVATE_KEY: z
    .string()
    .regex(/-----BEGIN PRIVATE KEY-----/, 'must be an Ed25519 private key in PKCS#8 PEM')
    .optional()
    .describe('EdDSA signing key; unset: a key pair is generated once and kept in the database'),
  JWT_KEY_ID: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, 'must be 1-64 of A-Z a-z 0-9 . _ -')
    .optional(),
  JWT_ISSUER: z.string().min(1).default('business-platform'),
  JWT_AUDIENCE: z.string().min(1).default('business-platform-api'),
  SESSION_TTL_SECONDS: positiveInt(30 * 24 * 3600, 365 * 24 * 3600),
  LOGIN_RATE_LIMIT_MAX: positiveInt(30, 1_000_000),
  LOGIN_RATE_LIMIT_WINDOW_SECONDS: positiveInt(60, 86_400),
  REGISTRATION_RATE_LIMIT_MAX: positiveInt(10, 1_000_000),
  REGISTRATION_RATE_LIMIT_WINDOW_SECONDS: positiveInt(60, 86_400),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  NEXTAUTH_URL: z
    .url({ message: 'must be an absolute http(s) URL' })
    .regex(/^https?:\/\//i, 'must be an absolute http(s) URL')
    .optional()
    .describe('the public URL of the server; https:// in production unless ALLOW_INSECURE_HTTP=true'),
  ALLOW_INSECURE_HTTP: booleanString
    .default(false)
    .describe('production only: accept an http:// NEXTAUTH_URL (a local trial): the panel cookie then goes without Secure and no HSTS is sent'),
  // webhooks
  WEBHOOK_ENCRYPTION_KEY: z
    .string()
    .refine((v) => /^[A-Za-z0-9+/_-]+={0,2}$/.test(v) && Buffer.from(v, 'base64').length === 32, { message: 'must be the base64 of exactly 32 bytes (openssl rand -base64 32)' })
    .optional()
    .describe('AES-256-GCM key of webhook signing secrets at rest; unset: generated once (see docs/webhooks.md)'),
  WEBHOOK_WORKER: booleanString.default(true).describe('run the delivery worker inside the server process'),
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: booleanString.default(false).describe('lift the SSRF guard: development and tests only'),
  SANDBOX_FUNDING: booleanString.optional().describe('allow POST /wallets/{id}/sandbox/fund; default: on unless NODE_ENV=production (docs/ledger.md)'),
  WEBHOOK_TIMEOUT_MS: positiveInt(15_000, 120_000),
  WEBHOOK_POLL_INTERVAL_MS: positiveInt(500, 60_000),
  WEBHOOK_WORKER_CONCURRENCY: positiveInt(16, 256),
  // retention sweeps and scheduled jobs, run by the delivery worker's process (docs/operations.md)
  RETENTION_EVENTS_DAYS: positiveInt(90, 3650),
  RETENTION_SESSIONS_DAYS: positiveInt(7, 3650),
  RETENTION_BATCH_SIZE: positiveInt(1000, 100_000),
  RETENTION_INTERVAL_SECONDS: positiveInt(3600, 7 * 86_400),
  RECONCILIATION_INTERVAL_SECONDS: positiveInt(3600, 7 * 86_400),
  MAINTENANCE_TICK_SECONDS: positiveInt(60, 3600),
  // AML ongoing monitoring: how often an idle worker looks for re-screening runs (it is also woken by the import's notification; docs/aml.md)
  AML_RESCREEN_POLL_MS: positiveInt(5000, 600_000),
  AML_RESCREEN_BATCH_SIZE: positiveInt(200, 10_000),
  AML_RESCREEN_SHARE: z.coerce
    .number({ error: 'must be a number above 0 and at most 1' })
    .gt(0, 'must be a number above 0 and at most 1')
    .max(1, 'must be a number above 0 and at most 1')
    .default(0.15)
    .describe("the share of the thread's time ongoing monitoring's re-screening may take (docs/aml.md)"),
  WORKER_METRICS_PORT: z.coerce
    .number({ error: 'must be a port number from 1 to 65535' })
    .int('must be a port number from 1 to 65535')
    .min(1, 'must be a port number from 1 to 65535')
    .max(65535, 'must be a port number from 1 to 65535')
    .optional()
    .describe('npm run worker serves GET /api/metrics (METRICS_TOKEN) on this port; unset: no listener'),
  WORKER_METRICS_HOST: z.string().min(1).default('127.0.0.1').describe('the address of the worker metrics listener'),
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
    .optional()
    .describe('bearer token of GET /api/metrics; unset: the route answers 404'),
  // developer-facing API: rate limits per route class (docs/developer-api.md), shared counters, client IP
  RATE_LIMIT_DEFAULT_MAX: positiveInt(600),
  RATE_LIMIT_DEFAULT_WINDOW_SECONDS: positiveInt(60, 86_400),
  RATE_LIMIT_LOGIN_MAX: positiveInt(60),
  RATE_LIMIT_LOGIN_WINDOW_SECONDS: positiveInt(60, 86_400),
  RATE_LIMIT_REGISTRATION_MAX: positiveInt(30),
  RATE_LIMIT_REGISTRATION_WINDOW_SECONDS: positiveInt(60, 86_400),
  RATE_LIMIT_WEBHOOKS_MAX: positiveInt(120),
  RATE_LIMIT_WEBHOOKS_WINDOW_SECONDS: positiveInt(60, 86_400),
  RATE_LIMIT_CARD_MAX: positiveInt(300),
  RATE_LIMIT_CARD_WINDOW_SECONDS: positiveInt(60, 86_400),
  RATE_LIMIT_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{1,64}$/, 'must be 1-64 of A-Z a-z 0-9 . _ : -')
    .default('bp-rl')
    .describe('prefix of the counters in Redis (several deployments sharing one Redis)'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL')
    .optional()
    .describe('share rate-limit counters between server instances; unset: process memory'),
  REDIS_COMMAND_TIMEOUT_MS: positiveInt(100, 10_000).describe('a Redis command slower than this falls back to the in-memory limiter'),
  TRUSTED_PROXIES: z
    .string()
    .refine((v) => v.split(',').every((c) => isCidr(c.trim())), { message: 'must be a comma-separated list of IP addresses or CIDR ranges' })
    .optional()
    .describe('reverse proxies whose X-Forwarded-For entries are believed'),
  // card processor
  CARD_PROCESSOR_URL: z
    .url({ message: 'must be an absolute http(s) URL' })
    .regex(/^https?:\/\//, 'must be an absolute http(s) URL')
    .optional()
    .describe('base URL of a real card processor; unset: the built-in sandbox processor'),
  CARD_PROCESSOR_API_KEY: z.string().min(16, 'must be at least 16 characters').optional().describe('bearer key sent to the card processor'),
  CARD_PROCESSOR_TIMEOUT_MS: positiveInt(10_000, 120_000),
  CARD_PROCESSOR_CONNECTIONS: positiveInt(64, 1024),
  CARD_PROCESSOR_SANDBOX: booleanString.default(false).describe('the processor at CARD_PROCESSOR_URL is our sandbox (npm run card-processor): forward its sandbox-only operations'),
});

type RawEnv = z.infer<typeof envSchema>;
/** The parsed configuration; defaults that depend on NODE_ENV are resolved (SEED_DEMO). */
export type Env = Omit<RawEnv, 'SEED_DEMO'> & { SEED_DEMO: boolean };

export class EnvError extends Error {
  constructor(
    public readonly variable: string,
    detail: string,
  ) {
    super(`Invalid environment: ${variable} ${detail}`);
    this.name = 'EnvError';
  }
}

/** Parses a raw environment; empty strings count as unset. Throws EnvError naming the first bad variable. */
export function parseEnv(raw: Record<string, string | undefined>): Env {
  const cleaned: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = raw[key];
    if (value !== undefined && value !== '') cleaned[key] = value;
  }
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const variable = String(issue.path[0] ?? 'environment');
    // zod's default enum message lists quoted options; say it plainly. Custom messages stand as written.
    const detail =
      issue.code === 'invalid_value' && 'values' in issue && issue.message.startsWith('Invalid option')
        ? `must be one of ${(issue.values as unknown[]).join(', ')}`
        : issue.message.replace(/^Invalid input: /, '');
    throw new EnvError(variable, detail);
  }
  const env = result.data;
  return { ...env, SEED_DEMO: env.SEED_DEMO ?? env.NODE_ENV !== 'production' };
}

/**
 * What a production server (NODE_ENV=production) must have configured instead of a development
 * default: the public URL and the secrets that would otherwise be generated and kept next to the
 * data they protect. Throws EnvError naming the first missing variable (one start-up line).
 * Development conveniences that are switched on explicitly are allowed; productionWarnings() names them.
 */
export function assertProductionConfiguration(env: Env): void {
  if (env.NODE_ENV !== 'production') return;
  const required: Array<[keyof Env, string]> = [
    ['NEXTAUTH_URL', 'the public URL of this server, e.g. https://bank.example.com (panel sign-in redirects and the same-origin check)'],
    ['AUTH_SECRET', 'at least 32 random characters (openssl rand -base64 32)'],
    ['WEBHOOK_ENCRYPTION_KEY', 'the base64 of 32 random bytes (openssl rand -base64 32)'],
  ];
  for (const [name, what] of required) {
    if (env[name] === undefined) throw new EnvError(name, `is required when NODE_ENV=production: ${what}`);
  }
  // next-auth marks its cookies Secure only when the public URL is https: over http a session cookie
  // would travel in the clear (and no Strict-Transport-Security is sent)
  if (!isHttpsUrl(env.NEXTAUTH_URL!) && !env.ALLOW_INSECURE_HTTP) {
    throw new EnvError(
      'NEXTAUTH_URL',
      'must be an https:// URL when NODE_ENV=production (the panel cookie is Secure only over https); for a local trial on http set ALLOW_INSECURE_HTTP=true',
    );
  }
  if (!env.CARD_PROCESSOR_URL && !env.CARD_PROCESSOR_SANDBOX) {
    throw new EnvError(
      'CARD_PROCESSOR_URL',
      'is required when NODE_ENV=production: the base URL of the card processor (or CARD_PROCESSOR_SANDBOX=true to serve the card API from the built-in sandbox, test cards only)',
    );
  }
  if (env.SEED_DEMO && !env.DEMO_ADMIN_PASSWORD) {
    throw new EnvError('DEMO_ADMIN_PASSWORD', 'is required with SEED_DEMO=true when NODE_ENV=production (no credential is printed in production)');
  }
}

/** Whether a URL is https:// (the public URL: Secure cookies, Strict-Transport-Security). */
export function isHttpsUrl(url: string | undefined): boolean {
  return /^https:\/\//i.test(url ?? '');
}

/** One line per development convenience that is switched on in production (start-up banner). */
export function productionWarnings(env: Env): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const lines: string[] = [];
  if (env.ALLOW_INSECURE_HTTP && !isHttpsUrl(env.NEXTAUTH_URL)) {
    lines.push(
      `production: ALLOW_INSECURE_HTTP=true serves the panel on ${env.NEXTAUTH_URL ?? 'http://'}: its session cookie goes without Secure and no Strict-Transport-Security is sent (a local trial only)`,
    );
  }
  if (env.SEED_DEMO) lines.push('production: SEED_DEMO=true creates the demo tenant in an empty database');
  if (env.WEBHOOK_ALLOW_PRIVATE_NETWORKS) lines.push('production: WEBHOOK_ALLOW_PRIVATE_NETWORKS=true turns the webhook SSRF guard off');
  if (env.SANDBOX_FUNDING) lines.push('production: SANDBOX_FUNDING=true lets admins create money (POST /wallets/{id}/sandbox/fund)');
  if (!env.JWT_PRIVATE_KEY) lines.push('production: JWT signing keys are kept in the database (set JWT_PRIVATE_KEY to hold the key outside it)');
  if (env.CARD_PROCESSOR_SANDBOX) {
    lines.push(
      env.CARD_PROCESSOR_URL
        ? 'production: CARD_PROCESSOR_SANDBOX=true forwards simulate/* and sandbox/otp/peek to the processor'
        : 'production: CARD_PROCESSOR_SANDBOX=true: the card API is served by the built-in sandbox processor (test cards; simulate/* and sandbox/otp/peek answer)',
    );
  }
  return lines;
}

let cached: Env | undefined;

export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** For tests that change process.env between cases. */
export function resetEnvCache(): void {
  cached = undefined;
}
