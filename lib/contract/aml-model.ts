/**
 * The shared vocabulary of the AML core (docs/aml.md): what a list parser produces, what the matcher
 * indexes and screens, and what it answers. Pure types: the parsers (./lists), the matcher
 * (./matcher) and the services around them all speak these.
 */

/** What a list entry designates. Vessels and aircraft are kept (OFAC lists them) and screened as names of organizations. */
export const AML_ENTITY_TYPES = ['PERSON', 'ORGANIZATION', 'VESSEL', 'AIRCRAFT'] as const;
export type AmlEntityType = (typeof AML_ENTITY_TYPES)[number];

/** The four list layouts we import (../shared/spec/aml-list-formats.md, docs/aml.md). */
export const AML_LIST_FORMATS = ['OFAC_SDN_CSV', 'EU_CSV', 'UN_XML', 'OWN_CSV'] as const;
export type AmlListFormat = (typeof AML_LIST_FORMATS)[number];

/** One name of an entry: the primary name or an alias. A weak alias (OFAC "weak", UN quality "low") is screened more strictly. */
export interface EntryName {
  name: string;
  kind: 'PRIMARY' | 'AKA' | 'FKA' | 'NKA';
  weak: boolean;
}

/**
 * A birth date as a list gives it: an exact day (`date`), a year, a range of years, or "circa" a
 * year. Always a year range: an exact date or a single year has fromYear === toYear.
 */
export interface EntryBirthDate {
  fromYear: number;
  toYear: number;
  /** YYYY-MM-DD when the list gives the day */
  date: string | null;
  circa: boolean;
}

/** One entry of a list, as every parser produces it. */
export interface ParsedEntry {
  /** the entry's id within its list (OFAC ent_num, EU logical id, UN DATAID, our own id column): stable across versions */
  sourceId: string;
  entityType: AmlEntityType;
  /** the name shown for the entry (OFAC's SDN_Name, the UN's joined name parts, ...) */
  primaryName: string;
  /** every name, the primary one first; aliases after it */
  names: EntryName[];
  birthDates: EntryBirthDate[];
  /** ISO 3166-1 alpha-2, upper case, unique: nationalities, citizenships, countries of address and of birth */
  countries: string[];
  /** sanctions programmes or PEP categories (OFAC `SDGT`, UN list type, our `program` column) */
  programs: string[];
  remarks: string | null;
  /** further facts for the officer's side-by-side view (place of birth, addresses, identifications), label -> values */
  details: Record<string, string[]>;
}

/** A malformed list file: refused whole, naming where (422 in our envelope). */
export class ListFormatError extends Error {
  constructor(
    /** which file of the upload (`sdn.csv`, `alt.csv`, the EU CSV, ...) */
    readonly file: string,
    /** 1-based line of the file (for XML the line of the element) */
    readonly line: number,
    /** the column or element at fault */
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${file} line ${line}, ${field}: ${problem}`);
    this.name = 'ListFormatError';
  }
}

/** The files of one import. OFAC's legacy layout comes as up to three files; every other format as one. */
export interface ListFiles {
  /** sdn.csv, the EU CSV, the UN XML or our own CSV */
  main: string;
  /** OFAC alt.csv (aliases) */
  alt?: string;
  /** OFAC add.csv (addresses) */
  add?: string;
}

/** Who or what is screened: a person (customer, representative, owner) or an organization; a beneficiary may be either. */
export interface ScreeningSubject {
  name: string;
  /** PERSON, ORGANIZATION, or null when unknown (a beneficiary): then entity type neither filters nor scores */
  entityType: 'PERSON' | 'ORGANIZATION' | null;
  /** YYYY-MM-DD or YYYY */
  birthDate?: string | null;
  /** ISO 3166-1 alpha-2: nationality, countries of address or of registration */
  countries?: readonly string[];
}

/** One field's part in a hit's score, for the officer to read. */
export interface ScoreContribution {
  field: 'name' | 'birthDate' | 'country' | 'entityType';
  /** what the field added to (positive) or took from (negative) the score; for `name`, the name score itself */
  effect: number;
  /** in words: "born 1961, entry born 1960 (a year apart)", "Jaro-Winkler 0.96 over 2 of 2 tokens" */
  detail: string;
}

/** A ranked hit of one screening against one entry. */
export interface ScreeningHit {
  /** the indexed entry's key (the service's entry id) */
  entryKey: string;
  /** 0..1 */
  score: number;
  /** the entry's name or alias that matched best, as the list writes it */
  matchedName: string;
  matchedNameKind: EntryName['kind'];
  /** the subject's tokens aligned to the entry name's tokens, with their similarity */
  tokens: { subject: string; entry: string | null; similarity: number }[];
  contributions: ScoreContribution[];
}

/** A transaction rule that fired on a transfer, with the facts it saw (kept with the alert so the officer sees what the rule saw). */
export interface RuleFiring {
  ruleId: string;
  ruleVersion: number;
  ruleType: string;
  ruleName: string;
  action: 'ALERT' | 'HOLD';
  /** in words: "3 transfers of 9,500.00 EUR within 24 h, each just below 10,000.00" */
  reason: string;
  facts: Record<string, string | number | null>;
}
