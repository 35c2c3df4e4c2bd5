# The image of every Loom service, built from the repository root with the service as build arguments:
#   docker build -f deploy/images/service.Dockerfile --target service --build-arg SERVICE=sys \
#     --build-arg PREFIX=LOOM_SYS --build-arg HTTP_PORT=8101 --build-arg GRPC_PORT=9101 .
# SERVICE names the package (loom-<SERVICE>) and its command, PREFIX its settings' environment prefix,
# the ports are its settings' defaults (docker-compose.yml lists all five). The app host is `--target apps`.
FROM python:3.11-slim AS build
ARG SERVICE
ENV UV_COMPILE_BYTECODE=1 UV_LINK_MODE=copy UV_PROJECT_ENVIRONMENT=/opt/venv
RUN pip install --no-cache-dir uv
WORKDIR /src
COPY pyproject.toml uv.lock ./
COPY libs libs
COPY services services
# Editable install: migrations stay next to the code they belong to.
RUN uv sync --frozen --no-dev --package loom-${SERVICE}

# The page builder's bundler (builder/build.mjs): rolldown, the frontends' bundler, and dayjs,
# which generated pages bundle (the portal's singletons come from the shell at run time).
FROM node:20-slim AS pages
WORKDIR /opt/builder
RUN npm init -y >/dev/null && npm install --no-audit --no-fund rolldown@1.2.19 dayjs@1.11.23

FROM python:3.11-slim AS service
ARG SERVICE
ARG PREFIX
ARG HTTP_PORT
ARG GRPC_PORT
RUN useradd --system --uid 10001 loom && mkdir -p /var/lib/loom && chown loom /var/lib/loom
COPY --from=build /opt/venv /opt/venv
COPY --from=build /src /src
# The HTTP port is set to the settings' default so that the health check reads the port the service listens on.
ENV PATH=/opt/venv/bin:$PATH LOOM_STATE_DIR=/var/lib/loom LOOM_MODE=production LOOM_SERVICE=${SERVICE} \
    ${PREFIX}_HTTP_HOST=0.0.0.0 ${PREFIX}_GRPC_HOST=0.0.0.0 ${PREFIX}_HTTP_PORT=${HTTP_PORT}
WORKDIR /src
USER loom
EXPOSE ${HTTP_PORT} ${GRPC_PORT}
HEALTHCHECK --interval=10s --timeout=3s CMD python -c "import os,urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/healthz' % os.environ['LOOM_%s_HTTP_PORT' % os.environ['LOOM_SERVICE'].upper()])"
CMD ["sh", "-c", "loom-$LOOM_SERVICE migrate && loom-$LOOM_SERVICE seed && exec loom-$LOOM_SERVICE serve"]

# The app host builds each version's pages into a remote itself: node and the bundler above.
FROM service AS apps
COPY --from=pages /usr/local/bin/node /usr/local/bin/node
COPY --from=pages /opt/builder/node_modules /opt/builder/node_modules
ENV LOOM_APPS_BUILDER_MODULES=/opt/builder/node_modules
