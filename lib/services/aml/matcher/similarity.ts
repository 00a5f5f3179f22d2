/**
 * Similarity of two prepared tokens (normalize.ts), 0..1, and the keys the index finds similar
 * tokens by. The rules, in order (docs/aml-matcher.md):
 *
 *   equal                                   1
 *   an initial ("j") and a token it starts  0.85   ("J. Doe" ~ "John Doe"); other initials 0
 *   an abjad token (Arabic script)          consonant skeletons compared (0.92 when equal but
 *                                           for long vowels; the known skeleton of a variant
 *                                           group when there is one), times 0.95
 *   otherwise                               (Jaro-Winkler + edit similarity) / 2
 *     raised to 0.90 for one edit in a token of 4+ letters, 0.87 for two in one of 8+ (typoEdits;
 *     organizations: one edit from 5 letters)
 *     organizations: 0.85 for a truncation of 3+ letters ("gen" ~ "general")
 *     raised to 0.95 for two spellings of one name in NAME_VARIANTS (Mohammed ~ Muhammad)
 *     raised to 0.95 for đ written dj and d (Djordje ~ Dorde)
 *     raised to 0.90 for the same phonetic key of 3+ characters (Aleksandr ~ Alexander)
 *     or 0.97 x the similarity without a glued particle ("alrashid" ~ "rashid")
 *
 * Why the blend: Jaro-Winkler alone is generous to short tokens and shared prefixes ("lei"/"fei"
 * 0.78, "sunrise"/"sunset" 0.89), edit distance alone is harsh on transpositions; the mean of the
 * two keeps a different short name below 0.75 ("lei"/"fei" 0.72), and typos are raised by the
 * typo rule rather than by a lenient metric.
 * Moov Watchman penalises the same weaknesses with its length-difference and first-letter factors
 * (`customJaroWinkler`); nomenklatura filters pairs by `is_levenshtein_plausible`.
 */
import { editDistance, editSimilarity, jaroWinkler } from './jaro-winkler';
import { VARIANT_ABJAD_SKELETONS, VARIANT_CANON, gluedParticleStem, isAbjad } from './normalize';

export const INITIAL_SIMILARITY = 0.85;
/** Organizations: one token the start of the other, 3+ letters. */
export const ABBREVIATION_SIMILARITY = 0.85;
export const VARIANT_SIMILARITY = 0.95;
export const PHONETIC_SIMILARITY = 0.9;
/** Phonetic keys shorter than this say too little ("mr" is Maria and Mario). */
export const PHONETIC_KEY_MIN = 3;
export const ABJAD_FACTOR = 0.95;
export const GLUED_PARTICLE_FACTOR = 0.97;
/** Two skeletons equal once w and y are dropped ("ibrahim" brhm ~ إبراهيم brhym). */
export const STRIPPED_SKELETON_SIMILARITY = 0.92;
/** đ written dj on one side and d on the other ("djordje" ~ "dorde"): one letter in its two spellings, as a variant. */
export const DJ_SIMILARITY = 0.95;

/** The token with đ's "dj" written "d": two spellings of a Serbo-Croatian name meet under it. */
export const foldDj = (token: string) => token.replace(/dj/g, 'd');

/** Mean of Jaro-Winkler and edit similarity. */
export function blend(a: string, b: string): number {
  return (jaroWinkler(a, b) + editSimilarity(a, b)) / 2;
}

/**
 * Edits forgiven as a typo, by the token's length (the longer of the two, as written before the
 * typo): none up to 3 letters (there one letter makes another name: "Lei", "Fei"), 1 from 4
 * ("Ayse" ~ "Ase"), 2 from 8 (the shorter still 6+). Organization names are dictionary words,
 * where two letters make another word ("Northern" / "Southern"): 1 edit from 5 letters, never 2. Elasticsearch's `fuzziness: AUTO`
 * (0 edits up to 2 characters, 1 up to 5, 2 beyond) is the usual rule; ours is a step stricter.
 */
