/**
 * One subject against one entry: the name score of the entry's best name (every alias counts; a
 * weak alias scores stricter), then the field effects, summed into the hit's score
 * (docs/aml-matcher.md, "Score"). The index (index.ts) finds the candidates and calls the same
 * composition, so a stored hit re-explains to the same figures with scorePair().
 */
import type { AmlEntityType, EntryBirthDate, EntryName, ScoreContribution, ScreeningHit, ScreeningSubject } from '../model';
import { birthDateEffect, countryEffect, entityGroup, entityTypeEffect, round3 } from './fields';
import { WEAK_ALIAS_FACTOR, scoreNames, weakAliasScore, type NameAlignment } from './name-score';
import { displayToken, prepareTokens, type NameGroup } from './normalize';

/** One entry as the matcher indexes it (the service maps its rows to this). */
export interface IndexEntry {
  /** the service's entry id, answered as the hit's entryKey */
  key: string;
  entityType: AmlEntityType;
  /** the primary name first, then aliases */
  names: EntryName[];
  birthDates: EntryBirthDate[];
  /** ISO 3166-1 alpha-2 */
  countries: string[];
}

/** What the hit says of the entry besides its names. */
export interface EntryFacts {
  key: string;
  entityType: AmlEntityType;
  birthDates: readonly EntryBirthDate[];
  countries: readonly string[];
}

/** The best-scoring name of an entry for one subject. */
export interface NameMatch {
  name: EntryName;
  alignment: NameAlignment;
  /** the alignment's score, after the weak-alias rule */
  score: number;
}

const KIND_WORDS: Record<EntryName['kind'], string> = { PRIMARY: '', AKA: 'alias (AKA)', FKA: 'former name (FKA)', NKA: 'new name (NKA)' };

/** Scores one entry name, weak aliases by the stricter rule. */
export function matchName(subjectTokens: readonly string[], name: EntryName, nameTokens: readonly string[], group: NameGroup, sim?: Parameters<typeof scoreNames>[3]): NameMatch {
  const alignment = scoreNames(subjectTokens, nameTokens, group, sim);
  return { name, alignment, score: name.weak ? weakAliasScore(alignment.score) : alignment.score };
}

/** Words of the name contribution: `"john doe" ~ "DOE, John Michael": 2 of 3 tokens matched (john=john 1.00, doe=doe 1.00), middle name missing`. */
export function describeName(subjectShown: string, match: NameMatch): string {
  const a = match.alignment;
  const pairs = a.pairs.map((p) => `${p.subject}${p.similarity >= 0.9995 ? '=' : '~'}${p.entry} ${p.similarity.toFixed(2)}`);
  const notes = [...a.notes];
  if (a.subjectUnpaired.length > 0 && a.entryUnpaired.length === 0 && !notes.some((n) => n.includes('subject') || n.includes('in the entry')))
    notes.push(`unmatched in the subject: ${a.subjectUnpaired.join(', ')}`);
  if (match.name.kind !== 'PRIMARY') notes.push(KIND_WORDS[match.name.kind]);
  if (match.name.weak)
    notes.push(a.score >= 1 ? 'weak alias, as written' : `weak alias: distance from 1 counted ${WEAK_ALIAS_FACTOR} times (${a.score.toFixed(3)} -> ${match.score.toFixed(3)})`);
  return `"${subjectShown}" ~ "${match.name.name}": ${a.matched} of ${a.total} tokens matched (${pairs.join(', ')})${notes.length ? `, ${notes.join(', ')}` : ''}`;
}

/** The hit for an entry whose best name is `best`: field effects added, clamped to 0..1, 3 decimals. */
export function composeHit(subject: ScreeningSubject, subjectTokens: readonly string[], entry: EntryFacts, best: NameMatch): ScreeningHit {
  const contributions: ScoreContribution[] = [{ field: 'name', effect: round3(best.score), detail: describeName(subjectTokens.map(displayToken).join(' '), best) }];
  const type = entityTypeEffect(subject.entityType, entry.entityType);
  const dob = birthDateEffect(subject.birthDate, entry.birthDates);
  if (dob) contributions.push(dob);
  const country = countryEffect(subject.countries, entry.countries);
  if (country) contributions.push(country);
  if (type && type !== 'mismatch') contributions.push(type);
  return {
    entryKey: entry.key,
    score: totalOf(contributions.map((c) => c.effect)),
    matchedName: best.name.name,
    matchedNameKind: best.name.kind,
    tokens: [
      ...best.alignment.pairs.map((p) => ({ subject: p.subject, entry: p.entry, similarity: round3(p.similarity) })),
      ...best.alignment.subjectUnpaired.map((t) => ({ subject: t, entry: null, similarity: 0 })),
    ],
    contributions,
  };
}

/** The score of a hit from its contributions' effects, in their order: summed, clamped to 0..1, 3 decimals. */
export function totalOf(effects: readonly number[]): number {
  let total = 0;
  for (const e of effects) total += e;
  return round3(Math.min(1, Math.max(0, total)));
}

/**
 * The effects of the birth date and the countries (those that say something), in the order the
 * hit lists them; the entity type adds 0. For the index, which ranks before it puts into words.
 */
export function fieldEffects(subject: ScreeningSubject, entry: Pick<EntryFacts, 'birthDates' | 'countries'>): number[] {
  const out: number[] = [];
  const dob = birthDateEffect(subject.birthDate, entry.birthDates);
  if (dob) out.push(dob.effect);
  const country = countryEffect(subject.countries, entry.countries);
  if (country) out.push(country.effect);
  return out;
}

/** The hit's score from the best name's score and fieldEffects(): the same figure composeHit() answers. */
export function hitScore(nameScore: number, fields: readonly number[]): number {
  return totalOf([round3(nameScore), ...fields]);
}

/** The subject's prepared tokens for an entry group (person or organization rules). */
export function subjectTokensFor(subject: ScreeningSubject, group: NameGroup): string[] {
  return prepareTokens(subject.name, group);
}

/**
 * The hit of one subject against one entry, with no threshold: null when the entity types
 * conflict (a person against an organization, vessel or aircraft, and the reverse) or no name
 * has a token. For the evaluation and to re-explain a stored hit.
 */
export function scorePair(subject: ScreeningSubject, entry: IndexEntry): ScreeningHit | null {
  if (entityTypeEffect(subject.entityType, entry.entityType) === 'mismatch') return null;
  const group = entityGroup(entry.entityType);
  const subjectTokens = subjectTokensFor(subject, group);
  if (subjectTokens.length === 0) return null;
  let best: NameMatch | null = null;
  for (const name of entry.names) {
    const tokens = prepareTokens(name.name, group);
    if (tokens.length === 0) continue;
    const match = matchName(subjectTokens, name, tokens, group);
    if (!best || match.score > best.score) best = match;
  }
  return best ? composeHit(subject, subjectTokens, entry, best) : null;
}
