import { malformedJson, payloadTooLarge, unsupportedMediaType } from '@/lib/contract/api-errors';
import { assertJsonText } from './input-text';

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;.*)?$/i;

export function isJsonContentType(value: string | null): boolean {
  return value !== null && JSON_TYPE.test(value.trim());
}

/**
 * Reads a JSON request body: Content-Type must be JSON (415), the size at most maxBytes (413,
 * checked on Content-Length first and again while streaming), the text valid JSON (400), and every
 * string in it clean text under the edge rule (400 request validation failed, lib/http/input-text.ts).
 */
export async function readJsonBody(req: Request, maxBytes: number): Promise<unknown> {
  const text = await readJsonText(req, maxBytes);
  if (text.trim() === '') throw malformedJson('the body is empty; a JSON object is expected');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const position = /position (\d+)/.exec(String((error as Error).message))?.[1];
    throw malformedJson(`the body is not valid JSON${position ? ` (error at position ${position})` : ''}`);
  }
  // the text rule (no NUL, no lone surrogate, no __proto__/constructor/prototype key), naming each field
  assertJsonText(value);
  return value;
}

/**
 * The text of a JSON request body, exactly as sent (a signed body's signature covers these bytes):
 * Content-Type JSON (415), at most maxBytes (413), valid UTF-8 (400). Not parsed.
 */
export async function readJsonText(req: Request, maxBytes: number): Promise<string> {
  const contentType = req.headers.get('content-type');
  if (!isJsonContentType(contentType)) throw unsupportedMediaType(contentType);

  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw payloadTooLarge(maxBytes);

  let text = '';
  if (req.body) {
    const reader = req.body.getReader();
    const decoder = new TextDecoder('utf-8', { fatal: true });
    let received = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        received += value.byteLength;
        if (received > maxBytes) {
          await reader.cancel().catch(() => undefined);
          throw payloadTooLarge(maxBytes);
        }
        text += decoder.decode(value, { stream: true });
      }
      text += decoder.decode();
    } catch (error) {
      if (error instanceof TypeError) throw malformedJson('the body is not valid UTF-8');
      throw error;
    }
  }
  return text;
}
