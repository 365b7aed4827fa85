#!/usr/bin/env bash
# A longer bounded fuzz campaign over wlog's parsers (Tests/WlogCoreTests/Fuzz/ParserFuzzTests.swift):
# the SET grammar, durations, dates, numbers and masses, and event lines, from the seeds in
# fixtures/fuzz/. The test suite (and CI's `make test`) runs 1,500 inputs per target; this runs more.
#
#   scripts/fuzz.sh [RUNS]      # inputs per target, default 100000 (5 targets)
#
# A crash stops the test process: its output names the test, and the property-based runner prints
# the seed to replay it. Add the input that crashed to the matching file of fixtures/fuzz/.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-100000}
swift build --build-tests
start=$(date +%s)
WLOG_FUZZ_RUNS=$RUNS swift test --skip-build --filter ParserFuzzTests
echo "fuzz: $((RUNS * 5)) inputs (5 targets × $RUNS) in $(( $(date +%s) - start )) s, no crash"
