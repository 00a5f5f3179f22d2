/**
 * OFAC SDN list, legacy CSV layout: sdn.csv with optional alt.csv and add.csv.
 *
 * Verified against Moov Watchman's pkg/sources/ofac (reader.go, mapper.go) and the real files in its
 * test data (test/testdata/bench/sdn.csv, alt.csv, add.csv), and against OFAC's FAQ 123:
 * - no header row; ent_num and `-0-` unquoted, every other field in double quotes; the null marker
 *   is written `-0- ` (with a trailing space, so fields are trimmed); lines end in CRLF and the
 *   file ends with a line holding only `\x1a` (all three files);
 * - sdn.csv: ent_num, SDN_Name, SDN_Type (`individual`, `vessel`, `aircraft`, `-0-` for an
 *   entity), Program (`SDGT] [IRGC`), Title, Call_Sign, Vess_type, Tonnage, GRT, Vess_flag,
 *   Vess_owner, Remarks; alt.csv: ent_num, alt_num, alt_type (`aka`, `fka`, `nka`), alt_name,
 *   alt_remarks; add.csv: ent_num, add_num, Address, City/State/Province/Postal Code, Country,
 *   Add_remarks;
 * - Remarks: facts separated by `;`, the last one ending in `.`, each optionally prefixed `alt.`:
 *   `DOB 14 Mar 1971`, `DOB Jan 1961`, `DOB 1958`, `DOB circa 1965`, `DOB 1966 to 1968`,
 *   `DOB 01 Jan 1960 to 31 Dec 1962`, `POB Tver, Russia`, `nationality Russia`, `citizen Cyprus`,
 *   `Nationality of Registration Korea, North` (vessels, aircraft),
 *   `Passport 123 (Russia) expires ...`, `Gender Male`, `Linked To: NAME`, `a.k.a. 'NAME'`;
 * - weak aliases: OFAC's FAQ 123 says that in the CSV files the weak AKAs are the `a.k.a. '...'`
 *   of the Remarks field (strong ones are alt.csv rows), so those come out `weak: true`. In the
 *   real alt.csv the alt_remarks are always `-0-`; an alt_remarks holding the word `weak` is
 *   honoured as well.
 *
 * Names are kept as written, individuals `LAST, First Middle`, in primaryName and in names (the
 * matcher compares tokens in any order; cleanName puts a space after every comma so no comma
 * glues two tokens). Countries of nationality, citizenship, birth, address, passport and vessel flag
 * go to `countries` when countryCode knows them; a place it does not know stays in the details
 * only. The Remarks are free text: a fact this parser does not understand (an odd DOB included) is
 * kept in the details, never refused. What is refused (ListFormatError): a record without 12, 5 or
 * 6 columns, a non-numeric or repeated ent_num, an empty SDN_Name, an unknown SDN_Type or alt_type,
 * an empty alt_name, an alt.csv or add.csv row for an ent_num sdn.csv does not hold.
 * sdn_comments.csv (remarks that overflow the field) is not read.
 */
import { type AmlEntityType, type EntryBirthDate, type EntryName, type ListFiles, ListFormatError, type ParsedEntry } from '../model';
import { type CsvRow, DETAIL, EntryBuilder, NO_ENTRIES, cleanText, expectColumns, isCalendarDate, rangeBirthDate, readCsv } from './common';
import { countryCode } from './countries';

export const SDN_COLUMNS = ['ent_num', 'SDN_Name', 'SDN_Type', 'Program', 'Title', 'Call_Sign', 'Vess_type', 'Tonnage', 'GRT', 'Vess_flag', 'Vess_owner', 'Remarks'] as const;
export const ALT_COLUMNS = ['ent_num', 'alt_num', 'alt_type', 'alt_name', 'alt_remarks'] as const;
export const ADD_COLUMNS = ['ent_num', 'add_num', 'Address', 'City/State/Province/Postal Code', 'Country', 'Add_remarks'] as const;

export interface OfacFileNames {
  main: string;
  alt: string;
  add: string;
}

export const OFAC_FILE_NAMES: OfacFileNames = { main: 'sdn.csv', alt: 'alt.csv', add: 'add.csv' };

const SDN_TYPES: Record<string, AmlEntityType> = { '': 'ORGANIZATION', individual: 'PERSON', vessel: 'VESSEL', aircraft: 'AIRCRAFT' };
const ALT_TYPES: Record<string, EntryName['kind']> = { aka: 'AKA', fka: 'FKA', nka: 'NKA' };

const MONTHS: Record<string, number> = { jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12 };

/** A field with OFAC's null marker as ''. */
function value(fields: readonly string[], index: number): string {
  const field = cleanText(fields[index]);
  return field === '-0-' ? '' : field;
}

function columnName(columns: readonly string[]): (index: number) => string {
  return (index) => columns[index] ?? `column ${index + 1}`;
}

