import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseOwnCsv } from '@/lib/services/aml/lists/own-csv';
import { ListFormatError } from '@/lib/services/aml/model';

/** Our own list CSV (docs/aml-lists.md). */
const fixture = (name: string) => readFileSync(path.join(__dirname, '../fixtures/aml/own', name), 'utf8');

function refusal(text: string): Pick<ListFormatError, 'file' | 'line' | 'field' | 'problem'> {
  try {
    parseOwnCsv(text);
  } catch (e) {
    expect(e).toBeInstanceOf(ListFormatError);
    const { file, line, field, problem } = e as ListFormatError;
    return { file, line, field, problem };
  }
  throw new Error('the file was accepted');
}

describe('own list CSV', () => {
  const entries = parseOwnCsv(fixture('tenant-blocklist.csv'));

  it('one entry per row, past the byte-order mark and CRLF line ends', () => {
    expect(entries.map((e) => [e.sourceId, e.entityType, e.primaryName])).toEqual([
      ['T-001', 'PERSON', 'KARVANOV, Dmitri Olegovich'],
      ['T-002', 'ORGANIZATION', 'Nordlicht Handelskontor GmbH'],
      ['T-003', 'PERSON', 'Amara Chidi Okonjo-Berg'],
      ['T-004', 'ORGANIZATION', 'Meridian Shipping Co. LLC'],
      ['T-005', 'PERSON', 'Yusuf Hamid Al-Barazi'],
      ['T-006', 'ORGANIZATION', 'Coral Caribe Holdings S.A.'],
    ]);
  });

  it('a person with Cyrillic alias, a full birth date, two countries, a quoted remark', () => {
    expect(entries[0]).toEqual({
      sourceId: 'T-001',
      entityType: 'PERSON',
      primaryName: 'KARVANOV, Dmitri Olegovich',
      names: [
        { name: 'KARVANOV, Dmitri Olegovich', kind: 'PRIMARY', weak: false },
        { name: 'Dmitri Karvanov', kind: 'AKA', weak: false },
        { name: 'Дмитрий Карванов', kind: 'AKA', weak: false },
      ],
      birthDates: [{ fromYear: 1971, toYear: 1971, date: '1971-03-14', circa: false }],
      countries: ['RU', 'CY'],
      programs: ['internal'],
      remarks: 'Former client; account closed in 2024',
      details: {},
    });
  });

  it('an organization without birth date or remark; a birth year; codes of any case; several programmes; doubled quotes', () => {
    expect(entries[1]).toEqual({
      sourceId: 'T-002',
      entityType: 'ORGANIZATION',
      primaryName: 'Nordlicht Handelskontor GmbH',
      names: [
        { name: 'Nordlicht Handelskontor GmbH', kind: 'PRIMARY', weak: false },
        { name: 'NLH GmbH', kind: 'AKA', weak: false },
        { name: 'Nordlicht Trading', kind: 'AKA', weak: false },
      ],
      birthDates: [],
      countries: ['DE'],
      programs: ['internal'],
      remarks: null,
      details: {},
    });
    expect(entries[2]!.birthDates).toEqual([{ fromYear: 1960, toYear: 1960, date: null, circa: false }]);
    expect(entries[3]!.countries).toEqual(['MT', 'PA']);
    expect(entries[4]!.names.map((n) => n.name)).toEqual(['Yusuf Hamid Al-Barazi', 'يوسف حامد البرازي', 'Abu Hamid']);
    expect(entries[4]!.programs).toEqual(['PEP', 'internal']);
    expect(entries[5]!.remarks).toBe('Known as "the Coral" in the press');
  });

  it('columns in any order, in any case; extra columns ignored; optional columns may be absent', () => {
    const text = 'Note,TYPE,Name,ID\nignored,person,Ada Novak,A1\n';
    expect(parseOwnCsv(text)).toEqual([
      {
        sourceId: 'A1',
        entityType: 'PERSON',
        primaryName: 'Ada Novak',
        names: [{ name: 'Ada Novak', kind: 'PRIMARY', weak: false }],
        birthDates: [],
        countries: [],
        programs: [],
        remarks: null,
        details: {},
      },
    ]);
  });
});

describe('malformed own CSV files are refused whole, naming line and column', () => {
  const file = 'list CSV';

  it.each([
    ['bad-type.csv', { line: 4, field: 'type', problem: "unknown type 'individual' (person or organization)" }],
    ['bad-date.csv', { line: 2, field: 'birth_date', problem: "'1971-02-30' is not a date (YYYY-MM-DD or YYYY)" }],
    ['unknown-country.csv', { line: 5, field: 'countries', problem: "'XX' is not an ISO 3166-1 alpha-2 country code" }],
    ['empty-id.csv', { line: 6, field: 'id', problem: 'is empty' }],
    ['duplicate-id.csv', { line: 7, field: 'id', problem: "'T-002' is already the id of line 3" }],
    ['unterminated-quote.csv', { line: 4, field: 'remarks', problem: 'a quoted field opens on this line and is not closed (it runs on to line 7)' }],
    ['missing-column.csv', { line: 1, field: 'type', problem: 'the column is missing from the header' }],
    ['header-only.csv', { line: 1, field: 'entries', problem: 'the list holds no entries' }],
  ])('%s', (name, expected) => {
    expect(refusal(fixture(`malformed/${name}`))).toEqual({ file, ...expected });
  });

  const header = 'id,name,aliases,type,birth_date,countries,program,remarks';
  it.each([
    ['an empty name', `${header}\nX1,,,person,,,,`, { line: 2, field: 'name', problem: 'is empty' }],
    ['an empty type', `${header}\nX1,Ada,,,,,,`, { line: 2, field: 'type', problem: 'is empty' }],
    ['a birth date of an organization', `${header}\nX1,Acme LLC,,organization,1990,,,`, { line: 2, field: 'birth_date', problem: 'an organization has no birth date' }],
    ['a date in another form', `${header}\nX1,Ada,,person,14.03.1971,,,`, { line: 2, field: 'birth_date', problem: "'14.03.1971' is not a date (YYYY-MM-DD or YYYY)" }],
    ['a country name instead of a code', `${header}\nX1,Ada,,person,,Germany,,`, { line: 2, field: 'countries', problem: "'Germany' is not an ISO 3166-1 alpha-2 country code" }],
    ['a record short of fields', `${header}\n\nX1,Ada,,person`, { line: 3, field: 'record', problem: 'expected 8 columns, found 4' }],
    ['an empty file', '', { line: 1, field: 'header', problem: 'the file is empty (a header row is expected)' }],
  ])('%s', (_, text, expected) => {
    expect(refusal(text)).toEqual({ file, ...expected });
  });
});
