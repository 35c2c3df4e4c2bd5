#!/usr/bin/env bash
# Runs the whole platform in the foreground on the ports and state of an end-to-end run
# (LOOM_E2E_PORT_BASE=B: gateway at http://127.0.0.1:${B}080/), to work against while writing tests.
set -euo pipefail
cd "$(dirname "$0")/.."
UV=$(command -v uv || echo "python3 -m uv")
source scripts/e2e-env.sh
mkdir -p "$LOOM_STATE_DIR"
echo "portal: $LOOM_PORTAL_URL (admin / $LOOM_ADMIN_PASSWORD), state: $LOOM_STATE_DIR"
exec $UV run python deploy/local/dev.py
