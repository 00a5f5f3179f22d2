import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EU_REQUIRED_COLUMNS, parseEu } from '@/lib/services/aml/lists/eu';
import { ListFormatError } from '@/lib/services/aml/model';

/** The EU consolidated financial sanctions CSV (118 columns, one row per name, date, address, ...). */
const fixture = (name: string) => readFileSync(path.join(__dirname, '../fixtures/aml/eu', name), 'utf8');

function refusal(text: string): Pick<ListFormatError, 'file' | 'line' | 'field' | 'problem'> {
  try {
    parseEu(text);
  } catch (e) {
    expect(e).toBeInstanceOf(ListFormatError);
    const { file, line, field, problem } = e as ListFormatError;
    return { file, line, field, problem };
  }
  throw new Error('the file was accepted');
}

describe('EU consolidated CSV', () => {
  const entries = parseEu(fixture('consolidated.csv'));

  it('groups the rows by Entity_LogicalId, in the order the ids first appear', () => {
    expect(entries.map((e) => [e.sourceId, e.entityType, e.primaryName])).toEqual([
      ['101', 'PERSON', 'Viktor Sergeyevich LOMAKIN'],
      ['102', 'ORGANIZATION', 'Baltic Crest Logistics OOO'],
      ['103', 'PERSON', 'Samira Khalil HADDAD'],
      ['104', 'ORGANIZATION', 'Vesta Maschinenbau GmbH'],
      ['105', 'PERSON', 'RYU Kwang Dok'],
    ]);
  });

  it('a person over six rows: the first whole name primary, the others (Cyrillic) aliases; birth date, citizenship, passport', () => {
    expect(entries[0]).toEqual({
      sourceId: '101',
      entityType: 'PERSON',
      primaryName: 'Viktor Sergeyevich LOMAKIN',
      names: [
        { name: 'Viktor Sergeyevich LOMAKIN', kind: 'PRIMARY', weak: false },
        { name: 'Виктор Сергеевич Ломакин', kind: 'AKA', weak: false },
        { name: 'Viktor LOMAKINE', kind: 'AKA', weak: false },
      ],
      birthDates: [{ fromYear: 1962, toYear: 1962, date: '1962-07-19', circa: false }],
      countries: ['RU'],
      programs: ['RUS'],
      remarks: 'Deputy head of a state logistics company.',
      details: {
        'Reference number': ['EU.9001.55'],
        'Listed on': ['2022-03-15'],
        Gender: ['Male'],
        Function: ['Deputy head of a state logistics company'],
        'Place of birth': ['Perm, RUSSIAN FEDERATION'],
        Citizenship: ['RUSSIAN FEDERATION'],
        Passport: ['712345678 (RUSSIAN FEDERATION)'],
      },
    });
  });

  it('an enterprise: its alias, an address with a quoted semicolon', () => {
    expect(entries[1]).toEqual({
      sourceId: '102',
      entityType: 'ORGANIZATION',
      primaryName: 'Baltic Crest Logistics OOO',
      names: [
        { name: 'Baltic Crest Logistics OOO', kind: 'PRIMARY', weak: false },
        { name: 'BCL LLC', kind: 'AKA', weak: false },
      ],
      birthDates: [],
      countries: ['RU'],
      programs: ['RUS'],
      remarks: null,
      details: {
        'Reference number': ['EU.9002.12'],
        'Listed on': ['2023-06-23'],
        Address: ['Nevsky prospekt 100; office 4, 191025 Saint Petersburg, RUSSIAN FEDERATION'],
      },
    });
  });

  it('a circa year and a range of years; an Arabic-script alias', () => {
    expect(entries[2]!.birthDates).toEqual([
      { fromYear: 1975, toYear: 1975, date: null, circa: true },
      { fromYear: 1973, toYear: 1976, date: null, circa: false },
    ]);
    expect(entries[2]!.names[1]).toEqual({ name: 'سميرة خليل حداد', kind: 'AKA', weak: false });
    expect(entries[2]!.countries).toEqual(['SY']);
  });

  it('one row carrying a name, a birth date and a citizenship; the unknown country 00 ignored', () => {
    expect(entries[4]).toMatchObject({
      birthDates: [{ fromYear: 1969, toYear: 1969, date: '1969-02-11', circa: false }],
      countries: ['KP'],
      programs: ['PRK'],
      details: { 'UN reference number': ['KPi.990'], Address: ['Reportedly abroad'] },
    });
    expect(entries[3]!.details.Identification).toEqual(['Registration Number HRB 765432 (GERMANY)']);
  });

  it('columns are found by name: a reordered header with only the required columns reads alike', () => {
    const header = [...EU_REQUIRED_COLUMNS].reverse();
    const row = (values: Record<string, string>) => header.map((name) => values[name] ?? '').join(';');
    const text = [
      header.join(';'),
      row({ Entity_LogicalId: '7', Entity_SubjectType_ClassificationCode: 'person', NameAlias_FirstName: 'Ada', NameAlias_LastName: 'NOVAK', BirthDate_BirthDate: '03/04/1950' }),
      '',
      row({ Entity_LogicalId: '7', Entity_SubjectType_ClassificationCode: 'person', Citizenship_CountryIso2Code: 'SI' }),
    ].join('\r\n');
    expect(parseEu(text)).toEqual([
      {
        sourceId: '7',
        entityType: 'PERSON',
        primaryName: 'Ada NOVAK',
        names: [{ name: 'Ada NOVAK', kind: 'PRIMARY', weak: false }],
        birthDates: [{ fromYear: 1950, toYear: 1950, date: '1950-04-03', circa: false }],
        countries: ['SI'],
        programs: [],
        remarks: null,
        details: {},
      },
    ]);
  });
});

