import { afterEach, describe, expect, it } from 'vitest';
import { assertProductionConfiguration, defaultPoolMax, EnvError, getEnv, parseEnv, productionWarnings, resetEnvCache } from '@/lib/env';

const DEFAULTS = {
  NODE_ENV: 'development',
  PGLITE_DATA_DIR: './.data/pglite',
  PGLITE_SETTINGS: 'shared_buffers=32MB maintenance_work_mem=16MB',
  PGLITE_THREAD: true,
  PGLITE_AUTOVACUUM_MS: 10_000,
  POSTGRES_AUTOVACUUM_MS: 10_000,
  // from the CPU count (issue 18): 5 × (2 × cores + 1), 10-100
  DATABASE_POOL_MAX: defaultPoolMax(),
  DATABASE_CONNECT_TIMEOUT_MS: 2_000,
  DATABASE_QUERY_TIMEOUT_MS: 10_000,
  DATABASE_STATEMENT_CACHE: 300,
  DATABASE_COMPILE_CHECK: false,
  SEED_DEMO: true,
  IDLE_COLLECT_MS: 1000,
  LOG_LEVEL: 'info',
  MAX_BODY_BYTES: 1_048_576,
  JWT_ISSUER: 'business-platform',
  JWT_AUDIENCE: 'business-platform-api',
  SESSION_TTL_SECONDS: 30 * 24 * 3600,
  LOGIN_RATE_LIMIT_MAX: 30,
  LOGIN_RATE_LIMIT_WINDOW_SECONDS: 60,
  ALLOW_INSECURE_HTTP: false,
  WEBHOOK_WORKER: true,
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: false,
  WEBHOOK_TIMEOUT_MS: 15_000,
  WEBHOOK_POLL_INTERVAL_MS: 500,
  WEBHOOK_WORKER_CONCURRENCY: 16,
  WORKER_METRICS_HOST: '127.0.0.1',
  REGISTRATION_RATE_LIMIT_MAX: 10,
  REGISTRATION_RATE_LIMIT_WINDOW_SECONDS: 60,
  CARD_PROCESSOR_TIMEOUT_MS: 10_000,
  CARD_PROCESSOR_CONNECTIONS: 64,
  CARD_PROCESSOR_SANDBOX: false,
  RATE_LIMIT_DEFAULT_MAX: 600,
  RATE_LIMIT_DEFAULT_WINDOW_SECONDS: 60,
  RATE_LIMIT_LOGIN_MAX: 60,
  RATE_LIMIT_LOGIN_WINDOW_SECONDS: 60,
  RATE_LIMIT_REGISTRATION_MAX: 30,
  RATE_LIMIT_REGISTRATION_WINDOW_SECONDS: 60,
  RATE_LIMIT_WEBHOOKS_MAX: 120,
  RATE_LIMIT_WEBHOOKS_WINDOW_SECONDS: 60,
  RATE_LIMIT_CARD_MAX: 300,
  RATE_LIMIT_CARD_WINDOW_SECONDS: 60,
  RATE_LIMIT_KEY_PREFIX: 'bp-rl',
  REDIS_COMMAND_TIMEOUT_MS: 100,
  RETENTION_EVENTS_DAYS: 90,
  RETENTION_SESSIONS_DAYS: 7,
  RETENTION_BATCH_SIZE: 1000,
  RETENTION_INTERVAL_SECONDS: 3600,
  RECONCILIATION_INTERVAL_SECONDS: 3600,
  MAINTENANCE_TICK_SECONDS: 60,
  AML_RESCREEN_POLL_MS: 5000,
  AML_RESCREEN_BATCH_SIZE: 200,
  AML_RESCREEN_SHARE: 0.15,
};

const KEY = 'k'.repeat(32);

function failure(raw: Record<string, string>): { name: string; variable: string; message: string } {
  try {
    parseEnv(raw);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    const e = error as EnvError;
    return { name: e.name, variable: e.variable, message: e.message };
  }
  throw new Error(`parseEnv accepted ${JSON.stringify(raw)}`);
}

