/**
 * UN Security Council consolidated list, XML.
 *
 * Verified against the real file in Moov Watchman's test data (test/testdata/UN_consolidated.xml,
 * 730 individuals and 273 entities, read with pkg/sources/csl_un) and OpenSanctions' crawler
 * (datasets/_global/un_sc_sanctions/crawler.py):
 * - CONSOLIDATED_LIST > INDIVIDUALS > INDIVIDUAL and ENTITIES > ENTITY, each with DATAID,
 *   FIRST_NAME (an entity's whole name) .. FOURTH_NAME, NAME_ORIGINAL_SCRIPT (the name in Arabic
 *   or another script: kept as an alias), UN_LIST_TYPE (the programme), REFERENCE_NUMBER,
 *   LISTED_ON, COMMENTS1, TITLE/VALUE, DESIGNATION/VALUE, NATIONALITY/VALUE, GENDER;
 * - INDIVIDUAL_ALIAS / ENTITY_ALIAS: QUALITY `Good`, `a.k.a.` (aliases), `Low` (weak alias),
 *   `f.k.a.` (former name), or empty, with ALIAS_NAME (several names separated by `; `);
 *   empty aliases (`<QUALITY/><ALIAS_NAME/>`) are common and skipped;
 * - INDIVIDUAL_DATE_OF_BIRTH: TYPE_OF_DATE EXACT with DATE (YYYY-MM-DD) or YEAR, APPROXIMATELY with
 *   YEAR (or DATE, or FROM_YEAR/TO_YEAR), BETWEEN with FROM_YEAR and TO_YEAR, or empty with only a
 *   NOTE; a NOTE is kept in the details;
 * - INDIVIDUAL_PLACE_OF_BIRTH and *_ADDRESS: STREET, CITY, STATE_PROVINCE, ZIP_CODE, COUNTRY, NOTE;
 *   INDIVIDUAL_DOCUMENT: TYPE_OF_DOCUMENT, NUMBER, ISSUING_COUNTRY or COUNTRY_OF_ISSUE, NOTE;
 * - countries are written as names (`Iran (Islamic Republic of)`, `Türkiye`, `na`): countryCode.
 *
 * Malformed XML is refused with the line fast-xml-parser's validator reports. An INDIVIDUAL or
 * ENTITY without DATAID or without any name, a repeated DATAID, an unknown QUALITY or TYPE_OF_DATE,
 * a DATE that is not YYYY-MM-DD or a year that is not four digits is refused naming the element
 * and the line it starts on (from the parser's position of every element).
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { type AmlEntityType, type EntryName, ListFormatError, type ParsedEntry } from '../model';
import { DETAIL, EntryBuilder, NO_ENTRIES, cleanText, isoBirthDate, parseYear, rangeBirthDate, yearBirthDate } from './common';
import { countryCode } from './countries';

export const UN_FILE_NAME = 'UN consolidated XML';

const REPEATED = new Set([
  'INDIVIDUALS',
  'ENTITIES',
  'INDIVIDUAL',
  'ENTITY',
  'INDIVIDUAL_ALIAS',
  'ENTITY_ALIAS',
  'INDIVIDUAL_ADDRESS',
  'ENTITY_ADDRESS',
  'INDIVIDUAL_DATE_OF_BIRTH',
  'INDIVIDUAL_PLACE_OF_BIRTH',
  'INDIVIDUAL_DOCUMENT',
  'NATIONALITY',
  'TITLE',
  'DESIGNATION',
  'VALUE',
]);

const QUALITIES: Record<string, { kind: EntryName['kind']; weak: boolean }> = {
  '': { kind: 'AKA', weak: false },
  good: { kind: 'AKA', weak: false },
  'a.k.a.': { kind: 'AKA', weak: false },
  low: { kind: 'AKA', weak: true },
  'f.k.a.': { kind: 'FKA', weak: false },
};

const META = XMLParser.getMetaDataSymbol() as symbol;

/** An element as fast-xml-parser gives it with alwaysCreateTextNode: its text under '#text', its children by name. */
type XmlNode = { [name: string]: unknown };

function isNode(value: unknown): value is XmlNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The children of a node with that name, always as a list. */
function children(node: XmlNode | undefined, name: string): XmlNode[] {
  const value = node?.[name];
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.filter(isNode);
}

function child(node: XmlNode | undefined, name: string): XmlNode | undefined {
  return children(node, name)[0];
}