/** `DD Mon YYYY`, `Mon YYYY` or `YYYY` (a month name may be written out). */
function ofacDate(text: string): { year: number; date: string | null } | null {
  let m = /^(\d{1,2}) ([A-Za-z]{3,9})\.? (\d{4})$/u.exec(text);
  if (m) {
    const month = MONTHS[m[2]!.slice(0, m[2]!.toLowerCase() === 'sept' ? 4 : 3).toLowerCase()];
    const [day, year] = [Number(m[1]), Number(m[3])];
    if (!month || !isCalendarDate(year, month, day)) return null;
    return { year, date: `${m[3]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}` };
  }
  m = /^([A-Za-z]{3,9})\.? (\d{4})$/u.exec(text);
  if (m) return MONTHS[m[1]!.slice(0, 3).toLowerCase()] ? { year: Number(m[2]), date: null } : null;
  m = /^(\d{4})$/u.exec(text);
  return m ? { year: Number(m[1]), date: null } : null;
}

/** The text after `DOB`: a date, `circa` a date, a range `A to B` (or `YYYY-YYYY`); null when not one of those. */
export function ofacBirthDate(text: string): EntryBirthDate | null {
  let rest = cleanText(text);
  const circa = /^circa\s+/iu.test(rest);
  if (circa) rest = rest.replace(/^circa\s+/iu, '');
  const parts = /\s+to\s+/iu.test(rest) ? rest.split(/\s+to\s+/iu) : /^\d{4}\s*-\s*\d{4}$/u.test(rest) ? rest.split(/\s*-\s*/u) : [rest];
  if (parts.length === 1) {
    const single = ofacDate(parts[0]!);
    if (!single) return null;
    return { fromYear: single.year, toYear: single.year, date: single.date, circa };
  }
  if (parts.length !== 2) return null;
  const [from, to] = [ofacDate(parts[0]!), ofacDate(parts[1]!)];
  if (!from || !to || from.year > to.year) return null;
  if (from.date && from.date === to.date) return { fromYear: from.year, toYear: to.year, date: from.date, circa };
  return rangeBirthDate(from.year, to.year, circa);
}

/** The country of a place `City, Region, Country` (`Kinshasa, Congo, Democratic Republic of the` too). */
export function placeCountry(place: string): string | null {
  const segments = place
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (segments.length >= 2) {
    const lastTwo = countryCode(segments.slice(-2).join(', '));
    if (lastTwo) return lastTwo;
  }
  return segments.length > 0 ? countryCode(segments[segments.length - 1]!) : null;
}

/** The first parenthesized country of a fact (`Passport 123 (Russia) issued 2001`). */
function parenthesizedCountry(text: string): string | null {
  for (const m of text.matchAll(/\(([^()]+)\)/gu)) {
    const code = countryCode(m[1]!);
    if (code) return code;
  }
  return null;
}

interface Pending {
  builder: EntryBuilder;
  /** the remarks' a.k.a.s, weak: added after alt.csv's strong aliases */
  weakNames: { name: string; kind: EntryName['kind'] }[];
}

const KIND_OF_PREFIX: Record<string, EntryName['kind']> = { a: 'AKA', f: 'FKA', n: 'NKA' };

/** Reads the Remarks into the entry: dates, places, countries, documents, weak aliases; the rest as details. */
function applyRemarks(remarks: string, pending: Pending): void {
  const { builder } = pending;
  const parts = remarks
    .replace(/\.$/u, '')
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean);
  for (const part of parts) {
    const fact = part.replace(/^alt\.\s+/iu, '');
    let m: RegExpExecArray | null;
    if ((m = /^([afn])\.k\.a\.,?\s+'(.*)'\.?$/iu.exec(fact))) {
      pending.weakNames.push({ name: m[2]!, kind: KIND_OF_PREFIX[m[1]!.toLowerCase()]! });
    } else if ((m = /^DOB:?\s+(.+)$/iu.exec(fact))) {
      const date = ofacBirthDate(m[1]!);
      if (date) builder.addBirthDate(date);
      else builder.addDetail(DETAIL.dateOfBirth, m[1]);
    } else if ((m = /^POB:?\s+(.+)$/iu.exec(fact))) {
      builder.addDetail(DETAIL.placeOfBirth, m[1]);
      builder.addCountry(placeCountry(m[1]!));
    } else if ((m = /^(nationality|citizen)(?:\s+of\s+registration)?\s*:?\s+(.+)$/iu.exec(fact))) {
      builder.addDetail(m[1]!.toLowerCase() === 'citizen' ? DETAIL.citizenship : DETAIL.nationality, m[2]);
      builder.addCountry(countryCode(m[2]!));
    } else if ((m = /^((?:Diplomatic\s+)?)Passport\s+(?:No\.?\s+)?(.+)$/iu.exec(fact))) {
      builder.addDetail(DETAIL.passport, `${m[1]}${m[2]}`);
      builder.addCountry(parenthesizedCountry(m[2]!));
    } else if ((m = /^Gender\s+(.+)$/iu.exec(fact))) {
      builder.addDetail(DETAIL.gender, m[1]);
    } else if ((m = /^Linked To:\s*(.+)$/iu.exec(fact))) {
      builder.addDetail(DETAIL.linkedTo, m[1]);
    } else {
      builder.addDetail(DETAIL.other, part);
    }
  }
}

