/**
 * `npm run openapi`: writes the OpenAPI 3.1 document to docs/openapi.json (committed; a test fails
 * when it is stale). `npm run openapi -- --check` only compares and exits 1 when it differs.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openApiFileJson } from '../lib/openapi/document';

const target = path.join(process.cwd(), 'docs', 'openapi.json');
const json = openApiFileJson();
if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    // missing counts as stale
  }
  if (current !== json) {
    console.error('docs/openapi.json is stale: run npm run openapi');
    process.exit(1);
  }
  console.log('docs/openapi.json is current');
} else {
  writeFileSync(target, json);
  console.log(`wrote ${path.relative(process.cwd(), target)} (${json.length} bytes)`);
}
