/**
 * Big synthetic AML lists for benchmarks (a helper, not a benchmark): deterministic for a given
 * (entries, seed), names invented from syllable tables, in the real layouts the parsers read
 * (lib/services/aml/lists, docs/aml-lists.md).
 *
 *   syntheticOfacFiles(50_000, 1)  -> { main: sdn.csv, alt: alt.csv, add: add.csv } as OFAC writes
 *                                     them (CRLF, `-0- ` nulls, a closing `\x1a` line)
 *   syntheticOwnCsv(50_000, 1)     -> our own list CSV
 *
 * About 55% persons (`LAST, First Middle`, a DOB in one of OFAC's forms, a place of birth, a
 * nationality, sometimes a passport and a weak `a.k.a.`), 38% organizations (with legal suffixes:
 * LLC, GMBH, LTD., S.A., JSC, FZE, OOO, ...), the rest vessels and aircraft; about a third of the
 * entries with 1-3 aliases in alt.csv (spelling variants, former names), about half with an
 * address.
 */
import type { ListFiles } from '../lib/services/aml/model';

/** mulberry32: a small seeded generator, the same numbers for the same seed on every machine. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ONSETS = ['b', 'd', 'f', 'g', 'h', 'k', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v', 'z', 'ch', 'sh', 'kh', 'dr', 'br', 'st', 'tr', 'gr', 'al-', 'ab', 'y', 'j', 'ts'];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'ai', 'ou', 'ia', 'ei', 'y'];
const CODAS = ['', '', '', 'n', 'r', 'l', 'm', 's', 'k', 'v', 'd', 'sh', 'ng', 'z'];
const WORDS = [
  'NORD',
  'STAR',
  'GULF',
  'ORIENT',
  'UNITED',
  'GLOBAL',
  'ATLAS',
  'CRESCENT',
  'MERIDIAN',
  'BALTIC',
  'SILK',
  'PACIFIC',
  'EURASIA',
  'ALPINE',
  'DELTA',
  'CORAL',
  'PHOENIX',
  'SUMMIT',
];
const TRADES = ['TRADING', 'SHIPPING', 'INDUSTRIAL', 'PETROCHEMICAL', 'LOGISTICS', 'EXCHANGE', 'INVESTMENT', 'ENGINEERING', 'HOLDING', 'TECHNOLOGIES', 'MINING', 'FINANCE'];
const SUFFIXES = ['LLC', 'GMBH', 'LTD.', 'S.A.', 'JSC', 'FZE', 'OOO', 'CO., LTD.', 'LLP', 'S.R.L.', 'AG', 'PJSC', 'INC.', 'B.V.'];
const PROGRAMS = ['SDGT', 'IRAN', 'RUSSIA-EO14024', 'CYBER2', 'SDNTK', 'GLOMAG', 'DPRK3', 'NPWMD', 'IRGC', 'SYRIA', 'BELARUS-EO14038', 'VENEZUELA-EO13850'];
/** country spellings as OFAC writes them, with their ISO codes for our own CSV */
const COUNTRIES: [string, string][] = [
  ['Russia', 'RU'],
  ['Iran', 'IR'],
  ['Syria', 'SY'],
  ['Korea, North', 'KP'],
  ['Burma', 'MM'],
  ['China', 'CN'],
  ['Venezuela', 'VE'],
  ['Turkey', 'TR'],
  ['United Arab Emirates', 'AE'],
  ['Germany', 'DE'],
  ['Cyprus', 'CY'],
  ['Lebanon', 'LB'],
  ['Iraq', 'IQ'],
  ['Panama', 'PA'],
  ['Mexico', 'MX'],
  ['Colombia', 'CO'],
  ['Nigeria', 'NG'],
  ['Belarus', 'BY'],
  ['Congo, Democratic Republic of the', 'CD'],
  ['Hong Kong', 'HK'],
];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const STREETS = ['Prospekt Mira', 'Hafenstrasse', 'Sheikh Zayed Road', 'Calle 50', 'Nanjing Road', 'Avenida Bolivar', 'Tverskaya ulitsa', 'Al Rashid Street'];

