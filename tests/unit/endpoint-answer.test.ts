import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute } from '@/lib/contract/routes/types';
import { definitionOf, endpoint } from '@/lib/http/endpoint';
import { envelopeA, file, jsonAnswer } from '@/lib/http/envelope';

/**
 * The answer is checked against the definition's `response` at compile time (lib/http/endpoint.ts,
 * EndpointAnswer): `npm run typecheck` fails on every line below marked @ts-expect-error if the check
 * ever stops refusing it. At run time these only build handlers.
 */
const item = defineRoute({
  method: 'GET',
  path: '/api/test/item',
  tags: ['Test'],
  auth: 'none',
  summary: 'a typed answer',
  response: z.object({ id: z.uuid(), status: z.enum(['ACTIVE', 'CLOSED']), at: z.string(), count: z.number().int() }),
});
const bare = defineRoute({
  method: 'GET',
  path: '/api/test/bare',
  tags: ['Test'],
  auth: 'none',
  envelope: 'none',
  summary: 'no envelope',
  response: z.object({ expiresIn: z.literal(3600) }),
});
const withCsv = defineRoute({ ...item, path: '/api/test/csv', alternativeContentTypes: ['text/csv'] });
const untyped = defineRoute({ method: 'GET', path: '/api/test/file', tags: ['Test'], auth: 'none', summary: 'a file', envelope: 'none', responseContentType: 'text/csv' });

const good = { id: '7c0d2f4e-5a8b-4c1d-9e3f-2a6b8c0d1e4f', status: 'ACTIVE' as const, at: new Date(0), count: 1 };

describe('the answer type of a definition', () => {
  it('accepts what matches (a Date is its JSON string) and refuses the rest at compile time', () => {
    const handlers = [
      endpoint(item, async () => envelopeA(good)),
      endpoint(item, async () => envelopeA({ ...good, status: 'CLOSED' }, { message: 'closed' })),
      // @ts-expect-error a status the enum does not have
      endpoint(item, async () => envelopeA({ ...good, status: 'FROZEN' })),
      // @ts-expect-error a member missing
      endpoint(item, async () => envelopeA({ id: good.id, status: good.status, at: '' })),
      // @ts-expect-error a number where the schema says string
      endpoint(item, async () => envelopeA({ ...good, at: 17 })),
      // @ts-expect-error a plain Response says nothing about its data
      endpoint(item, async () => Response.json(good)),
      // @ts-expect-error a CSV file is not an answer of a definition that lists no alternative type
      endpoint(item, async () => file('a,b', { headers: { 'content-type': 'text/csv' } })),
      endpoint(withCsv, async () => file('a,b', { headers: { 'content-type': 'text/csv' } })),
      endpoint(bare, async () => jsonAnswer({ expiresIn: 3600 })),
      // @ts-expect-error any number is not the contract's 3600
      endpoint(bare, async () => jsonAnswer({ expiresIn: 3600 as number })),
      endpoint(untyped, async () => new Response('a,b')),
    ];
    expect(handlers.map((h) => definitionOf(h)?.path)).toEqual([
      '/api/test/item',
      '/api/test/item',
      '/api/test/item',
      '/api/test/item',
      '/api/test/item',
      '/api/test/item',
      '/api/test/item',
      '/api/test/csv',
      '/api/test/bare',
      '/api/test/bare',
      '/api/test/file',
    ]);
  });
});
