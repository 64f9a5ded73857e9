#!/usr/bin/env bash
# One entry point behind `npm start`, `npm test` and `npm run distributed` (README "Getting started").
set -euo pipefail
cd "$(dirname "$0")/../.."
source tools/scripts/node-env.sh

# Installs dependencies when package-lock.json changed since the last install (or on a fresh clone).
ensure_deps() {
  local stamp=node_modules/.install-stamp hash
  hash=$(sha256sum package-lock.json | cut -d' ' -f1)
  if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$hash" ]; then
    echo "[setup] installing dependencies"
    # `npm install` rather than `npm ci`: npm 11 leaves other platforms' optional binaries (rspack) out of the
    # lock file, which `npm ci` then refuses; the lock still pins every version used here.
    # Without the SWC hook on NODE_OPTIONS: npm runs on this Node and @swc/core may not be installed yet.
    NODE_OPTIONS="$(printf '%s' "${NODE_OPTIONS:-}" | sed -E 's#--import=[^ ]*/tools/swc/register\.mjs##')" \
      npm install --no-audit --no-fund --loglevel=error
    echo "$hash" > "$stamp"
    source tools/scripts/node-env.sh
    # The initialised PGlite data folder every new DATA_DIR starts from (initdb once here, not on each first start).
    echo "[setup] preparing the PGlite data template"
    node --input-type=module -e 'await (await import("@intranet/platform-db")).ensurePgliteTemplate()'
  fi
  source tools/scripts/node-env.sh
}

# Builds the web (shell + every apps/*-web remote) into dist/web when any of their sources is newer than the build.
ensure_web() {
  if [ ! -f dist/web/shell/index.html ] || [ -n "$(find apps/shell apps/*-web libs/web libs/*/web libs/*/contract tools/web -newer dist/web/shell/index.html -type f 2>/dev/null | head -n 1)" ]; then
    echo "[setup] building the web"
    bash tools/scripts/build-web.sh
  fi
}

# Builds the embedded portal's server bundle (dist/server, ADR 0015) when it is missing, was built in another checkout,
# or any server source, manifest or the lockfile is newer than it (a few seconds).
ensure_server() {
  local bundle=dist/server/main.mjs
  if [ ! -f "$bundle" ] || [ "$(cat dist/server/ROOT 2>/dev/null)" != "$(pwd -P)" ] \
    || [ -n "$(find apps/portal/src libs tools/seed tools/server-bundle package-lock.json -newer "$bundle" -type f \( -name '*.ts' -o -name '*.mjs' -o -name '*.json' \) -not -path '*/web/*' -not -path '*/test/*' -not -name '*spec.ts' 2>/dev/null | head -n 1)" ]; then
    echo "[setup] building the server"
    node tools/server-bundle/build.mjs
  fi
}

ensure_chromium() {
  # The full browser (the README's "Chromium") and its headless shell, which the browser specs drive when present
  # (libs/portal/testing/src/chromium.ts: the same pages for less CPU).
  if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/lib/chromium/chromium-headless-shell ]; then
    echo "[setup] installing Debian's chromium and chromium-headless-shell for the browser specs"
    if [ "$(id -u)" = 0 ]; then
      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell >/dev/null
    else
      sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell >/dev/null
    fi
  fi
}

# kubectl renders the Kubernetes overlays in apps/portal/test/k8s.int-spec.ts (Debian package `kubectl`).
ensure_kubectl() {
  if ! command -v kubectl >/dev/null 2>&1; then
    echo "[setup] installing kubectl for the deploy specs"
    if [ "$(id -u)" = 0 ]; then
      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq kubectl >/dev/null
    else
      sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq kubectl >/dev/null
    fi
  fi
}

cmd="${1:-start}"; shift || true
case "$cmd" in
  start)
    ensure_deps
    ensure_web
    # Relative paths (this one, DATA_DIR) resolve against the repository root in libs/platform/config.
    export WEB_DIR="${WEB_DIR:-dist/web}"
    # The portal's own Node flags and environment (apps/portal/node-options: settings for idle memory).
    read -r -a portal_flags <<< "$(grep -E '^--' apps/portal/node-options | tr '\n' ' ')"
    while IFS= read -r line; do export "${line?}"; done < <(grep -E '^[A-Za-z_][A-Za-z0-9_]*=' apps/portal/node-options)
    # The server bundle (ADR 0015); PORTAL_FROM_SOURCE=1 runs the TypeScript sources instead (source-mapped stack traces).
    if [ "${PORTAL_FROM_SOURCE:-}" = 1 ]; then
      # The sources' stack traces are mapped (SWC's inline maps): without node-options' --no-enable-source-maps.
      local_flags=()
      for f in "${portal_flags[@]}"; do [ "$f" = --no-enable-source-maps ] || local_flags+=("$f"); done
      exec node "${local_flags[@]}" apps/portal/src/main.ts "$@"
    fi
    ensure_server
    exec node "${portal_flags[@]}" dist/server/main.mjs "$@"
    ;;
  distributed)
    ensure_deps
    ensure_web
    exec bash tools/scripts/distributed.sh "$@"
    ;;
  test)
    ensure_deps
    ensure_chromium
    ensure_kubectl
    exec bash tools/scripts/test.sh "$@"
    ;;
  *)
    echo "usage: run.sh start [--demo] | distributed | test" >&2
    exit 2
    ;;
esac
