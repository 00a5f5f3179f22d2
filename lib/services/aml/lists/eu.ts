/**
 * EU consolidated financial sanctions list, CSV (the "1.1" flat file).
 *
 * Verified against Moov Watchman's pkg/sources/csl_eu (reader_eu.go: semicolon separator, header
 * row, rows merged by Entity_LogicalId; csl.go: the 118 columns in order; mapper.go: the subject
 * type from Entity_SubjectType_ClassificationCode `person`/`enterprise`, Entity_SubjectType being
 * only `P`/`E`; the first NameAlias_WholeName is the name, the others aliases; BirthDate_BirthDate
 * `YYYY-MM-DD`, DD/MM/YYYY also accepted) and its test (entity 13: three whole names over three
 * rows, birth date 1937-04-28), and against the published column list (fileGenerationDate;
 * Entity_LogicalId; Entity_EU_ReferenceNumber; ... NameAlias_LastName; NameAlias_FirstName;
 * NameAlias_MiddleName; NameAlias_WholeName; NameAlias_NameLanguage; ... Address_*; BirthDate_*;
 * Identification_*; Citizenship_*), which public importers hard-code.
 *
 * An entity spreads over several rows sharing its logical id (one per name alias, birth date,
 * address, citizenship, identification); rows are grouped by that id in the order ids first appear.
 * Columns are found by name in the header, so their order does not matter. The columns read below
 * under REQUIRED must all be present (else ListFormatError on line 1 naming the first missing
 * one); the others are read when present. EU writes `00` for an unknown country: ignored.
 * Refused: a row whose field count differs from the header's, an empty or non-numeric logical id,
 * a subject type other than person/enterprise (or changing between rows of one id), a malformed
 * birth date or year, an entity without any name.
 */
import { type AmlEntityType, ListFormatError, type ParsedEntry } from '../model';
import { type CsvRow, DETAIL, EntryBuilder, NO_ENTRIES, cleanText, expectColumns, isCalendarDate, parseYear, rangeBirthDate, readCsv, yearBirthDate } from './common';
import { countryCode } from './countries';

export const EU_FILE_NAME = 'EU consolidated CSV';

/** The columns the parser depends on. */
export const EU_REQUIRED_COLUMNS = [
  'Entity_LogicalId',
  'Entity_SubjectType_ClassificationCode',
  'Entity_Regulation_Programme',
  'Entity_Remark',
  'NameAlias_LastName',
  'NameAlias_FirstName',
  'NameAlias_MiddleName',
  'NameAlias_WholeName',
  'BirthDate_BirthDate',
  'BirthDate_Year',
  'BirthDate_YearRangeFrom',
  'BirthDate_YearRangeTo',
  'BirthDate_Circa',
  'Citizenship_CountryIso2Code',
  'Address_CountryIso2Code',
] as const;

const SUBJECT_TYPES: Record<string, AmlEntityType> = { person: 'PERSON', enterprise: 'ORGANIZATION' };
const GENDERS: Record<string, string> = { M: 'Male', F: 'Female' };
const TRUE = new Set(['1', 'true', 'yes', 'y']);
const FALSE = new Set(['', '0', 'false', 'no', 'n']);

interface Group {
  builder: EntryBuilder;
  line: number;
  subject: string;
}

/** `YYYY-MM-DD` or `DD/MM/YYYY` as YYYY-MM-DD, or null. */
function euDate(text: string): string | null {
  let m = /^(\d{4})-(\d{2})-(\d{2})$/u.exec(text);
  if (m && isCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]))) return text;
  m = /^(\d{2})\/(\d{2})\/(\d{4})$/u.exec(text);
  if (m && isCalendarDate(Number(m[3]), Number(m[2]), Number(m[1]))) return `${m[3]}-${m[2]}-${m[1]}`;
  return null;
}

export function parseEu(text: string, file: string = EU_FILE_NAME): ParsedEntry[] {
  const rows = readCsv(text, file, ';', 'header');
  const first = rows[0];
  if (!first) throw new ListFormatError(file, 1, 'header', 'the file is empty (a header row is expected)');
  const header = first.fields.map((name) => cleanText(name));
  const column = new Map<string, number>();
  header.forEach((name, index) => {
    if (!column.has(name)) column.set(name, index);
  });
  for (const name of EU_REQUIRED_COLUMNS) {
    if (!column.has(name)) throw new ListFormatError(file, first.line, name, 'the column is missing from the header');
  }
  const width = header.length;

  const groups = new Map<string, Group>();
  for (const row of rows.slice(1)) {
    expectColumns(row, width, file);
    const get = (name: string): string => {
      const index = column.get(name);
      return index === undefined ? '' : cleanText(row.fields[index]);
    };
    const id = get('Entity_LogicalId');
    if (!/^\d+$/u.test(id)) throw new ListFormatError(file, row.line, 'Entity_LogicalId', id ? `'${id}' is not a number` : 'is empty');
    const subject = get('Entity_SubjectType_ClassificationCode');
    const entityType = SUBJECT_TYPES[subject.toLowerCase()];
    if (!entityType) throw new ListFormatError(file, row.line, 'Entity_SubjectType_ClassificationCode', `unknown subject type '${subject}' (person or enterprise)`);

    let group = groups.get(id);
    if (!group) {
      group = { builder: new EntryBuilder(id, entityType), line: row.line, subject };
      groups.set(id, group);
    } else if (group.builder.entityType !== entityType) {
      throw new ListFormatError(file, row.line, 'Entity_SubjectType_ClassificationCode', `entity ${id} is '${subject}' here but '${group.subject}' on line ${group.line}`);
    }
    readRow(group.builder, get, row, file);
  }

  const out: ParsedEntry[] = [];
  for (const { builder, line } of groups.values()) {
    if (!builder.hasName) throw new ListFormatError(file, line, 'NameAlias_WholeName', `entity ${builder.sourceId} has no name on any of its rows`);
    out.push(builder.build());
  }
  if (out.length === 0) throw new ListFormatError(file, first.line, 'entries', NO_ENTRIES);
  return out;
}

