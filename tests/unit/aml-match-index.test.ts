import { describe, expect, it } from 'vitest';
import { DEFAULT_HIT_LIMIT, DEFAULT_MATCH_THRESHOLD, ScreeningIndex, scorePair, type IndexEntry } from '@/lib/services/aml/matcher/index';
import type { AmlEntityType, ScreeningSubject } from '@/lib/services/aml/model';
import { Rng, syntheticEntries } from '@/scripts/aml-synthetic-list';

const entry = (key: string, names: string[], entityType: AmlEntityType = 'PERSON', extra: Partial<IndexEntry> = {}): IndexEntry => ({
  key,
  entityType,
  names: names.map((name, i) => ({ name, kind: i === 0 ? 'PRIMARY' : 'AKA', weak: false })),
  birthDates: [],
  countries: [],
  ...extra,
});
const person = (name: string, extra: Partial<ScreeningSubject> = {}): ScreeningSubject => ({ name, entityType: 'PERSON', ...extra });

const LIST: IndexEntry[] = [
  entry('P1', ['DOE, John Michael', 'Johnny Doe', 'John M. Doe']),
  entry('P2', ['John Doe'], 'PERSON', { birthDates: [{ fromYear: 1961, toYear: 1961, date: null, circa: false }] }),
  entry('P3', ['Jane Doe']),
  entry('P4', ['Abd al-Rahman al-Haddad']),
  entry('P5', ['محمد بن راشد']),
  entry('P6', ['Li Xiaolong']),
  entry('P7', ['Ahmed Alrashid']),
  entry('O1', ['Acme Trading GmbH'], 'ORGANIZATION'),
  entry('O2', ['John Doe Holdings Ltd'], 'ORGANIZATION'),
  entry('V1', ['MV Ocean Star'], 'VESSEL'),
  entry('P8', ['Đorđe Jovanović']),
  entry('P9', ['김성호']),
  entry('P10', ['Reza Kazemi']),
  entry('O3', ['Nihon Kaiun Kabushiki Kaisha'], 'ORGANIZATION'),
  ...syntheticEntries(3000, 5, 'S'),
];
const index = ScreeningIndex.build(LIST);
const keys = (subject: ScreeningSubject, options?: Parameters<ScreeningIndex['search']>[1]) => index.search(subject, options).map((h) => h.entryKey);

describe('ScreeningIndex.build', () => {
  it('counts entries and names, skipping a name repeated within an entry', () => {
    const small = ScreeningIndex.build([entry('A', ['John Doe', 'JOHN DOE', 'Doe, John', 'Johnny Doe']), entry('B', ['Jane Roe'])]);
    expect(small.entryCount).toBe(2);
    expect(small.nameCount).toBe(3); // "JOHN DOE" and "Doe, John" prepare to john doe again
    expect(small.tokenCount).toBe(5); // john, doe, johnny, jane, roe
  });

  it('refuses an entity type it does not know', () => {
    expect(() => ScreeningIndex.build([{ ...entry('X', ['A B']), entityType: 'SHIP' as AmlEntityType }])).toThrow('unknown entity type SHIP of entry X');
  });
});

