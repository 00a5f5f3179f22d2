import net from 'node:net';
import { expect, test } from '@playwright/test';
import { E2E_PLATFORM_KEY, E2E_PORT, UUID_RE, platformAuth } from '../fixtures';
import { rawRequest, spawnNextStart, waitForHttp, type RawResponse, type SpawnedServer } from '../helpers';

/**
 * Issue 14, cases 1 and 5: what Next.js or Node's HTTP parser answered on their own (a path that
 * does not percent-decode: 500 text/plain; a request head over 16 KiB: 431 with an empty body) is
 * answered by server/main.mjs in our envelope, with X-Request-ID, and logged (docs/edge.md). Runs
 * against the production build started as `npm start` does.
 */
const PATH_ERROR = {
  code: 400,
  message: 'request validation failed',
  data: { error: 'VALIDATION_FAILED', errors: [{ field: 'path', message: 'a path segment is not valid percent-encoded UTF-8' }] },
};
const HEAD_ERROR = {
  code: 431,
  message: 'request header fields too large',
  data: { error: 'HEADERS_TOO_LARGE', details: 'the request line and headers must be at most 16384 bytes together' },
};

function expectEdgeAnswer(res: RawResponse, status: number, body: unknown): void {
  expect({ status: res.status, type: res.headers['content-type'], body: JSON.parse(res.text) }).toEqual({ status, type: 'application/json', body });
  expect(res.headers['x-request-id']).toMatch(UUID_RE);
  expect(res.headers['cache-control']).toBe('no-store');
}

test.describe('undecodable paths (case 1)', () => {
  const paths = [
    ['a dynamic segment, no credentials', 'GET', '/api/v2.1/tenants/%E0%A4%A'],
    ['a truncated escape', 'GET', '/api/v2.1/customers/%'],
    ['a lone surrogate', 'GET', '/api/v2.1/wallets/%ED%A0%80'],
    ['an unknown route', 'GET', '/api/nowhere/%E0%A4%A/x'],
    ['an overlong encoding on a POST', 'POST', '/api/v2.1/tenants/%C0%AF/status'],
    ['a panel page', 'GET', '/customers/%E0%A4%A'],
  ] as const;
  for (const [label, method, path] of paths) {
    test(`${label}: ${method} ${path} answers 400 in Envelope A`, async () => {
      expectEdgeAnswer(await rawRequest({ method, path, headers: { ...(method === 'POST' ? platformAuth : {}) } }), 400, PATH_ERROR);
    });
  }

  test('with credentials too, and a sane X-Request-ID is kept', async () => {
    const res = await rawRequest({ method: 'GET', path: '/api/v2.1/tenants/%E0%A4%A', headers: { ...platformAuth, 'X-Request-ID': 'edge-case-1' } });
    expect({ status: res.status, body: JSON.parse(res.text), id: res.headers['x-request-id'] }).toEqual({ status: 400, body: PATH_ERROR, id: 'edge-case-1' });
  });

  test('the card API answers in Envelope B (400 is code 500 there)', async () => {
    const res = await rawRequest({ method: 'POST', path: '/api/v2.1/card/virtual/%E0%A4%A', headers: { 'content-type': 'application/json' } });
    expect({ status: res.status, body: JSON.parse(res.text) }).toEqual({
      status: 400,
      body: { success: false, code: 500, msg: 'request validation failed', data: PATH_ERROR.data },
    });
    expect(res.headers['x-request-id']).toMatch(UUID_RE);
  });

  test('a malformed query is not the edge’s business: the route answers', async () => {
    const res = await rawRequest({ method: 'GET', path: '/api/health?x=%E0%A4%A' });
    expect(res.status).toBe(200);
  });
});

