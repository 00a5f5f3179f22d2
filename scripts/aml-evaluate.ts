/**
 * Evaluates the AML name matcher on the labelled set (tests/fixtures/aml/evaluation.json):
 *
 *   npm run aml:evaluate [-- <set.json>] [-- --threshold 0.88] [-- --sweep]
 *
 * Builds ONE ScreeningIndex from the entries of every pair plus DISTRACTORS synthetic entries
 * (scripts/aml-synthetic-list.ts), screens each pair's subject through the index (candidate
 * generation included, not only scorePair) and counts the pair as predicted-match when its own
 * entry is among the hits at the threshold. Prints precision, recall and F1 overall and per
 * category, and every misclassified pair with its best score (scorePair) for reading.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_MATCH_THRESHOLD, ScreeningIndex, scorePair, type IndexEntry } from '../lib/services/aml/matcher/index';
import type { EvaluationPair } from './aml-evaluation-set';
import { syntheticEntries } from './aml-synthetic-list';

export const DISTRACTORS = 5000;

export interface Counts {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}
export interface EvaluationResult {
  threshold: number;
  pairs: number;
  distractors: number;
  overall: Counts & { precision: number; recall: number; f1: number };
  categories: Record<string, Counts & { precision: number; recall: number; f1: number; accuracy: number }>;
  misclassified: { pair: EvaluationPair; predicted: boolean; score: number | null; detail: string }[];
  /** milliseconds: building the index, screening every subject */
  buildMs: number;
  screenMs: number;
}

const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);
function rates(c: Counts) {
  const precision = ratio(c.tp, c.tp + c.fp);
  const recall = ratio(c.tp, c.tp + c.fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { ...c, precision, recall, f1, accuracy: ratio(c.tp + c.tn, c.tp + c.tn + c.fp + c.fn) };
}

export function loadEvaluationSet(file = path.join(process.cwd(), 'tests', 'fixtures', 'aml', 'evaluation.json')): EvaluationPair[] {
  return (JSON.parse(readFileSync(file, 'utf8')) as { pairs: EvaluationPair[] }).pairs;
}

const entryOf = (pair: EvaluationPair): IndexEntry => ({ key: pair.id, ...pair.entry });

/** Builds the index over the pairs' entries and the distractors once; screens at each threshold. */
export function evaluate(pairs: EvaluationPair[], thresholds: number[] = [DEFAULT_MATCH_THRESHOLD], distractors = DISTRACTORS): EvaluationResult[] {
  const started = performance.now();
  const index = ScreeningIndex.build([...pairs.map(entryOf), ...syntheticEntries(distractors, 23, 'D')]);
  const buildMs = performance.now() - started;
  const lowest = Math.min(...thresholds);
  const screenStarted = performance.now();
  // one screening per pair at the lowest threshold; the others are read from its hits
  const scores = pairs.map((pair) => {
    const hit = index.search(pair.subject, { threshold: lowest, limit: 100_000 }).find((h) => h.entryKey === pair.id);
    return hit ? hit.score : null;
  });
  const screenMs = performance.now() - screenStarted;
  return thresholds.map((threshold) => {
    const overall: Counts = { tp: 0, fp: 0, fn: 0, tn: 0 };
    const byCategory = new Map<string, Counts>();
    const misclassified: EvaluationResult['misclassified'] = [];
    pairs.forEach((pair, i) => {
      const predicted = scores[i] !== null && scores[i]! >= threshold;
      const c = byCategory.get(pair.category) ?? { tp: 0, fp: 0, fn: 0, tn: 0 };
      byCategory.set(pair.category, c);
      const key = pair.match ? (predicted ? 'tp' : 'fn') : predicted ? 'fp' : 'tn';
      c[key]++;
      overall[key]++;
      if (predicted !== pair.match) {
        const direct = scorePair(pair.subject, entryOf(pair));
        misclassified.push({
          pair,
          predicted,
          score: direct?.score ?? null,
          detail: direct ? direct.contributions.map((x) => `${x.field} ${x.effect}: ${x.detail}`).join(' | ') : 'filtered (entity types)',
        });
      }
    });
    return {
      threshold,
      pairs: pairs.length,
      distractors,
      overall: rates(overall),
      categories: Object.fromEntries([...byCategory].map(([k, c]) => [k, rates(c)])),
      misclassified,
      buildMs,
      screenMs,
    };
  });
}

const pct = (n: number) => (n * 100).toFixed(1).padStart(5);

export function printResult(r: EvaluationResult, { misclassified = true } = {}): void {
  const o = r.overall;
  console.log(`threshold ${r.threshold}: ${r.pairs} pairs + ${r.distractors} distractor entries in one index (built in ${r.buildMs.toFixed(0)} ms, screened in ${r.screenMs.toFixed(0)} ms)`);
  console.log(`overall  precision ${pct(o.precision)}%  recall ${pct(o.recall)}%  F1 ${pct(o.f1)}%   (tp ${o.tp}, fp ${o.fp}, fn ${o.fn}, tn ${o.tn})`);
  console.log('category             pairs  precision  recall   F1    accuracy  (tp/fp/fn/tn)');
  for (const [name, c] of Object.entries(r.categories)) {
    const n = c.tp + c.fp + c.fn + c.tn;
    console.log(`${name.padEnd(20)} ${String(n).padStart(5)}   ${pct(c.precision)}%  ${pct(c.recall)}%  ${pct(c.f1)}%  ${pct(c.accuracy)}%   (${c.tp}/${c.fp}/${c.fn}/${c.tn})`);
  }
  if (misclassified && r.misclassified.length) {
    console.log(`\nmisclassified (${r.misclassified.length}):`);
    for (const m of r.misclassified) {
      console.log(`  ${m.pair.id} [${m.pair.match ? 'match' : 'no match'}, predicted ${m.predicted ? 'match' : 'no match'}] ${m.pair.note}`);
      console.log(
        `    subject ${JSON.stringify(m.pair.subject.name)}${m.pair.subject.birthDate ? ` born ${m.pair.subject.birthDate}` : ''}  entry ${m.pair.entry.names.map((n) => JSON.stringify(n.name) + (n.weak ? ' (weak)' : '')).join(' / ')}`,
      );
      console.log(`    scorePair ${m.score ?? '-'}: ${m.detail}`);
    }
  }
}

function main(): void {
  const args = process.argv.slice(2);
  const file = args.find((a) => a.endsWith('.json'));
  const pairs = loadEvaluationSet(file);
  const threshold = args.includes('--threshold') ? Number(args[args.indexOf('--threshold') + 1]) : DEFAULT_MATCH_THRESHOLD;
  if (args.includes('--sweep')) {
    const thresholds = [0.8, 0.82, 0.84, 0.85, 0.86, 0.87, 0.88, 0.89, 0.9, 0.92, 0.94];
    console.log('threshold  precision  recall   F1');
    for (const r of evaluate(pairs, thresholds))
      console.log(`  ${r.threshold.toFixed(2)}     ${pct(r.overall.precision)}%  ${pct(r.overall.recall)}%  ${pct(r.overall.f1)}%  (fp ${r.overall.fp}, fn ${r.overall.fn})`);
    return;
  }
  const [result] = evaluate(pairs, [threshold]);
  printResult(result!);
}

if (process.argv[1] && /aml-evaluate\.ts$/.test(process.argv[1])) main();
