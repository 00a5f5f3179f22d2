/**
 * What the fields other than the name add to or take from a hit's score (docs/aml-matcher.md,
 * "Field effects"). Each answers one ScoreContribution, or null when the field says nothing
 * (unknown on either side). The values follow the shape of nomenklatura's `dob_similarity`
 * (exact day > same year > close years > disjoint) and logic-v1's qualifiers (country mismatch
 * -0.2 there; milder here because our countries mix nationality and address).
 */
import type { AmlEntityType, EntryBirthDate, ScoreContribution, ScreeningSubject } from '../model';

export const BIRTH_DATE_EFFECTS = {
  /** the subject's full date is one the entry gives */
  sameDay: 0.06,
  /** same year (or within the entry's range of years) */
  sameYear: 0.03,
  /** both full dates known, same year, different day */
  sameYearOtherDay: 0.01,
  /** a year outside: neutral */
  oneYear: 0,
  /** 2, 3, 4 years outside */
  perYearFrom2: -0.05,
  /** 5 years or more outside: strong lowering, enough to drop an exact name below the threshold */
  farApart: -0.25,
} as const;
/** A "circa" year widens to this many years either side. */
export const CIRCA_YEARS = 2;
export const COUNTRY_EFFECTS = { overlap: 0.02, disjoint: -0.03 } as const;

/** The subject's birth date: a year, and the day when given (YYYY-MM-DD); null when absent or unreadable. */
export function parseSubjectBirthDate(value: string | null | undefined): { year: number; date: string | null } | null {
  if (!value) return null;
  const m = /^(\d{4})(?:-(\d{2})-(\d{2}))?$/.exec(value.trim());
  if (!m) return null;
  return { year: Number(m[1]), date: m[2] ? value.trim() : null };
}

const describeEntryDate = (bd: EntryBirthDate) =>
  bd.date ?? (bd.fromYear === bd.toYear ? `${bd.circa ? 'circa ' : ''}${bd.fromYear}` : `${bd.fromYear}-${bd.toYear}${bd.circa ? ' (circa)' : ''}`);

/** One entry birth date against the subject's. */
function compareBirthDate(subject: { year: number; date: string | null }, bd: EntryBirthDate, shown: string): ScoreContribution {
  const pad = bd.circa ? CIRCA_YEARS : 0;
  const from = bd.fromYear - pad;
  const to = bd.toYear + pad;
  const entry = describeEntryDate(bd);
  if (subject.date && bd.date && subject.date === bd.date) {
    return { field: 'birthDate', effect: BIRTH_DATE_EFFECTS.sameDay, detail: `born ${shown}, as the entry` };
  }
  if (subject.year >= from && subject.year <= to) {
    if (subject.date && bd.date) return { field: 'birthDate', effect: BIRTH_DATE_EFFECTS.sameYearOtherDay, detail: `born ${shown}, entry born ${entry} (same year, another day)` };
    const within = bd.fromYear === bd.toYear && !bd.circa ? 'same year' : "within the entry's years";
    return { field: 'birthDate', effect: BIRTH_DATE_EFFECTS.sameYear, detail: `born ${shown}, entry born ${entry} (${within})` };
  }
  const apart = subject.year < from ? from - subject.year : subject.year - to;
  const words = `${apart} year${apart > 1 ? 's' : ''} apart`;
  if (apart === 1) return { field: 'birthDate', effect: BIRTH_DATE_EFFECTS.oneYear, detail: `born ${shown}, entry born ${entry} (a year apart)` };
  if (apart < 5) return { field: 'birthDate', effect: round3(BIRTH_DATE_EFFECTS.perYearFrom2 * (apart - 1)), detail: `born ${shown}, entry born ${entry} (${words})` };
  return { field: 'birthDate', effect: BIRTH_DATE_EFFECTS.farApart, detail: `born ${shown}, entry born ${entry} (${words}: another person)` };
}

/** The most favourable of the entry's birth dates (lists give several when unsure), or null when either side has none. */
export function birthDateEffect(subjectBirthDate: string | null | undefined, entryDates: readonly EntryBirthDate[]): ScoreContribution | null {
  const subject = parseSubjectBirthDate(subjectBirthDate);
  if (!subject || entryDates.length === 0) return null;
  const shown = subject.date ?? String(subject.year);
  let best: ScoreContribution | null = null;
  for (const bd of entryDates) {
    const c = compareBirthDate(subject, bd, shown);
    if (!best || c.effect > best.effect) best = c;
  }
  return best;
}

/** Overlap of ISO country codes: a little up; none while both are known: a little down; else null. */
export function countryEffect(subjectCountries: readonly string[] | undefined, entryCountries: readonly string[]): ScoreContribution | null {
  const subject = [...new Set((subjectCountries ?? []).map((c) => c.toUpperCase()))].sort();
  if (subject.length === 0 || entryCountries.length === 0) return null;
  const entry = new Set(entryCountries.map((c) => c.toUpperCase()));
  const common = subject.filter((c) => entry.has(c));
  if (common.length > 0) return { field: 'country', effect: COUNTRY_EFFECTS.overlap, detail: `${common.join(', ')} on both sides` };
  return { field: 'country', effect: COUNTRY_EFFECTS.disjoint, detail: `subject ${subject.join(', ')}, entry ${[...entry].sort().join(', ')}: no country in common` };
}

/** Vessels and aircraft are screened as organizations. */
export const entityGroup = (type: AmlEntityType): 'PERSON' | 'ORGANIZATION' => (type === 'PERSON' ? 'PERSON' : 'ORGANIZATION');

/**
 * Entity type: a person never matches an organization, vessel or aircraft and the reverse (null:
 * the hit is filtered out); same kind: a contribution of 0 saying so; a subject of unknown kind: no
 * contribution at all.
 */
export function entityTypeEffect(subjectType: ScreeningSubject['entityType'], entryType: AmlEntityType): ScoreContribution | null | 'mismatch' {
  if (subjectType === null) return null;
  if (subjectType !== entityGroup(entryType)) return 'mismatch';
  const detail =
    entryType === 'PERSON'
      ? 'person, as the entry'
      : entryType === 'ORGANIZATION'
        ? 'organization, as the entry'
        : `organization; the entry is ${entryType === 'VESSEL' ? 'a vessel' : 'an aircraft'}, screened as an organization`;
  return { field: 'entityType', effect: 0, detail };
}

export function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}
