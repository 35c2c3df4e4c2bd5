# Sourced by e2e.sh and platform-at.sh: the whole platform on its own ports and state dir.
# Ports: ${B}080 gateway, ${B}1xx services, ... with B=LOOM_E2E_PORT_BASE (17 by default), so an
# end-to-end run never meets a `make dev` on the default ports.
B=${LOOM_E2E_PORT_BASE:-17}
export LOOM_STATE_DIR=${LOOM_E2E_STATE_DIR:-$PWD/.loom/e2e-$B}
export LOOM_ADMIN_PASSWORD=${LOOM_E2E_ADMIN_PASSWORD:-loom-e2e-admin}
export LOOM_GATEWAY_PORT=${B}080 LOOM_GATEWAY_ADMIN_PORT=${B}082 LOOM_STATIC_PORT=${B}090 LOOM_NATS_PORT=${B}244
export LOOM_SYS_HTTP_PORT=${B}101 LOOM_SYS_GRPC_PORT=${B}201 LOOM_GENCODE_HTTP_PORT=${B}102 LOOM_GENCODE_GRPC_PORT=${B}202
export LOOM_WORKFLOW_HTTP_PORT=${B}103 LOOM_WORKFLOW_GRPC_PORT=${B}203 LOOM_FORMS_HTTP_PORT=${B}104 LOOM_FORMS_GRPC_PORT=${B}204
export LOOM_APPS_HTTP_PORT=${B}105 LOOM_APPS_GRPC_PORT=${B}205
export LOOM_GATEWAY_LOGIN_RATE=1000 LOOM_GATEWAY_LOGIN_BURST=1000 LOOM_GATEWAY_MAX_BODY_BYTES=${LOOM_GATEWAY_MAX_BODY_BYTES:-8388608}
export LOOM_PORTAL_URL="http://127.0.0.1:${LOOM_GATEWAY_PORT}"
export LOOM_LOG_JSON=false LOOM_LOG_LEVEL=WARNING
# forms' credential at gencode's DataService: not the laptop default, so a run proves both sides get it.
export LOOM_DATA_SERVICE_TOKEN=${LOOM_DATA_SERVICE_TOKEN:-loom-e2e-data-service-token-$B}
# HTTP tasks may call the e2e runs' test server (issue 37) and nothing else: ${B}150 is no platform port.
export LOOM_E2E_HTTP_TEST_PORT=${B}150
export LOOM_WORKFLOW_HTTP_ALLOWED_HOSTS="[\"127.0.0.1:${B}150\"]"
