import { isIP } from 'node:net';
import { Agent, buildConnector, request } from 'undici';
import { RESPONSE_BODY_MAX_BYTES } from '@/lib/contract/webhooks';
import { parseEndpointUrl, resolveAndCheck, SsrfError, UnresolvableHostError } from './ssrf';

/**
 * The HTTP client of webhook delivery (undici). Its connector resolves the host itself, checks every
 * address with the SSRF guard and connects to the checked address, never re-resolving; TLS still
 * verifies the certificate against the URL's host name (SNI), unless the subscription has
 * verifySsl: false. Redirects are never followed (a 3xx is a failed attempt), no proxy is used,
 * and the whole exchange is bounded by the timeout. Only the first 1 KiB of an answer is kept.
 */
export interface SendOptions {
  verifySsl: boolean;
  timeoutMs: number;
  allowPrivateNetworks: boolean;
}

export interface SendResult {
  /** HTTP status, null when no answer came */
  status: number | null;
  /** first RESPONSE_BODY_MAX_BYTES of the answer, as text */
  body: string | null;
  retryAfter: string | null;
  location: string | null;
  /** why the attempt failed without an HTTP answer */
  error: string | null;
  durationMs: number;
}

const holder = globalThis as unknown as { __bpWebhookAgents?: Map<string, Agent> };

/** One agent per (verifySsl, policy): sockets opened under one policy are never reused under the other. */
function agentFor(options: SendOptions): Agent {
  holder.__bpWebhookAgents ??= new Map();
  const key = `${options.verifySsl}:${options.allowPrivateNetworks}:${options.timeoutMs}`;
  let agent = holder.__bpWebhookAgents.get(key);
  if (!agent) {
    const base = buildConnector({ rejectUnauthorized: options.verifySsl, timeout: Math.min(options.timeoutMs, 10_000) });
    const connect: buildConnector.connector = (opts, callback) => {
      const host = opts.hostname.replace(/^\[|\]$/g, '');
      resolveAndCheck(host, { allowPrivate: options.allowPrivateNetworks }).then(
        (addresses) => {
          const address = addresses[0]!;
          // host keeps the URL's name: TLS takes SNI and the certificate check from it
          base({ ...opts, hostname: address, servername: isIP(host) ? undefined : host }, callback);
        },
        (error: unknown) => callback(error as Error, null),
      );
    };
    agent = new Agent({ connect, keepAliveTimeout: 4_000, connections: 64, headersTimeout: options.timeoutMs, bodyTimeout: options.timeoutMs });
    holder.__bpWebhookAgents.set(key, agent);
  }
  return agent;
}

/** Closes every pooled connection (worker shutdown, tests). */
export async function closeWebhookAgents(): Promise<void> {
  const agents = [...(holder.__bpWebhookAgents?.values() ?? [])];
  holder.__bpWebhookAgents = undefined;
  await Promise.all(agents.map((a) => a.close().catch(() => undefined)));
}

function describeError(error: unknown, timeoutMs: number): string {
  const e = error as { name?: string; code?: string; message?: string; cause?: unknown };
  const guard = error instanceof SsrfError ? error : e.cause instanceof SsrfError ? e.cause : null;
  if (guard instanceof UnresolvableHostError) return `DNS: ${guard.message}`;
  if (guard) return `refused by the SSRF guard: ${guard.message}`;
  if (e.name === 'TimeoutError' || e.name === 'AbortError' || e.code === 'UND_ERR_HEADERS_TIMEOUT' || e.code === 'UND_ERR_BODY_TIMEOUT') {
    return `no answer within ${timeoutMs} ms`;
  }
  if (e.code === 'UND_ERR_CONNECT_TIMEOUT') return 'connect timeout';
  const code = e.code ?? (e.cause as { code?: string } | undefined)?.code;
  const message = e.message || String(error);
  return code && !message.includes(code) ? `${message} (${code})` : message;
}

/** Reads at most `limit` bytes of a body as text and discards the rest. */
async function readHead(body: AsyncIterable<Buffer> & { destroy(): void; dump?: (o?: { limit?: number }) => Promise<void> }, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= limit) break;
  }
  // breaking out of the loop destroys the stream; the connection is not reused then, which is fine
  const text = new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks).subarray(0, limit));
  // PostgreSQL text cannot hold NUL
  return text.replace(/\u0000/g, '');
}

/** POSTs one signed delivery. Never throws: every outcome is a SendResult. */
export async function postWebhook(url: string, body: string, headers: Record<string, string>, options: SendOptions): Promise<SendResult> {
  const started = performance.now();
  const done = (partial: Omit<SendResult, 'durationMs'>): SendResult => ({ ...partial, durationMs: Math.round(performance.now() - started) });
  let parsed: URL;
  try {
    // the scheme; addresses are checked by the connector, at connect time
    parsed = parseEndpointUrl(url);
  } catch (error) {
    return done({ status: null, body: null, retryAfter: null, location: null, error: describeError(error, options.timeoutMs) });
  }
  try {
    const response = await request(parsed, {
      method: 'POST',
      headers,
      body,
      dispatcher: agentFor(options),
      signal: AbortSignal.timeout(options.timeoutMs),
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
    const text = await readHead(response.body as never, RESPONSE_BODY_MAX_BYTES).catch(() => '');
    const header = (name: string) => {
      const value = response.headers[name];
      return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
    };
    return done({ status: response.statusCode, body: text, retryAfter: header('retry-after'), location: header('location'), error: null });
  } catch (error) {
    return done({ status: null, body: null, retryAfter: null, location: null, error: describeError(error, options.timeoutMs) });
  }
}

export interface FetchResult {
  status: number | null;
  /** the whole body, when it came within the size limit and the answer was 200 */
  bytes: Buffer | null;
  /** why nothing usable came: the SSRF guard, a timeout, an error status, the size limit */
  error: string | null;
}

/**
 * GETs a file through the same guarded client (an AML list on a schedule, docs/aml.md): the SSRF
 * guard at connect time, no redirects, bounded in time and in size. Never throws.
 */
export async function fetchGuarded(url: string, options: SendOptions & { maxBytes: number }): Promise<FetchResult> {
  let parsed: URL;
  try {
    parsed = parseEndpointUrl(url);
  } catch (error) {
    return { status: null, bytes: null, error: describeError(error, options.timeoutMs) };
  }
  try {
    const response = await request(parsed, {
      method: 'GET',
      headers: { 'user-agent': 'BusinessPlatform-AML/1.0' },
      dispatcher: agentFor(options),
      signal: AbortSignal.timeout(options.timeoutMs),
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
    if (response.statusCode !== 200) {
      await response.body.dump().catch(() => undefined);
      return { status: response.statusCode, bytes: null, error: `the server answered ${response.statusCode}` };
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > options.maxBytes) {
        response.body.destroy();
        return { status: 200, bytes: null, error: `the file is larger than ${options.maxBytes} bytes` };
      }
      chunks.push(chunk);
    }
    return { status: 200, bytes: Buffer.concat(chunks), error: null };
  } catch (error) {
    return { status: null, bytes: null, error: describeError(error, options.timeoutMs) };
  }
}
