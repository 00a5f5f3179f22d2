/**
 * String similarity of two tokens: Jaro-Winkler (Winkler 1990: prefix scale 0.1, common prefix up to
 * 4 characters, applied only when the Jaro similarity exceeds 0.7, as in Winkler's original and in
 * Moov Watchman's `internal/stringscore` with its defaults) and the optimal-string-alignment
 * distance (Levenshtein with adjacent transpositions, the "Damerau-Levenshtein" of nomenklatura's
 * `rigour.text.distance`). Pure, allocation-light: they run many thousand times per screening.
 */

/** Reused scratch buffers (the matcher is synchronous, so one set per process is enough). */
let flagsA = new Uint8Array(64);
let flagsB = new Uint8Array(64);
let rowPrev2 = new Int32Array(64);
let rowPrev = new Int32Array(64);
let rowCur = new Int32Array(64);

function ensure(n: number): void {
  if (flagsA.length >= n + 1) return;
  const size = Math.max(n + 1, flagsA.length * 2);
  flagsA = new Uint8Array(size);
  flagsB = new Uint8Array(size);
  rowPrev2 = new Int32Array(size);
  rowPrev = new Int32Array(size);
  rowCur = new Int32Array(size);
}

/** Jaro similarity, 0..1 (1 for two equal strings, 0 when one is empty and the other not). */
export function jaro(a: string, b: string): number {
  if (a === b) return 1;
  const la = a.length;
  const lb = b.length;
  if (la === 0 || lb === 0) return 0;
  ensure(Math.max(la, lb));
  const window = Math.max(0, Math.floor(Math.max(la, lb) / 2) - 1);
  flagsA.fill(0, 0, la);
  flagsB.fill(0, 0, lb);
  let matches = 0;
  for (let i = 0; i < la; i++) {
    const lo = Math.max(0, i - window);
    const hi = Math.min(lb - 1, i + window);
    const c = a.charCodeAt(i);
    for (let j = lo; j <= hi; j++) {
      if (flagsB[j] === 0 && b.charCodeAt(j) === c) {
        flagsA[i] = 1;
        flagsB[j] = 1;
        matches++;
        break;
      }
    }
  }
  if (matches === 0) return 0;
  // half the number of matched characters that are out of order
  let transpositions = 0;
  let k = 0;
  for (let i = 0; i < la; i++) {
    if (flagsA[i] === 0) continue;
    while (flagsB[k] === 0) k++;
    if (a.charCodeAt(i) !== b.charCodeAt(k)) transpositions++;
    k++;
  }
  const m = matches;
  return (m / la + m / lb + (m - transpositions / 2) / m) / 3;
}

/** Jaro-Winkler similarity, 0..1: MARTHA/MARHTA 0.961, DWAYNE/DUANE 0.84, DIXON/DICKSONX 0.813. */
export function jaroWinkler(a: string, b: string): number {
  const j = jaro(a, b);
  if (j <= 0.7) return j;
  const max = Math.min(4, a.length, b.length);
  let prefix = 0;
  while (prefix < max && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  return j + prefix * 0.1 * (1 - j);
}

/**
 * Optimal string alignment distance: insertions, deletions, substitutions and transpositions of two
 * adjacent characters each cost 1 ("jonh" -> "john" is one edit, not two).
 */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  const la = a.length;
  const lb = b.length;
  if (la === 0) return lb;
  if (lb === 0) return la;
  ensure(lb);
  for (let j = 0; j <= lb; j++) rowPrev[j] = j;
  let prev2 = rowPrev2;
  let prev = rowPrev;
  let cur = rowCur;
  for (let i = 1; i <= la; i++) {
    cur[0] = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= lb; j++) {
      const cb = b.charCodeAt(j - 1);
      const cost = ca === cb ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
    }
    const t = prev2;
    prev2 = prev;
    prev = cur;
    cur = t;
  }
  const result = prev[lb]!;
  rowPrev2 = prev2;
  rowPrev = prev;
  rowCur = cur;
  return result;
}

/** 1 - edit distance / length of the longer string, 0..1. */
export function editSimilarity(a: string, b: string): number {
  const max = Math.max(a.length, b.length);
  return max === 0 ? 1 : 1 - editDistance(a, b) / max;
}
