#!/usr/bin/env bash
# Seconds from `deploy/local/dev.py` (what `make dev` runs after `make install`) to a gateway that
# routes to sys, gencode and workflow. Uses the bench state (existing data) and ports.
set -euo pipefail
cd "$(dirname "$0")/../.."
export LOOM_STATE_DIR=${LOOM_BENCH_STATE_DIR:-$PWD/.loom/bench} LOOM_ADMIN_PASSWORD=loom-bench-admin
export LOOM_GATEWAY_PORT=38080 LOOM_GATEWAY_ADMIN_PORT=38082 LOOM_STATIC_PORT=38090 LOOM_NATS_PORT=34244
export LOOM_SYS_HTTP_PORT=38101 LOOM_SYS_GRPC_PORT=39101 LOOM_GENCODE_HTTP_PORT=38102 LOOM_GENCODE_GRPC_PORT=39102
export LOOM_WORKFLOW_HTTP_PORT=38103 LOOM_WORKFLOW_GRPC_PORT=39103 LOOM_FORMS_HTTP_PORT=38104 LOOM_FORMS_GRPC_PORT=39104
gw=http://127.0.0.1:38080
code() { curl -s -o /dev/null -w '%{http_code}' "$gw$1"; }
start=$(date +%s.%N)
setsid .venv/bin/python deploy/local/dev.py >"$LOOM_STATE_DIR/startup.log" 2>&1 &
pid=$!
until [ "$(code /api/sys/sysConfig/getConfig)" = 200 ] && [ "$(code /)" = 200 ] \
  && [ "$(code /api/gencode/validateType/list)" = 401 ] && [ "$(code /api/flowable/task/todo)" = 401 ]; do sleep 0.1; done
echo "gateway ready, routing to sys, gencode and workflow, after $(python3 -c "print(round($(date +%s.%N) - $start, 1))") s"
kill -INT -- -"$pid"; wait "$pid" 2>/dev/null || true
