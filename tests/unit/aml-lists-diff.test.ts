import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffEntries, entryHash } from '@/lib/services/aml/lists/diff';
import { parseList } from '@/lib/services/aml/lists/parse';
import type { ParsedEntry } from '@/lib/services/aml/model';

/** Entry hashes and the diff of two versions of a list (tests/fixtures/aml/own/tenant-blocklist{,-v2}.csv). */
const fixture = (name: string) => readFileSync(path.join(__dirname, '../fixtures/aml/own', name), 'utf8');
const v1 = parseList('OWN_CSV', { main: fixture('tenant-blocklist.csv') });
const v2 = parseList('OWN_CSV', { main: fixture('tenant-blocklist-v2.csv') });
const stored = (entries: readonly ParsedEntry[]) => new Map(entries.map((e) => [e.sourceId, entryHash(e)]));

const entry: ParsedEntry = {
  sourceId: 'X-1',
  entityType: 'PERSON',
  primaryName: 'NOVAK, Ada',
  names: [
    { name: 'NOVAK, Ada', kind: 'PRIMARY', weak: false },
    { name: 'Ada Novakova', kind: 'AKA', weak: false },
    { name: 'ADI', kind: 'AKA', weak: true },
  ],
  birthDates: [
    { fromYear: 1950, toYear: 1950, date: '1950-04-03', circa: false },
    { fromYear: 1949, toYear: 1951, date: null, circa: true },
  ],
  countries: ['SI', 'AT'],
  programs: ['PEP', 'internal'],
  remarks: 'Mayor',
  details: { Address: ['Ljubljana', 'Graz'], Gender: ['Female'] },
};

describe('entryHash', () => {
  it('is the sha256 hex of the entry', () => {
    expect(entryHash(entry)).toMatch(/^[0-9a-f]{64}$/);
    expect(entryHash(structuredClone(entry))).toBe(entryHash(entry));
  });

  it('does not depend on the order of names, dates, countries, programmes, details', () => {
    const reordered: ParsedEntry = {
      ...entry,
      names: [entry.names[2]!, entry.names[0]!, entry.names[1]!],
      birthDates: [...entry.birthDates].reverse(),
      countries: ['AT', 'SI'],
      programs: ['internal', 'PEP'],
      details: { Gender: ['Female'], Address: ['Graz', 'Ljubljana'] },
    };
    expect(entryHash(reordered)).toBe(entryHash(entry));
  });

  it.each<[string, Partial<ParsedEntry>]>([
    ['the type', { entityType: 'ORGANIZATION' }],
    ['the primary name', { primaryName: 'NOVAK, Ana' }],
    ['an alias turning weak', { names: [entry.names[0]!, { ...entry.names[1]!, weak: true }, entry.names[2]!] }],
    ['an alias kind', { names: [entry.names[0]!, { ...entry.names[1]!, kind: 'FKA' }, entry.names[2]!] }],
    ['a birth date', { birthDates: [entry.birthDates[0]!] }],
    ['circa', { birthDates: [entry.birthDates[0]!, { ...entry.birthDates[1]!, circa: false }] }],
    ['a country', { countries: ['SI'] }],
    ['a programme', { programs: ['PEP'] }],
    ['the remarks', { remarks: null }],
    ['a detail', { details: { Address: ['Ljubljana'], Gender: ['Female'] } }],
    ['a detail label', { details: { Addresses: ['Ljubljana', 'Graz'], Gender: ['Female'] } }],
  ])('changes with %s', (_, change) => {
    expect(entryHash({ ...entry, ...change })).not.toBe(entryHash(entry));
  });

  it('details cannot be confused across labels', () => {
    const a = { ...entry, details: { A: ['x', 'y'] } };
    const b = { ...entry, details: { A: ['x'], B: ['y'] } };
    expect(entryHash(a)).not.toBe(entryHash(b));
  });
});

describe('diffEntries', () => {
  it('the v2 fixture: one added, one changed, one removed; reordered aliases and countries are no change', () => {
    const diff = diffEntries(stored(v1), v2);
    expect(diff.added.map((e) => e.sourceId)).toEqual(['T-007']);
    expect(diff.changed.map((e) => e.sourceId)).toEqual(['T-002']);
    expect(diff.changed[0]!.countries).toEqual(['DE', 'TR']);
    expect(diff.unchanged).toBe(4);
    expect(diff.removed).toEqual(['T-003']);
  });

  it('the same list again is all unchanged; a first import is all added', () => {
    expect(diffEntries(stored(v1), v1)).toEqual({ added: [], changed: [], unchanged: 6, removed: [] });
    expect(diffEntries(new Map(), v1)).toEqual({ added: v1, changed: [], unchanged: 0, removed: [] });
  });

  it('an empty new list removes everything, in the stored order', () => {
    expect(diffEntries(stored(v1), []).removed).toEqual(['T-001', 'T-002', 'T-003', 'T-004', 'T-005', 'T-006']);
  });

  it('refuses a new list holding a sourceId twice (the parsers never produce one)', () => {
    expect(() => diffEntries(new Map(), [entry, entry])).toThrow('sourceId X-1 appears twice');
  });
});
