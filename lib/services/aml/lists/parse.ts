/**
 * One entry point for every list layout: `parseList(format, files)` -> the list's entries, or a
 * ListFormatError for the first problem found (whole-file semantics: nothing partial is returned).
 * Pure: the caller reads the upload and stores the result.
 */
import { type AmlListFormat, type ListFiles, ListFormatError, type ParsedEntry } from '../model';
import { EU_FILE_NAME, parseEu } from './eu';
import { OFAC_FILE_NAMES, parseOfac } from './ofac';
import { OWN_CSV_FILE_NAME, parseOwnCsv } from './own-csv';
import { UN_FILE_NAME, parseUn } from './un';

/** The names errors give the files of an upload (the uploaded file names, say); defaults per format. */
export type ListFileNames = Partial<Record<keyof ListFiles, string>>;

/** The file name a ListFormatError says when the caller gives none. */
export const DEFAULT_FILE_NAMES: Record<AmlListFormat, Required<ListFileNames>> = {
  OFAC_SDN_CSV: OFAC_FILE_NAMES,
  EU_CSV: { main: EU_FILE_NAME, alt: 'alt', add: 'add' },
  UN_XML: { main: UN_FILE_NAME, alt: 'alt', add: 'add' },
  OWN_CSV: { main: OWN_CSV_FILE_NAME, alt: 'alt', add: 'add' },
};

/**
 * Parses one upload. OFAC takes sdn.csv as `main` with the optional `alt` and `add`; every other
 * format reads `main` only and refuses an upload with `alt` or `add`.
 */
export function parseList(format: AmlListFormat, files: ListFiles, names: ListFileNames = {}): ParsedEntry[] {
  const fileNames = { ...DEFAULT_FILE_NAMES[format], ...names };
  if (format !== 'OFAC_SDN_CSV') {
    for (const extra of ['alt', 'add'] as const) {
      if (files[extra] !== undefined) throw new ListFormatError(fileNames[extra], 1, extra, `the ${format} layout is one file; ${extra} belongs to OFAC's layout`);
    }
  }
  switch (format) {
    case 'OFAC_SDN_CSV':
      return parseOfac(files, fileNames);
    case 'EU_CSV':
      return parseEu(files.main, fileNames.main);
    case 'UN_XML':
      return parseUn(files.main, fileNames.main);
    case 'OWN_CSV':
      return parseOwnCsv(files.main, fileNames.main);
    default: {
      const unknown: never = format;
      throw new Error(`unknown list format ${String(unknown)}`);
    }
  }
}
