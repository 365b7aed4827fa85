#!/usr/bin/env bash
# The OpenAPI document against the live server (run by .ci/run):
#   1. the document is valid OpenAPI 3.1 (openapi-spec-validator) and the server embeds it as is;
#   2. wlog-server starts on a free loopback port over a temporary data folder, rate limits off;
#      its lifter gets a history (the demo Strong export, a day of sets logged without a session,
#      body weights, a starter routine, all through the CLI) and, through the API with curl, a
#      workout with an exercise and sets and a workout started from the routine;
#   3. schemathesis runs every operation with the lifter's bearer token, its path parameters drawn
#      half the time from the seeded ids, and checks: no 5xx, every status, content type, header
#      and body as the document says. The server is stopped however the script ends.
# With --store postgres (issue 16) the same runs on the PostgreSQL store: the seeded data folder is
# migrated (`wlog-server migrate`) into a scratch database beside $WLOG_TEST_DATABASE_URL's
# (scripts/pg-test-cluster.sh start prints it), the server runs with --store, the database is dropped after.
# Usage: scripts/schemathesis.sh [--store journal|postgres]   (after a debug build; SCHEMATHESIS_EXAMPLES, SCHEMATHESIS_SEED, SCHEMATHESIS_PHASES
#   (e.g. examples,coverage,fuzzing,stateful) and WLOG_BIN_DIR tune it; SCHEMATHESIS_KEEP=1 keeps the data
#   folder, the server's logs and the HAR/JUnit reports)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
document=Sources/WlogServer/Resources/openapi.json
examples=${SCHEMATHESIS_EXAMPLES:-50}
backend=journal
if [ "${1:-}" = --store ]; then backend=${2:-}; fi
case "$backend" in
  journal) ;;
  postgres)
    [ -n "${WLOG_TEST_DATABASE_URL:-}" ] || { echo "schemathesis.sh: --store postgres needs WLOG_TEST_DATABASE_URL (scripts/pg-test-cluster.sh start)" >&2; exit 64; }
    command -v psql >/dev/null 2>&1 || { echo "schemathesis.sh: psql is missing (Debian's postgresql-client)" >&2; exit 1; } ;;
  *) echo "schemathesis.sh: --store takes journal or postgres, not '$backend'" >&2; exit 64 ;;
esac
seed=${SCHEMATHESIS_SEED:-20261124}

for tool in st openapi-spec-validator curl python3; do
  command -v "$tool" >/dev/null 2>&1 || { echo "schemathesis.sh: $tool is missing (.ci/run installs it; pip install -r requirements-ci.txt)" >&2; exit 1; }
done
openapi-spec-validator "$document"

bin=${WLOG_BIN_DIR:-$(swift build --show-bin-path)}
[ -x "$bin/wlog-server" ] || swift build --product wlog-server
[ -x "$bin/wlog" ] || swift build --product wlog

work=$(mktemp -d)
server_pid=
database=
stop() {
  local status=$?
  if [ -n "$database" ]; then
    psql --quiet "$WLOG_TEST_DATABASE_URL" -c "DROP DATABASE IF EXISTS $database WITH (FORCE)" >/dev/null 2>&1 || true
  fi
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  elif [ -n "$server_pid" ]; then
    echo "schemathesis.sh: wlog-server had exited" >&2
  fi
  if [ "$status" -ne 0 ] && [ -s "$work/server.err" ]; then
    echo "--- wlog-server's stderr (last 40 lines)" >&2
    tail -n 40 "$work/server.err" >&2
  fi
  if [ -n "${SCHEMATHESIS_KEEP:-}" ]; then echo "schemathesis.sh: kept $work" >&2; else rm -rf "$work"; fi
}
trap stop EXIT
trap 'exit 130' INT TERM

data=$work/data
lifter=6f1c2e4a-8b3d-4c5e-9f70-112233445566
journal=$data/users/$lifter/journal.wlog
mkdir -p "$(dirname "$journal")"

# The lifter's history through the CLI, before the server opens the journal.
cli() { "$bin/wlog" --journal "$journal" "$@" </dev/null >/dev/null; }
cli init --unit kg --tz UTC --name "Schemathesis"
cli import strong fixtures/demo/strong-demo.csv --unit kg
cli append set bench 100x5 @8
cli append set squat 140x5x3
cli append bodyweight 82.4
cli append bodyweight 82.1 --at "$(date -u -d yesterday +%Y-%m-%dT07:30:00Z)"
cli plan starter --goal strength --experience beginner --days 3 --equipment gym --append

