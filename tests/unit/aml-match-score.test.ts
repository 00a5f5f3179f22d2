import { describe, expect, it } from 'vitest';
import { birthDateEffect, countryEffect, entityTypeEffect } from '@/lib/services/aml/matcher/fields';
import { scorePair, type IndexEntry } from '@/lib/services/aml/matcher/index';
import type { EntryBirthDate, EntryName, ScreeningSubject } from '@/lib/services/aml/model';

const name = (n: string, kind: EntryName['kind'] = 'PRIMARY', weak = false): EntryName => ({ name: n, kind, weak });
const entry = (names: (string | EntryName)[], extra: Partial<IndexEntry> = {}): IndexEntry => ({
  key: 'E1',
  entityType: 'PERSON',
  names: names.map((n, i) => (typeof n === 'string' ? name(n, i === 0 ? 'PRIMARY' : 'AKA') : n)),
  birthDates: [],
  countries: [],
  ...extra,
});
const person = (n: string, extra: Partial<ScreeningSubject> = {}): ScreeningSubject => ({ name: n, entityType: 'PERSON', ...extra });
const year = (y: number, circa = false): EntryBirthDate => ({ fromYear: y, toYear: y, date: null, circa });
const day = (d: string): EntryBirthDate => ({ fromYear: Number(d.slice(0, 4)), toYear: Number(d.slice(0, 4)), date: d, circa: false });

describe('birth date effect', () => {
  it.each([
    ['1961-03-02', [day('1961-03-02')], 0.06, 'born 1961-03-02, as the entry'],
    ['1961-03-02', [year(1961)], 0.03, 'born 1961-03-02, entry born 1961 (same year)'],
    ['1961', [day('1961-05-01')], 0.03, 'born 1961, entry born 1961-05-01 (same year)'],
    ['1961-03-02', [day('1961-05-01')], 0.01, 'born 1961-03-02, entry born 1961-05-01 (same year, another day)'],
    ['1962', [year(1961)], 0, 'born 1962, entry born 1961 (a year apart)'],
    ['1963', [year(1961)], -0.05, 'born 1963, entry born 1961 (2 years apart)'],
    ['1965', [year(1961)], -0.15, 'born 1965, entry born 1961 (4 years apart)'],
    ['1981', [year(1961)], -0.25, 'born 1981, entry born 1961 (20 years apart: another person)'],
    ['1963', [year(1961, true)], 0.03, "born 1963, entry born circa 1961 (within the entry's years)"],
    ['1970', [{ fromYear: 1968, toYear: 1972, date: null, circa: false }], 0.03, "born 1970, entry born 1968-1972 (within the entry's years)"],
    ['1975', [year(1960), day('1975-01-01')], 0.03, 'born 1975, entry born 1975-01-01 (same year)'],
  ])('subject %s against %j: %s', (subject, dates, effect, detail) => {
    expect(birthDateEffect(subject, dates)).toEqual({ field: 'birthDate', effect, detail });
  });

  it('says nothing when either side has no date, or the subject date is unreadable', () => {
    expect(birthDateEffect(null, [year(1961)])).toBeNull();
    expect(birthDateEffect('1961', [])).toBeNull();
    expect(birthDateEffect('03/02/1961', [year(1961)])).toBeNull();
  });
});

describe('country effect', () => {
  it('raises a little on overlap, lowers a little on none, says nothing when a side is unknown', () => {
    expect(countryEffect(['gb'], ['GB', 'IE'])).toEqual({ field: 'country', effect: 0.02, detail: 'GB on both sides' });
    expect(countryEffect(['DE'], ['SY', 'IR'])).toEqual({ field: 'country', effect: -0.03, detail: 'subject DE, entry IR, SY: no country in common' });
    expect(countryEffect([], ['IR'])).toBeNull();
    expect(countryEffect(undefined, ['IR'])).toBeNull();
    expect(countryEffect(['IR'], [])).toBeNull();
  });
});

describe('entity type', () => {
  it('filters persons against organizations, vessels, aircraft and the reverse; unknown says nothing', () => {
    expect(entityTypeEffect('PERSON', 'ORGANIZATION')).toBe('mismatch');
    expect(entityTypeEffect('PERSON', 'VESSEL')).toBe('mismatch');
    expect(entityTypeEffect('ORGANIZATION', 'PERSON')).toBe('mismatch');
    expect(entityTypeEffect('ORGANIZATION', 'AIRCRAFT')).toEqual({ field: 'entityType', effect: 0, detail: 'organization; the entry is an aircraft, screened as an organization' });
    expect(entityTypeEffect(null, 'PERSON')).toBeNull();
    expect(scorePair(person('Ocean Star'), entry(['MV Ocean Star'], { entityType: 'VESSEL' }))).toBeNull();
    expect(scorePair({ name: 'Roman Frolov', entityType: 'ORGANIZATION' }, entry(['Roman Frolov']))).toBeNull();
    expect(scorePair({ name: 'Ocean Star', entityType: null }, entry(['MV Ocean Star'], { entityType: 'VESSEL' }))?.score).toBe(1);
  });
});

