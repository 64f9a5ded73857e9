import assert from 'node:assert/strict';
import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'node:test';

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
