SHELL := /bin/bash
# Longhall. `make run` serves the app; `make test` runs every test.
# Targets install what they need (Debian packages when run as root).

GO        ?= go
ADDR      ?= 127.0.0.1:8000
PREFIX    ?=
BUILD     := build
WASM      := web/app.wasm
BIN       := $(BUILD)/longhall
FUZZTIME  ?= 30s
# Every go command trims the clone's directory from what it builds, so the
# build cache's keys leave it out: a fresh clone reuses what an earlier
# clone on the machine compiled (go vet, the tests, staticcheck's facts)
# instead of compiling the module's packages again (in a fresh clone, vet
# and staticcheck 140 CPU-seconds to 9, the tests' builds 145 to 29). Test
# failures then name files from the module's root.
export GOFLAGS := $(strip $(filter-out -trimpath,$(GOFLAGS)) -trimpath)
# The app's packages run under the race detector; the rules are pure,
# single-threaded Go, and run without it, ten times faster, so that their
# property suites can play many more games.
# The games' boards and rules run on one goroutine: they are tested without
# the race detector, which would add minutes and find nothing; everything
# with goroutines (rooms, links, the runtime) runs with it.
BOARD_PKGS = $(addprefix longhall/app/,rednorth raiders vikings northerners testgame)
APP_PKGS   = $(filter-out $(BOARD_PKGS),$(shell $(GO) list ./... | grep -v /app/e2e | grep -v /rules))
RULES_PKGS = $(shell $(GO) list ./rules/...)
# make bench: the rules before the fast path, whose random playouts the
# report compares with today's, and how many games the hard bot plays
# against the easy one for each game and player count.
BENCH_BEFORE := 34bb8bebd9d01c009aff4a2091b9f274849744b3
HARD_GAMES   ?= 400
GAME_BENCH_PKGS = $(filter-out longhall/rules/mcts,$(RULES_PKGS))

.PHONY: all run build wasm native test test-cpu test-native test-browser test-long vet unit e2e dist bench stress deps-stress fuzz clean deps-browser deps-firefox deps-webkit deps-turn deps-netns deps-node deps-dist

all: build

build: wasm native

WASM_MOD := $(BUILD)/wasm/go.mod
# The browser half: everything server-side stays out (//go:build !wasm),
# go-app's own server half too: every browser build reads the module file
# $(WASM_MOD), which points go-app at a copy without it (made by
# app/internal/goappwasm; without net/http and the TLS stack it brings,
# app.wasm is 1.5 MB smaller raw).
# The app's own packages and go-app are compiled without inlining, all but
# the link's hot path (peer): they draw pages and set up links, and their
# inlined helpers cost about 55 KB of gzip in app.wasm. The room's host
# (session) went the same way when undo and automatic passes came: its
# inlining cost 8 KB of brotli for about 0.03 ms more per action natively
# (0.14 against 0.17 ms at the median, BenchmarkWireBytesPerAction), which
# no player feels. So are the games' rules in the browser (not the rules
# kit, longhall/rules): their labels and log lines, inlined at every call,
# cost about 93 KB of brotli (2.375 MB against 2.282 MB; the budget is
# 2.35 MB), for rules about a quarter slower in wasm, where a greedy bot's
# decision takes well under 2 ms. Native builds (tests, bots' benchmarks)
# keep every inlining. The standard library's and modules' packages that
# no hot path in the browser leans on (cryptography for sealing signals,
# regexp and mime for go-app, encoding/json and the
# other encodings, math/big, fmt, time, net/url, log) go the same way:
# about 97 KB of brotli (2.355 MB against 2.258 MB) and 86 KB of gzip, the
# inlined copies of small helpers compressing worse than the calls that
# replace them. make bench builds its wasm, and runs its wasm benchmarks,
# with the same flags.
WASM_FLAGS := -modfile=$(CURDIR)/$(WASM_MOD) -gcflags=longhall/app/...=-l -gcflags=longhall/app/peer= -gcflags=github.com/maxence-charriere/go-app/v10/...=-l \
	-gcflags=longhall/rules/...=-l -gcflags=longhall/rules= \
	-gcflags=crypto/...=-l -gcflags=regexp/...=-l -gcflags=encoding/...=-l -gcflags=mime/...=-l -gcflags=math/big=-l \
	-gcflags=fmt=-l -gcflags=time=-l -gcflags=net/url=-l -gcflags=log=-l