describe('scorePair: the explained hit', () => {
  it('"john doe" ~ "DOE, John Michael": the name contribution in words', () => {
    expect(scorePair(person('john doe'), entry(['DOE, John Michael']))).toEqual({
      entryKey: 'E1',
      score: 0.96,
      matchedName: 'DOE, John Michael',
      matchedNameKind: 'PRIMARY',
      tokens: [
        { subject: 'john', entry: 'john', similarity: 1 },
        { subject: 'doe', entry: 'doe', similarity: 1 },
      ],
      contributions: [
        { field: 'name', effect: 0.96, detail: '"john doe" ~ "DOE, John Michael": 2 of 3 tokens matched (john=john 1.00, doe=doe 1.00), middle name missing' },
        { field: 'entityType', effect: 0, detail: 'person, as the entry' },
      ],
    });
  });

  it('every field in its contribution, summed and clamped to 1', () => {
    const hit = scorePair(person('John Doe', { birthDate: '1961-03-02', countries: ['GB'] }), entry(['DOE, John Michael'], { birthDates: [day('1961-03-02')], countries: ['GB', 'IE'] }))!;
    expect(hit.contributions.map((c) => [c.field, c.effect])).toEqual([
      ['name', 0.96],
      ['birthDate', 0.06],
      ['country', 0.02],
      ['entityType', 0],
    ]);
    expect(hit.score).toBe(1);
  });

  it('the same name born 20 years apart falls far below the threshold', () => {
    const hit = scorePair(person('Jon Doe', { birthDate: '1981' }), entry(['John Doe'], { birthDates: [year(1961)] }))!;
    expect(hit.contributions).toEqual([
      { field: 'name', effect: 0.949, detail: '"jon doe" ~ "John Doe": 2 of 2 tokens matched (jon~john 0.90, doe=doe 1.00)' },
      { field: 'birthDate', effect: -0.25, detail: 'born 1981, entry born 1961 (20 years apart: another person)' },
      { field: 'entityType', effect: 0, detail: 'person, as the entry' },
    ]);
    expect(hit.score).toBe(0.699);
  });

  it('organizations: legal forms do not count; a country elsewhere lowers a little', () => {
    const hit = scorePair({ name: 'Acme Trading GmbH', entityType: 'ORGANIZATION', countries: ['DE'] }, entry(['ACME TRADING LIMITED'], { entityType: 'ORGANIZATION', countries: ['IR'] }))!;
    expect(hit.contributions).toEqual([
      { field: 'name', effect: 1, detail: '"acme trading" ~ "ACME TRADING LIMITED": 2 of 2 tokens matched (acme=acme 1.00, trading=trading 1.00)' },
      { field: 'country', effect: -0.03, detail: 'subject DE, entry IR: no country in common' },
      { field: 'entityType', effect: 0, detail: 'organization, as the entry' },
    ]);
    expect(hit.score).toBe(0.97);
  });

  it('a near-miss says which token did not match', () => {
    const hit = scorePair(person('Mohammed Ali'), entry(['Mohammed Hassan']))!;
    expect(hit.contributions[0]).toEqual({ field: 'name', effect: 0.333, detail: '"mohammed ali" ~ "Mohammed Hassan": 1 of 2 tokens matched (mohammed=mohammed 1.00, ali~hassan 0.33)' });
    expect(hit.tokens).toEqual([
      { subject: 'mohammed', entry: 'mohammed', similarity: 1 },
      { subject: 'ali', entry: 'hassan', similarity: 0.333 },
    ]);
  });

  it('aliases: the best of all names counts, and the hit says which', () => {
    const hit = scorePair(person('Jane Roe'), entry(['John Doe', 'Jane Roe']))!;
    expect(hit).toMatchObject({ score: 1, matchedName: 'Jane Roe', matchedNameKind: 'AKA' });
    expect(hit.contributions[0]!.detail).toBe('"jane roe" ~ "Jane Roe": 2 of 2 tokens matched (jane=jane 1.00, roe=roe 1.00), alias (AKA)');
    const former = scorePair({ name: 'Kedr Granit Ltd', entityType: 'ORGANIZATION' }, entry(['Almaz LLC', name('Kedr Granit Limited', 'FKA')], { entityType: 'ORGANIZATION' }))!;
    expect(former).toMatchObject({ score: 1, matchedNameKind: 'FKA' });
  });

  it('weak aliases: as written they match, a variant does not', () => {
    const names = ['Karim Haddad', name('Abu Hamza', 'AKA', true)];
    const exact = scorePair(person('ABU HAMZA'), entry(names))!;
    expect(exact.score).toBe(1);
    expect(exact.contributions[0]!.detail).toBe('"abu hamza" ~ "Abu Hamza": 2 of 2 tokens matched (abu=abu 1.00, hamza=hamza 1.00), alias (AKA), weak alias, as written');
    const variant = scorePair(person('Abu Hamzah'), entry(names))!;
    expect(variant.contributions[0]).toEqual({
      field: 'name',
      effect: 0.743,
      detail: '"abu hamzah" ~ "Abu Hamza": 2 of 2 tokens matched (abu=abu 1.00, hamzah~hamza 0.90), alias (AKA), weak alias: distance from 1 counted 5 times (0.949 -> 0.743)',
    });
    // the same name as a strong alias would have matched
    expect(scorePair(person('Abu Hamzah'), entry(['Karim Haddad', 'Abu Hamza']))!.score).toBe(0.949);
  });

  it('answers null for a name without letters or digits', () => {
    expect(scorePair(person('---'), entry(['John Doe']))).toBeNull();
  });
});
