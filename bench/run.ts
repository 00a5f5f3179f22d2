// npm run bench [-- name ...] - runs the benchmarks under bench/ one after another, each in its own
// process (each compares against its own baseline measured in the same run), and prints a summary.
// bench/http.ts is the platform over HTTP against `npm start` (issue 18), bench/aml.ts its AML
// (issue 27) the same way; the others measure parts.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const all = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !f.startsWith('_'))
  .map((f) => f.replace(/\.ts$/, ''))
  .sort();
const wanted = process.argv.slice(2);
const selected = wanted.length ? all.filter((n) => wanted.includes(n)) : all;
if (wanted.length && selected.length !== wanted.length) {
  console.error(`unknown benchmark(s): ${wanted.filter((w) => !all.includes(w)).join(', ')}; known: ${all.join(', ')}`);
  process.exit(2);
}

let failed = 0;
for (const name of selected) {
  console.log(`\n━━━ bench/${name}.ts ━━━`);
  const started = Date.now();
  // bench/http.ts and bench/aml.ts bound themselves (BENCH_LIMIT_MINUTES); the others take five minutes at most
  const timeout = name === 'http' || name === 'aml' ? 0 : 300_000;
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, `${name}.ts`)], { stdio: 'inherit', env: { ...process.env, LOG_LEVEL: 'silent' }, timeout });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    failed += 1;
    console.error(`bench/${name}.ts failed (${result.signal ?? `exit ${result.status}`}) after ${seconds}s`);
  } else console.log(`bench/${name}.ts done in ${seconds}s; results in bench/results/`);
}
process.exit(failed ? 1 : 0);
