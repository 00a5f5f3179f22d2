/**
 * On-CPU samples of the server's threads with Linux perf: unlike V8's profiler (bench/_profile.ts),
 * which samples the clock and charges a thread's waits (preempted inside a syscall, descheduled while
 * argon2 or the database hold the cores) to whatever was on its stack, perf samples only when a
 * thread runs. One production server started with `--perf-basic-prof` (JavaScript frames by name),
 * the bench's world, one scenario loaded for 10 s while `perf record` samples the process (a fresh
 * server for each scenario). Printed for each: each thread's share, then the main thread's samples
 * by place (a package, Node's internals, the app's chunks) and by the first JavaScript function on
 * the stack.
 *
 *   BENCH_DATABASE_URL=... npx tsx bench/_perf.ts signin            (health, notFound, wallet, customer, card, signin, payout)
 *   BENCH_DATABASE_URL=... npx tsx bench/_perf.ts health,wallet     (several: also what each costs more than the first)
 *
 * With several scenarios it also prints, in microseconds of the main thread per answer, the
 * functions whose inclusive time (every sample with the function anywhere on its stack) grows most
 * from the first scenario to each other one: where a route spends what health does not. Names of
 * the app's own code are readable in a build without minification (`PROFILE_BUILD=1 npm run build`).
 *
 * Needs perf (linux-perf) and root or kernel.perf_event_paranoid <= 1. Linux only.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, load } from './_harness';
import { scenarioNamed, withScenarioServer } from './_scenarios';

const SCENARIOS = (process.argv[2] ?? 'health').split(',');
const SECONDS = 10;
const HZ = 1999;
const TOP = Number(process.env.PERF_TOP ?? 45);
/** PERF_CALLERS=<regex>: also the commonest JavaScript stacks (innermost first) of the samples that have a function matching it */
const CALLERS = process.env.PERF_CALLERS ? new RegExp(process.env.PERF_CALLERS) : null;

interface Profile {
  scenario: string;
  answers: number;
  samples: number;
  /** samples by the first JavaScript function on the stack */
  self: Map<string, number>;
  /** samples with the function anywhere on the stack (once per sample) */
  inclusive: Map<string, number>;
  /** PERF_CALLERS: samples by their JavaScript stack (from the matching function outwards) */
  callers: Map<string, number>;
}

const perfReport = (data: string, args: string[]) =>
  spawnSync('perf', ['report', '-i', data, '--stdio', '--no-children', '-g', 'none', ...args], { encoding: 'utf8', maxBuffer: 1 << 28 }).stdout;
const rows = (text: string, n: number) =>
  text
    .split('\n')
    .filter((l) => /%/.test(l) && !l.startsWith('#'))
    .slice(0, n)
    .map((l) => l.trimEnd())
    .join('\n');

/** A JavaScript frame's name as printed: the repository's path cut off. */
const frameName = (frame: string) => frame.slice(3).replace(REPO_ROOT, '');

/** The main thread's samples of one recording, by function (self and inclusive); JavaScript names need the server's /tmp/perf-<pid>.map. */
function profileOf(data: string, pid: number, scenario: string, answers: number): Profile {
  const script = spawnSync('perf', ['script', '-i', data, '--tid', String(pid), '-F', 'ip,sym'], { encoding: 'utf8', maxBuffer: 1 << 30 }).stdout;
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const callers = new Map<string, number>();
  let samples = 0;
  for (const block of script.split('\n\n')) {
    const frames = block
      .split('\n')
      .map((l) => l.trim().replace(/^[0-9a-f]+ /, ''))
      .filter(Boolean);
    if (frames.length === 0) continue;
    samples++;
    // each sample charged to the first JavaScript function on its stack: with the builtins, runtime and
    // kernel work it called (an inline cache miss, an allocation, a syscall), which perf alone shows apart
    const js = frames.find((f) => f.startsWith('JS:'));
    const key = js ? frameName(js) : `(outside JavaScript) ${frames[0]}`;
    self.set(key, (self.get(key) ?? 0) + 1);
    const stack = frames.filter((f) => f.startsWith('JS:')).map(frameName);
    for (const name of new Set(stack)) inclusive.set(name, (inclusive.get(name) ?? 0) + 1);
    const at = CALLERS ? stack.findIndex((f) => CALLERS.test(f)) : -1;
    if (at >= 0) {
      const chain = stack.slice(at, at + 8).join('\n      <- ');
      callers.set(chain, (callers.get(chain) ?? 0) + 1);
    }
  }
  return { scenario, answers, samples, self, inclusive, callers };
}

