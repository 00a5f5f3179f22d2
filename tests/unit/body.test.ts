import { describe, expect, it } from 'vitest';
import { renderEnvelopeA } from '@/lib/http/api-route';
import { isJsonContentType, readJsonBody } from '@/lib/http/body';
import { ApiError } from '@/lib/contract/api-errors';

const MAX = 100;
const encode = (s: string) => new TextEncoder().encode(s);

function post(body: BodyInit | null, contentType: string | null = 'application/json', extra: Record<string, string> = {}): Request {
  const headers = new Headers(extra);
  if (contentType !== null) headers.set('content-type', contentType);
  return new Request('http://localhost/api/test', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);
}

/** The parsed value, or the exact rendered Envelope A of the ApiError thrown. */
async function read(req: Request, max = MAX): Promise<{ value: unknown } | { status: number; body: unknown }> {
  try {
    return { value: await readJsonBody(req, max) };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const res = renderEnvelopeA(error, 'req-1');
    return { status: res.status, body: await res.json() };
  }
}

const envelope = (status: number, message: string, data: Record<string, unknown>) => ({ status, body: { code: status, message, data } });
const unsupported = (details: string) => envelope(415, 'unsupported media type', { error: 'UNSUPPORTED_MEDIA_TYPE', details });
const tooLarge = (max = MAX) => envelope(413, 'payload too large', { error: 'PAYLOAD_TOO_LARGE', details: `the body must be at most ${max} bytes` });
const malformed = (details: string) => envelope(400, 'malformed JSON body', { error: 'MALFORMED_JSON', details });

/** A stream of `chunks` chunks of `size` bytes (endless when chunks is Infinity) that records how far it was read. */
function countingStream(size: number, chunks: number) {
  const stats = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (stats.pulled >= chunks) return controller.close();
      stats.pulled++;
      controller.enqueue(encode(' '.repeat(size)));
    },
    cancel() {
      stats.cancelled = true;
    },
  });
  return { stream, stats };
}

describe('readJsonBody: Content-Type', () => {
  it('answers 415 without a Content-Type', async () => {
    expect(await read(post(encode('{}'), null))).toEqual(unsupported('Content-Type must be application/json'));
  });

  it('answers 415 for text/plain, naming what it got', async () => {
    expect(await read(post('{}', 'text/plain'))).toEqual(unsupported('Content-Type must be application/json, got text/plain'));
  });

  it('answers 415 for a string body whose type the runtime defaulted to text/plain', async () => {
    expect(await read(post('{}', null))).toEqual(unsupported('Content-Type must be application/json, got text/plain;charset=UTF-8'));
  });

  it.each(['application/json; charset=utf-8', 'application/vnd.api+json', 'APPLICATION/JSON', 'application/merge-patch+json'])('accepts %s', async (type) => {
    expect(await read(post('{"a":[1,{"b":null}]}', type))).toEqual({ value: { a: [1, { b: null }] } });
  });

  it.each([
    ['application/json', true],
    ['application/json;charset=UTF-8', true],
    ['  application/json  ', true],
    ['application/problem+json', true],
    ['application/jsonp', false],
    ['text/json', false],
    ['multipart/form-data; boundary=x', false],
    ['application/x-www-form-urlencoded', false],
    ['', false],
    [null, false],
  ])('isJsonContentType(%j) is %s', (value, expected) => {
    expect(isJsonContentType(value)).toBe(expected);
  });
});

describe('readJsonBody: size', () => {
  it('answers 413 from Content-Length alone, without reading the body', async () => {
    const req = post('{"a":1}', 'application/json', { 'content-length': String(MAX + 1) });
    expect(await read(req)).toEqual(tooLarge());
    expect(req.bodyUsed).toBe(false);
  });

  it('accepts a body of exactly the limit', async () => {
    const json = `"${'a'.repeat(MAX - 2)}"`;
    expect(encode(json).byteLength).toBe(MAX);
    expect(await read(post(json))).toEqual({ value: 'a'.repeat(MAX - 2) });
  });

  it('answers 413 for a body one byte over the limit (no Content-Length)', async () => {
    expect(await read(post(`"${'a'.repeat(MAX - 1)}"`))).toEqual(tooLarge());
  });

  it('counts bytes, not characters', async () => {
    // 40 euro signs are 40 characters but 120 bytes
    expect(await read(post(`"${'€'.repeat(40)}"`))).toEqual(tooLarge());
  });

  it('answers 413 for a streamed body without Content-Length and stops reading it', async () => {
    const { stream, stats } = countingStream(30, Infinity);
    const req = post(stream);
    expect(req.headers.get('content-length')).toBeNull();
    expect(await read(req)).toEqual(tooLarge());
    expect(stats.cancelled).toBe(true);
    expect(stats.pulled).toBeLessThan(10);
  });

  it('reads a streamed body in several chunks under the limit', async () => {
    const parts = ['{"na', 'me":"Z', 'ürich"', '}'];
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of parts) controller.enqueue(encode(part));
        controller.close();
      },
    });
    expect(await read(post(stream))).toEqual({ value: { name: 'Zürich' } });
  });

  it('decodes a multi-byte character split across chunks', async () => {
    const bytes = encode('"€"');
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 2));
        controller.enqueue(bytes.slice(2));
        controller.close();
      },
    });
    expect(await read(post(stream))).toEqual({ value: '€' });
  });
});

