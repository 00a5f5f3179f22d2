/**
 * The in-memory screening index (docs/aml-matcher.md, "Index"): every name of every entry,
 * prepared once, as interned token ids in typed arrays, and three ways from a subject's token to
 * the entries worth scoring:
 *
 *   - token -> names posting lists over the DISTINCT prepared tokens (glued particles also posted
 *     under their stem: "alrashid" under "rashid");
 *   - similar tokens: character bigrams of the vocabulary ("^jo", "oh", "hn", "n$"; a typo in the
 *     first letter still shares most), Dice coefficient >= 0.4 and a length within half, then the
 *     real token similarity >= CANDIDATE_SIMILARITY; plus keys for what bigrams miss: the phonetic
 *     key (Aleksandr ~ Alexander), the variant table (Mohammed ~ Muhammad), the sorted letters
 *     (double transpositions), the consonant skeleton between Arabic script and Latin, đ's dj
 *     spelling under its d spelling (Djordje ~ Dorde), and the initial ("j" ~ "john");
 *   - merges (name-score.ts: two adjacent tokens of one side standing for one of the other), both
 *     ways: two adjacent subject tokens joined, looked up in the vocabulary; and every pair of
 *     adjacent tokens of every name joined, in a second vocabulary of its own ("Huang Li-ting" is
 *     posted under "liting"), where each subject token is looked up. Both by the same bigrams and
 *     keys, kept at CONCAT_MIN similarity and, in Latin script, within 2 letters, as bestMerge()
 *     merges;
 *   - a bound: a name whose shorter side has tokens with no similar counterpart cannot reach the
 *     threshold (the geometric mean of name-score.ts), so only names whose upper bound (plus the
 *     entry's field effects) reaches it are scored in full, by the same code as scorePair(). When
 *     the name has a merge of its own tokens for a subject token, the bound counts the name a
 *     token shorter, as the merged alignment does.
 *
 * Pure: imports only npm packages, ../model and its siblings (docs/architecture.md).
 */
import { AML_ENTITY_TYPES, type AmlEntityType, type EntryBirthDate, type EntryName, type ScreeningHit, type ScreeningSubject } from '../model';
import { DEFAULT_HIT_LIMIT, DEFAULT_MATCH_THRESHOLD } from './constants';
import { BIRTH_DATE_EFFECTS, COUNTRY_EFFECTS, entityGroup, entityTypeEffect } from './fields';
import { CONCAT_MIN, GENERIC_WORD_WEIGHT, joinTokens, weakAliasScore } from './name-score';
import { VARIANT_CANON, gluedParticleStem, isAbjad, prepareTokens, type NameGroup } from './normalize';
import { PHONETIC_KEY_MIN, abjadSkeleton, foldDj, phoneticKey, skeletonWithoutLongVowels, tokenSimilarity } from './similarity';
import { composeHit, fieldEffects, hitScore, matchName, type IndexEntry, type NameMatch } from './score';

export { DEFAULT_HIT_LIMIT, DEFAULT_MATCH_THRESHOLD } from './constants';
export { scorePair, type IndexEntry } from './score';
export { normalizeName } from './normalize';
export { jaroWinkler } from './jaro-winkler';

/** A vocabulary token at least this similar to a subject token makes its names candidates. */
export const CANDIDATE_SIMILARITY = 0.75;
const LOG_CANDIDATE = Math.log(CANDIDATE_SIMILARITY);
/** The most the birth date and the countries can add (fields.ts). */
const MAX_FIELD_RAISE = BIRTH_DATE_EFFECTS.sameDay + COUNTRY_EFFECTS.overlap;
/**
 * Bigram Dice coefficient a vocabulary token needs before its similarity is computed. An edit
 * breaks at most 2 padded bigrams (a transposition 3), so one typo in 4 letters keeps 0.4 and two
 * in 8 keep 0.44 unless both are transpositions ("frenadno" / "fernando" 0.33), which the
 * sorted-letters key finds; the spellings bigrams miss are found by the other keys.
 */
const MIN_DICE = 0.4;
/** Subject tokens beyond this many are not indexed for candidates (they still score). */
const MAX_QUERY_TOKENS = 24;
/** The subject-token bits of a name's candidate mask (one per subject token, MAX_QUERY_TOKENS). */
const TOKEN_BITS = (1 << MAX_QUERY_TOKENS) - 1;
/** Mask bit: two adjacent tokens of the name, joined, stand for a subject token (the name may align one token shorter). */
const NAME_MERGE = 1 << 30;
/** In Latin script a merge stands for a token within this many letters of it (name-score.ts bestMerge). */
const MERGE_LENGTH_SLACK = 2;
const SIM_CACHE_TOKENS = 16;
const EXPANSION_CACHE_SIZE = 20_000;

