import { expect, test } from '@playwright/test';
import { UUID_RE, platformAuth, registrationBody } from '../fixtures';
import { expectEnvelope, rawRequest } from '../helpers';

const REGISTRATION = '/api/v2.1/tenants/registration';
const MAX_BODY_BYTES = 1_048_576;
const json = { ...platformAuth, 'content-type': 'application/json' };

const malformed = (details: string) => ({ error: 'MALFORMED_JSON', details });
/** The request fixture JSON-encodes a string body it cannot parse; a Buffer goes out byte for byte. */
const raw = (text: string) => Buffer.from(text, 'utf8');

test.describe('request bodies', () => {
  test('malformed JSON answers 400 naming the position when the parser reports one', async ({ request }) => {
    const res = await request.post(REGISTRATION, { headers: json, data: raw('{bad') });
    await expectEnvelope(res, 400, 'malformed JSON body', malformed('the body is not valid JSON (error at position 1)'));
    expect(res.headers()['x-request-id']).toMatch(UUID_RE);
  });

  test('truncated JSON answers 400 without a position', async ({ request }) => {
    const res = await request.post(REGISTRATION, { headers: json, data: raw('{"name": ') });
    await expectEnvelope(res, 400, 'malformed JSON body', malformed('the body is not valid JSON'));
  });

  test('trailing garbage after a JSON value answers 400 with its position', async ({ request }) => {
    const res = await request.post(REGISTRATION, { headers: json, data: raw('{"a":1}x') });
    await expectEnvelope(res, 400, 'malformed JSON body', malformed('the body is not valid JSON (error at position 7)'));
  });

  test('an empty or blank body answers 400', async ({ request }) => {
    for (const data of ['', '   \n\t ']) {
      const res = await request.post(REGISTRATION, { headers: json, data: raw(data) });
      await expectEnvelope(res, 400, 'malformed JSON body', malformed('the body is empty; a JSON object is expected'));
    }
  });

  test('a body that is not UTF-8 answers 400', async ({ request }) => {
    const res = await request.post(REGISTRATION, { headers: json, data: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]) });
    await expectEnvelope(res, 400, 'malformed JSON body', malformed('the body is not valid UTF-8'));
  });

  test('Content-Type text/plain answers 415 naming what was sent', async ({ request }) => {
    const res = await request.post(REGISTRATION, {
      headers: { ...platformAuth, 'content-type': 'text/plain' },
      data: JSON.stringify(registrationBody()),
    });
    await expectEnvelope(res, 415, 'unsupported media type', {
      error: 'UNSUPPORTED_MEDIA_TYPE',
      details: 'Content-Type must be application/json, got text/plain',
    });
    expect(res.headers()['x-request-id']).toMatch(UUID_RE);
  });

  test('a missing Content-Type answers 415 without "got"', async () => {
    const res = await rawRequest({ method: 'POST', path: REGISTRATION, headers: { ...platformAuth }, chunks: [Buffer.from('{}')] });
    expect({ status: res.status, body: JSON.parse(res.text) }).toEqual({
      status: 415,
      body: { code: 415, message: 'unsupported media type', data: { error: 'UNSUPPORTED_MEDIA_TYPE', details: 'Content-Type must be application/json' } },
    });
  });

  test('JSON media types with parameters and +json suffixes are accepted', async ({ request }) => {
    for (const type of ['application/json; charset=utf-8', 'application/vnd.api+json', 'APPLICATION/JSON']) {
      // the body is deliberately invalid for the schema: reaching validation proves the type was accepted
      const res = await request.post(REGISTRATION, { headers: { ...platformAuth, 'content-type': type }, data: raw('{}') });
      expect(res.status(), type).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe('request validation failed');
    }
  });

  test('a body of exactly the limit is read (and then judged on its content)', async ({ request }) => {
    const res = await request.post(REGISTRATION, { headers: json, data: Buffer.alloc(MAX_BODY_BYTES, 0x20) });
    await expectEnvelope(res, 400, 'malformed JSON body', malformed('the body is empty; a JSON object is expected'));
  });

  test('a body over 1 MiB with Content-Length answers 413', async ({ request }) => {
    const data = Buffer.alloc(MAX_BODY_BYTES + 1, 0x61);
    const res = await request.post(REGISTRATION, { headers: json, data });
    await expectEnvelope(res, 413, 'payload too large', { error: 'PAYLOAD_TOO_LARGE', details: `the body must be at most ${MAX_BODY_BYTES} bytes` });
    expect(res.headers()['x-request-id']).toMatch(UUID_RE);
  });

  test('a chunked body over 1 MiB (no Content-Length) answers 413', async () => {
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const chunks = Array.from({ length: MAX_BODY_BYTES / chunk.length + 1 }, () => chunk);
    const res = await rawRequest({ method: 'POST', path: REGISTRATION, headers: json, chunks });
    expect({ status: res.status, body: JSON.parse(res.text) }).toEqual({
      status: 413,
      body: { code: 413, message: 'payload too large', data: { error: 'PAYLOAD_TOO_LARGE', details: `the body must be at most ${MAX_BODY_BYTES} bytes` } },
    });
    expect(res.headers['x-request-id']).toMatch(UUID_RE);
  });

  test('a chunked body within the limit is read normally', async () => {
    const text = JSON.stringify(registrationBody());
    const half = Math.floor(text.length / 2);
    const res = await rawRequest({
      method: 'POST',
      path: REGISTRATION,
      headers: json,
      chunks: [Buffer.from(text.slice(0, half)), Buffer.from(text.slice(half))],
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toMatchObject({ code: 200, message: 'tenant registered' });
  });
});
