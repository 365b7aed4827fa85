#!/usr/bin/env bash
# One server-bench phase for two or more wlog-server binaries, alternating, so that a slowdown
# between builds is measured in one session on one machine (perf-log/server.md, "Issue 39: the
# runs before group commit": how the two costs that grew per request were found). Each turn copies the
# template's data folder afresh, starts the binary, loads every lifter (server-fixture.py), runs
# one wrk phase and prints the rate, p99 and the server's CPU a request (utime + stime, /proc).
#
#   scripts/perf/server-ab.sh old=/path/to/wlog-server new=.build/release/wlog-server
#
# The template is server-bench.sh's (run it once first): $WLOG_PERF_DIR/server/template with
# tokens-$LIFTERS. REQ picks the phase (many-post.req, many-list.req, lifer-list.req,
# lifer-pages.req, lifer-detail.req), ROUNDS the turns, SECONDS_EACH their length, CACHE_MB the
# memory bound (default 2048: every lifter held), FLAGS extra server flags (e.g. "--flush each").
# STORE=postgres runs the servers on the database server-bench.sh migrated (its cluster under
# $WLOG_PERF_DIR/server/pg, started here when down and left running; a read phase leaves the
# events as they are, a POST phase adds to them for the next turn).
# Writes only under $WLOG_PERF_DIR/ab (and, with STORE=postgres, that database).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BASE=${WLOG_PERF_DIR:-/tmp/wlog-perf}
TEMPLATE=$BASE/server/template OUT=$BASE/ab
LIFTERS=${LIFTERS:-1000} ROUNDS=${ROUNDS:-3} SECONDS_EACH=${SECONDS_EACH:-6} REQ=${REQ:-many-post.req}
PORT=${PORT:-18280} FLAGS=${FLAGS:-} CACHE_MB=${CACHE_MB:-2048}
[ -f "$TEMPLATE/tokens-$LIFTERS" ] || { echo "no template for $LIFTERS lifters: run scripts/perf/server-bench.sh first" >&2; exit 1; }
mkdir -p "$OUT"
STORE=${STORE:-journals} PGPORT=${PGPORT:-15439}
if [ "$STORE" = postgres ]; then
  pg=$BASE/server/pg PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
  as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
  [ -d "$pg" ] || { echo "no cluster at $pg: run scripts/perf/server-bench.sh with PG=1 first" >&2; exit 1; }
  [ -f "$pg/postmaster.pid" ] || as_postgres "$PGBIN/pg_ctl" -D "$pg" -l "$pg/log" -w start \
    -o "-p $PGPORT -k $pg -c listen_addresses=127.0.0.1 -c fsync=on -c synchronous_commit=on -c max_connections=100" > /dev/null
  STORE_FLAGS="--store postgres://postgres@127.0.0.1:$PGPORT/wlog"
  # server-bench.sh's `pgbench` CALL phase leaves rows far past the streams' ends (its sequence
  # starts at 10^12): a server reading them answers "journal damaged", as it should.
  psql -q -h 127.0.0.1 -p "$PGPORT" -U postgres -c "DELETE FROM wlog_events WHERE position >= 1000000000000" wlog
fi
for round in $(seq "$ROUNDS"); do
  for named in "$@"; do
    name=${named%%=*} bin=${named#*=}
    rm -rf "$OUT/data" "$OUT/requests" && mkdir -p "$OUT/requests"
    # On a database, the folder holds only the token secret (server-bench.sh's start_server).
    if [ -n "${STORE_FLAGS:-}" ]; then mkdir -p "$OUT/data" && cp "$TEMPLATE/data/jwt-secret" "$OUT/data/"; else cp -a "$TEMPLATE/data" "$OUT/data"; fi
    # shellcheck disable=SC2086
    "$bin" run --listen "127.0.0.1:$PORT" --data "$OUT/data" ${STORE_FLAGS:-} --cache-mb "$CACHE_MB" --rate-limit 0 \
      --address-rate-limit 0 --log-level warning $FLAGS > "$OUT/server.log" 2>&1 &
    pid=$!
    for _ in $(seq 300); do curl -sf "http://127.0.0.1:$PORT/healthz" > /dev/null && break; sleep 0.1; done
    python3 "$ROOT/scripts/perf/server-fixture.py" "$PORT" "$TEMPLATE/tokens-$LIFTERS" "$OUT/requests" > /dev/null
    before=$(awk '{ print $14 + $15 }' "/proc/$pid/stat")
    WLOG_REQUESTS="$OUT/requests/$REQ" wrk -t2 -c16 -d"${SECONDS_EACH}s" --timeout 30s --latency \
      -s "$ROOT/scripts/perf/server-requests.lua" "http://127.0.0.1:$PORT" > "$OUT/wrk.txt"
    after=$(awk '{ print $14 + $15 }' "/proc/$pid/stat")
    kill -TERM "$pid"; wait "$pid" || true
    awk -v round="$round" -v name="$name" -v ticks=$((after - before)) -v hz="$(getconf CLK_TCK)" -v load="$(cut -d' ' -f1 /proc/loadavg)" '
      / requests in / { n = $1 } /Requests\/sec/ { rate = $2 } / 99%/ { p99 = $2 } /Non-2xx/ { bad = $NF }
      END { printf "round %d  %-8s %9.0f req/s  p99 %-8s  server CPU %.3f ms/request  failed %d  load %s\n",
                   round, name, rate, p99, ticks * 1000 / hz / n, bad, load }' "$OUT/wrk.txt"
  done
done
