#!/usr/bin/env bash
# Performance of wlog against what a lifter would use instead, measured in one run on one machine.
# Method and results: docs/PERFORMANCE.md.
#
#   scripts/perf/run.sh [all|build|fixtures|sizes|replay|cli|import|stress|bench]   (default: all but bench)
#
# Needs: swift, sqlite3, gzip, hyperfine (Debian: apt-get install -y sqlite3 hyperfine),
# /usr/bin/time (Debian: time). Writes only under $WLOG_PERF_DIR (default /tmp/wlog-perf) and the
# scratch build folder $SCRATCH (default .build-perf); results go to $WLOG_PERF_DIR/results.txt.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
SCRATCH=${SCRATCH:-$ROOT/.build-perf}
OUT=${WLOG_PERF_DIR:-/tmp/wlog-perf}
RUNS=${RUNS:-30}
STRESS_EVENTS=${STRESS_EVENTS:-10000000}
NOW=2026-11-20T18:00:00Z
BIN="$SCRATCH/release"
WLOG="$BIN/wlog"
GEN="$BIN/wlog-generate"
RESULTS="$OUT/results.txt"
mkdir -p "$OUT"
export WLOG_NOW=$NOW TZ=Europe/Berlin NO_COLOR=1

say() { echo "$*" | tee -a "$RESULTS"; }

build() {
  (cd "$ROOT" && swift build --scratch-path "$SCRATCH" -c release --static-swift-stdlib --product wlog && \
                 swift build --scratch-path "$SCRATCH" -c release --product wlog-generate)
}

fixtures() {
  # lifer.ids names the generator of the fixture: one made by an older generator (random ids,
  # millisecond clock, unbounded progression) is redone, the id-scheme variants with it.
  if [ ! -f "$OUT/lifer.wlog" ] || [ ! -f "$OUT/lifer.sqlite" ] || [ ! -f "$OUT/lifer.jsonl" ] \
     || [ "$(cat "$OUT/lifer.ids" 2>/dev/null)" != wlog-seconds ]; then
    rm -f "$OUT"/lifer.wlog* "$OUT"/lifer-seqids.wlog* "$OUT"/lifer-random.wlog* "$OUT/lifer.sqlite" "$OUT/lifer.jsonl"
    "$GEN" --profile lifer --seed 1 --years 20 --journal "$OUT/lifer.wlog" --jsonl "$OUT/lifer.jsonl" --sql "$OUT/lifer.sqlite"
    echo wlog-seconds > "$OUT/lifer.ids"
  fi
  if [ ! -f "$OUT/lifer-seqids.wlog" ]; then
    rm -f "$OUT"/lifer-seqids.wlog*
    "$GEN" --profile lifer --seed 1 --years 20 --ids sequential --journal "$OUT/lifer-seqids.wlog"
  fi
  if [ ! -f "$OUT/lifer-random.wlog" ]; then
    rm -f "$OUT"/lifer-random.wlog*
    "$GEN" --profile lifer --seed 1 --years 20 --ids random --journal "$OUT/lifer-random.wlog"
  fi
}

events_of() { "$WLOG" -j "$1" verify 2>&1 | grep -oE '[0-9]+ events' | head -1 | cut -d' ' -f1; }

sizes() {
  local n jb sb gz jl lz sq
  n=$(wc -l < "$OUT/lifer.jsonl")
  jb=$(stat -c %s "$OUT/lifer.wlog"); sb=$(stat -c %s "$OUT/lifer.sqlite"); jl=$(stat -c %s "$OUT/lifer.jsonl")
  gz=$(gzip -9 -c "$OUT/lifer.jsonl" | wc -c); lz=$(lz4 -9 -c "$OUT/lifer.jsonl" | wc -c)
  sq=$(stat -c %s "$OUT/lifer-seqids.wlog"); rj=$(stat -c %s "$OUT/lifer-random.wlog")
  say "== size of the 20-year lifer history ($n events)"
  awk -v n="$n" -v jb="$jb" -v sb="$sb" -v gz="$gz" -v jl="$jl" -v lz="$lz" -v sq="$sq" -v rj="$rj" 'BEGIN {
    printf "  wlog journal (sealed)        %10d B  %6.2f B/event\n", jb, jb / n
    printf "  wlog journal, random ids     %10d B  %6.2f B/event\n", rj, rj / n
    printf "  wlog journal, sequential ids %10d B  %6.2f B/event\n", sq, sq / n
    printf "  SQLite file (VACUUMed)       %10d B  %6.2f B/event  (%.2fx the journal)\n", sb, sb / n, sb / jb
    printf "  JSON lines, plain            %10d B  %6.2f B/event\n", jl, jl / n
    printf "  JSON lines, gzip -9          %10d B  %6.2f B/event  (%.2fx the journal)\n", gz, gz / n, gz / jb
    printf "  JSON lines, lz4 -9 one frame %10d B  %6.2f B/event\n", lz, lz / n }' | tee -a "$RESULTS"
}

