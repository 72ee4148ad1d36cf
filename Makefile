# Every target installs what it needs: `npm ci` runs when node_modules is missing or older
# than the lockfile.
SHELL := /bin/bash
export SCARF_ANALYTICS := false
export DO_NOT_TRACK := 1

DEPS := node_modules/.package-lock.json
BASE_URL ?=
API_KEY ?=
TARGET ?=
ARGS ?=
SPEC ?=

format: $(DEPS)
	npx prettier --write --log-level=warn .

.PHONY: mock test test-fast lint lint-format lint-code lint-spec format typecheck types build drift contract contract-prism bench fuzz soak differential clean

$(DEPS): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	@touch $@

## mock: run the mock on http://127.0.0.1:3999 (flags: make mock ARGS="--seed 7 --quiet")
# From bin/cli.ts's bundle, made again when a source changed (scripts/mock-start.ts); through tsx
# when it cannot be made.
mock: $(DEPS)
	@start=$$(node --import tsx scripts/mock-start.ts) && exec node $$start $(ARGS)

## test: typecheck, lint the spec, drift against the official client, run every test (spec, mock, contract suite vs the mock, self-test; the browser tests when Chromium is at /usr/bin/chromium); the closing lines name what skipped and why
# The checks before vitest are single-threaded: two at a time, each one's output kept whole
# where make can (GNU make 4 and later; macOS's make 3.81 interleaves it), every one run even when
# another fails. Run beside the tests instead, at nice 19, they slowed the tests by more than they
# saved (2026-12-01, one clone: 394 s against 378 s). The drift against the official client and
# the published document runs among the tests (spec/drift/*.test.ts).
OUTPUT_SYNC := $(if $(filter 3.%,$(MAKE_VERSION)),,--output-sync=target)
test: $(DEPS)
	$(MAKE) --no-print-directory --keep-going -j2 $(OUTPUT_SYNC) typecheck lint
	npx vitest run

## test-fast: the edit loop's run (1 to 2½ minutes on 2 quiet cores): the unit tests without the packaging test, the browser tests, the contract suite and the costliest files (testing/slow-tests.ts); no typecheck or lint
test-fast: $(DEPS)
	TEST_FAST=1 npx vitest run --project unit --project unit-isolated

## differential: the same requests to the mock and to a real service loaded with the mock's event stream (make differential REAL_URL=http://127.0.0.1:3999 ARGS="--name default-mainnet"); see docs/differential.md
differential: $(DEPS)
	@npx tsx differential/cli.ts --real "$(REAL_URL)" $(ARGS)

## lint: Prettier's check, ESLint (the mock's layers may not import upward; one function style; no file over 400 lines of code) and Spectral (spectral:oas + house rules); fails on any error or warning
lint: lint-format lint-code lint-spec

# The checks keep caches in node_modules/.cache/checks/ (gone with node_modules, so with every
# `npm ci`): a later run checks only the files that changed (2026-12-02, nothing changed: Prettier
# 19 → 4 s of CPU, ESLint 18 → 3 s, tsc 28 → 10 s; typecheck and lint at -j2, 37 → 13 s). Prettier's
# and ESLint's go by each file's content; ESLint's is also kept per version of its rules' own files,
# whose code its cache does not track (it hashes the config, not a rule's implementation).
CHECKS_CACHE := node_modules/.cache/checks
lint-format: $(DEPS)
	npx prettier --check --log-level=warn --cache --cache-strategy content --cache-location $(CHECKS_CACHE)/prettier .

