#!/usr/bin/env bash
# make demo: a journal built from the project's own fixtures, then history and PRs.
# Usage: scripts/demo.sh WLOG_BINARY JOURNAL NOW ZONE
set -euo pipefail
wlog=$1 journal=$2 now=$3 tz=$4
root=$(cd "$(dirname "$0")/.." && pwd)
rm -rf "$(dirname "$journal")"
mkdir -p "$(dirname "$journal")"
export WLOG_JOURNAL=$journal WLOG_NOW=$now NO_COLOR=1
run() { echo; echo "\$ wlog $*"; "$wlog" "$@"; }

run init --unit kg --tz "$tz" --name "Demo Lifter"
run import strong "$root/fixtures/demo/strong-demo.csv" --unit kg --tz "$tz"
run append bodyweight 82.4 --at 2026-11-20T07:30:00+01:00
run append set bench 92.5x5 @8.5 --at 2026-11-20T18:20:00+01:00
run append set "pull-up" BW+10kgx8 --at 2026-11-20T18:35:00+01:00
run history --limit 5
run prs bench
run prs
echo
echo "The journal is $journal — read it with: lz4 -dc $journal | jq -c ."
