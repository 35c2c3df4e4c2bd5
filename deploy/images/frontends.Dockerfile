# The built shell and remotes, served by deploy/local/static_server.py (SPA fallback, CORS for remotes).
# Base images are build arguments (see service.Dockerfile).
ARG NODE_IMAGE=node:20-slim
ARG PYTHON_IMAGE=python:3.11-slim

FROM ${NODE_IMAGE} AS build
ARG NPM_CONFIG_REGISTRY
WORKDIR /src/frontends
# The workspaces' manifests first: `npm ci` is redone only when a dependency changes.
COPY frontends/package.json frontends/package-lock.json ./
COPY frontends/packages/ui/package.json packages/ui/
COPY frontends/shell/package.json shell/
COPY frontends/sys/package.json sys/
COPY frontends/gencode/package.json gencode/
COPY frontends/workflow/package.json workflow/
COPY frontends/forms/package.json forms/
RUN npm ci --no-audit --no-fund
COPY frontends/ ./
# What the bundles import from outside frontends/: the form validators' rule table (@loom/ui's
# form-render imports it by its path in the repository) and the user guide (the shell's 帮助 / Help).
COPY libs/form-rules/src/loom_form_rules/validators.json /src/libs/form-rules/src/loom_form_rules/validators.json
COPY docs/guide /src/docs/guide
RUN npm run build

FROM ${PYTHON_IMAGE}
ARG PIP_INDEX_URL
RUN pip install --no-cache-dir "starlette==1.10.0" "uvicorn==0.54.0" \
 && useradd --system --uid 10001 --user-group loom
COPY deploy/local/static_server.py /app/static_server.py
COPY --from=build /src/frontends/shell/dist /app/frontends/shell/dist
COPY --from=build /src/frontends/sys/dist /app/frontends/sys/dist
COPY --from=build /src/frontends/gencode/dist /app/frontends/gencode/dist
COPY --from=build /src/frontends/workflow/dist /app/frontends/workflow/dist
COPY --from=build /src/frontends/forms/dist /app/frontends/forms/dist
ENV LOOM_FRONTENDS_DIR=/app/frontends LOOM_STATIC_HOST=0.0.0.0 LOOM_STATIC_PORT=8090 PYTHONUNBUFFERED=1
USER loom
EXPOSE 8090
HEALTHCHECK --interval=5s --timeout=3s --start-period=30s --retries=3 CMD python -c "import os,urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/' % os.environ['LOOM_STATIC_PORT'], timeout=2)"
CMD ["python", "/app/static_server.py"]
