import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MAIN_THREAD_FILES, PLACES, playwrightMatch, vitestInclude } from '../layout';

/**
 * Every test file lies in exactly one of the places of tests/layout.ts, which decides where it runs
 * (once on PGlite, on PGlite and again on PostgreSQL, or on PostgreSQL only). A file anywhere else
 * would be run by no project, or by one that was never meant to run it: this names it and the places.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

function testFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(rel);
    return /\.(test|spec)\.[cm]?[jt]sx?$/.test(entry.name) ? [rel] : [];
  });
}

const placeOf = (file: string) => PLACES.filter((p) => path.posix.dirname(file) === p.dir && file.endsWith(p.suffix));

describe('test layout (tests/layout.ts)', () => {
  const files = testFiles('tests');

  it('finds the suites', () => {
    expect(files.length).toBeGreaterThan(50);
    for (const place of PLACES)
      expect(
        files.some((f) => placeOf(f).includes(place)),
        `no test file in ${place.dir}`,
      ).toBe(true);
  });

  it('every test file lies in exactly one place', () => {
    const where = PLACES.map((p) => `${p.dir}/*${p.suffix} (${p.projects.join(', ')})`).join('\n  ');
    const misplaced = files.filter((f) => placeOf(f).length !== 1);
    expect(misplaced, `test files outside the places tests run from; move each into one of\n  ${where}\n(tests/layout.ts says which)`).toEqual([]);
  });

  it('the projects run exactly the files of their places', () => {
    const globToRegExp = (glob: string) => new RegExp(`^${glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
    for (const file of files) {
      const [place] = placeOf(file);
      if (!place) continue;
      const projects = place.suffix === '.test.ts' ? ['unit', 'integration', 'integration-postgres'] : ['api', 'api-postgres', 'browser'];
      const running = projects.filter((project) =>
        place.suffix === '.test.ts' ? vitestInclude(project).some((glob) => globToRegExp(glob).test(file)) : playwrightMatch(project).some((re) => re.test(path.join(root, file))),
      );
      expect(running, file).toEqual(place.projects);
    }
  });

  it('integration-main-thread runs existing database/ files', () => {
    for (const file of MAIN_THREAD_FILES) {
      expect(existsSync(path.join(root, file)), `${file} does not exist`).toBe(true);
      expect(placeOf(file)[0]?.dir, file).toBe('tests/integration/database');
    }
  });
});
