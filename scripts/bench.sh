#!/usr/bin/env bash
# Benchmarks: start the platform on its own ports and state (as scripts/e2e.sh does), run every
# bench that needs it, then the in-process ones. Results are written under bench/.
set -euo pipefail
cd "$(dirname "$0")/.."
UV=$(command -v uv || echo "python3 -m uv")
export LOOM_STATE_DIR=${LOOM_BENCH_STATE_DIR:-$PWD/.loom/bench} LOOM_ADMIN_PASSWORD=loom-bench-admin
export LOOM_GATEWAY_PORT=38080 LOOM_GATEWAY_ADMIN_PORT=38082 LOOM_STATIC_PORT=38090 LOOM_NATS_PORT=34244
export LOOM_SYS_HTTP_PORT=38101 LOOM_SYS_GRPC_PORT=39101 LOOM_GENCODE_HTTP_PORT=38102 LOOM_GENCODE_GRPC_PORT=39102
export LOOM_WORKFLOW_HTTP_PORT=38103 LOOM_WORKFLOW_GRPC_PORT=39103 LOOM_FORMS_HTTP_PORT=38104 LOOM_FORMS_GRPC_PORT=39104
export LOOM_GATEWAY_LOGIN_RATE=1000 LOOM_GATEWAY_LOGIN_BURST=1000 LOOM_LOG_LEVEL=WARNING
export LOOM_PORTAL_URL="http://127.0.0.1:${LOOM_GATEWAY_PORT}"
mkdir -p "$LOOM_STATE_DIR"
# Access logs off for the measurement: a line per request is not what is measured.
setsid $UV run python deploy/local/dev.py >"$LOOM_STATE_DIR/platform.log" 2>&1 &
platform=$!
trap 'kill -INT -- -"$platform" 2>/dev/null || true; wait "$platform" 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do
  curl -fsS "$LOOM_PORTAL_URL/api/sys/sysConfig/getConfig" >/dev/null 2>&1 && break
  sleep 0.5
done
# LOOM_BENCH_ONLY=sys|gencode|workflow|frontend|taskcenter runs one benchmark; by default all of them.
wanted() { [ "${LOOM_BENCH_ONLY:-all}" = all ] || [ "${LOOM_BENCH_ONLY}" = "$1" ]; }
if wanted sys; then $UV run python bench/sys/user_list.py; $UV run python bench/sys/log_list.py; fi
if wanted gencode && [ -f bench/gencode/bench.py ]; then $UV run python bench/gencode/bench.py; fi
if wanted workflow; then
  for script in bench/workflow/bench_workflow.py bench/workflow/gateway.py; do
    if [ -f "$script" ]; then $UV run python "$script"; fi
  done
fi
if wanted frontend && [ -f frontends/package.json ] && [ -f bench/frontend/bench.mjs ]; then
  (cd frontends && npm run --silent bench)
fi
if { wanted frontend || wanted taskcenter; } && [ -f bench/frontend/task-center.mjs ]; then
  node bench/frontend/task-center.mjs
fi
