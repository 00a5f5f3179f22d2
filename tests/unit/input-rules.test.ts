import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compareDecimal, positiveAmountSchema } from '@/lib/contract/money';
import { strictInput } from '@/lib/contract/strict';
import { textProblem } from '@/lib/contract/text';
import { trimmedMatching } from '@/lib/contract/common';
import { fromZodError } from '@/lib/contract/api-errors';
import { parseContextHeaders } from '@/lib/http/headers';

/** The building blocks of issue 14's input rules: the text rule, strict copies of schemas, the amount bound. */
const NUL = 'must not contain a NUL character (\\u0000)';
const SURROGATE = 'must be well-formed UTF-16 text (no lone surrogate such as \\udfff)';

describe('textProblem', () => {
  it.each([
    ['plain text', 'Hauptstr. 1', null],
    ['an emoji (a surrogate pair)', 'ok \u{1F600}', null],
    ['latin-1 and CJK', 'Müller 東京', null],
    ['a NUL', 'a\u0000b', NUL],
    ['a lone low surrogate', '\udfff', SURROGATE],
    ['a lone high surrogate at the end', 'x\ud83d', SURROGATE],
    ['a reversed pair', '\ude00\ud83d', SURROGATE],
  ])('%s', (_label, value, expected) => {
    expect(textProblem(value)).toBe(expected);
  });
});

describe('parseContextHeaders applies the text rule to the headers it reads', () => {
  it('a header value with a NUL (impossible over HTTP, refused all the same) names the header', () => {
    // the fetch Headers class refuses NUL itself, so a minimal stand-in carries it here
    const headers = { get: (name: string) => (name.toLowerCase() === 'user-agent' ? 'agent\u0000' : null) } as unknown as Headers;
    try {
      parseContextHeaders(headers, { required: [], optional: ['User-Agent'] });
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ status: 400, message: 'request validation failed', data: { error: 'VALIDATION_FAILED', errors: [{ field: 'User-Agent', message: NUL }] } });
    }
  });
});

describe('strictInput', () => {
  const schema = z.object({
    name: z.string(),
    address: z.object({ line1: z.string() }).optional(),
    items: z.array(z.object({ sku: z.string() })).default([]),
    meta: z.record(z.string(), z.object({ v: z.number() })).optional(),
    loose: z.object({ a: z.string() }).catchall(z.unknown()).optional(),
    kind: z.union([z.object({ id: z.string() }), z.object({ iban: z.string() })]).optional(),
  });
  const strict = strictInput(schema);
  const errorsOf = (input: unknown) => {
    const result = strict.safeParse(input);
    return result.success ? [] : (fromZodError(result.error).data.errors as unknown[]);
  };
  const unknown = (field: string) => ({ field, message: 'unknown field: not accepted by this operation' });

  it('refuses an unknown key at every depth, one errors[] entry per path', () => {
    expect(errorsOf({ name: 'n', extra: 1, address: { line1: 'x', zip: '1' }, items: [{ sku: 'a' }, { sku: 'b', qty: 2 }], meta: { k: { v: 1, w: 2 } } })).toEqual([
      unknown('address.zip'),
      unknown('items.1.qty'),
      unknown('meta.k.w'),
      unknown('extra'),
    ]);
  });

  it("keeps an explicit catchall and a record's free keys; a union picks its strict member", () => {
    expect(strict.parse({ name: 'n', loose: { a: 'x', b: 'y' }, meta: { anything: { v: 1 } }, kind: { iban: 'DE1' } })).toEqual({
      name: 'n',
      items: [],
      loose: { a: 'x', b: 'y' },
      meta: { anything: { v: 1 } },
      kind: { iban: 'DE1' },
    });
    expect(strict.safeParse({ name: 'n', kind: { id: 'a', iban: 'b' } }).success).toBe(false);
  });

  it('leaves the original schema as it was, returns the same copy every time, and keeps defaults fresh', () => {
    expect(schema.parse({ name: 'n', extra: 1 })).toEqual({ name: 'n', items: [] });
    expect(strictInput(schema)).toBe(strict);
    const first = strict.parse({ name: 'n' }) as { items: unknown[] };
    first.items.push({ sku: 'mutated' });
    expect(strict.parse({ name: 'n' })).toEqual({ name: 'n', items: [] });
  });

  it('says additionalProperties: false at every depth in JSON Schema', () => {
    const json = z.toJSONSchema(strict, { io: 'input' }) as { additionalProperties: unknown; properties: Record<string, { additionalProperties?: unknown; anyOf?: unknown[] }> };
    expect(json.additionalProperties).toBe(false);
    expect(json.properties.address).toMatchObject({ additionalProperties: false });
  });
});

describe('money bounds', () => {
  it.each([
    ['1', '1.00', 0],
    ['999999999.99', '999999999.990', 0],
    ['1000000000', '999999999.99', 1],
    ['0.5', '0.49', 1],
    ['007', '7', 0],
    ['12.3', '12.31', -1],
  ])('compareDecimal(%s, %s) = %i', (a, b, expected) => {
    expect(compareDecimal(a, b)).toBe(expected);
  });

  it('positiveAmountSchema accepts up to MAX_AMOUNT and names the limit above it', () => {
    expect(positiveAmountSchema.safeParse('999999999.99').success).toBe(true);
    expect(positiveAmountSchema.safeParse('0.01').success).toBe(true);
    for (const amount of ['999999999.991', '1000000000', '999999999999999.99']) {
      expect(positiveAmountSchema.safeParse(amount).error?.issues.map((i) => i.message)).toEqual(['must be at most 999999999.99 (MAX_AMOUNT)']);
    }
    expect(positiveAmountSchema.safeParse('0').error?.issues.map((i) => i.message)).toEqual(['must be greater than zero']);
  });
});

describe('trimmedMatching: the server and the OpenAPI document accept the same strings', () => {
  const code = trimmedMatching(/^[A-Z][A-Z0-9_]{1,63}$/, 'must be UPPER_SNAKE_CASE');
  const documented = new RegExp((z.toJSONSchema(code, { target: 'draft-2020-12', io: 'input' }) as { pattern: string }).pattern);
  // the fuzzer's find: a code with a leading U+FEFF (String.prototype.trim removes it) was stored as BOM, where the document's pattern refused it
  it.each(['BOM', '\uFEFFBOM', ' KYC_BASIC\n', '\tAB\u00a0', 'bom', 'B', '  ', 'BO M', 'ÄB'])('%j', (value) => {
    const parsed = code.safeParse(value);
    expect(parsed.success).toBe(documented.test(value));
    if (parsed.success) expect(parsed.data).toBe(value.trim());
  });
});
