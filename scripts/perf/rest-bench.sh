#!/usr/bin/env bash
# Plates' exercise page on /rest/v1 against PostgreSQL answering the same SELECT (issue 38), in one
# run on one machine: GET /rest/v1/sets?exercise_id=eq.X&order=date.desc&limit=50 for the 20-year
# lifter (wlog-generate --profile lifer --seed 1 --years 20, as server-bench.sh makes it) under
# wrk, then pgbench running
#   SELECT * FROM sets WHERE user_id = :u AND exercise_id = :x ORDER BY date DESC LIMIT 50
# (rest-select.sql) over the same rows, copied out of /rest/v1 into seed 000's `sets` table with an
# index on (user_id, exercise_id, date), the query Supabase's PostgREST makes under row-level
# security minus its JSON work. Both at $CLIENTS connections for $SECONDS_EACH s. Prints both rates
# and the ratio (wlog ÷ PostgreSQL); docs/PERFORMANCE.md, "PostgREST".
#
#   scripts/perf/rest-bench.sh                  (release build)
#   BUILD=0 BIN=.build/debug scripts/perf/rest-bench.sh   (the binaries at hand)
#
# Needs wrk and postgresql (Debian, installed with apt-get when missing); PostgreSQL runs from
# scripts/pg-test-cluster.sh. Writes only under $OUT (default /tmp/wlog-perf/rest).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT=${WLOG_PERF_DIR:-/tmp/wlog-perf}/rest
SECONDS_EACH=${SECONDS_EACH:-10}
CLIENTS=${CLIENTS:-8}
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

wrk -t2 -c"$CLIENTS" -d"${SECONDS_EACH}s" -H "Authorization: Bearer $TOKEN" -H "apikey: $TOKEN" "$URL" > "$OUT/wrk.txt"
WLOG_RATE=$(awk '/Requests\/sec/ {print $2}' "$OUT/wrk.txt")
pgbench -n -f "$ROOT/scripts/perf/rest-select.sql" -D x="'$X'" -D u="'$USER_ID'" -c "$CLIENTS" -j 2 -T "$SECONDS_EACH" \
  "$WLOG_TEST_DATABASE_URL" > "$OUT/pgbench.txt"
PG_RATE=$(awk '/^tps/ {print $3; exit}' "$OUT/pgbench.txt")
echo "rest-bench: wlog /rest/v1 $WLOG_RATE req/s (p50 $(awk '/Latency/ {print $2}' "$OUT/wrk.txt")), PostgreSQL $PG_RATE SELECT/s, $CLIENTS connections, ${SECONDS_EACH} s each"
python3 -c "print('rest-bench: ratio %.2fx (wlog / PostgreSQL)' % ($WLOG_RATE / $PG_RATE))"
