#!/usr/bin/env bash
# Same output from two wlog binaries on the 20-year journal (issue 19, "same output before and
# after"): prs, history, export sets --format json and events, each with and without the
# snapshot, and the journal bytes after the same append (a fixed id and clock).
#
#   scripts/perf/same-output.sh OLD_WLOG NEW_WLOG
#
# Needs $WLOG_PERF_DIR/lifer.wlog (default /tmp/wlog-perf; `scripts/perf/run.sh fixtures`).
set -euo pipefail
OLD=$(realpath "$1"); NEW=$(realpath "$2")
OUT=${WLOG_PERF_DIR:-/tmp/wlog-perf}
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
export WLOG_NOW=2026-11-20T18:00:00Z TZ=Europe/Berlin NO_COLOR=1
for side in old new; do mkdir -p "$DIR/$side"; cp "$OUT/lifer.wlog" "$DIR/$side/lifer.wlog"; done
checked=0
for args in "prs" "history" "export sets --format json" "events"; do
  for mode in off on on; do   # off: a full replay; on twice: the first writes the snapshot, the second reads it
    WLOG_SNAPSHOT=$mode "$OLD" -j "$DIR/old/lifer.wlog" $args > "$DIR/old.out" 2>&1
    WLOG_SNAPSHOT=$mode "$NEW" -j "$DIR/new/lifer.wlog" $args > "$DIR/new.out" 2>&1
    cmp "$DIR/old.out" "$DIR/new.out" || { echo "outputs differ: $args (snapshot $mode)"; exit 1; }
    checked=$((checked + 1))
  done
  echo "same: $args ($(wc -c < "$DIR/new.out") bytes)"
done
for side in old new; do
  bin=$OLD; [ "$side" = new ] && bin=$NEW
  "$bin" -j "$DIR/$side/lifer.wlog" append set bench-press 100x5 @8 --id 5e0f3a7712c84b09a1d2e3f405162738 > /dev/null
done
cmp "$DIR/old/lifer.wlog" "$DIR/new/lifer.wlog" || { echo "journal bytes differ after the append"; exit 1; }
echo "same: journal after append set ($(wc -c < "$DIR/new/lifer.wlog") bytes)"
echo "identical: $checked outputs and the appended journal"
