#!/usr/bin/env bash
# The server's speed (issue 14), measured in one run on one machine: wlog-server on loopback
# under wrk, over a 20-year lifter (wlog-generate) and $LIFTERS lifters of a year each, and
# PostgreSQL doing the same durable insert with pgbench as the baseline. Method and results:
# docs/PERFORMANCE.md, "The server".
#
#   scripts/perf/server-bench.sh            (make bench-server)
#
# Phases (each $SECONDS_EACH s, $CLIENTS connections): GET /workouts (its first page, then every
# page in turn) and GET /workouts/:id as the lifter; GET /workouts across the lifters; durable POST …/sets across the lifters; pgbench's
# INSERT (server-insert.sql, one per transaction, synchronous_commit=on); then a second server
# with --cache-mb $SMALL_CACHE_MB under the same reads, for the memory bound. RSS from /proc.
# BUILD=0 skips the release build and uses the binaries in $BIN (default $SCRATCH/release).
# Needs: swift, python3, wrk and postgresql (Debian; installed with apt-get when missing). Writes
# only under $OUT (default /tmp/wlog-perf/server) and the build folder $SCRATCH (default .build).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
SCRATCH=${SCRATCH:-$ROOT/.build}
OUT=${WLOG_PERF_DIR:-/tmp/wlog-perf}/server
LIFTERS=${LIFTERS:-1000}
SECONDS_EACH=${SECONDS_EACH:-10}
CLIENTS=${CLIENTS:-16}
CACHE_MB=${CACHE_MB:-2048}
SMALL_CACHE_MB=${SMALL_CACHE_MB:-64}
PORT=${PORT:-18080}
PGPORT=${PGPORT:-15439}
BIN=${BIN:-$SCRATCH/release}
TEMPLATE=$OUT/template
RESULTS=$OUT/results.txt
SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
mkdir -p "$OUT"
: > "$RESULTS"
say() { echo "$*" | tee -a "$RESULTS"; }

