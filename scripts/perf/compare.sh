#!/usr/bin/env bash
# Two wlog binaries side by side on the 20-year journal, in one hyperfine run (the machine is
# shared: only figures from the same run compare). Each binary works on its own copy of the journal
# and writes its own snapshot; their outputs must be byte-identical (checked with cmp first).
#
#   scripts/perf/compare.sh OLD_WLOG NEW_WLOG [RUNS]
#
# Needs the fixtures of `scripts/perf/run.sh fixtures` in $WLOG_PERF_DIR (default /tmp/wlog-perf)
# and hyperfine. Writes under $WLOG_PERF_DIR/compare; results in compare/results.md and .json.
set -euo pipefail
OLD=$(realpath "$1"); NEW=$(realpath "$2"); RUNS=${3:-20}
OUT=${WLOG_PERF_DIR:-/tmp/wlog-perf}
DIR="$OUT/compare"
export WLOG_NOW=2026-11-20T18:00:00Z TZ=Europe/Berlin NO_COLOR=1
rm -rf "$DIR"; mkdir -p "$DIR/old" "$DIR/new"
for side in old new; do
  cp "$OUT/lifer.wlog" "$DIR/$side/lifer.wlog"
  bin=$OLD; [ "$side" = new ] && bin=$NEW
  "$bin" -j "$DIR/$side/lifer.wlog" prs > /dev/null          # writes this binary's snapshot
  cp "$DIR/$side/lifer.wlog" "$DIR/$side/append.wlog"; cp "$DIR/$side/lifer.wlog.snap" "$DIR/$side/append.wlog.snap"
  "$bin" -j "$DIR/$side/tiny.wlog" init > /dev/null 2>&1
  "$bin" -j "$DIR/$side/tiny.wlog" append set bench-press 100x5 > /dev/null
done

# Same output, with and without the snapshot, old and new.
for args in "prs" "prs --format csv" "prs --format json" "prs bench-press" "history --limit 20" \
            "history --limit 20 --format csv" "history" "volume" "export sets"; do
  for mode in on off; do
    WLOG_SNAPSHOT=$mode "$OLD" -j "$DIR/old/lifer.wlog" $args > "$DIR/old.out" 2>&1 || true
    WLOG_SNAPSHOT=$mode "$NEW" -j "$DIR/new/lifer.wlog" $args > "$DIR/new.out" 2>&1 || true
    cmp -s "$DIR/old.out" "$DIR/new.out" || { echo "outputs differ: $args (snapshot $mode)"; exit 1; }
  done
done
echo "outputs identical (9 commands, with and without the snapshot)"

cases=()
for c in "prs --format csv" "history --limit 20 --format csv" "prs" "history --limit 20"; do
  cases+=(-n "old: $c, snapshot" "$OLD -j $DIR/old/lifer.wlog $c" -n "new: $c, snapshot" "$NEW -j $DIR/new/lifer.wlog $c")
done
for c in "prs --format csv" "history --limit 20 --format csv"; do
  cases+=(-n "old: $c, cold" "env WLOG_SNAPSHOT=off $OLD -j $DIR/old/lifer.wlog $c"
          -n "new: $c, cold" "env WLOG_SNAPSHOT=off $NEW -j $DIR/new/lifer.wlog $c")
done
cases+=(-n "old: append set, snapshot" "$OLD -j $DIR/old/append.wlog append set bench-press 100x5 @8"
        -n "new: append set, snapshot" "$NEW -j $DIR/new/append.wlog append set bench-press 100x5 @8"
        -n "old: prs, 1-event journal" "$OLD -j $DIR/old/tiny.wlog prs"
        -n "new: prs, 1-event journal" "$NEW -j $DIR/new/tiny.wlog prs")
hyperfine -N --warmup 3 --runs "$RUNS" --export-markdown "$DIR/results.md" --export-json "$DIR/results.json" "${cases[@]}"
# Medians side by side (hyperfine's JSON), old / new.
python3 - "$DIR/results.json" <<'PY' | tee "$DIR/medians.md"
import json, sys
rows = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
print("| case | old median (user/sys) | new median (user/sys) | old / new |")
print("|---|---:|---:|---:|")
for name in rows:
    if not name.startswith("old: "): continue
    o, n = rows[name], rows["new: " + name[5:]]
    f = lambda r: f'{r["median"]*1000:.1f} ms ({r["user"]*1000:.1f}/{r["system"]*1000:.1f})'
    print(f'| {name[5:]} | {f(o)} | {f(n)} | {o["median"]/n["median"]:.2f}× |')
PY
