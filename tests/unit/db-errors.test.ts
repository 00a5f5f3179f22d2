import { describe, expect, it } from 'vitest';
import { isDatabaseTimeout, isDatabaseUnavailable } from '@/lib/db/errors';
import { databaseCause } from '@/lib/log';

/** lib/db/errors.ts: which failures answer 503, and what of a failure the log keeps (docs/edge.md). */
const pgError = (message: string, fields: Record<string, string>) => Object.assign(new Error(message), fields);
const drizzleWrapped = (cause: unknown) => new Error('Failed query: insert into "tenants" ("id") values ($1)\nparams: x', { cause });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a reset connection', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['a connect timeout of the pool', new Error('timeout exceeded when trying to connect')],
    ['a connection that ended mid-query', new Error('Connection terminated unexpectedly')],
    ['the server shutting down (57P01)', pgError('terminating connection due to administrator command', { code: '57P01' })],
    ['the server starting up (57P03)', pgError('the database system is starting up', { code: '57P03' })],
    ['a connection exception (08006)', pgError('connection failure', { code: '08006' })],
    ['any of them wrapped by Drizzle', drizzleWrapped(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))],
    ['an AggregateError of IPv4 and IPv6 attempts', new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })], '')],
  ])('%s: yes', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', drizzleWrapped(pgError('duplicate key value violates unique constraint "x"', { code: '23505' }))],
    ['a numeric overflow', drizzleWrapped(pgError('numeric field overflow', { code: '22003' }))],
    ['a programming error', new TypeError('x is not a function')],
    ['not an error', 'boom'],
    // timeouts answer their own 503 (isDatabaseTimeout); the server's leaves the connection usable
    ['a statement timeout (57014)', drizzleWrapped(pgError('canceling statement due to statement timeout', { code: '57014' }))],
    ["the client's query timeout", new Error('Query read timeout')],
  ])('%s: no', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('isDatabaseTimeout', () => {
  it.each([
    ["the server's statement timeout (57014), wrapped by Drizzle", drizzleWrapped(pgError('canceling statement due to statement timeout', { code: '57014' }))],
    ["the server's lock timeout (55P03)", pgError('canceling statement due to lock timeout', { code: '55P03' })],
    ["the client's query timeout", new Error('Query read timeout')],
  ])('%s: yes', (_label, error) => {
    expect(isDatabaseTimeout(error)).toBe(true);
  });

  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['the server shutting down (57P01)', pgError('terminating connection due to administrator command', { code: '57P01' })],
    ['a unique violation', drizzleWrapped(pgError('duplicate key value violates unique constraint "x"', { code: '23505' }))],
    ['not an error', 'boom'],
  ])('%s: no', (_label, error) => {
    expect(isDatabaseTimeout(error)).toBe(false);
  });
});

describe('databaseCause', () => {
  it("takes the database's own message, SQLSTATE and details from under Drizzle's wrapper", () => {
    const cause = pgError('new row for relation "tenants" violates check constraint "tenants_name_ck"', {
      code: '23514',
      severity: 'ERROR',
      constraint: 'tenants_name_ck',
      table: 'tenants',
      detail: 'Failing row contains (…).',
    });
    expect(databaseCause(drizzleWrapped(cause))).toEqual({
      message: 'new row for relation "tenants" violates check constraint "tenants_name_ck"',
      code: '23514',
      severity: 'ERROR',
      constraint: 'tenants_name_ck',
      table: 'tenants',
      detail: 'Failing row contains (…).',
    });
  });

  it('finds the SQLSTATE deeper in the chain, and has nothing to say about an error without a cause', () => {
    const inner = pgError('deadlock detected', { code: '40P01' });
    expect(databaseCause(new Error('outer', { cause: new Error('middle', { cause: inner }) }))).toEqual({ message: 'deadlock detected', code: '40P01' });
    expect(databaseCause(new Error('plain'))).toBeUndefined();
    expect(databaseCause(undefined)).toBeUndefined();
  });
});
