import { describe, expect, it } from 'vitest';
import { createLogger, REDACTED, scrub, scrubString } from '@/lib/log';

/** A logger writing into memory; returns the logger and a reader of the parsed lines. */
function memoryLogger(level = 'trace') {
  const chunks: string[] = [];
  const log = createLogger({ write: (s: string) => void chunks.push(s) }, level);
  return {
    log,
    raw: () => chunks.join(''),
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

const PAN = '4111111111111111';
const SECRETS = ['hunter2', 'ts_0123456789abcdefghij', 'eyJhbGciOiJIUzI1NiJ9.payload.sig', 'Bearer abc.def.ghi', 'nested-pass-7', 'array-token-9'];

describe('createLogger redaction', () => {
  it('redacts secret keys wholesale (also nested and in arrays) and masks card-number-like digit runs everywhere', () => {
    const { log, raw, lines } = memoryLogger();
    log.info(
      {
        password: 'hunter2',
        tenantSecret: 'ts_0123456789abcdefghij',
        token: 'eyJhbGciOiJIUzI1NiJ9.payload.sig',
        authorization: 'Bearer abc.def.ghi',
        cardNo: PAN,
        admin: { username: 'owner', password: 'nested-pass-7', phone: '0123456789' },
        list: [{ accessToken: 'array-token-9' }, `card ${PAN}`, 42],
        err: new Error(`charge failed for card 5500000000000004`),
        tenantId: '123e4567-e89b-12d3-a456-426614174000',
      },
      'paid with 4111 1111 1111 1111, then 4111-1111-1111-1111, then 6011000990139424123',
    );
    const out = raw();
    for (const secret of SECRETS) expect(out).not.toContain(secret);
    for (const digits of [PAN, '4111 1111 1111 1111', '4111-1111-1111-1111', '5500000000000004', '6011000990139424123']) {
      expect(out).not.toContain(digits);
    }
    const [line] = lines();
    expect(line).toMatchObject({
      level: 'info',
      service: 'business-platform',
      password: REDACTED,
      tenantSecret: REDACTED,
      token: REDACTED,
      authorization: REDACTED,
      cardNo: REDACTED,
      admin: { username: 'owner', password: REDACTED, phone: '0123456789' },
      list: [{ accessToken: REDACTED }, 'card [PAN:16 digits]', 42],
      err: { message: 'charge failed for card [PAN:16 digits]' },
      tenantId: '123e4567-e89b-12d3-a456-426614174000',
      msg: 'paid with [PAN:16 digits], then [PAN:16 digits], then [PAN:19 digits]',
    });
    expect((line!.err as { stack: string }).stack).toContain('charge failed for card [PAN:16 digits]');
    expect(out).toContain('[REDACTED]');
    expect(out).toContain('[PAN:16 digits]');
  });

  it('masks the message pino takes from an Error logged without a message', () => {
    const { log, raw, lines } = memoryLogger();
    log.error(new Error(`boom at ${PAN}`));
    log.error({ err: new Error(`db failed at ${PAN}`) });
    expect(raw()).not.toContain(PAN);
    expect(lines().map((l) => [l.msg, (l.err as { message: string }).message])).toEqual([
      ['boom at [PAN:16 digits]', 'boom at [PAN:16 digits]'],
      ['db failed at [PAN:16 digits]', 'db failed at [PAN:16 digits]'],
    ]);
  });

  it("adds the database's own account to every line that logs a failed query, and keeps a cause the caller gave", () => {
    const { log, lines } = memoryLogger();
    const driverError = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
      code: '23505',
      constraint: 'users_email_key',
      table: 'users',
    });
    const failedQuery = new Error('Failed query: insert into users ...\nparams: a@b.example', { cause: driverError });
    log.error({ err: failedQuery }, 'webhook worker: claiming failed');
    log.error(failedQuery);
    log.error({ err: failedQuery, cause: { message: 'given' } }, 'explicit');
    log.error({ err: new Error('not from the database') }, 'plain');
    const dbCause = { message: 'duplicate key value violates unique constraint "users_email_key"', code: '23505', constraint: 'users_email_key', table: 'users' };
    expect(lines().map((l) => [l.msg, l.cause])).toEqual([
      ['webhook worker: claiming failed', dbCause],
      ['Failed query: insert into users ...\nparams: [REDACTED]', dbCause],
      ['explicit', { message: 'given' }],
      ['plain', undefined],
    ]);
  });

  it('masks card numbers in printf-style arguments and merges child bindings', () => {
    const { log, raw, lines } = memoryLogger();
    log.child({ requestId: 'req-1' }).warn({ note: `pan ${PAN}` }, 'card %s refused', '5500 0000 0000 0004');
    expect(raw()).not.toMatch(/4111111111111111|5500 0000 0000 0004/);
    expect(lines()[0]).toMatchObject({ level: 'warn', requestId: 'req-1', note: 'pan [PAN:16 digits]', msg: 'card [PAN:16 digits] refused' });
  });

  it('does not mask short numbers, phone numbers, UUIDs or timestamps', () => {
    const { log, lines } = memoryLogger();
    const uuid = '123e4567-e89b-12d3-a456-426614174000';
    log.info({ phone: '0123456789', id: uuid, amount: 1234567890123, ms: 12 }, `call 0123456789 about ${uuid} at 2026-03-01T10:30:00.000Z`);
    expect(lines()[0]).toMatchObject({
      phone: '0123456789',
      id: uuid,
      amount: 1234567890123,
      ms: 12,
      msg: `call 0123456789 about ${uuid} at 2026-03-01T10:30:00.000Z`,
    });
  });

  it('respects the level', () => {
    const { log, lines } = memoryLogger('warn');
    log.info('hidden');
    log.debug('hidden');
    log.warn('shown');
    expect(lines().map((l) => [l.level, l.msg])).toEqual([['warn', 'shown']]);
  });
});

