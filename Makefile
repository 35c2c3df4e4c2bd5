# Loom — `make dev` starts everything, `make test` runs every test. `make help` lists the rest.
SHELL := /bin/bash
.DEFAULT_GOAL := help

UV := $(shell command -v uv 2>/dev/null || echo "python3 -m uv")
FRONTENDS := frontends
SERVICE ?=
PYTEST_WORKERS ?= 2
PYTHON_TEST_DIRS := libs/platform libs/contracts libs/form-rules services/sys services/gencode services/workflow services/forms services/apps deploy

.PHONY: help install install-python install-frontends install-browser frontends dev test test-python test-generator test-frontends e2e jeeplus-client test-jeeplus-client guide-screenshots fuzz lint typecheck proto clients gateway bench clean compose-secrets test-compose

help: ## list the targets
	@grep -hE '^[a-zA-Z_-]+:.*?## ' $(MAKEFILE_LIST) | awk 'BEGIN {FS = ":.*?## "}; {printf "  \033[36m%-18s\033[0m %s\n", $$1, $$2}'

install: install-python install-frontends ## install what is missing: uv, Python deps (PostgreSQL, NATS, Traefik), frontends

install-python:
	@command -v uv >/dev/null 2>&1 || python3 -m uv --version >/dev/null 2>&1 || \
		python3 -m pip install --quiet --disable-pip-version-check uv 2>/dev/null || \
		python3 -m pip install --quiet --disable-pip-version-check --user --break-system-packages uv
	@$(UV) sync --frozen --quiet

install-frontends:
	@if [ -f $(FRONTENDS)/package.json ]; then \
		if [ ! -d $(FRONTENDS)/node_modules ] || [ $(FRONTENDS)/package-lock.json -nt $(FRONTENDS)/node_modules/.package-lock.json ]; then \
			(cd $(FRONTENDS) && npm ci --no-audit --no-fund --loglevel=error); fi; \
		$(MAKE) --no-print-directory frontends; fi

frontends: ## build the shell and the remotes when their sources changed
	@$(UV) run python scripts/build_frontends.py

BROWSER_PACKAGES := chromium fonts-noto-cjk

install-browser: ## Debian's Chromium (and CJK fonts for screenshots) for the browser tests, never a downloaded browser
	@if ! command -v chromium >/dev/null 2>&1 || ! fc-list 2>/dev/null | grep -qi "noto sans cjk"; then \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $(BROWSER_PACKAGES) >/dev/null; fi

dev: install ## start the whole platform in the foreground (portal at http://127.0.0.1:8080/)
	@$(UV) run python deploy/local/dev.py

test: install install-browser ## run every test: Python (unit, integration), frontends, end to end
	@# each stage's time on its last line: where a run's minutes go (the browser stage breaks its own down by file)
	@for stage in test-python test-frontends e2e; do t=$$SECONDS; \
		$(MAKE) --no-print-directory $$stage || { echo "== $$stage FAILED after $$((SECONDS - t)) s"; exit 1; }; \
		echo "== $$stage took $$((SECONDS - t)) s"; done

test-python: ## Python tests (SERVICE=sys narrows to one service)
	@$(UV) run python scripts/gen_protos.py --check
	@$(UV) run python scripts/gen_gateway.py --check
	@# One pytest per package: each service's tests are their own world (conftest, tables, settings).
	@status=0; for dir in $(if $(SERVICE),services/$(SERVICE),$(PYTHON_TEST_DIRS)); do \
		echo "== $$dir"; $(UV) run pytest $$dir -q -n $(PYTEST_WORKERS) || status=1; done; exit $$status

test-workflow-scale: ## workflow scale-out: 2 API replicas behind Traefik + 2 workers, 200 tasks / 500 timers exactly once while one of each is killed (~1-2 min)
	@LOOM_SCALE_TEST=1 $(UV) run pytest services/workflow/tests/scale -q

compose-secrets: ## write .env for docker compose: every secret generated in its format, existing values kept
	@python3 deploy/compose/make_env.py

test-compose: ## build the images, run docker-compose.yml and the deployment's end-to-end tests, down -v (needs Docker; ~10 min cold)
	@bash scripts/test-compose.sh

test-generator: ## gencode's property test, long profile: hostile text in every field of the five table types, Python compiled, pages through tsc (~1 s an example)
	@LOOM_GENERATOR_EXAMPLES=$${LOOM_GENERATOR_EXAMPLES:-200} $(UV) run pytest services/gencode/tests/unit/test_generator_properties.py -q

