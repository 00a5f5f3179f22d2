import { describe, expect, it } from 'vitest';
import {
  CONTEXT_HEADERS,
  contextHeaderSchemas,
  deviceIdHeaderSchema,
  endUserIp,
  forwardedForHeaderSchema,
  forwardedFromHeaderSchema,
  platformHeaderSchema,
  REQUEST_ID_PATTERN,
  REQUIRED_HEADERS,
  secChUaPlatformHeaderSchema,
  tenantIdHeaderSchema,
  userAgentHeaderSchema,
  type ContextHeaderName,
} from '@/lib/contract/headers';
import { ApiError } from '@/lib/contract/api-errors';
import { parseContextHeaders } from '@/lib/http/headers';

const TENANT = '7d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const IP_MESSAGE = 'must be an IP address or a comma-separated list of IP addresses';
const TOKEN_MESSAGE = 'may contain only letters, digits and . _ : @ / + = -';

const VALID: Record<ContextHeaderName, string> = {
  'X-Tenant-ID': TENANT,
  'X-Forwarded-For': '203.0.113.7',
  'X-Forwarded-From': 'web-panel',
  platform: 'web',
  deviceId: 'device-123',
  'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64)',
  'sec-ch-ua-platform': '"Linux"',
};

/** The first issue message, or 'ok'. */
function check(schema: { safeParse(v: unknown): { success: boolean; error?: { issues: Array<{ message: string }> } } }, value: string): string {
  const result = schema.safeParse(value);
  return result.success ? 'ok' : result.error!.issues[0]!.message;
}

/** Runs parseContextHeaders and returns either the parsed object or the thrown ApiError's status/message/data. */
function parse(headers: Record<string, string>, required: readonly ContextHeaderName[], optional?: readonly ContextHeaderName[]) {
  try {
    return { ok: parseContextHeaders(new Headers(headers), { required, optional }) };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { status: error.status, message: error.message, data: error.data };
  }
}

const ALL_REQUIRED = ['User-Agent', 'X-Forwarded-For', 'X-Tenant-ID', 'X-Forwarded-From', 'platform', 'deviceId'] as const;

describe('contract header schemas', () => {
  it('accept a full valid set', () => {
    for (const name of CONTEXT_HEADERS) expect([name, check(contextHeaderSchemas[name], VALID[name])]).toEqual([name, 'ok']);
  });

  it.each([
    ['203.0.113.7', 'ok'],
    ['2001:db8::1', 'ok'],
    ['::ffff:192.0.2.1', 'ok'],
    ['203.0.113.7, 10.0.0.1', 'ok'],
    ['203.0.113.7 , 10.0.0.1,  2001:db8::2', 'ok'],
    [Array(16).fill('10.0.0.1').join(','), 'ok'],
    ['1.2.3', IP_MESSAGE],
    ['abc', IP_MESSAGE],
    ['', IP_MESSAGE],
    ['203.0.113.7,', IP_MESSAGE],
    ['[2001:db8::1]', IP_MESSAGE],
    ['203.0.113.7:8080', IP_MESSAGE],
    [Array(17).fill('10.0.0.1').join(','), IP_MESSAGE],
    ['1'.repeat(513), 'must be at most 512 characters'],
  ])('X-Forwarded-For %j: %s', (value, expected) => {
    expect(check(forwardedForHeaderSchema, value)).toBe(expected);
  });

  it.each([
    ['web', 'ok'],
    ['ios', 'ok'],
    ['android', 'ok'],
    ['WEB', 'must be one of web, ios, android'],
    ['windows', 'must be one of web, ios, android'],
    ['', 'must be one of web, ios, android'],
  ])('platform %j: %s', (value, expected) => {
    expect(check(platformHeaderSchema, value)).toBe(expected);
  });

  describe.each([
    ['deviceId', deviceIdHeaderSchema],
    ['X-Forwarded-From', forwardedFromHeaderSchema],
  ] as const)('%s', (_name, schema) => {
    it.each([
      ['device-123', 'ok'],
      ['svc.name_1:a@b/c+d=e', 'ok'],
      ['a'.repeat(128), 'ok'],
      ['', 'must not be empty'],
      ['a'.repeat(129), 'must be at most 128 characters'],
      ['a b', TOKEN_MESSAGE],
      ['<script>', TOKEN_MESSAGE],
      ['naïve', TOKEN_MESSAGE],
    ])('%j: %s', (value, expected) => {
      expect(check(schema, value)).toBe(expected);
    });
  });

  it.each([
    [tenantIdHeaderSchema, TENANT, 'ok'],
    [tenantIdHeaderSchema, 'acme', 'must be a tenant UUID'],
    [tenantIdHeaderSchema, '', 'must be a tenant UUID'],
    [userAgentHeaderSchema, 'curl/8.0', 'ok'],
    [userAgentHeaderSchema, '', 'must not be empty'],
    [userAgentHeaderSchema, 'u'.repeat(513), 'must be at most 512 characters'],
    [secChUaPlatformHeaderSchema, '"macOS"', 'ok'],
    [secChUaPlatformHeaderSchema, '', 'ok'],
    [secChUaPlatformHeaderSchema, 'x'.repeat(65), 'must be at most 64 characters'],
  ])('%#: %j gives %s', (schema, value, expected) => {
    expect(check(schema, value as string)).toBe(expected);
  });

  it('REQUIRED_HEADERS only names context headers', () => {
    for (const list of Object.values(REQUIRED_HEADERS)) for (const name of list) expect(CONTEXT_HEADERS).toContain(name);
  });

  it.each([
    ['abc-123', true],
    ['a.b_c:d-e', true],
    ['x'.repeat(128), true],
    ['x'.repeat(129), false],
    ['', false],
    ['has space', false],
    ['semi;colon', false],
  ])('REQUEST_ID_PATTERN %j: %s', (value, expected) => {
    expect(REQUEST_ID_PATTERN.test(value)).toBe(expected);
  });

  it.each([
    ['203.0.113.7', '203.0.113.7'],
    [' 203.0.113.7 , 10.0.0.1', '203.0.113.7'],
    ['2001:db8::1,10.0.0.1', '2001:db8::1'],
  ])('endUserIp(%j) is %j', (value, expected) => {
    expect(endUserIp(value)).toBe(expected);
  });
});

