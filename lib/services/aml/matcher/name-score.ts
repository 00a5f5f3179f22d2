/**
 * The name score of two prepared names (docs/aml-matcher.md, "Name score"):
 *
 *   1. every token of one side against every token of the other (similarity.ts);
 *   2. the assignment of the shorter side's tokens to the longer side's that maximises the total
 *      similarity (exhaustive for the small sizes names have, greedy best pair beyond: Watchman's
 *      `BestPairsJaroWinkler`, nomenklatura's `_align_name_parts`); order does not matter;
 *   3. two adjacent tokens of one side may stand for one token of the other ("abdul rahman" ~
 *      "abdulrahman", "xiao long" ~ "xiaolong"): merged when that raises the score;
 *   4. score = weighted geometric mean of the paired similarities (generic company words weigh
 *      half; a pair under GOOD_PAIR, 0.85, enters squared), times (1 - cost) for every token of the
 *      longer side left unpaired: 0.04 for a middle token and 0.10 for a first or last one when
 *      every pair is good and the shorter side has 2+ tokens ("John Doe" ~ "John Michael Doe"
 *      0.96); 0.25 otherwise ("Mohammed" is not "Mohammed Ali": 0.75). A generic company word left
 *      over costs half.
 *
 * The geometric mean, and the square under 0.85, make one clearly different token decisive:
 * "Mohammed Ali" ~ "Mohammed Hassan" is 0.33 where an arithmetic mean would say 0.67, and "Reza Ali
 * Rahimi" ~ "Ali Reza Karimi" 0.82 where it would say 0.91; nomenklatura's `_align_name_parts`
 * multiplies the pair scores for the same reason.
 */
import { GENERIC_ORG_WORDS, displayToken, isAbjad, type NameGroup } from './normalize';
import { tokenSimilarity } from './similarity';

/** A pair at or above this similarity counts as a matched token. */
export const GOOD_PAIR = 0.85;
export const MIDDLE_TOKEN_COST = 0.04;
export const EDGE_TOKEN_COST = 0.1;
export const UNPAIRED_TOKEN_COST = 0.25;
export const GENERIC_WORD_WEIGHT = 0.5;
/** Two merged tokens must reach this similarity to the other side's token. */
export const CONCAT_MIN = 0.9;
/** Pair similarity floor inside the logarithm. */
const FLOOR = 0.01;

export type SimilarityFn = (subjectIndex: number, entryIndex: number) => number;

export interface AlignedPair {
  /** display text of the subject side (two merged tokens joined by a space) */
  subject: string;
  entry: string;
  similarity: number;
}

export interface NameAlignment {
  score: number;
  /** pairs in the subject's token order, then the subject's unpaired tokens (entry ''), */
  pairs: AlignedPair[];
  /** subject tokens with no partner */
  subjectUnpaired: string[];
  /** entry tokens with no partner, and whether each stood between paired tokens */
  entryUnpaired: { token: string; middle: boolean }[];
  /** pairs at or above GOOD_PAIR */
  matched: number;
  /** tokens of the longer side (after merges) */
  total: number;
  /** "middle name missing", "1 more token in the entry"... */
  notes: string[];
}

const weightOf = (token: string, group: NameGroup) => (group === 'ORGANIZATION' && GENERIC_ORG_WORDS.has(token) ? GENERIC_WORD_WEIGHT : 1);

/** Best assignment rows -> columns (rows <= cols) maximising the total of `m`, as row -> column. */
function assign(m: Float64Array, rows: number, cols: number): Int32Array {
  const best = new Int32Array(rows).fill(-1);
  if (rows <= 4 && cols <= 7) {
    // exhaustive: at most 7*6*5*4 = 840 leaves
    const cur = new Int32Array(rows);
    const used = new Uint8Array(cols);
    let bestTotal = -1;
    const dfs = (r: number, total: number) => {
      if (r === rows) {
        if (total > bestTotal + 1e-12) {
          bestTotal = total;
          best.set(cur);
        }
        return;
      }
      for (let c = 0; c < cols; c++) {
        if (used[c]) continue;
        used[c] = 1;
        cur[r] = c;
        dfs(r + 1, total + m[r * cols + c]!);
        used[c] = 0;
      }
    };
    dfs(0, 0);
    return best;
  }
  // greedy best pair first
  const cells: number[] = [];
  for (let i = 0; i < rows * cols; i++) cells.push(i);
  cells.sort((a, b) => m[b]! - m[a]! || a - b);
  const usedCol = new Uint8Array(cols);
  let left = rows;
  for (const cell of cells) {
    const r = Math.floor(cell / cols);
    const c = cell % cols;
    if (best[r] !== -1 || usedCol[c]) continue;
    best[r] = c;
    usedCol[c] = 1;
    if (--left === 0) break;
  }
  return best;
}