const ALPHABET = 38; // a-z 0-9 ^ $
const charCode = (c: number) => (c >= 97 && c <= 122 ? c - 97 : c >= 48 && c <= 57 ? 26 + c - 48 : c === 94 ? 36 : c === 36 ? 37 : -1);

/** Bigram codes of a token (abjad mark dropped), "^" and "$" padded. */
function bigrams(token: string): number[] {
  const t = `^${isAbjad(token) ? token.slice(1) : token}$`;
  const out: number[] = [];
  for (let i = 0; i + 1 < t.length; i++) {
    const a = charCode(t.charCodeAt(i));
    const b = charCode(t.charCodeAt(i + 1));
    if (a >= 0 && b >= 0) out.push(a * ALPHABET + b);
  }
  return out;
}

/** The letters of a token in alphabetical order: transpositions keep it ("frenadno" ~ "fernando"). */
const sortedLetters = (token: string) => [...token].sort().join('');

/**
 * The keys of a token besides its bigrams: those a vocabulary token is filed under (`store`) and
 * those a subject token looks up (`lookup`). They are the same kinds, but the consonant skeletons
 * cross scripts: an abjad (Arabic, Hebrew) token is filed under A and looked up under L, a Latin
 * one the other way round, so each script finds the other. `merge` (a join of two tokens, stored
 * or looked up): no sorted-letters key, which only finds double transpositions, never 0.9 similar
 * (CONCAT_MIN) where bigrams miss them: two edits are 0.87 at most up to 8 letters, and from 9
 * letters two transpositions keep a bigram Dice of 0.4; the keys of a join are not memoised.
 */
function tokenKeys(token: string, role: 'store' | 'lookup', merge = false): string[] {
  if (token.length < 2) return [];
  const abjad = isAbjad(token);
  const skeletonKey = abjad === (role === 'store') ? 'A' : 'L';
  const sk = abjadSkeleton(token, !merge);
  const skeletons = sk.length >= 2 ? [`${skeletonKey}${sk}`, `${skeletonKey.toLowerCase()}${skeletonWithoutLongVowels(sk)}`] : [];
  if (abjad) return skeletons;
  const keys: string[] = [];
  const pk = phoneticKey(token, !merge);
  if (pk.length >= PHONETIC_KEY_MIN) keys.push(`P${pk}`);
  const canon = VARIANT_CANON.get(token);
  if (canon) keys.push(`V${canon}`);
  keys.push(...skeletons);
  if (token.length >= 5 && !merge) keys.push(`S${sortedLetters(token)}`);
  // đ as dj: filed under its d spelling, which every token with a d looks up ("dorde" finds "djordje")
  if (role === 'store' ? token.includes('dj') : token.includes('d')) keys.push(`D${foldDj(token)}`);
  return keys;
}

const popcount = (x: number) => {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
};

const KINDS: readonly EntryName['kind'][] = ['PRIMARY', 'AKA', 'FKA', 'NKA'];
const EMPTY_DATES: readonly EntryBirthDate[] = Object.freeze([]);
const EMPTY_COUNTRIES: readonly string[] = Object.freeze([]);