describe('parseContextHeaders', () => {
  it('returns the declared headers (required and optional) under their contract names', () => {
    const result = parse({ ...VALID, 'x-unrelated': '1' }, ALL_REQUIRED, ['sec-ch-ua-platform']);
    expect(result).toEqual({
      ok: {
        'User-Agent': VALID['User-Agent'],
        'X-Forwarded-For': '203.0.113.7',
        'X-Tenant-ID': TENANT,
        'X-Forwarded-From': 'web-panel',
        platform: 'web',
        deviceId: 'device-123',
        'sec-ch-ua-platform': '"Linux"',
      },
    });
  });

  it('leaves out undeclared headers and absent optional ones', () => {
    const { 'sec-ch-ua-platform': _omit, ...rest } = VALID;
    expect(parse(rest, ['X-Tenant-ID'], ['sec-ch-ua-platform'])).toEqual({ ok: { 'X-Tenant-ID': TENANT } });
  });

  it('reads header names case-insensitively and trims values', () => {
    const result = parse(
      {
        'x-tenant-id': TENANT,
        'X-FORWARDED-FOR': ' 203.0.113.7, 10.0.0.1 ',
        'x-forwarded-from': 'svc',
        PLATFORM: 'ios',
        DEVICEID: ' dev-1 ',
        'user-agent': 'ua',
      },
      ALL_REQUIRED,
    );
    expect(result).toEqual({
      ok: {
        'X-Tenant-ID': TENANT,
        'X-Forwarded-For': '203.0.113.7, 10.0.0.1',
        'X-Forwarded-From': 'svc',
        platform: 'ios',
        deviceId: 'dev-1',
        'User-Agent': 'ua',
      },
    });
  });

  it('names every missing required header, in declared order', () => {
    expect(parse({ platform: 'web', 'X-Forwarded-For': 'nonsense' }, ALL_REQUIRED)).toEqual({
      status: 400,
      message: 'missing required headers',
      data: {
        error: 'MISSING_HEADERS',
        details: 'missing required headers: User-Agent, X-Tenant-ID, X-Forwarded-From, deviceId',
        errors: [
          { field: 'User-Agent', message: 'header is required' },
          { field: 'X-Tenant-ID', message: 'header is required' },
          { field: 'X-Forwarded-From', message: 'header is required' },
          { field: 'deviceId', message: 'header is required' },
        ],
      },
    });
  });

  it('does not require optional headers', () => {
    expect(parse({}, [], ['platform', 'deviceId'])).toEqual({ ok: {} });
  });

  it('reports every invalid header (required and optional) with its first issue, in declared order', () => {
    const result = parse(
      {
        ...VALID,
        'X-Forwarded-For': '1.2.3',
        platform: 'WEB',
        deviceId: '<script>',
        'X-Forwarded-From': 'a'.repeat(129),
        'sec-ch-ua-platform': 'x'.repeat(65),
      },
      ALL_REQUIRED,
      ['sec-ch-ua-platform'],
    );
    expect(result).toEqual({
      status: 400,
      message: 'request validation failed',
      data: {
        error: 'VALIDATION_FAILED',
        errors: [
          { field: 'X-Forwarded-For', message: IP_MESSAGE },
          { field: 'X-Forwarded-From', message: 'must be at most 128 characters' },
          { field: 'platform', message: 'must be one of web, ios, android' },
          { field: 'deviceId', message: TOKEN_MESSAGE },
          { field: 'sec-ch-ua-platform', message: 'must be at most 64 characters' },
        ],
      },
    });
  });

  it('treats a present but empty required header as invalid, not missing', () => {
    expect(parse({ ...VALID, deviceId: '', 'X-Forwarded-For': '   ' }, ALL_REQUIRED)).toEqual({
      status: 400,
      message: 'request validation failed',
      data: {
        error: 'VALIDATION_FAILED',
        errors: [
          { field: 'X-Forwarded-For', message: IP_MESSAGE },
          { field: 'deviceId', message: 'must not be empty' },
        ],
      },
    });
  });

  it('answers missing headers before checking the present ones', () => {
    expect(parse({ 'X-Tenant-ID': 'not-a-uuid' }, ['X-Tenant-ID', 'platform'])).toEqual({
      status: 400,
      message: 'missing required headers',
      data: {
        error: 'MISSING_HEADERS',
        details: 'missing required headers: platform',
        errors: [{ field: 'platform', message: 'header is required' }],
      },
    });
  });

  it('validates a header listed both as required and optional once', () => {
    expect(parse({ platform: 'windows' }, ['platform'], ['platform'])).toEqual({
      status: 400,
      message: 'request validation failed',
      data: { error: 'VALIDATION_FAILED', errors: [{ field: 'platform', message: 'must be one of web, ios, android' }] },
    });
  });
});