describe('scrub helpers', () => {
  it.each([
    ['4111111111111111', '[PAN:16 digits]'],
    ['4111 1111 1111 1111', '[PAN:16 digits]'],
    ['4111-1111-1111-1111', '[PAN:16 digits]'],
    ['x 4222222222222 y', 'x [PAN:13 digits] y'],
    ['1234567890123456789', '[PAN:19 digits]'],
    ['123456789012', '123456789012'],
    ['0123456789', '0123456789'],
    ['a1234567890123456b', 'a1234567890123456b'],
    ['3782 822463 10005', '[PAN:15 digits]'],
    // UUIDs are never card numbers, even when their groups are all digits
    ['12345678-1234-5678-1234-567812345678', '12345678-1234-5678-1234-567812345678'],
    ['request 99999999-9999-4999-8999-999999999999 done', 'request 99999999-9999-4999-8999-999999999999 done'],
    // a failed query's parameters are cut off its message
    ['Failed query: insert into "tenants" values ($1, $2)\nparams: Acme,$argon2id$v=19$m=19456', 'Failed query: insert into "tenants" values ($1, $2)\nparams: [REDACTED]'],
  ])('scrubString(%j) is %j', (input, expected) => {
    expect(scrubString(input)).toBe(expected);
  });

  it("scrub drops a query error's params wholesale", () => {
    expect(scrub({ query: 'insert into users values ($1)', params: ['$argon2id$v=19$hash', '4111111111111111'] })).toEqual({
      query: 'insert into users values ($1)',
      params: '[REDACTED]',
    });
  });

  it('scrub redacts keys case-insensitively and leaves other values alone', () => {
    expect(scrub({ Password: 'x', matchingPassword: 'y', PIN: '1234', cvv: '123', apiKey: 'k', Cookie: 'c', ok: true, n: null, nested: [[{ secret: 's' }]] })).toEqual({
      Password: REDACTED,
      matchingPassword: REDACTED,
      PIN: REDACTED,
      cvv: REDACTED,
      apiKey: REDACTED,
      Cookie: REDACTED,
      ok: true,
      n: null,
      nested: [[{ secret: REDACTED }]],
    });
  });

  it('scrub stops at depth 8', () => {
    let deep: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i < 12; i++) deep = { next: deep };
    expect(JSON.stringify(scrub(deep))).toContain('"[depth]"');
  });
});
