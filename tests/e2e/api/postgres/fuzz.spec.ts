import { expect, test } from '@playwright/test';
import { E2E_PLATFORM_KEY } from '../../fixtures';
import { formatReport, fuzz } from '../../fuzz/run';

/**
 * The schema-driven fuzzer (tests/e2e/fuzz/, docs/fuzzing.md) against the end-to-end server: every
 * operation of the served /api/openapi.json, valid credentials and real resources, valid and
 * mutated requests. No 5xx, our envelope on every 4xx, every 2xx as declared. A fixed seed, so a
 * failure replays with `npm run fuzz -- --runs 2000 --seed 20261123`; FUZZ_RUNS / FUZZ_SEED override.
 * Once, against the server on PostgreSQL (tests/layout.ts): real concurrency on pooled connections,
 * where it found a deadlock PGlite's one session cannot have (tests/integration/postgres/webhooks-lock-order.test.ts).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

test(`fuzz: ${RUNS} requests from the OpenAPI document (seed ${SEED}): no 5xx, envelopes on every 4xx, every 2xx matches its schema`, async ({ baseURL }, testInfo) => {
  test.setTimeout(300_000);
  const result = await fuzz({ baseUrl: baseURL!, platformKey: E2E_PLATFORM_KEY, runs: RUNS, seed: SEED });
  const report = formatReport(result);
  await testInfo.attach('fuzz-report.txt', { body: report, contentType: 'text/plain' });
  expect(result.warnings, report).toEqual([]);
  expect(result.requests).toBe(RUNS);
  expect(
    result.violations.map((v) => `${v.operation} | ${v.status} | ${v.reason} | ${v.count}x`),
    report,
  ).toEqual([]);
});
