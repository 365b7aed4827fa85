#!/bin/sh
# journal-size.sh — size per event and replay speed of the wlog journal, in one run.
#
# Writes a sealed journal of ~100,000 realistic event lines and prints bytes/event sealed, as plain
# JSON lines, and through `lz4 -9` of the same plain file, then replay MiB/s of wlog's reader
# (every checksum, chunk SHA-256, chain and sequence checked) vs `lz4 -dc > /dev/null`.
# Usage: scripts/journal-size.sh [EVENTS] [DIR]      (release build; needs lz4 on PATH)
set -eu
EVENTS="${1:-100000}"
DIR="${2:-${TMPDIR:-/tmp}/wlog-journal-size}"
cd "$(dirname "$0")/.."
swift build -c release --product wlog-journal-torture --scratch-path .build-journal-release >/dev/null
BIN="$(swift build -c release --scratch-path .build-journal-release --show-bin-path)/wlog-journal-torture"
"$BIN" measure "$DIR" --events "$EVENTS"
