// Shared Jest 30 settings (README "Tests"): every project's jest.config.mjs is `projectConfig(import.meta.dirname)`.
// Specs are ESM TypeScript compiled by @swc/jest with the options of tools/swc/register.mjs (legacy decorators with
// design-type metadata for NestJS DI, automatic JSX runtime); jest runs under `node --experimental-vm-modules`.
// SPEC_KIND selects the specs: unset or `unit` *.spec.ts(x), `int` *.int-spec.ts, `e2e` *.e2e-spec.ts. The Nx
// `test` target sets it through its configurations: `nx test <project>` (unit), `nx test <project> -c int|e2e`.
import { join } from 'node:path';

// Spec runs hash passwords at a low argon2id cost (libs/platform/auth PASSWORD_HASH_COST; only where NODE_ENV is
// 'test', which Jest sets): thousands of accounts are made and signed in, ≈ 25–40 ms of CPU each at OWASP's cost.
process.env.PASSWORD_HASH_COST ??= 'low';

const swc = (tsx) => ({
  sourceMaps: 'inline',
  module: { type: 'es6' },
  jsc: {
    target: 'es2024',
    parser: { syntax: 'typescript', tsx, decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, ...(tsx ? { react: { runtime: 'automatic' } } : {}) },
    keepClassNames: true,
    // `with { type: 'json' }` kept: without it Jest warns on every JSON import (a hard error in its next major).
    experimental: { keepImportAttributes: true },
  },
});

/** node_modules packages given module-scope builtins under Jest (tools/scripts/jest-realm-globals.mjs). */
const REALM_GLOBALS = ['drizzle-orm', '@electric-sql/pglite'];

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
    // The integration and browser specs' environment starts their portals outside the sandbox and hosts the
    // worker's shared portal (sharedPortal(), issue 39).
    testEnvironment: kind === 'int' || kind === 'e2e' ? join(import.meta.dirname, 'tools/scripts/jest-shared-env.mjs') : 'node',
    testMatch: KINDS[kind ?? 'unit'],
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    extensionsToTreatAsEsm: ['.ts', '.tsx'],
    // Packages whose hot paths look up builtins (see tools/scripts/jest-realm-globals.mjs); the rest load as they are.
    transformIgnorePatterns: [`/node_modules/(?!(${REALM_GLOBALS.join('|')})/)`],
    transform: {
      [`/node_modules/(${REALM_GLOBALS.join('|')})/.+\\.js$`]: join(import.meta.dirname, 'tools/scripts/jest-realm-globals.mjs'),
      '^.+\\.tsx$': ['@swc/jest', swc(true)],
      '^.+\\.(m|c)?ts$': ['@swc/jest', swc(false)],
    },
    moduleFileExtensions: ['ts', 'tsx', 'mjs', 'js', 'cjs', 'json', 'node'],
    testTimeout: 120_000,
    // Options of the whole run; in a run over several projects (jest.specs.mjs) its own config sets them.
    ...(process.env.JEST_SPECS_RUN
      ? {}
      : {
          ...(kind === 'int' || kind === 'e2e' ? SPEC_RUN : { maxWorkers: 1 }), // unit specs are small: in band
          passWithNoTests: true,
          // No forceExit ("Force exiting Jest" once per run, issue 39): unit specs close what they open; in integration
          // and browser runs a worker exits on Jest's end message and a run in band closes its shared portals in
          // this global teardown (tools/scripts/jest-shared-env.mjs).
          ...(kind === 'int' || kind === 'e2e' ? { globalTeardown: join(import.meta.dirname, 'tools/scripts/jest-shared-teardown.mjs') } : {}),
        }),
    cacheDirectory: join(import.meta.dirname, 'tmp/jest-cache'),
    ...overrides,
  };
}

/**
 * How integration and browser spec files are run, in one project's run (`nx test <project> -c int|e2e`) and in the
 * run over every project of a kind (jest.specs.mjs).
 */
export const SPEC_RUN = {
  // Two spec files at a time, as node --test --test-concurrency=2 had; each file gets its own database and bus
  // (@intranet/platform-testing), so the distributed mode shares PostgreSQL and NATS as before.
  maxWorkers: 2,
  // A fresh worker process for every file, as node --test had: a file leaves a started portal's PGlite
  // (WASM memory, outside the heap Jest measures), timers and sockets behind, ~0.4 GB a file in a reused
  // worker. Any idle heap is above this limit, so each worker is replaced after its file.
  workerIdleMemoryLimit: '1MB',
  // Jest's end message reaches a worker holding a portal (PGlite's thread and its memory): its exit took 100–330 ms
  // on a 2-core VM with another spec run beside it (measured 2026-11-29), and past Jest's 500 ms Jest kills it and
  // prints "A worker process has failed to exit gracefully" although nothing leaked.
  workerGracefulExitTimeout: 5000,
  // Files marked `@slow <N>s` start first, longest first: a long file started last would leave a core idle.
  testSequencer: join(import.meta.dirname, 'tools/scripts/jest-slow-first.mjs'),
};
