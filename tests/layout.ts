/**
 * Where a test file lives decides where it runs: each test runs once where it can fail, and only
 * what depends on the database runs again on PostgreSQL. vitest.config.ts and playwright.config.ts
 * build their projects from this list; tests/unit/test-layout.test.ts fails for a test file that
 * lies anywhere else (so a new file lands in exactly one place). README "Tests" and
 * docs/architecture.md "Tests" explain the choice.
 *
 * A new file: in which directory?
 *   - pure code, no database ............................................ tests/unit/
 *   - route handlers or services, same outcome on any database .......... tests/integration/
 *   - the outcome depends on the database: concurrent requests, locks, transactions under
 *     contention, notifications, the pool, the database's clock, migrations, statement counts
 *     ................................................................... tests/integration/database/
 *   - needs a PostgreSQL server (several connections or processes on one database)
 *     ................................................................... tests/integration/postgres/
 *   - HTTP against the production server (Playwright), likewise: tests/e2e/api/ (against the server
 *     on PGlite), tests/e2e/api/database/ (against it and again against the server on PostgreSQL),
 *     tests/e2e/api/postgres/ (needs PostgreSQL: the server on it, or databases of its own there)
 *   - the panel in Chromium ............................................. tests/e2e/browser/
 */
export interface Place {
  /** directory, relative to the repository; its test files directly inside it, not in subdirectories */
  dir: string;
  suffix: '.test.ts' | '.spec.ts';
  /** the vitest or Playwright projects that run the files */
  projects: string[];
}

export const PLACES: Place[] = [
  { dir: 'tests/unit', suffix: '.test.ts', projects: ['unit'] },
  { dir: 'tests/integration', suffix: '.test.ts', projects: ['integration'] },
  { dir: 'tests/integration/database', suffix: '.test.ts', projects: ['integration', 'integration-postgres'] },
  { dir: 'tests/integration/postgres', suffix: '.test.ts', projects: ['integration-postgres'] },
  { dir: 'tests/e2e/api', suffix: '.spec.ts', projects: ['api'] },
  { dir: 'tests/e2e/api/database', suffix: '.spec.ts', projects: ['api', 'api-postgres'] },
  { dir: 'tests/e2e/api/postgres', suffix: '.spec.ts', projects: ['api-postgres'] },
  { dir: 'tests/e2e/browser', suffix: '.spec.ts', projects: ['browser'] },
];

/** vitest include globs of a project: every place it runs */
export function vitestInclude(project: string): string[] {
  return PLACES.filter((p) => p.projects.includes(project)).map((p) => `${p.dir}/*${p.suffix}`);
}

/** Playwright testMatch of a project: files directly in its places (paths are absolute there) */
export function playwrightMatch(project: string): RegExp[] {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return PLACES.filter((p) => p.projects.includes(project)).map((p) => new RegExp(`(^|/)${escape(p.dir)}/[^/]+${escape(p.suffix)}$`));
}

/**
 * integration-main-thread: the database/ files that lean hardest on PGlite's order, locks and
 * notifications, run again with PGLITE_THREAD=false (the in-thread fallback of
 * lib/db/pglite-remote.ts).
 */
export const MAIN_THREAD_FILES = [
  'tests/integration/database/round-trips.test.ts',
  'tests/integration/database/identity-principal-cache.test.ts',
  'tests/integration/database/ledger-concurrency.test.ts',
  'tests/integration/database/webhooks-delivery.test.ts',
  'tests/integration/database/card-directory.test.ts',
  'tests/integration/database/metrics.test.ts',
];
