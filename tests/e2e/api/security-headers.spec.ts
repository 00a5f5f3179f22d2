import type { IncomingHttpHeaders } from 'node:http';
import { expect, test } from '@playwright/test';
import { E2E_PLATFORM_KEY, STRONG_PASSWORD, platformAuth, registrationBody, uniqueName } from '../fixtures';
import { rawRequest, spawnNextStart, waitForHttp, type RawResponse, type SpawnedServer } from '../helpers';

/**
 * Issue 26, item 2: the Mozilla-Observatory-style header checks, on every kind of HTML answer and
 * API answer of the production build (server/edge.mjs sets the common headers for every answer,
 * proxy.ts the pages' nonce-based Content-Security-Policy; docs/edge.md, "Security headers").
 * Each check is one line of the lists below; a failure names the answer and the check.
 */
type Check = [name: string, pass: (h: IncomingHttpHeaders) => boolean];

const directives = (h: IncomingHttpHeaders): Map<string, string[]> =>
  new Map(
    String(h['content-security-policy'] ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
const directive = (h: IncomingHttpHeaders, name: string) => directives(h).get(name);
const is = (name: string, value: string): Check => [`${name}: ${value}`, (h) => h[name.toLowerCase()] === value];

/** Every answer, HTML or JSON. */
const COMMON: Check[] = [
  is('X-Content-Type-Options', 'nosniff'),
  is('Referrer-Policy', 'strict-origin-when-cross-origin'),
  is('Cross-Origin-Opener-Policy', 'same-origin'),
  is('Cross-Origin-Resource-Policy', 'same-origin'),
  ['no X-Powered-By', (h) => h['x-powered-by'] === undefined],
  ['no Access-Control-Allow-Origin (no CORS)', (h) => h['access-control-allow-origin'] === undefined],
  ['exactly one Content-Security-Policy', (h) => typeof h['content-security-policy'] === 'string' && !String(h['content-security-policy']).includes(',')],
];

const NONCE = /^'nonce-([A-Za-z0-9+/]{22}==)'$/;

/** HTML pages. */
const HTML: Check[] = [
  ...COMMON,
  is('X-Frame-Options', 'DENY'),
  ["CSP default-src 'self'", (h) => directive(h, 'default-src')?.join(' ') === "'self'"],
  [
    "CSP script-src: 'self', this answer's nonce, 'strict-dynamic'; no 'unsafe-inline', no 'unsafe-eval'",
    (h) => {
      const s = directive(h, 'script-src') ?? [];
      return s.length === 3 && s[0] === "'self'" && NONCE.test(s[1]!) && s[2] === "'strict-dynamic'";
    },
  ],
  [
    "CSP style-src 'self' and the nonce, no 'unsafe-inline'",
    (h) => {
      const s = directive(h, 'style-src') ?? [];
      return s.length === 2 && s[0] === "'self'" && NONCE.test(s[1]!);
    },
  ],
  ["CSP object-src 'none'", (h) => directive(h, 'object-src')?.join(' ') === "'none'"],
  ["CSP base-uri 'none'", (h) => directive(h, 'base-uri')?.join(' ') === "'none'"],
  ["CSP frame-ancestors 'none'", (h) => directive(h, 'frame-ancestors')?.join(' ') === "'none'"],
  ["CSP form-action 'self'", (h) => directive(h, 'form-action')?.join(' ') === "'self'"],
  ["CSP connect-src 'self'", (h) => directive(h, 'connect-src')?.join(' ') === "'self'"],
  ["CSP img-src 'self' data: (Swagger UI's icons)", (h) => directive(h, 'img-src')?.join(' ') === "'self' data:"],
  ['no source of another origin anywhere in the policy', (h) => ![...directives(h).values()].flat().some((v) => /^(https?:|\*|wss?:)/.test(v))],
];

/** JSON answers of the API (and the edge's own). */
const API: Check[] = [...COMMON, is('X-Frame-Options', 'DENY'), is('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'")];

function failed(checks: Check[], res: RawResponse): string[] {
  return checks.filter(([, pass]) => !pass(res.headers)).map(([name]) => name);
}

const html = { accept: 'text/html' };
const json = { accept: 'application/json' };

const HTML_ANSWERS: Array<[string, string]> = [
  ['the sign-in page (200)', '/sign-in'],
  ['a panel page, signed out (redirect to sign-in)', '/customers'],
  ['the API reference page, signed out (redirect)', '/api-reference'],
  ['an unknown page (404 page)', '/no-such-page'],
];

const API_ANSWERS: Array<[string, { method: string; path: string; headers?: Record<string, string>; body?: string }]> = [
  ['health (200)', { method: 'GET', path: '/api/health' }],
  ['the OpenAPI document (200)', { method: 'GET', path: '/api/openapi.json' }],
  ['JWKS (200)', { method: 'GET', path: '/api/auth/jwks' }],
  ['an unknown route (404)', { method: 'GET', path: '/api/v2.1/nowhere' }],
  ['no credentials (401)', { method: 'GET', path: '/api/v2.1/wallets' }],
  ['a missing context header (400)', { method: 'GET', path: '/api/v2.1/tenant' }],
  ['a wrong method (405)', { method: 'DELETE', path: '/api/health' }],
  ['a non-JSON body (415)', { method: 'POST', path: '/api/v2.1/tenants/registration', headers: { ...platformAuth, 'content-type': 'text/plain' }, body: 'x' }],
  ['the card API (Envelope B, 401)', { method: 'POST', path: '/api/v2.1/card/virtual/card/info', headers: { 'content-type': 'application/json' }, body: '{}' }],
  ['next-auth: the CSRF token (200)', { method: 'GET', path: '/api/auth/csrf' }],
  ['next-auth: the session (200)', { method: 'GET', path: '/api/auth/session' }],
  ['the edge: an undecodable path (400)', { method: 'GET', path: '/api/v2.1/tenants/%E0%A4%A' }],
  ['the edge: a head over 16 KiB (431)', { method: 'GET', path: '/api/health', headers: { 'x-padding': 'a'.repeat(17_000) } }],
];

test.describe('security headers of the production build', () => {
  for (const [label, path] of HTML_ANSWERS) {
    test(`HTML: ${label}, GET ${path}`, async () => {
      const res = await rawRequest({ method: 'GET', path, headers: html });
      expect({ status: [200, 307, 404].includes(res.status), failed: failed(HTML, res) }).toEqual({ status: true, failed: [] });
    });
  }

  test('HTML: every answer has a nonce of its own, and every script of the page carries it', async () => {
    const [a, b] = [await rawRequest({ method: 'GET', path: '/sign-in', headers: html }), await rawRequest({ method: 'GET', path: '/sign-in', headers: html })];
    const nonceOf = (res: RawResponse) => NONCE.exec(directive(res.headers, 'script-src')?.[1] ?? '')?.[1];
    expect(nonceOf(a)).toBeTruthy();
    expect(nonceOf(a)).not.toBe(nonceOf(b));
    const scripts = a.text.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((tag) => !tag.includes(`nonce="${nonceOf(a)}"`))).toEqual([]);
  });

  for (const [label, request] of API_ANSWERS) {
    test(`API: ${label}, ${request.method} ${request.path}`, async () => {
      const res = await rawRequest({ method: request.method, path: request.path, headers: { ...json, ...request.headers }, chunks: request.body ? [Buffer.from(request.body)] : undefined });
      expect({ type: String(res.headers['content-type'] ?? '').split(';')[0], failed: failed(API, res) }).toEqual({ type: 'application/json', failed: [] });
    });
  }

  test('API: an error of the case-document route, whose success sets a policy of its own, gets the API policy', async () => {
    // the one API answer shown inside a page of ours (the review page's document frame, tests/integration/onboarding-verification.test.ts)
    const res = await rawRequest({
      method: 'GET',
      path: '/api/v2.1/verifications/00000000-0000-4000-8000-000000000000/documents/00000000-0000-4000-8000-000000000001/content',
      headers: json,
    });
    expect({ status: res.status, failed: failed(API, res) }).toEqual({ status: 401, failed: [] });
  });

  test('over http (the local trial, ALLOW_INSECURE_HTTP) no Strict-Transport-Security is sent', async () => {
    const res = await rawRequest({ method: 'GET', path: '/api/health', headers: json });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

test.describe('behind an https public URL', () => {
  test.describe.configure({ mode: 'serial' });
  let server: SpawnedServer;
  let base: string;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    // the process serves plain http, as behind a TLS terminator; its public URL (NEXTAUTH_URL) is https
    server = await spawnNextStart((port) => ({
      PGLITE_DATA_DIR: 'memory://',
      PLATFORM_ADMIN_KEY: E2E_PLATFORM_KEY,
      NEXTAUTH_URL: `https://127.0.0.1:${port}`,
      ALLOW_INSECURE_HTTP: '',
      LOG_LEVEL: 'warn',
    }));
    base = `http://127.0.0.1:${server.port}`;
    await waitForHttp(`${base}/api/health`, 60_000, server);
  });
  test.afterAll(async () => server?.stop());

  test('every answer carries Strict-Transport-Security: pages, API answers and the edge’s refusals', async () => {
    for (const [path, headers] of [
      ['/sign-in', html],
      ['/api/health', json],
      ['/api/v2.1/nowhere', json],
      ['/api/v2.1/tenants/%E0%A4%A', json],
    ] as const) {
      const res = await rawRequest({ method: 'GET', path, headers, port: server.port });
      expect({ path, hsts: res.headers['strict-transport-security'] }).toEqual({ path, hsts: 'max-age=63072000; includeSubDomains' });
    }
  });

  test('the panel cookies are Secure, HttpOnly and SameSite=Lax, from the CSRF token to the session', async () => {
    const tenant = await fetch(`${base}/api/v2.1/tenants/registration`, {
      method: 'POST',
      headers: { ...platformAuth, 'content-type': 'application/json' },
      body: JSON.stringify(registrationBody(uniqueName('Cookies'))),
    });
    expect(tenant.status).toBe(200);
    const { tenantId } = ((await tenant.json()) as { data: { tenantId: string } }).data;

    const csrf = await fetch(`${base}/api/auth/csrf`);
    const csrfCookies = csrf.headers.getSetCookie();
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const signIn = await fetch(`${base}/api/auth/callback/credentials`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: csrfCookies.map((c) => c.split(';')[0]).join('; ') },
      body: new URLSearchParams({ csrfToken, tenantId, username: 'owner', password: STRONG_PASSWORD, json: 'true' }).toString(),
    });
    const cookies = [...csrfCookies, ...signIn.headers.getSetCookie()];
    const byName = new Map(
      cookies.map((c) => [
        c.split('=')[0]!,
        c
          .split(';')
          .slice(1)
          .map((a) => a.trim().toLowerCase()),
      ]),
    );
    expect([...byName.keys()].sort()).toEqual(['__Host-next-auth.csrf-token', '__Secure-next-auth.callback-url', '__Secure-next-auth.session-token']);
    for (const [name, attributes] of byName) {
      expect({ name, secure: attributes.includes('secure'), httpOnly: attributes.includes('httponly'), sameSite: attributes.find((a) => a.startsWith('samesite=')) }).toEqual({
        name,
        secure: true,
        httpOnly: true,
        sameSite: 'samesite=lax',
      });
    }
  });
});