describe('malformed EU files are refused whole, naming line and column', () => {
  it.each([
    ['missing-column.csv', { line: 1, field: 'NameAlias_WholeName', problem: 'the column is missing from the header' }],
    ['bad-date.csv', { line: 14, field: 'BirthDate_BirthDate', problem: "'1975-13-01' is not a date (YYYY-MM-DD)" }],
    ['bad-type.csv', { line: 17, field: 'Entity_SubjectType_ClassificationCode', problem: "unknown subject type 'vessel' (person or enterprise)" }],
  ])('%s', (name, expected) => {
    expect(refusal(fixture(`malformed/${name}`))).toEqual({ file: 'EU consolidated CSV', ...expected });
  });

  const header = EU_REQUIRED_COLUMNS.join(';');
  const row = (values: Record<string, string>) => EU_REQUIRED_COLUMNS.map((name) => values[name] ?? '').join(';');
  const person = { Entity_LogicalId: '1', Entity_SubjectType_ClassificationCode: 'person', NameAlias_WholeName: 'Ada Novak' };

  it.each([
    ['no rows', header, { line: 1, field: 'entries', problem: 'the list holds no entries' }],
    ['an empty file', '', { line: 1, field: 'header', problem: 'the file is empty (a header row is expected)' }],
    ['a row short of a field', `${header}\n1;person`, { line: 2, field: 'record', problem: `expected ${EU_REQUIRED_COLUMNS.length} columns, found 2` }],
    ['a non-numeric id', `${header}\n${row({ ...person, Entity_LogicalId: 'X1' })}`, { line: 2, field: 'Entity_LogicalId', problem: "'X1' is not a number" }],
    ['an entity without a name', `${header}\n${row({ ...person, NameAlias_WholeName: '' })}`, { line: 2, field: 'NameAlias_WholeName', problem: 'entity 1 has no name on any of its rows' }],
    [
      'a type changing between rows',
      `${header}\n${row(person)}\n${row({ ...person, Entity_SubjectType_ClassificationCode: 'enterprise' })}`,
      { line: 3, field: 'Entity_SubjectType_ClassificationCode', problem: "entity 1 is 'enterprise' here but 'person' on line 2" },
    ],
    ['a bad year', `${header}\n${row({ ...person, BirthDate_Year: '19x5' })}`, { line: 2, field: 'BirthDate_Year', problem: "'19x5' is not a year" }],
    [
      'a backwards range',
      `${header}\n${row({ ...person, BirthDate_YearRangeFrom: '1980', BirthDate_YearRangeTo: '1970' })}`,
      { line: 2, field: 'BirthDate_YearRangeTo', problem: 'the range ends (1970) before it starts (1980)' },
    ],
    ['a bad circa flag', `${header}\n${row({ ...person, BirthDate_Circa: 'maybe' })}`, { line: 2, field: 'BirthDate_Circa', problem: "'maybe' is not a yes/no flag" }],
  ])('%s', (_, text, expected) => {
    expect(refusal(text)).toEqual({ file: 'EU consolidated CSV', ...expected });
  });
});
