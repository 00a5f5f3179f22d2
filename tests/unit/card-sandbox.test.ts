import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson, deriveCvv, generatePan, otpHash, panHash, type CardKeys } from '@/lib/card-processor/sandbox/core';
import { luhnValid } from '@/lib/contract/luhn';
import { windowOf } from '@/lib/card-processor/sandbox/limits';
import { weakPin } from '@/lib/card-processor/sandbox/pin';
import { maskPhone } from '@/lib/card-processor/sandbox/secure';
import { open, seal } from '@/lib/crypto/aead';

/** The sandbox's pure pieces: numbers, keys, windows, PIN strength, canonical JSON. */
const keys: CardKeys = { pan: randomBytes(32), panHash: randomBytes(32), cvv: randomBytes(32), otp: randomBytes(32) };

describe('card numbers', () => {
  it('are Luhn-valid 16-digit numbers in the 400000 test range', () => {
    for (let i = 0; i < 200; i++) {
      const pan = generatePan();
      expect(pan).toMatch(/^400000\d{10}$/);
      expect(luhnValid(pan)).toBe(true);
    }
    expect(luhnValid('4000001234567899')).toBe(true);
    expect(luhnValid('4000001234567890')).toBe(false);
  });

  it('are looked up by an HMAC per tenant, not a plain hash', () => {
    const pan = '4000001234567899';
    expect(panHash(keys, 't1', pan)).toMatch(/^[0-9a-f]{64}$/);
    expect(panHash(keys, 't1', pan)).toBe(panHash(keys, 't1', pan));
    expect(panHash(keys, 't1', pan)).not.toBe(panHash(keys, 't2', pan));
  });

  it('CVV: 3 digits, stable for PAN + expiry, changes with the expiry', () => {
    const a = deriveCvv(keys, '4000001234567899', 11, 2029);
    expect(a).toMatch(/^\d{3}$/);
    expect(deriveCvv(keys, '4000001234567899', 11, 2029)).toBe(a);
    const others = new Set([2030, 2031, 2032, 2033, 2034].map((y) => deriveCvv(keys, '4000001234567899', 11, y)));
    expect(others.size).toBeGreaterThan(1);
  });

  it('AES-GCM: a ciphertext opens only with its own additional data', () => {
    const key = randomBytes(32);
    const sealed = seal(key, '4000001234567899', 'card-pan:t:c1');
    expect(sealed).not.toContain('4000001234567899');
    expect(open(key, sealed, 'card-pan:t:c1')).toBe('4000001234567899');
    expect(() => open(key, sealed, 'card-pan:t:c2')).toThrow();
  });

  it('one-time code hashes are bound to card and purpose', () => {
    expect(otpHash(keys, 'c1', 'REVEAL', '123456')).not.toBe(otpHash(keys, 'c1', 'PIN', '123456'));
    expect(otpHash(keys, 'c1', 'REVEAL', '123456')).not.toBe(otpHash(keys, 'c2', 'REVEAL', '123456'));
  });
});

describe('limit windows (UTC)', () => {
  const at = '2026-03-11T15:30:00.000Z'; // a Wednesday
  it.each([
    ['DAILY', '2026-03-11T00:00:00.000Z', '2026-03-12T00:00:00.000Z'],
    ['WEEKLY', '2026-03-09T00:00:00.000Z', '2026-03-16T00:00:00.000Z'],
    ['MONTHLY', '2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z'],
    ['YEARLY', '2026-01-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'],
  ] as const)('%s: from %s, resets at %s', (interval, start, resetsAt) => {
    const w = windowOf(interval, new Date(at));
    expect({ start: w.start?.toISOString(), resetsAt: w.resetsAt?.toISOString() }).toEqual({ start, resetsAt });
  });

  it('a Monday belongs to its own week; a Sunday to the week that began six days before', () => {
    expect(windowOf('WEEKLY', new Date('2026-03-16T00:00:00.000Z')).start?.toISOString()).toBe('2026-03-16T00:00:00.000Z');
    expect(windowOf('WEEKLY', new Date('2026-03-15T23:59:59.999Z')).start?.toISOString()).toBe('2026-03-09T00:00:00.000Z');
  });

  it('December rolls into the next year; LIFETIME and PER_TRANSACTION never reset', () => {
    expect(windowOf('MONTHLY', new Date('2026-12-31T23:59:00.000Z')).resetsAt?.toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(windowOf('LIFETIME', new Date(at))).toEqual({ start: new Date(0), resetsAt: null });
    expect(windowOf('PER_TRANSACTION', new Date(at))).toEqual({ start: null, resetsAt: null });
  });
});

describe('small rules', () => {
  it.each([
    ['1111', true],
    ['000000', true],
    ['1234', true],
    ['987654', true],
    ['1357', false],
    ['4827', false],
    ['1233', false],
  ])('weakPin(%s) = %s', (pin, weak) => expect(weakPin(pin)).toBe(weak));

  it('canonical JSON ignores member order and undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: undefined } })).toBe(canonicalJson({ a: { d: [1, { x: 1, y: 2 }] }, b: 1 }));
    expect(canonicalJson({ a: '1' })).not.toBe(canonicalJson({ a: 1 }));
  });

  it('phones are masked to country prefix and last 4', () => {
    expect(maskPhone('+4915112345679')).toBe('+49*******5679');
  });
});
