import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The import graph of lib/, app/, components/ and the root modules, read with TypeScript's own
 * pre-processor: every `import`, `import type`, `export ... from` and `import()` counts. Two rules
 * (docs/architecture.md, "Layers"):
 *  - no file imports a layer above its own;
 *  - no import cycle, type-only ones included.
 * eslint's import/no-cycle skips type-only imports and import/no-restricted-paths only knows the
 * zones it is given; this test sees the whole graph.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Lowest first. A path belongs to the first prefix that matches it, most specific prefixes first. */
const LAYERS: { name: string; paths: string[] }[] = [
  { name: 'contract', paths: ['lib/contract', 'lib/env.ts', 'lib/env-defaults.mjs', 'lib/env-defaults.d.mts', 'lib/log.ts', 'lib/clock.ts', 'lib/timeout.ts', 'lib/crypto'] },
  { name: 'db', paths: ['lib/db'] },
  // the metrics registry is prom-client only; the delivery worker counts into it
  { name: 'services', paths: ['lib/services', 'lib/metrics/registry.ts'] },
  // the card processor's client and sandbox: the sandbox uses services; services that act on cards get a processor from their caller
  { name: 'card-processor', paths: ['lib/card-processor'] },
  { name: 'http', paths: ['lib/http', 'lib/auth', 'lib/metrics', 'lib/openapi'] },
  { name: 'app', paths: ['app', 'components', 'lib/ui', 'lib/startup.ts', 'instrumentation.ts', 'instrumentation-client.ts', 'proxy.ts'] },
];

/**
 * Cycles still to remove, each with its TODO. The test fails when one of them is gone too (delete its
 * entry then), so the list cannot go stale.
 */
const KNOWN_CYCLES: { files: string[]; todo: string }[] = [];

const SOURCE = /\.(ts|tsx|mts|mjs)$/;

function walk(dir: string, out: string[]): void {
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (rel === 'lib/db/migrations') continue;
      walk(rel, out);
    } else if (SOURCE.test(entry.name)) out.push(rel);
  }
}

function sourceFiles(): string[] {
  const files: string[] = [];
  for (const dir of ['lib', 'app', 'components']) walk(dir, files);
  for (const file of ['instrumentation.ts', 'instrumentation-client.ts', 'proxy.ts']) if (existsSync(path.join(ROOT, file))) files.push(file);
  return files.sort();
}

const CANDIDATES = ['', '.ts', '.tsx', '.mts', '.mjs', '.d.mts', '/index.ts', '/index.tsx'];

/** The repository file an import specifier names, or null for a package. */
function resolve(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('@/')) base = specifier.slice(2);
  else if (specifier.startsWith('.')) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  else return null;
  for (const suffix of CANDIDATES) {
    const candidate = base + suffix;
    const full = path.join(ROOT, candidate);
    if (existsSync(full) && statSync(full).isFile()) return candidate;
  }
  throw new Error(`${from}: cannot resolve ${specifier}`);
}

function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles()) {
    const info = ts.preProcessFile(readFileSync(path.join(ROOT, file), 'utf8'), true, true);
    const targets = info.importedFiles.map((ref) => resolve(file, ref.fileName)).filter((target): target is string => target !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

function layerOf(file: string): number {
  let best = -1;
  let bestLength = -1;
  LAYERS.forEach((layer, index) => {
    for (const prefix of layer.paths) {
      const matches = file === prefix || file.startsWith(`${prefix}/`);
      if (matches && prefix.length > bestLength) {
        best = index;
        bestLength = prefix.length;
      }
    }
  });
  return best;
}

/** Strongly connected components with more than one file (or a file importing itself): Tarjan's algorithm. */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

describe('the import graph (docs/architecture.md, Layers)', () => {
  const graph = importGraph();

  it('reads the whole tree, type-only imports included', () => {
    expect(graph.size).toBeGreaterThan(300);
    expect(graph.get('lib/http/idempotency.ts')).toContain('lib/http/identity.ts');
  });

  it('every file belongs to a layer', () => {
    expect([...graph.keys()].filter((file) => layerOf(file) < 0)).toEqual([]);
  });

  it('no file imports a layer above its own', () => {
    const upward = [...graph].flatMap(([file, targets]) =>
      targets.filter((target) => layerOf(target) > layerOf(file)).map((target) => `${file} (${LAYERS[layerOf(file)]!.name}) imports ${target} (${LAYERS[layerOf(target)]!.name})`),
    );
    expect(upward).toEqual([]);
  });

  it('has no import cycle but the known ones, and each known one is still there', () => {
    const known = new Set(KNOWN_CYCLES.map((c) => [...c.files].sort().join(' -> ')));
    const found = cycles(graph).map((component) => component.join(' -> '));
    expect(found.filter((cycle) => !known.has(cycle))).toEqual([]);
    expect([...known].filter((cycle) => !found.includes(cycle))).toEqual([]);
  });

  it('finds a cycle and an upward import when there is one (the checks themselves)', () => {
    const sample = new Map([
      ['lib/services/a.ts', ['lib/services/b.ts']],
      ['lib/services/b.ts', ['lib/services/a.ts', 'lib/http/c.ts']],
      ['lib/http/c.ts', []],
    ]);
    expect(cycles(sample)).toEqual([['lib/services/a.ts', 'lib/services/b.ts']]);
    expect(layerOf('lib/http/c.ts')).toBeGreaterThan(layerOf('lib/services/b.ts'));
    expect(layerOf('lib/metrics/registry.ts')).toBe(layerOf('lib/services/x.ts'));
  });
});