replay() {
  say "== in-process replay into every projection (wlog replay --stats, no snapshot), 5 runs"
  for _ in 1 2 3 4 5; do WLOG_SNAPSHOT=off "$WLOG" -j "$OUT/lifer.wlog" replay --stats 2>&1 | tail -1 | tee -a "$RESULTS"; done
}

cli() {
  local j="$OUT/lifer.wlog"
  say "== whole-process CLI timings, $RUNS runs each (hyperfine), 20-year lifer journal"
  rm -f "$j.snap"
  # Outputs must not depend on the snapshot.
  WLOG_SNAPSHOT=off "$WLOG" -j "$j" prs --format csv > "$OUT/prs.cold.csv"
  "$WLOG" -j "$j" prs --format csv > /dev/null          # writes the snapshot
  test -f "$j.snap" || { say "no snapshot was written"; exit 1; }
  "$WLOG" -j "$j" prs --format csv > "$OUT/prs.warm.csv"
  cmp "$OUT/prs.cold.csv" "$OUT/prs.warm.csv" && say "  prs output identical with and without the snapshot"
  WLOG_SNAPSHOT=off "$WLOG" -j "$j" history --limit 20 --format csv > "$OUT/history.cold.csv"
  "$WLOG" -j "$j" history --limit 20 --format csv > "$OUT/history.warm.csv"
  cmp "$OUT/history.cold.csv" "$OUT/history.warm.csv" && say "  history output identical with and without the snapshot"
  say "  snapshot: $(stat -c %s "$j.snap") bytes"
  hyperfine -N --warmup 3 --runs "$RUNS" --export-markdown "$OUT/cli.md" --export-json "$OUT/cli.json" \
    -n "prs cold (no snapshot)" "env WLOG_SNAPSHOT=off $WLOG -j $j prs --format csv" \
    -n "prs with snapshot" "$WLOG -j $j prs --format csv" \
    -n "history --limit 20 cold" "env WLOG_SNAPSHOT=off $WLOG -j $j history --limit 20 --format csv" \
    -n "history --limit 20 with snapshot" "$WLOG -j $j history --limit 20 --format csv" \
    -n "baseline: sqlite3 PR table in SQL" "sqlite3 $OUT/lifer.sqlite -init /dev/null -batch -cmd '.read $ROOT/scripts/perf/prs.sql' .quit" \
    -n "baseline: sqlite3 last 20 workouts in SQL" "sqlite3 $OUT/lifer.sqlite -init /dev/null -batch -cmd '.read $ROOT/scripts/perf/history.sql' .quit" \
    -n "baseline: jq over the JSON lines (sets per exercise)" "jq -c -s 'map(select(.type==\"set.logged\")) | group_by(.exercise) | map({(.[0].exercise): length}) | add' $OUT/lifer.jsonl" \
    | tee -a "$RESULTS"
  # Durable append on a copy of the long history (full durability: fdatasync before exit).
  cp "$j" "$OUT/append.wlog"; cp "$j.snap" "$OUT/append.wlog.snap"
  hyperfine -N --warmup 3 --runs "$RUNS" --export-markdown "$OUT/append.md" \
    -n "append set, 20-year journal, with snapshot" "$WLOG -j $OUT/append.wlog append set bench-press 100x5 @8" \
    -n "append set, 20-year journal, no snapshot" "env WLOG_SNAPSHOT=off $WLOG -j $OUT/append.wlog append set bench-press 100x5 @8" \
    | tee -a "$RESULTS"
  rm -f "$OUT"/append.wlog*
  cp "$OUT/lifer.sqlite" "$OUT/append.sqlite"
  hyperfine -N --warmup 3 --runs "$RUNS" -n "baseline: sqlite3 durable insert (WAL, synchronous=FULL), same history" \
    "sqlite3 $OUT/append.sqlite -init /dev/null -batch -cmd '.read $ROOT/scripts/perf/insert.sql' .quit" | tee -a "$RESULTS"
  rm -f "$OUT"/append.sqlite*
  "$WLOG" -j "$OUT/empty.wlog" init >/dev/null 2>&1 || true
  hyperfine -N --warmup 3 --runs "$RUNS" -n "append set, new journal" "$WLOG -j $OUT/empty.wlog append set bench-press 100x5 @8" | tee -a "$RESULTS"
  rm -f "$OUT"/empty.wlog*
}

