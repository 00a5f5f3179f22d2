import { describe, expect, it } from 'vitest';
import { createTransferBodySchema, ibanSchema, isValidIban, normalizeIban } from '@/lib/contract/wallets';
import { assertBalanced, UnbalancedEntryError } from '@/lib/services/ledger/post-entry';
import { windowStart } from '@/lib/services/wallets/limits';

/** Pure parts of the ledger: IBAN mod-97, the balance rule of an entry, the limit windows (UTC). */
describe('IBAN', () => {
  it.each([
    ['DE89370400440532013000', true],
    ['GB29NWBK60161331926819', true],
    ['FR1420041010050500013M02606', true],
    ['NL91ABNA0417164300', true],
    ['de89 3704 0044 0532 0130 00', true],
    ['DE89370400440532013001', false],
    ['DE8937040044053201300', false],
    ['XX00', false],
    ['', false],
  ])('%s -> %s', (iban, valid) => {
    expect(isValidIban(iban)).toBe(valid);
  });

  it('normalizes spaces, dashes and case', () => {
    expect(normalizeIban('de89-3704 0044 0532 0130 00')).toBe('DE89370400440532013000');
    expect(ibanSchema.parse('gb29 nwbk 6016 1331 9268 19')).toBe('GB29NWBK60161331926819');
  });

  it('a transfer names its beneficiary by id or by IBAN, not both', () => {
    const base = { walletId: '6b7c8d9e-0f1a-4b2c-9d3e-4f5a6b7c8d9e', amount: '1.00', currency: 'EUR', reference: 'r' };
    expect(createTransferBodySchema.safeParse({ ...base, beneficiary: { iban: 'DE89370400440532013000' } }).success).toBe(true);
    expect(createTransferBodySchema.safeParse({ ...base, beneficiary: { id: base.walletId, iban: 'DE89370400440532013000' } }).success).toBe(false);
  });
});

describe('assertBalanced', () => {
  const line = (side: 'DEBIT' | 'CREDIT', amount: string, currency = 'EUR', accountId = 'a') => ({ accountId, side, amount, currency });

  it('accepts debits equal to credits per currency, exactly (no float drift)', () => {
    expect(() => assertBalanced([line('DEBIT', '0.1'), line('DEBIT', '0.2'), line('CREDIT', '0.3')])).not.toThrow();
    expect(() => assertBalanced([line('DEBIT', '1', 'EUR'), line('CREDIT', '1', 'EUR'), line('DEBIT', '5', 'JPY'), line('CREDIT', '5', 'JPY')])).not.toThrow();
  });

  it.each([
    ['one line', [line('DEBIT', '1')], 'an entry needs at least two lines'],
    ['unequal', [line('DEBIT', '1'), line('CREDIT', '0.99')], 'entry does not balance in EUR (difference 0.01)'],
    ['across currencies', [line('DEBIT', '1', 'EUR'), line('CREDIT', '1', 'USD')], 'entry does not balance in EUR (difference 1)'],
    ['zero amount', [line('DEBIT', '0'), line('CREDIT', '0')], 'line amounts must be positive, got 0'],
    ['only debits', [line('DEBIT', '1'), line('DEBIT', '1')], 'entry does not balance in EUR (difference 2)'],
  ])('refuses %s', (_name, lines, message) => {
    expect(() => assertBalanced(lines)).toThrow(UnbalancedEntryError);
    expect(() => assertBalanced(lines)).toThrow(message);
  });
});

describe('limit windows (UTC)', () => {
  const at = new Date('2026-03-19T15:42:10.000Z'); // a Thursday
  it.each([
    ['DAILY', '2026-03-19T00:00:00.000Z'],
    ['WEEKLY', '2026-03-16T00:00:00.000Z'],
    ['MONTHLY', '2026-03-01T00:00:00.000Z'],
  ] as const)('%s starts at %s', (type, start) => {
    expect(windowStart(type, at)!.toISOString()).toBe(start);
  });

  it('a week that starts on Sunday belongs to the previous Monday; PER_TRANSACTION has no window', () => {
    expect(windowStart('WEEKLY', new Date('2026-03-22T23:59:59.000Z'))!.toISOString()).toBe('2026-03-16T00:00:00.000Z');
    expect(windowStart('WEEKLY', new Date('2026-03-23T00:00:00.000Z'))!.toISOString()).toBe('2026-03-23T00:00:00.000Z');
    expect(windowStart('PER_TRANSACTION', at)).toBeNull();
  });
});
