import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseUn } from '@/lib/services/aml/lists/un';
import { ListFormatError } from '@/lib/services/aml/model';

/** The UN Security Council consolidated list XML. */
const fixture = (name: string) => readFileSync(path.join(__dirname, '../fixtures/aml/un', name), 'utf8');

function refusal(text: string): Pick<ListFormatError, 'file' | 'line' | 'field' | 'problem'> {
  try {
    parseUn(text);
  } catch (e) {
    expect(e).toBeInstanceOf(ListFormatError);
    const { file, line, field, problem } = e as ListFormatError;
    return { file, line, field, problem };
  }
  throw new Error('the file was accepted');
}

describe('UN consolidated XML', () => {
  const entries = parseUn(fixture('consolidated.xml'));

  it('individuals, then entities', () => {
    expect(entries.map((e) => [e.sourceId, e.entityType, e.primaryName])).toEqual([
      ['7100001', 'PERSON', 'TARIQ ANWAR AL-SAMMARI'],
      ['7100002', 'PERSON', 'JEAN-BOSCO MUHIRWA'],
      ['7100003', 'PERSON', 'RI SONG HYOK'],
      ['7100004', 'PERSON', 'Nadia Ferhat Benali Ouazzani'],
      ['7200001', 'ORGANIZATION', 'GOLDEN CRESCENT EXCHANGE COMPANY'],
      ['7200002', 'ORGANIZATION', 'KORYO NAMSAN SHIPPING LLC'],
    ]);
  });

  it('an individual: name parts joined, Low aliases weak (one ALIAS_NAME holding two), the original script an alias, an EXACT date', () => {
    expect(entries[0]).toEqual({
      sourceId: '7100001',
      entityType: 'PERSON',
      primaryName: 'TARIQ ANWAR AL-SAMMARI',
      names: [
        { name: 'TARIQ ANWAR AL-SAMMARI', kind: 'PRIMARY', weak: false },
        { name: 'Tareq Anwar al-Samari', kind: 'AKA', weak: false },
        { name: 'Abu Anwar', kind: 'AKA', weak: true },
        { name: 'Al-Mustawfi', kind: 'AKA', weak: true },
        { name: 'طارق أنور السماري', kind: 'AKA', weak: false },
      ],
      birthDates: [{ fromYear: 1971, toYear: 1971, date: '1971-05-04', circa: false }],
      countries: ['IQ'],
      programs: ['Al-Qaida'],
      remarks: 'Financier of a listed group. Believed to travel between Iraq and Türkiye.',
      details: {
        'Reference number': ['QDi.901'],
        'Listed on': ['2014-09-23'],
        Title: ['Sheikh'],
        Designation: ['Head of finance'],
        Nationality: ['Iraq'],
        'Place of birth': ['Tikrit, Salah ad-Din, Iraq'],
        Address: ['Mosul, Iraq (as at 2014)'],
        Passport: ['A4401177 (Iraq) issued 2009'],
      },
    });
  });

  it('an EXACT year and an APPROXIMATELY year; a.k.a. and f.k.a. aliases; two nationalities', () => {
    expect(entries[1]).toMatchObject({
      names: [
        { name: 'JEAN-BOSCO MUHIRWA', kind: 'PRIMARY', weak: false },
        { name: 'Bosco Muhirwa', kind: 'AKA', weak: false },
        { name: 'Jean Bosco Habimana', kind: 'FKA', weak: false },
      ],
      birthDates: [
        { fromYear: 1971, toYear: 1971, date: null, circa: false },
        { fromYear: 1973, toYear: 1973, date: null, circa: true },
      ],
      countries: ['CD', 'RW'],
      remarks: null,
    });
  });

  it('BETWEEN years; APPROXIMATELY a range; a date given only as a note; a national ID', () => {
    expect(entries[2]!.birthDates).toEqual([{ fromYear: 1980, toYear: 1983, date: null, circa: false }]);
    expect(entries[3]).toEqual({
      sourceId: '7100004',
      entityType: 'PERSON',
      primaryName: 'Nadia Ferhat Benali Ouazzani',
      names: [{ name: 'Nadia Ferhat Benali Ouazzani', kind: 'PRIMARY', weak: false }],
      birthDates: [{ fromYear: 1975, toYear: 1977, date: null, circa: true }],
      countries: ['LY', 'TN'],
      programs: ['Libya'],
      remarks: 'Facilitator of migrant smuggling & trafficking.',
      details: {
        'Reference number': ['LYi.901'],
        'Listed on': ['2018-06-07'],
        Gender: ['Female'],
        Nationality: ['Libya'],
        'Date of birth (as written)': ['30-35 years old in 2010'],
        'Place of birth': ['Zawiya, Libya'],
        Address: ['Rue des Oliviers 12, Tunis, Tunisia'],
        Identification: ['National Identification Number 119760012345 (Libya)'],
      },
    });
  });

  it('entities: FIRST_NAME is the name, ENTITY_ALIAS (Low weak, f.k.a.), addresses, a Korean original script', () => {
    expect(entries[4]).toEqual({
      sourceId: '7200001',
      entityType: 'ORGANIZATION',
      primaryName: 'GOLDEN CRESCENT EXCHANGE COMPANY',
      names: [
        { name: 'GOLDEN CRESCENT EXCHANGE COMPANY', kind: 'PRIMARY', weak: false },
        { name: 'Golden Crescent Hawala', kind: 'AKA', weak: false },
        { name: 'GCE', kind: 'AKA', weak: true },
      ],
      birthDates: [],
      countries: ['PK', 'AF'],
      programs: ['Taliban'],
      remarks: 'Money service business used to move funds.',
      details: {
        'Reference number': ['TAe.901'],
        'Listed on': ['2012-06-29'],
        Address: ['Shop 7, Chowk Yadgar, Peshawar, Pakistan', 'Kandahar, Afghanistan'],
      },
    });
    expect(entries[5]!.names).toEqual([
      { name: 'KORYO NAMSAN SHIPPING LLC', kind: 'PRIMARY', weak: false },
      { name: 'Namsan Maritime Co.', kind: 'FKA', weak: false },
      { name: '고려남산해운', kind: 'AKA', weak: false },
    ]);
    expect(entries[5]!.countries).toEqual(['KP']);
  });

  it('CRLF line ends and a byte-order mark read the same', () => {
    expect(parseUn(`\uFEFF${fixture('consolidated.xml').replace(/\n/g, '\r\n')}`)).toEqual(entries);
  });
});

