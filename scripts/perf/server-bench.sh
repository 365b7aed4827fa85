#!/usr/bin/env bash
# The server's speed (issue 14), measured in one run on one machine: wlog-server on loopback
# under wrk, over a 20-year lifter (wlog-generate) and $LIFTERS lifters of a year each, and
# PostgreSQL doing the same durable insert with pgbench as the baseline. Method and results:
# docs/PERFORMANCE-SERVER.md, "The server".
#
#   scripts/perf/server-bench.sh            (make bench-server)
#
# Phases (each $SECONDS_EACH s, $CLIENTS connections): GET /workouts (its first page, then every
# page in turn) and GET /workouts/:id as the lifter; GET /workouts across the lifters; durable POST …/sets across the lifters;
# the first phase again (a falling figure is a cost that grows per request); pgbench's
# INSERT (server-insert.sql, one per transaction, synchronous_commit=on); between the two, the same
# POSTs to a server started with --flush each (its lifters loaded first; the default is group), and the same
# POSTs to wlog-server-floor (Hummingbird and the sync with none of the engine: each append
# fdatasynced, then all waiting appends flushed together by one syncfs; FLOOR=0 leaves them out);
# then a second server
# with --cache-mb $SMALL_CACHE_MB (default: a tenth of the first server's RSS with every lifter
# loaded) under the same reads, for the memory bound, after one pass over every lifter (each
# dropped lifter saved as its snapshot: docs/SERVER-STORAGE.md, "Snapshots"); then the same with
# WLOG_SNAPSHOT=off (every lifter loaded again from its first event: the "before"). RSS from /proc.
# Then the PostgreSQL store (issue 16) on the same cluster: the data folder migrated into it
# (`wlog-server migrate`, timed), the same reads and durable POSTs through one server with
# --store, then through two servers on the one database (the same one wrk, each of its two
# threads on one server), and the store's write statement alone by
# pgbench (server-append.sql) beside the INSERT again, and the memory bound's reads on it with
# snapshots on and off. PG=0 leaves the PostgreSQL store out.
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
SMALL_CACHE_MB=${SMALL_CACHE_MB:-}
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
  swift build --scratch-path "$SCRATCH" -c release --static-swift-stdlib --product wlog-server-floor
}

# The binaries measured, copied out of the build folder so that a build running meanwhile cannot
# replace them halfway through.
copy_binaries() {
  mkdir -p "$OUT/bin"
  cp "$BIN/wlog-server" "$BIN/wlog" "$BIN/wlog-generate" "$BIN/wlog-server-floor" "$OUT/bin/"
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
  [ -n "$SERVER" ] && kill -TERM $SERVER 2>/dev/null || true
  [ -f "$OUT/pg/postmaster.pid" ] && as_postgres "$PGBIN/pg_ctl" -D "$OUT/pg" -m immediate stop > /dev/null 2>&1 || true
}
trap cleanup EXIT

