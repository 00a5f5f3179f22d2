import { Pool, errors as undiciErrors } from 'undici';
import { z } from 'zod';
import { cardBusinessReasonSchema } from '@/lib/contract/card-errors';
import { ALL_CARD_OPERATIONS } from '@/lib/contract/card-operations';
import { CardProcessorUnavailableError, PROCESSOR_HEADERS, type CardProcessor, type CardProcessorRequest, type CardProcessorResult, type CardScope } from '@/lib/contract/card-processor';

/**
 * The client of a card processor over HTTP (CARD_PROCESSOR_URL). Wire protocol, also served by
 * ./server.ts for the sandbox:
 *   POST {base}/operations/{operation}   body: the operation's parsed body (JSON)
 *   headers: x-tenant-id, x-user-id, x-request-id, x-card-scope ("tenant" | "customer:<id>"),
 *            idempotency-key (when the body has one), authorization: Bearer <CARD_PROCESSOR_API_KEY>
 *   200 { ok: true, data } | { ok: false, reason, details?, data? }
 * Anything else (a 4xx/5xx, a body that is not that shape, data that does not match the
 * operation's response schema, an unknown reason) is a bad gateway; no answer within the timeout is
 * a timeout. The processor's own body is never passed on. One keep-alive pool per base URL.
 */
export interface HttpCardProcessorOptions {
  baseUrl: string;
  apiKey?: string;
  timeoutMs: number;
  connections: number;
  /** the processor is our sandbox served over HTTP: its sandbox-only operations are forwarded too */
  sandbox?: boolean;
}

const wireSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({ ok: z.literal(false), reason: cardBusinessReasonSchema, details: z.string().optional(), data: z.record(z.string(), z.unknown()).optional() }),
]);

export function scopeHeader(scope: CardScope): string {
  return scope.kind === 'tenant' ? 'tenant' : `customer:${scope.customerId}`;
}

export function parseScopeHeader(value: string | null): CardScope | null {
  if (value === 'tenant') return { kind: 'tenant' };
  const match = /^customer:([0-9a-f-]{36})$/i.exec(value ?? '');
  return match ? { kind: 'customer', customerId: match[1]!.toLowerCase() } : null;
}

export function createHttpCardProcessor(options: HttpCardProcessorOptions): CardProcessor {
  const base = new URL(options.baseUrl);
  const prefix = base.pathname.replace(/\/+$/, '');
  const pool = new Pool(base.origin, {
    connections: options.connections,
    keepAliveTimeout: 30_000,
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  });

  async function execute(request: CardProcessorRequest): Promise<CardProcessorResult> {
    const { context } = request;
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json',
      [PROCESSOR_HEADERS.tenant]: context.tenantId,
      [PROCESSOR_HEADERS.user]: context.userId,
      [PROCESSOR_HEADERS.requestId]: context.requestId,
      [PROCESSOR_HEADERS.scope]: scopeHeader(context.scope),
    };
    if (context.idempotencyKey) headers[PROCESSOR_HEADERS.idempotencyKey] = context.idempotencyKey;
    if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;

    let status: number;
    let text: string;
    try {
      const response = await pool.request({
        method: 'POST',
        path: `${prefix}/operations/${request.operation}`,
        headers,
        body: JSON.stringify(request.body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      status = response.statusCode;
      text = await response.body.text();
    } catch (error) {
      throw toUnavailable(error);
    }
    if (status !== 200) throw new CardProcessorUnavailableError('bad_gateway', `processor answered HTTP ${status}`);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new CardProcessorUnavailableError('bad_gateway', 'processor answered a body that is not JSON');
    }
    const wire = wireSchema.safeParse(json);
    if (!wire.success) throw new CardProcessorUnavailableError('bad_gateway', 'processor answered an unexpected shape');
    if (!wire.data.ok) return wire.data;
    const data = ALL_CARD_OPERATIONS[request.operation].response.safeParse(wire.data.data);
    if (!data.success) throw new CardProcessorUnavailableError('bad_gateway', `processor answered data that does not match ${request.operation}`);
    return { ok: true, data: data.data };
  }

  return { kind: options.sandbox ? 'sandbox' : 'http', execute, close: () => pool.close() };
}

function toUnavailable(error: unknown): CardProcessorUnavailableError {
  const name = (error as { name?: string })?.name;
  if (
    name === 'TimeoutError' ||
    name === 'AbortError' ||
    error instanceof undiciErrors.HeadersTimeoutError ||
    error instanceof undiciErrors.BodyTimeoutError ||
    error instanceof undiciErrors.ConnectTimeoutError
  ) {
    return new CardProcessorUnavailableError('timeout', 'processor did not answer in time');
  }
  return new CardProcessorUnavailableError('bad_gateway', `processor unreachable (${(error as { code?: string })?.code ?? name ?? 'error'})`);
}
