/**
 * On-CPU samples of the server's threads with Linux perf: unlike V8's profiler (bench/_profile.ts),
 * which samples the clock and charges a thread's waits (preempted inside a syscall, descheduled while
 * argon2 or the database hold the cores) to whatever was on its stack, perf samples only when a
 * thread runs. One production server started with `--perf-basic-prof` (JavaScript frames by name),
 * the bench's world, one scenario loaded for 10 s while `perf record` samples the process; printed:
 * each thread's share, then the main thread's samples by place (a package, Node's internals, the
 * app's chunks) and by the first JavaScript function on the stack.
 *
 *   BENCH_DATABASE_URL=... npx tsx bench/_perf.ts signin     (health, notFound, wallet, customer, card, signin)
 *
 * Needs perf (linux-perf) and root or kernel.perf_event_paranoid <= 1. Linux only.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, load } from './_harness';
import { scenarioNamed, withScenarioServer } from './_scenarios';

const SCENARIO = process.argv[2] ?? 'health';
const SECONDS = 10;
const TOP = Number(process.env.PERF_TOP ?? 45);

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-perf-'));
  const data = path.join(dir, 'perf.data');
  // JavaScript frames by name (/tmp/perf-<pid>.map); V8's log, which that turns on, in the temporary directory
  const flags = ['--perf-basic-prof', '--interpreted-frames-native-stack', `--logfile=${path.join(dir, 'v8.log')}`, '--no-logfile-per-isolate'];
  const pid = await withScenarioServer(flags, dir, async (server, all) => {
    const scenario = scenarioNamed(all, SCENARIO);
    await load(server.url, { ...scenario, seconds: 2 });
    const perf = spawn('perf', ['record', '-F', '1999', '-g', '-p', String(server.pid), '-o', data, '--', 'sleep', String(SECONDS)], { stdio: 'ignore' });
    const recorded = new Promise<number | null>((resolve) => perf.once('exit', resolve));
    const result = await load(server.url, { ...scenario, seconds: SECONDS });
    if ((await recorded) !== 0) throw new Error('perf record failed (is perf installed, and may this user sample?)');
    console.log(`${SCENARIO}: ${result.rps} /s under perf (${Math.round(result.rps * SECONDS)} answers sampled over ${SECONDS} s)`);
    return server.pid;
  });
  const report = (args: string[]) => spawnSync('perf', ['report', '-i', data, '--stdio', '--no-children', '-g', 'none', ...args], { encoding: 'utf8', maxBuffer: 1 << 28 }).stdout;
  const rows = (text: string, n: number) =>
    text
      .split('\n')
      .filter((l) => /%/.test(l) && !l.startsWith('#'))
      .slice(0, n)
      .map((l) => l.trimEnd())
      .join('\n');
  console.log(`\nsamples by thread (${pid} is the main thread; argon2 runs in libuv's pool):\n${rows(report(['--sort', 'pid']), 12)}`);
  console.log(
    `\nthe main thread by object (node: builtins, runtime, GC; JIT: optimised JavaScript):\n${rows(report(['--tid', String(pid), '--percentage', 'relative', '--sort', 'dso']), 5)}`,
  );
  // each sample charged to the first JavaScript function on its stack: with the builtins, runtime and
  // kernel work it called (an inline cache miss, an allocation, a syscall), which perf alone shows apart
  const script = spawnSync('perf', ['script', '-i', data, '--tid', String(pid), '-F', 'ip,sym'], { encoding: 'utf8', maxBuffer: 1 << 30 }).stdout;
  const byFunction = new Map<string, number>();
  let samples = 0;
  for (const block of script.split('\n\n')) {
    const frames = block
      .split('\n')
      .map((l) => l.trim().replace(/^[0-9a-f]+ /, ''))
      .filter(Boolean);
    if (frames.length === 0) continue;
    samples++;
    const js = frames.find((f) => f.startsWith('JS:'));
    const key = js ? js.slice(3).replace(REPO_ROOT, '') : `(outside JavaScript) ${frames[0]}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + 1);
  }
  // the same samples by where that function lives: a package, Node's internals, or the app's own chunks
  const byPlace = new Map<string, number>();
  for (const [name, count] of byFunction) {
    const place = name.startsWith('(outside')
      ? '(outside JavaScript: kernel, GC, runtime)'
      : (name.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\//)?.[1] ??
        name.match(/chunks\/(?:\[[^\]]+\]_)?node_modules_((?:@[a-z0-9-]+_)?[a-z0-9-]+?)(?:_[a-z0-9_-]+)?\._\.js/)?.[1] ??
        name.match(/ (node:[a-z_/]+)/)?.[1]?.replace(/^node:internal\/(deps\/)?/, 'node:') ??
        (name.includes('.next/server') ? 'the app (.next chunks: ours, zod, next-auth ...)' : 'other'));
    byPlace.set(place, (byPlace.get(place) ?? 0) + count);
  }
  console.log(`\nthe main thread, ${samples} samples, by place:`);
  for (const [place, count] of [...byPlace].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
    console.log(`  ${((100 * count) / samples).toFixed(1).padStart(5)}%  ${place}`);
  }
  console.log(`\nthe main thread, ${samples} samples, by the first JavaScript function on the stack (* optimised, ^ baseline, ~ interpreted):`);
  for (const [name, count] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
    console.log(`  ${((100 * count) / samples).toFixed(1).padStart(5)}%  ${name.slice(0, 160)}`);
  }
  rmSync(`/tmp/perf-${pid}.map`, { force: true });
  console.log(`\nperf data: ${data} (perf report -i ${data} --tid ${pid}; JavaScript names need the server's /tmp/perf-<pid>.map, removed now)`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