import_speed() {
  # The 20-year history as a Strong export (what a lifter moving from Strong brings), imported
  # into a new journal (one durable commit, sealed at HC 12) against sqlite3 loading the same CSV
  # into a table (`.import --csv`, default durability) — each run starts from nothing (--prepare).
  local csv="$OUT/lifer-strong.csv" j="$OUT/import.wlog" db="$OUT/import.sqlite"
  "$WLOG" -j "$OUT/lifer.wlog" export strong > "$csv"
  say "== import of a 20-year Strong export ($(($(wc -l < "$csv") - 1)) rows, $(stat -c %s "$csv") bytes), $RUNS runs each"
  hyperfine -N --warmup 1 --runs "$RUNS" --export-markdown "$OUT/import.md" \
    -n "wlog import strong (new journal, durable)" \
    --prepare "sh -c 'rm -rf $j $j.lock $j.snap && $WLOG -j $j init --unit kg --tz Europe/Berlin'" \
    "$WLOG -j $j import strong $csv --unit kg" \
    -n "baseline: sqlite3 .import --csv (new database)" --prepare "rm -f $db" \
    "sqlite3 $db -init /dev/null -batch -cmd '.import --csv $csv sets' .quit" | tee -a "$RESULTS"
  rm -rf "$j" "$j.lock" "$j.snap" "$db"
}

stress() {
  local s="$OUT/stress.wlog"
  if [ ! -f "$s" ]; then
    "$GEN" --profile stress --events "$STRESS_EVENTS" --seed 1 --journal "$s"
  fi
  say "== $STRESS_EVENTS-event stress journal: $(stat -c %s "$s") bytes"
  say "  replay (no snapshot), peak RSS:"
  WLOG_SNAPSHOT=off /usr/bin/time -v "$WLOG" -j "$s" replay --stats 2> "$OUT/stress.time" | tee -a "$RESULTS"
  grep -E "Maximum resident|Elapsed|replayed|events/s" "$OUT/stress.time" | sed 's/^/  /' | tee -a "$RESULTS"
  say "  verify:"
  /usr/bin/time -v "$WLOG" -j "$s" verify > "$OUT/stress.verify" 2> "$OUT/stress.verify.time" || true
  sed 's/^/  /' "$OUT/stress.verify" | tee -a "$RESULTS"
  grep -E "Maximum resident|Elapsed" "$OUT/stress.verify.time" | sed 's/^/  /' | tee -a "$RESULTS"
}

bench() {
  (cd "$ROOT/Benchmarks" && WLOG_PERF_DIR="$OUT" swift package --allow-writing-to-directory .benchmarkBaselines \
     benchmark --target PerfBaselines) | tee -a "$RESULTS"
}

what=${1:-all}
: > "$RESULTS"
say "wlog performance run $(date -u +%FT%TZ) on $(nproc) cores, $(uname -r); results in $RESULTS"
case "$what" in
  build) build ;;
  fixtures) build; fixtures ;;
  sizes) fixtures; sizes ;;
  replay) fixtures; replay ;;
  cli) fixtures; cli ;;
  stress) stress ;;
  import) fixtures; import_speed ;;
  bench) fixtures; bench ;;
  all) build; fixtures; sizes; replay; cli; import_speed; stress ;;
  *) echo "usage: $0 [all|build|fixtures|sizes|replay|cli|import|stress|bench]" >&2; exit 64 ;;
esac
