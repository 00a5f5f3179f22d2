#!/usr/bin/env node
/**
 * `npm test`: the whole test suite in order, stopping at the first failure with its exit code.
 *   1. a Chromium for the browser tests (tests/chromium.mjs: CHROMIUM_PATH, else Debian's
 *      chromium-headless-shell, else /usr/bin/chromium; the headless shell installed with apt when
 *      we are root and none is there)
 *   2. next build: the production build, which also type-checks the whole project, tests
 *      included (skipped with --skip-build; reuses .next)
 *   3. vitest: unit, integration on PGlite, integration-main-thread (PGLITE_THREAD=false), and
 *      integration-postgres                                                (skipped with --e2e-only)
 *   4. playwright: browser and api against the production server on PGlite, and api-postgres
 *      against the one on PostgreSQL (`npm start`: server/main.mjs)
 * Each test runs once where it can fail; where a file lives decides where (tests/layout.ts).
 *
 * The PostgreSQL parts (integration-postgres, api-postgres) run when DATABASE_URL names a PostgreSQL
 * database, e.g. `DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test npm test`: the integration
 * tests create their databases beside it, the api-postgres server runs on it (an empty one is best:
 * .ci/run creates a fresh one). Without DATABASE_URL they are left out, and said so at the end; with
 * CI=true that is a failure instead.
 *
 * Options: --e2e-only, --skip-build. Anything after `--` is passed to playwright. The time of each
 * step is printed at the end, and appended to TEST_TIMINGS_FILE (`name<TAB>seconds` lines) when set.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, appendFileSync, constants, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_PACKAGE, chromiumPath } from '../tests/chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const dashDash = args.indexOf('--');
const own = dashDash === -1 ? args : args.slice(0, dashDash);
const playwrightArgs = dashDash === -1 ? [] : args.slice(dashDash + 1);
const known = new Set(['--e2e-only', '--skip-build']);
for (const arg of own) {
  if (!known.has(arg)) {
    console.error(`unknown option ${arg}; usage: node scripts/test.mjs [--e2e-only] [--skip-build] [-- <playwright args>]`);
    process.exit(2);
  }
}
const e2eOnly = own.includes('--e2e-only');
const skipBuild = own.includes('--skip-build');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const inCi = /^(true|1)$/i.test(process.env.CI ?? '');
const onPostgres = Boolean(process.env.DATABASE_URL);

const started = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)}s`;
/** [step, ms] of each step that ran */
const timings = [];

function heading(text) {
  console.log(`\n━━━ ${text} ━━━`);
}

function printTimings() {
  console.log('\n━━━ npm test: time per step ━━━');
  for (const [name, ms] of timings) console.log(`  ${name.padEnd(56)} ${seconds(ms).padStart(7)}`);
  console.log(`  ${'total'.padEnd(56)} ${seconds(Date.now() - started).padStart(7)}`);
}

/** Runs a command in the repository root with inherited output; exits with its code on failure. */
function run(step, command, commandArgs, options = {}) {
  console.log(`$ ${[command, ...commandArgs].join(' ')}`);
  const t0 = Date.now();
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', env: options.env ?? process.env });
  const took = Date.now() - t0;
  if (step) {
    timings.push([step, took]);
    if (process.env.TEST_TIMINGS_FILE) appendFileSync(process.env.TEST_TIMINGS_FILE, `${step}\t${Math.round(took / 1000)}\n`);
  }
  if (result.error) {
    console.error(`could not run ${command}: ${result.error.message}`);
    process.exit(127);
  }
  const code = result.status ?? (result.signal ? 128 : 1);
  if (code !== 0) {
    console.error(`\n✗ ${[command, ...commandArgs].join(' ')} failed with exit code ${code}${result.signal ? ` (${result.signal})` : ''} after ${seconds(took)}`);
    printTimings();
    process.exit(code);
  }
  console.log(`✓ done in ${seconds(took)}`);
}

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name) {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && isExecutable(path.join(dir, name)));
}

if (inCi && !onPostgres) {
  console.error('✗ CI=true runs the PostgreSQL parts of the suite: set DATABASE_URL to a PostgreSQL database (.ci/run creates one)');
  process.exit(1);
}

// 1. Chromium ------------------------------------------------------------------------------------
heading('1/4 Chromium for the browser tests');
const chromium = chromiumPath();
if (isExecutable(chromium)) {
  console.log(`using ${chromium}`);
} else {
  const installCommand = `apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y ${CHROMIUM_PACKAGE}`;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!process.env.CHROMIUM_PATH && isRoot && onPath('apt-get')) {
    console.log(`${chromium} not found; installing Debian's ${CHROMIUM_PACKAGE}: ${installCommand}`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    run(null, 'apt-get', ['update'], { env });
    run(null, 'apt-get', ['install', '-y', CHROMIUM_PACKAGE], { env });
  }
  if (!isExecutable(chromium)) {
    console.error(`\n✗ no Chromium at ${chromium}. Install it, then run npm test again:`);
    console.error(`  ${isRoot ? installCommand : `sudo sh -c '${installCommand}'`}`);
    if (process.env.CHROMIUM_PATH) console.error(`  (or point CHROMIUM_PATH at an executable Chromium; now: ${chromium})`);
    process.exit(1);
  }
  console.log(`using ${chromium}`);
}

// 2. next build ----------------------------------------------------------------------------------
if (skipBuild) {
  heading('2/4 next build (skipped: --skip-build)');
  if (!existsSync(path.join(root, '.next', 'BUILD_ID'))) {
    console.error('✗ --skip-build given but there is no production build in .next; run without --skip-build (or npx next build) first');
    process.exit(1);
  }
  console.log('reusing the existing .next build');
} else {
  heading('2/4 next build (and the type check of the whole project)');
  run('next build (type check included)', bin('next'), ['build']);
}

// 3. vitest --------------------------------------------------------------------------------------
const vitestProjects = ['unit', 'integration', 'integration-main-thread', ...(onPostgres ? ['integration-postgres'] : [])];
if (e2eOnly) {
  heading('3/4 vitest (skipped: --e2e-only)');
} else {
  heading(`3/4 vitest: ${vitestProjects.join(', ')}`);
  run(`vitest: ${onPostgres ? 'unit, PGlite, PostgreSQL' : 'unit, PGlite'}`, bin('vitest'), ['run', ...vitestProjects.flatMap((p) => ['--project', p])]);
}

// 4. playwright ----------------------------------------------------------------------------------
const playwrightProjects = ['browser', 'api', ...(onPostgres ? ['api-postgres'] : [])];
heading(`4/4 playwright: ${playwrightProjects.join(', ')}`);
const hasProject = playwrightArgs.some((a) => a === '--project' || a.startsWith('--project='));
run(
  `playwright: ${onPostgres ? 'browser, api on PGlite and on PostgreSQL' : 'browser, api on PGlite'}`,
  bin('playwright'),
  ['test', ...(hasProject ? [] : playwrightProjects.flatMap((p) => ['--project', p])), ...playwrightArgs],
  { env: { ...process.env, CHROMIUM_PATH: chromium } },
);

printTimings();
if (onPostgres) {
  console.log(`\n✓ all tests passed in ${seconds(Date.now() - started)}`);
} else {
  console.log(`\n✓ all tests passed in ${seconds(Date.now() - started)}, except the PostgreSQL parts, which did not run:`);
  console.log('  tests/integration/{database,postgres}/ and tests/e2e/api/{database,postgres}/ on PostgreSQL need DATABASE_URL,');
  console.log('  e.g. DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test npm test (CI always runs them)');
}
