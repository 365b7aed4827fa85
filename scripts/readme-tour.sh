#!/usr/bin/env bash
# Prints the README's five-minute tour: each command with its real output, from a fresh demo journal.
# Usage: scripts/readme-tour.sh WLOG_BINARY > /tmp/tour.md   (then paste into README.md)
set -euo pipefail
wlog=$1
root=$(cd "$(dirname "$0")/.." && pwd)
dir=$(mktemp -d)
cd "$root"
export WLOG_JOURNAL=$dir/journal.wlog WLOG_NOW=2026-11-20T18:00:00Z NO_COLOR=1
show() {
  echo '```console'
  printf '$ wlog'; for a in "$@"; do case $a in *" "*) printf ' "%s"' "$a";; *) printf ' %s' "$a";; esac; done; echo
  "$wlog" "$@" 2>&1 || true
  echo '```'
  echo
}
show init --unit kg --tz Europe/Berlin --name "Sam"
show import strong fixtures/demo/strong-demo.csv --unit kg --dry-run
"$wlog" import strong "$root/fixtures/demo/strong-demo.csv" --unit kg >/dev/null
show append set bench 92.5x5 @8.5 --at 18:20
show append set "pull up" BW+10kgx8 --at 18:35
show append set squat 140x5x3 --at 18:50
show append bodyweight 82.4 --at 07:30
show history --limit 2
show prs bench
show prs --format csv bench
show append set benhc 100x5
show compact
show verify
echo '```console'
echo "\$ lz4 -dc \$WLOG_JOURNAL | jq -c 'select(.type == \"set.logged\")' | tail -1"
lz4 -dc "$WLOG_JOURNAL" | jq -c 'select(.type == "set.logged")' | tail -1
echo '```'
rm -rf "$dir"
