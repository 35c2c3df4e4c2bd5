# The built shell and remotes, served by deploy/local/static_server.py (SPA fallback, CORS for remotes).
FROM node:20-slim AS build
WORKDIR /src/frontends
COPY frontends/package.json frontends/package-lock.json ./
COPY frontends/ ./
RUN npm ci --no-audit --no-fund && npm run build

FROM python:3.11-slim
RUN pip install --no-cache-dir "starlette>=0.40" "uvicorn>=0.32" && useradd --system --uid 10001 loom
COPY deploy/local/static_server.py /app/static_server.py
COPY --from=build /src/frontends /app/frontends
ENV LOOM_FRONTENDS_DIR=/app/frontends LOOM_STATIC_HOST=0.0.0.0 LOOM_STATIC_PORT=8090
USER loom
EXPOSE 8090
CMD ["python", "/app/static_server.py"]