class Invent {
  readonly random: () => number;
  constructor(seed: number) {
    this.random = generator(seed);
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }

  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.random() * list.length)]!;
  }

  chance(p: number): boolean {
    return this.random() < p;
  }

  /** a capitalized word of 2-3 syllables */
  word(syllables = this.int(2, 3)): string {
    let w = '';
    for (let i = 0; i < syllables; i += 1) w += this.pick(ONSETS) + this.pick(VOWELS) + (i === syllables - 1 ? this.pick(CODAS) : '');
    return w.charAt(0).toUpperCase() + w.slice(1);
  }

  person(): { last: string; first: string; middle: string | null } {
    return { last: this.word(), first: this.word(2), middle: this.chance(0.6) ? this.word() : null };
  }

  organization(): string {
    const parts = [this.chance(0.5) ? this.word().toUpperCase() : this.pick(WORDS)];
    if (this.chance(0.4)) parts.push(this.pick(WORDS));
    parts.push(this.pick(TRADES), this.pick(SUFFIXES));
    return parts.join(' ');
  }

  /** a spelling variant: one vowel changed, or a letter doubled */
  variant(name: string): string {
    const vowels = [...name.matchAll(/[aeiou]/gi)];
    if (vowels.length === 0 || this.chance(0.3)) {
      const at = this.int(1, Math.max(1, name.length - 2));
      return name.slice(0, at) + name.charAt(at) + name.slice(at);
    }
    const m = this.pick(vowels);
    const replacement = this.pick(['a', 'e', 'i', 'o', 'u', 'y']);
    const cased = m[0] === m[0]!.toUpperCase() ? replacement.toUpperCase() : replacement;
    return name.slice(0, m.index) + cased + name.slice(m.index! + 1);
  }

  dob(): string {
    const year = this.int(1940, 1995);
    const form = this.random();
    if (form < 0.6) return `DOB ${String(this.int(1, 28)).padStart(2, '0')} ${this.pick(MONTHS)} ${year}`;
    if (form < 0.75) return `DOB ${year}`;
    if (form < 0.85) return `DOB circa ${year}`;
    if (form < 0.93) return `DOB ${year} to ${year + this.int(1, 3)}`;
    return `DOB ${this.pick(MONTHS)} ${year}`;
  }
}

const NULL = '-0- ';
const quote = (value: string | null): string => (value === null ? NULL : `"${value.replace(/"/g, '""')}"`);

/** sdn.csv, alt.csv and add.csv of `entries` invented entries. */
export function syntheticOfacFiles(entries: number, seed: number): ListFiles {
  const invent = new Invent(seed);
  const sdn: string[] = [];
  const alt: string[] = [];
  const add: string[] = [];
  let altNum = 1;
  let addNum = 1;
  for (let i = 0; i < entries; i += 1) {
    const ent = 10_000 + i;
    const kind = invent.random();
    const programs = [invent.pick(PROGRAMS), ...(invent.chance(0.25) ? [invent.pick(PROGRAMS)] : [])];
    const program = [...new Set(programs)].join('] [');
    const [country] = invent.pick(COUNTRIES);
    const remarks: string[] = [];
    let name: string;
    let type: string | null = null;
    let vessel: (string | null)[] = [null, null, null, null, null, null];
    const aliases: string[] = [];
    if (kind < 0.55) {
      const p = invent.person();
      name = `${p.last.toUpperCase()}, ${p.first}${p.middle ? ` ${p.middle}` : ''}`;
      type = 'individual';
      remarks.push(invent.dob());
      if (invent.chance(0.2)) remarks.push(`alt. ${invent.dob()}`);
      remarks.push(`POB ${invent.word()}, ${invent.pick(COUNTRIES)[0]}`, `nationality ${country}`);
      if (invent.chance(0.3)) remarks.push(`citizen ${invent.pick(COUNTRIES)[0]}`);
      remarks.push(`Gender ${invent.chance(0.8) ? 'Male' : 'Female'}`);
      if (invent.chance(0.4)) remarks.push(`Passport ${invent.pick(['A', 'N', 'P', 'K'])}${invent.int(1_000_000, 9_999_999)} (${country})`);
      if (invent.chance(0.15)) remarks.push(`a.k.a. '${invent.pick(['ABU', 'AL', 'EL', 'THE'])} ${invent.word().toUpperCase()}'`);
      aliases.push(`${invent.variant(p.last).toUpperCase()}, ${invent.variant(p.first)}`, `${p.first} ${p.last}`, `${p.last.toUpperCase()}, ${invent.word(2)}`);
    } else if (kind < 0.93) {
      name = invent.organization();
      remarks.push(`Registration Number ${invent.int(100_000, 99_999_999)} (${country})`);
      if (invent.chance(0.3)) remarks.push(`Organization Established Date ${invent.int(1970, 2020)}`);
      aliases.push(invent.organization(), `${invent.variant(name.split(' ')[0]!)} ${name.split(' ').slice(1).join(' ')}`, name.split(' ').slice(0, -1).join(' '));
    } else if (kind < 0.97) {
      name = `${invent.pick(WORDS)} ${invent.word().toUpperCase()}`;
      type = 'vessel';
      vessel = [
        invent.word(2).toUpperCase() + invent.int(10, 99),
        invent.pick(['Crude Oil Tanker', 'General Cargo', 'Bulk Carrier']),
        String(invent.int(1_000, 120_000)),
        String(invent.int(1_000, 60_000)),
        invent.pick(COUNTRIES)[0],
        `${invent.organization()}`,
      ];
      remarks.push(`Vessel Registration Identification IMO ${invent.int(9_000_000, 9_999_999)}`);
      aliases.push(`${invent.pick(WORDS)} ${invent.word().toUpperCase()}`);
    } else {
      name = `EP-${invent.word(2).toUpperCase().slice(0, 3)}${invent.int(1, 9)}`;
      type = 'aircraft';
      remarks.push(`Aircraft Manufacture Date ${invent.int(1975, 2015)}`, `Aircraft Model ${invent.pick(['A320', 'B747-200F', 'IL-76TD', 'AN-24RV'])}`);
    }
    if (invent.chance(0.1)) remarks.push(`Linked To: ${invent.organization()}`);
    sdn.push([String(ent), quote(name), quote(type), quote(program), NULL, ...vessel.map(quote), quote(`${remarks.join('; ')}.`)].join(','));

    if (aliases.length > 0 && invent.chance(1 / 3)) {
      const count = invent.int(1, 3);
      for (const alias of aliases.slice(0, count)) {
        const altType = invent.chance(0.85) ? 'aka' : invent.chance(0.8) ? 'fka' : 'nka';
        alt.push(`${ent},${altNum},${quote(altType)},${quote(alias)},${NULL}`);
        altNum += 1;
      }
    }
    if (invent.chance(0.5)) {
      const street = invent.chance(0.7) ? `${invent.pick(STREETS)} ${invent.int(1, 200)}` : null;
      add.push(`${ent},${addNum},${quote(street)},${quote(`${invent.word()} ${invent.int(10_000, 99_999)}`)},${quote(country)},${NULL}`);
      addNum += 1;
    }
  }
  const file = (lines: string[]) => `${lines.join('\r\n')}\r\n\x1a`;
  return { main: file(sdn), alt: file(alt), add: file(add) };
}

