import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES, UNDECLARED_ROUTES } from '@/lib/contract/routes';
import type { RouteSpec } from '@/lib/contract/routes/types';
import { routeLabel } from '@/lib/http/api-route';
import { definitionOf } from '@/lib/http/endpoint';
import { servedMethods } from '@/lib/http/route';
import { routeKey } from '@/server/api-edge.mjs';

/**
 * One definition per route (lib/contract/routes): every method a route file under app/api serves is
 * an endpoint() bound to the definition of exactly that method and path, and every definition is
 * served by a route file. The wrapper and the OpenAPI document are built from the definitions, so
 * adding an endpoint is one definition and one route file; this test names whichever is missing.
 */
const ROOT = path.resolve(__dirname, '../..');

const ROUTES_TEXT = `${ROUTES.length} definitions`;

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === 'route.ts' ? [full] : [];
  });
}

/** app/api/v2.1/tenants/[tenantId]/route.ts -> /api/v2.1/tenants/[tenantId] */
const routeOf = (file: string) => `/${path.relative(path.join(ROOT, 'app'), path.dirname(file)).split(path.sep).join('/')}`;

/** Does a definition's path belong to this Next.js route path? [x] is {x}; [...x] and [[...x]] are one or more segments. */
function serves(route: string, definedPath: string): boolean {
  const pattern = route
    .split('/')
    .map((segment) => {
      if (/^\[\[?\.\.\.\w+\]\]?$/.test(segment)) return '.+';
      if (/^\[\w+\]$/.test(segment)) return `\\{${segment.slice(1, -1)}\\}`;
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${pattern}$`).test(definedPath);
}

const files = routeFiles(path.join(ROOT, 'app/api')).map((file) => ({ file, route: routeOf(file) }));
const declared = files.filter(({ route }) => !UNDECLARED_ROUTES.some((u) => u.route === route));
const bound = new Set<RouteSpec>();

describe(`route files and route definitions (${ROUTES_TEXT})`, () => {
  it.each(declared.map(({ file, route }) => [route, file]))('%s: each served method is endpoint() of its own definition', async (route, file) => {
    const routeModule = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
    const served = servedMethods(routeModule);
    expect(served.length, `${route} serves no method`).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const method of served) {
      const definition = definitionOf(routeModule[method]);
      if (!definition) problems.push(`${method}: not built by endpoint(definition, handler)`);
      else if (definition.method !== method || !serves(route, definition.path)) problems.push(`${method}: bound to ${definition.method} ${definition.path}`);
      else if (!ROUTES.includes(definition)) problems.push(`${method}: its definition is not in ROUTES (lib/contract/routes/index.ts)`);
      // route() registers the handlers for the edge under the definition's path; the edge looks them up by the page's (server/api-edge.mjs)
      else if (routeLabel(definition.path) !== routeKey(route)) problems.push(`${method}: the edge would not find it: ${routeLabel(definition.path)} is not ${routeKey(route)}`);
      else bound.add(definition);
    }
    expect(problems).toEqual([]);
  });

  it('every definition is served by a route file', async () => {
    for (const { file } of declared) {
      const routeModule = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
      for (const method of servedMethods(routeModule)) {
        const definition = definitionOf(routeModule[method]);
        if (definition) bound.add(definition);
      }
    }
    expect(ROUTES.filter((r) => !bound.has(r)).map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('the route files that bind no definition are exactly the listed ones, each with its reason', () => {
    expect(
      files
        .filter(({ route }) => UNDECLARED_ROUTES.some((u) => u.route === route))
        .map(({ route }) => route)
        .sort(),
    ).toEqual(UNDECLARED_ROUTES.map((u) => u.route).sort());
  });

  it('no two definitions share a method and path', () => {
    const keys = ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });
});

describe('no benchmark-only routes are served', () => {
  // issue 26: the bench's constant-envelope route was dead code that production served behind an
  // environment switch (BENCH_ROUTES); nothing under /api/bench exists any more
  it('no route file and no definition under /api/bench', () => {
    expect(files.map(({ route }) => route).filter((route) => route.startsWith('/api/bench'))).toEqual([]);
    expect(ROUTES.map((r) => r.path).filter((p) => p.startsWith('/api/bench'))).toEqual([]);
  });
});
