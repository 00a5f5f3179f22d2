/**
 * A deterministic synthetic sanctions list for the matcher's bench (bench/aml-screening.ts) and
 * the evaluation's distractors (scripts/aml-evaluate.ts). Names are invented from syllable tables,
 * mixed with generic given names and surnames drawn with a Zipf distribution, as real lists are
 * (a few tokens, "Mohammed", "Ali", "Trading", are in thousands of names; most in one).
 * About 70% persons, 25% organizations, 4% vessels, 1% aircraft; a third of the entries have 1-3
 * aliases (some weak); most persons a birth date; 0-2 countries each.
 */
import type { AmlEntityType, EntryBirthDate, EntryName } from '../lib/services/aml/model';
import type { IndexEntry } from '../lib/services/aml/matcher/index';

export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0 || 1;
  }
  next(): number {
    let t = (this.s = (this.s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  shuffle<T>(xs: readonly T[]): T[] {
    const out = [...xs];
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }
}

const COMMON_GIVEN = [
  'Mohammed',
  'Ali',
  'Ahmed',
  'Hassan',
  'Abdullah',
  'Omar',
  'Hussein',
  'Ibrahim',
  'Khalid',
  'Yusuf',
  'Mahmoud',
  'Mustafa',
  'Abdul',
  'Said',
  'Ismail',
  'Jamal',
  'Karim',
  'Nasser',
  'Sergey',
  'Aleksandr',
  'Vladimir',
  'Dmitry',
  'Andrey',
  'Igor',
  'Oleg',
  'Nikolai',
  'Yuri',
  'Ivan',
  'John',
  'David',
  'Michael',
  'Jose',
  'Juan',
  'Carlos',
  'Luis',
  'Maria',
  'Ana',
  'Fatima',
  'Elena',
  'Olga',
  'Irina',
  'Wei',
  'Li',
  'Ming',
  'Jun',
  'Kim',
  'Hamid',
  'Reza',
  'Mehdi',
  'Hossein',
  'Ghulam',
  'Bashir',
  'Faisal',
  'Tariq',
  'Salim',
];
const COMMON_SURNAMES = [
  'Ali',
  'Khan',
  'Hassan',
  'Ahmed',
  'Mohammed',
  'Al Rashid',
  'Haddad',
  'Mansour',
  'Ivanov',
  'Petrov',
  'Smirnov',
  'Kuznetsov',
  'Popov',
  'Wang',
  'Li',
  'Zhang',
  'Chen',
  'Kim',
  'Park',
  'Garcia',
  'Rodriguez',
  'Lopez',
  'Hernandez',
  'Martinez',
  'Hosseini',
  'Rezaei',
  'Mohammadi',
  'Rahman',
  'Hussain',
  'Shah',
  'Malik',
  'Qureshi',
  'Nasser',
  'Saleh',
  'Yilmaz',
  'Kaya',
  'Smith',
  'Johnson',
  'Brown',
  'Nguyen',
];
const ONSETS = ['b', 'd', 'f', 'g', 'h', 'j', 'k', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v', 'z', 'sh', 'kh', 'ch', 'br', 'dr', 'gr', 'kr', 'tr', 'st', 'zh', 'ts', ''];
const NUCLEI = ['a', 'e', 'i', 'o', 'u', 'a', 'o', 'ai', 'ou', 'ia', 'ei'];
const CODAS = ['', '', '', 'n', 'r', 'l', 'm', 's', 'k', 'd', 't', 'v', 'sh', 'z', 'ng'];
const ORG_SECTORS = [
  'Trading',
  'Shipping',
  'Logistics',
  'Holdings',
  'Industries',
  'Investments',
  'Petroleum',
  'Energy',
  'Engineering',
  'Construction',
  'General Trading',
  'Import Export',
  'Group',
  'International',
  'Services',
  'Exchange',
  'Bank',
  'Marine',
  'Technologies',
  'Resources',
];
const ORG_FORMS = ['LLC', 'Ltd', 'Limited', 'GmbH', 'S.A.', 'JSC', 'OOO', 'FZE', 'FZCO', 'Co., Ltd.', 'Inc.', 'PJSC', 'B.V.', 'PLC', ''];
const COUNTRY_CODES = [
  'IR',
  'IQ',
  'SY',
  'RU',
  'BY',
  'KP',
  'CU',
  'VE',
  'AF',
  'LB',
  'YE',
  'LY',
  'SD',
  'SO',
  'MM',
  'CN',
  'AE',
  'TR',
  'PK',
  'UA',
  'GB',
  'US',
  'DE',
  'FR',
  'CY',
  'LV',
  'HK',
  'SG',
  'PA',
  'MT',
];

/** Cumulative Zipf weights (s = 1) over n ranks, for sampling by bisection. */
function zipf(n: number): Float64Array {
  const cum = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) cum[i] = total += 1 / (i + 1);
  for (let i = 0; i < n; i++) cum[i]! /= total;
  return cum;
}
function sampleZipf(rng: Rng, cum: Float64Array): number {
  const r = rng.next();
  let lo = 0;
  let hi = cum.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cum[mid]! < r) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** An invented word of 2-3 syllables. */
export function inventedWord(rng: Rng): string {
  const syllables = 2 + (rng.chance(0.35) ? 1 : 0);
  let w = '';
  for (let i = 0; i < syllables; i++) w += rng.pick(ONSETS) + rng.pick(NUCLEI) + (i === syllables - 1 || rng.chance(0.3) ? rng.pick(CODAS) : '');
  return cap(w);
}

/** Pools of given names and surnames: the common ones first (most frequent), then invented ones. */
export interface NamePools {
  given: string[];
  surnames: string[];
  orgWords: string[];
  givenCum: Float64Array;
  surnameCum: Float64Array;
  orgCum: Float64Array;
}

export function namePools(seed = 7, invented = 4000): NamePools {
  const rng = new Rng(seed);
  const unique = (base: string[], n: number) => {
    const set = new Set(base);
    while (set.size < base.length + n) set.add(inventedWord(rng));
    return [...set];
  };
  const given = unique(COMMON_GIVEN, invented);
  const surnames = unique(COMMON_SURNAMES, invented * 2);
  const orgWords = unique([], invented);
  return { given, surnames, orgWords, givenCum: zipf(given.length), surnameCum: zipf(surnames.length), orgCum: zipf(orgWords.length) };
}

export function personName(rng: Rng, pools: NamePools): string {
  const g = pools.given[sampleZipf(rng, pools.givenCum)]!;
  const s = pools.surnames[sampleZipf(rng, pools.surnameCum)]!;
  const r = rng.next();
  if (r < 0.25) return `${g} ${pools.given[sampleZipf(rng, pools.givenCum)]!} ${s}`;
  if (r < 0.3) return `${g} bin ${pools.given[sampleZipf(rng, pools.givenCum)]!} ${s}`;
  if (r < 0.4) return `${s.toUpperCase()}, ${g}`;
  return `${g} ${s}`;
}

export function orgName(rng: Rng, pools: NamePools): string {
  const w = pools.orgWords[sampleZipf(rng, pools.orgCum)]!;
  const second = rng.chance(0.4) ? ` ${pools.orgWords[sampleZipf(rng, pools.orgCum)]!}` : '';
  const form = rng.pick(ORG_FORMS);
  return `${w}${second} ${rng.pick(ORG_SECTORS)}${form ? ` ${form}` : ''}`;
}

function vesselName(rng: Rng, pools: NamePools): string {
  return `${rng.chance(0.3) ? 'MV ' : ''}${pools.orgWords[sampleZipf(rng, pools.orgCum)]!} ${rng.pick(['Star', 'Pearl', 'Spirit', 'Glory', 'Queen', 'Trader', 'Carrier', String(1 + rng.int(9))])}`;
}

function birthDates(rng: Rng): EntryBirthDate[] {
  const year = 1940 + rng.int(65);
  const r = rng.next();
  if (r < 0.5) {
    const date = `${year}-${String(1 + rng.int(12)).padStart(2, '0')}-${String(1 + rng.int(28)).padStart(2, '0')}`;
    return [{ fromYear: year, toYear: year, date, circa: false }];
  }
  if (r < 0.75) return [{ fromYear: year, toYear: year, date: null, circa: rng.chance(0.3) }];
  if (r < 0.85) return [{ fromYear: year, toYear: year + 2, date: null, circa: false }];
  return [
    { fromYear: year, toYear: year, date: null, circa: false },
    { fromYear: year + 1, toYear: year + 1, date: null, circa: false },
  ];
}

/**
 * Entries of a synthetic list until `names` names (primary + aliases) are reached. Keys are
 * `${prefix}${n}`.
 */
export function syntheticEntries(names: number, seed = 11, prefix = 'S', pools = namePools()): IndexEntry[] {
  const rng = new Rng(seed);
  const entries: IndexEntry[] = [];
  let count = 0;
  while (count < names) {
    const r = rng.next();
    const entityType: AmlEntityType = r < 0.7 ? 'PERSON' : r < 0.95 ? 'ORGANIZATION' : r < 0.99 ? 'VESSEL' : 'AIRCRAFT';
    const make = () => (entityType === 'PERSON' ? personName(rng, pools) : entityType === 'ORGANIZATION' ? orgName(rng, pools) : vesselName(rng, pools));
    const list: EntryName[] = [{ name: make(), kind: 'PRIMARY', weak: false }];
    if (rng.chance(0.33)) {
      const more = 1 + rng.int(3);
      for (let i = 0; i < more; i++) list.push({ name: make(), kind: rng.chance(0.85) ? 'AKA' : 'FKA', weak: entityType === 'PERSON' && rng.chance(0.15) });
    }
    const remaining = names - count;
    if (list.length > remaining) list.length = remaining;
    count += list.length;
    const countries: string[] = [];
    const nc = rng.int(3);
    for (let i = 0; i < nc; i++) countries.push(rng.pick(COUNTRY_CODES));
    entries.push({
      key: `${prefix}${entries.length + 1}`,
      entityType,
      names: list,
      birthDates: entityType === 'PERSON' && rng.chance(0.75) ? birthDates(rng) : [],
      countries: [...new Set(countries)],
    });
  }
  return entries;
}
