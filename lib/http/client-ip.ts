import { randomBytes } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { getEnv } from '@/lib/env';

/**
 * The client's address: the one function every rate limit, throttle and log line uses
 * (docs/developer-api.md, "Client IP").
 *
 * Next.js route handlers never see the socket: NextRequest has no `ip` since Next 15, and Next.js
 * only copies the socket address into X-Forwarded-For when the client did not send one (`??=`), so
 * that header is whatever the client wants it to be. Our HTTP server (server/main.mjs) therefore
 * writes the socket's remote address into an internal header whose name is random per process
 * (PEER_HEADER, shared through process.env.BP_PEER_HEADER; server/edge.mjs `stampPeerAddress`),
 * deleting anything a client sent under that name. A client cannot guess the name, so the value is
 * the real peer. Without our server (in-process tests) nobody sets it: tests set it themselves.
 *
 * The peer is the client unless it is one of TRUSTED_PROXIES; then the right-most X-Forwarded-For
 * entry that is not a trusted proxy is the client (entries left of it are the client's own claims).
 */
export const PEER_HEADER = (process.env.BP_PEER_HEADER ??= `x-bp-peer-${randomBytes(12).toString('hex')}`);

let cachedList: { source: string; list: BlockList } | undefined;

function trustedProxies(): BlockList | null {
  const source = getEnv().TRUSTED_PROXIES ?? '';
  if (!source) return null;
  if (cachedList?.source === source) return cachedList.list;
  const list = new BlockList();
  for (const raw of source.split(',')) {
    const entry = raw.trim();
    const [address, bits] = entry.split('/') as [string, string | undefined];
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  cachedList = { source, list };
  return list;
}

/** ::ffff:127.0.0.1 -> 127.0.0.1 so that IPv4 ranges match IPv4 peers on a dual-stack socket. */
export function normalizeIp(address: string): string {
  const trimmed = address.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  return mapped ? mapped[1]! : trimmed;
}

function isTrusted(list: BlockList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource, name: string): string | null {
  if (headers instanceof Headers) return headers.get(name);
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? null);
}

/**
 * The client address of a request, or null when the socket address is unknown (in-process calls).
 * `headers`: a Request's, or the lower-cased plain object next-auth hands to its callbacks.
 */
export function clientIp(headers: HeaderSource): string | null {
  const peer = header(headers, PEER_HEADER);
  if (!peer) return null;
  let client = normalizeIp(peer);
  const list = trustedProxies();
  if (!list || !isTrusted(list, client)) return client;
  const hops = (header(headers, 'x-forwarded-for') ?? '').split(',').map(normalizeIp).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!;
    if (isIP(hop) === 0) return client; // garbage: stop at the last address we could verify
    client = hop;
    if (!isTrusted(list, hop)) return hop;
  }
  return client;
}
