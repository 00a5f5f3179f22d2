import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ofacBirthDate, parseOfac, placeCountry } from '@/lib/services/aml/lists/ofac';
import { ListFormatError, type ListFiles, type ParsedEntry } from '@/lib/services/aml/model';

/** OFAC's legacy sdn.csv / alt.csv / add.csv, from the synthetic files in tests/fixtures/aml/ofac. */
const fixture = (name: string) => readFileSync(path.join(__dirname, '../fixtures/aml/ofac', name), 'utf8');
const files = (): ListFiles => ({ main: fixture('sdn.csv'), alt: fixture('alt.csv'), add: fixture('add.csv') });
const byId = (entries: ParsedEntry[], id: string) => entries.find((e) => e.sourceId === id);

function refusal(input: ListFiles): Pick<ListFormatError, 'file' | 'line' | 'field' | 'problem'> {
  try {
    parseOfac(input);
  } catch (e) {
    expect(e).toBeInstanceOf(ListFormatError);
    const { file, line, field, problem } = e as ListFormatError;
    return { file, line, field, problem };
  }
  throw new Error('the files were accepted');
}

describe('OFAC SDN legacy CSV', () => {
  const entries = parseOfac(files());

  it('reads every entry of sdn.csv, in order, past the trailing \\x1a line', () => {
    expect(entries.map((e) => [e.sourceId, e.entityType])).toEqual([
      ['9101', 'PERSON'],
      ['9102', 'ORGANIZATION'],
      ['9103', 'PERSON'],
      ['9104', 'ORGANIZATION'],
      ['9105', 'VESSEL'],
      ['9106', 'AIRCRAFT'],
      ['9107', 'PERSON'],
      ['9108', 'ORGANIZATION'],
      ['9109', 'PERSON'],
    ]);
  });

  it('an individual: remarks read into dates, countries, details and weak aliases; alt.csv aliases (Cyrillic too); add.csv address', () => {
    expect(byId(entries, '9101')).toEqual({
      sourceId: '9101',
      entityType: 'PERSON',
      primaryName: 'KARVANOV, Dmitri Olegovich',
      names: [
        { name: 'KARVANOV, Dmitri Olegovich', kind: 'PRIMARY', weak: false },
        { name: 'KARVANOV, Dmitrii', kind: 'AKA', weak: false },
        { name: 'КАРВАНОВ, Дмитрий Олегович', kind: 'AKA', weak: false },
        { name: 'DIMA KARV', kind: 'AKA', weak: true },
      ],
      birthDates: [{ fromYear: 1971, toYear: 1971, date: '1971-03-14', circa: false }],
      countries: ['RU', 'CY'],
      programs: ['RUSSIA-EO14024', 'CYBER2'],
      remarks:
        "DOB 14 Mar 1971; POB Tver, Russia; nationality Russia; alt. citizen Cyprus; Gender Male; Passport 7405113920 (Russia) expires 02 Feb 2027; a.k.a. 'DIMA KARV'; Linked To: SEVERNAYA ZVEZDA TRADING LLC.",
      details: {
        'Place of birth': ['Tver, Russia'],
        Nationality: ['Russia'],
        Citizenship: ['Cyprus'],
        Gender: ['Male'],
        Passport: ['7405113920 (Russia) expires 02 Feb 2027'],
        'Linked to': ['SEVERNAYA ZVEZDA TRADING LLC'],
        Address: ['Leninsky Prospekt 42, kv. 17, Moscow 119334, Russia'],
      },
    });
  });

  it('circa and ranges of years; Arabic-script alias; the remarks a.k.a.s are weak, after the strong aliases', () => {
    const entry = byId(entries, '9103')!;
    expect(entry.birthDates).toEqual([
      { fromYear: 1965, toYear: 1965, date: null, circa: true },
      { fromYear: 1966, toYear: 1968, date: null, circa: false },
    ]);
    expect(entry.names).toEqual([
      { name: 'AL-BARAZI, Yusuf Hamid', kind: 'PRIMARY', weak: false },
      { name: 'AL-BARAAZI, Yousef Hamed', kind: 'AKA', weak: false },
      { name: 'يوسف حامد البرازي', kind: 'AKA', weak: false },
      { name: 'ABU HAMID', kind: 'AKA', weak: true },
      { name: 'THE ENGINEER', kind: 'AKA', weak: true },
    ]);
    expect(entry.countries).toEqual(['SY']);
  });

  it('an entity (SDN_Type -0-): several programmes, a weak alt.csv alias, two addresses and their countries', () => {
    expect(byId(entries, '9104')).toEqual({
      sourceId: '9104',
      entityType: 'ORGANIZATION',
      primaryName: 'NORDLICHT HANDELSKONTOR GMBH',
      names: [
        { name: 'NORDLICHT HANDELSKONTOR GMBH', kind: 'PRIMARY', weak: false },
        { name: 'NORDLICHT TRADING GMBH', kind: 'AKA', weak: false },
        { name: 'NLH', kind: 'AKA', weak: true },
      ],
      birthDates: [],
      countries: ['DE', 'TR'],
      programs: ['IRAN', 'NPWMD'],
      remarks: 'Registration Number HRB 99123 (Germany); Linked To: AL-BARAZI, Yusuf Hamid.',
      details: {
        'Other information': ['Registration Number HRB 99123 (Germany)'],
        'Linked to': ['AL-BARAZI, Yusuf Hamid'],
        Address: ['Hafenstrasse 7, Hamburg 20457, Germany', 'Turkey (branch office)'],
      },
    });
  });

  it('a vessel: its columns become details, its flag a country; an address of only -0- adds nothing', () => {
    expect(byId(entries, '9105')).toEqual({
      sourceId: '9105',
      entityType: 'VESSEL',
      primaryName: 'OCEAN MERIDIAN',
      names: [
        { name: 'OCEAN MERIDIAN', kind: 'PRIMARY', weak: false },
        { name: 'SEA MERIDIAN', kind: 'FKA', weak: false },
      ],
      birthDates: [],
      countries: ['MT'],
      programs: ['IRAN'],
      remarks: 'Vessel Registration Identification IMO 9123456; MMSI 248123000; Linked To: MERIDIAN SHIPPING CO. LTD.',
      details: {
        'Call sign': ['9HA4521'],
        'Vessel type': ['Crude Oil Tanker'],
        Tonnage: ['85000'],
        'Gross registered tonnage': ['42000'],
        'Vessel flag': ['Malta'],
        'Vessel owner': ['MERIDIAN SHIPPING CO. LTD.'],
        'Other information': ['Vessel Registration Identification IMO 9123456', 'MMSI 248123000'],
        'Linked to': ['MERIDIAN SHIPPING CO. LTD'],
      },
    });
  });

  it('the Title column, white space collapsed in the name, alt. DOB of a month, alt. nationality', () => {
    const entry = byId(entries, '9107')!;
    expect(entry.primaryName).toBe('OKONJO-BERG, Amara Chidi');
    expect(entry.names).toEqual([{ name: 'OKONJO-BERG, Amara Chidi', kind: 'PRIMARY', weak: false }]);
    expect(entry.birthDates).toEqual([
      { fromYear: 1960, toYear: 1960, date: '1960-01-01', circa: false },
      { fromYear: 1961, toYear: 1961, date: null, circa: false },
    ]);
    expect(entry.countries).toEqual(['NG', 'GB']);
    expect(entry.details.Title).toEqual(['Deputy Minister of Finance']);
  });

  it('an nka alias; a comma glued to the next name part gets its space', () => {
    expect(byId(entries, '9108')!.names[1]).toEqual({ name: 'CORAL CARIBE HOLDINGS, S.A.', kind: 'NKA', weak: false });
    expect(byId(entries, '9109')!.names).toEqual([
      { name: 'PAK, Chol Ung', kind: 'PRIMARY', weak: false },
      { name: 'PAK, Chol-ung', kind: 'AKA', weak: false },
    ]);
    expect(byId(entries, '9109')!.countries).toEqual(['KP']);
  });

  it('alt.csv and add.csv are optional', () => {
    const alone = parseOfac({ main: fixture('sdn.csv') });
    expect(alone).toHaveLength(9);
    expect(byId(alone, '9104')!.names.map((n) => n.name)).toEqual(['NORDLICHT HANDELSKONTOR GMBH']);
    expect(byId(alone, '9101')!.names.map((n) => n.name)).toEqual(['KARVANOV, Dmitri Olegovich', 'DIMA KARV']);
  });

  it('LF line ends and a missing \\x1a read the same', () => {
    const lf = (text: string) => text.replace(/\r\n/g, '\n').replace(/\x1a$/, '');
    expect(parseOfac({ main: lf(fixture('sdn.csv')), alt: lf(fixture('alt.csv')), add: lf(fixture('add.csv')) })).toEqual(entries);
  });

  it('a remark a.k.a. that alt.csv also lists stays strong', () => {
    const main = '1,"ROE, Jan","individual","SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"a.k.a. \'ROE, Johan\'."\n';
    const alt = '1,1,"aka","ROE, Johan",-0- \n';
    expect(parseOfac({ main, alt })[0]!.names).toEqual([
      { name: 'ROE, Jan', kind: 'PRIMARY', weak: false },
      { name: 'ROE, Johan', kind: 'AKA', weak: false },
    ]);
  });
});