lint-code: $(DEPS)
	npx eslint --max-warnings=0 --cache --cache-strategy content --cache-location $(CHECKS_CACHE)/eslint-$$(cat eslint.config.js eslint/*.js | cksum | cut -d' ' -f1) .

lint-spec: $(DEPS)
	npx spectral lint spec/openapi.yaml --ruleset spec/.spectral.yaml --fail-severity=hint

typecheck: $(DEPS)
	npx tsc --noEmit -p . --incremental --tsBuildInfoFile $(CHECKS_CACHE)/typecheck.tsbuildinfo

## types: regenerate spec/types.ts from the spec
types: $(DEPS)
	npx openapi-typescript spec/openapi.yaml -o spec/types.ts
	npx tsx scripts/write-handlers.ts

## build: the package's dist/ (compiled JavaScript, declarations, the spec and target files); npm pack runs it too
build: $(DEPS)
	npm run build

# The real service's published OpenAPI of the pinned release, where the shared reference holds one (never copied here).
PUBLISHED ?= $(wildcard ../shared/reference/real-service-v9.0.2-excerpt.openapi.json)

## drift: the spec against the pinned official client (@stacks/blockchain-api-client) and the real service's published OpenAPI (PUBLISHED=path); fails on a difference not in spec/drift/client-allowlist.yaml (SPEC=path to check another copy)
drift: $(DEPS)
	npx tsx spec/drift/client-drift-cli.ts $(SPEC) $(if $(PUBLISHED),--published $(PUBLISHED))

## contract: the contract suite against BASE_URL (make contract BASE_URL=https://... [API_KEY=...] [TARGET=fixtures/targets/x.json] [MAX_REQUESTS=n] [CONTRACT_RATE_LIMIT_TEST=1] [CONTRACT_EXPLORE=n CONTRACT_SEED=s]); reports in reports/runs/<run>/, reports/latest links to the last
contract: $(DEPS)
	@test -n "$(BASE_URL)" || { echo "usage: make contract BASE_URL=https://... [API_KEY=...] [TARGET=fixtures/targets/<name>.json]"; exit 2; }
	@export CONTRACT_RUN_ID="$${CONTRACT_RUN_ID:-$$(date -u +%Y%m%dT%H%M%SZ)-$$$$}"; \
	BASE_URL="$(BASE_URL)" API_KEY="$(API_KEY)" TARGET="$(TARGET)" npx tsx --import ./bin/in-process-mock.ts contract-tests/setup/preflight-cli.ts && \
	BASE_URL="$(BASE_URL)" API_KEY="$(API_KEY)" TARGET="$(TARGET)" npx vitest run --project contract

## contract-prism: the contract suite against `prism mock spec/openapi.yaml` (world-dependent tests skip, with the reason in the summary)
contract-prism: $(DEPS)
	CONTRACT_TARGET_KIND=prism npx vitest run --project contract

## bench: throughput of the mock next to Prism, world-size scaling, first answer of the installed package
bench: $(DEPS)
	npx tsx bench/throughput.ts
	npx tsx bench/world-scaling.ts
	npx tsx bench/first-answer.ts
	node --expose-gc --import tsx bench/mining.ts
	npx tsx bench/clocked-throughput.ts
	node --expose-gc --import tsx bench/live-updates.ts
	npx tsx bench/clarity-engine.ts
	npx tsx bench/hostile-load.ts

## fuzz: long seeded fuzzing runs: requests from the spec (FUZZ_RUNS cases per property), then the living chain (LIVE_FUZZ_STEPS steps), then hostile Clarity (HOSTILE_FUZZ_RUNS cases); FUZZ_SEED replays all three
fuzz: $(DEPS)
	FUZZ_RUNS=$${FUZZ_RUNS:-50000} npx vitest run --project unit mocks/reliability/fuzz
	LIVE_FUZZ_STEPS=$${LIVE_FUZZ_STEPS:-3000} npx vitest run --project unit mocks/reliability/living-chain-fuzz
	HOSTILE_FUZZ_RUNS=$${HOSTILE_FUZZ_RUNS:-300} npx vitest run --project unit api/clarity-hostile-fuzz

## soak: all operations under concurrent load for several minutes (SOAK_SECONDS)
soak: $(DEPS)
	npx tsx bench/soak.ts

clean:
	rm -rf reports node_modules dist
