#!/usr/bin/env bash
# `npm run db:generate [-- <domain>...]`: drizzle-kit writes a new migration into libs/<domain>/server/migrations
# for each domain whose schema.ts changed (README "Decisions": migrations are generated, custom ones for grants).
# Without arguments every domain with a libs/<domain>/server/drizzle.config.ts is checked.
set -euo pipefail
cd "$(dirname "$0")/../.."
source tools/scripts/node-env.sh

if (($#)); then
  configs=()
  for d in "$@"; do
    [[ -f "libs/$d/server/drizzle.config.ts" ]] || { echo "db:generate: no libs/$d/server/drizzle.config.ts" >&2; exit 2; }
    configs+=("libs/$d/server/drizzle.config.ts")
  done
else
  configs=(libs/*/server/drizzle.config.ts)
fi
for c in "${configs[@]}"; do
  echo "[db:generate] $c"
  npx drizzle-kit generate --config "$c"
done
