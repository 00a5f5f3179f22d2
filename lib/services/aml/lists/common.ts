/**
 * What the list parsers share: text cleaning, a CSV reader that knows the 1-based line of every
 * record and turns csv-parse's errors into ListFormatError, the builder that assembles one
 * ParsedEntry (names, dates, countries, programmes and details without duplicates), and the
 * birth-date helpers. Pure: strings in, values out.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import { type AmlEntityType, type EntryBirthDate, type EntryName, ListFormatError, type ParsedEntry } from '../model';

/**
 * The labels of `ParsedEntry.details`, the same in every format so the officer's side-by-side view
 * reads alike whatever list an entry came from.
 */
export const DETAIL = {
  placeOfBirth: 'Place of birth',
  dateOfBirth: 'Date of birth (as written)',
  nationality: 'Nationality',
  citizenship: 'Citizenship',
  address: 'Address',
  passport: 'Passport',
  identification: 'Identification',
  gender: 'Gender',
  title: 'Title',
  function: 'Function',
  designation: 'Designation',
  linkedTo: 'Linked to',
  reference: 'Reference number',
  unReference: 'UN reference number',
  listedOn: 'Listed on',
  callSign: 'Call sign',
  vesselType: 'Vessel type',
  vesselFlag: 'Vessel flag',
  vesselOwner: 'Vessel owner',
  tonnage: 'Tonnage',
  grossRegisteredTonnage: 'Gross registered tonnage',
  other: 'Other information',
} as const;

/** The message of a list that parsed but named nobody. */
export const NO_ENTRIES = 'the list holds no entries';

/** Trims and collapses every run of white space (new lines, tabs, no-break spaces) into one space. */
export function cleanText(value: string | null | undefined): string {
  if (value == null) return '';
  // most fields are clean already: no white space but single spaces inside, none at either end
  if (!/[^\S ]| {2}/u.test(value) && value.trim() === value) return value;
  return value.replace(/\s+/gu, ' ').trim();
}

/**
 * A name as the matcher receives it: cleaned, with a comma always followed by one space and never
 * preceded by one, so `LAST,First` does not reach the tokenizer as one token `LAST,First`.
 */
export function cleanName(value: string | null | undefined): string {
  return cleanText(value)
    .replace(/\s+,/gu, ',')
    .replace(/,(?=[\p{L}\p{N}])/gu, ', ');
}

/** One CSV record with the 1-based line it starts on. */
export interface CsvRow {
  fields: string[];
  line: number;
}

/**
 * Reads a whole CSV text. The byte-order mark and the end-of-file character OFAC appends (`\x1a`)
 * are dropped, line ends are normalized (csv-parse counts `\r\n` inside quoted fields twice), empty
 * lines are skipped and every field is trimmed. Records keep whatever number of fields they have:
 * the caller checks the count and says what it expected. A syntax error (a quote never closed, a
 * stray character after a closing quote) becomes a ListFormatError naming the line and the column,
 * for an unclosed quote the line where the quote opens. `columnName: 'header'` names a column after the
 * file's first record.
 */
export function readCsv(text: string, file: string, delimiter: ',' | ';', columnName: ((index: number) => string) | 'header'): CsvRow[] {
  const normalized = text
    .replace(/^\uFEFF/u, '')
    .replace(/\r\n?/gu, '\n')
    .replace(/\x1a\s*$/u, '');
  let lastEnd = 0;
  let header: string[] | null = null;
  const ends: number[] = [];
  let records: string[][];
  try {
    records = parseCsv(normalized, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      trim: true,
      on_record: (fields: string[], context: { lines: number }) => {
        ends.push(context.lines);
        lastEnd = context.lines;
        if (!header && fields.some((field) => field !== '')) header = fields;
        return fields;
      },
    });
  } catch (error) {
    const e = error as { code?: string; lines?: number; column?: number; message?: string };
    const name = (index: number): string => (columnName === 'header' ? cleanText(header?.[index]) || `column ${index + 1}` : columnName(index));
    const field = typeof e.column === 'number' ? name(e.column) : 'record';
    if (e.code === 'CSV_QUOTE_NOT_CLOSED') {
      throw new ListFormatError(file, lastEnd + 1, field, 'a quoted field opens on this line and is never closed');
    }
    if (e.code === 'CSV_INVALID_CLOSING_QUOTE' || e.code === 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE') {
      const start = lastEnd + 1;
      if (e.lines !== undefined && e.lines > start) {
        throw new ListFormatError(file, start, field, `a quoted field opens on this line and is not closed (it runs on to line ${e.lines})`);
      }
      throw new ListFormatError(file, start, field, 'a character follows the closing quote of a quoted field (a quote inside a field must be doubled)');
    }
    throw new ListFormatError(file, e.lines ?? lastEnd + 1, field, `not readable as CSV: ${e.message ?? String(error)}`);
  }
  const rows: CsvRow[] = [];
  let previousEnd = 0;
  records.forEach((fields, index) => {
    const line = previousEnd + 1;
    previousEnd = ends[index]!;
    if (!fields.every((field) => field === '')) rows.push({ fields, line });
  });
  return rows;
}

