#!/usr/bin/env node
/**
 * `npm test`: the whole test suite in order, stopping at the first failure with its exit code.
 *   1. a Chromium for the browser tests (CHROMIUM_PATH or /usr/bin/chromium; installed with apt
 *      when we are root and it is missing)
 *   2. vitest: unit + integration            (skipped with --e2e-only)
 *   3. next build: the production build       (skipped with --skip-build; reuses .next)
 *   4. playwright: api + browser projects against the production server (`npm start`: server/main.mjs)
 * Options: --e2e-only, --skip-build. Anything after `--` is passed to playwright.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

const started = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)}s`;

function heading(text) {
  console.log(`\n━━━ ${text} ━━━`);
}

/** Runs a command in the repository root with inherited output; exits with its code on failure. */
function run(command, commandArgs, options = {}) {
  console.log(`$ ${[command, ...commandArgs].join(' ')}`);
  const t0 = Date.now();
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', env: options.env ?? process.env });
  if (result.error) {
    console.error(`could not run ${command}: ${result.error.message}`);
    process.exit(127);
  }
  const code = result.status ?? (result.signal ? 128 : 1);
  if (code !== 0) {
    console.error(`\n✗ ${[command, ...commandArgs].join(' ')} failed with exit code ${code}${result.signal ? ` (${result.signal})` : ''} after ${seconds(Date.now() - t0)}`);
    process.exit(code);
  }
  console.log(`✓ done in ${seconds(Date.now() - t0)}`);
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

// 1. Chromium ------------------------------------------------------------------------------------
heading('1/4 Chromium for the browser tests');
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (isExecutable(chromium)) {
  console.log(`using ${chromium}`);
} else {
  const installCommand = 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium';
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!process.env.CHROMIUM_PATH && isRoot && onPath('apt-get')) {
    console.log(`${chromium} not found; installing Debian's chromium: ${installCommand}`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    run('apt-get', ['update'], { env });
    run('apt-get', ['install', '-y', 'chromium'], { env });
  }
  if (!isExecutable(chromium)) {
    console.error(`\n✗ no Chromium at ${chromium}. Install it, then run npm test again:`);
    console.error(`  ${isRoot ? installCommand : `sudo sh -c '${installCommand}'`}`);
    if (process.env.CHROMIUM_PATH) console.error(`  (or point CHROMIUM_PATH at an executable Chromium; now: ${chromium})`);
    process.exit(1);
  }
  console.log(`using ${chromium}`);
}

// 2. vitest --------------------------------------------------------------------------------------
if (e2eOnly) {
  heading('2/4 vitest (skipped: --e2e-only)');
} else {
  heading('2/4 vitest: unit + integration');
  run(bin('vitest'), ['run']);
}

// 3. next build ----------------------------------------------------------------------------------
if (skipBuild) {
  heading('3/4 next build (skipped: --skip-build)');
  if (!existsSync(path.join(root, '.next', 'BUILD_ID'))) {
    console.error('✗ --skip-build given but there is no production build in .next; run without --skip-build (or npx next build) first');
    process.exit(1);
  }
  console.log('reusing the existing .next build');
} else {
  heading('3/4 next build');
  run(bin('next'), ['build']);
}

// 4. playwright ----------------------------------------------------------------------------------
heading('4/4 playwright: api + browser');
run(bin('playwright'), ['test', ...playwrightArgs], { env: { ...process.env, CHROMIUM_PATH: chromium } });

console.log(`\n✓ all tests passed in ${seconds(Date.now() - started)}`);
