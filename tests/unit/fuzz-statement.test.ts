import { describe, expect, it } from 'vitest';
import { statementProblem, type StatementLine } from '../e2e/fuzz/run';

/** The fuzzer's after-run check that a statement reads true (tests/e2e/fuzz/run.ts, docs/fuzzing.md). */
const line = (entry: number, direction: 'CREDIT' | 'DEBIT', amount: string, balanceAfter: string): StatementLine => ({
  entryId: `00000000-0000-4000-8000-${String(entry).padStart(12, '0')}`,
  direction,
  amount,
  balanceAfter,
});

// newest first: +10, -4, +1 -> 10, 6, 7
const TRUE = [line(3, 'CREDIT', '1.00', '7.00'), line(2, 'DEBIT', '4.00', '6.00'), line(1, 'CREDIT', '10.00', '10.00')];

describe('a statement that reads true', () => {
  it('is one whose lines follow from each other, from zero, to the balance', () => {
    expect(statementProblem(TRUE, '7.00')).toBeNull();
    expect(statementProblem([], '0.00')).toBeNull();
  });

  it('is not one listed out of the order the balance moved (the defect CI found)', () => {
    // the debit listed before the credit that paid for it: its running balance was never the wallet's
    const swapped = [line(3, 'CREDIT', '1.00', '7.00'), line(1, 'CREDIT', '10.00', '6.00'), line(2, 'DEBIT', '4.00', '-4.00')];
    // (the running balance follows the listed order, so the untruth shows as a balance the wallet never had)
    expect(statementProblem(swapped, '7.00')).toBe('line 2 (entry 00000000-0000-4000-8000-000000000002) leaves -4.00');
  });

  it('is not one with a negative balance, one that does not start at zero, or one that ends elsewhere than the balance', () => {
    expect(statementProblem([line(1, 'DEBIT', '1.00', '-1.00')], '-1.00')).toBe('line 0 (entry 00000000-0000-4000-8000-000000000001) leaves -1.00');
    expect(statementProblem([line(1, 'CREDIT', '5.00', '6.00')], '6.00')).toBe(
      'line 0 (entry 00000000-0000-4000-8000-000000000001, CREDIT 5.00) leaves 6.00, but the line before it left 0.00',
    );
    expect(statementProblem(TRUE, '8.00')).toBe('the newest line leaves 7.00, the wallet holds 8.00');
  });
});