/** The cleaned text of a node's first child of that name ('' when absent or empty). */
function text(node: XmlNode | undefined, name: string): string {
  const value = child(node, name)?.['#text'];
  return typeof value === 'string' ? cleanText(value) : '';
}

/** The texts of `<NAME><VALUE>..</VALUE></NAME>` children. */
function values(node: XmlNode, name: string): string[] {
  return children(node, name).flatMap((holder) => children(holder, 'VALUE').map((v) => (typeof v['#text'] === 'string' ? cleanText(v['#text']) : '')));
}

export function parseUn(source: string, file: string = UN_FILE_NAME): ParsedEntry[] {
  const xml = source.replace(/^\uFEFF/u, '');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    const tag = /tag '([^']+)'/u.exec(valid.err.msg)?.[1] ?? 'XML';
    throw new ListFormatError(file, valid.err.line, tag, `malformed XML: ${valid.err.msg}`);
  }
  const parser = new XMLParser({
    ignoreAttributes: true,
    parseTagValue: false,
    trimValues: true,
    alwaysCreateTextNode: true,
    captureMetaData: true,
    htmlEntities: false,
    isArray: (name) => REPEATED.has(name),
  });
  const document = parser.parse(xml) as XmlNode;

  let newlines: number[] | null = null;
  const lineOf = (node: XmlNode | undefined): number => {
    const start = ((node as Record<symbol, unknown> | undefined)?.[META] as { startIndex?: number } | undefined)?.startIndex;
    if (start === undefined) return 1;
    newlines ??= [...xml.matchAll(/\n/gu)].map((m) => m.index);
    let [low, high] = [0, newlines.length];
    while (low < high) {
      const middle = (low + high) >> 1;
      if (newlines[middle]! < start) low = middle + 1;
      else high = middle;
    }
    return low + 1;
  };

  const root = child(document, 'CONSOLIDATED_LIST');
  if (!root) throw new ListFormatError(file, 1, 'CONSOLIDATED_LIST', 'the root element is not CONSOLIDATED_LIST');

  const seen = new Map<string, number>();
  const out: ParsedEntry[] = [];
  const read = (node: XmlNode, element: 'INDIVIDUAL' | 'ENTITY', entityType: AmlEntityType): void => {
    const line = lineOf(node);
    const id = text(node, 'DATAID');
    if (!id) throw new ListFormatError(file, line, 'DATAID', `the ${element} starting on this line has no DATAID`);
    const first = seen.get(id);
    if (first !== undefined) throw new ListFormatError(file, line, 'DATAID', `DATAID ${id} appears twice (first on line ${first})`);
    seen.set(id, line);
    const name = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME']
      .map((part) => text(node, part))
      .filter(Boolean)
      .join(' ');
    if (!name) throw new ListFormatError(file, line, 'FIRST_NAME', `the ${element} with DATAID ${id} has no name`);
    const builder = new EntryBuilder(id, entityType);
    builder.addName(name, 'PRIMARY', false);
    readCommon(builder, node, element);
    out.push(builder.build());
  };

  const readCommon = (builder: EntryBuilder, node: XmlNode, element: 'INDIVIDUAL' | 'ENTITY'): void => {
    for (const alias of children(node, `${element}_ALIAS`)) {
      const aliasName = text(alias, 'ALIAS_NAME');
      if (!aliasName) continue;
      const quality = text(alias, 'QUALITY');
      const kind = QUALITIES[quality.toLowerCase()];
      if (!kind) throw new ListFormatError(file, lineOf(child(alias, 'QUALITY')), 'QUALITY', `unknown alias quality '${quality}' (Good, a.k.a., Low or f.k.a.)`);
      for (const one of aliasName.split(/;\s+/u)) builder.addName(one, kind.kind, kind.weak);
    }
    builder.addName(text(node, 'NAME_ORIGINAL_SCRIPT'), 'AKA', false);
    builder.addProgram(text(node, 'UN_LIST_TYPE'));
    builder.addRemark(text(node, 'COMMENTS1'));
    builder.addDetail(DETAIL.reference, text(node, 'REFERENCE_NUMBER'));
    builder.addDetail(DETAIL.listedOn, text(node, 'LISTED_ON'));
    builder.addDetail(DETAIL.gender, text(node, 'GENDER'));
    for (const title of values(node, 'TITLE')) builder.addDetail(DETAIL.title, title);
    for (const designation of values(node, 'DESIGNATION')) builder.addDetail(DETAIL.designation, designation);
    for (const nationality of values(node, 'NATIONALITY')) {
      builder.addDetail(DETAIL.nationality, nationality);
      builder.addCountry(countryCode(nationality));
    }
    for (const dob of children(node, 'INDIVIDUAL_DATE_OF_BIRTH')) readBirthDate(builder, dob);
    for (const pob of children(node, 'INDIVIDUAL_PLACE_OF_BIRTH')) {
      builder.addDetail(DETAIL.placeOfBirth, place(pob));
      builder.addCountry(countryCode(text(pob, 'COUNTRY')));
    }
    for (const address of children(node, `${element}_ADDRESS`)) {
      const note = text(address, 'NOTE');
      const where = place(address);
      builder.addDetail(DETAIL.address, where && note ? `${where} (${note})` : where || note);
      builder.addCountry(countryCode(text(address, 'COUNTRY')));
    }
    for (const document of children(node, 'INDIVIDUAL_DOCUMENT')) {
      const number = text(document, 'NUMBER');
      if (!number) continue;
      const type = text(document, 'TYPE_OF_DOCUMENT');
      const country = text(document, 'ISSUING_COUNTRY') || text(document, 'COUNTRY_OF_ISSUE');
      const note = text(document, 'NOTE');
      const passport = /passport|pasaporte|passeport/iu.test(type);
      const label = passport ? DETAIL.passport : DETAIL.identification;
      builder.addDetail(label, [passport ? '' : type, number, country ? `(${country})` : '', note].filter(Boolean).join(' '));
      builder.addCountry(countryCode(country));
    }
  };

  const readBirthDate = (builder: EntryBuilder, dob: XmlNode): void => {
    const type = text(dob, 'TYPE_OF_DATE').toUpperCase();
    if (!['', 'EXACT', 'APPROXIMATELY', 'BETWEEN'].includes(type)) {
      throw new ListFormatError(file, lineOf(child(dob, 'TYPE_OF_DATE')), 'TYPE_OF_DATE', `unknown type of date '${text(dob, 'TYPE_OF_DATE')}' (EXACT, APPROXIMATELY or BETWEEN)`);
    }
    const circa = type === 'APPROXIMATELY';
    builder.addDetail(DETAIL.dateOfBirth, text(dob, 'NOTE'));
    const year = (name: string): number | null => {
      const value = text(dob, name);
      if (!value) return null;
      const parsed = parseYear(value);
      if (parsed === null) throw new ListFormatError(file, lineOf(child(dob, name)), name, `'${value}' is not a year`);
      return parsed;
    };
    const dateText = text(dob, 'DATE');
    if (dateText) {
      const date = isoBirthDate(dateText, circa);
      if (!date) throw new ListFormatError(file, lineOf(child(dob, 'DATE')), 'DATE', `'${dateText}' is not a date (YYYY-MM-DD)`);
      builder.addBirthDate(date);
      return;
    }
    const single = year('YEAR');
    if (single !== null) {
      builder.addBirthDate(yearBirthDate(single, circa));
      return;
    }
    const [from, to] = [year('FROM_YEAR'), year('TO_YEAR')];
    if (from === null && to === null) return;
    if (from === null || to === null) {
      const missing = from === null ? 'FROM_YEAR' : 'TO_YEAR';
      throw new ListFormatError(file, lineOf(dob), missing, `a range of years needs both FROM_YEAR and TO_YEAR`);
    }
    if (from > to) throw new ListFormatError(file, lineOf(child(dob, 'TO_YEAR')), 'TO_YEAR', `the range ends (${to}) before it starts (${from})`);
    builder.addBirthDate(rangeBirthDate(from, to, circa));
  };

  for (const holder of children(root, 'INDIVIDUALS')) for (const node of children(holder, 'INDIVIDUAL')) read(node, 'INDIVIDUAL', 'PERSON');
  for (const holder of children(root, 'ENTITIES')) for (const node of children(holder, 'ENTITY')) read(node, 'ENTITY', 'ORGANIZATION');
  if (out.length === 0) throw new ListFormatError(file, lineOf(root), 'entries', NO_ENTRIES);
  return out;
}

/** `STREET, CITY, STATE_PROVINCE, ZIP_CODE, COUNTRY` of a place or address, the parts it has. */
function place(node: XmlNode): string {
  return ['STREET', 'CITY', 'STATE_PROVINCE', 'ZIP_CODE', 'COUNTRY']
    .map((part) => text(node, part))
    .filter(Boolean)
    .join(', ');
}