describe('ScreeningIndex.search', () => {
  it('finds through typos (also in the first letter), order, middle names, aliases, scripts, particles, concatenations', () => {
    expect(keys(person('John Doe'))).toEqual(expect.arrayContaining(['P1', 'P2']));
    expect(keys(person('Hohn Doe'))).toContain('P2');
    expect(keys(person('Doe John'))).toContain('P2');
    expect(keys(person('Johnny Doe'))).toContain('P1');
    expect(keys(person('Abdulrahman Alhaddad'))).toContain('P4');
    expect(keys(person('Mohammed Rashid'))).toContain('P5');
    expect(keys(person('Ahmed al-Rashid'))).toContain('P7');
    expect(keys(person('Ahmed Rashid'))).toContain('P7');
    expect(keys(person('Xiao Long Li'))).toContain('P6');
    expect(keys(person('李小龙'))).toContain('P6');
    expect(keys(person('Dorde Jovanovic'))).toContain('P8');
    expect(keys(person('Djordje Jovanovic'))).toContain('P8');
    expect(keys(person('Kim Seong-ho'))).toContain('P9');
    expect(keys(person('Gim Seongho'))).toContain('P9');
    expect(keys(person('رضا کاظمی'))).toContain('P10');
    expect(keys({ name: 'Nihon Kaiun K.K.', entityType: 'ORGANIZATION' })).toContain('O3');
  });

  it('sorts by score, then key, and answers the same hits as scorePair', () => {
    const hits = index.search(person('John Doe', { birthDate: '1961' }), { threshold: 0.5 });
    expect(hits.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < hits.length; i++) {
      const [a, b] = [hits[i - 1]!, hits[i]!];
      expect(a.score > b.score || (a.score === b.score && a.entryKey < b.entryKey)).toBe(true);
    }
    expect(hits[0]!.entryKey).toBe('P2');
    const byKey = new Map(LIST.map((e) => [e.key, e]));
    for (const hit of hits) expect(hit).toEqual(scorePair(person('John Doe', { birthDate: '1961' }), byKey.get(hit.entryKey)!));
  });

  it('keeps only hits at or above the threshold (default DEFAULT_MATCH_THRESHOLD), at most `limit`', () => {
    expect(index.search(person('Jane Doe')).every((h) => h.score >= DEFAULT_MATCH_THRESHOLD)).toBe(true);
    expect(keys(person('Jane Doe'))).not.toContain('P2');
    expect(keys(person('John Doe'), { limit: 1 })).toEqual(['P2']);
    expect(index.search(person('Mohammed Ali'), { threshold: 0 }).length).toBeLessThanOrEqual(DEFAULT_HIT_LIMIT);
  });

  it('filters entity types: persons never hit organizations or vessels, and the reverse', () => {
    expect(keys(person('John Doe Holdings'))).not.toContain('O2');
    expect(keys({ name: 'John Doe Holdings', entityType: 'ORGANIZATION' })).toContain('O2');
    expect(keys({ name: 'John Doe', entityType: 'ORGANIZATION' })).not.toContain('P2');
    expect(keys({ name: 'Ocean Star', entityType: 'ORGANIZATION' })).toEqual(['V1']);
    expect(keys(person('Ocean Star'))).not.toContain('V1');
  });

  it('a subject of unknown kind is screened against both, each by its own rules', () => {
    expect(keys({ name: 'Ocean Star', entityType: null })).toContain('V1');
    expect(keys({ name: 'Acme Trading Limited', entityType: null })).toContain('O1');
    expect(keys({ name: 'John Doe', entityType: null })).toEqual(expect.arrayContaining(['P1', 'P2']));
  });

  it('answers nothing for a subject without a name', () => {
    expect(index.search(person(' -- '))).toEqual([]);
  });

  it('finds a name whose two tokens stand for one subject token (a merge on the entry side), as scorePair scores it', () => {
    const list = [entry('H1', ['Huang Li-ting'], 'PERSON', { countries: ['TW'] }), entry('H2', ['Li-ting Wei']), entry('H3', ['Abu Bakr']), ...syntheticEntries(500, 3, 'S')];
    const small = ScreeningIndex.build(list);
    const subject = person('Liting Huang', { birthDate: '1982', countries: ['TW'] });
    expect(scorePair(subject, list[0]!)!.score).toBe(1);
    // the name was a candidate (huang) but its bound counted "liting" unmatched: 0.75 + 0.02 < 0.87
    expect(small.search(subject)).toEqual([scorePair(subject, list[0]!)]);
    // no single token in common at all, one misspelt: "abubakr" ~ "abubakar" 0.9
    expect(small.search(person('Abubakar'))).toEqual([scorePair(person('Abubakar'), list[2]!)]);
    // a subject longer than the merged name: the bound must count the name a token shorter (3 -> 2)
    const longer = person('Wei Liting Huang');
    expect(scorePair(longer, list[1]!)!.score).toBeGreaterThanOrEqual(DEFAULT_MATCH_THRESHOLD);
    expect(small.search(longer).map((h) => h.entryKey)).toContain('H2');
  });

  it('finds every hit brute force finds, on a synthetic list', () => {
    const subjects = [
      person('Dorde Jovanovic'),
      person('Kim Sung-ho'),
      person('Mohammed Ali'),
      person('Sergey Ivanov'),
      { name: 'Zarovik Trading', entityType: 'ORGANIZATION' as const },
      person('Ali Hassan Khan'),
      person('Abdul Karim bin Hamid'),
      { name: 'Ali Chen', entityType: null },
    ];
    for (const s of subjects) {
      const brute = LIST.map((e) => scorePair(s, e))
        .filter((h) => h !== null && h.score >= DEFAULT_MATCH_THRESHOLD)
        .map((h) => h!.entryKey);
      expect(new Set(keys(s, { limit: 10_000 }))).toEqual(new Set(brute));
    }
  });

  it('finds every hit brute force finds when tokens are split or joined (merges on either side), generated', { timeout: 60_000 }, () => {
    // from listed names: the subject joins two adjacent words, or splits one; and entries that
    // write a word in two ("Li-ting"), screened as the list writes them, whole, and by the word alone
    const rng = new Rng(7);
    const words = (name: string) => name.replace(/,/g, ' ').split(/\s+/).filter(Boolean);
    const split = (w: string) => {
      const at = 1 + rng.int(w.length - 1);
      return [w.slice(0, at), w.slice(at)] as const;
    };
    const subjects: ScreeningSubject[] = [];
    const written: IndexEntry[] = [];
    for (let i = 0; i < 40; i++) {
      const e = rng.pick(LIST.slice(10));
      const w = words(rng.pick(e.names).name);
      const type = e.entityType === 'PERSON' ? 'PERSON' : 'ORGANIZATION';
      const k = rng.int(w.length);
      if (w.length >= 2 && i % 4 === 0) {
        const j = rng.int(w.length - 1);
        subjects.push({ name: [...w.slice(0, j), w[j]! + w[j + 1]!, ...w.slice(j + 2)].join(' '), entityType: type });
      } else if (i % 4 === 1 && w[k]!.length >= 4) {
        subjects.push({ name: [...w.slice(0, k), ...split(w[k]!), ...w.slice(k + 1)].join(' '), entityType: type });
      } else if (w[k]!.length >= 4) {
        const [a, b] = split(w[k]!);
        const name = [...w.slice(0, k), `${a}-${b}`, ...w.slice(k + 1)];
        written.push({ ...e, key: `W${i}`, names: [{ name: (rng.chance(0.5) ? name.reverse() : name).join(' '), kind: 'PRIMARY', weak: false }] });
        subjects.push({ name: w.join(' '), entityType: type }, { name: w[k]!, entityType: type });
        if (w.length >= 2) subjects.push({ name: [...w.filter((_, j) => j !== k), w[k]!].join(' '), entityType: type });
      }
    }
    const list = [...LIST, ...written];
    const merged = ScreeningIndex.build(list);
    let hits = 0;
    for (const s of subjects) {
      const brute = list.map((e) => scorePair(s, e)).filter((h) => h !== null && h.score >= DEFAULT_MATCH_THRESHOLD);
      hits += brute.length;
      const byKey = new Map(merged.search(s, { limit: 10_000 }).map((h) => [h.entryKey, h]));
      expect([...byKey.keys()].sort()).toEqual(brute.map((h) => h!.entryKey).sort());
      for (const h of brute) expect(byKey.get(h!.entryKey)).toEqual(h);
    }
    expect(hits).toBeGreaterThan(subjects.length / 2);
  });
});

describe('buildAsync', () => {
  it('builds, in slices with the event loop served between them, the index build() builds', async () => {
    const entries: IndexEntry[] = Array.from({ length: 1_234 }, (_, i) => ({
      key: `k${i}`,
      entityType: i % 3 === 0 ? 'ORGANIZATION' : 'PERSON',
      names: [{ name: `Person${i} Family${i % 97} Middle${i % 13}`, kind: 'PRIMARY', weak: false }],
      birthDates: [],
      countries: [],
    }));
    let pauses = 0;
    const sliced = await ScreeningIndex.buildAsync(entries, async () => void pauses++);
    const whole = ScreeningIndex.build(entries);
    expect(pauses).toBe(2);
    expect([sliced.entryCount, sliced.nameCount, sliced.tokenCount]).toEqual([whole.entryCount, whole.nameCount, whole.tokenCount]);
    for (const name of ['Person17 Family17 Middle4', 'Family42 Person42', 'Persn100 Famly3']) {
      expect(sliced.search({ name, entityType: null }, { threshold: 0.8 })).toEqual(whole.search({ name, entityType: null }, { threshold: 0.8 }));
    }
  });
});
