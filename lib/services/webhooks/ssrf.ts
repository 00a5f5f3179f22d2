import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/**
 * The SSRF guard of webhook delivery. A subscription URL is checked when it is created or changed,
 * and every connection is checked again at connect time: the host is resolved, every address is
 * checked, and the socket connects to the checked address (lib/services/webhooks/http.ts), so a DNS answer
 * that changes between check and use (rebinding) cannot slip through.
 *
 * Refused: loopback, private (RFC 1918, ULA), link-local (169.254/16 with the cloud metadata
 * address, fe80::/10), CGNAT 100.64/10, 0.0.0.0/8, multicast, reserved and documentation ranges,
 * IPv6 that embeds an IPv4 address (mapped, compatible, NAT64, 6to4, Teredo), `localhost` names and
 * non-http(s) schemes. Odd IPv4 spellings (decimal 2130706433, hex 0x7f.1, octal 0177.0.0.1,
 * short 127.1) are normalized by the WHATWG URL parser first, so they are checked as what they mean.
 * WEBHOOK_ALLOW_PRIVATE_NETWORKS=true lifts the address rules (development and tests only).
 */
export class SsrfError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SsrfError';
  }
}

/** The host name does not resolve (now); whether that is a refusal is the caller's choice. */
export class UnresolvableHostError extends SsrfError {
  constructor(message: string) {
    super(message);
    this.name = 'UnresolvableHostError';
  }
}

type Range4 = [number, number, string];
const v4 = (a: number, b: number, c: number, d: number) => ((a << 24) >>> 0) + (b << 16) + (c << 8) + d;

/** [network, prefix length, what it is] */
const BLOCKED_V4: Range4[] = [
  [v4(0, 0, 0, 0), 8, '"this network" 0.0.0.0/8'],
  [v4(10, 0, 0, 0), 8, 'private network 10.0.0.0/8'],
  [v4(100, 64, 0, 0), 10, 'carrier-grade NAT 100.64.0.0/10'],
  [v4(127, 0, 0, 0), 8, 'loopback 127.0.0.0/8'],
  [v4(169, 254, 0, 0), 16, 'link-local 169.254.0.0/16 (cloud metadata)'],
  [v4(172, 16, 0, 0), 12, 'private network 172.16.0.0/12'],
  [v4(192, 0, 0, 0), 24, 'IETF protocol assignments 192.0.0.0/24'],
  [v4(192, 0, 2, 0), 24, 'documentation 192.0.2.0/24'],
  [v4(192, 88, 99, 0), 24, '6to4 relay 192.88.99.0/24'],
  [v4(192, 168, 0, 0), 16, 'private network 192.168.0.0/16'],
  [v4(198, 18, 0, 0), 15, 'benchmarking 198.18.0.0/15'],
  [v4(198, 51, 100, 0), 24, 'documentation 198.51.100.0/24'],
  [v4(203, 0, 113, 0), 24, 'documentation 203.0.113.0/24'],
  [v4(224, 0, 0, 0), 4, 'multicast 224.0.0.0/4'],
  [v4(240, 0, 0, 0), 4, 'reserved 240.0.0.0/4 (incl. broadcast)'],
];

/** A dotted-quad IPv4 address as 32-bit unsigned, or null. Only the canonical decimal form. */
export function parseIPv4(address: string): number | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  if (parts.some((p) => p > 255)) return null;
  return v4(parts[0]!, parts[1]!, parts[2]!, parts[3]!);
}

/** An IPv6 address as 8 16-bit groups, or null. Accepts `::` compression and a dotted IPv4 tail. */
export function parseIPv6(input: string): number[] | null {
  let address = input.startsWith('[') && input.endsWith(']') ? input.slice(1, -1) : input;
  if (address.includes('%')) return null; // zone ids: link-local scoped addresses
  let tail: number[] = [];
  const lastColon = address.lastIndexOf(':');
  if (address.slice(lastColon + 1).includes('.')) {
    const ip4 = parseIPv4(address.slice(lastColon + 1));
    if (ip4 === null) return null;
    tail = [ip4 >>> 16, ip4 & 0xffff];
    address = address.slice(0, lastColon + 1);
    if (!address.endsWith('::')) address = address.slice(0, -1);
  }
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const group = (s: string) => (s === '' ? [] : s.split(':'));
  const head = group(halves[0]!);
  const rest = halves.length === 2 ? group(halves[1]!) : [];
  const valid = (g: string) => /^[0-9a-fA-F]{1,4}$/.test(g);
  if (![...head, ...rest].every(valid)) return null;
  const explicit = head.length + rest.length + tail.length;
  if (halves.length === 1 && explicit !== 8) return null;
  if (halves.length === 2 && explicit > 7) return null;
  const zeros = new Array<number>(8 - explicit).fill(0);
  return [...head.map((g) => parseInt(g, 16)), ...(halves.length === 2 ? zeros : []), ...rest.map((g) => parseInt(g, 16)), ...tail];
}