store=()
if [ "$backend" = postgres ]; then
  database=wlog_schemathesis_$$
  psql --quiet "$WLOG_TEST_DATABASE_URL" -c "CREATE DATABASE $database" >/dev/null
  url=${WLOG_TEST_DATABASE_URL%/*}/$database
  "$bin/wlog-server" migrate --from "$data" --to "$url" </dev/null
  store=(--store "$url")
fi
"$bin/wlog-server" run --listen 127.0.0.1:0 --data "$data" --rate-limit 0 --address-rate-limit 0 \
  "${store[@]}" --log-level error </dev/null >"$work/server.out" 2>"$work/server.err" &
server_pid=$!
port=
for _ in $(seq 1 200); do
  port=$(sed -n 's|.*listening on http://127\.0\.0\.1:\([0-9]*\).*|\1|p' "$work/server.out")
  [ -n "$port" ] && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.err" >&2; echo "schemathesis.sh: wlog-server did not start" >&2; exit 1; }
  sleep 0.1
done
[ -n "$port" ] || { echo "schemathesis.sh: wlog-server did not report its port" >&2; exit 1; }
base=http://127.0.0.1:$port/api/v1
token=$("$bin/wlog-server" token --user "$lifter" --data "$data" 2>/dev/null)

# curl METHOD PATH [BODY] → the response's `data`, failing on any status but 2xx.
api() {
  curl --silent --show-error --fail-with-body -X "$1" "$base$2" -H "Authorization: Bearer $token" \
    ${3:+-H 'Content-Type: application/json' --data "$3"}
}
field() { python3 -c 'import json,sys; v=json.load(sys.stdin)["data"]
for k in sys.argv[1].split("."): v=v[int(k)] if k.isdigit() else v[k]
print(v)' "$1"; }

workout=$(api POST /workouts '{"name":"Push","notes":"seeded"}' | field id)
api POST "/workouts/$workout/exercises" '{"exerciseId":"bench-press"}' >/dev/null
set1=$(api POST "/workouts/$workout/exercises/bench-press/sets" '{"reps":5,"weightKg":100,"rpe":8}' | field id)
set2=$(api POST "/workouts/$workout/exercises/bench-press/sets" '{"reps":5,"weightKg":102.5,"setType":"working"}' | field id)
set3=$(api POST "/workouts/$workout/exercises/bench-press/sets" '{"reps":3,"weightKg":105,"setType":"failure"}' | field id)
# One session in progress at a time (issue 18): each is completed before the next starts.
done_at() { date -u -d '+2 seconds' +%Y-%m-%dT%H:%M:%SZ; }
api PATCH "/workouts/$workout" "{\"completedAt\":\"$(done_at)\"}" >/dev/null
spare=$(api POST /workouts '{"name":"Legs"}' | field id)
api POST "/workouts/$spare/exercises/squat/sets" '{"reps":5,"weightKg":140}' >/dev/null
api PATCH "/workouts/$spare" "{\"completedAt\":\"$(done_at)\"}" >/dev/null
routine=$(api GET /routines | field 0.id)
# A routine of the API's own for deleteRoutine (the starter's days stay for the others).
spare_routine=$(api POST /routines '{"name":"Spare routine","exercises":[{"exerciseId":"bench-press","targetSets":3,"targetRepsLow":5}]}' | field id)
started=$(api POST "/routines/$routine/start" | field id)
day=$(api GET '/workouts?pageSize=100' | python3 -c 'import json,sys
print(next(w["id"] for w in json.load(sys.stdin)["data"] if len(w["id"]) == 10))')
echo "schemathesis.sh: $backend store, port $port; seeded workouts $workout $spare $started $day, sets $set1 $set2 $set3, routines $routine $spare_routine"

# Path parameters come half the time (most of the time for sets) from the seeded ids, so
# operations reach their success paths; destructive ones get ids of their own to delete.
ids() { local out=; for v in "$@"; do out+="${out:+, }\"$v\""; done; echo "[$out]"; }
bind() { echo "{ dictionary = \"$1\", probability = ${2:-0.5} }"; }
cat >"$work/schemathesis.toml" <<TOML
[dictionaries]
workouts.values = $(ids "$workout" "$day" "$started")
completable.values = $(ids "$started" "$day")
spare.values = $(ids "$spare")
set-workout.values = $(ids "$workout")
sets.values = $(ids "$set1" "$set2")
spare-sets.values = $(ids "$set3")
bench.values = ["bench-press"]
squat.values = ["squat"]
exercises.values = ["bench-press", "squat", "deadlift"]
routines.values = $(ids "$routine")
spare-routines.values = $(ids "$spare_routine")

# Ids come from the dictionaries above, not from earlier responses: a destructive operation
# handed the seeded workout's id by the response pool would leave the set operations nothing to find.
[phases.coverage.extra-data-sources]
responses = false
[phases.fuzzing.extra-data-sources]
responses = false

[parameters]
"path.exerciseId" = $(bind exercises)
"query.exercise" = $(bind exercises)

[[operations]]
include-operation-id = ["getWorkout", "addWorkoutExercise"]
parameters = { "path.id" = $(bind workouts) }

[[operations]]
include-operation-id = "completeWorkout"
parameters = { "path.id" = $(bind completable) }

[[operations]]
include-operation-id = ["deleteWorkout", "removeWorkoutExercise"]
parameters = { "path.id" = $(bind spare 0.8), "path.exerciseId" = $(bind squat 0.8) }

[[operations]]
include-operation-id = ["logSet", "updateSet"]
parameters = { "path.id" = $(bind set-workout 0.8), "path.exerciseId" = $(bind bench 0.8), "path.setId" = $(bind sets 0.8) }

[[operations]]
include-operation-id = "deleteSet"
parameters = { "path.id" = $(bind set-workout 0.8), "path.exerciseId" = $(bind bench 0.8), "path.setId" = $(bind spare-sets 0.8) }

[[operations]]
include-operation-id = ["getRoutine", "startRoutine", "updateRoutine"]
parameters = { "path.id" = $(bind routines) }

[[operations]]
include-operation-id = "deleteRoutine"
parameters = { "path.id" = $(bind spare-routines 0.8) }
TOML

curl --silent --fail "$base/openapi.json" | cmp - "$document" \
  || { echo "schemathesis.sh: GET /api/v1/openapi.json is not $document" >&2; exit 1; }
# The SSE stream never ends by design: it is left out (its tests are Swift ones).
cd "$work"
timeout --signal=INT 1200 st --config-file "$work/schemathesis.toml" run "$root/$document" \
  --exclude-operation-id streamEvents --generation-database none \
  --url "$base" \
  --header "Authorization: Bearer $token" \
  --checks not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance \
  --phases "${SCHEMATHESIS_PHASES:-examples,coverage,fuzzing}" \
  --max-examples "$examples" --seed "$seed" --workers 1 \
  --request-timeout 10 --no-color --report junit,har,ndjson --report-dir "$work/report"
