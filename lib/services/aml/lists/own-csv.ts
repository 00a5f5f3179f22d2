/**
 * Our own list layout (a tenant's block list, a PEP list bought elsewhere and converted), CSV.
 *
 * - UTF-8, an optional byte-order mark, comma-separated, fields quoted with `"` when they hold a
 *   comma, a quote (doubled: `""`) or a line break; line ends LF or CRLF; empty lines ignored.
 * - A header row naming the columns, in any order, case-insensitive:
 *
 *   | column     | required | content                                                                  |
 *   |------------|----------|--------------------------------------------------------------------------|
 *   | id         | yes      | the entry's id in the list, unique, stable across versions (diffs use it) |
 *   | name       | yes      | the primary name, as written                                             |
 *   | type       | yes      | `person` or `organization`                                               |
 *   | aliases    | no       | other names, separated by `|`                                            |
 *   | birth_date | no       | `YYYY-MM-DD` or `YYYY`; persons only                                     |
 *   | countries  | no       | ISO 3166-1 alpha-2 codes (`DE`, `RU`, `XK`), separated by `|`            |
 *   | program    | no       | programme or category (`PEP`, `internal`), several separated by `|`      |
 *   | remarks    | no       | free text                                                                |
 *
 *   Other columns are ignored. Every record has as many fields as the header.
 * - Example:
 *
 *       id,name,aliases,type,birth_date,countries,program,remarks
 *       T-001,"KARVANOV, Dmitri Olegovich",Dmitri Karvanov|Дмитрий Карванов,person,1971-03-14,RU|CY,internal,"Former client; account closed in 2024"
 *       T-002,Nordlicht Handelskontor GmbH,NLH GmbH|Nordlicht Trading,organization,,DE,internal,
 *       T-003,Amara Chidi Okonjo-Berg,,person,1960,NG|GB,PEP,"Deputy Minister of Finance, 2015-2019"
 *
 * The same in docs/aml-lists.md, with the other layouts.
 *
 * Refused (ListFormatError naming line and column): a missing id, name or type column (line 1), a
 * record with another number of fields than the header, an empty or repeated id, an empty name, an
 * unknown type, a birth date that is not a real YYYY-MM-DD day or a YYYY year (or given for an
 * organization), a country that is not an ISO alpha-2 code, a quote never closed.
 */
import { type AmlEntityType, ListFormatError, type ParsedEntry } from '../model';
import { EntryBuilder, NO_ENTRIES, cleanText, expectColumns, isoBirthDate, parseYear, readCsv, yearBirthDate } from './common';
import { isCountryCode } from './countries';

export const OWN_CSV_FILE_NAME = 'list CSV';

export const OWN_CSV_COLUMNS = ['id', 'name', 'aliases', 'type', 'birth_date', 'countries', 'program', 'remarks'] as const;
export const OWN_CSV_REQUIRED = ['id', 'name', 'type'] as const;

const TYPES: Record<string, AmlEntityType> = { person: 'PERSON', organization: 'ORGANIZATION' };

function split(value: string): string[] {
  return value
    .split('|')
    .map((part) => cleanText(part))
    .filter(Boolean);
}

export function parseOwnCsv(text: string, file: string = OWN_CSV_FILE_NAME): ParsedEntry[] {
  const rows = readCsv(text, file, ',', 'header');
  const first = rows[0];
  if (!first) throw new ListFormatError(file, 1, 'header', 'the file is empty (a header row is expected)');
  const header = first.fields.map((name) => cleanText(name).toLowerCase());
  const column = new Map<string, number>();
  header.forEach((name, index) => {
    if (!column.has(name)) column.set(name, index);
  });
  for (const name of OWN_CSV_REQUIRED) {
    if (!column.has(name)) throw new ListFormatError(file, first.line, name, 'the column is missing from the header');
  }

  const seen = new Map<string, number>();
  const out: ParsedEntry[] = [];
  for (const row of rows.slice(1)) {
    expectColumns(row, header.length, file);
    const get = (name: string): string => {
      const index = column.get(name);
      return index === undefined ? '' : cleanText(row.fields[index]);
    };
    const fail = (field: string, problem: string): never => {
      throw new ListFormatError(file, row.line, field, problem);
    };

    const id = get('id');
    if (!id) fail('id', 'is empty');
    const firstLine = seen.get(id);
    if (firstLine !== undefined) fail('id', `'${id}' is already the id of line ${firstLine}`);
    seen.set(id, row.line);
    const name = get('name');
    if (!name) fail('name', 'is empty');
    const type = get('type');
    const entityType = TYPES[type.toLowerCase()];
    if (!entityType) fail('type', type ? `unknown type '${type}' (person or organization)` : 'is empty');

    const builder = new EntryBuilder(id, entityType!);
    builder.addName(name, 'PRIMARY', false);
    for (const alias of split(get('aliases'))) builder.addName(alias, 'AKA', false);

    const birth = get('birth_date');
    if (birth) {
      if (entityType !== 'PERSON') fail('birth_date', 'an organization has no birth date');
      const date = /^\d{4}$/u.test(birth) ? yearBirthDate(parseYear(birth)!) : isoBirthDate(birth);
      if (!date) fail('birth_date', `'${birth}' is not a date (YYYY-MM-DD or YYYY)`);
      builder.addBirthDate(date!);
    }
    for (const code of split(get('countries'))) {
      if (!isCountryCode(code)) fail('countries', `'${code}' is not an ISO 3166-1 alpha-2 country code`);
      builder.addCountry(code.toUpperCase());
    }
    for (const program of split(get('program'))) builder.addProgram(program);
    builder.addRemark(get('remarks'));
    out.push(builder.build());
  }
  if (out.length === 0) throw new ListFormatError(file, first.line, 'entries', NO_ENTRIES);
  return out;
}
