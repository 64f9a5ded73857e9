// Shared Jest 30 settings (README "Tests"): every project's jest.config.mjs is `projectConfig(import.meta.dirname)`.
// Specs are ESM TypeScript compiled by @swc/jest with the options of tools/swc/register.mjs (legacy decorators with
// design-type metadata for NestJS DI, automatic JSX runtime); jest runs under `node --experimental-vm-modules`.
// Jest runs the unit specs (*.spec.ts(x)). The integration and browser specs still run on Node's test runner
// (tools/scripts/test.sh): PGlite stalls in its initdb under Jest's VM modules (see README "Tests"); once that is
// solved, tools/scripts/node-test-to-jest.mjs converts them and SPEC_KIND=int|e2e selects them here.
import { join } from 'node:path';

const swc = (tsx) => ({
  sourceMaps: 'inline',
  module: { type: 'es6' },
  jsc: {
    target: 'es2024',
    parser: { syntax: 'typescript', tsx, decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, ...(tsx ? { react: { runtime: 'automatic' } } : {}) },
    keepClassNames: true,
  },
});

const KINDS = {
  unit: ['**/*.spec.ts', '**/*.spec.tsx'],
  int: ['**/*.int-spec.ts'],
  e2e: ['**/*.e2e-spec.ts'],
};

/** Jest config for the project in `dir` (absolute). */
export function projectConfig(dir, overrides = {}) {
  const kind = process.env.SPEC_KIND;
  if (kind && !KINDS[kind]) throw new Error(`SPEC_KIND must be one of ${Object.keys(KINDS).join(', ')}, not '${kind}'`);
  return {
    rootDir: dir,
    displayName: dir.split('/').slice(-2).join('/'),
    testEnvironment: 'node',
    testMatch: KINDS[kind ?? 'unit'],
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    extensionsToTreatAsEsm: ['.ts', '.tsx'],
    transform: {
      '^.+\\.tsx$': ['@swc/jest', swc(true)],
      '^.+\\.(m|c)?ts$': ['@swc/jest', swc(false)],
    },
    moduleFileExtensions: ['ts', 'tsx', 'mjs', 'js', 'cjs', 'json', 'node'],
    testTimeout: 120_000,
    // Specs share a machine's PostgreSQL/NATS and start whole portals: one file at a time per project, as before.
    maxWorkers: 1,
    passWithNoTests: true,
    // Like node --test --test-force-exit: a handle a library leaves open must not hang the run.
    forceExit: true,
    cacheDirectory: join(import.meta.dirname, 'tmp/jest-cache'),
    ...overrides,
  };
}