/** Our own list CSV (docs/aml-lists.md) of `entries` invented entries. */
export function syntheticOwnCsv(entries: number, seed: number): string {
  const invent = new Invent(seed);
  const csv = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  const lines = ['id,name,aliases,type,birth_date,countries,program,remarks'];
  for (let i = 0; i < entries; i += 1) {
    const id = `S-${String(i + 1).padStart(6, '0')}`;
    const person = invent.chance(0.6);
    const countries = [...new Set([invent.pick(COUNTRIES)[1], ...(invent.chance(0.3) ? [invent.pick(COUNTRIES)[1]] : [])])].join('|');
    const program = invent.pick(['PEP', 'internal', 'fraud', 'PEP|internal']);
    let name: string;
    let aliases: string[] = [];
    let birth = '';
    if (person) {
      const p = invent.person();
      name = invent.chance(0.5) ? `${p.last.toUpperCase()}, ${p.first}${p.middle ? ` ${p.middle}` : ''}` : `${p.first} ${p.middle ? `${p.middle} ` : ''}${p.last}`;
      if (invent.chance(1 / 3)) aliases = [`${invent.variant(p.first)} ${invent.variant(p.last)}`, `${p.first} ${p.last}`, `${p.last} ${invent.word(2)}`].slice(0, invent.int(1, 3));
      const year = invent.int(1940, 2000);
      birth = invent.chance(0.7) ? `${year}-${String(invent.int(1, 12)).padStart(2, '0')}-${String(invent.int(1, 28)).padStart(2, '0')}` : invent.chance(0.5) ? String(year) : '';
    } else {
      name = invent.organization();
      if (invent.chance(1 / 3)) aliases = [invent.organization(), name.split(' ').slice(0, -1).join(' ')].slice(0, invent.int(1, 2));
    }
    const remarks = invent.chance(0.3) ? `Added after review ${invent.int(1000, 9999)}, see case file` : '';
    lines.push([id, csv(name), csv(aliases.join('|')), person ? 'person' : 'organization', birth, countries, program, csv(remarks)].join(','));
  }
  return `${lines.join('\n')}\n`;
}
