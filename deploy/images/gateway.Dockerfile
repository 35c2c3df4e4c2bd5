# Traefik with Loom's routes; service addresses come from LOOM_*_URL(S) variables (gateway/dynamic/routes.yml).
ARG TRAEFIK_IMAGE=traefik:v3.7
FROM ${TRAEFIK_IMAGE}
COPY gateway/traefik.container.yml /etc/traefik/traefik.yml
COPY gateway/dynamic /etc/traefik/dynamic
# The ping entry point of traefik.yml (:8082).
HEALTHCHECK --interval=5s --timeout=3s --start-period=20s --retries=3 CMD ["traefik", "healthcheck"]
