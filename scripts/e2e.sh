#!/usr/bin/env bash
# End-to-end: start the whole platform on its own ports and state, run the API tests (pytest
# e2e/api) and the browser tests (playwright-core + Debian Chromium) through the gateway, stop.
set -euo pipefail
cd "$(dirname "$0")/.."
UV=$(command -v uv || echo "python3 -m uv")

source scripts/e2e-env.sh

log=$LOOM_STATE_DIR/platform.log
mkdir -p "$LOOM_STATE_DIR"
started=$SECONDS
setsid $UV run python deploy/local/dev.py >"$log" 2>&1 &
platform=$!
stop() { kill -INT -- -"$platform" 2>/dev/null || true; wait "$platform" 2>/dev/null || true; }
trap stop EXIT

# Up means the gateway answers and every service answers through it: the gateway admits a
# health-checked service (workflow, apps) only after its first passing check, and until then says
# "no available server". The portal page may be missing (frontends not built for an API-only run).
served() {  # the gateway reaches the service behind this path: any answer but 000 and 502-504
  case "$(curl -s -o /dev/null -w '%{http_code}' "$LOOM_PORTAL_URL$1")" in 000|502|503|504) return 1 ;; esac
}
for _ in $(seq 1 360); do  # up to 3 minutes: a loaded machine migrates and seeds five databases first
  if curl -fsS "$LOOM_PORTAL_URL/api/sys/sysConfig/getConfig" >/dev/null 2>&1 \
     && [ "$(curl -s -o /dev/null -w '%{http_code}' "$LOOM_PORTAL_URL/")" != 000 ] && served /api/gencode/ready && served /api/flowable/ready && served /api/form/ready \
     && served /api/apps/ready; then
    ready=1; break
  fi
  if ! kill -0 "$platform" 2>/dev/null; then break; fi
  sleep 0.5
done
# Traefik's access log floods the platform log; what a reader needs is everything else.
platform_log_tail() { grep -Ev "^[0-9:]+ gateway +[|]" "$log" | tail -n "$1"; }
if [ -z "${ready:-}" ]; then echo "the platform did not come up; its log:"; platform_log_tail 60; exit 1; fi
summary=("platform: up in $((SECONDS - started)) s")

status=0
# Each stage's outcome, repeated at the very end: CI keeps only the head and the tail of a run.
stage_started=$SECONDS
record() {  # stage, exit code, file holding its output, the lines that say what failed[, lines after each]; and the stage's time
  local took=$((SECONDS - stage_started))
  stage_started=$SECONDS
  if [ "$2" = 0 ]; then summary+=("$1: passed ($took s)"); return; fi
  status=$2
  summary+=("$1: FAILED (exit $2, $took s)")
  while IFS= read -r line; do summary+=("    $line"); done < <(grep -E -A "${5:-0}" "$4" "$3" | grep -v '^--$' | tail -n 30)
}
# LOOM_E2E_API_ARGS / LOOM_E2E_BROWSER_ARGS narrow a run while working (e.g. "-k forms", "--file=forms").
if [ "${LOOM_E2E_API:-1}" = 1 ]; then
  code=0; $UV run pytest e2e/api -q -p no:randomly -rfE ${LOOM_E2E_API_ARGS:-} 2>&1 | tee "$LOOM_STATE_DIR/api.out" || code=${PIPESTATUS[0]}
  record "API tests" "$code" "$LOOM_STATE_DIR/api.out" "^(FAILED|ERROR) "
fi
if [ "${LOOM_E2E_BROWSER:-1}" = 1 ] && [ -f frontends/package.json ] && [ -d e2e/browser ]; then
  code=0; (cd frontends && npm run --silent e2e -- ${LOOM_E2E_BROWSER_ARGS:-}) 2>&1 | tee "$LOOM_STATE_DIR/browser.out" || code=${PIPESTATUS[0]}
  record "browser tests" "$code" "$LOOM_STATE_DIR/browser.out" "^  ✗ |passed, .* failed" 2  # and why: the error's first lines
fi
# The real JeePlus admin client in Chromium, when a built one is cached (LOOM_JEEPLUS_CLIENT_DIR,
# default ~/.cache/loom/jeeplus-client/dist): it says so and passes over when there is none.
if [ "${LOOM_E2E_JEEPLUS:-1}" = 1 ] && [ -f frontends/package.json ] && [ -d e2e/jeeplus-client ]; then
  code=0; (cd frontends && node ../e2e/jeeplus-client/run.mjs ${LOOM_E2E_JEEPLUS_ARGS:-}) 2>&1 | tee "$LOOM_STATE_DIR/jeeplus.out" || code=${PIPESTATUS[0]}
  if skipped=$(grep -m1 "^jeeplus client: skipped" "$LOOM_STATE_DIR/jeeplus.out"); then
    summary+=("JeePlus client: ${skipped#jeeplus client: }"); stage_started=$SECONDS
  else
    record "JeePlus client" "$code" "$LOOM_STATE_DIR/jeeplus.out" "^  ✗ |^menu pages|passed, .* failed"
  fi
fi
# Last, because the fuzzer edits and deletes whatever its grants allow: schemathesis against every
# service's OpenAPI through the gateway, failing on any 5xx (LOOM_FUZZ_EXAMPLES per operation).
if [ "${LOOM_E2E_FUZZ:-1}" = 1 ]; then
  code=0; $UV run python e2e/fuzz/run.py --examples "${LOOM_FUZZ_EXAMPLES:-3}" ${LOOM_FUZZ_ARGS:-} 2>&1 | tee "$LOOM_STATE_DIR/fuzz.out" || code=${PIPESTATUS[0]}
  record "fuzz" "$code" "$LOOM_STATE_DIR/fuzz.out" "\"exit\": [1-9]|[Ss]erver error|^(GET|POST|PUT|DELETE|PATCH) /"
fi
if [ "$status" != 0 ]; then echo "--- platform log (tail, without the gateway's access log) ---"; platform_log_tail 40; fi
echo "--- end to end ---"
printf '%s\n' "${summary[@]}"
exit "$status"
