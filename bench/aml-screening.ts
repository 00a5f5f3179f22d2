/**
 * AML screening benchmark, in process: the matcher's index over a synthetic list of 50,000 names.
 *
 *   npm run bench -- aml-screening      (AML_BENCH_NAMES=50000 AML_BENCH_SCREENINGS=2000 AML_BENCH_POOL=4000)
 *
 * Measures the build time of ScreeningIndex, the resident memory and heap it adds (garbage
 * collected before each reading: --expose-gc is switched on from inside), and the latency of
 * 2,000 screenings of mixed subjects (names on the list as written, with a typo, surname first,
 * and names not on it), with the goals beside each figure. Baseline in the same run: one screening
 * by brute force, scorePair() against every entry, which is what the index saves. Writes
 * bench/results/aml-screening.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { DEFAULT_MATCH_THRESHOLD, ScreeningIndex, scorePair, type IndexEntry } from '../lib/services/aml/matcher/index';
import type { ScreeningSubject } from '../lib/services/aml/model';
import { Rng, namePools, orgName, personName, syntheticEntries } from '../scripts/aml-synthetic-list';
import { percentile, round, watchdog } from './_stats';

const NAMES = Number(process.env.AML_BENCH_NAMES ?? 50_000);
const SCREENINGS = Number(process.env.AML_BENCH_SCREENINGS ?? 2_000);
/** invented given names per pool (surnames twice as many): the list's vocabulary grows with it */
const POOL = Number(process.env.AML_BENCH_POOL ?? 4_000);
const BRUTE_FORCE_SUBJECTS = 20;
const GOALS = { medianMs: 5, p95Ms: 20, indexMiB: 100, buildSeconds: 5 };
watchdog('bench/aml-screening.ts', 170);

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as (() => void) | undefined;
const collect = () => {
  for (let i = 0; i < 3; i++) gc?.();
};
const mib = (bytes: number) => round(bytes / 1024 / 1024);

/** One typo in the longest token of a name. */
function withTypo(rng: Rng, name: string): string {
  const words = name.split(' ');
  const j = words.reduce((best, w, k) => (w.length > words[best]!.length ? k : best), 0);
  const w = words[j]!;
  if (w.length < 5) return name;
  const i = 1 + rng.int(w.length - 2);
  words[j] = rng.chance(0.5) ? w.slice(0, i) + w.slice(i + 1) : w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
  return words.join(' ');
}

/** Subjects: 25% a listed name as written, 20% with a typo, 5% surname first, 50% not on the list; 10% of unknown kind. */
function subjects(entries: IndexEntry[], n: number): ScreeningSubject[] {
  const rng = new Rng(99);
  const other = namePools(1234, 4000);
  const out: ScreeningSubject[] = [];
  for (let i = 0; i < n; i++) {
    const r = rng.next();
    const unknown = rng.chance(0.1);
    if (r < 0.5) {
      const entry = rng.pick(entries);
      const name = rng.pick(entry.names).name;
      const type = entry.entityType === 'PERSON' ? 'PERSON' : 'ORGANIZATION';
      const shown = r < 0.25 ? name : r < 0.45 ? withTypo(rng, name) : type === 'PERSON' && name.includes(' ') && !name.includes(',') ? name.split(' ').reverse().join(' ') : name;
      const dob = entry.birthDates[0];
      out.push({ name: shown, entityType: unknown ? null : type, birthDate: dob && rng.chance(0.7) ? String(dob.fromYear) : null, countries: entry.countries.slice(0, 1) });
    } else {
      const person = rng.chance(0.75);
      out.push({
        name: person ? personName(rng, other) : orgName(rng, other),
        entityType: unknown ? null : person ? 'PERSON' : 'ORGANIZATION',
        birthDate: person ? String(1940 + rng.int(65)) : null,
        countries: [],
      });
    }
  }
  return out;
}