start_server() {  # CACHE_MB [PORT [--store URL]]: the data folder copied afresh unless a store is given;
  # with a store, each port its own folder holding the template's token secret (a server holds its
  # accounts log, so two servers on one database have two folders, as two machines do)
  local port=${2:-$PORT} data="$OUT/data"
  if curl -s "http://127.0.0.1:$port/healthz" > /dev/null; then echo "port $port is taken: PORT=… picks another" >&2; exit 1; fi
  if [ $# -gt 2 ]; then
    data="$OUT/data-$port"; mkdir -p "$data" && cp "$TEMPLATE/data/jwt-secret" "$data/"
  else
    rm -rf "$OUT/data" && cp -a "$TEMPLATE/data" "$OUT/data"
  fi
  "$BIN/wlog-server" run --listen "127.0.0.1:$port" --data "$data" --cache-mb "$1" --rate-limit 0 \
    --address-rate-limit 0 --log-level warning "${@:3}" > "$OUT/server-$port.log" 2>&1 &
  SERVER="$SERVER $!"
  for _ in $(seq 300); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && return; sleep 0.1; done
  echo "wlog-server did not start: $(cat "$OUT/server-$port.log")" >&2; exit 1
}

stop_server() {  # every server started
  local pid status
  for pid in $SERVER; do
    kill -TERM "$pid"
    status=0; wait "$pid" || status=$?
    [ "$status" = 0 ] || say "  (wlog-server exited $status on SIGTERM)"
  done
  SERVER=
}

rss() { local pid; for pid in $SERVER; do awk '/^VmRSS|^VmHWM/ { printf "%s %.0f MiB  ", $1, $2 / 1024 }' "/proc/$pid/status"; done; }

# The CPU ticks PostgreSQL's processes of the cluster used so far (/proc): the postmaster, its
# live children (the backends, the WAL writer…) and the children it has reaped. Set DBCPU=1 and
# each phase reports the database's CPU a request (issue 39).
DBCPU=
pg_ticks() {
  local pm pid total
  pm=$(head -1 "$OUT/pg/postmaster.pid")
  total=$(awk '{ print $14 + $15 + $16 + $17 }' "/proc/$pm/stat")
  for pid in $(pgrep -P "$pm"); do total=$((total + $(awk '{ print $14 + $15 }' "/proc/$pid/stat" 2>/dev/null || echo 0))); done
  echo "$total"
}

# One wrk phase: requests/s, p50 and p99 (wrk --latency), answers that were not 2xx, the RSS after.
# With more than one port, the same one wrk ($CLIENTS connections, two threads or one a server)
# sends each thread to one server (WLOG_PORTS in server-requests.lua), so the load generator is
# the one the single server had. With SHARE=1 each server gets its share of the lifters (a load
# balancer that keeps each lifter on one server), else every server gets every lifter.
PHASE=0
load() {  # LABEL REQUEST-FILE [PORT…]
  PHASE=$((PHASE + 1))
  local label=$1 requests=$2 ports=("${@:3}") ticks= threads=2
  [ ${#ports[@]} -gt 0 ] || ports=("$PORT")
  [ ${#ports[@]} -le 2 ] || threads=${#ports[@]}
  [ -z "$DBCPU" ] || ticks=$(pg_ticks)
  WLOG_PORTS=$(IFS=,; echo "${ports[*]}") WLOG_SHARE=$([ "${SHARE:-0}" = 1 ] && echo 1 || echo 0/1) \
  WLOG_REQUESTS="$OUT/$requests" wrk -t$threads -c"$CLIENTS" -d"${SECONDS_EACH}s" --timeout 30s --latency \
    -s "$ROOT/scripts/perf/server-requests.lua" "http://127.0.0.1:${ports[0]}" > "$OUT/wrk-$PHASE.txt"
  [ -z "$DBCPU" ] || ticks=$(( $(pg_ticks) - ticks ))
  awk -v label="$label" -v rss="$(rss)" -v ticks="$ticks" -v hz="$(getconf CLK_TCK)" '
    / requests in / { n = $1 } /Requests\/sec/ { rate = $2 } / 50%/ { p50 = $2 } / 99%/ { p99 = $2 }
    /Non-2xx/ { bad += $NF } /Socket errors/ { for (i = 3; i <= NF; i++) if ($i ~ /^[0-9]+,?$/) bad += $i + 0 }
    END { printf "  %-22s %9.0f req/s  p50 %-8s p99 %-8s failed %d   %s", label, rate, p50, p99, bad, rss
          if (ticks != "" && n > 0) printf "  database CPU %.3f ms/request", ticks * 1000 / hz / n
          printf "\n" }' "$OUT/wrk-$PHASE.txt" | tee -a "$RESULTS"
}

# The floor under the durable POST (Sources/wlog-server-floor): the same requests, each MODE in turn.
floor() {  # MODE…
  local mode pid
  for mode in "$@"; do
    rm -rf "$OUT/floor"
    "$BIN/wlog-server-floor" "$PORT" "$OUT/floor" "$mode" > "$OUT/floor.log" 2>&1 &
    pid=$!
    for _ in $(seq 300); do curl -s -o /dev/null "http://127.0.0.1:$PORT/" && break; sleep 0.1; done
    load "floor POST, $mode" many-post.req
    kill -TERM "$pid"; wait "$pid" || true
  done
}

as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

# PostgreSQL: a throwaway cluster on 127.0.0.1:$PGPORT (fsync and synchronous_commit on), up from
# the baseline to the end of the PostgreSQL store's phases.
pg_start() {
  local pg=$OUT/pg
  # A cluster left running there (server-ab.sh STORE=postgres leaves it up) is stopped first.
  [ -f "$pg/postmaster.pid" ] && as_postgres "$PGBIN/pg_ctl" -D "$pg" -m fast stop > /dev/null 2>&1
  rm -rf "$pg" "$OUT"/pgbench_log*
  mkdir -p "$pg"
  [ "$(id -u)" = 0 ] && chown postgres "$pg"
  as_postgres "$PGBIN/initdb" -D "$pg" -A trust -U postgres > "$OUT/initdb.log"
  as_postgres "$PGBIN/pg_ctl" -D "$pg" -l "$pg/log" -w start \
    -o "-p $PGPORT -k $pg -c listen_addresses=127.0.0.1 -c fsync=on -c synchronous_commit=on -c max_connections=100" > /dev/null
}

pg_stop() { as_postgres "$PGBIN/pg_ctl" -D "$OUT/pg" -m fast stop > /dev/null; }

# pgbench's run of SCRIPT on DATABASE ($CLIENTS clients, $SECONDS_EACH s, -M MODE): transactions
# a second, p50, p99 and the database's CPU a transaction.
pgbench_phase() {  # LABEL DATABASE SCRIPT MODE
  local ticks tps
  rm -f "$OUT"/pgbench_log*
  ticks=$(pg_ticks)
  local backends
  backends=$(pgrep -c -P "$(head -1 "$OUT/pg/postmaster.pid")" || true)
  (cd "$OUT" && pgbench -n -h 127.0.0.1 -p "$PGPORT" -U postgres -c "$CLIENTS" -j 2 -T "$SECONDS_EACH" -M "$4" \
     -f "$3" -l "$2" > "$OUT/pgbench.txt" 2>&1)
  # pgbench's backends end as it does: read once they are gone (their CPU is then the
  # postmaster's cutime/cstime), never while one ends between the two reads of `pg_ticks`.
  for _ in $(seq 100); do
    [ "$(pgrep -c -P "$(head -1 "$OUT/pg/postmaster.pid")" || true)" -le "$backends" ] && break
    sleep 0.05
  done
  # The per-transaction log's third column is the latency in microseconds.
  ticks=$(( $(pg_ticks) - ticks ))
  tps=$(awk '/^tps/ { print $3; exit }' "$OUT/pgbench.txt")
  cat "$OUT"/pgbench_log* | awk '{ print $3 }' | sort -n | awk -v label="$1" -v tps="$tps" -v ticks="$ticks" -v hz="$(getconf CLK_TCK)" '{ v[NR] = $1 }
    END { printf "  %-22s %9.0f tx/s   p50 %.2fms   p99 %.2fms  database CPU %.3f ms/transaction\n", label, tps,
                 v[int(NR * .5)] / 1000, v[int(NR * .99)] / 1000, ticks * 1000 / hz / NR }' \
    | tee -a "$RESULTS"
}

# The baseline: the same durable insert with pgbench, one INSERT per transaction.
pgbench_baseline() {
  psql -q -h 127.0.0.1 -p "$PGPORT" -U postgres -f "$ROOT/scripts/perf/server-table.sql" postgres
  pgbench_phase "pgbench INSERT" postgres "$ROOT/scripts/perf/server-insert.sql" simple
}

# The PostgreSQL store: the template's lifters migrated into a database of the cluster, then the
# same phases through one server and through two.
postgres_store() {
  local url="postgres://postgres@127.0.0.1:$PGPORT/wlog" started seconds
  psql -q -h 127.0.0.1 -p "$PGPORT" -U postgres -c "CREATE DATABASE wlog" postgres
  started=$(date +%s%N)
  "$BIN/wlog-server" migrate --from "$TEMPLATE/data" --to "$url" > "$OUT/migrate.txt"
  seconds=$(( ($(date +%s%N) - started) / 1000000000 ))
  # What an operator does after a bulk load, so autovacuum's first pass is not measured as the store.
  psql -q -h 127.0.0.1 -p "$PGPORT" -U postgres -c "VACUUM (ANALYZE) wlog_events" -c "CHECKPOINT" wlog
  say "== the PostgreSQL store: $(tail -1 "$OUT/migrate.txt") in $seconds s; database $(psql -qtA -h 127.0.0.1 -p "$PGPORT" -U postgres -c "SELECT pg_size_pretty(pg_database_size('wlog'))" postgres)"
  start_server "$CACHE_MB" "$PORT" --store "$url"
  mkdir -p "$OUT/pg-requests"
  python3 "$ROOT/scripts/perf/server-fixture.py" "$PORT" "$TEMPLATE/tokens-$LIFTERS" "$OUT/pg-requests" | tee -a "$RESULTS"
  say "  one server, --cache-mb $CACHE_MB, every lifter loaded: $(rss)"
  DBCPU=1
  load "lifter GET /workouts" pg-requests/lifer-list.req
  load "lifter GET /workouts?page" pg-requests/lifer-pages.req
  load "lifter GET /workouts/:id" pg-requests/lifer-detail.req
  load "$LIFTERS GET /workouts" pg-requests/many-list.req
  load "$LIFTERS POST sets" pg-requests/many-post.req
  load "lifter GET /workouts, again" pg-requests/lifer-list.req
  start_server "$CACHE_MB" "$((PORT + 1))" --store "$url"
  python3 "$ROOT/scripts/perf/server-fixture.py" "$((PORT + 1))" "$TEMPLATE/tokens-$LIFTERS" "$OUT/pg-requests" > /dev/null
  say "  two servers on the one database, each with every lifter loaded: $(rss)"
  load "lifter GET /workouts" pg-requests/lifer-list.req "$PORT" "$((PORT + 1))"
  load "lifter GET /workouts?page" pg-requests/lifer-pages.req "$PORT" "$((PORT + 1))"
  load "lifter GET /workouts/:id" pg-requests/lifer-detail.req "$PORT" "$((PORT + 1))"
  load "$LIFTERS GET /workouts" pg-requests/many-list.req "$PORT" "$((PORT + 1))"
  # Writes: each lifter kept on one server (docs/SERVER-POSTGRES.md, "Past one machine"), then every lifter
  # written through both, where each write first folds the other server's last commit.
  SHARE=1 load "$LIFTERS POST sets" pg-requests/many-post.req "$PORT" "$((PORT + 1))"
  load "$LIFTERS POST, both" pg-requests/many-post.req "$PORT" "$((PORT + 1))"
  DBCPU=
  stop_server
  # The memory bound on this store: lifters dropped and loaded again from their snapshot rows and
  # the rows after them, then with WLOG_SNAPSHOT=off from their first rows (docs/SERVER-POSTGRES.md, "Snapshots").
  for snapshots in on off; do
    say "  one server, --cache-mb $SMALL_CACHE_MB under the same reads, snapshots $snapshots"
    WLOG_SNAPSHOT=$snapshots start_server "$SMALL_CACHE_MB" "$PORT" --store "$url"
    mkdir -p "$OUT/pg-small" && python3 "$ROOT/scripts/perf/server-fixture.py" "$PORT" "$TEMPLATE/tokens-$LIFTERS" "$OUT/pg-small" > /dev/null
    load "$LIFTERS GET /workouts" pg-requests/many-list.req
    load "lifter GET /workouts" pg-requests/lifer-list.req
    say "  $(rss); snapshot rows: $(psql -qtA -h 127.0.0.1 -p "$PGPORT" -U postgres -c "SELECT count(*) FROM wlog_snapshots" wlog)"
    stop_server
  done
  say "  events in the database after the writes: $(psql -qtA -h 127.0.0.1 -p "$PGPORT" -U postgres -c "SELECT count(*) FROM wlog_events" wlog)"
  # The store's write alone: its prepared `CALL wlog_append_commits` by pgbench on the same table
  # (positions far past the streams' ends, after the servers stopped), one commit a call and a
  # group of 8 a call (database CPU a transaction: divide by 8 for a commit's), beside the INSERT.
  psql -q -h 127.0.0.1 -p "$PGPORT" -U postgres -c "CREATE SEQUENCE bench_position START 1000000000000" wlog
  pgbench_phase "pgbench CALL, 1 commit" wlog "$ROOT/scripts/perf/server-append.sql" prepared
  pgbench_phase "pgbench CALL, 8 commits" wlog "$ROOT/scripts/perf/server-append-group.sql" prepared
  pgbench_phase "pgbench INSERT" postgres "$ROOT/scripts/perf/server-insert.sql" simple
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
# A tenth of the working set: of the resident memory with every lifter loaded.
SMALL_CACHE_MB=${SMALL_CACHE_MB:-$(awk '/^VmRSS/ { printf "%d", $2 / 10240 }' "/proc/$(echo $SERVER)/status")}
load "lifter GET /workouts" lifer-list.req
load "lifter GET /workouts?page" lifer-pages.req
load "lifter GET /workouts/:id" lifer-detail.req
load "$LIFTERS GET /workouts" many-list.req
load "$LIFTERS POST sets" many-post.req
# The first phase again: a cost that grows with each request served (a leak on the hot path) shows
# as this figure falling below the first.
load "lifter GET /workouts, again" lifer-list.req
stop_server
# The same POSTs with each commit synced by its journal (docs/SERVER-STORAGE.md, "Group flush"), on the
# data as the first server left it.
start_server "$CACHE_MB" "$PORT" --flush each
mkdir -p "$OUT/warm" && python3 "$ROOT/scripts/perf/server-fixture.py" "$PORT" "$TEMPLATE/tokens-$LIFTERS" "$OUT/warm" > /dev/null
load "$LIFTERS POST, each" many-post.req
stop_server
[ "${FLOOR:-1}" = 0 ] || floor sync group
pg_start
pgbench_baseline
[ "${PG:-1}" = 0 ] || postgres_store
pg_stop
say "  load after: $(cut -d' ' -f1-3 /proc/loadavg)"
failed=0
for journal in "$OUT"/data/users/*/journal.wlog; do "$BIN/wlog" -j "$journal" verify > /dev/null 2>&1 || failed=$((failed + 1)); done
say "  wlog verify after the writes: $failed of $(ls "$OUT"/data/users | wc -l) journals failed"
for snapshots in on off; do
  say "== the memory bound: a server with --cache-mb $SMALL_CACHE_MB under the same reads, snapshots $snapshots"
  WLOG_SNAPSHOT=$snapshots start_server "$SMALL_CACHE_MB"
  mkdir -p "$OUT/small" && python3 "$ROOT/scripts/perf/server-fixture.py" "$PORT" "$TEMPLATE/tokens-$LIFTERS" "$OUT/small" > /dev/null
  load "$LIFTERS GET /workouts" many-list.req
  load "lifter GET /workouts" lifer-list.req
  say "  $(rss)"
  stop_server
done
say "results: $RESULTS"
