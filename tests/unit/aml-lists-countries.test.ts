import { describe, expect, it } from 'vitest';
import { cleanName, cleanText, readCsv } from '@/lib/services/aml/lists/common';
import { countryCode, isCountryCode } from '@/lib/services/aml/lists/countries';
import { ListFormatError } from '@/lib/services/aml/model';

/** Country names as OFAC, the UN and the EU write them -> ISO alpha-2; the shared CSV reader. */
describe('countryCode', () => {
  it.each([
    // OFAC spellings
    ['Iran', 'IR'],
    ['Russia', 'RU'],
    ['Syria', 'SY'],
    ['Korea, North', 'KP'],
    ['North Korea', 'KP'],
    ['Korea, South', 'KR'],
    ['Burma', 'MM'],
    ['Congo, Democratic Republic of the', 'CD'],
    ['Congo, Republic of the', 'CG'],
    ['Palestinian', 'PS'],
    ['possibly Palestinian', 'PS'],
    ['West Bank', 'PS'],
    ['West Bank (Palestinian Authority).', 'PS'],
    ['Region: Gaza', 'PS'],
    ['Region: Crimea', 'UA'],
    ['Venezuela', 'VE'],
    ["Cote d'Ivoire", 'CI'],
    ['Cote d Ivoire', 'CI'],
    ['Côte d’Ivoire', 'CI'],
    ['Turkey', 'TR'],
    ['Türkiye', 'TR'],
    ['TÜRKIYE', 'TR'],
    ['Kosovo', 'XK'],
    ['Bahamas, The', 'BS'],
    ['The Gambia', 'GM'],
    ['Virgin Islands, British', 'VG'],
    ['Macedonia, The Former Yugoslav Republic of', 'MK'],
    ['Bosnia-Herzegovina', 'BA'],
    ['Hong Kong', 'HK'],
    ['the Philippines', 'PH'],
    ['UK', 'GB'],
    ['England', 'GB'],
    // UN spellings
    ['Iran (Islamic Republic of)', 'IR'],
    ["Democratic People's Republic of Korea", 'KP'],
    ['Syrian Arab Republic', 'SY'],
    ['State of Palestine', 'PS'],
    ['Viet Nam', 'VN'],
    ['United Kingdom of Great Britain and Northern Ireland', 'GB'],
    ['United States of America', 'US'],
    ['United Republic of Tanzania', 'TZ'],
    ['China, Hong Kong Special Administrative Region', 'HK'],
    ['Congo', 'CG'],
    // library names, any case, codes
    ['Germany', 'DE'],
    ['germany', 'DE'],
    ['  united   arab emirates ', 'AE'],
    ['DE', 'DE'],
    ['de', 'DE'],
    ['NA', 'NA'],
    ['IRN', 'IR'],
    ['XK', 'XK'],
  ])('%s -> %s', (text, code) => {
    expect(countryCode(text)).toBe(code);
  });

  it.each(['', 'na', '00', 'undetermined', 'USSR', 'former Soviet Union', 'Serbia and Montenegro', 'Netherlands Antilles', 'Veracruz', 'Atlantis', 'Region: Kafia Kingi'])(
    '%j names no country we can be sure of',
    (text) => {
      expect(countryCode(text)).toBeNull();
    },
  );

  it('isCountryCode takes ISO alpha-2 codes only', () => {
    expect(['DE', 'de', 'XK', 'KP'].map(isCountryCode)).toEqual([true, true, true, true]);
    expect(['UK', 'DEU', 'Germany', 'D', '00', ''].map(isCountryCode)).toEqual([false, false, false, false, false, false]);
  });
});

describe('text cleaning', () => {
  it('trims and collapses white space of every kind', () => {
    expect(cleanText('  a \t b\n\nc\u00a0 d ')).toBe('a b c d');
    expect(cleanText(undefined)).toBe('');
  });

  it('puts one space after a comma of a name, none before it', () => {
    expect(cleanName('PAK,Chol-ung')).toBe('PAK, Chol-ung');
    expect(cleanName('LAST ,  First  Middle')).toBe('LAST, First Middle');
    expect(cleanName('КАРВАНОВ,Дмитрий')).toBe('КАРВАНОВ, Дмитрий');
  });
});

describe('readCsv', () => {
  const columns = (index: number) => ['a', 'b', 'c'][index] ?? `column ${index + 1}`;

  it('gives every record the line it starts on, across quoted line breaks, CRLF and empty lines', () => {
    const rows = readCsv('\uFEFF1,"x\r\ny",z\r\n\r\n2, "p" ,q\r\n\x1a', 'f.csv', ',', columns);
    expect(rows).toEqual([
      { fields: ['1', 'x\ny', 'z'], line: 1 },
      { fields: ['2', 'p', 'q'], line: 4 },
    ]);
  });

  const error = (text: string): ListFormatError => {
    try {
      readCsv(text, 'f.csv', ',', columns);
    } catch (e) {
      return e as ListFormatError;
    }
    throw new Error('no error');
  };

  it('names the line a never-closed quote opens on', () => {
    expect(error('1,2,3\n4,5,"six\n7,8,9\n')).toMatchObject({ file: 'f.csv', line: 2, field: 'c', problem: 'a quoted field opens on this line and is never closed' });
  });

  it('names the line of a character after a closing quote', () => {
    expect(error('1,2,3\n4,"5"x,6\n')).toMatchObject({ line: 2, field: 'b' });
    expect(error('1,2,3\n4,"5,6\n7,"8",9\n')).toMatchObject({ line: 2, field: 'b', problem: 'a quoted field opens on this line and is not closed (it runs on to line 3)' });
  });
});
