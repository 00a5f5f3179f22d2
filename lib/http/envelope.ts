import type { ApiError } from '@/lib/contract/api-errors';
import type { EnvelopeA, EnvelopeB, JsonText } from '@/lib/contract/envelopes';
import { ERROR_TYPES } from '@/lib/contract/errors';
import { ANSWER_TEXT } from '@/server/api-edge.mjs';

export const REQUEST_ID_HEADER = 'X-Request-ID';

declare const answerData: unique symbol;
declare const fileAnswer: unique symbol;

/**
 * A Response whose JSON the compiler knows: `data` of Envelope A, or the whole body where a
 * definition has no envelope. `endpoint()` (lib/http/endpoint.ts) requires a handler of a definition
 * with a `response` schema to answer `TypedAnswer<z.input<response>>`, so an answer that does not
 * match its definition fails to compile (as Hono checks `c.json()` against the route's schema).
 */
export type TypedAnswer<T> = Response & { readonly [answerData]: T };

/** A non-JSON answer a definition lists (`responseContentType`, `alternativeContentTypes`: CSV, a document). */
export type FileAnswer = Response & { readonly [fileAnswer]: true };

/** What JSON.stringify makes of a value, as a type: toJSON() (Date, Decimal) applied, undefined members dropped, readonly gone. */
export type Json<T> = T extends { toJSON(): infer J }
  ? Json<J>
  : T extends string | number | boolean | null
    ? T
    : T extends readonly (infer E)[]
      ? Json<E>[]
      : T extends object
        ? { -readonly [K in keyof T as T[K] extends undefined | ((...args: never[]) => unknown) ? never : K]: Json<T[K]> }
        : never;

/** Each JSON answer's text, for the edge that writes it (server/api-edge.mjs): it need not read the text back from the answer's stream. */
const answerTexts: WeakMap<Response, string> = ((globalThis as Record<symbol, unknown>)[ANSWER_TEXT] ??= new WeakMap()) as WeakMap<Response, string>;

/** `Response.json` that keeps the answer's text (answerTexts). */
function json(body: unknown, init: ResponseInit = {}): Response {
  return jsonText(JSON.stringify(body), init);
}

/** A JSON answer of text already written: Content-Type application/json unless `init` names one. */
function jsonText(text: string, init: ResponseInit): Response {
  let headers: HeadersInit = JSON_TYPE;
  if (init.headers) {
    headers = new Headers(init.headers);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  const response = new Response(text, { status: init.status, statusText: init.statusText, headers });
  answerTexts.set(response, text);
  return response;
}
const JSON_TYPE = { 'content-type': 'application/json' };

/** Envelope A: `{ code, message, data }`, code mirroring the HTTP status. */
export function envelopeA<const T>(data: T, options: { status?: number; message?: string; headers?: HeadersInit } = {}): TypedAnswer<Json<T>> {
  const status = options.status ?? 200;
  const body: EnvelopeA<T> = { code: status, message: options.message ?? 'OK', data };
  return json(body, { status, headers: options.headers }) as TypedAnswer<Json<T>>;
}

/** A definition without envelope (`envelope: 'none'`): the body is the data itself. */
export function jsonAnswer<const T>(body: T, init?: ResponseInit): TypedAnswer<Json<T>> {
  return json(body, init) as TypedAnswer<Json<T>>;
}

/** A non-JSON body the definition lists (CSV, a stored document). */
export function file(body: BodyInit, init: ResponseInit): FileAnswer {
  return new Response(body, init) as FileAnswer;
}

/**
 * Envelope A around data that is already JSON text (the database built it; see customerDetailJson):
 * the same answer as envelopeA, without parsing the text only to write it again.
 */
export function envelopeAJson<T>(dataJson: JsonText<T>, options: { status?: number; message?: string } = {}): TypedAnswer<T> {
  const status = options.status ?? 200;
  const text = `{"code":${status},"message":${JSON.stringify(options.message ?? 'OK')},"data":${dataJson}}`;
  return jsonText(text, { status }) as TypedAnswer<T>;
}

/** Envelope B: `{ success, code, msg, data }` for the virtual card API. */
export function envelopeB<T>(data: T, options: { status?: number; code?: number; msg?: string; success?: boolean; headers?: HeadersInit } = {}): Response {
  const code = options.code ?? 200;
  const body: EnvelopeB<T> = { success: options.success ?? code === 200, code, msg: options.msg ?? 'success', data };
  return json(body, { status: options.status ?? 200, headers: options.headers });
}

/** How an ApiError is rendered: Envelope A by default, Envelope B on the card API. */
export type ErrorRenderer = (error: ApiError, requestId: string) => Response;

/** Whether an object has an enumerable key, without building the list of its keys. */
export const hasKeys = (value: object): boolean => {
  for (const _ in value) return true;
  return false;
};

// an error's headers are most often none: no HeadersInit to convert then
const headersOf = (error: ApiError): HeadersInit | undefined => (hasKeys(error.headers) ? error.headers : undefined);

export const renderEnvelopeA: ErrorRenderer = (error) => envelopeA(error.data, { status: error.status, message: error.message, headers: headersOf(error) });

/** The Envelope B body of an ApiError (also the OpenAPI document's examples). */
export function envelopeBErrorBody(error: ApiError): EnvelopeB<Record<string, unknown>> {
  const code = error.status === 400 || error.status >= 500 ? 500 : error.status;
  const msg = error.data.error === ERROR_TYPES.missingHeaders && typeof error.data.details === 'string' ? error.data.details : error.message;
  return { success: false, code, msg, data: error.data };
}

/** Envelope B for an ApiError: HTTP status kept; `code` mirrors it, except 400 and 5xx, which are `code` 500 as the contract says. */
export const renderEnvelopeB: ErrorRenderer = (error) => json(envelopeBErrorBody(error), { status: error.status, headers: headersOf(error) });