describe('OFAC remark facts', () => {
  it.each([
    ['14 Mar 1971', { fromYear: 1971, toYear: 1971, date: '1971-03-14', circa: false }],
    ['Jan 1960', { fromYear: 1960, toYear: 1960, date: null, circa: false }],
    ['1960', { fromYear: 1960, toYear: 1960, date: null, circa: false }],
    ['circa 1965', { fromYear: 1965, toYear: 1965, date: null, circa: true }],
    ['circa 01 Jul 1965', { fromYear: 1965, toYear: 1965, date: '1965-07-01', circa: true }],
    ['1960 to 1962', { fromYear: 1960, toYear: 1962, date: null, circa: false }],
    ['01 Jan 1960 to 31 Dec 1962', { fromYear: 1960, toYear: 1962, date: null, circa: false }],
    ['02 Feb 1970 to 02 Feb 1970', { fromYear: 1970, toYear: 1970, date: '1970-02-02', circa: false }],
    ['circa 1979-1982', { fromYear: 1979, toYear: 1982, date: null, circa: true }],
  ])('DOB %s', (text, date) => {
    expect(ofacBirthDate(text)).toEqual(date);
  });

  it.each(['31 Feb 1970', '1962 to 1960', 'Smarch 1970', 'about 1960', ''])('DOB %j is not read as a date', (text) => {
    expect(ofacBirthDate(text)).toBeNull();
  });

  it("a vessel's nationality of registration", () => {
    const main = '8,"SEA LARK","vessel","DPRK3",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"Nationality of Registration Korea, North."\n';
    expect(parseOfac({ main })[0]).toMatchObject({ countries: ['KP'], details: { Nationality: ['Korea, North'] } });
  });

  it('an unreadable DOB stays in the details', () => {
    const main = '7,"DOE, Jo","individual","SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 31 Feb 1970; Nationality: Eritrea."\n';
    const [entry] = parseOfac({ main });
    expect(entry!.birthDates).toEqual([]);
    expect(entry!.details).toEqual({ 'Date of birth (as written)': ['31 Feb 1970'], Nationality: ['Eritrea'] });
    expect(entry!.countries).toEqual(['ER']);
  });

  it.each([
    ['Baghdad, Iraq', 'IQ'],
    ['Kinshasa, Congo, Democratic Republic of the', 'CD'],
    ['Pyongyang, Korea, North', 'KP'],
    ['Egypt', 'EG'],
    ['Culiacan, Sinaloa', null],
  ])('POB %s -> %s', (place, code) => {
    expect(placeCountry(place)).toBe(code);
  });
});

