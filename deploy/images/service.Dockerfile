# The image of every Loom service, built from the repository root; the build arguments name the service:
#   docker build -f deploy/images/service.Dockerfile --target service --build-arg SERVICE=sys \
#     --build-arg PREFIX=LOOM_SYS --build-arg HTTP_PORT=8101 --build-arg GRPC_PORT=9101 -t loom/sys .
# SERVICE names the package (loom-<SERVICE>) and its command, PREFIX its settings' environment prefix,
# the ports are its settings' defaults (docker-compose.yml lists all five). The app host is `--target apps`.
#
# Every layer before the last few is the same for the five services (one `uv sync` of the whole
# workspace), so building all five costs one build. Base images are build arguments, for a site that
# pulls through a mirror of Docker Hub: --build-arg PYTHON_IMAGE=mirror.example.com/library/python:3.11-slim
# (docker-compose.yml passes LOOM_PYTHON_IMAGE / LOOM_NODE_IMAGE / LOOM_BASE_REGISTRY from .env).
ARG PYTHON_IMAGE=python:3.11-slim
ARG NODE_IMAGE=node:20-slim

FROM ${PYTHON_IMAGE} AS build
# PIP_INDEX_URL reaches a PyPI mirror for pip when given (uv installs the files uv.lock names).
ARG PIP_INDEX_URL
ENV UV_COMPILE_BYTECODE=1 UV_LINK_MODE=copy UV_PROJECT_ENVIRONMENT=/opt/venv
RUN pip install --no-cache-dir "uv>=0.5,<1"
WORKDIR /src
COPY pyproject.toml uv.lock ./
# The third-party dependencies first, from the manifests alone: a change of Loom's code reuses them.
COPY libs/platform/pyproject.toml libs/platform/
COPY libs/contracts/pyproject.toml libs/contracts/
COPY libs/form-rules/pyproject.toml libs/form-rules/
COPY services/sys/pyproject.toml services/sys/
COPY services/gencode/pyproject.toml services/gencode/
COPY services/workflow/pyproject.toml services/workflow/
COPY services/forms/pyproject.toml services/forms/
COPY services/apps/pyproject.toml services/apps/
RUN uv sync --frozen --no-dev --no-cache --no-install-workspace
COPY libs libs
COPY services services
# Editable install: each service's migrations stay next to its code (services/<name>/migrations).
RUN uv sync --frozen --no-dev --no-cache

# The page builder's bundler (builder/build.mjs): rolldown, the frontends' bundler, and dayjs,
# which generated pages bundle (the portal's singletons come from the shell at run time).
FROM ${NODE_IMAGE} AS pages
ARG NPM_CONFIG_REGISTRY
WORKDIR /opt/builder
RUN npm init -y >/dev/null && npm install --no-audit --no-fund rolldown@1.2.19 dayjs@1.11.23

FROM ${PYTHON_IMAGE} AS service
# The state directory and its parts exist in the image, owned by the service user, so that a named
# volume mounted on one of them starts owned by that user too (Docker copies the image's directory
# into an empty volume, ownership included): keys (sys's signing keys), public (the public key the
# other services verify with), files (uploads), workspace (generated code).
RUN useradd --system --uid 10001 --user-group --home-dir /var/lib/loom loom \
 && mkdir -p /var/lib/loom/keys /var/lib/loom/public /var/lib/loom/files /var/lib/loom/workspace /var/lib/loom/apps \
 && chown -R loom:loom /var/lib/loom && chmod 700 /var/lib/loom/keys
COPY --from=build /opt/venv /opt/venv
COPY --from=build /src /src
ENV PATH=/opt/venv/bin:$PATH LOOM_STATE_DIR=/var/lib/loom LOOM_MODE=production PYTHONUNBUFFERED=1
WORKDIR /src
USER loom
# Only what differs between the services comes last (the layers above are shared).
ARG SERVICE
ARG PREFIX
ARG HTTP_PORT
ARG GRPC_PORT
# The HTTP port is set to the settings' default so that the health check reads the port the service listens on.
ENV LOOM_SERVICE=${SERVICE} ${PREFIX}_HTTP_HOST=0.0.0.0 ${PREFIX}_GRPC_HOST=0.0.0.0 ${PREFIX}_HTTP_PORT=${HTTP_PORT}
EXPOSE ${HTTP_PORT} ${GRPC_PORT}
# For `serve`; the one-shot setup, workflow workers and history processes answer no HTTP (compose and
# k8s switch it off for them).
HEALTHCHECK --interval=5s --timeout=3s --start-period=120s --retries=3 CMD python -c "import os,urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/healthz' % os.environ['LOOM_%s_HTTP_PORT' % os.environ['LOOM_SERVICE'].upper()], timeout=2)"
# Migrations and the seed are a step of their own (`loom-<service> setup`: compose's <service>-setup,
# an init container on k8s), run once before any replica starts: serve only serves.
CMD ["sh", "-c", "exec loom-$LOOM_SERVICE serve"]

# The app host builds each version's pages into a remote itself: node and the bundler above.
FROM service AS apps
COPY --from=pages /usr/local/bin/node /usr/local/bin/node
COPY --from=pages /opt/builder/node_modules /opt/builder/node_modules
ENV LOOM_APPS_BUILDER_MODULES=/opt/builder/node_modules
