import { describe, expect, it } from 'vitest';
import { DEFAULT_MATCH_THRESHOLD } from '@/lib/services/aml/matcher/index';
import { evaluate, loadEvaluationSet, printResult } from '@/scripts/aml-evaluate';

/**
 * The labelled set (tests/fixtures/aml/evaluation.json, scripts/aml-evaluation-set.ts) screened
 * through ONE index with its 5,000 distractors, as `npm run aml:evaluate` does: quality, not timing.
 */
describe('AML matcher evaluation', () => {
  it('reaches precision >= 0.98 and recall >= 0.90 at the default threshold', { timeout: 120_000 }, () => {
    const pairs = loadEvaluationSet();
    expect(pairs.length).toBeGreaterThanOrEqual(500);
    const [result] = evaluate(pairs, [DEFAULT_MATCH_THRESHOLD]);
    printResult(result!);
    expect(result!.overall.precision).toBeGreaterThanOrEqual(0.98);
    expect(result!.overall.recall).toBeGreaterThanOrEqual(0.9);
  });
});
