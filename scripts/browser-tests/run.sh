#!/usr/bin/env bash
# Browser tests of `wlog serve`'s web pages (issue 17, docs/WEB.md): builds wlog-server and wlog
# (debug, unless WLOG_BIN names a folder holding both), starts the server on a free loopback port
# over a temp data folder, seeds two lifters through the API, drives headless Chromium with
# selenium through every page, and stops the server. Installs Debian's chromium and
# chromium-driver and selenium (PyPI) when missing.
#   scripts/browser-tests/run.sh                  the tests (test_pages.py; .ci/run)
#   scripts/browser-tests/run.sh screenshots ARGS docs/screenshots (screenshots.py; scripts/screenshots.sh)
#   scripts/browser-tests/run.sh cors             a page on another origin calls /api/v1 (test_cors.py; .ci/run)
#   scripts/browser-tests/run.sh app              the lifter's app at /app, online and offline (test_app.py, then the
#                                                 Planner's test_planner.py; .ci/run)
#   scripts/browser-tests/run.sh app-shots ARGS   docs/screenshots/app-* (app_shots.py)
#   scripts/browser-tests/run.sh app-perf         page weight and speed of the app (app_perf.py; docs/WEB.md)
set -euo pipefail
script=test_pages.py
if [ "${1:-}" = screenshots ]; then script=screenshots.py; shift; fi
if [ "${1:-}" = cors ]; then script=test_cors.py; shift; fi
if [ "${1:-}" = app ]; then script=test_app.py; shift; fi
if [ "${1:-}" = app-shots ]; then script=app_shots.py; shift; fi
if [ "${1:-}" = app-perf ]; then script=app_perf.py; shift; fi
cd "$(dirname "$0")/../.."
if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver </dev/null
fi
# selenium from PyPI: the system python's, else a virtual environment under .build (a Debian
# python refuses plain pip), else for the user.
PY=python3
if ! python3 -c 'import selenium' 2>/dev/null; then
  venv=.build/browser-python
  if [ -x "$venv/bin/python" ] || python3 -m venv "$venv" >/dev/null 2>&1; then
    "$venv/bin/python" -c 'import selenium' 2>/dev/null \
      || "$venv/bin/python" -m pip install -q --disable-pip-version-check selenium </dev/null
    PY="$venv/bin/python"
  else
    python3 -m pip install -q --user selenium </dev/null || python3 -m pip install -q --user --break-system-packages selenium </dev/null
  fi
fi
BIN="${WLOG_BIN:-.build/debug}"
if [ -z "${WLOG_BIN:-}" ]; then swift build --product wlog-server && swift build --product wlog; fi
if [ "$script" = test_app.py ]; then "$PY" scripts/browser-tests/test_app.py --bin "$BIN" "$@"; script=test_planner.py; fi
exec "$PY" "scripts/browser-tests/$script" --bin "$BIN" "$@"
