/**
 * `npm run docs:access`: writes the access matrix (lib/contract/access-matrix.ts, generated from the
 * access table) into docs/access.md between its markers. `-- --check` only compares and exits 1 when
 * the committed text differs (tests/unit/access-matrix.test.ts checks the same).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { withAccessMatrix } from '../lib/contract/access-matrix';

const target = path.join(process.cwd(), 'docs', 'access.md');
const current = readFileSync(target, 'utf8');
const next = withAccessMatrix(current);
if (process.argv.includes('--check')) {
  if (current !== next) {
    console.error('docs/access.md is stale: run npm run docs:access');
    process.exit(1);
  }
  console.log('docs/access.md is current');
} else {
  writeFileSync(target, next);
  console.log(`wrote ${path.relative(process.cwd(), target)}`);
}
