// One Jest run over every project tagged `specs:<SPEC_KIND>` (int or e2e): what tools/scripts/test.sh runs on a clean
// checkout. `nx run-many` runs each project's `test -c <kind>` target with its own two workers, so each project's
// long last file left a core idle and two projects at a time over-subscribed the two cores (docs/adr/0004). Jest's
// own `projects` shares one pool of two workers across them all, longest files first. The per-project Nx targets
// stay for `nx affected` (a base commit known) and for running one project's specs.
import { existsSync, globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createProjectGraphAsync } from '@nx/devkit';
import { SPEC_RUN } from './jest.preset.mjs';

const kind = process.env.SPEC_KIND;
if (kind !== 'int' && kind !== 'e2e' && kind !== 'unit') throw new Error(`jest.specs.mjs: SPEC_KIND must be unit, int or e2e, not '${kind}'`);
// SPEC_POOL (integration specs): `shared` the files on the workers' shared portal (they mention `sharedPortal`), in
// workers kept from file to file so that the portal outlives each file; `own` the others, each in a fresh worker
// (a portal started in a sandbox leaves ~0.4 GB of WebAssembly memory behind); unset: every file, fresh workers.
const pool = process.env.SPEC_POOL;
if (pool && pool !== 'shared' && pool !== 'own') throw new Error(`jest.specs.mjs: SPEC_POOL must be shared or own, not '${pool}'`);
const onSharedPortal = (file) => /\bsharedPortal\b/.test(readFileSync(file, 'utf8'));

const graph = await createProjectGraphAsync({ exitOnError: true });
// Unit specs: every project with a `test` target and its jest.config.mjs (what `nx run-many -t test` runs, in one
// Jest instead of ~70: Jest and its transforms start once, not once per project).
const dirs = Object.values(graph.nodes)
  .filter((node) =>
    kind === 'unit'
      ? node.data.targets?.test && existsSync(join(import.meta.dirname, node.data.root, 'jest.config.mjs'))
      : node.data.tags?.includes(`specs:${kind}`),
  )
  .map((node) => join(import.meta.dirname, node.data.root))
  .sort();
// Each project's own jest.config.mjs, read while JEST_SPECS_RUN tells jest.preset.mjs to leave the run-wide options
// (workers, sequencer, forceExit) to this config; unset again before anything is spawned, so that a spec's own
// nested Jest run (the generator spec) gets them back.
process.env.JEST_SPECS_RUN = '1';
const projects = [];
for (const dir of dirs) {
  const project = (await import(pathToFileURL(join(dir, 'jest.config.mjs')).href)).default;
  if (pool) {
    const files = globSync(`**/*.${kind}-spec.ts`, { cwd: dir, exclude: (f) => f === 'node_modules' || f === 'dist' })
      .map((f) => join(dir, f))
      .filter((f) => onSharedPortal(f) === (pool === 'shared'));
    if (!files.length) continue;
    project.testMatch = files;
  }
  projects.push(project);
}
delete process.env.JEST_SPECS_RUN;

export default kind === 'unit'
  ? // Small specs that close what they open: two workers kept from file to file, Jest ends by itself. A worker
    // given Jest's end message exits once its event loop is empty: a leaked handle never lets it, so 5 s instead of
    // Jest's 500 ms still names a leak, and no longer a clean worker slow to exit on a loaded machine (once in two CI
    // runs of 2026-11-29; `--detectOpenHandles` names no handle).
    { rootDir: import.meta.dirname, projects, maxWorkers: 2, testTimeout: 120_000, passWithNoTests: true, workerGracefulExitTimeout: 5000 }
  : {
      rootDir: import.meta.dirname,
      projects,
      ...SPEC_RUN,
      // Workers kept from file to file where the servers live outside the sandboxes (jest-shared-env.mjs): the shared
      // pool's portal, and the browser specs' portals, started and closed per file but loaded once per worker.
      ...(pool === 'shared' || (kind === 'e2e' && process.env.SHARED_PORTAL !== 'off') ? { workerIdleMemoryLimit: undefined } : {}),
      // Three files at a time in the distributed own-portal pool: its files wait on PostgreSQL and NATS round trips,
      // and two workers left the cores 35 % idle (125 s; three: 100 s, the same CPU). The embedded pool is CPU-bound
      // (89 % busy, 130 → 126 s with three) and the shared pool's critical path is one file: both keep two
      // (tools/bench/README.md, "three workers for the distributed own-portal pool").
      ...(kind === 'int' && pool === 'own' && process.env.DATABASE_URL ? { maxWorkers: 3 } : {}),
      testTimeout: 120_000,
      passWithNoTests: true,
      // No forceExit: workers exit on Jest's end message and a run in band closes its shared portals here
      // (tools/scripts/jest-shared-env.mjs), so Jest ends by itself and prints no "Force exiting Jest" (issue 39).
      globalTeardown: join(import.meta.dirname, 'tools/scripts/jest-shared-teardown.mjs'),
    };
