#!/usr/bin/env bash
# The accounts' cost (issue 32), measured in one run on one machine:
#  1. sign-ins per second through POST /auth/v1/token?grant_type=password at the default bcrypt
#     cost (10; COST= to change), from $SIGNIN_CLIENTS concurrent clients (bcrypt-bound);
#  2. GET /api/v1/workouts under wrk ($SECONDS_EACH s, $CLIENTS connections), $ROUNDS rounds, the
#     kinds alternated within each round: "today" — a `wlog serve token` token, the kind every
#     request carried before accounts (a JWT checked by its signature, no session looked up) — on
#     BASE_BIN when given (the server before accounts), else on this same binary; and this binary
#     with an /auth/v1 session's access token (its session checked live on every request). The
#     ratio of the medians, session against today, is the figure the issue bounds (no more than
#     5 % slower). The load average is printed before and after.
#
#   scripts/perf/auth-bench.sh      (BIN=.build/release [BASE_BIN=/path/to/old/wlog-server] ROUNDS=6)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BIN=${BIN:-$ROOT/.build/debug}
BASE_BIN=${BASE_BIN:-}
ROUNDS=${ROUNDS:-6}
COST=${COST:-10}
SECONDS_EACH=${SECONDS_EACH:-8}
CLIENTS=${CLIENTS:-8}
SIGNIN_CLIENTS=${SIGNIN_CLIENTS:-4}
OUT=${WLOG_PERF_DIR:-/tmp/wlog-perf}/auth
command -v wrk >/dev/null 2>&1 || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk; }
rm -rf "$OUT" && mkdir -p "$OUT"

start() {  # start BINARY DATA EXTRA... -> sets PID, URL
  "$1" run --listen 127.0.0.1:0 --data "$2" --log-level critical --rate-limit 0 --address-rate-limit 0 "${@:3}" > "$OUT/line" 2>/dev/null &
  PID=$!
  for _ in $(seq 100); do grep -q listening "$OUT/line" 2>/dev/null && break; sleep 0.1; done
  URL=$(grep -o 'http://[0-9.:]*' "$OUT/line")
}
stop() { kill "$PID"; wait "$PID" 2>/dev/null || true; }

python3 - "$BIN/wlog-server" "$OUT/new" "$COST" "$SIGNIN_CLIENTS" > "$OUT/signin.txt" <<'PY'
import json, subprocess, sys, threading, time, urllib.request
binary, data, cost, clients = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
anon = json.loads(subprocess.check_output([binary, "keys", "--data", data, "--format", "json"], text=True))["anon"]
p = subprocess.Popen([binary, "run", "--listen", "127.0.0.1:0", "--data", data, "--bcrypt-cost", cost, "--auth-address-limit", "1000000",
                      "--log-level", "critical"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
base = "http://" + p.stdout.readline().split("http://", 1)[1].split()[0]
def post(path, body):
    r = urllib.request.Request(base + "/auth/v1" + path, json.dumps(body).encode(), {"apikey": anon, "Content-Type": "application/json"})
    return json.loads(urllib.request.urlopen(r).read())
emails = ["bench%d@example.com" % i for i in range(clients * 10)]
for e in emails:
    post("/signup", {"email": e, "password": "Bench-press-100"})
token = post("/token?grant_type=password", {"email": emails[0], "password": "Bench-press-100"})["access_token"]
open(data + "/session-token", "w").write(token)
count = [0]
def worker(i):
    for e in emails[i::clients]:
        for _ in range(2):
            post("/token?grant_type=password", {"email": e, "password": "Bench-press-100"})
            count[0] += 1
start = time.time()
threads = [threading.Thread(target=worker, args=(i,)) for i in range(clients)]
[t.start() for t in threads]; [t.join() for t in threads]
elapsed = time.time() - start
print("sign-ins: %d in %.2f s = %.1f/s (bcrypt cost %s, %d clients)" % (count[0], elapsed, count[0] / elapsed, cost, clients))
p.terminate(); p.wait()
PY
cat "$OUT/signin.txt"

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
TOKEN=$("$BIN/wlog-server" token --user bench@example.com --data "$OUT/new" 2>/dev/null)
SESSION=$(cat "$OUT/new/session-token")
if [ -n "$BASE_BIN" ]; then
  mkdir -p "$OUT/base"
  TODAY=("today (base binary, serve token)" "$BASE_BIN" "$OUT/base" "$("$BASE_BIN" token --user bench@example.com --data "$OUT/base" 2>/dev/null)")
else
  TODAY=("today (this binary, serve token)" "$BIN/wlog-server" "$OUT/new" "$TOKEN")
fi
measure() {  # measure NAME BINARY DATA TOKEN
  start "$2" "$3"
  local auth="Authorization: Bearer $4"
  curl -sf -o /dev/null -X POST "$URL/api/v1/workouts" -H "$auth" -H 'Content-Type: application/json' -d '{"name":"Bench","startedAt":"2026-11-24T09:00:00Z"}' || true
  wrk -t2 -c"$CLIENTS" -d"${SECONDS_EACH}s" -H "$auth" "$URL/api/v1/workouts" | awk -v name="$1" '/Requests\/sec/ {print name ": " $2 " req/s"}' | tee -a "$OUT/workouts.txt"
  stop
}
SESSION_RUN=("session token (checked live, this binary)" "$BIN/wlog-server" "$OUT/new" "$SESSION")
for round in $(seq "$ROUNDS"); do
  if [ $((round % 2)) -eq 1 ]; then measure "${TODAY[@]}"; measure "${SESSION_RUN[@]}"; else measure "${SESSION_RUN[@]}"; measure "${TODAY[@]}"; fi
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$OUT/workouts.txt" <<'PY'
import sys, statistics, collections
rates = collections.OrderedDict()
for line in open(sys.argv[1]):
    name, rate = line.rsplit(": ", 1)
    rates.setdefault(name, []).append(float(rate.split()[0]))
today, session = list(rates)
for name, values in rates.items():
    print("GET /workouts %-44s median of %d: %8.0f req/s  (%s)" % (name, len(values), statistics.median(values), ", ".join("%.0f" % v for v in values)))
print("session against today: %.3fx (medians)" % (statistics.median(rates[session]) / statistics.median(rates[today])))
PY