export LONGHALL_WASM_FLAGS := $(WASM_FLAGS)
$(WASM_MOD): go.mod go.sum $(wildcard app/internal/goappwasm/*)
	$(GO) run ./app/internal/goappwasm -out $(BUILD)/wasm

wasm: $(WASM_MOD)
	GOOS=js GOARCH=wasm $(GO) build -trimpath $(WASM_FLAGS) -ldflags="-s -w" -o $(WASM) ./app

# The native half: serve, dist and replay.
native:
	@mkdir -p $(BUILD)
	$(GO) build -o $(BIN) ./app

run: build
	@echo "Open http://$(ADDR)/ in your browser (Ctrl-C stops the server)."
	$(BIN) serve -addr $(ADDR)

# Two lines of work side by side: the native checks (vet, then the native
# tests, CPU-bound) and the browser's (the build, then the browser tests,
# which mostly wait on bots' pace, links and browsers). Each keeps its own
# order; together they take little more than the longer of the two.
test: deps-browser deps-firefox deps-webkit deps-netns deps-node deps-turn
	@$(MAKE) --no-print-directory -j2 test-native test-browser

test-native:
	@$(MAKE) --no-print-directory vet
	@$(MAKE) --no-print-directory unit

test-browser:
	@$(MAKE) --no-print-directory build
	@$(MAKE) --no-print-directory e2e

# staticcheck, at a fixed version from the module proxy, built once into
# build/ (natively, then run for the browser build too, where code only
# the native build uses is not counted as unused). Its browser run type-
# checks every package and test file as GOOS=js builds them: what a
# browser go vet beside it caught (a test file every platform builds using
# a helper only Linux's has), so that vet, 30 CPU-seconds in a fresh clone,
# is not run.
STATICCHECK := build/staticcheck
STATICCHECK_VERSION := v0.8.2
$(STATICCHECK):
	GOBIN=$(CURDIR)/build $(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)

vet: $(STATICCHECK)
	@echo "== gofmt, go vet and staticcheck"
	@test -z "$$(gofmt -l app rules sw)" || { gofmt -l app rules sw; echo "gofmt needed on the files above"; exit 1; }
	$(GO) vet ./...
	$(STATICCHECK) ./...
	$(GO) test -count=1 ./app/internal/layers # the architecture's dependency rules
	GOOS=js GOARCH=wasm $(STATICCHECK) -checks=inherit,-U1000 ./app/... ./rules/... # unused here may serve the native build

# -count=1: every run runs every test. Go's test cache would pass a clone
# at the same path on the results of the last run, and make stress would
# measure nothing.
unit:
	@echo "== native tests"
	$(GO) test -count=1 -race -timeout 15m $(APP_PKGS)
	$(GO) test -count=1 -timeout 15m $(BOARD_PKGS) $(RULES_PKGS)

# The nightly run: the rules' conformance suites and their other tests of
# many random games play thousands of games (LONGHALL_LONG=1, read by
# rules/rulestest) where make test plays a few; the boards' packages run
# beside them as in unit.
test-long:
	LONGHALL_LONG=1 $(GO) test -timeout 3h $(RULES_PKGS) $(BOARD_PKGS)

# Browser tests run side by side: each starts its own server, network
# namespace and browsers, and most of a test's time is spent waiting (bots'
# pace, a link's outage, ICE giving up), so twice as many as the cores
# keep them busy. Nothing in them asserts a duration under 10 s: timings
# are make bench's. The package's -timeout is a hang guard, not a target:
# a stress run (a CPU hog on one of two cores) with WebKit's tests took
# the phase past 20 minutes.
E2E_PARALLEL ?= $(shell echo $$(( $$(nproc) * 2 )))
e2e:
	@echo "== browser tests (Chromium, Firefox, WebKit; $(E2E_PARALLEL) at a time)"
	LONGHALL_BIN=$(CURDIR)/$(BIN) LONGHALL_ROOT=$(CURDIR) $(GO) test -count=1 -timeout 30m -parallel $(E2E_PARALLEL) -v ./app/e2e 2>&1 | tee $(BUILD)/e2e.log | grep -E '^(=== RUN|--- |PASS|FAIL|ok|panic)|_test.go'; exit $${PIPESTATUS[0]}

dist: deps-dist build
	$(BIN) dist -out dist $(if $(PREFIX),-prefix $(PREFIX))

bench: deps-browser deps-netns deps-turn deps-dist build
	@echo "== benchmarks"
	@LONGHALL_BIN=$(CURDIR)/$(BIN) LONGHALL_ROOT=$(CURDIR) $(GO) test -run '^$$' -bench . -benchtime 1x -timeout 40m ./app/e2e | tee $(BUILD)/bench-e2e.txt | .ci/benchlines
	@$(GO) test -run '^$$' -bench . -timeout 50m $(GAME_BENCH_PKGS) ./app/session ./app/online ./app/peer ./app/signal ./app/internal/sdpflate | tee $(BUILD)/bench-rules.txt | .ci/benchlines
	@LONGHALL_PACE=1 $(GO) test -run '^TestTablePace$$' -v -timeout 30m ./app/session | grep '^Benchmark' | tee $(BUILD)/bench-pace.txt | .ci/benchlines
	@GOOS=js GOARCH=wasm $(GO) test $(WASM_FLAGS) -exec="$$($(GO) env GOROOT)/lib/wasm/go_js_wasm_exec" -run '^$$' -bench 'RandomPlayout|BotDecision' -cpu 1 -timeout 20m $(GAME_BENCH_PKGS) \
	  | tee $(BUILD)/bench-rules-wasm.txt | sed 's/^Benchmark/BenchmarkWasmNode/' | .ci/benchlines
	@echo "== a hot-seat action in wasm: every person's table sent (before one stream), the shown person's (after)"
	@GOOS=js GOARCH=wasm $(GO) test $(WASM_FLAGS) -exec="$$($(GO) env GOROOT)/lib/wasm/go_js_wasm_exec" -run '^$$' -bench 'HotSeatAction' -benchtime 1000x -cpu 1 -timeout 10m ./app/online \
	  | tee $(BUILD)/bench-hotseat-wasm.txt | sed 's/^Benchmark/BenchmarkWasmNode/' | .ci/benchlines
	@echo "== random playouts on one core, against the rules before the fast path ($(BENCH_BEFORE)) and in wasm"
	@$(GO) test -run '^$$' -bench RandomPlayout -cpu 1 $(GAME_BENCH_PKGS) > $(BUILD)/bench-playouts.txt
	@rm -rf $(BUILD)/before; git worktree prune; git worktree add -f --detach $(BUILD)/before $(BENCH_BEFORE) >/dev/null && \
	  (cd $(BUILD)/before && $(GO) test -run '^$$' -bench RandomPlayout -cpu 1 ./rules/...) > $(BUILD)/bench-playouts-before.txt; \
	  git worktree remove --force $(BUILD)/before
	@.ci/benchratio $(BUILD)/bench-playouts.txt $(BUILD)/bench-playouts-before.txt $(BUILD)/bench-rules-wasm.txt
	@echo "== the hard bot: against the easy one over $(HARD_GAMES) seeded games a game and player count, and its decision time, natively and in wasm"
	@$(GO) test -run '^$$' -bench HardVsEasy -benchtime $(HARD_GAMES)x -timeout 6h ./rules/mcts | tee $(BUILD)/bench-hard.txt | .ci/benchlines
	@$(GO) test -run '^$$' -bench HardDecision -benchtime 40x -cpu 1 -timeout 1h ./rules/mcts | tee -a $(BUILD)/bench-hard.txt | .ci/benchlines
	@GOOS=js GOARCH=wasm $(GO) test $(WASM_FLAGS) -exec="$$($(GO) env GOROOT)/lib/wasm/go_js_wasm_exec" -run '^$$' -bench HardDecision -benchtime 40x -timeout 2h ./rules/mcts \
	  | tee $(BUILD)/bench-hard-wasm.txt | sed 's/^Benchmark/BenchmarkWasmNode/' | .ci/benchlines

# Where the browser phase's CPU goes: each browser test alone, in a cgroup
# of its own, its CPU seconds and wall time (.ci/cputests; as root).
# TESTS=REGEXP to choose some.
test-cpu: deps-browser deps-firefox deps-webkit deps-netns deps-node deps-turn build
	.ci/cputests '$(or $(TESTS),.)'

# Flakiness, measured: make test STRESS_RUNS times (5), each with a CPU hog
# on one core beside it; every run's time and every failure is reported
# (.ci/stress; logs in build/stress/).
STRESS_RUNS ?= 5
stress: deps-stress
	.ci/stress $(STRESS_RUNS)

deps-stress:
	@command -v stress-ng >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then echo "== installing Debian's stress-ng"; apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq stress-ng >/dev/null; \
	  else echo "note: stress-ng is not installed; the CPU hog is a shell loop (sudo apt-get install stress-ng)"; fi; }

fuzz:
	@for pkg in $$($(GO) list ./...); do \
	  for f in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
	    echo "== fuzz $$pkg $$f ($(FUZZTIME))"; \
	    $(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) $$pkg || exit 1; \
	  done; \
	done

deps-browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then echo "== installing Debian's chromium"; apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else echo "Browser tests need Debian's chromium: sudo apt-get install chromium"; exit 1; fi; }

# Rooms and offline play are tested in Firefox ESR too (driven by npm's
# puppeteer-core, which the tests install themselves).
deps-firefox:
	@command -v firefox-esr >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then echo "== installing Debian's firefox-esr"; apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq firefox-esr >/dev/null; \
	  else echo "The Firefox tests need Debian's firefox-esr: sudo apt-get install firefox-esr"; exit 1; fi; }

# Safari's engine: WebKitGTK's MiniBrowser, driven by WebKitWebDriver on a
# display of its own (Xvfb).
deps-webkit:
	@{ command -v WebKitWebDriver && command -v Xvfb && command -v xauth; } >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then echo "== installing Debian's webkit2gtk-driver and Xvfb"; apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq webkit2gtk-driver xvfb xauth >/dev/null; \
	  else echo "The WebKit tests need Debian's webkit2gtk-driver and Xvfb: sudo apt-get install webkit2gtk-driver xvfb xauth"; exit 1; fi; }

# WebRTC browser tests run inside a private network namespace (iproute2).
deps-netns:
	@command -v ip >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then echo "== installing iproute2"; apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq iproute2 >/dev/null; \
	  else echo "WebRTC browser tests need iproute2 and root: sudo apt-get install iproute2"; exit 1; fi; }

# Signaling tests start a real WebTorrent tracker and Nostr relay from npm.
deps-node:
	@command -v npm >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then echo "== installing Node.js and npm"; apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null; \
	  else echo "Signaling tests need Node.js and npm: sudo apt-get install nodejs npm"; exit 1; fi; }

# The NAT rig's tests (app/e2e/natrig*_test.go) run Debian's coturn (turnserver
# and turnutils_natdiscovery) and NAT routers made with iptables.
deps-turn:
	@{ command -v turnserver && command -v turnutils_natdiscovery && PATH="$$PATH:/usr/sbin:/sbin" command -v iptables; } >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then echo "== installing Debian's coturn and iptables"; apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq coturn iptables >/dev/null; \
	  else echo "The NAT tests need Debian's coturn and iptables: sudo apt-get install coturn iptables"; exit 1; fi; }

deps-dist:
	@command -v zopfli >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then echo "== installing zopfli (smaller .gz files)"; apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq zopfli >/dev/null; \
	  else echo "note: zopfli is not installed; .gz files will be about 4% larger (sudo apt-get install zopfli)"; fi; }

clean:
	rm -rf $(BUILD) dist artifacts $(WASM)
