#!/usr/bin/env bash
# Distributed mode on one machine (DESIGN §1): every domain service (each apps/<domain>-service) and the gateway as separate Node
# processes talking over NATS, against a real PostgreSQL. Waits until the portal answers, prints its URL and stops
# every child on Ctrl-C / SIGTERM. A child that dies is restarted with back-off (tools/scripts/supervise.ts, issue
# 38 §1); the others keep running; a crash loop is named and given up on (the gateway's stops everything).
#
#   bash tools/scripts/distributed.sh            # or: npm run distributed
#   bash tools/scripts/distributed.sh --demo     # also fills workspace "demo" (as `npm start -- --demo`) and prints its admin
#
# Environment (all optional; every other variable of libs/platform/config is passed through unchanged):
#   DATABASE_MIGRATE_URL  postgres://postgres@127.0.0.1:5432/intranet  (an administrator: creates the database when
#                     missing and the roles, and runs the migration step before the services start)
#   DATABASE_URL      the same server and database as intranet_app (the runtime's own role, README "Database roles")
#   DATABASE_SYSTEM_URL  the same as intranet_system (the system context: BYPASSRLS, entered only by asSystem)
#   NATS_URL          nats://127.0.0.1:4222                           (JetStream must be enabled: nats-server -js)
#   JWT_SECRET        generated once into .data/distributed/jwt-secret
#   PORT / HOST       3000 / 127.0.0.1 (the gateway's HTTP address)
#   SUPERADMIN_EMAIL / SUPERADMIN_PASSWORD   first-start superadmin (without them people-service logs a one-time link)
#   SERVICE_REPLICAS  1; N > 1 starts N processes of each domain service together (they share NATS queue groups)
#   WEB_DIR           dist/web when that folder exists (the built shell and remotes)
#   DATA_DIR          .data/distributed (mail outbox when SMTP_URL is unset)
#   STARTUP_TIMEOUT   seconds to wait for the portal to answer (180)
#   SUPERVISE_BACKOFF_MS / SUPERVISE_BACKOFF_MAX_MS / SUPERVISE_CRASH_LOOP / SUPERVISE_WINDOW_MS   restart policy
#                     (250 ms doubling to 4 s; 5 exits within 60 s is a crash loop: tools/scripts/supervise.ts)
#   SUPERVISE_SPARE   1: a warm spare process holds the services' code loaded and becomes the next service that exits
#                     (restart without the load, tools/scripts/spare.ts); 0: restarts start afresh
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"

log() { printf '[distributed] %s\n' "$*" >&2; }
die() {
  log "error: $*"
  exit 1
}

DEMO=0
for arg in "$@"; do
  case "$arg" in
    --demo) DEMO=1 ;;
    *) die "unknown argument '$arg' (usage: distributed.sh [--demo])" ;;
  esac
done

# --- Node 24 ----------------------------------------------------------------------------------------------------
if [[ -f tools/scripts/node-env.sh ]]; then
  # shellcheck source=/dev/null
  source tools/scripts/node-env.sh
fi
command -v node >/dev/null 2>&1 || die "node not found on PATH: Node 24 or newer is required"
NODE_MAJOR="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if ! [[ "$NODE_MAJOR" =~ ^[0-9]+$ ]] || ((NODE_MAJOR < 24)); then
  die "$(command -v node) is $(node --version 2>/dev/null || echo 'unknown'): Node 24 or newer is required (it runs the TypeScript sources directly)"
fi

# --- configuration ----------------------------------------------------------------------------------------------
STATE_DIR="$ROOT/.data/distributed"
mkdir -p "$STATE_DIR"