function entNum(row: CsvRow, file: string): string {
  const id = value(row.fields, 0);
  if (!/^\d+$/u.test(id)) throw new ListFormatError(file, row.line, 'ent_num', id ? `'${id}' is not a number` : 'is empty');
  return id;
}

function readSdn(text: string, file: string): Map<string, Pending> {
  const entries = new Map<string, Pending>();
  for (const row of readCsv(text, file, ',', columnName(SDN_COLUMNS))) {
    expectColumns(row, SDN_COLUMNS.length, file);
    const f = row.fields;
    const id = entNum(row, file);
    if (entries.has(id)) throw new ListFormatError(file, row.line, 'ent_num', `${id} appears twice in the file`);
    const name = value(f, 1);
    if (!name) throw new ListFormatError(file, row.line, 'SDN_Name', 'is empty');
    const type = value(f, 2);
    const entityType = SDN_TYPES[type.toLowerCase()];
    if (!entityType) throw new ListFormatError(file, row.line, 'SDN_Type', `unknown type '${type}' (individual, vessel, aircraft or -0-)`);

    const builder = new EntryBuilder(id, entityType);
    builder.addName(name, 'PRIMARY', false);
    for (const program of value(f, 3).split(/\]\s*\[|;/u)) builder.addProgram(program.replace(/[[\]]/gu, ''));
    builder.addDetail(DETAIL.title, value(f, 4));
    builder.addDetail(DETAIL.callSign, value(f, 5));
    builder.addDetail(DETAIL.vesselType, value(f, 6));
    builder.addDetail(DETAIL.tonnage, value(f, 7));
    builder.addDetail(DETAIL.grossRegisteredTonnage, value(f, 8));
    const flag = value(f, 9);
    builder.addDetail(DETAIL.vesselFlag, flag);
    if (flag) builder.addCountry(countryCode(flag));
    builder.addDetail(DETAIL.vesselOwner, value(f, 10));
    const pending: Pending = { builder, weakNames: [] };
    const remarks = value(f, 11);
    builder.addRemark(remarks);
    applyRemarks(remarks, pending);
    entries.set(id, pending);
  }
  if (entries.size === 0) throw new ListFormatError(file, 1, 'entries', NO_ENTRIES);
  return entries;
}

function owner(entries: Map<string, Pending>, row: CsvRow, file: string, sdnFile: string): Pending {
  const id = entNum(row, file);
  const pending = entries.get(id);
  if (!pending) throw new ListFormatError(file, row.line, 'ent_num', `${id} is not an entry of ${sdnFile}`);
  return pending;
}

function readAlt(text: string, file: string, entries: Map<string, Pending>, sdnFile: string): void {
  for (const row of readCsv(text, file, ',', columnName(ALT_COLUMNS))) {
    expectColumns(row, ALT_COLUMNS.length, file);
    const { builder } = owner(entries, row, file, sdnFile);
    const type = value(row.fields, 2);
    const kind = ALT_TYPES[type.toLowerCase()];
    if (!kind) throw new ListFormatError(file, row.line, 'alt_type', `unknown alias type '${type}' (aka, fka or nka)`);
    const name = value(row.fields, 3);
    if (!name) throw new ListFormatError(file, row.line, 'alt_name', 'is empty');
    builder.addName(name, kind, /\bweak\b/iu.test(value(row.fields, 4)));
  }
}

function readAdd(text: string, file: string, entries: Map<string, Pending>, sdnFile: string): void {
  for (const row of readCsv(text, file, ',', columnName(ADD_COLUMNS))) {
    expectColumns(row, ADD_COLUMNS.length, file);
    const { builder } = owner(entries, row, file, sdnFile);
    const [street, city, country, remarks] = [value(row.fields, 2), value(row.fields, 3), value(row.fields, 4), value(row.fields, 5)];
    const address = [street, city, country].filter(Boolean).join(', ');
    if (address || remarks) builder.addDetail(DETAIL.address, remarks ? `${address} (${remarks})`.trim() : address);
    if (country) builder.addCountry(countryCode(country));
  }
}

/** Parses sdn.csv with its optional alt.csv and add.csv into one entry per ent_num, in sdn.csv's order. */
export function parseOfac(files: ListFiles, names: OfacFileNames = OFAC_FILE_NAMES): ParsedEntry[] {
  const entries = readSdn(files.main, names.main);
  if (files.alt !== undefined) readAlt(files.alt, names.alt, entries, names.main);
  if (files.add !== undefined) readAdd(files.add, names.add, entries, names.main);
  const out: ParsedEntry[] = [];
  for (const { builder, weakNames } of entries.values()) {
    for (const { name, kind } of weakNames) builder.addName(name, kind, true);
    out.push(builder.build());
  }
  return out;
}