describe('readJsonBody: content', () => {
  it.each([
    ['an empty body', ''],
    ['a whitespace body', ' \n\t  '],
  ])('answers 400 for %s', async (_label, body) => {
    expect(await read(post(body))).toEqual(malformed('the body is empty; a JSON object is expected'));
  });

  it('answers 400 for a request without a body', async () => {
    const req = new Request('http://localhost/api/test', { method: 'POST', headers: { 'content-type': 'application/json' } });
    expect(await read(req)).toEqual(malformed('the body is empty; a JSON object is expected'));
  });

  it.each([
    ['{"a":1', 6],
    ['{"a":1}x', 7],
  ])('answers 400 for invalid JSON %j, naming the position', async (body, position) => {
    expect(await read(post(body))).toEqual(malformed(`the body is not valid JSON (error at position ${position})`));
  });

  it('answers 400 for invalid JSON without echoing the body', async () => {
    const result = await read(post('{"password": hunter2}'));
    expect(result).toEqual({
      status: 400,
      body: { code: 400, message: 'malformed JSON body', data: { error: 'MALFORMED_JSON', details: expect.stringMatching(/^the body is not valid JSON/) } },
    });
    expect(JSON.stringify(result)).not.toContain('hunter2');
  });

  const textRule = (errors: { field: string; message: string }[]) => envelope(400, 'request validation failed', { error: 'VALIDATION_FAILED', errors });
  const NUL = 'must not contain a NUL character (\\u0000)';
  const SURROGATE = 'must be well-formed UTF-16 text (no lone surrogate such as \\udfff)';

  it.each([
    ['an escaped NUL', '{"name":"a\\u0000b"}', [{ field: 'name', message: NUL }]],
    ['a NUL deep in arrays and objects', '{"a":[{"b":"ok"},{"b":"x\\u0000"}]}', [{ field: 'a.1.b', message: NUL }]],
    ['a lone low surrogate', '{"reason":"\\udfff"}', [{ field: 'reason', message: SURROGATE }]],
    ['a lone high surrogate at the end', '{"reason":"x\\ud83d"}', [{ field: 'reason', message: SURROGATE }]],
    ['a NUL in a key', '{"a\\u0000b":1}', [{ field: 'a\\u0000b', message: `the key ${NUL}` }]],
    ['a bare string body', '"\\u0000"', [{ field: 'body', message: NUL }]],
    [
      'several fields at once',
      '{"x":"\\u0000","y":["\\ud800"]}',
      [
        { field: 'x', message: NUL },
        { field: 'y.0', message: SURROGATE },
      ],
    ],
  ])('answers 400 request validation failed naming the field for %s', async (_label, body, errors) => {
    expect(await read(post(body))).toEqual(textRule(errors));
  });

  it.each([
    ['__proto__', '{"__proto__":{"enabled":false}}', '__proto__'],
    ['constructor', '{"constructor":{"prototype":{"enabled":false}}}', 'constructor'],
    ['prototype (nested)', '{"a":{"prototype":1}}', 'a.prototype'],
  ])('refuses a %s key before any schema sees it', async (key, body, field) => {
    expect(await read(post(body))).toEqual(textRule([{ field, message: `"${key.split(' ')[0]}" is not accepted as a key` }]));
  });

  it('accepts well-formed astral characters (a surrogate pair)', async () => {
    expect(await read(post('{"reason":"ok \\ud83d\\ude00 \u{1F600}"}'))).toEqual({ value: { reason: 'ok \u{1F600} \u{1F600}' } });
  });

  it.each([
    ['an invalid \\U escape', '{"name":"a\\U0000b"}', 11],
    ['a raw NUL byte inside a string', '{"name":"a\u0000b"}', 10],
  ])('answers 400 malformed JSON for %s (JSON itself refuses it)', async (_label, body, position) => {
    expect(await read(post(body))).toEqual(malformed(`the body is not valid JSON (error at position ${position})`));
  });

  it('answers 400 for invalid UTF-8 bytes', async () => {
    expect(await read(post(new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])))).toEqual(malformed('the body is not valid UTF-8'));
  });

  it('answers 400 for a truncated multi-byte sequence at the end', async () => {
    expect(await read(post(encode('"€"').slice(0, 2)))).toEqual(malformed('the body is not valid UTF-8'));
  });

  it('returns any JSON value; the route schema decides what it accepts', async () => {
    expect(await read(post('null'))).toEqual({ value: null });
    expect(await read(post('[1,2]'))).toEqual({ value: [1, 2] });
    expect(await read(post(' 42 '))).toEqual({ value: 42 });
  });
});
