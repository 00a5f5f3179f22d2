import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_BASE_URL, E2E_PLATFORM_KEY, REPO_ROOT } from '../fixtures';

/**
 * docs/api.md cannot drift: its ```bash blocks run here, in order, with bash, curl and jq against the
 * test server, and each block's output must match the ```json / ```text block shown after it.
 * Placeholders in a shown answer: <uuid>, <jwt>, <time>, <masked card number>; any other <...> is
 * "a non-empty string". The card steps run against the built-in sandbox card processor.
 */
test.describe.configure({ mode: 'serial' });

interface Step {
  script: string;
  expected?: { kind: 'json' | 'text'; body: string };
  line: number;
}

function stepsOf(markdown: string): Step[] {
  const steps: Step[] = [];
  const fence = /^```(\w+)\n([\s\S]*?)^```$/gm;
  for (let m = fence.exec(markdown); m; m = fence.exec(markdown)) {
    const [, lang, body] = m;
    const line = markdown.slice(0, m.index).split('\n').length;
    if (lang === 'bash') steps.push({ script: body!, line });
    else if ((lang === 'json' || lang === 'text') && steps.length && !steps.at(-1)!.expected) steps.at(-1)!.expected = { kind: lang, body: body! };
  }
  return steps;
}

/** Splits concatenated JSON values (jq prints one per object). */
function jsonValues(text: string): unknown[] {
  const values: unknown[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      if (depth++ === 0) start = i;
    } else if (c === '}' || c === ']') {
      if (--depth === 0) values.push(JSON.parse(text.slice(start, i + 1)));
    }
  }
  return values;
}

const PLACEHOLDERS: Record<string, RegExp> = {
  '<uuid>': /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  '<jwt>': /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/,
  '<time>': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/,
  '<masked card number>': /^\d{6}\*+\d{4}$/,
};

/** The shown answer with each placeholder replaced by the actual value, when that value fits it. */
function resolve(shown: unknown, actual: unknown): unknown {
  if (typeof shown === 'string' && /^<[^<>]+>$/.test(shown)) {
    const pattern = PLACEHOLDERS[shown] ?? /^.+$/s;
    return typeof actual === 'string' && pattern.test(actual) ? actual : shown;
  }
  if (Array.isArray(shown)) return shown.map((v, i) => resolve(v, Array.isArray(actual) ? actual[i] : undefined));
  if (shown && typeof shown === 'object') {
    const a = (actual && typeof actual === 'object' ? actual : {}) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(shown).map(([k, v]) => [k, resolve(v, a[k])]));
  }
  return shown;
}

const workdir = mkdtempSync(path.join(tmpdir(), 'bp-docs-'));
const env = {
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  HOME: workdir,
  BASE: E2E_BASE_URL,
  PLATFORM_ADMIN_KEY: E2E_PLATFORM_KEY,
  RUN_ID: `${Date.now().toString(36)}-${process.pid}`,
};

function run(step: Step): void {
  const wrapped = `set -eo pipefail\n[ -f .state ] && source .state\n${step.script}\n{ export -p; declare -f; } > .state\n`;
  const result = spawnSync('bash', ['-c', wrapped], { cwd: workdir, env: env as unknown as NodeJS.ProcessEnv, encoding: 'utf8', timeout: 30_000 });
  const where = `docs/api.md line ${step.line}`;
  expect(result.status, `${where} failed:\n${result.stderr}`).toBe(0);
  if (!step.expected) return;
  if (step.expected.kind === 'text') {
    expect(result.stdout.trim(), where).toBe(step.expected.body.trim());
    return;
  }
  const actual = jsonValues(result.stdout);
  const shown = jsonValues(step.expected.body);
  expect(actual, where).toEqual(resolve(shown, actual));
}

const steps = stepsOf(readFileSync(path.join(REPO_ROOT, 'docs/api.md'), 'utf8'));

test('docs/api.md: tenant registration, sign-in, customer registration (and its idempotent replay), webhook subscription, card lookup', () => {
  test.setTimeout(180_000);
  expect(steps.length).toBeGreaterThanOrEqual(12);
  for (const step of steps) run(step);
});