test.describe('over-size request heads (case 5)', () => {
  test('a long query answers 431 in Envelope A', async () => {
    expectEdgeAnswer(await rawRequest({ method: 'GET', path: `/api/v2.1/customers?q=${'a'.repeat(20_000)}` }), 431, HEAD_ERROR);
  });

  test('a 100 kB bearer token answers 431 in Envelope A', async () => {
    expectEdgeAnswer(await rawRequest({ method: 'GET', path: '/api/v2.1/customers', headers: { authorization: `Bearer ${'t'.repeat(100_000)}` } }), 431, HEAD_ERROR);
  });

  test('many headers that add up over 16 KiB answer 431', async () => {
    const headers = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`x-pad-${i}`, 'p'.repeat(500)]));
    expectEdgeAnswer(await rawRequest({ method: 'POST', path: '/api/v2.1/tenants/registration', headers }), 431, HEAD_ERROR);
  });

  /** A request whose head is sent in two TCP writes, the over-size header only in the second; the raw answer once the server closes. */
  function splitHead(path: string, pad: number): Promise<{ status: number; headers: string; body: unknown }> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(E2E_PORT, '127.0.0.1', () => {
        socket.setNoDelay(true);
        socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n`, () => {
          // a pause so that the server reads the request line as a chunk of its own (no assertion hangs on it)
          setTimeout(() => socket.end(`Authorization: Bearer ${'t'.repeat(pad)}\r\n\r\n`), 200);
        });
      });
      let text = '';
      socket.setEncoding('latin1').on('data', (d: string) => (text += d));
      socket.on('close', () => {
        const [headers = '', body = ''] = text.split('\r\n\r\n');
        resolve({ status: Number(headers.split(' ')[1]), headers, body: JSON.parse(body) });
      });
      socket.on('error', reject);
    });
  }

  for (const pad of [20_000, 100_000]) {
    test(`a ${pad}-byte header that arrives after the request line on the card API answers 431 in Envelope B`, async () => {
      const answer = await splitHead('/api/v2.1/card/virtual/info', pad);
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 431,
        body: { success: false, code: 431, msg: HEAD_ERROR.message, data: HEAD_ERROR.data },
      });
      expect(answer.headers).toMatch(/\r\nX-Request-ID: [0-9a-f-]{36}\r\n/);
    });

    test(`a ${pad}-byte header that arrives after the request line elsewhere answers 431 in Envelope A`, async () => {
      const answer = await splitHead('/api/v2.1/customers', pad);
      expect({ status: answer.status, body: answer.body }).toEqual({ status: 431, body: HEAD_ERROR });
      expect(answer.headers).toMatch(/\r\nX-Request-ID: [0-9a-f-]{36}\r\n/);
    });
  }

  test('a head just under the limit is served as usual', async () => {
    const res = await rawRequest({ method: 'GET', path: `/api/health?pad=${'a'.repeat(15_000)}` });
    expect(res.status).toBe(200);
  });
});

test.describe('a request head the parser refuses', () => {
  test('a header line without a colon answers 400 in Envelope A, and the connection closes', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(E2E_PORT, '127.0.0.1', () => socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nnot a header\r\n\r\n'));
      let text = '';
      socket.setEncoding('utf8').on('data', (d: string) => (text += d));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    const [head, body] = answer.split('\r\n\r\n');
    expect(head!.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(head).toMatch(/\r\nX-Request-ID: [0-9a-f-]{36}\r\n/);
    expect(head).toContain('\r\nConnection: close');
    expect(JSON.parse(body!)).toEqual({
      code: 400,
      message: 'request validation failed',
      data: { error: 'VALIDATION_FAILED', errors: [{ field: 'request', message: 'not a well-formed HTTP/1.1 request' }] },
    });
  });
});

test.describe('the edge logs what it answers', () => {
  test.describe.configure({ mode: 'serial' });
  let server: SpawnedServer;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await spawnNextStart({ PGLITE_DATA_DIR: 'memory://', PLATFORM_ADMIN_KEY: E2E_PLATFORM_KEY, LOG_LEVEL: 'info' });
    await waitForHttp(`http://127.0.0.1:${server.port}/api/health`, 90_000, server);
  });
  test.afterAll(async () => server?.stop());

  function logLines(): Array<Record<string, unknown>> {
    return server
      .stdout()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  }

  test('one warn line per refused request, with its request id, method, status and the path without its query', async () => {
    const bad = await rawRequest({ port: server.port, method: 'GET', path: '/api/v2.1/tenants/%E0%A4%A?token=query-value-xyz', headers: { 'X-Request-ID': 'edge-log-1' } });
    expect(bad.status).toBe(400);
    const big = await rawRequest({ port: server.port, method: 'GET', path: '/api/v2.1/customers', headers: { authorization: `Bearer ${'t'.repeat(100_000)}` } });
    expect(big.status).toBe(431);
    await expect.poll(() => logLines().filter((l) => l.msg === 'request refused at the edge').length).toBe(2);
    const lines = logLines().filter((l) => l.msg === 'request refused at the edge');
    expect(lines).toEqual([
      {
        level: 'warn',
        time: expect.any(String),
        service: 'business-platform',
        requestId: 'edge-log-1',
        method: 'GET',
        path: '/api/v2.1/tenants/%E0%A4%A',
        status: 400,
        edge: 'undecodablePath',
        msg: 'request refused at the edge',
      },
      {
        level: 'warn',
        time: expect.any(String),
        service: 'business-platform',
        requestId: big.headers['x-request-id'],
        method: 'GET',
        path: '/api/v2.1/customers',
        status: 431,
        edge: 'headersTooLarge',
        msg: 'request refused at the edge',
      },
    ]);
    expect(server.stdout()).not.toContain('query-value-xyz');
    expect(server.stdout()).not.toContain('tttttttttt');
  });
});