interface Side {
  tokens: string[];
  /** display text per token */
  shown: string[];
}

function align(subject: Side, entry: Side, sim: (a: number, b: number) => number, group: NameGroup): NameAlignment {
  const m = subject.tokens.length;
  const n = entry.tokens.length;
  const subjectShorter = m <= n;
  const rows = subjectShorter ? m : n;
  const cols = subjectShorter ? n : m;
  const matrix = new Float64Array(rows * cols);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) matrix[r * cols + c] = subjectShorter ? sim(r, c) : sim(c, r);
  }
  const rowToCol = assign(matrix, rows, cols);
  const pairOfSubject = new Int32Array(m).fill(-1);
  const pairOfEntry = new Int32Array(n).fill(-1);
  for (let r = 0; r < rows; r++) {
    const c = rowToCol[r]!;
    if (c < 0) continue;
    if (subjectShorter) {
      pairOfSubject[r] = c;
      pairOfEntry[c] = r;
    } else {
      pairOfSubject[c] = r;
      pairOfEntry[r] = c;
    }
  }
  let weighted = 0;
  let weights = 0;
  let allGood = true;
  let matched = 0;
  const pairs: AlignedPair[] = [];
  const subjectUnpaired: string[] = [];
  for (let i = 0; i < m; i++) {
    const j = pairOfSubject[i]!;
    if (j < 0) {
      subjectUnpaired.push(subject.shown[i]!);
      continue;
    }
    const s = subjectShorter ? matrix[i * cols + j]! : matrix[j * cols + i]!;
    const w = Math.min(weightOf(subject.tokens[i]!, group), weightOf(entry.tokens[j]!, group));
    // a pair below GOOD_PAIR counts twice in the logarithm (its similarity squared): one token that
    // does not match must be able to sink a long name ("Reza Ali Rahimi" is not "Ali Reza Karimi")
    weighted += (s >= GOOD_PAIR ? w : 2 * w) * Math.log(Math.max(s, FLOOR));
    weights += w;
    if (s >= GOOD_PAIR) matched++;
    else allGood = false;
    pairs.push({ subject: subject.shown[i]!, entry: entry.shown[j]!, similarity: s });
  }
  let score = weights > 0 ? Math.exp(weighted / weights) : 0;
  // unpaired tokens of the longer side
  const longer = subjectShorter ? entry : subject;
  const pairedOfLonger = subjectShorter ? pairOfEntry : pairOfSubject;
  let first = -1;
  let last = -1;
  pairedOfLonger.forEach((p, i) => {
    if (p >= 0) {
      if (first < 0) first = i;
      last = i;
    }
  });
  const entryUnpaired: { token: string; middle: boolean }[] = [];
  let middleMissing = 0;
  let edgeMissing = 0;
  for (let i = 0; i < longer.tokens.length; i++) {
    if (pairedOfLonger[i]! >= 0) continue;
    const middle = i > first && i < last;
    let cost = !allGood || rows < 2 ? UNPAIRED_TOKEN_COST : middle ? MIDDLE_TOKEN_COST : EDGE_TOKEN_COST;
    if (weightOf(longer.tokens[i]!, group) < 1) cost /= 2;
    score *= 1 - cost;
    if (middle) middleMissing++;
    else edgeMissing++;
    if (subjectShorter) entryUnpaired.push({ token: longer.shown[i]!, middle });
  }
  const notes: string[] = [];
  const extra = middleMissing + edgeMissing;
  if (extra > 0) {
    const where = subjectShorter ? 'entry' : 'subject';
    if (allGood && rows >= 2 && edgeMissing === 0)
      notes.push(middleMissing === 1 ? `middle name missing${subjectShorter ? '' : ' in the entry'}` : `${middleMissing} middle names missing${subjectShorter ? '' : ' in the entry'}`);
    else notes.push(`${extra} more token${extra > 1 ? 's' : ''} in the ${where}`);
  }
  return { score, pairs, subjectUnpaired, entryUnpaired, matched, total: Math.max(m, n), notes };
}