export function typoEdits(a: number, b: number, organization = false): number {
  const shorter = Math.min(a, b);
  const longer = Math.max(a, b);
  if (organization) return longer >= 5 && shorter >= 4 ? 1 : 0;
  return longer >= 8 && shorter >= 6 ? 2 : longer >= 4 && shorter >= 3 ? 1 : 0;
}
/** The similarity a typo is raised to: 1 edit, 2 edits. */
export const TYPO_SIMILARITY = [1, 0.9, 0.87] as const;

/**
 * Phonetic key of a Latin token: its first letter, then its consonants with common spelling
 * variants merged (ph=f, ck/q/c=k, x=ks, z=s, w=v, th=t; sh, ch, kh, zh each one sound), doubles
 * collapsed, and a final "V" when it ends in a vowel (so "alexandra" is not "alexander"). A simplified consonant skeleton
 * in the spirit of Soundex (Watchman's first-letter filter) and metaphone (nomenklatura logic-v1).
 */
export function phoneticKey(token: string, memo = true): string {
  let key = phoneticKeys.get(token);
  if (key === undefined) {
    key = computePhoneticKey(token);
    if (memo) remember(phoneticKeys, token, key);
  }
  return key;
}

/** Keys of the tokens seen (the vocabulary of a list is finite); emptied past MEMO_LIMIT. `memo` false: a string seen once (the index's joins of adjacent tokens), not remembered. */
const MEMO_LIMIT = 100_000;
const phoneticKeys = new Map<string, string>();
const skeletons = new Map<string, string>();
function remember(memo: Map<string, string>, token: string, value: string): void {
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(token, value);
}

function computePhoneticKey(token: string): string {
  if (isAbjad(token) || token.length < 2) return token;
  // digraphs first, the first letter included (ch is not k: "Chen" is not "Khan"): upper-case
  // letters stand for the sounds no single Latin letter writes
  const t = token
    .replace(/sch|sh/g, 'S')
    .replace(/ch/g, 'C')
    .replace(/kh/g, 'H')
    .replace(/zh|dzh|dj/g, 'J')
    .replace(/ph/g, 'f')
    .replace(/([tgd])h/g, '$1')
    .replace(/ck/g, 'k')
    .replace(/c(?=[eiy])/g, 's')
    .replace(/[cq]/g, 'k')
    .replace(/x/g, 'ks')
    .replace(/z/g, 's')
    .replace(/w/g, 'v');
  const endsInVowel = /[aeiouy]$/.test(token);
  const consonants = t.slice(1).replace(/[aeiouy]/g, '');
  return (t[0]! + consonants).replace(/(.)\1+/g, '$1') + (endsInVowel ? 'V' : '');
}

/**
 * Consonant skeleton, how an abjad script writes a name: short vowels gone, long vowels as w/y.
 * For a Latin token the long-vowel spellings become w (ou, oo, uu) and y (ee, ii, ei, ai, ey, ay,
 * ie, and a final i), every other vowel goes, and a final h after a plain consonant goes on both
 * sides (ta marbuta: فاطمة "ftmh" ~ fatima): "youssef" -> ywsf ~ يوسف "ywsf", "ali" -> ly ~ علي "ly".
 */
export function abjadSkeleton(token: string, memo = true): string {
  let skeleton = skeletons.get(token);
  if (skeleton === undefined) {
    skeleton = computeSkeleton(token);
    if (memo) remember(skeletons, token, skeleton);
  }
  return skeleton;
}

function computeSkeleton(token: string): string {
  // an abjad transliteration has no doubled letters of its own (the shadda is not written) and no
  // short vowels; a Latin spelling: long vowels to w/y, French ch to sh (Rachid), Egyptian g to j
  // (Gamal), v to w (Arabic has no v; Persian و is v: Vahid, Mousavi), doubled letters to one,
  // short vowels gone. Persian گ (g) and چ (ch) take the same turns, so that they meet the Latin g, ch.
  let t = isAbjad(token)
    ? token
        .slice(1)
        .replace(/ch/g, 'sh')
        .replace(/g(?!h)/g, 'j')
    : token
        .replace(/ou|oo|uu/g, 'w')
        .replace(/ee|ii|ei|ai|ey|ay|ie/g, 'y')
        .replace(/i$/, 'y')
        .replace(/ch/g, 'sh')
        .replace(/g(?!h)/g, 'j')
        .replace(/v/g, 'w')
        .replace(/(.)\1+/g, '$1');
  // th (ث) is written s in Turkish and Persian spellings ("Osman"), dh (ذ) z
  t = t
    .replace(/q/g, 'k')
    .replace(/th/g, 's')
    .replace(/dh/g, 'z')
    .replace(/[aeiou]/g, '');
  return t.length > 2 ? t.replace(/([^sktdgcz])h$/, '$1') : t;
}

