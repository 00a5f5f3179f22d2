/**
 * Where the CPU of a request goes, by process and thread: one production server (`npm start`,
 * PostgreSQL or PGlite), the bench's world, then each scenario loaded for 5 s while the CPU time of
 * the server's main thread (the one that serves HTTP), of the whole server process (its other
 * threads: the embedded database's thread, the garbage collector's helpers, libuv's pool), of every
 * PostgreSQL process, of this process (autocannon) and of the whole machine is read from /proc.
 * Printed as microseconds per answered request.
 *
 *   npx tsx bench/_cpu.ts [scenario,...]     the scenarios of bench/_scenarios.ts (default: health, wallet, customer, card)
 *   (PostgreSQL with BENCH_DATABASE_URL, else PGlite; CPU_ROUNDS rounds, default 2; CPU_CONNECTIONS
 *   instead of each scenario's connections; CPU_NODE_ARGS, Node.js flags of the server separated by
 *   spaces; PGLITE_THREAD and DATABASE_STATEMENT_CACHE are passed to the server)
 *
 * Not a benchmark with goals (bench/http.ts is): a map of which thread a change relieves, without
 * the profiler's own cost. Linux only.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cpuMs, load, machineBusyMs, postgresCpuMs } from './_harness';
import { scenarioNamed, withScenarioServer } from './_scenarios';

const WANTED = (process.argv[2] ?? 'health,wallet,customer,card').split(',');
const ROUNDS = Number(process.env.CPU_ROUNDS ?? 2);
const SECONDS = 5;

async function main(): Promise<void> {
  await withScenarioServer((process.env.CPU_NODE_ARGS ?? '').split(' ').filter(Boolean), mkdtempSync(path.join(os.tmpdir(), 'bench-cpu-')), async (server, all) => {
    const connections = process.env.CPU_CONNECTIONS ? { connections: Number(process.env.CPU_CONNECTIONS) } : {};
    const loads = WANTED.map((name) => ({ name, scenario: { ...scenarioNamed(all, name), ...connections } }));
    const read = () => ({
      main: cpuMs(`/proc/${server.pid}/task/${server.pid}/stat`),
      server: cpuMs(`/proc/${server.pid}/stat`),
      postgres: postgresCpuMs(),
      bench: cpuMs(`/proc/${process.pid}/stat`),
      machine: machineBusyMs(),
    });
    console.log(`µs of CPU per answered request (${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; main = the server's HTTP thread)`);
    for (let round = 1; round <= ROUNDS; round++) {
      for (const { name, scenario } of loads) {
        await load(server.url, { ...scenario, seconds: 1 });
        const before = read();
        const result = await load(server.url, { ...scenario, seconds: SECONDS });
        const after = read();
        const answered = result.rps * SECONDS;
        const per = (key: keyof typeof before) => String(Math.round((1000 * (after[key] - before[key])) / answered)).padStart(6);
        const busy = (100 * (after.machine - before.machine)) / (SECONDS * 1000 * os.cpus().length);
        console.log(
          `${name.padEnd(9)} ${String(Math.round(result.rps)).padStart(6)}/s  main ${per('main')}  server ${per('server')}  postgres ${per('postgres')}  autocannon ${per('bench')}  machine ${per('machine')}  (machine ${busy.toFixed(0)}% busy)`,
        );
      }
    }
  });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