export DATABASE_MIGRATE_URL="${DATABASE_MIGRATE_URL:-postgres://postgres@127.0.0.1:5432/intranet}"
role_url() { node -e 'const u = new URL(process.argv[1]); u.username = process.argv[2]; u.password = ""; console.log(u.toString())' "$DATABASE_MIGRATE_URL" "$1"; }
export DATABASE_URL="${DATABASE_URL:-$(role_url intranet_app)}"
export DATABASE_SYSTEM_URL="${DATABASE_SYSTEM_URL:-$(role_url intranet_system)}"
export NATS_URL="${NATS_URL:-nats://127.0.0.1:4222}"
# Every apps/<domain>-service is started (a generated domain needs no edit here).
SERVICES="$(cd apps && for d in *-service; do [[ -f "$d/src/main.ts" ]] && printf '%s ' "${d%-service}"; done)"
export PORT="${PORT:-3000}"
export DATA_DIR="${DATA_DIR:-$STATE_DIR}"
if [[ -z "${JWT_SECRET:-}" ]]; then
  if [[ ! -s "$STATE_DIR/jwt-secret" ]]; then
    (
      umask 077
      node -e 'process.stdout.write(require("node:crypto").randomBytes(32).toString("base64url"))' >"$STATE_DIR/jwt-secret"
    )
    log "generated a JWT secret in .data/distributed/jwt-secret"
  fi
  JWT_SECRET="$(cat "$STATE_DIR/jwt-secret")"
fi
export JWT_SECRET
if [[ -z "${WEB_DIR:-}" && -d "$ROOT/dist/web" ]]; then
  export WEB_DIR="$ROOT/dist/web"
fi
REPLICAS="${SERVICE_REPLICAS:-1}"
[[ "$REPLICAS" =~ ^[1-9][0-9]*$ ]] || die "SERVICE_REPLICAS must be a positive integer (got '$REPLICAS')"
TIMEOUT="${STARTUP_TIMEOUT:-180}"
[[ "$TIMEOUT" =~ ^[1-9][0-9]*$ ]] || die "STARTUP_TIMEOUT must be a positive integer (got '$TIMEOUT')"

