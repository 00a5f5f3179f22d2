/**
 * What changed between two versions of a list: each entry's hash over a canonical form, compared by
 * sourceId with the hashes stored for the previous version.
 */
import { createHash } from 'node:crypto';
import type { ParsedEntry } from '../model';

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * sha256 (hex) of the entry's canonical JSON: every field of the entry, with names, birth dates,
 * countries, programmes and each detail's values sorted and the details' labels sorted, so the
 * order a list happens to write things in does not count as a change. The primary name counts
 * (it is `primaryName`), and so do the remarks and details: a new passport number is a change the
 * stored entry must follow.
 */
export function entryHash(entry: ParsedEntry): string {
  const canonical = [
    entry.sourceId,
    entry.entityType,
    entry.primaryName,
    entry.names.map((n) => JSON.stringify([n.kind, n.name, n.weak])).sort(byText),
    entry.birthDates.map((d) => JSON.stringify([d.fromYear, d.toYear, d.date, d.circa])).sort(byText),
    [...entry.countries].sort(byText),
    [...entry.programs].sort(byText),
    entry.remarks,
    Object.keys(entry.details)
      .sort(byText)
      .map((label) => [label, [...(entry.details[label] ?? [])].sort(byText)]),
  ];
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

export interface ListDiff {
  /** entries whose sourceId the previous version does not hold, in the new list's order */
  added: ParsedEntry[];
  /** entries whose hash differs from the stored one, in the new list's order */
  changed: ParsedEntry[];
  /** how many entries are the same */
  unchanged: number;
  /** sourceIds of the previous version that the new one no longer holds, in the previous order */
  removed: string[];
}

/** Compares a parsed list with the previous version's sourceId -> entryHash. */
export function diffEntries(previous: ReadonlyMap<string, string>, next: readonly ParsedEntry[]): ListDiff {
  const diff: ListDiff = { added: [], changed: [], unchanged: 0, removed: [] };
  const present = new Set<string>();
  for (const entry of next) {
    if (present.has(entry.sourceId)) throw new Error(`diffEntries: sourceId ${entry.sourceId} appears twice in the new list`);
    present.add(entry.sourceId);
    const before = previous.get(entry.sourceId);
    if (before === undefined) diff.added.push(entry);
    else if (before !== entryHash(entry)) diff.changed.push(entry);
    else diff.unchanged += 1;
  }
  for (const sourceId of previous.keys()) if (!present.has(sourceId)) diff.removed.push(sourceId);
  return diff;
}
