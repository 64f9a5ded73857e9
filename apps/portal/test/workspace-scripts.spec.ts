import assert from 'node:assert/strict';
import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { it } from '@jest/globals';

const ROOT = join(import.meta.dirname, '../../..');
const read = (f: string) => JSON.parse(readFileSync(join(ROOT, f), 'utf8'));

// npm run inside a workspace folder (`cd apps/portal && npm start`) runs that workspace's script, not the root's:
// every workspace forwards the README's commands to tools/scripts/run.sh (README "Getting started").
it('every npm workspace forwards start, test and distributed to the root, hidden from Nx', () => {
  const root = read('package.json');
  const files = (root.workspaces as string[]).flatMap((w) => globSync(`${w}/package.json`, { cwd: ROOT }));
  assert.ok(files.length > 10, `workspaces found: ${files.length}`);
  for (const f of files) {
    const pkg = read(f);
    for (const cmd of ['start', 'test', 'distributed']) {
      assert.equal(pkg.scripts?.[cmd], `bash "$npm_config_local_prefix/tools/scripts/run.sh" ${cmd}`, `${f}: scripts.${cmd}`);
    }
    // Nx would otherwise turn the forwarders into per-project targets (nx run-many -t test would run npm test N times).
    const included: string[] | undefined = pkg.nx?.includedScripts;
    assert.ok(Array.isArray(included), `${f}: nx.includedScripts`);
    assert.ok(!included.some((s) => ['start', 'test', 'distributed'].includes(s)), `${f}: nx.includedScripts`);
  }
});

// `npm test` runs the unit specs through each project's Nx `test` target: a project with specs but no target would
// have them silently skipped.
it('every workspace holding unit specs has a jest config and an Nx test target', () => {
  const root = read('package.json');
  const dirs = (root.workspaces as string[]).flatMap((w) => globSync(`${w}/package.json`, { cwd: ROOT })).map((f) => f.replace(/\/package\.json$/, ''));
  const withSpecs = dirs.filter((d) => globSync(`${d}/{src,test}/**/*.spec.{ts,tsx}`, { cwd: ROOT }).length > 0);
  assert.ok(withSpecs.length >= 10, `projects with specs: ${withSpecs.length}`);
  for (const d of withSpecs) {
    assert.ok(globSync(`${d}/jest.config.mjs`, { cwd: ROOT }).length === 1, `${d}: jest.config.mjs`);
    assert.match(String(read(`${d}/package.json`).nx?.targets?.test?.command ?? ''), /jest/, `${d}: nx.targets.test`);
  }
});