function main(): void {
  const cpuModel = os.cpus()[0]?.model ?? 'unknown';
  const cores = os.cpus().length;
  // the list as JSON, so that the entries built from it are garbage once the index holds what it needs
  const listJson = JSON.stringify(syntheticEntries(NAMES, 11, 'S', namePools(7, POOL)));
  collect();
  const before = process.memoryUsage();
  const started = performance.now();
  const index = ScreeningIndex.build(JSON.parse(listJson) as IndexEntry[]);
  const buildMs = performance.now() - started;
  collect();
  const after = process.memoryUsage();
  const indexRssMiB = mib(after.rss - before.rss);
  const indexHeapMiB = mib(after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers);

  const entries = JSON.parse(listJson) as IndexEntry[];
  const all = subjects(entries, SCREENINGS + 200);
  for (const s of all.slice(0, 200)) index.search(s); // warm-up
  const latencies: number[] = [];
  // CPU time of this process per screening: on a machine other processes load, the wall time also
  // counts the waits for a core, the CPU time does not
  const cpu: number[] = [];
  let hits = 0;
  let subjectsWithHits = 0;
  const measured = all.slice(200);
  for (const s of measured) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const found = index.search(s);
    latencies.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
    hits += found.length;
    if (found.length) subjectsWithHits++;
  }
  const cpuSorted = [...cpu].sort((a, b) => a - b);
  const cpuMedianMs = round(percentile(cpuSorted, 50));
  const cpuP95Ms = round(percentile(cpuSorted, 95));
  const sorted = [...latencies].sort((a, b) => a - b);
  const medianMs = round(percentile(sorted, 50));
  const p95Ms = round(percentile(sorted, 95));
  const p99Ms = round(percentile(sorted, 99));
  const maxMs = round(sorted[sorted.length - 1]!);
  const meanMs = round(latencies.reduce((a, b) => a + b, 0) / latencies.length);

  // baseline: brute force, scorePair against every entry; and whether the index found the same hits
  const bruteStarted = performance.now();
  let bruteHits = 0;
  let missedByIndex = 0;
  const probe = measured.slice(0, BRUTE_FORCE_SUBJECTS);
  const bruteKeys = probe.map((s) => {
    const keys = new Set<string>();
    for (const e of entries) {
      const hit = scorePair(s, e);
      if (hit && hit.score >= DEFAULT_MATCH_THRESHOLD) keys.add(e.key);
    }
    bruteHits += keys.size;
    return keys;
  });
  const bruteMs = round((performance.now() - bruteStarted) / BRUTE_FORCE_SUBJECTS);
  probe.forEach((s, i) => {
    const found = new Set(index.search(s, { limit: 100_000 }).map((h) => h.entryKey));
    for (const k of bruteKeys[i]!) if (!found.has(k)) missedByIndex++;
  });

  const goals = [
    { goal: 'median screening', value: medianMs, unit: 'ms', target: GOALS.medianMs, met: medianMs <= GOALS.medianMs },
    { goal: 'p95 screening', value: p95Ms, unit: 'ms', target: GOALS.p95Ms, met: p95Ms <= GOALS.p95Ms },
    { goal: 'resident memory added by the index', value: indexRssMiB, unit: 'MiB', target: GOALS.indexMiB, met: indexRssMiB <= GOALS.indexMiB },
    { goal: 'build', value: round(buildMs / 1000), unit: 's', target: GOALS.buildSeconds, met: buildMs / 1000 <= GOALS.buildSeconds },
  ];
  console.log(
    `\nAML screening benchmark: ${cpuModel}, ${cores} cores, node ${process.version}, gc ${gc ? 'forced' : 'not available'}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(`list: ${index.entryCount} entries, ${index.nameCount} names indexed, ${index.tokenCount} distinct tokens (${NAMES} names generated)`);
  console.log(`build ${round(buildMs)} ms; index adds ${indexRssMiB} MiB resident, ${indexHeapMiB} MiB heap + array buffers`);
  console.log(
    `${measured.length} screenings at threshold ${DEFAULT_MATCH_THRESHOLD}: median ${medianMs} ms, p95 ${p95Ms} ms, p99 ${p99Ms} ms, max ${maxMs} ms, mean ${meanMs} ms; ${subjectsWithHits} subjects with hits, ${hits} hits`,
  );
  console.log(`  CPU time per screening (without waits for a core): median ${cpuMedianMs} ms, p95 ${cpuP95Ms} ms`);
  console.log(
    `baseline, brute force (scorePair over all ${entries.length} entries, ${BRUTE_FORCE_SUBJECTS} subjects): ${bruteMs} ms per screening, ${round(bruteMs / medianMs)}x the index's median; ${bruteHits} hits, ${missedByIndex} of them missed by the index`,
  );
  for (const g of goals) console.log(`  ${g.met ? 'met    ' : 'NOT met'}  ${g.goal}: ${g.value} ${g.unit} (goal <= ${g.target} ${g.unit})`);

  const dir = path.join(process.cwd(), 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const results = {
    benchmark: 'aml-screening',
    date: new Date().toISOString(),
    environment: { cpu: cpuModel, cores, node: process.version, gcForced: Boolean(gc), loadAverage: os.loadavg() },
    parameters: { names: NAMES, pool: POOL, screenings: measured.length, threshold: DEFAULT_MATCH_THRESHOLD, bruteForceSubjects: BRUTE_FORCE_SUBJECTS },
    index: { entries: index.entryCount, names: index.nameCount, tokens: index.tokenCount, buildMs: round(buildMs), rssMiB: indexRssMiB, heapMiB: indexHeapMiB },
    screening: { medianMs, p95Ms, p99Ms, maxMs, meanMs, cpuMedianMs, cpuP95Ms, subjectsWithHits, hits },
    baseline: { bruteForceMsPerScreening: bruteMs, bruteHits, missedByIndex },
    goals,
  };
  writeFileSync(path.join(dir, 'aml-screening.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log('written bench/results/aml-screening.json');
}

main();
