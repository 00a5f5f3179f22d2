/**
 * Where a request's time goes: one production server (`npm start`, PostgreSQL or PGlite) started
 * with V8's CPU profiler, the bench's world built over HTTP, one scenario loaded for a while, then the
 * profile summed by function (self time) and by module (inclusive of nothing: self time per file).
 *
 *   npx tsx bench/_profile.ts <scenario>     a scenario of bench/_scenarios.ts (health, notFound, wallet, walletRefused, ...)
 *   (PostgreSQL with BENCH_DATABASE_URL, else PGlite; PROFILE_SECONDS, default 10)
 *
 * Not a benchmark (the profiler slows everything down): a map of what to make cheaper. The raw
 * profile is written to bench/results/profile-<scenario>.cpuprofile (open it in Chrome's DevTools).
 */
import { mkdtempSync, readdirSync, readFileSync, renameSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, load } from './_harness';
import { scenarioNamed, withScenarioServer } from './_scenarios';

const SCENARIO = process.argv[2] ?? 'wallet';
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 10);

interface CpuProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  startTime: number;
  nodes: CpuProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time per node, of the samples taken within [from, to] (µs of the monotonic clock, as V8 stamps them). */
function summarize(profile: CpuProfile, from: number, to: number): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    if (at < from || at > to) continue;
    self.set(profile.samples[i]!, (self.get(profile.samples[i]!) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const byFunction = new Map<string, number>();
  const byModule = new Map<string, number>();
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const file = url.replace(/^file:\/\//, '').replace(REPO_ROOT, '');
    const pkg = file.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? (file.includes('.next/server') ? `.next: ${path.basename(file)}` : file || '(native)');
    byFunction.set(
      `${functionName || '(anonymous)'} ${path.basename(file)}:${lineNumber}`,
      (byFunction.get(`${functionName || '(anonymous)'} ${path.basename(file)}:${lineNumber}`) ?? 0) + us,
    );
    byModule.set(pkg, (byModule.get(pkg) ?? 0) + us);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `  ${((100 * us) / total).toFixed(1).padStart(5)}%  ${k}`)
      .join('\n');
  console.log(`\nself time by module (${(total / 1e6).toFixed(1)} s sampled):\n${top(byModule, 25)}`);
  console.log(`\nself time by function:\n${top(byFunction, 40)}`);
}

async function main(): Promise<void> {
  const profDir = mkdtempSync(path.join(os.tmpdir(), 'bench-prof-'));
  // the loaded window only: not start-up, not the world built over HTTP
  const window = { from: 0, to: 0 };
  await withScenarioServer(['--cpu-prof', `--cpu-prof-dir=${profDir}`], profDir, async (server, all) => {
    const scenario = scenarioNamed(all, SCENARIO);
    await load(server.url, { ...scenario, seconds: 2 });
    window.from = Number(process.hrtime.bigint() / 1000n);
    const result = await load(server.url, { ...scenario, seconds: SECONDS });
    window.to = Number(process.hrtime.bigint() / 1000n);
    console.log(`${SCENARIO}: ${result.rps} /s under the profiler (p99 ${result.p99Ms} ms, ${result.bytesPerAnswer} B per answer, ${result.non2xx} non-2xx)`);
  });
  const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('the server wrote no CPU profile');
  const out = path.join(REPO_ROOT, 'bench', 'results');
  mkdirSync(out, { recursive: true });
  const target = path.join(out, `profile-${SCENARIO}.cpuprofile`);
  renameSync(path.join(profDir, file), target);
  writeFileSync(target.replace(/\.cpuprofile$/, '.window.json'), JSON.stringify(window));
  summarize(JSON.parse(readFileSync(target, 'utf8')) as CpuProfile, window.from, window.to);
  console.log(`\nwritten ${path.relative(REPO_ROOT, target)}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
