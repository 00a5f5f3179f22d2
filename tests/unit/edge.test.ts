import type { Server } from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERROR_MESSAGES, ERROR_TYPES, MAX_HEADER_BYTES as CATALOGUE_MAX_HEADER_BYTES } from '@/lib/contract/errors';
import { createEdgeServer, EDGE_ERRORS, edgeBody, MAX_HEADER_BYTES, PARSER_MAX_HEADER_BYTES, requestIdFrom, undecodableSegment } from '@/server/edge.mjs';

/** server/edge.mjs: what the HTTP server answers before Next.js sees a request (docs/edge.md). */
describe('the edge', () => {
  it('speaks the contract catalogue: each edge answer is one of lib/contract/errors.ts', () => {
    expect(EDGE_ERRORS).toEqual({
      undecodablePath: { status: 400, message: ERROR_MESSAGES.validationFailed, error: ERROR_TYPES.validation },
      malformedRequest: { status: 400, message: ERROR_MESSAGES.validationFailed, error: ERROR_TYPES.validation },
      headersTooLarge: { status: 431, message: ERROR_MESSAGES.headersTooLarge, error: ERROR_TYPES.headersTooLarge },
      internal: { status: 500, message: ERROR_MESSAGES.internal, error: ERROR_TYPES.internal },
    });
    expect(MAX_HEADER_BYTES).toBe(16_384);
    // the OpenAPI document's 431 names the same limit
    expect(MAX_HEADER_BYTES).toBe(CATALOGUE_MAX_HEADER_BYTES);
    expect(PARSER_MAX_HEADER_BYTES).toBe(1_048_576);
  });

  it.each([
    ['/api/v2.1/tenants/%E0%A4%A', '%E0%A4%A'],
    ['/api/v2.1/tenants/%', '%'],
    ['/api/nowhere/%ZZ/x', '%ZZ'],
    ['/%C0%AF', '%C0%AF'],
    ['/api/v2.1/customers/%ED%A0%80', '%ED%A0%80'],
  ])('finds the undecodable segment of %s', (url, segment) => {
    expect(undecodableSegment(url)).toBe(segment);
  });

  it.each(['/api/v2.1/tenants/abc', '/api/v2.1/customers/a%20b', '/api/x?q=%E0%A4%A', '/', '/%E2%82%AC'])('lets %s through', (url) => {
    expect(undecodableSegment(url)).toBeNull();
  });

  it('renders Envelope A, and Envelope B under the card API (400 is code 500 there)', () => {
    const errors = [{ field: 'path', message: 'x' }];
    expect(edgeBody('undecodablePath', { path: '/api/v2.1/tenants/%E0', requestId: 'r', errors })).toEqual({
      code: 400,
      message: 'request validation failed',
      data: { error: 'VALIDATION_FAILED', errors },
    });
    expect(edgeBody('undecodablePath', { path: '/api/v2.1/card/virtual/%E0', requestId: 'r', errors })).toEqual({
      success: false,
      code: 500,
      msg: 'request validation failed',
      data: { error: 'VALIDATION_FAILED', errors },
    });
    expect(edgeBody('internal', { path: '/x', requestId: 'r-1' })).toEqual({
      code: 500,
      message: 'internal server error',
      data: { error: 'INTERNAL_ERROR', requestId: 'r-1' },
    });
  });

  it('keeps a sane X-Request-ID and replaces anything else', () => {
    expect(requestIdFrom({ 'x-request-id': 'abc-123' })).toBe('abc-123');
    for (const bad of ['has space', 'x'.repeat(129), '4111111111111111', '']) {
      const id = requestIdFrom({ 'x-request-id': bad });
      expect(id).not.toBe(bad);
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });
});

/**
 * The edge's HTTP server itself, on a free port, around a handler that answers 200 (in place of
 * Next.js's, which the edge never sees the inside of). Requests go over raw sockets, their heads
 * split over two TCP writes, the second sent only once the server has read the first: the case
 * where Node's parser alone could not tell the path of an over-size head (issue 14, README "Fuzzing").
 */
describe('the edge server and over-size heads split over two TCP chunks', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  const DETAILS = 'the request line and headers must be at most 16384 bytes together';
  const lines: Array<Record<string, unknown>> = [];
  const log = { warn: (obj: object, msg: string) => lines.push({ ...obj, msg }), error: (obj: object, msg: string) => lines.push({ ...obj, msg }) };
  const served: string[] = [];
  let server: Server;
  let port = 0;
  const sockets: net.Socket[] = [];

  beforeAll(async () => {
    server = createEdgeServer({
      log,
      handle: (req, res) => {
        served.push(String(req.url));
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '15' }).end('{"served":true}');
      },
    });
    server.on('connection', (socket: net.Socket) => sockets.push(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** Sends `first`, waits until the server has read all of it, sends `second`; resolves with the raw answer once the server closes. */
  async function twoChunks(first: string, second: string): Promise<{ status: number; headers: Record<string, string>; body: unknown }> {
    const count = sockets.length;
    const client = net.connect(port, '127.0.0.1');
    let raw = '';
    client.setEncoding('latin1').on('data', (d: string) => (raw += d));
    const ended = new Promise<void>((resolve, reject) => {
      client.on('close', () => resolve());
      client.on('error', reject);
    });
    await new Promise<void>((resolve) => client.once('connect', resolve));
    client.write(first);
    await vi.waitFor(() => expect(sockets[count]?.bytesRead).toBe(Buffer.byteLength(first, 'latin1')), { timeout: 10_000 });
    client.end(second);
    await ended;
    const [head = '', ...rest] = raw.split('\r\n\r\n');
    const [statusLine = '', ...headerLines] = head.split('\r\n');
    const headers = Object.fromEntries(headerLines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
    return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(rest.join('\r\n\r\n')) };
  }

  /** A head of exactly `bytes` bytes on the wire: its request line and first headers, and a padding header that makes up the rest. */
  function head(path: string, bytes: number): [string, string] {
    const first = `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n`;
    const pad = bytes - first.length - 'X-Pad: '.length - 4;
    return [first, `X-Pad: ${'p'.repeat(pad)}\r\n\r\n`];
  }

  it("keeps an idle kept-alive connection past Node's 5 s default and says so (Keep-Alive: timeout=65): a request on it 6 s later is answered", async () => {
    const client = net.connect(port, '127.0.0.1');
    let raw = '';
    client.setEncoding('latin1').on('data', (d: string) => (raw += d));
    await new Promise<void>((resolve) => client.once('connect', resolve));
    const answers = () => raw.split('HTTP/1.1 200').length - 1;
    client.write('GET /first HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await vi.waitFor(() => expect(answers()).toBe(1));
    expect(raw).toContain('Keep-Alive: timeout=65');
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(client.destroyed).toBe(false);
    client.write('GET /second HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    await vi.waitFor(() => expect(answers()).toBe(2));
    client.destroy();
    expect(served.slice(-2)).toEqual(['/first', '/second']);
  }, 15_000);

  const CARD_431 = { success: false, code: 431, msg: 'request header fields too large', data: { error: 'HEADERS_TOO_LARGE', details: DETAILS } };
  const A_431 = { code: 431, message: 'request header fields too large', data: { error: 'HEADERS_TOO_LARGE', details: DETAILS } };
  it.each([
    ['one byte over the limit', 'the card API answers Envelope B', '/api/v2.1/card/virtual/info', MAX_HEADER_BYTES + 1, CARD_431],
    ['one byte over the limit', 'any other path answers Envelope A', '/api/v2.1/customers?q=x', MAX_HEADER_BYTES + 1, A_431],
    ['of 100 kB (a huge bearer token)', 'the card API answers Envelope B', '/api/v2.1/card/virtual/info', 100_000, CARD_431],
    ['of 100 kB (a huge bearer token)', 'any other path answers Envelope A', '/api/v2.1/customers?q=x', 100_000, A_431],
  ])('a head %s whose overflow comes in a later chunk: 431, %s, with X-Request-ID and one log line', async (_size, _label, path, bytes, body) => {
    lines.length = 0;
    const answer = await twoChunks(...head(path, bytes));
    expect({ status: answer.status, type: answer.headers['content-type'], body: answer.body }).toEqual({ status: 431, type: 'application/json', body });
    expect(answer.headers['x-request-id']).toMatch(UUID);
    expect(lines).toEqual([{ requestId: answer.headers['x-request-id'], method: 'GET', path: path.split('?')[0], status: 431, edge: 'headersTooLarge', msg: 'request refused at the edge' }]);
    expect(served).not.toContain(path);
  });

  it('a head of exactly the limit is served', async () => {
    const path = '/api/v2.1/card/virtual/info?at-the-limit';
    const answer = await twoChunks(...head(path, MAX_HEADER_BYTES));
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 200, body: { served: true } });
    expect(served).toContain(path);
  });

  it('a head beyond even the parser limit (the residual case): still 431 in our envelope, here A as the path is unknown', async () => {
    lines.length = 0;
    const answer = await twoChunks(...head('/api/v2.1/card/virtual/info', PARSER_MAX_HEADER_BYTES + 1024));
    expect({ status: answer.status, connection: answer.headers.connection, body: answer.body }).toEqual({
      status: 431,
      connection: 'close',
      body: { code: 431, message: 'request header fields too large', data: { error: 'HEADERS_TOO_LARGE', details: DETAILS } },
    });
    expect(answer.headers['x-request-id']).toMatch(UUID);
    expect(lines).toEqual([{ requestId: answer.headers['x-request-id'], path: '', status: 431, edge: 'headersTooLarge', reason: 'HPE_HEADER_OVERFLOW', msg: 'request refused at the edge' }]);
  });
});
