import { NextRequest } from 'next/server';
import { expect } from 'vitest';
import type { RouteHandler } from '@/lib/http/api-route';
import { definitionOf } from '@/lib/http/endpoint';
import { getDb } from '@/lib/db/client';
import { registerTenant } from '@/lib/services/tenants/register-tenant';
import { TEST_PLATFORM_KEY } from '../setup/integration';

/**
 * Calls a route handler in process with a real NextRequest, exactly as Next.js does, against the
 * test file's real database. Every successful JSON answer is checked against its definition's
 * `response` schema (the data of Envelope A, or the body itself): the compiler checks the handler's
 * answer type (lib/http/endpoint.ts), this checks the values (formats, enums) in every test.
 */
export interface CallOptions {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  /** an object is sent as JSON; a string is sent as is */
  body?: unknown;
  params?: Record<string, string | string[]>;
}

export interface CallResult<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  json: { code: number; message: string; data: T } & Record<string, unknown>;
  text: string;
}

export async function call<T = Record<string, unknown>>(handler: RouteHandler, options: CallOptions = {}): Promise<CallResult<T>> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const headers = new Headers(options.headers);
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  const req = new NextRequest(new URL(options.path ?? '/api/test', 'http://localhost:3000'), { method, headers, body });
  const res = await handler(req, { params: Promise.resolve(options.params ?? {}) });
  const text = await res.text();
  let json: CallResult<T>['json'];
  try {
    json = text ? JSON.parse(text) : (undefined as never);
  } catch {
    json = undefined as never;
  }
  expectAnswerMatchesDefinition(handler, res, json);
  return { status: res.status, headers: res.headers, json, text };
}

/** A 2xx JSON answer parses with the `response` schema of the handler's definition (lib/contract/routes). */
export function expectAnswerMatchesDefinition(handler: RouteHandler, res: Response, json: unknown): void {
  const definition = definitionOf(handler);
  if (!definition?.response || definition.auth === 'card' || res.status < 200 || res.status >= 300 || json === undefined) return;
  if (!res.headers.get('content-type')?.startsWith('application/json')) return;
  const data = definition.envelope === 'none' ? json : (json as { data: unknown }).data;
  const parsed = definition.response.safeParse(data);
  expect(parsed.error?.issues, `${definition.method} ${definition.path} answered data its definition's response schema refuses`).toBeUndefined();
}

/** Asserts an Envelope A error exactly: status, code, message and the whole data object. */
export function expectEnvelope(result: CallResult<unknown>, status: number, message: string, data: unknown): void {
  expect({ status: result.status, body: result.json }).toEqual({ status, body: { code: status, message, data } });
}

export const platformAuth = { authorization: `Bearer ${TEST_PLATFORM_KEY}` };

let counter = 0;
export const uniqueName = (prefix = 'Tenant') => `${prefix} ${Date.now().toString(36)}-${++counter}-${Math.random().toString(36).slice(2, 6)}`;

export const STRONG_PASSWORD = 'Correct-Horse-9-Battery';

export async function createTenant(name = uniqueName()) {
  const db = await getDb();
  const result = await registerTenant(db, {
    name,
    admin: { username: 'admin', email: `admin@${name.replace(/\W+/g, '-').toLowerCase()}.example`, password: STRONG_PASSWORD },
  });
  return { ...result, name };
}

/** A full set of valid contract context headers for a tenant. */
export function contextHeaders(tenantId: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    'X-Tenant-ID': tenantId,
    'X-Forwarded-For': '203.0.113.7',
    'X-Forwarded-From': 'web-panel',
    platform: 'web',
    deviceId: 'device-123',
    'User-Agent': 'vitest',
    ...extra,
  };
}
