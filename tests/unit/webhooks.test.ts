import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { EVENT_DATA_SCHEMAS, EVENT_EXAMPLES, EVENT_TYPES } from '@/lib/contract/events';
import { eventMatches, isValidEventPattern, patternsMatching, secretKeyBytes, signatureAlgorithmSchema } from '@/lib/contract/webhooks';
import { MAX_RETRY_DELAY_MS, parseRetryAfter, retryDelayMs } from '@/lib/services/webhooks/retry';
import { keyFilePath } from '@/lib/services/data-key';
import { decryptSecret, encryptSecret } from '@/lib/services/webhooks/secrets';
import { generateSecret, sign, webhookHeaders } from '@/lib/services/webhooks/signer';
import { blockedReason, parseIPv6, resolveAndCheck, SsrfError, UnresolvableHostError } from '@/lib/services/webhooks/ssrf';

/** Pure parts of webhooks: the address rules, signing, the retry schedule, secrets at rest, patterns, docs. */
describe('SSRF address rules', () => {
  it.each([
    ['0.0.0.0', '"this network" 0.0.0.0/8'],
    ['0.255.255.255', '"this network" 0.0.0.0/8'],
    ['10.1.2.3', 'private network 10.0.0.0/8'],
    ['100.64.0.0', 'carrier-grade NAT 100.64.0.0/10'],
    ['100.127.255.255', 'carrier-grade NAT 100.64.0.0/10'],
    ['127.0.0.1', 'loopback 127.0.0.0/8'],
    ['169.254.169.254', 'link-local 169.254.0.0/16 (cloud metadata)'],
    ['172.16.0.0', 'private network 172.16.0.0/12'],
    ['172.31.255.255', 'private network 172.16.0.0/12'],
    ['192.0.0.8', 'IETF protocol assignments 192.0.0.0/24'],
    ['192.0.2.1', 'documentation 192.0.2.0/24'],
    ['192.168.0.1', 'private network 192.168.0.0/16'],
    ['198.18.0.1', 'benchmarking 198.18.0.0/15'],
    ['224.0.0.251', 'multicast 224.0.0.0/4'],
    ['255.255.255.255', 'reserved 240.0.0.0/4 (incl. broadcast)'],
    ['::', 'unspecified address ::'],
    ['::1', 'loopback ::1'],
    ['::ffff:127.0.0.1', 'IPv4-mapped IPv6 ::ffff:0:0/96'],
    ['::ffff:8.8.8.8', 'IPv4-mapped IPv6 ::ffff:0:0/96'],
    ['0:0:0:0:0:ffff:7f00:1', 'IPv4-mapped IPv6 ::ffff:0:0/96'],
    ['::7f00:1', 'IPv4-compatible IPv6 ::/96'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 IPv6 64:ff9b::/96 (embeds an IPv4 address)'],
    ['2002:c0a8:101::1', '6to4 IPv6 2002::/16 (embeds an IPv4 address)'],
    ['2001::1', 'Teredo IPv6 2001::/32 (embeds an IPv4 address)'],
    ['2001:db8::1', 'documentation 2001:db8::/32'],
    ['fd12:3456::1', 'unique local address fc00::/7'],
    ['fe80::1', 'link-local fe80::/10'],
    ['fec0::1', 'site-local fec0::/10'],
    ['ff02::1', 'multicast ff00::/8'],
    ['100::1', 'not a global unicast IPv6 address (outside 2000::/3)'],
    ['fe80::1%eth0', 'not an IP address'],
  ])('%s is refused: %s', (address, reason) => {
    expect(blockedReason(address)).toBe(reason);
  });

  it.each(['8.8.8.8', '93.184.215.14', '1.1.1.1', '100.63.255.255', '100.128.0.0', '172.15.255.255', '172.32.0.0', '2606:4700:4700::1111', '2a00:1450:4001::200e'])(
    '%s is public',
    (address) => {
      expect(blockedReason(address)).toBeNull();
    },
  );

  it('parses IPv6 forms', () => {
    expect(parseIPv6('::')).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(parseIPv6('[::1]')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIPv6('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304]);
    expect(parseIPv6('1:2:3:4:5:6:7:8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(parseIPv6('1::8')).toEqual([1, 0, 0, 0, 0, 0, 0, 8]);
    expect(parseIPv6('1:2:3:4:5:6:1.2.3.4')).toEqual([1, 2, 3, 4, 5, 6, 0x0102, 0x0304]);
    expect(parseIPv6('1:2:3:4:5:6:7')).toBeNull();
    expect(parseIPv6('1::2::3')).toBeNull();
    expect(parseIPv6('12345::')).toBeNull();
  });

  it('resolves names and checks every address; literals are checked as they are; loopback names are refused unresolved', async () => {
    const resolve = async (host: string) => ({ 'mixed.example': ['8.8.8.8', '192.168.1.10'], 'good.example': ['8.8.8.8', '2606:4700::1'] })[host] ?? [];
    await expect(resolveAndCheck('good.example', { allowPrivate: false, resolve })).resolves.toEqual(['8.8.8.8', '2606:4700::1']);
    await expect(resolveAndCheck('mixed.example', { allowPrivate: false, resolve })).rejects.toThrow(
      new SsrfError('mixed.example resolves to 192.168.1.10, which is not allowed (private network 192.168.0.0/16)'),
    );
    await expect(resolveAndCheck('empty.example', { allowPrivate: false, resolve })).rejects.toBeInstanceOf(UnresolvableHostError);
    await expect(resolveAndCheck('127.0.0.1', { allowPrivate: false, resolve })).rejects.toThrow('address 127.0.0.1 is not allowed (loopback 127.0.0.0/8)');
    await expect(resolveAndCheck('localhost', { allowPrivate: false, resolve })).rejects.toThrow('localhost is a loopback name');
    await expect(resolveAndCheck('mixed.example', { allowPrivate: true, resolve })).resolves.toEqual(['8.8.8.8', '192.168.1.10']);
    const slow = () => new Promise<string[]>(() => undefined);
    await expect(resolveAndCheck('slow.example', { allowPrivate: false, resolve: slow, timeoutMs: 50 })).rejects.toThrow('slow.example could not be resolved (ETIMEOUT)');
  });
});

describe('signing (Standard Webhooks)', () => {
  const body = JSON.stringify({ id: 'evt', type: 'webhook.test', data: { a: 1 } });

  it('a generated secret is whsec_ + base64 of 32 bytes and signs what standardwebhooks verifies', () => {
    const secret = generateSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(secretKeyBytes(secret)).toHaveLength(32);
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = webhookHeaders({ msgId: 'msg_1', timestamp, body, secrets: [secret] });
    expect(headers).toEqual({
      'content-type': 'application/json',
      'user-agent': 'BusinessPlatform-Webhooks/1.0',
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(timestamp),
      'webhook-signature': sign(secret, 'msg_1', timestamp, body),
    });
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(sign(secret, 'msg_1', timestamp, body)).toBe(new Webhook(secret).sign('msg_1', new Date(timestamp * 1000), body));
  });

  it('during a rotation two signatures travel; each secret verifies alone', () => {
    const [current, previous] = [generateSecret(), generateSecret()];
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = webhookHeaders({ msgId: 'msg_2', timestamp, body, secrets: [current, previous] });
    expect(headers['webhook-signature']!.split(' ')).toEqual([sign(current, 'msg_2', timestamp, body), sign(previous, 'msg_2', timestamp, body)]);
    expect(new Webhook(current).verify(body, headers)).toBeTruthy();
    expect(new Webhook(previous).verify(body, headers)).toBeTruthy();
    expect(() => new Webhook(generateSecret()).verify(body, headers)).toThrow();
  });

  it('secret format: whsec_ + base64 of 24..64 bytes', () => {
    const of = (n: number) => `whsec_${randomBytes(n).toString('base64')}`;
    expect(secretKeyBytes(of(24))).toHaveLength(24);
    expect(secretKeyBytes(of(64))).toHaveLength(64);
    expect(secretKeyBytes(of(23))).toBeNull();
    expect(secretKeyBytes(of(65))).toBeNull();
    expect(secretKeyBytes(randomBytes(32).toString('base64'))).toBeNull();
    expect(secretKeyBytes('whsec_' + randomBytes(32).toString('base64url').replace(/=+$/, '') + '-')).toBeNull();
  });

  it('signature algorithm names', () => {
    for (const name of ['HMAC-SHA256', 'hmac-sha256', 'HMAC_SHA256', 'HmacSHA256']) expect(signatureAlgorithmSchema.parse(name)).toBe('HMAC-SHA256');
    expect(signatureAlgorithmSchema.safeParse('HMAC-SHA1').error?.issues[0]?.message).toBe('unsupported signature algorithm; supported: HMAC-SHA256');
  });
});

describe('retry schedule', () => {
  it('retry n waits backoff * 2^(n-1), ±20% jitter, at most 24 hours', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(5, n, () => 0.5))).toEqual([5_000, 10_000, 20_000, 40_000, 80_000]);
    expect(retryDelayMs(5, 1, () => 0)).toBe(4_000);
    expect(retryDelayMs(5, 1, () => 1)).toBe(6_000);
    for (let i = 0; i < 200; i++) {
      const d = retryDelayMs(10, 3);
      expect(d).toBeGreaterThanOrEqual(32_000);
      expect(d).toBeLessThanOrEqual(48_000);
    }
    expect(retryDelayMs(3600, 20, () => 1)).toBe(MAX_RETRY_DELAY_MS);
    expect(retryDelayMs(3600, 5, () => 0.5)).toBe(57_600_000);
    expect(retryDelayMs(3600, 6, () => 0.5)).toBe(MAX_RETRY_DELAY_MS);
  });

  it('Retry-After as seconds or an HTTP date, capped at 24 hours', () => {
    const now = new Date('2026-03-01T10:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Sun, 01 Mar 2026 10:05:00 GMT', now)).toBe(300_000);
    expect(parseRetryAfter('Sun, 01 Mar 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('999999', now)).toBe(MAX_RETRY_DELAY_MS);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});

describe('secrets at rest', () => {
  const key = randomBytes(32);
  const owner = { tenantId: 't-1', subscriptionId: 's-1' };

  it('AES-256-GCM round trip with a fresh IV each time, bound to its owner and key', () => {
    const secret = generateSecret();
    const a = encryptSecret(key, secret, owner);
    const b = encryptSecret(key, secret, owner);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1:/);
    expect(a).not.toContain(secret.slice(6));
    expect(decryptSecret(key, a, owner)).toBe(secret);
    expect(() => decryptSecret(key, a, { ...owner, subscriptionId: 's-2' })).toThrow();
    expect(() => decryptSecret(randomBytes(32), a, owner)).toThrow();
    const [v, iv, ct, tag] = a.split(':');
    const flipped = Buffer.from(ct!, 'base64');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => decryptSecret(key, [v, iv, flipped.toString('base64'), tag].join(':'), owner)).toThrow();
  });

  it('the embedded default keeps its key next to the data directory', () => {
    expect(keyFilePath('./.data/pglite')).toBe(path.resolve('.data/webhook-encryption.key'));
  });
});

describe('event catalogue and patterns', () => {
  it('patterns: exact, every prefix.*, *', () => {
    expect(patternsMatching('customer.consent.accepted')).toEqual(['customer.consent.accepted', 'customer.consent.*', 'customer.*', '*']);
    expect(eventMatches(['customer.*'], 'customer.consent.withdrawn')).toBe(true);
    expect(eventMatches(['customer.consent.*'], 'customer.activated')).toBe(false);
    expect(eventMatches(['card.issued'], 'card.status.changed')).toBe(false);
    expect(isValidEventPattern('customer.*')).toBe(true);
    expect(isValidEventPattern('card.transaction.*')).toBe(true);
    expect(isValidEventPattern('customer.registered.*')).toBe(false);
    expect(isValidEventPattern('customers.*')).toBe(false);
    expect(isValidEventPattern('*.created')).toBe(false);
  });

  it('every example parses with its schema and docs/webhooks.md documents every type with its example', () => {
    const docs = readFileSync(path.join(__dirname, '../../docs/webhooks.md'), 'utf8');
    for (const type of EVENT_TYPES) {
      expect(EVENT_DATA_SCHEMAS[type].safeParse(EVENT_EXAMPLES[type]).error?.issues ?? [], type).toEqual([]);
      expect(docs, type).toContain(`### \`${type}\``);
      expect(docs, `example of ${type}`).toContain(JSON.stringify({ data: EVENT_EXAMPLES[type] }, null, 2).split('\n').slice(1, -1).join('\n'));
    }
  });
});
