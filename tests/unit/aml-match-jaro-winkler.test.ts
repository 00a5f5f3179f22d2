import { describe, expect, it } from 'vitest';
import { editDistance, editSimilarity, jaro, jaroWinkler } from '@/lib/services/aml/matcher/jaro-winkler';

/** The textbook values (Winkler 1990; the Wikipedia examples), to 3 decimals. */
describe('Jaro-Winkler', () => {
  it.each([
    ['MARTHA', 'MARHTA', 0.961],
    ['DWAYNE', 'DUANE', 0.84],
    ['DIXON', 'DICKSONX', 0.813],
    ['JELLYFISH', 'SMELLYFISH', 0.896],
    ['CRATE', 'TRACE', 0.733],
    ['abc', 'abc', 1],
    ['abc', 'xyz', 0],
    ['', 'abc', 0],
    ['', '', 1],
  ])('%s / %s = %s', (a, b, expected) => {
    expect(jaroWinkler(a, b)).toBeCloseTo(expected, 3);
    expect(jaroWinkler(b, a)).toBeCloseTo(expected, 3);
  });

  it('Jaro itself: MARTHA/MARHTA 0.944, DWAYNE/DUANE 0.822, DIXON/DICKSONX 0.767', () => {
    expect(jaro('MARTHA', 'MARHTA')).toBeCloseTo(0.944, 3);
    expect(jaro('DWAYNE', 'DUANE')).toBeCloseTo(0.822, 3);
    expect(jaro('DIXON', 'DICKSONX')).toBeCloseTo(0.767, 3);
  });

  it('gives no prefix bonus at or below a Jaro of 0.7', () => {
    // CRATE/TRACE: Jaro 0.733 > 0.7 but no common prefix; ab/ba: Jaro 0 (window 0)
    expect(jaroWinkler('CRATE', 'TRACE')).toBeCloseTo(jaro('CRATE', 'TRACE'), 10);
    expect(jaroWinkler('ab', 'ba')).toBe(0);
  });

  it('works on long strings (buffers grow)', () => {
    const a = 'x'.repeat(200) + 'abc';
    expect(jaroWinkler(a, a)).toBe(1);
    expect(jaroWinkler(a, a.slice(0, 150))).toBeGreaterThan(0.9);
  });
});

describe('edit distance (optimal string alignment)', () => {
  it.each([
    ['kitten', 'sitting', 3],
    ['jonh', 'john', 1],
    ['ca', 'abc', 3],
    ['', 'abc', 3],
    ['flaw', 'lawn', 2],
    ['same', 'same', 0],
  ])('%s / %s = %s', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
    expect(editDistance(b, a)).toBe(d);
  });

  it('similarity is 1 - distance / longer length', () => {
    expect(editSimilarity('kitten', 'sitting')).toBeCloseTo(1 - 3 / 7, 10);
    expect(editSimilarity('', '')).toBe(1);
  });
});