/** Two adjacent tokens written as one (the same script on both sides), or null. The index posts names under these too. */
export const joinTokens = (a: string, b: string): string | null => (isAbjad(a) && isAbjad(b) ? a + b.slice(1) : isAbjad(a) || isAbjad(b) ? null : a + b);

/**
 * The one merge of two adjacent tokens of `side` that makes a token the other side has (>= 0.9 and
 * better than either part), or null.
 */
function bestMerge(side: Side, other: Side, simOf: (a: string, b: string) => number): Side[] {
  const out: Side[] = [];
  for (let i = 0; i + 1 < side.tokens.length; i++) {
    const joined = joinTokens(side.tokens[i]!, side.tokens[i + 1]!);
    if (joined === null) continue;
    for (const o of other.tokens) {
      // cheap test first: about the same length (a merged pair is never compared for nothing)
      if (!isAbjad(o) && !isAbjad(joined) && Math.abs(o.length - joined.length) > 2) continue;
      const s = simOf(joined, o);
      if (s >= CONCAT_MIN && s > simOf(side.tokens[i]!, o) && s > simOf(side.tokens[i + 1]!, o)) {
        out.push({
          tokens: [...side.tokens.slice(0, i), joined, ...side.tokens.slice(i + 2)],
          shown: [...side.shown.slice(0, i), `${side.shown[i]} ${side.shown[i + 1]}`, ...side.shown.slice(i + 2)],
        });
        break;
      }
    }
  }
  return out;
}

/**
 * Aligns two prepared names and scores them (rules in the file's header). `sim`, when given,
 * answers the similarity of subject token i and entry token j of the unmerged names (the index
 * passes its cache); merged tokens are always compared directly.
 */
export function scoreNames(subjectTokens: readonly string[], entryTokens: readonly string[], group: NameGroup, sim?: SimilarityFn): NameAlignment {
  if (subjectTokens.length === 0 || entryTokens.length === 0) {
    return {
      score: 0,
      pairs: [],
      subjectUnpaired: subjectTokens.map(displayToken),
      entryUnpaired: [],
      matched: 0,
      total: Math.max(subjectTokens.length, entryTokens.length),
      notes: ['no name to compare'],
    };
  }
  const subject: Side = { tokens: [...subjectTokens], shown: subjectTokens.map(displayToken) };
  const entry: Side = { tokens: [...entryTokens], shown: entryTokens.map(displayToken) };
  const typos = group === 'PERSON';
  const simOf = (a: string, b: string) => tokenSimilarity(a, b, typos);
  const direct = (s: Side, e: Side) => (i: number, j: number) => simOf(s.tokens[i]!, e.tokens[j]!);
  let best = align(subject, entry, sim ?? direct(subject, entry), group);
  if (best.matched === best.pairs.length && subject.tokens.length === entry.tokens.length) return best;
  // concatenations: one merge on either side (each tried), then the better of all
  for (const s of bestMerge(subject, entry, simOf)) {
    const a = align(s, entry, direct(s, entry), group);
    if (a.score > best.score) best = a;
  }
  for (const e of bestMerge(entry, subject, simOf)) {
    const a = align(subject, e, direct(subject, e), group);
    if (a.score > best.score) best = a;
  }
  return best;
}

/** How much more a weak alias's distance from a perfect 1 counts. */
export const WEAK_ALIAS_FACTOR = 5;
/**
 * A weak alias's name score: its distance from a perfect 1 counts five times (0.99 -> 0.95, 0.97
 * -> 0.85, 0.95 -> 0.75), so only the alias as written, give or take case, punctuation and
 * particles, reaches the threshold: OFAC calls weak AKAs "relatively broad" and nomenklatura's
 * `weak_alias_match` accepts them only literally.
 */
export function weakAliasScore(score: number): number {
  return Math.max(0, 1 - WEAK_ALIAS_FACTOR * (1 - score));
}
