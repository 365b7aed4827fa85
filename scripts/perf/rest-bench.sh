#!/usr/bin/env bash
# Plates' exercise page on /rest/v1 against PostgreSQL answering the same SELECT (issue 38), in one
# run on one machine: GET /rest/v1/sets?exercise_id=eq.X&order=date.desc&limit=50 for the 20-year
# lifter (wlog-generate --profile lifer --seed 1 --years 20, as server-bench.sh makes it) under
# wrk, then pgbench running
#   SELECT * FROM sets WHERE user_id = :u AND exercise_id = :x ORDER BY date DESC LIMIT 50
# (rest-select.sql) over the same rows, copied out of /rest/v1 into seed 000's `sets` table with an
# index on (user_id, exercise_id, date), the query Supabase's PostgREST makes under row-level
# security minus its JSON work. Both at $CLIENTS connections for $SECONDS_EACH s, alternated
# $RUNS times (the machine's load moves between runs; the load average is printed with each run).
# With COMPUTED=1 (the default) each run also measures the page computed afresh for every request
# (rest-computed.lua adds an always-true `id=neq.<uuid>` of its own to each, so no kept answer
# serves it): what a read right after each write costs. Prints each run, then the medians and the
# ratio of the medians (wlog ÷ PostgreSQL); docs/PERFORMANCE-SERVER.md, "PostgREST".
#
#   scripts/perf/rest-bench.sh                  (release build)
#   BUILD=0 BIN=.build/release RUNS=5 scripts/perf/rest-bench.sh   (the binaries at hand)
#
# Needs wrk and postgresql (Debian, installed with apt-get when missing); PostgreSQL runs from
# scripts/pg-test-cluster.sh. Writes only under $OUT (default /tmp/wlog-perf/rest).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT=${WLOG_PERF_DIR:-/tmp/wlog-perf}/rest
SECONDS_EACH=${SECONDS_EACH:-10}
CLIENTS=${CLIENTS:-8}
RUNS=${RUNS:-3}
COMPUTED=${COMPUTED:-1}
BIN=${BIN:-$ROOT/.build/release}
SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
mkdir -p "$OUT"
command -v wrk >/dev/null && command -v pgbench >/dev/null \
  || { $SUDO apt-get update -qq && $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk postgresql; }
if [ "${BUILD:-1}" = 1 ]; then
  (cd "$ROOT" && swift build -c release --product wlog-server && swift build -c release --product wlog-generate)
fi

DATA=$OUT/data
if [ ! -f "$OUT/token" ]; then
  rm -rf "$DATA" && mkdir -p "$DATA/users"
  "$BIN/wlog-server" token --user lifer@example.com --days 3650 --data "$DATA" > "$OUT/token" 2> "$OUT/lifter.txt"
  LIFTER=$(grep -oE '[0-9a-f]{8}-[0-9a-f-]{27}' "$OUT/lifter.txt")
  mkdir -p "$DATA/users/$LIFTER"
  "$BIN/wlog-generate" --profile lifer --seed 1 --years 20 --journal "$DATA/users/$LIFTER/journal.wlog" > /dev/null
fi
TOKEN=$(cat "$OUT/token")

"$BIN/wlog-server" run --listen 127.0.0.1:0 --data "$DATA" --rate-limit 0 --address-rate-limit 0 \
  --max-connections-per-address 0 --log-level critical > "$OUT/server.out" &
SERVER=$!
trap 'kill $SERVER 2>/dev/null; wait $SERVER 2>/dev/null || true; (cd "$ROOT" && scripts/pg-test-cluster.sh stop >/dev/null)' EXIT
for _ in $(seq 100); do grep -q "listening on" "$OUT/server.out" 2>/dev/null && break; sleep 0.1; done
BASE=$(grep -oE 'http://[0-9.:]+' "$OUT/server.out")

# The rows, as /rest/v1 answers them, into PostgreSQL; X is Bench Press (the lifter's most logged lift).
python3 - "$BASE" "$TOKEN" "$OUT" <<'EOF'
import csv, json, sys, urllib.request
base, token, out = sys.argv[1:]
def get(path):
    request = urllib.request.Request(base + path, headers={"Authorization": "Bearer " + token, "apikey": token})
    return json.load(urllib.request.urlopen(request, timeout=600))