/** The skeleton without w and y after the first letter: long vowels that Latin spellings often write short. */
export const skeletonWithoutLongVowels = (skeleton: string) => skeleton.replace(/(?!^)[wy]/g, '');

/** Similarity of an abjad token and a Latin one (or two skeletons), before ABJAD_FACTOR. */
function skeletonSimilarity(a: string, b: string): number {
  const sa = abjadSkeleton(a);
  const sb = abjadSkeleton(b);
  if (sa.length === 0 || sb.length === 0) return 0;
  if (sa === sb) return 1;
  const s = blend(sa, sb);
  return skeletonWithoutLongVowels(sa) === skeletonWithoutLongVowels(sb) ? Math.max(s, STRIPPED_SKELETON_SIMILARITY) : s;
}

function core(a: string, b: string, typos: boolean): number {
  if (a === b) return 1;
  const la = a.length;
  const lb = b.length;
  if (la === 1 || lb === 1) {
    if (la === 1 && lb === 1) return 0;
    return a.charCodeAt(0) === b.charCodeAt(0) ? INITIAL_SIMILARITY : 0;
  }
  const abjadA = isAbjad(a);
  const abjadB = isAbjad(b);
  if (abjadA || abjadB) {
    if (abjadA && abjadB) return blend(a.slice(1), b.slice(1));
    const latin = abjadA ? b : a;
    const known = VARIANT_ABJAD_SKELETONS.get(VARIANT_CANON.get(latin) ?? '');
    if (known !== undefined) {
      const sk = abjadSkeleton(abjadA ? a : b);
      return ABJAD_FACTOR * (sk === known ? 1 : blend(sk, known));
    }
    return ABJAD_FACTOR * skeletonSimilarity(a, b);
  }
  const edits = editDistance(a, b);
  let s = (jaroWinkler(a, b) + 1 - edits / Math.max(la, lb)) / 2;
  if (edits <= typoEdits(la, lb, !typos)) s = Math.max(s, TYPO_SIMILARITY[edits as 1 | 2]);
  // organizations: an abbreviation by truncation ("gen" general, "invest" investments, "pharma")
  if (!typos && Math.min(la, lb) >= 3 && (la < lb ? b.startsWith(a) : a.startsWith(b))) s = Math.max(s, ABBREVIATION_SIMILARITY);
  if (s >= VARIANT_SIMILARITY) return s;
  if ((a.includes('dj') || b.includes('dj')) && foldDj(a) === foldDj(b)) return DJ_SIMILARITY;
  const va = VARIANT_CANON.get(a);
  const vb = VARIANT_CANON.get(b);
  if (va !== undefined && va === vb) return VARIANT_SIMILARITY;
  // two names the variant table knows apart (Mohammed, Mahmoud) get no phonetic help
  if (s < PHONETIC_SIMILARITY && (va === undefined || vb === undefined)) {
    const ka = phoneticKey(a);
    if (ka.length >= PHONETIC_KEY_MIN && ka === phoneticKey(b)) s = PHONETIC_SIMILARITY;
  }
  return s;
}

/**
 * Similarity of two prepared tokens, 0..1 (rules in the file's header). `typos` true for person
 * names (the default), false for organization names: stricter typo rule, truncations allowed.
 */
export function tokenSimilarity(a: string, b: string, typos = true): number {
  let s = core(a, b, typos);
  if (s >= GLUED_PARTICLE_FACTOR) return s;
  const sa = gluedParticleStem(a);
  if (sa !== null) s = Math.max(s, GLUED_PARTICLE_FACTOR * core(sa, b, typos));
  const sb = gluedParticleStem(b);
  if (sb !== null) s = Math.max(s, GLUED_PARTICLE_FACTOR * core(a, sb, typos));
  return s;
}