function inV4(ip: number, [network, bits]: Range4): boolean {
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return (ip & mask) >>> 0 === network;
}

function describeV4(ip: number): string | null {
  return BLOCKED_V4.find((range) => inV4(ip, range))?.[2] ?? null;
}

function describeV6(g: number[]): string | null {
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroUpTo(8)) return 'unspecified address ::';
  if (zeroUpTo(7) && g[7] === 1) return 'loopback ::1';
  if (zeroUpTo(5) && g[5] === 0xffff) return 'IPv4-mapped IPv6 ::ffff:0:0/96';
  if (zeroUpTo(4) && g[4] === 0xffff && g[5] === 0) return 'IPv4-translated IPv6 ::ffff:0:0:0/96';
  if (zeroUpTo(6)) return 'IPv4-compatible IPv6 ::/96';
  if (g[0] === 0x64 && g[1] === 0xff9b) return 'NAT64 IPv6 64:ff9b::/96 (embeds an IPv4 address)';
  if (g[0] === 0x2002) return '6to4 IPv6 2002::/16 (embeds an IPv4 address)';
  if (g[0] === 0x2001 && g[1] === 0) return 'Teredo IPv6 2001::/32 (embeds an IPv4 address)';
  if (g[0] === 0x2001 && g[1] === 0xdb8) return 'documentation 2001:db8::/32';
  if ((g[0]! & 0xfe00) === 0xfc00) return 'unique local address fc00::/7';
  if ((g[0]! & 0xffc0) === 0xfe80) return 'link-local fe80::/10';
  if ((g[0]! & 0xffc0) === 0xfec0) return 'site-local fec0::/10';
  if ((g[0]! & 0xff00) === 0xff00) return 'multicast ff00::/8';
  if ((g[0]! & 0xe000) !== 0x2000) return 'not a global unicast IPv6 address (outside 2000::/3)';
  return null;
}

/** Why an address may not be reached, or null when it is a public unicast address. */
export function blockedReason(address: string): string | null {
  const family = isIP(address.replace(/^\[|\]$/g, ''));
  if (family === 4) {
    const ip = parseIPv4(address);
    return ip === null ? 'not a canonical IPv4 address' : describeV4(ip);
  }
  const groups = family === 6 || address.includes(':') ? parseIPv6(address) : null;
  if (!groups) return 'not an IP address';
  return describeV6(groups);
}

export type Resolver = (hostname: string) => Promise<string[]>;

const systemResolver: Resolver = async (hostname) => (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);
const holder = globalThis as unknown as { __bpWebhookResolver?: Resolver };

/** Tests replace DNS (e.g. to simulate rebinding); null restores the system resolver. */
export function setResolver(resolver: Resolver | null): void {
  holder.__bpWebhookResolver = resolver ?? undefined;
}

export function resolver(): Resolver {
  return holder.__bpWebhookResolver ?? systemResolver;
}

const LOCAL_NAMES = /^(?:localhost|localhost\.localdomain|ip6-localhost|ip6-loopback)$|\.localhost$/i;

/** A URL of a scheme we deliver to, or SsrfError. */
export function parseEndpointUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new SsrfError('not an absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SsrfError(`the scheme ${url.protocol.replace(/:$/, '')} is not allowed; only http and https`);
  if (url.username || url.password) throw new SsrfError('credentials in the URL are not allowed');
  return url;
}

/** The URL's host without IPv6 brackets or a trailing dot. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
}

/**
 * Resolves a host and checks every address. Returns the addresses (IP literals: themselves) when
 * all may be reached; throws SsrfError naming the first refused one otherwise.
 */
export async function resolveAndCheck(host: string, options: { allowPrivate: boolean; resolve?: Resolver; timeoutMs?: number }): Promise<string[]> {
  const literal = isIP(host) !== 0;
  if (!literal && LOCAL_NAMES.test(host) && !options.allowPrivate) throw new SsrfError(`${host} is a loopback name`);
  let addresses: string[];
  if (literal) addresses = [host];
  else {
    try {
      const lookup = (options.resolve ?? resolver())(host);
      addresses = options.timeoutMs
        ? await Promise.race([lookup, new Promise<never>((_, reject) => setTimeout(() => reject(Object.assign(new Error('timeout'), { code: 'ETIMEOUT' })), options.timeoutMs).unref())])
        : await lookup;
    } catch (error) {
      throw new UnresolvableHostError(`${host} could not be resolved (${(error as { code?: string }).code ?? 'DNS error'})`);
    }
    if (!addresses.length) throw new UnresolvableHostError(`${host} has no address`);
  }
  if (!options.allowPrivate) {
    for (const address of addresses) {
      const reason = blockedReason(address);
      if (reason) throw new SsrfError(literal ? `address ${address} is not allowed (${reason})` : `${host} resolves to ${address}, which is not allowed (${reason})`);
    }
  }
  return addresses;
}