x = get("/rest/v1/exercises?select=id&name=eq.Bench%20Press")[0]["id"]
rows = get("/rest/v1/sets?select=id,exercise_id,user_id,weight,reps,distance,duration,date,notes,created_at")
with open(out + "/sets.csv", "w", newline="") as f:
    w = csv.writer(f)
    for r in rows:
        w.writerow(["" if r[k] is None else r[k] for k in ["id", "exercise_id", "user_id", "weight", "reps", "distance", "duration", "date", "notes", "created_at"]])
open(out + "/x", "w").write(x)
open(out + "/user", "w").write(rows[0]["user_id"])
print(f"rest-bench: {len(rows)} sets, {sum(r['exercise_id'] == x for r in rows)} of Bench Press ({x})")
EOF
X=$(cat "$OUT/x")
USER_ID=$(cat "$OUT/user")
URL="$BASE/rest/v1/sets?exercise_id=eq.$X&order=date.desc&limit=50"
curl -sf -H "Authorization: Bearer $TOKEN" "$URL" | python3 -c 'import json,sys; r=json.load(sys.stdin); print("rest-bench: the page holds", len(r), "rows, newest", r[0]["date"])'

eval "$(cd "$ROOT" && scripts/pg-test-cluster.sh start)"
psql -q "$WLOG_TEST_DATABASE_URL" <<EOF
DROP TABLE IF EXISTS sets;
CREATE TABLE sets (id uuid PRIMARY KEY, exercise_id uuid NOT NULL, user_id uuid, weight numeric, reps integer,
  distance numeric, duration integer, date timestamptz, notes text, created_at timestamptz);
\copy sets FROM '$OUT/sets.csv' WITH (FORMAT csv)
CREATE INDEX ON sets (user_id, exercise_id, date DESC);
VACUUM ANALYZE sets;
EOF

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
: > "$OUT/runs.txt"
for run in $(seq "$RUNS"); do
  LOAD=$(cut -d' ' -f1 /proc/loadavg)
  wrk -t2 -c"$CLIENTS" -d"${SECONDS_EACH}s" -H "Authorization: Bearer $TOKEN" -H "apikey: $TOKEN" "$URL" > "$OUT/wrk.txt"
  KEPT=$(awk '/Requests\/sec/ {print $2}' "$OUT/wrk.txt")
  P50=$(awk '/Latency/ {print $2}' "$OUT/wrk.txt")
  FRESH=-
  if [ "$COMPUTED" = 1 ]; then
    WLOG_TOKEN=$TOKEN wrk -t2 -c"$CLIENTS" -d"${SECONDS_EACH}s" -s "$ROOT/scripts/perf/rest-computed.lua" "$URL" > "$OUT/wrk-computed.txt"
    FRESH=$(awk '/Requests\/sec/ {print $2}' "$OUT/wrk-computed.txt")
  fi
  pgbench -n -f "$ROOT/scripts/perf/rest-select.sql" -D x="'$X'" -D u="'$USER_ID'" -c "$CLIENTS" -j 2 -T "$SECONDS_EACH" \
    "$WLOG_TEST_DATABASE_URL" > "$OUT/pgbench.txt"
  PG=$(awk '/^tps/ {print $3; exit}' "$OUT/pgbench.txt")
  echo "$KEPT $FRESH $PG $LOAD" >> "$OUT/runs.txt"
  python3 -c "import sys; k, f, p, l = sys.argv[1:]; print('rest-bench: run %s, load %s: wlog /rest/v1 %s req/s (p50 %s), computed afresh %s req/s, PostgreSQL %s SELECT/s: %.2fx' % ('$run', l, k, '$P50', f, p, float(k) / float(p)))" \
    "$KEPT" "$FRESH" "$PG" "$LOAD"
done
KEPT=$(awk '{print $1}' "$OUT/runs.txt" | median)
PG=$(awk '{print $3}' "$OUT/runs.txt" | median)
FRESH=$([ "$COMPUTED" = 1 ] && awk '{print $2}' "$OUT/runs.txt" | median || echo 0)
echo "rest-bench: medians of $RUNS runs ($CLIENTS connections, ${SECONDS_EACH} s each, load $(awk '{print $4}' "$OUT/runs.txt" | sort -g | sed -n '1p;$p' | paste -sd- )):"
python3 -c "import sys; k, f, p = map(float, sys.argv[1:]); print('rest-bench: wlog /rest/v1 %.0f req/s, PostgreSQL %.0f SELECT/s: ratio %.2fx (wlog / PostgreSQL)' % (k, p, k / p)); f and print('rest-bench: computed afresh %.0f req/s: %.2fx' % (f, f / p))" \
  "$KEPT" "$FRESH" "$PG"