describe('malformed UN files are refused whole, naming the element and its line', () => {
  const file = 'UN consolidated XML';

  it.each([
    ['bad-xml.xml', { line: 70, field: 'SECOND_NAME', problem: "malformed XML: Expected closing tag 'SECOND_NAME' (opened in line 70, col 7) instead of closing tag 'SECOND_NAM'." }],
    ['no-dataid.xml', { line: 106, field: 'DATAID', problem: 'the INDIVIDUAL starting on this line has no DATAID' }],
    ['no-name.xml', { line: 136, field: 'FIRST_NAME', problem: 'the INDIVIDUAL with DATAID 7100004 has no name' }],
    ['bad-date.xml', { line: 50, field: 'DATE', problem: "'1971-02-30' is not a date (YYYY-MM-DD)" }],
  ])('%s', (name, expected) => {
    expect(refusal(fixture(`malformed/${name}`))).toEqual({ file, ...expected });
  });

  it('the element lines hold with CRLF line ends', () => {
    expect(refusal(fixture('malformed/bad-date.xml').replace(/\n/g, '\r\n'))).toMatchObject({ line: 50, field: 'DATE' });
  });

  const list = (individuals: string, entities = '') =>
    `<?xml version="1.0"?>\n<CONSOLIDATED_LIST>\n<INDIVIDUALS>\n${individuals}</INDIVIDUALS>\n<ENTITIES>\n${entities}</ENTITIES>\n</CONSOLIDATED_LIST>\n`;
  const person = (id: string, inner = '') => `<INDIVIDUAL>\n<DATAID>${id}</DATAID>\n<FIRST_NAME>ADA</FIRST_NAME>\n${inner}</INDIVIDUAL>\n`;

  it.each([
    ['a repeated DATAID', list(person('1') + person('1')), { line: 8, field: 'DATAID', problem: 'DATAID 1 appears twice (first on line 4)' }],
    ['an entity without DATAID', list('', '<ENTITY>\n<FIRST_NAME>X LLC</FIRST_NAME>\n</ENTITY>\n'), { line: 6, field: 'DATAID', problem: 'the ENTITY starting on this line has no DATAID' }],
    [
      'an unknown alias quality',
      list(person('1', '<INDIVIDUAL_ALIAS>\n<QUALITY>Medium</QUALITY>\n<ALIAS_NAME>Ada B</ALIAS_NAME>\n</INDIVIDUAL_ALIAS>\n')),
      { line: 8, field: 'QUALITY', problem: "unknown alias quality 'Medium' (Good, a.k.a., Low or f.k.a.)" },
    ],
    [
      'an unknown type of date',
      list(person('1', '<INDIVIDUAL_DATE_OF_BIRTH>\n<TYPE_OF_DATE>BEFORE</TYPE_OF_DATE>\n<YEAR>1950</YEAR>\n</INDIVIDUAL_DATE_OF_BIRTH>\n')),
      { line: 8, field: 'TYPE_OF_DATE', problem: "unknown type of date 'BEFORE' (EXACT, APPROXIMATELY or BETWEEN)" },
    ],
    [
      'a year of two digits',
      list(person('1', '<INDIVIDUAL_DATE_OF_BIRTH>\n<TYPE_OF_DATE>EXACT</TYPE_OF_DATE>\n<YEAR>65</YEAR>\n</INDIVIDUAL_DATE_OF_BIRTH>\n')),
      { line: 9, field: 'YEAR', problem: "'65' is not a year" },
    ],
    [
      'a range without its end',
      list(person('1', '<INDIVIDUAL_DATE_OF_BIRTH>\n<TYPE_OF_DATE>BETWEEN</TYPE_OF_DATE>\n<FROM_YEAR>1950</FROM_YEAR>\n</INDIVIDUAL_DATE_OF_BIRTH>\n')),
      { line: 7, field: 'TO_YEAR', problem: 'a range of years needs both FROM_YEAR and TO_YEAR' },
    ],
    ['no entries', list(''), { line: 2, field: 'entries', problem: 'the list holds no entries' }],
    ['another root element', '<?xml version="1.0"?>\n<SDN_LIST/>\n', { line: 1, field: 'CONSOLIDATED_LIST', problem: 'the root element is not CONSOLIDATED_LIST' }],
  ])('%s', (_, text, expected) => {
    expect(refusal(text)).toEqual({ file, ...expected });
  });
});
