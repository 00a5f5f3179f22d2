import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEu } from '@/lib/services/aml/lists/eu';
import { parseOfac } from '@/lib/services/aml/lists/ofac';
import { parseOwnCsv } from '@/lib/services/aml/lists/own-csv';
import { parseList } from '@/lib/services/aml/lists/parse';
import { parseUn } from '@/lib/services/aml/lists/un';
import { ListFormatError } from '@/lib/services/aml/model';

/** parseList: one entry point dispatching to the four layouts. */
const fixture = (name: string) => readFileSync(path.join(__dirname, '../fixtures/aml', name), 'utf8');

describe('parseList', () => {
  it('dispatches every format to its parser', () => {
    const ofac = { main: fixture('ofac/sdn.csv'), alt: fixture('ofac/alt.csv'), add: fixture('ofac/add.csv') };
    expect(parseList('OFAC_SDN_CSV', ofac)).toEqual(parseOfac(ofac));
    expect(parseList('EU_CSV', { main: fixture('eu/consolidated.csv') })).toEqual(parseEu(fixture('eu/consolidated.csv')));
    expect(parseList('UN_XML', { main: fixture('un/consolidated.xml') })).toEqual(parseUn(fixture('un/consolidated.xml')));
    expect(parseList('OWN_CSV', { main: fixture('own/tenant-blocklist.csv') })).toEqual(parseOwnCsv(fixture('own/tenant-blocklist.csv')));
  });

  it('errors name the files as the caller calls them', () => {
    const error = (run: () => unknown) => {
      try {
        run();
      } catch (e) {
        return e as ListFormatError;
      }
      throw new Error('accepted');
    };
    expect(error(() => parseList('OWN_CSV', { main: fixture('own/malformed/bad-type.csv') }, { main: 'blocklist-2026.csv' }))).toMatchObject({
      file: 'blocklist-2026.csv',
      line: 4,
      message: "blocklist-2026.csv line 4, type: unknown type 'individual' (person or organization)",
    });
    expect(
      error(() => parseList('OFAC_SDN_CSV', { main: fixture('ofac/sdn.csv'), alt: fixture('ofac/malformed/alt-unknown-ent-num.csv') }, { main: 'SDN.CSV', alt: 'ALT.CSV' })),
    ).toMatchObject({
      file: 'ALT.CSV',
      problem: '9199 is not an entry of SDN.CSV',
    });
  });

  it('refuses alt or add files with a one-file layout', () => {
    expect(() => parseList('UN_XML', { main: fixture('un/consolidated.xml'), alt: '' })).toThrow(ListFormatError);
    expect(() => parseList('EU_CSV', { main: fixture('eu/consolidated.csv'), add: 'x' })).toThrow("add line 1, add: the EU_CSV layout is one file; add belongs to OFAC's layout");
  });

  it('every entry of every fixture has unique names, unique upper-case countries and a primary name first', () => {
    const all = [
      ...parseList('OFAC_SDN_CSV', { main: fixture('ofac/sdn.csv'), alt: fixture('ofac/alt.csv'), add: fixture('ofac/add.csv') }),
      ...parseList('EU_CSV', { main: fixture('eu/consolidated.csv') }),
      ...parseList('UN_XML', { main: fixture('un/consolidated.xml') }),
      ...parseList('OWN_CSV', { main: fixture('own/tenant-blocklist.csv') }),
    ];
    for (const entry of all) {
      expect(entry.names[0]).toEqual({ name: expect.any(String), kind: 'PRIMARY', weak: false });
      expect(entry.names.slice(1).every((n) => n.kind !== 'PRIMARY')).toBe(true);
      expect(new Set(entry.names.map((n) => n.name.toLowerCase())).size).toBe(entry.names.length);
      expect(new Set(entry.countries).size).toBe(entry.countries.length);
      expect(entry.countries.every((c) => /^[A-Z]{2}$/.test(c))).toBe(true);
      for (const date of entry.birthDates) expect(date.fromYear).toBeLessThanOrEqual(date.toYear);
    }
  });
});
