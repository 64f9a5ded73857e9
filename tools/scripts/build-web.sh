#!/usr/bin/env bash
# Production build of the web (DESIGN §8): the shell (Module Federation host) into dist/web/shell and the admin
# remote into dist/web/admin (publicPath /remotes/admin/). The gateway serves dist/web/shell at / (SPA fallback to
# index.html for non-/api paths) and dist/web/admin at /remotes/admin/.
#
#   bash tools/scripts/build-web.sh
#
# Prints every asset with its gzip size and the shell's first load (index.html's scripts plus the chunks the
# bootstrap pulls in) as an upper bound; the 250 KB gzip budget (DESIGN §10) is checked on what a browser really fetches by apps/portal/test/first-load.e2e-spec.ts.
# Dev servers: (cd apps/admin-web && npx rsbuild dev)   → :4201 under /remotes/admin/
#              (cd apps/shell && npx rsbuild dev)       → :4200, proxies /api and /socket.io to :3000, /remotes/admin to :4201
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
if [[ -f tools/scripts/node-env.sh ]]; then
  # shellcheck source=/dev/null
  source tools/scripts/node-env.sh
fi
if [[ -d "$ROOT/.tools/node24/node_modules/.bin" ]]; then
  export PATH="$ROOT/.tools/node24/node_modules/.bin:$PATH"
fi
export NODE_ENV=production
RSBUILD="$ROOT/node_modules/.bin/rsbuild"
START=$(date +%s)

# Every remote app (apps/<name>-web) builds into dist/web/<name>; the gateway serves it at /remotes/<name>/.
for app in apps/*-web; do
  name=$(basename "$app" -web)
  echo "[build-web] $name remote → dist/web/$name"
  (cd "$app" && "$RSBUILD" build --log-level warn)
done
echo "[build-web] shell → dist/web/shell"
(cd apps/shell && "$RSBUILD" build --log-level warn)
# The shell discovers the remotes from this list and their screens from each mf-manifest.json (metaData.routes).
node -e 'const fs = require("node:fs"); const d = process.argv[1]; const names = fs.readdirSync(d).filter((n) => n !== "shell" && fs.existsSync(`${d}/${n}/mf-manifest.json`)).sort(); fs.writeFileSync(`${d}/shell/remotes.json`, JSON.stringify(names)); console.log(`[build-web] remotes: ${names.join(", ")}`);' "$ROOT/dist/web"

node --input-type=module - "$ROOT/dist/web" <<'NODE'
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createHash } from 'node:crypto';

const dist = process.argv[2];
const BUDGET_KB = 250;
const gz = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
const kb = (n) => (n / 1024).toFixed(1).padStart(7) + ' KB';
const walk = (dir) => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));

for (const app of fs.readdirSync(dist).filter((d) => fs.statSync(path.join(dist, d)).isDirectory())) {
  const dir = path.join(dist, app);
  const files = walk(dir).filter((f) => /\.(js|css|html|json)$/.test(f)).map((f) => ({ f: path.relative(dir, f), size: fs.statSync(f).size, gz: gz(f) }));
  files.sort((a, b) => a.gz - b.gz);
  console.log(`\n${app}: ${files.length} files`);
  for (const x of files) console.log(`  ${kb(x.size)} raw ${kb(x.gz)} gzip  ${x.f}`);
  const js = files.filter((x) => /\.(js|css)$/.test(x.f));
  console.log(`  total js+css: ${kb(js.reduce((s, x) => s + x.size, 0))} raw ${kb(js.reduce((s, x) => s + x.gz, 0))} gzip`);
}

// Shell first load: everything the shell can load without a remote (all its js/css), minus the
// duplicate CSS emitted for the shared design system (both copies counted would double-count).
const shellDir = path.join(dist, 'shell');
const assets = walk(shellDir).filter((f) => /\.(js|css)$/.test(f));
const seen = new Set();
let first = gz(path.join(shellDir, 'index.html'));
for (const f of assets) {
  const key = createHash('sha256').update(fs.readFileSync(f)).digest('hex');
  if (seen.has(key)) continue;
  seen.add(key);
  first += gz(f);
}
// An upper bound: every language's catalogue and every lazy chunk, which no page load fetches all of. The budget is
// enforced on what a browser really fetches to sign in (apps/portal/test/first-load.e2e-spec.ts).
console.log(`\nshell, every js/css file (upper bound of the first load): ${kb(first)} gzip — first-load budget ${BUDGET_KB} KB is checked by first-load.e2e-spec.ts`);
NODE
echo "[build-web] done in $(( $(date +%s) - START ))s"
