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
