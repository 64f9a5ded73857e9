#!/usr/bin/env bash
# Every check CI holds a change to: lint (module boundaries), type-check, unit specs, integration specs in both
# modes (embedded: PGlite + in-process bus; distributed: the machine's PostgreSQL and NATS), browser specs.
# Everything runs as Nx targets; `nx affected` when NX_BASE names a base commit (e.g. NX_BASE=origin/main in CI),
# everything otherwise, as on a clean checkout. Lint, type-check and the unit specs are cached. The specs all run
# on Jest (jest.preset.mjs): `test` for the unit specs, `test -c int` and `test -c e2e` for the projects tagged
# specs:int / specs:e2e. Integration and browser specs never replay from the cache: their results depend on the
# services, the built web and files outside the projects' inputs, and a replayed pass would hide a flaky spec.
set -uo pipefail
cd "$(dirname "$0")/../.."
source tools/scripts/node-env.sh
log=$(mktemp -d)
failed_steps=()
pass=0; fail=0

wanted() { [ -z "${STEPS:-}" ] || [[ " $STEPS " == *" $1 "* ]]; }

count() { # count NAME — adds the Jest totals of a step's log to the run's
  local p f
  # Jest prints `Tests: [N failed, ][N skipped, ]N passed, N total` once per project (replayed from the cache too).
  p=$(grep -E '^Tests: ' "$log/$1.log" | grep -oE '[0-9]+ passed' | awk '{s+=$1} END {print s+0}')
  f=$(grep -E '^Tests: ' "$log/$1.log" | grep -oE '[0-9]+ failed' | awk '{s+=$1} END {print s+0}')
  pass=$((pass + p)); fail=$((fail + f))
}

step() { # step NAME COMMAND... — skipped when STEPS (space-separated step names) is set and does not name it
  local name=$1; shift
  wanted "$name" || return 0
  echo; echo "==> $name"
  local start=$SECONDS
  if "$@" 2>&1 | tee "$log/$name.log"; then :; else failed_steps+=("$name"); fi
  count "$name"
  echo "<== $name: $((SECONDS - start)) s"
}

# Steps that each keep one core busy (ESLint, Prettier, tsc are single-threaded) run side by side: two cores take
# three of them in about the time of the longest. `side NAME COMMAND...` starts one in the background (its output
# to its log), `joined` waits for them and prints each log in turn with its time.
side_names=(); side_pids=()
side() {
  local name=$1; shift
  wanted "$name" || return 0
  ( local start=$SECONDS rc=0; "$@" >"$log/$name.log" 2>&1 || rc=$?; echo "$rc $((SECONDS - start))" >"$log/$name.done" ) </dev/null &
  side_names+=("$name"); side_pids+=($!)
}
joined() {
  local i name rc secs
  for i in "${!side_pids[@]}"; do
    name=${side_names[$i]}
    wait "${side_pids[$i]}" || true
    read -r rc secs <"$log/$name.done"
    echo; echo "==> $name (beside the other static checks)"
    cat "$log/$name.log"
    [ "$rc" = 0 ] || failed_steps+=("$name")
    count "$name"
    echo "<== $name: $secs s"
  done
  side_names=(); side_pids=()
}