describe('parseEnv', () => {
  it('applies the defaults to an empty environment', () => {
    expect(parseEnv({})).toEqual(DEFAULTS);
  });

  it('sizes the pool from the CPU count: 5 × (2 × cores + 1), at least 10, at most 100', () => {
    expect([1, 2, 4, 8, 16].map((cores) => defaultPoolMax(cores))).toEqual([15, 25, 45, 85, 100]);
  });

  it('treats empty strings as unset', () => {
    expect(
      parseEnv({
        NODE_ENV: '',
        DATABASE_URL: '',
        PGLITE_DATA_DIR: '',
        DATABASE_POOL_MAX: '',
        PLATFORM_ADMIN_KEY: '',
        SEED_DEMO: '',
        DEMO_ADMIN_PASSWORD: '',
        LOG_LEVEL: '',
        MAX_BODY_BYTES: '',
      }),
    ).toEqual(DEFAULTS);
  });

  it('ignores variables it does not know', () => {
    expect(parseEnv({ HOME: '/root', PATH: '/bin', npm_package_version: '1.0.0' })).toEqual(DEFAULTS);
  });

  it('parses a full valid configuration', () => {
    expect(
      parseEnv({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgresql://app:secret@db:5432/app',
        PGLITE_DATA_DIR: 'memory://',
        DATABASE_POOL_MAX: '25',
        PLATFORM_ADMIN_KEY: KEY,
        SEED_DEMO: 'no',
        DEMO_ADMIN_PASSWORD: 'Demo-Pass-1',
        LOG_LEVEL: 'warn',
        MAX_BODY_BYTES: '2048',
      }),
    ).toEqual({
      ...DEFAULTS,
      NODE_ENV: 'production',
      DATABASE_URL: 'postgresql://app:secret@db:5432/app',
      PGLITE_DATA_DIR: 'memory://',
      DATABASE_POOL_MAX: 25,
      PLATFORM_ADMIN_KEY: KEY,
      SEED_DEMO: false,
      DEMO_ADMIN_PASSWORD: 'Demo-Pass-1',
      LOG_LEVEL: 'warn',
      MAX_BODY_BYTES: 2048,
    });
  });

  it.each([
    ['true', true],
    ['1', true],
    ['yes', true],
    ['false', false],
    ['0', false],
    ['no', false],
  ])('SEED_DEMO=%s is %s', (value, expected) => {
    expect(parseEnv({ SEED_DEMO: value }).SEED_DEMO).toBe(expected);
  });

  it('accepts a 32-byte WEBHOOK_ENCRYPTION_KEY in base64', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(parseEnv({ WEBHOOK_ENCRYPTION_KEY: key }).WEBHOOK_ENCRYPTION_KEY).toBe(key);
  });

  it('accepts REDIS_URL and TRUSTED_PROXIES of IPv4 and IPv6 addresses and ranges', () => {
    const env = parseEnv({ REDIS_URL: 'redis://127.0.0.1:6379/0', TRUSTED_PROXIES: '10.0.0.0/8, 192.0.2.1, fd00::/8, ::1' });
    expect([env.REDIS_URL, env.TRUSTED_PROXIES]).toEqual(['redis://127.0.0.1:6379/0', '10.0.0.0/8, 192.0.2.1, fd00::/8, ::1']);
  });

  it('accepts both postgres:// and postgresql:// URLs', () => {
    expect(parseEnv({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' }).DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/test');
    expect(parseEnv({ DATABASE_URL: 'postgresql://u@h/d' }).DATABASE_URL).toBe('postgresql://u@h/d');
  });

  it.each([
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL', 'Invalid environment: DATABASE_URL must be a postgres:// or postgresql:// URL'],
    [{ DATABASE_URL: 'postgres://has space' }, 'DATABASE_URL', 'Invalid environment: DATABASE_URL must be a postgres:// or postgresql:// URL'],
    [{ PLATFORM_ADMIN_KEY: 'short' }, 'PLATFORM_ADMIN_KEY', 'Invalid environment: PLATFORM_ADMIN_KEY must be at least 32 characters'],
    [{ PLATFORM_ADMIN_KEY: `${'a'.repeat(20)} ${'b'.repeat(20)}` }, 'PLATFORM_ADMIN_KEY', 'Invalid environment: PLATFORM_ADMIN_KEY must be printable ASCII without spaces'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL', 'Invalid environment: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO', 'Invalid environment: SEED_DEMO must be true or false'],
    [{ PGLITE_THREAD: 'sometimes' }, 'PGLITE_THREAD', 'Invalid environment: PGLITE_THREAD must be true or false'],
    [{ DATABASE_COMPILE_CHECK: 'always' }, 'DATABASE_COMPILE_CHECK', 'Invalid environment: DATABASE_COMPILE_CHECK must be true or false'],
    [{ PGLITE_SETTINGS: 'shared_buffers = 1GB' }, 'PGLITE_SETTINGS', 'Invalid environment: PGLITE_SETTINGS must be PostgreSQL settings as name=value separated by spaces'],
    [{ MAX_BODY_BYTES: '0' }, 'MAX_BODY_BYTES', 'Invalid environment: MAX_BODY_BYTES must be a whole number from 1 to 67108864'],
    [{ MAX_BODY_BYTES: 'abc' }, 'MAX_BODY_BYTES', 'Invalid environment: MAX_BODY_BYTES must be a whole number from 1 to 67108864'],
    [{ MAX_BODY_BYTES: '1.5' }, 'MAX_BODY_BYTES', 'Invalid environment: MAX_BODY_BYTES must be a whole number from 1 to 67108864'],
    [{ DATABASE_POOL_MAX: '201' }, 'DATABASE_POOL_MAX', 'Invalid environment: DATABASE_POOL_MAX must be a whole number from 1 to 200'],
    [{ PGLITE_AUTOVACUUM_MS: '-1' }, 'PGLITE_AUTOVACUUM_MS', 'Invalid environment: PGLITE_AUTOVACUUM_MS must be a whole number from 0 to 86400000'],
    [{ PGLITE_AUTOVACUUM_MS: 'hourly' }, 'PGLITE_AUTOVACUUM_MS', 'Invalid environment: PGLITE_AUTOVACUUM_MS must be a whole number from 0 to 86400000'],
    [{ POSTGRES_AUTOVACUUM_MS: '86400001' }, 'POSTGRES_AUTOVACUUM_MS', 'Invalid environment: POSTGRES_AUTOVACUUM_MS must be a whole number from 0 to 86400000'],
    [{ IDLE_COLLECT_MS: '1.5' }, 'IDLE_COLLECT_MS', 'Invalid environment: IDLE_COLLECT_MS must be a whole number from 0 to 600000'],
    [{ IDLE_COLLECT_MS: 'never' }, 'IDLE_COLLECT_MS', 'Invalid environment: IDLE_COLLECT_MS must be a whole number from 0 to 600000'],
    [{ DATABASE_STATEMENT_CACHE: '-1' }, 'DATABASE_STATEMENT_CACHE', 'Invalid environment: DATABASE_STATEMENT_CACHE must be a whole number from 0 to 5000'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV', 'Invalid environment: NODE_ENV must be one of development, production, test'],
    [
      { WEBHOOK_ENCRYPTION_KEY: Buffer.alloc(16, 1).toString('base64') },
      'WEBHOOK_ENCRYPTION_KEY',
      'Invalid environment: WEBHOOK_ENCRYPTION_KEY must be the base64 of exactly 32 bytes (openssl rand -base64 32)',
    ],
    [
      { WEBHOOK_ENCRYPTION_KEY: 'not base64 at all!' },
      'WEBHOOK_ENCRYPTION_KEY',
      'Invalid environment: WEBHOOK_ENCRYPTION_KEY must be the base64 of exactly 32 bytes (openssl rand -base64 32)',
    ],
    [{ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'sure' }, 'WEBHOOK_ALLOW_PRIVATE_NETWORKS', 'Invalid environment: WEBHOOK_ALLOW_PRIVATE_NETWORKS must be true or false'],
    [{ WEBHOOK_TIMEOUT_MS: '0' }, 'WEBHOOK_TIMEOUT_MS', 'Invalid environment: WEBHOOK_TIMEOUT_MS must be a whole number from 1 to 120000'],
    [{ RATE_LIMIT_LOGIN_MAX: '0' }, 'RATE_LIMIT_LOGIN_MAX', 'Invalid environment: RATE_LIMIT_LOGIN_MAX must be a whole number from 1 to 1000000'],
    [{ RATE_LIMIT_CARD_WINDOW_SECONDS: '86401' }, 'RATE_LIMIT_CARD_WINDOW_SECONDS', 'Invalid environment: RATE_LIMIT_CARD_WINDOW_SECONDS must be a whole number from 1 to 86400'],
    [{ REDIS_URL: 'http://127.0.0.1:6379' }, 'REDIS_URL', 'Invalid environment: REDIS_URL must be a redis:// or rediss:// URL'],
    [{ RATE_LIMIT_KEY_PREFIX: 'has space' }, 'RATE_LIMIT_KEY_PREFIX', 'Invalid environment: RATE_LIMIT_KEY_PREFIX must be 1-64 of A-Z a-z 0-9 . _ : -'],
    [{ TRUSTED_PROXIES: '10.0.0.0/8, not-an-ip' }, 'TRUSTED_PROXIES', 'Invalid environment: TRUSTED_PROXIES must be a comma-separated list of IP addresses or CIDR ranges'],
    [{ TRUSTED_PROXIES: '10.0.0.0/33' }, 'TRUSTED_PROXIES', 'Invalid environment: TRUSTED_PROXIES must be a comma-separated list of IP addresses or CIDR ranges'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN', 'Invalid environment: METRICS_TOKEN must be at least 16 characters'],
    [{ METRICS_TOKEN: `${'a'.repeat(10)} ${'b'.repeat(10)}` }, 'METRICS_TOKEN', 'Invalid environment: METRICS_TOKEN must be printable ASCII without spaces'],
    [{ RETENTION_EVENTS_DAYS: '0' }, 'RETENTION_EVENTS_DAYS', 'Invalid environment: RETENTION_EVENTS_DAYS must be a whole number from 1 to 3650'],
    [{ RETENTION_BATCH_SIZE: '100001' }, 'RETENTION_BATCH_SIZE', 'Invalid environment: RETENTION_BATCH_SIZE must be a whole number from 1 to 100000'],
    [{ MAINTENANCE_TICK_SECONDS: '1.5' }, 'MAINTENANCE_TICK_SECONDS', 'Invalid environment: MAINTENANCE_TICK_SECONDS must be a whole number from 1 to 3600'],
    [{ AML_RESCREEN_BATCH_SIZE: '0' }, 'AML_RESCREEN_BATCH_SIZE', 'Invalid environment: AML_RESCREEN_BATCH_SIZE must be a whole number from 1 to 10000'],
    [{ AML_RESCREEN_SHARE: '0' }, 'AML_RESCREEN_SHARE', 'Invalid environment: AML_RESCREEN_SHARE must be a number above 0 and at most 1'],
  ])('rejects %j with one line naming the variable', (raw, variable, message) => {
    const e = failure(raw);
    expect(e).toEqual({ name: 'EnvError', variable, message });
    expect(e.message).not.toContain('\n');
    expect(e.message.startsWith(`Invalid environment: ${variable} `)).toBe(true);
  });

  it('names the first bad variable in declaration order when several are bad', () => {
    expect(failure({ LOG_LEVEL: 'loud', NODE_ENV: 'staging' })).toEqual({
      name: 'EnvError',
      variable: 'NODE_ENV',
      message: 'Invalid environment: NODE_ENV must be one of development, production, test',
    });
  });

  it('never echoes the offending value (it may be a secret)', () => {
    const e = failure({ PLATFORM_ADMIN_KEY: 'my secret key' });
    expect(e.message).not.toContain('my secret key');
    expect(failure({ DATABASE_URL: 'mysql://root:hunter2@db/x' }).message).not.toContain('hunter2');
  });
});

describe('getEnv', () => {
  const saved = process.env.LOG_LEVEL;
  afterEach(() => {
    if (saved === undefined) delete process.env.LOG_LEVEL;
    else process.env.LOG_LEVEL = saved;
    resetEnvCache();
  });

  it('caches the parsed environment until resetEnvCache()', () => {
    process.env.LOG_LEVEL = 'debug';
    resetEnvCache();
    expect(getEnv().LOG_LEVEL).toBe('debug');
    process.env.LOG_LEVEL = 'error';
    expect(getEnv().LOG_LEVEL).toBe('debug');
    resetEnvCache();
    expect(getEnv().LOG_LEVEL).toBe('error');
  });

  it('throws EnvError for a bad process environment', () => {
    process.env.LOG_LEVEL = 'loud';
    resetEnvCache();
    expect(() => getEnv()).toThrow(new EnvError('LOG_LEVEL', 'must be one of fatal, error, warn, info, debug, trace, silent'));
  });
});

describe('production is safe by default', () => {
  const PRODUCTION = {
    NODE_ENV: 'production',
    NEXTAUTH_URL: 'https://bank.example.com',
    AUTH_SECRET: 'a'.repeat(32),
    WEBHOOK_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
  };

  function refusal(raw: Record<string, string>): string {
    try {
      assertProductionConfiguration(parseEnv(raw));
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      return (error as EnvError).message;
    }
    throw new Error(`accepted ${JSON.stringify(raw)}`);
  }

  it('creates no demo tenant unless SEED_DEMO is set explicitly', () => {
    expect(parseEnv({ NODE_ENV: 'production' }).SEED_DEMO).toBe(false);
    expect(parseEnv({ NODE_ENV: 'production', SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    expect(parseEnv({ NODE_ENV: 'development' }).SEED_DEMO).toBe(true);
    expect(parseEnv({ NODE_ENV: 'test' }).SEED_DEMO).toBe(true);
  });

  it('accepts a complete production configuration and names nothing to warn about', () => {
    const complete = { ...PRODUCTION, JWT_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----x', CARD_PROCESSOR_URL: 'https://processor.example.com' };
    expect(() => assertProductionConfiguration(parseEnv(complete))).not.toThrow();
    expect(productionWarnings(parseEnv(complete))).toEqual([]);
  });

  it.each([
    [
      'NEXTAUTH_URL',
      'Invalid environment: NEXTAUTH_URL is required when NODE_ENV=production: the public URL of this server, e.g. https://bank.example.com (panel sign-in redirects and the same-origin check)',
    ],
    ['AUTH_SECRET', 'Invalid environment: AUTH_SECRET is required when NODE_ENV=production: at least 32 random characters (openssl rand -base64 32)'],
    ['WEBHOOK_ENCRYPTION_KEY', 'Invalid environment: WEBHOOK_ENCRYPTION_KEY is required when NODE_ENV=production: the base64 of 32 random bytes (openssl rand -base64 32)'],
  ])('refuses a production start without %s', (variable, message) => {
    expect(refusal({ ...PRODUCTION, [variable]: '' })).toBe(message);
  });

  it('refuses an http:// public URL in production unless ALLOW_INSECURE_HTTP=true, which the banner then names', () => {
    // issue 26, item 3: next-auth drops Secure from its cookies when NEXTAUTH_URL is http
    const insecure = { ...PRODUCTION, CARD_PROCESSOR_SANDBOX: 'true', NEXTAUTH_URL: 'http://bank.example.com' };
    expect(refusal(insecure)).toBe(
      'Invalid environment: NEXTAUTH_URL must be an https:// URL when NODE_ENV=production (the panel cookie is Secure only over https); for a local trial on http set ALLOW_INSECURE_HTTP=true',
    );
    expect(refusal({ ...insecure, ALLOW_INSECURE_HTTP: 'false' })).toContain('NEXTAUTH_URL must be an https:// URL');
    const trial = parseEnv({ ...insecure, ALLOW_INSECURE_HTTP: 'true' });
    expect(() => assertProductionConfiguration(trial)).not.toThrow();
    expect(productionWarnings(trial)[0]).toBe(
      'production: ALLOW_INSECURE_HTTP=true serves the panel on http://bank.example.com: its session cookie goes without Secure and no Strict-Transport-Security is sent (a local trial only)',
    );
    // over https the switch changes nothing and is not named
    expect(productionWarnings(parseEnv({ ...PRODUCTION, CARD_PROCESSOR_SANDBOX: 'true', ALLOW_INSECURE_HTTP: 'true' })).join('\n')).not.toContain('ALLOW_INSECURE_HTTP');
    // development keeps http://localhost
    expect(() => assertProductionConfiguration(parseEnv({ NEXTAUTH_URL: 'http://localhost:3000' }))).not.toThrow();
  });

  it('NEXTAUTH_URL and ALLOW_INSECURE_HTTP are validated like every variable', () => {
    expect(() => parseEnv({ NEXTAUTH_URL: 'ftp://bank.example.com' })).toThrow(new EnvError('NEXTAUTH_URL', 'must be an absolute http(s) URL'));
    expect(() => parseEnv({ NEXTAUTH_URL: '/relative' })).toThrow(new EnvError('NEXTAUTH_URL', 'must be an absolute http(s) URL'));
    expect(() => parseEnv({ ALLOW_INSECURE_HTTP: 'maybe' })).toThrow(new EnvError('ALLOW_INSECURE_HTTP', 'must be true or false'));
    expect(parseEnv({}).ALLOW_INSECURE_HTTP).toBe(false);
  });

  it('refuses a production start that would serve cards from the built-in sandbox unless asked for', () => {
    expect(refusal({ ...PRODUCTION })).toBe(
      'Invalid environment: CARD_PROCESSOR_URL is required when NODE_ENV=production: the base URL of the card processor (or CARD_PROCESSOR_SANDBOX=true to serve the card API from the built-in sandbox, test cards only)',
    );
    expect(() => assertProductionConfiguration(parseEnv({ ...PRODUCTION, CARD_PROCESSOR_SANDBOX: 'true' }))).not.toThrow();
  });

  it('refuses a production demo tenant without DEMO_ADMIN_PASSWORD (nothing generated to print)', () => {
    expect(refusal({ ...PRODUCTION, CARD_PROCESSOR_SANDBOX: 'true', SEED_DEMO: 'true' })).toBe(
      'Invalid environment: DEMO_ADMIN_PASSWORD is required with SEED_DEMO=true when NODE_ENV=production (no credential is printed in production)',
    );
    expect(() => assertProductionConfiguration(parseEnv({ ...PRODUCTION, CARD_PROCESSOR_SANDBOX: 'true', SEED_DEMO: 'true', DEMO_ADMIN_PASSWORD: 'Demo-Pass-1' }))).not.toThrow();
  });

  it('asks for nothing outside production', () => {
    expect(() => assertProductionConfiguration(parseEnv({}))).not.toThrow();
    expect(productionWarnings(parseEnv({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', SANDBOX_FUNDING: 'true' }))).toEqual([]);
  });

  it('names each development convenience switched on in production, one line each', () => {
    expect(productionWarnings(parseEnv({ ...PRODUCTION, SEED_DEMO: 'true', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', SANDBOX_FUNDING: 'true', CARD_PROCESSOR_SANDBOX: 'true' }))).toEqual([
      'production: SEED_DEMO=true creates the demo tenant in an empty database',
      'production: WEBHOOK_ALLOW_PRIVATE_NETWORKS=true turns the webhook SSRF guard off',
      'production: SANDBOX_FUNDING=true lets admins create money (POST /wallets/{id}/sandbox/fund)',
      'production: JWT signing keys are kept in the database (set JWT_PRIVATE_KEY to hold the key outside it)',
      'production: CARD_PROCESSOR_SANDBOX=true: the card API is served by the built-in sandbox processor (test cards; simulate/* and sandbox/otp/peek answer)',
    ]);
  });
});
