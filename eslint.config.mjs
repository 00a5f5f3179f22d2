import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

/**
 * The layers (docs/architecture.md): contract -> db -> services -> card processor -> http -> app and
 * components. A file may import its own layer and those below it, never one above; nothing in lib/
 * imports the start-up module (lib/startup.ts), which sits above everything. Loops are forbidden by
 * tests/unit/import-graph.test.ts, which also checks the same layers over the whole graph, type-only
 * imports included. eslint's import/no-cycle is not used: it saw less (no type-only imports) and was
 * half of the whole lint's time (23 of 45 s of rule time on a 2-core VM).
 */
const BASE = ['lib/contract', 'lib/env.ts', 'lib/env-defaults.mjs', 'lib/log.ts', 'lib/clock.ts', 'lib/timeout.ts', 'lib/crypto'];
const DB = ['lib/db'];
const SERVICES = ['lib/services'];
const CARD_PROCESSOR = ['lib/card-processor'];
const HTTP = ['lib/http', 'lib/auth', 'lib/metrics', 'lib/openapi'];
const TOP = ['app', 'components', 'lib/ui', 'lib/startup.ts'];
const layerZones = (targets, forbidden, message) =>
  targets.flatMap((target) =>
    forbidden.map((from) => ({
      target: `./${target}`,
      from: `./${from}`,
      // the metrics registry (prom-client only) is counted into by the delivery worker
      ...(from === 'lib/metrics' ? { except: ['./registry.ts'] } : {}),
      message,
    })),
  );

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    '.next/**',
    'bench/anchor/next-app/.next/**',
    'bench/anchor/route-table-app/**',
    'node_modules/**',
    'test-results/**',
    'playwright-report/**',
    'next-env.d.ts',
    'lib/db/migrations/**',
    '.data/**',
  ]),
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['lib/**/*.ts', 'lib/**/*.tsx', 'app/**/*.ts', 'app/**/*.tsx', 'components/**/*.ts', 'components/**/*.tsx'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...layerZones(BASE, [...DB, ...SERVICES, ...CARD_PROCESSOR, ...HTTP, ...TOP], 'the contract layer imports nothing above it (docs/architecture.md)'),
            ...layerZones(DB, [...SERVICES, ...CARD_PROCESSOR, ...HTTP, ...TOP], 'lib/db imports only the contract layer (docs/architecture.md)'),
            ...layerZones(
              SERVICES,
              [...CARD_PROCESSOR, ...HTTP, ...TOP],
              'services know nothing of the card processor, HTTP or the app: a caller hands in a processor (docs/architecture.md)',
            ),
            ...layerZones(CARD_PROCESSOR, [...HTTP, ...TOP], 'the card processor knows nothing of HTTP or the app (docs/architecture.md)'),
            ...layerZones(HTTP, TOP, 'lib/http renders; it does not import the app (docs/architecture.md)'),
            ...layerZones(['app', 'components', 'lib/ui'], ['lib/startup.ts'], 'only instrumentation.ts and the scripts load the start-up module'),
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'tests/**', '.ci/**', 'instrumentation.ts', 'lib/startup.ts', 'server/main.mjs'],
    rules: { 'no-console': 'off' },
  },
]);
