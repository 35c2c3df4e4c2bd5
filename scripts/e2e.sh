#!/usr/bin/env bash
# End-to-end: start the whole platform on its own ports and state, run the API tests (pytest
# e2e/api) and the browser tests (playwright-core + Debian Chromium) through the gateway, stop.
set -euo pipefail
cd "$(dirname "$0")/.."
UV=$(command -v uv || echo "python3 -m uv")

source scripts/e2e-env.sh

log=$LOOM_STATE_DIR/platform.log
mkdir -p "$LOOM_STATE_DIR"
setsid $UV run python deploy/local/dev.py >"$log" 2>&1 &
platform=$!
stop() { kill -INT -- -"$platform" 2>/dev/null || true; wait "$platform" 2>/dev/null || true; }
trap stop EXIT

for _ in $(seq 1 360); do  # up to 3 minutes: a loaded machine migrates and seeds five databases first
  if curl -fsS "$LOOM_PORTAL_URL/api/sys/sysConfig/getConfig" >/dev/null 2>&1 \
     && [ "$(curl -s -o /dev/null -w '%{http_code}' "$LOOM_PORTAL_URL/")" != 000 ]; then
    ready=1; break
  fi
  if ! kill -0 "$platform" 2>/dev/null; then break; fi
  sleep 0.5
done
if [ -z "${ready:-}" ]; then echo "the platform did not come up; its log:"; grep -v "gateway |" "$log" | tail -n 60; exit 1; fi

status=0
# LOOM_E2E_API_ARGS / LOOM_E2E_BROWSER_ARGS narrow a run while working (e.g. "-k forms", "--file=forms").
if [ "${LOOM_E2E_API:-1}" = 1 ]; then
  $UV run pytest e2e/api -q -p no:randomly ${LOOM_E2E_API_ARGS:-} || status=$?
fi
if [ "${LOOM_E2E_BROWSER:-1}" = 1 ] && [ -f frontends/package.json ] && [ -d e2e/browser ]; then
  (cd frontends && npm run --silent e2e -- ${LOOM_E2E_BROWSER_ARGS:-}) || status=$?
fi
# Last, because the fuzzer edits and deletes whatever its grants allow: schemathesis against every
# service's OpenAPI through the gateway, failing on any 5xx (LOOM_FUZZ_EXAMPLES per operation).
if [ "${LOOM_E2E_FUZZ:-1}" = 1 ]; then
  $UV run python e2e/fuzz/run.py --examples "${LOOM_FUZZ_EXAMPLES:-3}" ${LOOM_FUZZ_ARGS:-} || status=$?
fi
if [ "$status" != 0 ]; then echo "--- platform log (tail) ---"; grep -v "gateway |" "$log" | tail -n 60; fi
exit "$status"
