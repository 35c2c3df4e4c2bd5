"""Where an HTTP task may call: a host on the allow-list (``LOOM_WORKFLOW_HTTP_ALLOWED_HOSTS``: ``host``,
``host:port`` or ``*.domain``), over http or https, and never one of the platform's own ports on an
address of this machine or its private network (the gateway, the services' HTTP and gRPC ports,
NATS, PostgreSQL), whatever the allow-list says: a process designer must not reach the platform's
internals through a task."""

from __future__ import annotations

import ipaddress
import os
import socket
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit

from loom_workflow.connector.errors import HostNotAllowed, InternalPort, UrlInvalid

SERVICES = ("SYS", "GENCODE", "WORKFLOW", "FORMS", "APPS")
# (variable, default): the ports the platform listens on (README "Settings"); e2e runs set them all
_PORTS = (
    ("LOOM_GATEWAY_PORT", 8080),
    ("LOOM_GATEWAY_ADMIN_PORT", 8082),
    ("LOOM_STATIC_PORT", 8090),
    ("LOOM_NATS_PORT", 4244),
    *((f"LOOM_{s}_HTTP_PORT", 8101 + i) for i, s in enumerate(SERVICES)),
    *((f"LOOM_{s}_GRPC_PORT", 9101 + i) for i, s in enumerate(SERVICES)),
)
_ALWAYS = (4222, 5432, 6222, 8222)  # NATS (client, cluster, monitor) and PostgreSQL defaults


def platform_ports(urls: Iterable[str] = ()) -> frozenset[int]:
    """The platform's own ports: the configured ones, the defaults, and those of ``urls`` (database, NATS)."""
    ports = set(_ALWAYS)
    for name, default in _PORTS:
        value = os.environ.get(name, "")
        ports.add(int(value) if value.isdigit() else default)
        ports.add(default)
    for url in urls:
        try:
            port = urlsplit(url if "://" in url else f"tcp://{url}").port
        except ValueError:  # an unreadable URL adds nothing
            port = None
        if port:
            ports.add(port)
    return frozenset(ports)


@dataclass(frozen=True)
class Target:
    """A checked URL: scheme, host, port and the addresses it resolved to."""

    scheme: str
    host: str
    port: int
    addresses: tuple[str, ...]


def allowed(host: str, port: int, rules: Sequence[str]) -> bool:
    """Whether ``host:port`` matches an allow-list entry."""
    host = host.lower().rstrip(".")
    for rule in (r.strip().lower() for r in rules):
        if not rule:
            continue
        name, _, rule_port = rule.rpartition(":") if rule.count(":") == 1 else (rule, "", "")
        if rule_port and rule_port != str(port):
            continue
        name = name or rule
        if name == host or (name.startswith("*.") and host.endswith(name[1:])):
            return True
    return False


def parse(url: str) -> tuple[str, str, int]:
    """Scheme, host and port of an http(s) URL without credentials."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:
        raise UrlInvalid(url=url[:200]) from exc
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.username or parts.password:
        raise UrlInvalid(url=url[:200])
    return parts.scheme, parts.hostname, port or (443 if parts.scheme == "https" else 80)


def _local(address: str) -> bool:
    ip = ipaddress.ip_address(address)
    return ip.is_loopback or ip.is_private or ip.is_link_local or ip.is_unspecified or ip.is_reserved


def check(url: str, rules: Sequence[str], internal: frozenset[int]) -> Target:
    """The URL's target if the allow-list lets it through and it is not one of the platform's own
    ports (the host is resolved here: the call goes to the addresses checked, not to a second lookup)."""
    scheme, host, port = parse(url)
    if not allowed(host, port, rules):
        raise HostNotAllowed(host=f"{host}:{port}")
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError as exc:
        raise HostNotAllowed(host=f"{host}:{port}") from exc
    addresses = tuple(dict.fromkeys(str(i[4][0]) for i in infos))
    if port in internal and any(_local(a) for a in addresses):
        raise InternalPort(host=f"{host}:{port}")
    return Target(scheme, host, port, addresses)