function printProfile(p: Profile): void {
  // the same samples by where that function lives: a package, Node's internals, or the app's own chunks
  const byPlace = new Map<string, number>();
  for (const [name, count] of p.self) {
    const place = name.startsWith('(outside')
      ? '(outside JavaScript: kernel, GC, runtime)'
      : (name.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\//)?.[1] ??
        name.match(/chunks\/(?:\[[^\]]+\]_)?node_modules_((?:@[a-z0-9-]+_)?[a-z0-9-]+?)(?:_[a-z0-9_-]+)?\._\.js/)?.[1] ??
        name.match(/ (node:[a-z_/]+)/)?.[1]?.replace(/^node:internal\/(deps\/)?/, 'node:') ??
        (name.includes('.next/server') ? 'the app (.next chunks: ours, zod, next-auth ...)' : 'other'));
    byPlace.set(place, (byPlace.get(place) ?? 0) + count);
  }
  console.log(`\n${p.scenario}: the main thread, ${p.samples} samples (${perAnswer(p, p.samples)} µs per answer), by place:`);
  for (const [place, count] of [...byPlace].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
    console.log(`  ${((100 * count) / p.samples).toFixed(1).padStart(5)}%  ${place}`);
  }
  console.log(`\n${p.scenario}: the main thread by the first JavaScript function on the stack (* optimised, ^ baseline, ~ interpreted):`);
  for (const [name, count] of [...p.self].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
    console.log(`  ${((100 * count) / p.samples).toFixed(1).padStart(5)}%  ${name.slice(0, 160)}`);
  }
  if (CALLERS) {
    console.log(`\n${p.scenario}: the commonest stacks through ${CALLERS.source} (µs per answer):`);
    for (const [chain, count] of [...p.callers].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`  ${String(perAnswer(p, count)).padStart(6)}  ${chain}`);
  }
}

/** Samples as microseconds of the main thread per answer. */
const perAnswer = (p: Profile, samples: number) => Math.round((samples * 1e6) / HZ / Math.max(1, p.answers));

/** What `p` spends per answer more than `base`, by inclusive time; the compiled tier's mark (* ^ ~) is dropped so tiers add up, and a named function of a route's chunk is one name whichever route's chunk it is in. */
function printDifference(base: Profile, p: Profile): void {
  const untiered = (m: Map<string, number>) => {
    const out = new Map<string, number>();
    for (const [name, count] of m) {
      // a route's own chunk (the app-route template compiled into each route's file) under one name
      const key = name.replace(/^[*^~]/, '').replace(/^(\S+) \.next\/server\/chunks\/_[a-z0-9_-]+\._\.js:\d+:\d+$/, "$1 (a route's chunk)");
      out.set(key, (out.get(key) ?? 0) + count);
    }
    return out;
  };
  const [b, q] = [untiered(base.inclusive), untiered(p.inclusive)];
  const rowsOf = [...new Set([...b.keys(), ...q.keys()])].map((name) => {
    const was = perAnswer(base, b.get(name) ?? 0);
    const is = perAnswer(p, q.get(name) ?? 0);
    return { name, was, is, more: is - was };
  });
  console.log(
    `\n${p.scenario} against ${base.scenario}: ${perAnswer(p, p.samples)} against ${perAnswer(base, base.samples)} µs of the main thread per answer; the functions whose inclusive time per answer grows most:`,
  );
  console.log(`  ${base.scenario.padStart(8)} ${p.scenario.padStart(8)}     more`);
  for (const r of rowsOf.sort((x, y) => y.more - x.more).slice(0, TOP)) {
    console.log(`  ${String(r.was).padStart(8)} ${String(r.is).padStart(8)} ${String(r.more).padStart(8)}  ${r.name.slice(0, 140)}`);
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-perf-'));
  // JavaScript frames by name (/tmp/perf-<pid>.map); V8's log, which that turns on, in the temporary directory
  const flags = ['--perf-basic-prof', '--interpreted-frames-native-stack', `--logfile=${path.join(dir, 'v8.log')}`, '--no-logfile-per-isolate'];
  const profiles: Profile[] = [];
  // a server of its own for each scenario: --perf-basic-prof's map only grows, and code of an earlier
  // load that V8 freed and whose addresses it reused would lend its name to the next load's samples
  for (const name of SCENARIOS) {
    await withScenarioServer(flags, dir, async (server, all) => {
      const scenario = scenarioNamed(all, name);
      const data = path.join(dir, `${name}.perf.data`);
      await load(server.url, { ...scenario, seconds: 2 });
      const perf = spawn('perf', ['record', '-F', String(HZ), '-g', '-p', String(server.pid), '-o', data, '--', 'sleep', String(SECONDS)], { stdio: 'ignore' });
      const recorded = new Promise<number | null>((resolve) => perf.once('exit', resolve));
      const result = await load(server.url, { ...scenario, seconds: SECONDS });
      if ((await recorded) !== 0) throw new Error('perf record failed (is perf installed, and may this user sample?)');
      const answers = Math.round(result.rps * SECONDS);
      console.log(`${name}: ${result.rps} /s under perf (${answers} answers sampled over ${SECONDS} s)`);
      console.log(`\nsamples by thread (${server.pid} is the main thread; argon2 runs in libuv's pool):\n${rows(perfReport(data, ['--sort', 'pid']), 12)}`);
      console.log(
        `\nthe main thread by object (node: builtins, runtime, GC; JIT: optimised JavaScript):\n${rows(perfReport(data, ['--tid', String(server.pid), '--percentage', 'relative', '--sort', 'dso']), 5)}`,
      );
      const profile = profileOf(data, server.pid, name, answers);
      printProfile(profile);
      profiles.push(profile);
      if (!process.env.PERF_KEEP_MAP) rmSync(`/tmp/perf-${server.pid}.map`, { force: true });
    });
  }
  for (const p of profiles.slice(1)) printDifference(profiles[0]!, p);
  console.log(`\nperf data: ${dir}/<scenario>.perf.data (JavaScript names need the server's /tmp/perf-<pid>.map, removed now unless PERF_KEEP_MAP is set)`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
