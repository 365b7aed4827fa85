#!/usr/bin/env bash
# Regenerates docs/screenshots/*.png: every web page of `wlog serve` (Monitor, History, a workout,
# an exercise, Body weight, Sign in) at phone (390 px) and TV (1920 px) widths, in headless
# Chromium (Debian's chromium + chromium-driver, via selenium so the session cookie can be set by
# signing in). Uses .build/debug's wlog-server and wlog unless WLOG_BIN names another folder.
set -euo pipefail
exec "$(dirname "$0")/browser-tests/run.sh" screenshots "$@"
