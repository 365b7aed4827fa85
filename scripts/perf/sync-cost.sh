#!/usr/bin/env bash
# Where a durable `POST …/sets` spends its time (issue 14's write target), in one run: the same
# POST load (wrk, $CLIENTS connections, $SECONDS_EACH s, across the 1,000 lifters) on one server
#   as is                      every commit fdatasynced before its answer;
#   nosync                     fdatasync a no-op (sync-shims/nosync.c): the work without durability;
#   groupsync                  every fdatasync replaced by one shared, preallocated log flushed
#                              once for all commits waiting (sync-shims/groupsync.c): what a
#                              shared commit log in front of the journals would cost;
#   one CPU                    as is, pinned to CPU 0 (taskset): no wake crosses to the other CPU;
# interleaved with pgbench's durable INSERT (server-insert.sql) on a fresh cluster, $ROUNDS rounds.
# Each server line gives requests/s, p99 and the server's CPU a request (/proc, user + system).
# Last, when `perf` is there, the machine's cost of a wake: `perf bench sched pipe` across the
# two CPUs and on one. What it shows: docs/PERFORMANCE-SERVER.md, "Why the writes stop short of `pgbench`";
# the runs: perf-log/server.md, "Session 12: where a durable write's time goes".
#
#   scripts/perf/server-bench.sh   (once: makes the fixture under $WLOG_PERF_DIR/server)
#   scripts/perf/sync-cost.sh
#
# Needs gcc, wrk, postgresql and the fixture; BIN (default: the fixture's bin/) names the server.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT=${WLOG_PERF_DIR:-/tmp/wlog-perf}/server
BIN=${BIN:-$OUT/bin}
CLIENTS=${CLIENTS:-16}
SECONDS_EACH=${SECONDS_EACH:-8}
ROUNDS=${ROUNDS:-2}
PORT=${PORT:-18091}
PGPORT=${PGPORT:-15441}
WORK=$OUT/sync-cost
[ -f "$OUT/template/tokens-1000" ] || {
  echo "no fixture under $OUT: run scripts/perf/server-bench.sh first" >&2; exit 1; }
mkdir -p "$WORK"
for shim in nosync groupsync; do
  gcc -O2 -shared -fPIC -pthread "$ROOT/scripts/perf/sync-shims/$shim.c" -o "$WORK/$shim.so"
done
PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
SERVER=
cleanup() {
  [ -n "$SERVER" ] && kill -TERM "$SERVER" 2>/dev/null || true
  [ -f "$WORK/pg/postmaster.pid" ] && as_postgres "$PGBIN/pg_ctl" -D "$WORK/pg" -m immediate stop > /dev/null 2>&1 || true
}
trap cleanup EXIT

server() {  # LABEL [env/taskset words…]: one server, warmed, under the POST load
  local label=$1; shift
  rm -rf "$WORK/data" && cp -a "$OUT/template/data" "$WORK/data"
  env GROUPSYNC_LOG="$WORK/groupsync.log" "$@" "$BIN/wlog-server" run --listen "127.0.0.1:$PORT" --data "$WORK/data" \
    --cache-mb 2048 --rate-limit 0 --address-rate-limit 0 --log-level warning > "$WORK/server.log" 2>&1 &
  SERVER=$!
  for _ in $(seq 300); do curl -sf "http://127.0.0.1:$PORT/healthz" > /dev/null && break; sleep 0.1; done
  local pid=$SERVER  # env and taskset exec the server: the same process
  mkdir -p "$WORK/requests"
  python3 "$ROOT/scripts/perf/server-fixture.py" "$PORT" "$OUT/template/tokens-1000" "$WORK/requests" > /dev/null
  local before after out rate
  before=$(awk '{ print $14 + $15 }' "/proc/$pid/stat")
  out=$(WLOG_REQUESTS="$WORK/requests/many-post.req" wrk -t2 -c"$CLIENTS" -d"${SECONDS_EACH}s" --latency \
    -s "$ROOT/scripts/perf/server-requests.lua" "http://127.0.0.1:$PORT")
  after=$(awk '{ print $14 + $15 }' "/proc/$pid/stat")
  rate=$(awk '/Requests\/sec/ { print $2 }' <<< "$out")
  if grep -q "Non-2xx" <<< "$out"; then echo "  $label: answers that were not 2xx: $(grep Non-2xx <<< "$out")" >&2; exit 1; fi
  printf '  %-10s %8.0f req/s   p99 %-8s server CPU %.3f ms a request\n' "$label" "$rate" \
    "$(awk '/ 99%/ { print $2 }' <<< "$out")" "$(awk -v t="$((after - before))" -v r="$rate" -v s="$SECONDS_EACH" \
    -v hz="$(getconf CLK_TCK)" 'BEGIN { print t / hz * 1000 / (r * s) }')"
  kill -TERM "$SERVER"; wait "$SERVER" 2>/dev/null || true
  SERVER=
}

pgbench_round() {
  rm -rf "$WORK/pg" && mkdir -p "$WORK/pg"
  [ "$(id -u)" = 0 ] && chown postgres "$WORK/pg"
  as_postgres "$PGBIN/initdb" -D "$WORK/pg" -A trust -U postgres > /dev/null
  as_postgres "$PGBIN/pg_ctl" -D "$WORK/pg" -l "$WORK/pg/log" -w start \
    -o "-p $PGPORT -k $WORK/pg -c listen_addresses=127.0.0.1 -c fsync=on -c synchronous_commit=on" > /dev/null
  psql -q -h 127.0.0.1 -p "$PGPORT" -U postgres -f "$ROOT/scripts/perf/server-table.sql" postgres
  printf '  %-10s %8.0f tx/s\n' pgbench "$(pgbench -n -h 127.0.0.1 -p "$PGPORT" -U postgres -c "$CLIENTS" -j 2 \
    -T "$SECONDS_EACH" -f "$ROOT/scripts/perf/server-insert.sql" postgres 2>&1 | awk '/^tps/ { print $3; exit }')"
  as_postgres "$PGBIN/pg_ctl" -D "$WORK/pg" -m fast stop > /dev/null
}

echo "sync-cost: $BIN/wlog-server, $CLIENTS connections, ${SECONDS_EACH} s a phase, load $(cut -d' ' -f1-3 /proc/loadavg)"
for round in $(seq "$ROUNDS"); do
  echo "round $round"
  pgbench_round
  server "as is"
  server nosync LD_PRELOAD="$WORK/nosync.so"
  server groupsync LD_PRELOAD="$WORK/groupsync.so"
  server "one CPU" taskset -c 0
done
pgbench_round
if command -v perf > /dev/null 2>&1; then
  echo "a wake (perf bench sched pipe, one round trip = two wakes):"
  echo "  across CPUs $(perf bench sched pipe -l 50000 2>/dev/null | awk '/usecs\/op/ { print $1 }') µs a round trip"
  echo "  one CPU     $(taskset -c 0 perf bench sched pipe -l 50000 2>/dev/null | awk '/usecs\/op/ { print $1 }') µs a round trip"
fi
