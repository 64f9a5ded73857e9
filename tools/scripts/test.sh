#!/usr/bin/env bash
# Every check CI holds a change to: lint (module boundaries), type-check, unit specs, integration specs in both
# modes (embedded: PGlite + in-process bus; distributed: the machine's PostgreSQL and NATS), browser specs.
# Lint, type-check and the unit specs (Jest) run as Nx targets (cached; `nx affected` when NX_BASE names a base
# commit, e.g. NX_BASE=origin/main in CI; everything otherwise, as on a clean checkout).
set -uo pipefail
cd "$(dirname "$0")/../.."
source tools/scripts/node-env.sh
log=$(mktemp -d)
failed_steps=()
pass=0; fail=0

step() { # step NAME COMMAND...
  local name=$1; shift
  echo; echo "==> $name"
  local start=$SECONDS
  if "$@" 2>&1 | tee "$log/$name.log"; then :; else failed_steps+=("$name"); fi
  local p f
  # Node's test runner prints `ℹ pass N` / `ℹ fail N`; Jest prints `Tests: [N failed, ][N skipped, ]N passed, N total`.
  p=$(grep -E '^ℹ pass [0-9]+' "$log/$name.log" | awk '{s+=$3} END {print s+0}')
  f=$(grep -E '^ℹ fail [0-9]+' "$log/$name.log" | awk '{s+=$3} END {print s+0}')
  p=$((p + $(grep -E '^Tests: ' "$log/$name.log" | grep -oE '[0-9]+ passed' | awk '{s+=$1} END {print s+0}')))
  f=$((f + $(grep -E '^Tests: ' "$log/$name.log" | grep -oE '[0-9]+ failed' | awk '{s+=$1} END {print s+0}')))
  pass=$((pass + p)); fail=$((fail + f))
  echo "<== $name: $((SECONDS - start)) s"
}

specs() { # specs GLOB... — node's test runner over TypeScript specs
  node --test --test-force-exit --test-concurrency=2 --test-timeout=120000 "$@"
}

reachable() { (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; }

# nx run-many (everything) or nx affected (projects changed since NX_BASE) over TARGET; stdin closed, no colours.
nx_targets() { # nx_targets TARGET...
  local how=(run-many)
  if [ -n "${NX_BASE:-}" ]; then how=(affected --base="$NX_BASE" --head="${NX_HEAD:-HEAD}"); fi
  FORCE_COLOR=0 npx nx "${how[@]}" -t "$@" --outputStyle=static --parallel="${NX_PARALLEL:-2}" </dev/null
}

step lint nx_targets lint
step lint-scripts npx eslint --max-warnings=0 tools/bench tools/scripts tools/swc   # files outside every project
# A clean run type-checks the whole tree as one program (~25 s); 48 per-project programs would re-check the shared
# sources 48 times (~9 min on 2 cores). With a base commit, the affected projects' cached targets run instead.
if [ -n "${NX_BASE:-}" ]; then step typecheck nx_targets typecheck; else step typecheck npx tsc -p tsconfig.json --noEmit; fi
step unit nx_targets test
step integration-embedded env -u DATABASE_URL -u NATS_URL bash -c "$(declare -f specs); specs 'libs/**/*.int-spec.ts' 'apps/**/*.int-spec.ts'"
if reachable 127.0.0.1 5432 && reachable 127.0.0.1 4222; then
  step integration-distributed env DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}" NATS_URL="${TEST_NATS_URL:-nats://127.0.0.1:4222}" \
    bash -c "$(declare -f specs); specs 'libs/**/*.int-spec.ts' 'apps/**/*.int-spec.ts'"
elif [ -n "${CI:-}" ]; then
  echo "PostgreSQL or NATS not reachable on 127.0.0.1 in CI"; failed_steps+=("services")
fi
if [ -z "${SKIP_BROWSER:-}" ]; then
  step build-web bash tools/scripts/build-web.sh
  step browser env -u DATABASE_URL -u NATS_URL bash -c "$(declare -f specs); specs 'apps/**/*.e2e-spec.ts'"
fi

echo
echo "tests: $pass passed, $fail failed"
if [ ${#failed_steps[@]} -gt 0 ]; then echo "failed steps: ${failed_steps[*]}"; exit 1; fi
