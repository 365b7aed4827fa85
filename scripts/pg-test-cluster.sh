#!/usr/bin/env bash
# A throwaway PostgreSQL cluster on a free loopback port for the tests (issue 16).
#   scripts/pg-test-cluster.sh start   installs Debian's postgresql when missing, starts a cluster in
#                                      $PG_TEST_DIR (default a new /tmp/wlog-pg-test.*) as user postgres (initdb
#                                      refuses root) and prints `export WLOG_TEST_DATABASE_URL=postgres://…`
#                                      and `export WLOG_TEST_PG_DIR=…` (eval it); pg_stat_statements is
#                                      loaded (WriteRoundTripTests counts a write's statements with it)
#   scripts/pg-test-cluster.sh stop    stops it and removes its folder ($PG_TEST_DIR, else $WLOG_TEST_PG_DIR)
#   scripts/pg-test-cluster.sh restart restarts it (the fault test's outage)
set -euo pipefail
DIR="${PG_TEST_DIR:-${WLOG_TEST_PG_DIR:-}}"
BIN="${PG_BIN:-}"
if [ -z "$BIN" ]; then
  for candidate in /usr/lib/postgresql/*/bin; do [ -x "$candidate/initdb" ] && BIN="$candidate"; done
fi
as_owner() {
  if [ "$(id -u)" = 0 ]; then su postgres -s /bin/sh -c "$*"; else sh -c "$*"; fi
}
case "${1:-}" in
  start)
    if [ -z "$BIN" ]; then
      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
      for candidate in /usr/lib/postgresql/*/bin; do [ -x "$candidate/initdb" ] && BIN="$candidate"; done
    fi
    [ -n "$BIN" ] || { echo "pg-test-cluster: no PostgreSQL binaries found" >&2; exit 1; }
    if [ "$(id -u)" = 0 ] && ! id postgres >/dev/null 2>&1; then useradd --system --home-dir "$DIR" postgres; fi
    [ -n "$DIR" ] || DIR="$(mktemp -d /tmp/wlog-pg-test.XXXXXX)"
    PORT="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
    rm -rf "$DIR" && mkdir -p "$DIR"
    [ "$(id -u)" = 0 ] && chown postgres "$DIR"
    as_owner "'$BIN/initdb' -D '$DIR/data' -U postgres --auth=trust -E UTF8 --no-locale >'$DIR/initdb.log' 2>&1"
    as_owner "'$BIN/pg_ctl' -D '$DIR/data' -l '$DIR/server.log' -w -o '-p $PORT -h 127.0.0.1 -k $DIR -c max_connections=200 -c shared_preload_libraries=pg_stat_statements' start >/dev/null"
    echo "$PORT" >"$DIR/port"
    echo "export WLOG_TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$PORT/postgres"
    echo "export WLOG_TEST_PG_DIR=$DIR"
    ;;
  restart)
    [ -n "$DIR" ] || { echo "pg-test-cluster: set WLOG_TEST_PG_DIR (printed by start)" >&2; exit 64; }
    as_owner "'$BIN/pg_ctl' -D '$DIR/data' -m fast -w restart >/dev/null"
    ;;
  stop)
    [ -n "$DIR" ] || exit 0
    if [ -f "$DIR/data/postmaster.pid" ]; then as_owner "'$BIN/pg_ctl' -D '$DIR/data' -m fast -w stop >/dev/null" || true; fi
    rm -rf "$DIR"
    ;;
  *) echo "usage: $0 start|stop|restart" >&2; exit 64 ;;
esac
