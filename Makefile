# wlog — the two commands a lifter needs: `make demo` and `make test`.
# Both install what a fresh Debian machine lacks (liblz4-dev, lz4) before building.

SWIFT        ?= swift
CONFIG       ?= release
DEMO_DIR     ?= demo
DEMO_JOURNAL := $(DEMO_DIR)/journal.wlog
DEMO_NOW     ?= 2026-11-20T18:00:00Z
DEMO_TZ      ?= Europe/Berlin
BENCH_SCRATCH ?= $(CURDIR)/.build
BENCH_ARGS   ?=
SUDO         := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build server test demo bench bench-build bench-server bench-sync clean

## deps: install the C library, the stock lz4 tool and the tz database when missing (Debian/Ubuntu;
##   wlog reads time zones from /usr/share/zoneinfo, which slim images leave out), and libcurl's
##   headers: the server's static link (--static-swift-stdlib) takes FoundationNetworking, which links -lcurl.
deps:
	@if [ ! -f /usr/include/lz4frame.h ] || ! command -v lz4 >/dev/null 2>&1 || [ ! -f /usr/share/zoneinfo/Europe/Berlin ] \
	   || { [ ! -f /usr/include/x86_64-linux-gnu/curl/curl.h ] && [ ! -f /usr/include/aarch64-linux-gnu/curl/curl.h ] && [ ! -f /usr/include/curl/curl.h ]; }; then \
	  echo "installing liblz4-dev, lz4, tzdata and libcurl4-openssl-dev …"; \
	  $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq liblz4-dev lz4 tzdata libcurl4-openssl-dev; \
	fi

## build: wlog with the Swift runtime and FoundationEssentials linked in (--static-swift-stdlib):
##   ≈ 2 ms less process start than loading them as shared libraries (docs/PERFORMANCE.md, "Process start").
build: deps
	$(SWIFT) build -c $(CONFIG) --static-swift-stdlib --product wlog

## server: wlog-server, the HTTP API that `wlog serve` runs, wlog-sync, what `wlog sync` and `wlog remote` run, and
##   wlog-mcp, what `wlog mcp` runs
##   (all found beside wlog), built the same way.
server: deps
	$(SWIFT) build -c $(CONFIG) --static-swift-stdlib --product wlog-server
	$(SWIFT) build -c $(CONFIG) --static-swift-stdlib --product wlog-sync
	$(SWIFT) build -c $(CONFIG) --static-swift-stdlib --product wlog-mcp

## test: the whole suite (Swift Testing), debug build, in three runs: the server and PostgreSQL suites
##   first, on their own (they answer real HTTP and database calls within time limits, which the
##   CPU-bound CLI and core suites, sharing the process's two pool threads on a 2-core machine,
##   once starved into timeouts); then the server suites that are CPU-bound themselves (a sync of
##   ten replicas, the JSON writer against JSONEncoder over generated histories: beside the others
##   they once held both threads for 26 s, and three HTTP tests hit their client's 20 s limit);
##   then everything else.
SERVER_SUITES := '^(WlogServerTests|WlogPostgresTests)\.'
CPU_SERVER_SUITES := '^WlogServerTests\.(SyncConvergenceTests|JSONWriterProjectionTests|JSONWriterTests)/'
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --filter $(SERVER_SUITES) --skip $(CPU_SERVER_SUITES)
	$(SWIFT) test --skip-build --filter $(CPU_SERVER_SUITES)
	$(SWIFT) test --skip-build --skip $(SERVER_SUITES)

## demo: build wlog, write a journal from the project's fixtures, print history and PRs; then build
##   wlog-server beside it, so `wlog serve` works (after the demo's output: the first build of the
##   server's dependencies takes minutes, later ones nothing).
demo: build
	@scripts/demo.sh "$$($(SWIFT) build -c $(CONFIG) --show-bin-path)/wlog" "$(DEMO_JOURNAL)" "$(DEMO_NOW)" "$(DEMO_TZ)"
	@echo "building wlog-server for \`wlog serve\` …"
	@$(MAKE) --no-print-directory server

## bench: run the benchmark package (release); BENCH_ARGS narrows it, e.g.
##   make bench BENCH_ARGS="--target ReplayBenchmarks --filter 'EventCodec.encode.*'"
bench: deps
	cd Benchmarks && $(SWIFT) package --scratch-path $(BENCH_SCRATCH) \
	  --allow-writing-to-directory .benchmarkBaselines benchmark $(BENCH_ARGS)

## bench-build: build the benchmark package (debug) without running it, as CI does. It shares the
## root's scratch folder, so the root targets and dependencies a `make test` or `make demo` built
## (swift-crypto, WlogCore, WlogJournal …) are reused, not built a second time.
bench-build: deps
	$(SWIFT) build --package-path Benchmarks --scratch-path $(BENCH_SCRATCH)

## bench-server: the server on loopback with wrk against PostgreSQL's durable insert (pgbench);
##   installs wrk and postgresql when missing. Method and figures: docs/PERFORMANCE-SERVER.md, "The server".
bench-server: server
	scripts/perf/server-bench.sh

## bench-sync: where a durable POST's time goes, on bench-server's fixture: the server as is, with
##   fdatasync a no-op, with a shared log emulated, on one CPU, interleaved with pgbench.
bench-sync:
	scripts/perf/sync-cost.sh

clean:
	rm -rf .build $(DEMO_DIR)