reachable() { (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; }

# nx run-many (everything) or nx affected (projects changed since NX_BASE) over TARGET; stdin closed, no colours.
nx_targets() { # nx_targets TARGET [NX OPTION...]
  local how=(run-many)
  if [ -n "${NX_BASE:-}" ] && [ -z "${ALL:-}" ]; then how=(affected --base="$NX_BASE" --head="${NX_HEAD:-HEAD}"); fi
  FORCE_COLOR=0 npx nx "${how[@]}" -t "$@" --outputStyle=static --parallel="${NX_PARALLEL:-2}" </dev/null
}

# Integration or browser specs (KIND int|e2e) of every project tagged specs:KIND, never from the cache. With a base
# commit (NX_BASE, not ALL): the affected projects' `test -c KIND` Nx targets, one project at a time. A clean run:
# one Jest over all those projects (jest.specs.mjs), two files at a time from one shared pool, `@slow` files first;
# separate per-project runs left a core idle at each project's long last file (docs/adr/0004). Integration specs
# run as two such Jest runs: those on the workers' shared portal, then those with portals of their own.
nx_specs() { # nx_specs KIND
  if [ -n "${NX_BASE:-}" ] && [ -z "${ALL:-}" ]; then
    NX_PARALLEL=1 nx_targets test -c "$1" --exclude="!tag:specs:$1" --skip-nx-cache
  elif [ "$1" = int ]; then
    # Two runs: the files on the workers' shared portal (sharedPortal()) in workers kept from file to file, then the
    # files with portals of their own, each in a fresh worker (jest.specs.mjs SPEC_POOL).
    local rc=0
    SPEC_POOL=shared jest_specs int || rc=1
    SPEC_POOL=own jest_specs int || rc=1
    return $rc
  else
    jest_specs "$1"
  fi
}
jest_specs() { SPEC_KIND="$1" NODE_OPTIONS="${NODE_OPTIONS:-} --experimental-vm-modules" FORCE_COLOR=0 npx jest -c jest.specs.mjs --ci </dev/null; }
embedded() { (unset DATABASE_URL NATS_URL; "$@"); }
distributed() {
  (export DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}" NATS_URL="${TEST_NATS_URL:-nats://127.0.0.1:4222}"; "$@")
}

# A clean run lints the whole tree in one ESLint process (~20 s); Nx's per-project targets start ESLint, its plugins
# and the project graph once per project (~190 s on 2 cores). With a base commit, the affected projects' cached
# targets run, and the files outside every project on their own.
if [ -n "${NX_BASE:-}" ]; then
  step lint nx_targets lint
  step lint-scripts npx eslint --max-warnings=0 tools/bench tools/chaos tools/scripts tools/swc tools/server-bundle   # files outside every project
  step format npx prettier --check --log-level=warn .
  step typecheck nx_targets typecheck
else
  # @nx/enforce-module-boundaries reads Nx's cached project graph; on a fresh clone nothing has written it yet.
  lint_tree() { NX_DAEMON=false npx nx show projects >/dev/null && npx eslint --max-warnings=0 .; }
  side lint lint_tree
  side format npx prettier --check --log-level=warn .   # Prettier over the whole tree (.prettierrc.json; `npm run format` fixes)
  # A clean run type-checks the whole tree as one program; 48 per-project programs would re-check the shared sources
  # 48 times (~9 min on 2 cores). With a base commit, the affected projects' cached targets run instead. The checker
  # is TypeScript 7 (native; `typescript7` in package.json) on one thread: 28 s of CPU against TypeScript 6's 83 s,
  # and the other two checks have the second core (docs/adr/0016). TypeScript 6 stays for the tools that need the
  # compiler API (typescript-eslint, Nx, the per-project targets).
  typecheck_tree() {
    if [ -x node_modules/typescript7/bin/tsc ] && node node_modules/typescript7/bin/tsc --version >/dev/null 2>&1; then
      node node_modules/typescript7/bin/tsc -p tsconfig.json --noEmit --singleThreaded
    else
      npx tsc -p tsconfig.json --noEmit   # no native TypeScript 7 binary for this platform
    fi
  }
  side typecheck typecheck_tree
  joined
fi
# A clean run: every project's unit specs in one Jest (jest.specs.mjs, SPEC_KIND=unit; 563 specs in 59 s against
# 82 s for ~70 Nx targets, each starting Jest and its transforms). With a base commit: the affected projects' cached targets.
if [ -n "${NX_BASE:-}" ]; then step unit nx_targets test; else step unit jest_specs unit; fi
step integration-embedded embedded nx_specs int
if reachable 127.0.0.1 5432 && reachable 127.0.0.1 4222; then
  step integration-distributed distributed nx_specs int
elif [ -n "${CI:-}" ]; then
  echo "PostgreSQL or NATS not reachable on 127.0.0.1 in CI"; failed_steps+=("services")
fi
if [ -z "${SKIP_BROWSER:-}" ]; then
  step build-web bash tools/scripts/build-web.sh
  # Always all of them: they drive the built web (apps/shell and the remotes are no dependency of apps/portal in
  # the project graph) and the smoke spec runs the README's commands on a clone of HEAD.
  ALL=1 step browser embedded nx_specs e2e
fi

echo
echo "tests: $pass passed, $fail failed"
if [ ${#failed_steps[@]} -gt 0 ]; then echo "failed steps: ${failed_steps[*]}"; exit 1; fi