/** A column-count check with a message that says both counts. */
export function expectColumns(row: CsvRow, count: number, file: string): void {
  if (row.fields.length !== count) {
    throw new ListFormatError(file, row.line, 'record', `expected ${count} columns, found ${row.fields.length}`);
  }
}

/** Whether y-m-d is a real calendar day (no 31 April, no 29 February 2023). */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= days;
}

/** `YYYY-MM-DD` as a birth date on that day, or null when the text is not a real date in that form. */
export function isoBirthDate(text: string, circa = false): EntryBirthDate | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/u.exec(text);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!isCalendarDate(year, month, day)) return null;
  return { fromYear: year, toYear: year, date: text, circa };
}

/** A four-digit year, or null. */
export function parseYear(text: string): number | null {
  return /^\d{4}$/u.test(text) ? Number(text) : null;
}

export function yearBirthDate(year: number, circa = false): EntryBirthDate {
  return { fromYear: year, toYear: year, date: null, circa };
}

export function rangeBirthDate(fromYear: number, toYear: number, circa = false): EntryBirthDate {
  return { fromYear, toYear, date: null, circa };
}

/**
 * Assembles one ParsedEntry. Names are unique case-insensitively (a repeated name keeps its first
 * kind, and is strong if any occurrence is), dates, countries and programmes are unique, details
 * keep each value once per label. Empty values are ignored everywhere.
 */
export class EntryBuilder {
  private readonly names: EntryName[] = [];
  private readonly nameIndex = new Map<string, EntryName>();
  private readonly birthDates = new Map<string, EntryBirthDate>();
  private readonly countries = new Set<string>();
  private readonly programs = new Set<string>();
  private readonly remarkParts: string[] = [];
  private readonly details = new Map<string, string[]>();

  /** the primary name as the list writes it (white space cleaned): the first name added */
  private primaryName = '';

  constructor(
    readonly sourceId: string,
    readonly entityType: AmlEntityType,
  ) {}

  get hasName(): boolean {
    return this.names.length > 0;
  }

  /** The first name added becomes the primary one whatever kind it is given. */
  addName(raw: string, kind: EntryName['kind'], weak: boolean): void {
    const name = cleanName(raw);
    if (!name) return;
    const key = name.toLowerCase();
    const existing = this.nameIndex.get(key);
    if (existing) {
      if (!weak) existing.weak = false;
      return;
    }
    const entry: EntryName = this.names.length === 0 ? { name, kind: 'PRIMARY', weak: false } : { name, kind: kind === 'PRIMARY' ? 'AKA' : kind, weak };
    // the primary name as the list writes it (white space cleaned); names[0] with commas spaced
    if (this.names.length === 0) this.primaryName = cleanText(raw);
    this.names.push(entry);
    this.nameIndex.set(key, entry);
  }

  addBirthDate(date: EntryBirthDate): void {
    const key = `${date.fromYear}|${date.toYear}|${date.date ?? ''}|${date.circa}`;
    if (!this.birthDates.has(key)) this.birthDates.set(key, date);
  }

  addCountry(code: string | null | undefined): void {
    if (code) this.countries.add(code);
  }

  addProgram(raw: string): void {
    const program = cleanText(raw);
    if (program) this.programs.add(program);
  }

  addRemark(raw: string | null | undefined): void {
    const remark = cleanText(raw);
    if (remark && !this.remarkParts.includes(remark)) this.remarkParts.push(remark);
  }

  addDetail(label: string, raw: string | null | undefined): void {
    const value = cleanText(raw);
    if (!value) return;
    const values = this.details.get(label);
    if (!values) this.details.set(label, [value]);
    else if (!values.includes(value)) values.push(value);
  }

  build(): ParsedEntry {
    return {
      sourceId: this.sourceId,
      entityType: this.entityType,
      primaryName: this.primaryName,
      names: this.names.map((n) => ({ ...n })),
      birthDates: [...this.birthDates.values()],
      countries: [...this.countries],
      programs: [...this.programs],
      remarks: this.remarkParts.length > 0 ? this.remarkParts.join(' / ') : null,
      details: Object.fromEntries(this.details),
    };
  }
}
