// Shared by the benchmarks: latency summaries and a hard time bound. Not a benchmark itself
// (bench/run.ts skips files that start with an underscore).

export interface Measurement {
  name: string;
  ops: number;
  errors: number;
  seconds: number;
  opsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
}

export const round = (n: number) => Math.round(n * 100) / 100;

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Throughput and latency percentiles of one measured run. */
export function summarize(name: string, latencies: number[], seconds: number, errors = 0): Measurement {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    name,
    ops: sorted.length,
    errors,
    seconds: round(seconds),
    opsPerSecond: round(sorted.length / seconds),
    p50Ms: round(percentile(sorted, 50)),
    p99Ms: round(percentile(sorted, 99)),
    meanMs: round(sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length)),
  };
}

/** Ends the process if the benchmark runs past its bound, whatever happens. */
export function watchdog(label: string, seconds: number): void {
  setTimeout(() => {
    console.error(`${label}: time limit exceeded`);
    process.exit(2);
  }, seconds * 1000).unref();
}

/** Runs `op` from `concurrency` workers until `seconds` have passed; latency per op. */
export async function measure(name: string, seconds: number, concurrency: number, op: () => Promise<boolean>): Promise<Measurement> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const ok = await op().catch(() => false);
        latencies.push(performance.now() - t0);
        if (!ok) errors += 1;
      }
    }),
  );
  return summarize(name, latencies, (performance.now() - started) / 1000, errors);
}

/** Prints measurements as an aligned table. */
export function printTable(rows: Measurement[]): void {
  const header = ['measurement', 'ops', 'errors', 'ops/s', 'p50 ms', 'p99 ms', 'mean ms'];
  const cells = rows.map((r) => [r.name, String(r.ops), String(r.errors), r.opsPerSecond.toFixed(1), r.p50Ms.toFixed(1), r.p99Ms.toFixed(1), r.meanMs.toFixed(1)]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const c of cells) console.log(line(c));
}