/** A country description, or '' for EU's unknown country (code `00`, description `UNKNOWN`). */
function countryDescription(get: (name: string) => string, prefix: string): string {
  const description = get(`${prefix}_CountryDescription`);
  return get(`${prefix}_CountryIso2Code`) === '00' || description.toUpperCase() === 'UNKNOWN' ? '' : description;
}

function readRow(builder: EntryBuilder, get: (name: string) => string, row: CsvRow, file: string): void {
  const whole = get('NameAlias_WholeName') || [get('NameAlias_FirstName'), get('NameAlias_MiddleName'), get('NameAlias_LastName')].filter(Boolean).join(' ');
  builder.addName(whole, 'AKA', false);

  builder.addProgram(get('Entity_Regulation_Programme'));
  builder.addRemark(get('Entity_Remark'));
  builder.addDetail(DETAIL.reference, get('Entity_EU_ReferenceNumber'));
  builder.addDetail(DETAIL.unReference, get('Entity_UnitedNationId'));
  builder.addDetail(DETAIL.listedOn, get('Entity_DesignationDate'));
  builder.addDetail(DETAIL.gender, GENDERS[get('NameAlias_Gender')] ?? get('NameAlias_Gender'));
  builder.addDetail(DETAIL.title, get('NameAlias_Title'));
  builder.addDetail(DETAIL.function, get('NameAlias_Function'));

  readBirthDate(builder, get, row, file);
  builder.addDetail(DETAIL.placeOfBirth, [get('BirthDate_Place'), get('BirthDate_City'), get('BirthDate_Region'), countryDescription(get, 'BirthDate')].filter(Boolean).join(', '));

  const address = [
    get('Address_Street'),
    get('Address_PoBox'),
    [get('Address_ZipCode'), get('Address_City')].filter(Boolean).join(' '),
    get('Address_Region'),
    get('Address_Place'),
    countryDescription(get, 'Address'),
  ]
    .filter(Boolean)
    .join(', ');
  builder.addDetail(DETAIL.address, address);
  builder.addDetail(DETAIL.citizenship, countryDescription(get, 'Citizenship'));

  const number = get('Identification_Number');
  if (number) {
    const type = get('Identification_TypeDescription') || get('Identification_TypeCode');
    const country = countryDescription(get, 'Identification');
    const label = get('Identification_TypeCode').toLowerCase() === 'passport' ? DETAIL.passport : DETAIL.identification;
    builder.addDetail(label, `${label === DETAIL.passport ? '' : type ? `${type} ` : ''}${number}${country ? ` (${country})` : ''}`);
  }

  for (const prefix of ['Citizenship', 'Address', 'BirthDate', 'Identification']) {
    const code = get(`${prefix}_CountryIso2Code`);
    builder.addCountry((code && countryCode(code)) || countryCode(countryDescription(get, prefix)));
  }
}

function readBirthDate(builder: EntryBuilder, get: (name: string) => string, row: CsvRow, file: string): void {
  const circaText = get('BirthDate_Circa').toLowerCase();
  if (!TRUE.has(circaText) && !FALSE.has(circaText)) throw new ListFormatError(file, row.line, 'BirthDate_Circa', `'${get('BirthDate_Circa')}' is not a yes/no flag`);
  const circa = TRUE.has(circaText);
  const dateText = get('BirthDate_BirthDate');
  if (dateText) {
    const date = euDate(dateText);
    if (!date) throw new ListFormatError(file, row.line, 'BirthDate_BirthDate', `'${dateText}' is not a date (YYYY-MM-DD)`);
    const year = Number(date.slice(0, 4));
    builder.addBirthDate({ fromYear: year, toYear: year, date, circa });
    return;
  }
  const yearText = get('BirthDate_Year');
  if (yearText) {
    const year = parseYear(yearText);
    if (year === null) throw new ListFormatError(file, row.line, 'BirthDate_Year', `'${yearText}' is not a year`);
    builder.addBirthDate(yearBirthDate(year, circa));
    return;
  }
  const [fromText, toText] = [get('BirthDate_YearRangeFrom'), get('BirthDate_YearRangeTo')];
  if (!fromText && !toText) return;
  const from = parseYear(fromText || toText);
  if (from === null) throw new ListFormatError(file, row.line, fromText ? 'BirthDate_YearRangeFrom' : 'BirthDate_YearRangeTo', `'${fromText || toText}' is not a year`);
  const to = parseYear(toText || fromText);
  if (to === null) throw new ListFormatError(file, row.line, 'BirthDate_YearRangeTo', `'${toText}' is not a year`);
  if (from > to) throw new ListFormatError(file, row.line, 'BirthDate_YearRangeTo', `the range ends (${to}) before it starts (${from})`);
  builder.addBirthDate(rangeBirthDate(from, to, circa));
}