test-frontends: ## the generated clients current with the services' OpenAPI, every page type-checked against them, vitest component tests
	@$(UV) run python scripts/gen_clients.py --check
	@# One program over every remote (tsconfig.all.json): a field renamed in a service's answer fails here,
	@# not in a browser test. antd's and React's declarations are checked once: ~25 s of CPU against ~70 s
	@# for the remote-by-remote `npm run typecheck` of `make lint`.
	@if [ -f $(FRONTENDS)/package.json ]; then (cd $(FRONTENDS) && npx tsc -p tsconfig.all.json --noEmit && npm test --silent); fi

e2e: ## API and browser tests through the real gateway
	@bash scripts/e2e.sh

JEEPLUS_CLIENT_DIR ?= $(or $(LOOM_JEEPLUS_CLIENT_DIR),$(HOME)/.cache/loom/jeeplus-client/dist)

jeeplus-client: ## build the real JeePlus-Vue client from its public source at its pinned commit and lock (scripts/build_jeeplus_client.sh; LOOM_JEEPLUS_SRC a clone, else cloned; ~12 min)
	@LOOM_JEEPLUS_CLIENT_DIR=$(JEEPLUS_CLIENT_DIR) bash scripts/build_jeeplus_client.sh

test-jeeplus-client: ## the real JeePlus admin client (at LOOM_JEEPLUS_CLIENT_DIR, default ~/.cache/loom/jeeplus-client/dist; built first when absent) in Chromium: its menu pages and everyday actions on a platform of its own (~3 min)
	@[ -f $(JEEPLUS_CLIENT_DIR)/index.html ] || $(MAKE) --no-print-directory jeeplus-client
	@LOOM_JEEPLUS_CLIENT_DIR=$(JEEPLUS_CLIENT_DIR) LOOM_E2E_API=0 LOOM_E2E_BROWSER=0 LOOM_E2E_FUZZ=0 LOOM_E2E_JEEPLUS=1 bash scripts/e2e.sh

guide-screenshots: ## retakes the user guide's screenshots (docs/guide/<lang>/images) on a freshly seeded platform of its own (~3-5 min); commit the changed PNGs
	@rm -rf .loom/guide-screenshots
	@LOOM_E2E_STATE_DIR=$$PWD/.loom/guide-screenshots LOOM_GUIDE_SCREENSHOTS=1 LOOM_E2E_API=0 LOOM_E2E_FUZZ=0 LOOM_E2E_JEEPLUS=0 \
		LOOM_E2E_BROWSER_ARGS=--file=guide bash scripts/e2e.sh

fuzz: ## schemathesis, long profile: every operation of every service through the gateway, 5xx fail (figures: bench/RESULTS.md)
	@LOOM_E2E_API=0 LOOM_E2E_BROWSER=0 LOOM_FUZZ_EXAMPLES=$${LOOM_FUZZ_EXAMPLES:-200} LOOM_SYS_ACCESS_TOKEN_SECONDS=86400 \
		LOOM_FUZZ_ARGS="--summary bench/fuzz-last.jsonl" bash scripts/e2e.sh

lint: ## ruff, mypy and the frontends' linters
	@$(UV) run ruff check .
	@$(UV) run ruff format --check libs services/sys services/gencode services/forms services/apps deploy scripts bench/sys bench/forms e2e/api
	@$(MAKE) --no-print-directory typecheck
	@if [ -f $(FRONTENDS)/package.json ]; then (cd $(FRONTENDS) && npm run --silent lint); fi

typecheck: ## mypy (strict on libs/ and the engine) and tsc
	@$(UV) run mypy libs/platform/src services/workflow/src/loom_workflow/engine
	@$(UV) run mypy services/sys/src services/gencode/src services/workflow/src services/forms/src services/apps/src
	@if [ -f $(FRONTENDS)/package.json ]; then (cd $(FRONTENDS) && npm run --silent typecheck); fi

gateway: ## write gateway/dynamic/routes.yml and deploy/k8s/ingress.yaml from gateway/routes.source.yml
	@$(UV) run python scripts/gen_gateway.py

clients: ## write each remote's typed client (frontends/<remote>/src/api/schema.gen.ts; the app host's and sys's: frontends/packages/ui/src/api/{apps,sys}.gen.ts) from its service's OpenAPI
	@$(UV) run python scripts/gen_clients.py

proto: ## regenerate libs/contracts from proto/
	@$(UV) run python scripts/gen_protos.py

bench: ## run the benchmarks and record their results under bench/
	@bash scripts/bench.sh

clean: ## remove the local state (databases, NATS store, keys, uploads) — asks nothing
	rm -rf .loom
