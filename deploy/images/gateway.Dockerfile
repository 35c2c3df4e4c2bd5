# Traefik with Loom's routes; service addresses come from LOOM_*_URL variables (gateway/dynamic/routes.yml).
FROM traefik:v3.7
COPY gateway/traefik.container.yml /etc/traefik/traefik.yml
COPY gateway/dynamic /etc/traefik/dynamic