describe('malformed OFAC files are refused whole, naming file, line and field', () => {
  it.each([
    ['sdn-unterminated-quote.csv', { file: 'sdn.csv', line: 8, field: 'Remarks', problem: 'a quoted field opens on this line and is not closed (it runs on to line 9)' }],
    ['sdn-bad-type.csv', { file: 'sdn.csv', line: 6, field: 'SDN_Type', problem: "unknown type 'airship' (individual, vessel, aircraft or -0-)" }],
    ['sdn-duplicate-ent-num.csv', { file: 'sdn.csv', line: 7, field: 'ent_num', problem: '9102 appears twice in the file' }],
    ['sdn-missing-column.csv', { file: 'sdn.csv', line: 2, field: 'record', problem: 'expected 12 columns, found 11' }],
    ['sdn-empty.csv', { file: 'sdn.csv', line: 1, field: 'entries', problem: 'the list holds no entries' }],
  ])('%s', (name, expected) => {
    expect(refusal({ ...files(), main: fixture(`malformed/${name}`) })).toEqual(expected);
  });

  it('alt.csv naming an ent_num sdn.csv does not hold', () => {
    expect(refusal({ ...files(), alt: fixture('malformed/alt-unknown-ent-num.csv') })).toEqual({
      file: 'alt.csv',
      line: 6,
      field: 'ent_num',
      problem: '9199 is not an entry of sdn.csv',
    });
  });

  it('alt.csv with an unknown alt_type', () => {
    expect(refusal({ ...files(), alt: fixture('malformed/alt-bad-type.csv') })).toMatchObject({ file: 'alt.csv', line: 3, field: 'alt_type' });
  });

  it('add.csv naming an ent_num sdn.csv does not hold', () => {
    expect(refusal({ ...files(), add: fixture('malformed/add-unknown-ent-num.csv') })).toEqual({
      file: 'add.csv',
      line: 5,
      field: 'ent_num',
      problem: '9110 is not an entry of sdn.csv',
    });
  });

  it('a header row, an empty SDN_Name, an empty alt_name, the file names given by the caller', () => {
    const header = 'ent_num,SDN_Name,SDN_Type,Program,Title,Call_Sign,Vess_type,Tonnage,GRT,Vess_flag,Vess_owner,Remarks\n';
    expect(refusal({ main: header + fixture('sdn.csv') })).toMatchObject({ line: 1, field: 'ent_num', problem: "'ent_num' is not a number" });
    expect(refusal({ main: '5,-0- ,"individual","SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \n' })).toMatchObject({ line: 1, field: 'SDN_Name' });
    expect(refusal({ ...files(), alt: '9101,1,"aka",-0- ,-0- \n' })).toMatchObject({ file: 'alt.csv', line: 1, field: 'alt_name' });
    expect(() => parseOfac({ main: '', alt: '' }, { main: 'sdn-2026-01-05.csv', alt: 'a.csv', add: 'b.csv' })).toThrow('sdn-2026-01-05.csv line 1, entries: the list holds no entries');
  });

  it('a quote never closed before the end of the file', () => {
    expect(refusal({ main: fixture('sdn.csv').replace('(Korea, North)."', '(Korea, North).') })).toEqual({
      file: 'sdn.csv',
      line: 9,
      field: 'Remarks',
      problem: 'a quoted field opens on this line and is never closed',
    });
  });
});