/** A growable Int32 list. */
class IntList {
  data = new Int32Array(16);
  length = 0;
  push(v: number): void {
    if (this.length === this.data.length) {
      const next = new Int32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
  trimmed(): Int32Array {
    return this.data.slice(0, this.length);
  }
}

/** Compressed sparse rows from (row, value) pairs. */
function csr(rows: number, pairsRow: IntList, pairsValue: IntList): { start: Int32Array; values: Int32Array } {
  const start = new Int32Array(rows + 1);
  for (let i = 0; i < pairsRow.length; i++) start[pairsRow.data[i]! + 1]!++;
  for (let r = 0; r < rows; r++) start[r + 1]! += start[r]!;
  const fill = start.slice(0, rows);
  const values = new Int32Array(pairsRow.length);
  for (let i = 0; i < pairsRow.length; i++) values[fill[pairsRow.data[i]!]!++] = pairsValue.data[i]!;
  return { start, values };
}

/** FNV-1a, 32 bits: the key tables hold hashes, not strings (a collision only adds a candidate, whose similarity is computed). */
function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Strings filed under keys: a hash table in compressed rows (bucket -> ids, with each id's key hash). */
class KeyTable {
  private readonly mask: number;
  private readonly start: Int32Array;
  private readonly ids: Int32Array;
  private readonly hashes: Int32Array;
  constructor(hashes: IntList, ids: IntList) {
    let size = 16;
    while (size < hashes.length) size *= 2;
    this.mask = size - 1;
    const buckets = new IntList();
    for (let i = 0; i < hashes.length; i++) buckets.push(hashes.data[i]! & this.mask);
    const byId = csr(size, buckets, ids);
    this.start = byId.start;
    this.ids = byId.values;
    this.hashes = csr(size, buckets, hashes).values;
  }
  /** Calls `fn` with every id filed under `key`. */
  forEach(key: string, fn: (id: number) => void): void {
    const h = hash32(key) | 0;
    const b = h & this.mask;
    for (let p = this.start[b]!, end = this.start[b + 1]!; p < end; p++) if (this.hashes[p] === h) fn(this.ids[p]!);
  }
}

/** Length buckets of the joins' bigram lists: 0 for abjad strings, then the Latin length, the last bucket for that length and more. */
const LENGTH_BUCKETS = 32;
const ALL_BUCKETS = Array.from({ length: LENGTH_BUCKETS }, (_, i) => i);
const lengthBucket = (t: string) => (isAbjad(t) ? 0 : Math.min(t.length, LENGTH_BUCKETS - 1));
/** The Latin length buckets within MERGE_LENGTH_SLACK letters of `length`. */
function lengthWindow(length: number): number[] {
  const out: number[] = [];
  const last = LENGTH_BUCKETS - 1;
  for (let b = Math.min(last, Math.max(1, length - MERGE_LENGTH_SLACK)); b <= Math.min(last, length + MERGE_LENGTH_SLACK); b++) out.push(b);
  return out;
}

interface Expansion {
  ids: Int32Array;
  /** exactly tokenSimilarity(), so the index scores as scorePair() does */
  sims: Float64Array;
}

/**
 * Distinct strings with, for each, the names posted under it, and what finds the strings similar
 * to a query: their bigrams (CSR) and keys. The index has two: the names' tokens, and the joins of
 * their adjacent tokens (the merges name-score.ts may make on the entry's side).
 */
class Vocabulary {
  readonly size: number;
  private readonly expansions = new Map<string, Expansion>();
  private readonly gramCount: Uint16Array;
  private readonly touchedTokens: Int32Array;
  private readonly seenStamp: Uint32Array;
  private stamp = 0;
  private readonly lengths: Uint8Array;
  private readonly gramSizes: Uint8Array;
  /** bigram (times LENGTH_BUCKETS plus the length bucket, for the joins) -> string ids */
  private readonly gramStart: Int32Array;
  private readonly gramToks: Int32Array;
  /** the joins: bigram lists by length too, so that a merge reads only the strings within MERGE_LENGTH_SLACK letters */
  private readonly byLength: boolean;
  private readonly keyTable: KeyTable;
  readonly postStart: Int32Array;
  readonly postNames: Int32Array;

  /**
   * `postRow`/`postValue`: (string id, name index) pairs, a name at most once per string. `joins`:
   * the strings are joins of two tokens, only ever looked up for a merge.
   */
  constructor(
    readonly strings: readonly string[],
    readonly ids: ReadonlyMap<string, number>,
    postRow: IntList,
    postValue: IntList,
    joins: boolean,
  ) {
    this.size = strings.length;
    const posts = csr(strings.length, postRow, postValue);
    this.postStart = posts.start;
    this.postNames = posts.values;
    const gramRow = new IntList();
    const gramVal = new IntList();
    const keyHashes = new IntList();
    const keyIds = new IntList();
    this.gramSizes = new Uint8Array(strings.length);
    strings.forEach((t, id) => {
      const all = bigrams(t);
      this.gramSizes[id] = Math.min(255, all.length);
      const bucket = joins ? lengthBucket(t) : 0;
      for (const g of new Set(all)) {
        gramRow.push(g * LENGTH_BUCKETS + bucket);
        gramVal.push(id);
      }
      for (const k of tokenKeys(t, 'store', joins)) {
        keyHashes.push(hash32(k) | 0);
        keyIds.push(id);
      }
    });
    this.keyTable = new KeyTable(keyHashes, keyIds);
    this.byLength = joins;
    const grams = csr(ALPHABET * ALPHABET * LENGTH_BUCKETS, gramRow, gramVal);
    this.gramStart = grams.start;
    this.gramToks = grams.values;
    this.lengths = Uint8Array.from(strings, (t) => Math.min(255, isAbjad(t) ? t.length - 1 : t.length));
    this.gramCount = new Uint16Array(strings.length);
    this.touchedTokens = new Int32Array(strings.length);
    this.seenStamp = new Uint32Array(strings.length);
  }

  /**
   * The strings similar to `token` (tokenSimilarity >= CANDIDATE_SIMILARITY), remembered across
   * screenings. `merge`: one side of the pair is a join of two adjacent tokens (the query, or the
   * strings of the joins vocabulary): only strings at least CONCAT_MIN similar count and, when
   * both are Latin, within MERGE_LENGTH_SLACK letters, which is what bestMerge() merges.
   */
  expand(token: string, typos: boolean, merge: boolean): Expansion {
    const cacheKey = `${token}${typos ? '' : '\u0000'}${merge ? '\u0001' : ''}`;
    const cached = this.expansions.get(cacheKey);
    if (cached) return cached;
    const found = new Map<number, number>();
    const minimum = merge ? CONCAT_MIN : CANDIDATE_SIMILARITY;
    const latin = !isAbjad(token);
    const length = latin ? token.length : token.length - 1;
    // a merge in Latin script: the other string about as long (bestMerge's rule, exact)
    const tooFar = (id: number) => merge && latin && !isAbjad(this.strings[id]!) && Math.abs(this.lengths[id]! - length) > MERGE_LENGTH_SLACK;
    // each string compared once per expansion, whichever way it was reached
    const stamp = ++this.stamp;
    const seen = this.seenStamp;
    const consider = (id: number) => {
      if (seen[id] === stamp) return;
      seen[id] = stamp;
      if (tooFar(id)) return;
      const s = tokenSimilarity(token, this.strings[id]!, typos);
      if (s >= minimum) found.set(id, s);
    };
    const exact = this.ids.get(token);
    if (exact !== undefined) {
      found.set(exact, 1);
      seen[exact] = stamp;
    }
    if (token.length > 1) {
      // the length buckets to read: all but for a merge of a Latin token in the joins (abjad joins, bucket 0, have no length rule)
      const buckets = !this.byLength ? [0] : latin && merge ? [0, ...lengthWindow(length)] : ALL_BUCKETS;
      // the token, and the token without a glued particle ("alomari" -> "omari"), compared as tokenSimilarity does
      const stem = gluedParticleStem(token);
      for (const form of stem === null ? [token] : [token, stem]) {
        // bigram Dice
        const qGrams = bigrams(form);
        const counts = this.gramCount;
        const touched = this.touchedTokens;
        let touchedCount = 0;
        const distinct = [...qGrams].sort((a, b) => a - b);
        for (let gi = 0; gi < distinct.length; gi++) {
          const g = distinct[gi]!;
          if (gi > 0 && g === distinct[gi - 1]) continue;
          for (const bucket of buckets) {
            const row = g * LENGTH_BUCKETS + bucket;
            for (let p = this.gramStart[row]!, end = this.gramStart[row + 1]!; p < end; p++) {
              const id = this.gramToks[p]!;
              const c = counts[id]!;
              counts[id] = c + 1;
              if (c === 0) touched[touchedCount++] = id;
            }
          }
        }
        const q = qGrams.length;
        const formLength = isAbjad(form) ? form.length - 1 : form.length;
        for (let ti = 0; ti < touchedCount; ti++) {
          const id = touched[ti]!;
          const shared = counts[id]!;
          counts[id] = 0;
          if ((2 * shared) / (q + this.gramSizes[id]!) < MIN_DICE) continue;
          // the edit similarity alone would be under 0.5, the blend under CANDIDATE_SIMILARITY;
          // organizations: unless one is the other's start (an abbreviation, similarity.ts)
          const other = this.lengths[id]!;
          if (2 * Math.abs(other - formLength) > Math.max(other, formLength) && (typos || !this.isTruncation(form, id))) continue;
          consider(id);
        }
        // phonetic key, variant group, consonant skeleton across scripts
        for (const k of tokenKeys(form, 'lookup', merge)) this.keyTable.forEach(k, consider);
        const id = this.ids.get(form);
        if (id !== undefined) consider(id);
        // and "djordje" finds "dorde" as written
        const plainD = form.includes('dj') ? this.ids.get(foldDj(form)) : undefined;
        if (plainD !== undefined) consider(plainD);
      }
      // the initial an entry may give for this token (0.85: never a merge)
      if (latin && !merge) {
        const initial = this.ids.get(token[0]!);
        if (initial !== undefined) consider(initial);
      }
    }
    const ids = new Int32Array(found.size);
    const sims = new Float64Array(found.size);
    let i = 0;
    for (const [id, s] of found) {
      ids[i] = id;
      sims[i++] = s;
    }
    const expansion = { ids, sims };
    if (this.expansions.size >= EXPANSION_CACHE_SIZE) this.expansions.delete(this.expansions.keys().next().value!);
    this.expansions.set(cacheKey, expansion);
    return expansion;
  }

  /** Whether one of `form` and string `id` (3+ letters) starts the other. */
  private isTruncation(form: string, id: number): boolean {
    const other = this.strings[id]!;
    return Math.min(form.length, other.length) >= 3 && (form.length < other.length ? other.startsWith(form) : form.startsWith(other));
  }
}

/** One candidate source of a query: a vocabulary and the string looked up in it, and the subject tokens (mask bits) a string found there stands for. */
interface QueryItem {
  vocabulary: Vocabulary;
  token: string;
  bits: number;
  /** a merge on either side: only strings CONCAT_MIN similar and about as long count */
  merge: boolean;
}

/** An entry that reached the threshold, before it is put into words. */
interface Candidate {
  entry: number;
  score: number;
  match: NameMatch;
  /** the subject's tokens under the rules of the entry's group */
  tokens: readonly string[];
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

export interface SearchOptions {
  /** hits below are dropped (default DEFAULT_MATCH_THRESHOLD) */
  threshold?: number;
  /** at most this many hits, best first (default DEFAULT_HIT_LIMIT) */
  limit?: number;
}

/** The strings of a vocabulary as it is built: interned, with the names posted under each. */
class VocabularyBuilder {
  readonly strings: string[] = [];
  readonly ids = new Map<string, number>();
  private readonly postRow = new IntList();
  private readonly postValue = new IntList();
  private readonly posted = new Set<number>();

  intern(t: string): number {
    let id = this.ids.get(t);
    if (id === undefined) {
      id = this.strings.length;
      this.strings.push(t);
      this.ids.set(t, id);
    }
    return id;
  }
  /** Interns `t`, to be posted with the next post(). */
  add(t: string): number {
    const id = this.intern(t);
    this.posted.add(id);
    return id;
  }
  /** Posts name `nameIndex` under the strings added since the last call. */
  post(nameIndex: number): void {
    for (const id of this.posted) {
      this.postRow.push(id);
      this.postValue.push(nameIndex);
    }
    this.posted.clear();
  }
  build(joins: boolean): Vocabulary {
    return new Vocabulary(this.strings, this.ids, this.postRow, this.postValue, joins);
  }
}

/** Entries prepared between two turns of the event loop in buildAsync (about 20 ms of work on a 2-core server). */
const BUILD_SLICE = 500;

export class ScreeningIndex {
  readonly entryCount: number;
  readonly nameCount: number;
  /** distinct prepared tokens (and glued-particle stems) of all names */
  readonly tokenCount: number;

  // entries
  private readonly keys: string[];
  private readonly types: Uint8Array;
  private readonly birthDates: (readonly EntryBirthDate[])[];
  private readonly countries: (readonly string[])[];
  // names
  private readonly nameEntry: Int32Array;
  /** kind index (bits 0-1), weak (bit 2), organization group (bit 3) */
  private readonly nameFlags: Uint8Array;
  private readonly nameText: string[];
  private readonly nameTokStart: Int32Array;
  /** the names' tokens, as ids of `tokens` */
  private readonly nameToks: Int32Array;
  /** the names' tokens (and glued-particle stems) */
  private readonly tokens: Vocabulary;
  /** every two adjacent tokens of every name, joined ("li ting" -> "liting") */
  private readonly joins: Vocabulary;
  // per-query scratch (the index is used synchronously)
  private readonly nameMask: Uint32Array;
  private readonly simCache: Float64Array;

  private constructor(init: {
    keys: string[];
    types: Uint8Array;
    birthDates: (readonly EntryBirthDate[])[];
    countries: (readonly string[])[];
    nameEntry: Int32Array;
    nameFlags: Uint8Array;
    nameText: string[];
    nameTokStart: Int32Array;
    nameToks: Int32Array;
    tokens: Vocabulary;
    joins: Vocabulary;
  }) {
    this.keys = init.keys;
    this.types = init.types;
    this.birthDates = init.birthDates;
    this.countries = init.countries;
    this.nameEntry = init.nameEntry;
    this.nameFlags = init.nameFlags;
    this.nameText = init.nameText;
    this.nameTokStart = init.nameTokStart;
    this.nameToks = init.nameToks;
    this.tokens = init.tokens;
    this.joins = init.joins;
    this.entryCount = init.keys.length;
    this.nameCount = init.nameEntry.length;
    this.tokenCount = init.tokens.size;
    this.nameMask = new Uint32Array(init.nameEntry.length);
    this.simCache = new Float64Array(SIM_CACHE_TOKENS * init.tokens.size).fill(NaN);
  }

  /** Prepares every name of every entry (a name that prepares to nothing, or repeats one of its entry's, is skipped). */
  static build(entries: Iterable<IndexEntry>): ScreeningIndex {
    const steps = ScreeningIndex.steps(entries);
    for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
  }

  /**
   * The same index, built in slices of BUILD_SLICE entries with the event loop served between them
   * (`pause`, by default one turn): a server that builds a 50,000-name index while it serves HTTP is
   * never blocked for the whole build.
   */
  static async buildAsync(entries: Iterable<IndexEntry>, pause: () => Promise<unknown> = () => new Promise((resolve) => setImmediate(resolve))): Promise<ScreeningIndex> {
    const steps = ScreeningIndex.steps(entries);
    for (let step = steps.next(); ; step = steps.next()) {
      if (step.done) return step.value;
      await pause();
    }
  }

  /** The build as a generator: it yields after every BUILD_SLICE entries and returns the index. */
  private static *steps(entries: Iterable<IndexEntry>): Generator<void, ScreeningIndex> {
    const keys: string[] = [];
    const types: number[] = [];
    const birthDates: (readonly EntryBirthDate[])[] = [];
    const countries: (readonly string[])[] = [];
    const countryIntern = new Map<string, readonly string[]>();
    const nameEntry = new IntList();
    const nameFlags: number[] = [];
    const nameText: string[] = [];
    const nameTokStart = new IntList();
    const nameToks = new IntList();
    const tokens = new VocabularyBuilder();
    const joins = new VocabularyBuilder();
    for (const entry of entries) {
      const entryIndex = keys.length;
      if (entryIndex > 0 && entryIndex % BUILD_SLICE === 0) yield;
      keys.push(entry.key);
      const typeIndex = AML_ENTITY_TYPES.indexOf(entry.entityType);
      if (typeIndex < 0) throw new Error(`unknown entity type ${String(entry.entityType)} of entry ${entry.key}`);
      types.push(typeIndex);
      birthDates.push(entry.birthDates.length ? entry.birthDates.map((b) => ({ ...b })) : EMPTY_DATES);
      const cc = [...new Set(entry.countries.map((c) => c.toUpperCase()))].sort().join(',');
      let list = countryIntern.get(cc);
      if (!list) countryIntern.set(cc, (list = cc ? Object.freeze(cc.split(',')) : EMPTY_COUNTRIES));
      countries.push(list);
      const group: NameGroup = entityGroup(entry.entityType);
      const seen = new Set<string>();
      for (const name of entry.names) {
        const prepared = prepareTokens(name.name, group);
        if (prepared.length === 0) continue;
        const signature = `${name.weak ? 'w' : 's'}${prepared.join(' ')}`;
        if (seen.has(signature)) continue;
        seen.add(signature);
        const nameIndex = nameText.length;
        nameEntry.push(entryIndex);
        nameFlags.push(KINDS.indexOf(name.kind) | (name.weak ? 4 : 0) | (group === 'ORGANIZATION' ? 8 : 0));
        nameText.push(name.name);
        nameTokStart.push(nameToks.length);
        prepared.forEach((t, j) => {
          nameToks.push(tokens.add(t));
          const stem = gluedParticleStem(t);
          if (stem !== null) tokens.add(stem);
          const joined = j + 1 < prepared.length ? joinTokens(t, prepared[j + 1]!) : null;
          if (joined !== null) joins.add(joined);
        });
        tokens.post(nameIndex);
        joins.post(nameIndex);
      }
    }
    nameTokStart.push(nameToks.length);
    return new ScreeningIndex({
      keys,
      types: Uint8Array.from(types),
      birthDates,
      countries,
      nameEntry: nameEntry.trimmed(),
      nameFlags: Uint8Array.from(nameFlags),
      nameText,
      nameTokStart: nameTokStart.trimmed(),
      nameToks: nameToks.trimmed(),
      tokens: tokens.build(false),
      joins: joins.build(true),
    });
  }

  /**
   * The query's candidate sources: each token in the names' tokens; two adjacent tokens joined in
   * the names' tokens (a merge on the subject's side); each token in the joins of the names'
   * adjacent tokens (a merge on the entry's side: "liting" ~ "Li-ting").
   */
  private queryItems(tokens: readonly string[]): QueryItem[] {
    const items: QueryItem[] = [];
    const n = Math.min(tokens.length, MAX_QUERY_TOKENS);
    for (let i = 0; i < n; i++) {
      const t = tokens[i]!;
      if (t.length > 1) {
        items.push({ vocabulary: this.tokens, token: t, bits: 1 << i, merge: false });
        items.push({ vocabulary: this.joins, token: t, bits: (1 << i) | NAME_MERGE, merge: true });
      }
      const joined = i + 1 < n ? joinTokens(t, tokens[i + 1]!) : null;
      if (joined !== null) items.push({ vocabulary: this.tokens, token: joined, bits: (1 << i) | (1 << (i + 1)), merge: true });
    }
    return items;
  }

  /**
   * The hits of one subject, best first (score desc, then key), at or above the threshold, at
   * most `limit`. A subject of unknown kind (entityType null) is screened against persons with
   * the person rules and against organizations, vessels and aircraft with the organization rules.
   */
  search(subject: ScreeningSubject, options: SearchOptions = {}): ScreeningHit[] {
    const threshold = options.threshold ?? DEFAULT_MATCH_THRESHOLD;
    const limit = options.limit ?? DEFAULT_HIT_LIMIT;
    const groups: NameGroup[] = subject.entityType === null ? ['PERSON', 'ORGANIZATION'] : [subject.entityType];
    const found: Candidate[] = [];
    for (const group of groups) this.searchGroup(subject, group, threshold, found);
    // rank on the numbers, put into words only what is answered
    found.sort((a, b) => b.score - a.score || (this.keys[a.entry]! < this.keys[b.entry]! ? -1 : this.keys[a.entry]! > this.keys[b.entry]! ? 1 : 0));
    return found
      .slice(0, limit)
      .map((c) =>
        composeHit(
          subject,
          c.tokens,
          { key: this.keys[c.entry]!, entityType: AML_ENTITY_TYPES[this.types[c.entry]!]!, birthDates: this.birthDates[c.entry]!, countries: this.countries[c.entry]! },
          c.match,
        ),
      );
  }

  private searchGroup(subject: ScreeningSubject, group: NameGroup, threshold: number, found: Candidate[]): void {
    const tokens = prepareTokens(subject.name, group);
    if (tokens.length === 0) return;
    const m = tokens.length;
    const orgFlag = group === 'ORGANIZATION' ? 8 : 0;
    const minWeight = group === 'ORGANIZATION' ? GENERIC_WORD_WEIGHT : 1;
    // initials of the subject could pair with any token of their letter: counted as hits for the bound
    let freeBits = 0;
    for (let i = 0; i < Math.min(m, MAX_QUERY_TOKENS); i++) if (tokens[i]!.length === 1) freeBits |= 1 << i;
    // 1. candidates: names with the subject tokens they have a similar token for
    const mask = this.nameMask;
    const touched = new IntList();
    for (const item of this.queryItems(tokens)) {
      const { ids } = item.vocabulary.expand(item.token, group === 'PERSON', item.merge);
      const { postStart, postNames } = item.vocabulary;
      for (let k = 0; k < ids.length; k++) {
        const v = ids[k]!;
        for (let p = postStart[v]!, end = postStart[v + 1]!; p < end; p++) {
          const name = postNames[p]!;
          if ((this.nameFlags[name]! & 8) !== orgFlag) continue;
          if (mask[name] === 0) touched.push(name);
          mask[name]! |= item.bits;
        }
      }
    }
    // 2. bound, then full scores; best name per entry
    const sim = this.similarityCache(tokens, group === 'PERSON');
    // the similarities the expansions already know
    for (let i = 0; i < Math.min(m, SIM_CACHE_TOKENS); i++) {
      const { ids, sims } = this.tokens.expand(tokens[i]!, group === 'PERSON', false);
      for (let k = 0; k < ids.length; k++) sim.preset(i, ids[k]!, sims[k]!);
    }
    const bestOfEntry = new Map<number, { match: NameMatch; name: number }>();
    const fieldsOf = new Map<number, number[]>();
    try {
      for (let t = 0; t < touched.length; t++) {
        const name = touched.data[t]!;
        const bits = mask[name]! | freeBits;
        mask[name] = 0;
        const entry = this.nameEntry[name]!;
        const entityType = AML_ENTITY_TYPES[this.types[entry]!]! as AmlEntityType;
        if (entityTypeEffect(subject.entityType, entityType) === 'mismatch') continue;
        const start = this.nameTokStart[name]!;
        const n = this.nameTokStart[name + 1]! - start;
        // two of the name's tokens may be merged for one subject token: the alignment is then a token shorter
        const k = Math.min(m, bits & NAME_MERGE ? n - 1 : n);
        const h = Math.min(popcount(bits & TOKEN_BITS), k);
        const weak = (this.nameFlags[name]! & 4) !== 0;
        let bound = 1;
        if (h < k) {
          // tokens of the shorter side with no counterpart >= CANDIDATE_SIMILARITY pair below GOOD_PAIR
          // (squared in the score) at less than that similarity, weighing at least `minWeight` against
          // matched tokens weighing at most 1 (name-score.ts)
          const u = (k - h) * minWeight;
          bound = Math.exp((2 * u * LOG_CANDIDATE) / (u + h));
          if (weak) bound = weakAliasScore(bound);
          if (bound + MAX_FIELD_RAISE < threshold - 1e-9) continue;
        }
        let fields = fieldsOf.get(entry);
        if (fields === undefined) {
          fields = fieldEffects(subject, { birthDates: this.birthDates[entry]!, countries: this.countries[entry]! });
          fieldsOf.set(entry, fields);
        }
        if (bound + sum(fields) < threshold - 1e-9) continue;
        const nameTokens: string[] = new Array(n);
        for (let j = 0; j < n; j++) nameTokens[j] = this.tokens.strings[this.nameToks[start + j]!]!;
        const kindFlags = this.nameFlags[name]!;
        const match = matchName(tokens, { name: this.nameText[name]!, kind: KINDS[kindFlags & 3]!, weak }, nameTokens, group, (i, j) => sim(i, this.nameToks[start + j]!));
        const prev = bestOfEntry.get(entry);
        // ties go to the name listed first (the primary name), as in scorePair()
        if (!prev || match.score > prev.match.score || (match.score === prev.match.score && name < prev.name)) bestOfEntry.set(entry, { match, name });
      }
    } finally {
      for (let t = 0; t < touched.length; t++) mask[touched.data[t]!] = 0;
      sim.reset();
    }
    for (const [entry, { match }] of bestOfEntry) {
      const score = hitScore(match.score, fieldsOf.get(entry)!);
      if (score >= threshold) found.push({ entry, score, match, tokens });
    }
  }

  /** Similarity of subject token i and vocabulary token v, cached for one screening. */
  private similarityCache(tokens: readonly string[], typos: boolean): ((i: number, v: number) => number) & { preset: (i: number, v: number, s: number) => void; reset: () => void } {
    const V = this.tokens.size;
    const vocab = this.tokens.strings;
    const cache = this.simCache;
    const filled: number[] = [];
    const fn = (i: number, v: number) => {
      if (i >= SIM_CACHE_TOKENS) return tokenSimilarity(tokens[i]!, vocab[v]!, typos);
      const at = i * V + v;
      let s = cache[at]!;
      if (s !== s) {
        s = tokenSimilarity(tokens[i]!, vocab[v]!, typos);
        cache[at] = s;
        filled.push(at);
      }
      return s;
    };
    return Object.assign(fn, {
      preset: (i: number, v: number, s: number) => {
        const at = i * V + v;
        if (cache[at] !== cache[at]) filled.push(at);
        cache[at] = s;
      },
      reset: () => {
        for (const at of filled) cache[at] = NaN;
        filled.length = 0;
      },
    });
  }
}