deps() {
  local missing=()
  command -v wrk >/dev/null 2>&1 || missing+=(wrk)
  { command -v pgbench >/dev/null 2>&1 && ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; } || missing+=(postgresql)
  if [ ${#missing[@]} -gt 0 ]; then
    $SUDO apt-get update -qq && $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
  fi
  PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
}

build() {
  cd "$ROOT"
  swift build --scratch-path "$SCRATCH" -c release --static-swift-stdlib --product wlog-server
  swift build --scratch-path "$SCRATCH" -c release --static-swift-stdlib --product wlog
  swift build --scratch-path "$SCRATCH" -c release --static-swift-stdlib --product wlog-generate
}

# The binaries measured, copied out of the build folder so that a build running meanwhile cannot
# replace them halfway through.
copy_binaries() {
  mkdir -p "$OUT/bin"
  cp "$BIN/wlog-server" "$BIN/wlog" "$BIN/wlog-generate" "$OUT/bin/"
  BIN=$OUT/bin
}

# The data folder every server run starts from: the lifter's 20-year journal, $LIFTERS journals of
# a year (ten seeds, copied round), the secret, and a token for each (valid ten years).
fixtures() {
  [ -f "$TEMPLATE/tokens-$LIFTERS" ] && return
  rm -rf "$TEMPLATE"
  mkdir -p "$TEMPLATE/data/users"
  local lifer token uuid k
  token=$("$BIN/wlog-server" token --user lifer@example.com --days 3650 --data "$TEMPLATE/data" 2>"$TEMPLATE/lifer.txt")
  lifer=$(grep -oE '[0-9a-f]{8}-[0-9a-f-]{27}' "$TEMPLATE/lifer.txt")
  echo "lifer $lifer $token" > "$TEMPLATE/tokens"
  mkdir -p "$TEMPLATE/data/users/$lifer"
  "$BIN/wlog-generate" --profile lifer --seed 1 --years 20 --journal "$TEMPLATE/data/users/$lifer/journal.wlog"
  for k in $(seq 0 9); do
    "$BIN/wlog-generate" --profile lifer --seed $((100 + k)) --years 1 --journal "$TEMPLATE/year-$k.wlog" 2>/dev/null
  done
  for k in $(seq 1 "$LIFTERS"); do
    uuid=$(printf '00000000-0000-4000-8000-%012d' "$k")
    mkdir -p "$TEMPLATE/data/users/$uuid"
    cp "$TEMPLATE/year-$((k % 10)).wlog" "$TEMPLATE/data/users/$uuid/journal.wlog"
    echo "small $uuid $("$BIN/wlog-server" token --user "$uuid" --days 3650 --data "$TEMPLATE/data" 2>/dev/null)" >> "$TEMPLATE/tokens"
  done
  mv "$TEMPLATE/tokens" "$TEMPLATE/tokens-$LIFTERS"
}

SERVER=
cleanup() {
  [ -n "$SERVER" ] && kill -TERM "$SERVER" 2>/dev/null || true
  [ -f "$OUT/pg/postmaster.pid" ] && as_postgres "$PGBIN/pg_ctl" -D "$OUT/pg" -m immediate stop > /dev/null 2>&1 || true
}
trap cleanup EXIT

start_server() {  # CACHE_MB
  if curl -s "http://127.0.0.1:$PORT/healthz" > /dev/null; then echo "port $PORT is taken: PORT=… picks another" >&2; exit 1; fi
  rm -rf "$OUT/data" && cp -a "$TEMPLATE/data" "$OUT/data"
  "$BIN/wlog-server" run --listen "127.0.0.1:$PORT" --data "$OUT/data" --cache-mb "$1" --rate-limit 0 \
    --address-rate-limit 0 --log-level warning > "$OUT/server.log" 2>&1 &
  SERVER=$!
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && return; sleep 0.1; done
  echo "wlog-server did not start: $(cat "$OUT/server.log")" >&2; exit 1
}

stop_server() {
  kill -TERM "$SERVER"
  local status=0; wait "$SERVER" || status=$?
  SERVER=
  [ "$status" = 0 ] || say "  (wlog-server exited $status on SIGTERM)"
}

rss() { awk '/^VmRSS|^VmHWM/ { printf "%s %.0f MiB  ", $1, $2 / 1024 }' "/proc/$SERVER/status"; }

# One wrk phase: requests/s, p50 and p99 (wrk --latency), answers that were not 2xx, the RSS after.
PHASE=0
load() {  # LABEL REQUEST-FILE
  PHASE=$((PHASE + 1))
  WLOG_REQUESTS="$OUT/$2" wrk -t2 -c"$CLIENTS" -d"${SECONDS_EACH}s" --timeout 30s --latency \
    -s "$ROOT/scripts/perf/server-requests.lua" "http://127.0.0.1:$PORT" > "$OUT/wrk-$PHASE.txt"
  awk -v label="$1" -v rss="$(rss)" '
    /Requests\/sec/ { rate = $2 } / 50%/ { p50 = $2 } / 99%/ { p99 = $2 } /Non-2xx/ { bad = $NF } /Socket errors/ { for (i = 3; i <= NF; i++) if ($i ~ /^[0-9]+,?$/) bad += $i + 0 }
    END { printf "  %-22s %9.0f req/s  p50 %-8s p99 %-8s failed %d   %s\n", label, rate, p50, p99, bad, rss }' \
    "$OUT/wrk-$PHASE.txt" | tee -a "$RESULTS"
}

as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

# PostgreSQL: a throwaway cluster on 127.0.0.1:$PGPORT, the same durable insert with pgbench.
postgres() {
  local pg=$OUT/pg
  rm -rf "$pg" "$OUT"/pgbench_log*
  mkdir -p "$pg"
  [ "$(id -u)" = 0 ] && chown postgres "$pg"
  as_postgres "$PGBIN/initdb" -D "$pg" -A trust -U postgres > "$OUT/initdb.log"
  as_postgres "$PGBIN/pg_ctl" -D "$pg" -l "$pg/log" -w start \
    -o "-p $PGPORT -k $pg -c listen_addresses=127.0.0.1 -c fsync=on -c synchronous_commit=on -c max_connections=100" > /dev/null
  psql -q -h 127.0.0.1 -p "$PGPORT" -U postgres -c "CREATE TABLE sets (id uuid PRIMARY KEY, lifter uuid NOT NULL,
    workout uuid NOT NULL, exercise text NOT NULL, reps int, weight_kg numeric, rpe numeric, set_type text NOT NULL,
    is_completed boolean NOT NULL, completed_at timestamptz NOT NULL, notes text);
    CREATE INDEX ON sets (lifter, workout);" postgres
  (cd "$OUT" && pgbench -n -h 127.0.0.1 -p "$PGPORT" -U postgres -c "$CLIENTS" -j 2 -T "$SECONDS_EACH" \
     -f "$ROOT/scripts/perf/server-insert.sql" -l postgres > "$OUT/pgbench.txt" 2>&1)
  as_postgres "$PGBIN/pg_ctl" -D "$pg" -m fast stop > /dev/null
  # The per-transaction log's third column is the latency in microseconds.
  local tps
  tps=$(awk '/^tps/ { print $3; exit }' "$OUT/pgbench.txt")
  cat "$OUT"/pgbench_log* | awk '{ print $3 }' | sort -n | awk -v tps="$tps" '{ v[NR] = $1 }
    END { printf "  %-22s %9.0f tx/s   p50 %.2fms   p99 %.2fms\n", "pgbench INSERT", tps, v[int(NR * .5)] / 1000, v[int(NR * .99)] / 1000 }' \
    | tee -a "$RESULTS"
}

deps
[ "${BUILD:-1}" = 0 ] || build
MEASURED="$BIN/wlog-server"
copy_binaries
fixtures
say "== $MEASURED (tree at $(git -C "$ROOT" rev-parse --short HEAD)), $(date -u +%FT%TZ), $(nproc) cores; load $(cut -d' ' -f1-3 /proc/loadavg)"
say "   wrk -t2 -c$CLIENTS -d${SECONDS_EACH}s; lifter: 20-year history ($("$BIN/wlog" -j "$TEMPLATE/data/users/$(awk '$1 == "lifer" { print $2 }' "$TEMPLATE/tokens-$LIFTERS")/journal.wlog" verify 2>/dev/null | awk '/^events/ { print $2 }') events); $LIFTERS lifters of a year (about 7,400 events each)"
start_server "$CACHE_MB"
python3 "$ROOT/scripts/perf/server-fixture.py" "$PORT" "$TEMPLATE/tokens-$LIFTERS" "$OUT" | tee -a "$RESULTS"
say "  --cache-mb $CACHE_MB, every lifter loaded: $(rss)"
load "lifter GET /workouts" lifer-list.req
load "lifter GET /workouts?page" lifer-pages.req
load "lifter GET /workouts/:id" lifer-detail.req
load "$LIFTERS GET /workouts" many-list.req
load "$LIFTERS POST sets" many-post.req
stop_server
postgres
say "  load after: $(cut -d' ' -f1-3 /proc/loadavg)"
failed=0
for journal in "$OUT"/data/users/*/journal.wlog; do "$BIN/wlog" -j "$journal" verify > /dev/null 2>&1 || failed=$((failed + 1)); done
say "  wlog verify after the writes: $failed of $(ls "$OUT"/data/users | wc -l) journals failed"
say "== the memory bound: a server with --cache-mb $SMALL_CACHE_MB under the same reads"
start_server "$SMALL_CACHE_MB"
load "$LIFTERS GET /workouts" many-list.req
load "lifter GET /workouts" lifer-list.req
stop_server
say "results: $RESULTS"
