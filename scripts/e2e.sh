#!/usr/bin/env bash
# End-to-end: start the whole platform on its own ports and state, run the API tests (pytest
# e2e/api) and the browser tests (playwright-core + Debian Chromium) through the gateway, stop.
set -euo pipefail
cd "$(dirname "$0")/.."
UV=$(command -v uv || echo "python3 -m uv")

# Ports: ${B}080 gateway, ${B}1xx services, ... with B=LOOM_E2E_PORT_BASE (17 by default), so an
# end-to-end run never meets a `make dev` on the default ports.
B=${LOOM_E2E_PORT_BASE:-17}
export LOOM_STATE_DIR=${LOOM_E2E_STATE_DIR:-$PWD/.loom/e2e-$B}
export LOOM_ADMIN_PASSWORD=${LOOM_E2E_ADMIN_PASSWORD:-loom-e2e-admin}
export LOOM_GATEWAY_PORT=${B}080 LOOM_GATEWAY_ADMIN_PORT=${B}082 LOOM_STATIC_PORT=${B}090 LOOM_NATS_PORT=${B}244
export LOOM_SYS_HTTP_PORT=${B}101 LOOM_SYS_GRPC_PORT=${B}201 LOOM_GENCODE_HTTP_PORT=${B}102 LOOM_GENCODE_GRPC_PORT=${B}202
export LOOM_WORKFLOW_HTTP_PORT=${B}103 LOOM_WORKFLOW_GRPC_PORT=${B}203 LOOM_FORMS_HTTP_PORT=${B}104 LOOM_FORMS_GRPC_PORT=${B}204
export LOOM_GATEWAY_LOGIN_RATE=1000 LOOM_GATEWAY_LOGIN_BURST=1000 LOOM_GATEWAY_MAX_BODY_BYTES=${LOOM_GATEWAY_MAX_BODY_BYTES:-8388608}
export LOOM_PORTAL_URL="http://127.0.0.1:${LOOM_GATEWAY_PORT}"
export LOOM_LOG_JSON=false LOOM_LOG_LEVEL=WARNING

log=$LOOM_STATE_DIR/platform.log
mkdir -p "$LOOM_STATE_DIR"
setsid $UV run python deploy/local/dev.py >"$log" 2>&1 &
platform=$!
stop() { kill -INT -- -"$platform" 2>/dev/null || true; wait "$platform" 2>/dev/null || true; }
trap stop EXIT

for _ in $(seq 1 120); do
  if curl -fsS "$LOOM_PORTAL_URL/api/sys/sysConfig/getConfig" >/dev/null 2>&1 \
     && [ "$(curl -s -o /dev/null -w '%{http_code}' "$LOOM_PORTAL_URL/")" != 000 ]; then
    ready=1; break
  fi
  if ! kill -0 "$platform" 2>/dev/null; then break; fi
  sleep 0.5
done
if [ -z "${ready:-}" ]; then echo "the platform did not come up; its log:"; grep -v "gateway |" "$log" | tail -n 60; exit 1; fi

status=0
$UV run pytest e2e/api -q -p no:randomly || status=$?
if [ "${LOOM_E2E_BROWSER:-1}" = 1 ] && [ -f frontends/package.json ] && [ -d e2e/browser ]; then
  (cd frontends && npm run --silent e2e) || status=$?
fi
if [ "$status" != 0 ]; then echo "--- platform log (tail) ---"; grep -v "gateway |" "$log" | tail -n 60; fi
exit "$status"