CHECK_HOST="${HOST:-127.0.0.1}"
case "$CHECK_HOST" in 0.0.0.0 | :: | '[::]') CHECK_HOST=127.0.0.1 ;; esac
[[ "$CHECK_HOST" == *:* && "$CHECK_HOST" != \[* ]] && CHECK_HOST="[$CHECK_HOST]"
URL="http://$CHECK_HOST:$PORT"

# The gateway must get the port: otherwise the readiness check below could be answered by another server.
node -e '
const s = require("node:net").createServer();
s.once("error", (e) => { console.error(`[distributed] error: ${process.argv[2]}:${process.argv[1]} is not free (${e.code}); set PORT`); process.exit(1); });
s.listen(Number(process.argv[1]), process.argv[2], () => s.close());
' "$PORT" "${HOST:-127.0.0.1}" || exit 1

# --- database ---------------------------------------------------------------------------------------------------
# Creates the database when missing, then the migration step (roles, every domain's migrations as intranet_owner);
# the services, logging in as intranet_app, only check that it ran.
node --input-type=module -e '
import pg from "pg";
const url = process.env.DATABASE_MIGRATE_URL;
const name = decodeURIComponent(new URL(url).pathname.slice(1));
const where = new URL(url).host;
const fail = (msg) => { console.error(`[distributed] error: ${msg}`); process.exit(1); };
const open = async (u) => { const c = new pg.Client({ connectionString: u }); await c.connect(); return c; };
let db;
try {
  db = await open(url);
} catch (e) {
  if (e.code !== "3D000") fail(`cannot connect to PostgreSQL at ${where}: ${e.message}`);
  const adminUrl = new URL(url);
  adminUrl.pathname = "/postgres";
  let admin;
  try { admin = await open(adminUrl.toString()); } catch (e2) { fail(`cannot connect to PostgreSQL at ${where}: ${e2.message}`); }
  try {
    await admin.query(`CREATE DATABASE "${name.replace(/"/g, "\"\"")}"`);
    console.error(`[distributed] created database ${name}`);
  } catch (e3) {
    if (e3.code !== "42P04") fail(`cannot create database ${name}: ${e3.message}`);
  } finally {
    await admin.end();
  }
  db = await open(url);
}
await db.end();
'
node tools/scripts/db-migrate.ts 2> >(sed -u "s/^/[migrate] /" >&2) | sed -u 's/^\[migrate\] /[distributed] /' >&2 || die "the migration step failed"

# --- processes --------------------------------------------------------------------------------------------------
# tools/scripts/supervise.ts runs every child (output prefixed with its name), restarts one that exits with back-off
# and logs it, never stops the others for it, and gives up only on a crash loop, naming it (issue 38 §1).
SUP_PID=""
CHILDREN=()

alive() { kill -0 "$1" 2>/dev/null; }

STOPPED=0
cleanup() {
  ((STOPPED)) && return 0
  STOPPED=1
  [[ -n "$SUP_PID" ]] || return 0
  # The supervisor stops the edge first (no new requests), then the services.
  alive "$SUP_PID" && kill -TERM "$SUP_PID" 2>/dev/null
  wait "$SUP_PID" 2>/dev/null || true
}
trap 'cleanup; exit 130' INT
trap 'cleanup; exit 143' TERM
trap 'cleanup' EXIT

http_ok() {
  if command -v curl >/dev/null 2>&1; then
    curl -fsS -o /dev/null --max-time 2 "$1" 2>/dev/null
  else
    node -e 'fetch(process.argv[1], { signal: AbortSignal.timeout(2000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))' "$1"
  fi
}

# Ready means the superadmin exists too (people-service creates it on its first start, once, under a lock), so
# the printed URL can be signed in to at once.
superadmin_ready() {
  node --input-type=module -e '
import pg from "pg";
const c = new pg.Client({ connectionString: process.env.DATABASE_SYSTEM_URL });
try {
  await c.connect();
  const r = await c.query("SELECT 1 FROM people.users WHERE client_id IS NULL AND $1 = ANY(roles) LIMIT 1", ["superadmin"]);
  process.exitCode = r.rowCount ? 0 : 1;
} catch {
  process.exitCode = 1;
} finally {
  await c.end().catch(() => undefined);
}
' 2>/dev/null
}

log "node $(node --version), database $(node -e 'const u = new URL(process.argv[1]); console.log(u.username + "@" + u.host + u.pathname)' "$DATABASE_URL"), NATS $NATS_URL, $REPLICAS replica(s) per service"
suffix() { ((REPLICAS > 1)) && echo "-$1" || true; }
# All processes share DATA_DIR, so without S3 the gateway (uploads) and the services (deletes) see one file store.
# Replicas start together: they share their NATS queue group and wait for each other's migrations.
for ((r = 1; r <= REPLICAS; r++)); do
  for svc in $SERVICES; do CHILDREN+=("$svc$(suffix "$r")=apps/$svc-service/src/main.ts"); done
done
CHILDREN+=("gateway=apps/gateway/src/main.ts")
env -u DATABASE_MIGRATE_URL node tools/scripts/supervise.ts "${CHILDREN[@]}" &
SUP_PID=$!

deadline=$((SECONDS + TIMEOUT))
env_ok=0
while :; do
  alive "$SUP_PID" || die "the supervisor stopped during start-up (see the output above)"
  ((env_ok)) || { http_ok "$URL/api/env" && env_ok=1; }
  ((env_ok)) && superadmin_ready && break
  ((SECONDS < deadline)) || die "the portal did not become ready within ${TIMEOUT}s ($URL/api/env answering: $([[ $env_ok == 1 ]] && echo yes || echo no); people-service bootstrap done: no)"
  sleep 0.5
done

# --demo: the same demo workspace as `npm start -- --demo`, seeded over the bus once the services answer.
if ((DEMO)); then
  node --input-type=module -e '
import { openBus } from "@intranet/platform-bus";
import { seedDemo } from "@intranet/seed";
const bus = openBus({ natsUrl: process.env.NATS_URL, prefix: process.env.BUS_PREFIX || undefined });
try {
  const r = await seedDemo(bus, { workspace: "demo", count: 200 });
  console.error(`[distributed] demo workspace '"'"'${r.workspace}'"'"': ${r.employees} employees (${r.imported} new); admin ${r.adminEmail} / ${r.adminPassword}${r.adminCreated ? "" : " (existing admin, password reset)"}`);
} finally {
  await bus.close();
}
' || die "seeding the demo workspace failed"
fi

log "ready: $URL (stop with Ctrl-C)"
echo "$URL"

# Runs until a signal (traps above), or until the supervisor stops (the gateway crash-looped).
set +e
wait "$SUP_PID"
code=$?
set -e
SUP_PID=""
log "the supervisor stopped (code $code)"
exit "$code"
