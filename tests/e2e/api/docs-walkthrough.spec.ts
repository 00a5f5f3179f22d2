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
 * "a non-empty string". The card steps (after the card-api marker) need the sandbox card processor.
 */
test.describe.configure({ mode: 'serial' });

interface Step {
  script: string;
  expected?: { kind: 'json' | 'text'; body: string };
  line: number;
}

function stepsOf(markdown: string): { before: Step[]; cards: Step[] } {
  const [head, tail = ''] = markdown.split('<!-- card-api');
  const parse = (text: string, offset: number): Step[] => {
    const steps: Step[] = [];
    const fence = /^```(\w+)\n([\s\S]*?)^```$/gm;
    for (let m = fence.exec(text); m; m = fence.exec(text)) {
      const [, lang, body] = m;
      const line = offset + text.slice(0, m.index).split('\n').length;
      if (lang === 'bash') steps.push({ script: body!, line });
      else if ((lang === 'json' || lang === 'text') && steps.length && !steps.at(-1)!.expected) steps.at(-1)!.expected = { kind: lang, body: body! };
    }
    return steps;
  };
  return { before: parse(head!, 0), cards: parse(tail, head!.split('\n').length - 1) };
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

const { before, cards } = stepsOf(readFileSync(path.join(REPO_ROOT, 'docs/api.md'), 'utf8'));

test('docs/api.md: tenant registration, sign-in, customer registration (with its idempotent replay) and a webhook subscription', () => {
  test.setTimeout(120_000);
  expect(before.length).toBeGreaterThanOrEqual(8);
  for (const step of before) run(step);
});

test('docs/api.md: the card lookup through the card API', () => {
  // The gateway is on main, but the sandbox processor (issue 6s) is not yet: every card operation
  // answers 502 until it lands. The lead completes this test at that merge: remove the fixme, set
  // CARD_NO in docs/api.md from the sandbox's documented test card, adjust the shown answers.
  test.fixme(true, 'needs the sandbox card processor (issue 6s)');
  test.setTimeout(60_000);
  for (const step of cards) run(step);
});
