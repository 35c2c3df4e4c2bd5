"""Connections to data sources: URLs per database kind, driver checks and a sync-engine cache.

Introspection and DDL use SQLAlchemy's synchronous engines (psycopg, pymysql) in a worker
thread, so the event loop never waits on another database.
"""

from __future__ import annotations

import importlib.util
import threading
from dataclasses import dataclass

from sqlalchemy import Engine, create_engine
from sqlalchemy.engine import URL, make_url

from loom_gencode.connection.errors import DbTypeUnknown, DriverMissing
from loom_platform.db import sync_url

# db_type dictionary value -> (SQLAlchemy driver name, python module of the driver, default port)
KINDS: dict[str, tuple[str, str, int]] = {
    "postgresql": ("postgresql+psycopg", "psycopg", 5432),
    "mysql": ("mysql+pymysql", "pymysql", 3306),
    "mariadb": ("mysql+pymysql", "pymysql", 3306),
    "oracle": ("oracle+oracledb", "oracledb", 1521),
    "sqlserver": ("mssql+pymssql", "pymssql", 1433),
    "mssql": ("mssql+pymssql", "pymssql", 1433),
    "dm": ("dm+dmPython", "dmPython", 5236),
    "kingbase": ("postgresql+psycopg", "psycopg", 54321),
}
ALIASES = {"postgres": "postgresql", "pg": "postgresql", "sql_server": "sqlserver", "mysql8": "mysql"}


def normalise_kind(db_type: str | None) -> str:
    """The canonical kind of a ``db_type`` value; unknown kinds are refused."""
    kind = (db_type or "").strip().lower()
    kind = ALIASES.get(kind, kind)
    if kind not in KINDS:
        raise DbTypeUnknown(dbType=db_type or "")
    return kind


def require_driver(kind: str) -> str:
    """The SQLAlchemy driver name for ``kind``; refused with a clear message when not installed."""
    driver, module, _port = KINDS[kind]
    if importlib.util.find_spec(module) is None:
        raise DriverMissing(dbType=kind)
    return driver


def kind_of_url(url: str) -> str:
    """The kind of an SQLAlchemy URL (``postgresql``, ``mysql``, …)."""
    backend = make_url(url).get_backend_name()
    return {"postgresql": "postgresql", "mysql": "mysql", "mariadb": "mariadb", "mssql": "sqlserver"}.get(
        backend, backend
    )


@dataclass(frozen=True)
class Target:
    """Where a data source points: enough to build an engine."""

    kind: str
    url: str

    @property
    def dialect(self) -> str:
        """``postgresql`` or ``mysql`` (MariaDB speaks MySQL's dialect), …"""
        return make_url(self.url).get_backend_name()


def build_url(
    kind: str,
    *,
    host: str | None,
    port: int | None,
    database: str | None,
    username: str | None,
    password: str | None,
    options: str | None = None,
) -> str:
    """A SQLAlchemy URL for a data source's fields (the driver must be installed)."""
    driver = require_driver(kind)
    query: dict[str, str] = {}
    for part in (options or "").split("&"):
        if "=" in part:
            key, value = part.split("=", 1)
            query[key.strip()] = value.strip()
    if driver.startswith("mysql") and "charset" not in query:
        query["charset"] = "utf8mb4"
    url = URL.create(
        driver,
        username=username or None,
        password=password or None,
        host=host or "127.0.0.1",
        port=port or KINDS[kind][2],
        database=database or None,
        query=query,
    )
    return url.render_as_string(hide_password=False)


def target_for_url(url: str) -> Target:
    """A target for a settings URL (the master data source)."""
    sync = sync_url(url)
    parsed = make_url(sync)
    if parsed.get_backend_name() == "mysql" and parsed.drivername == "mysql":
        sync = parsed.set(drivername="mysql+pymysql").render_as_string(hide_password=False)
    return Target(kind=kind_of_url(sync), url=sync)


class EngineCache:
    """One pooled sync engine per URL, shared by the threads that inspect and alter tables."""

    def __init__(self) -> None:
        self._engines: dict[str, Engine] = {}
        self._lock = threading.Lock()

    def get(self, target: Target) -> Engine:
        with self._lock:
            engine = self._engines.get(target.url)
            if engine is None:
                engine = create_engine(target.url, pool_pre_ping=True, pool_size=2, max_overflow=4)
                self._engines[target.url] = engine
            return engine

    def forget(self, url: str) -> None:
        with self._lock:
            engine = self._engines.pop(url, None)
        if engine is not None:
            engine.dispose()

    def dispose(self) -> None:
        with self._lock:
            engines, self._engines = list(self._engines.values()), {}
        for engine in engines:
            engine.dispose()


def probe(url: str) -> None:
    """Connects once (no pool) and runs ``SELECT 1``; raises the driver's error."""
    from sqlalchemy import pool, text

    engine = create_engine(url, poolclass=pool.NullPool, connect_args=_timeout_args(url))
    try:
        with engine.connect() as conn:
            conn.execute(text("SELECT 1"))
    finally:
        engine.dispose()


def _timeout_args(url: str) -> dict[str, int]:
    backend = make_url(url).get_backend_name()
    if backend == "postgresql":
        return {"connect_timeout": 5}
    if backend == "mysql":
        return {"connect_timeout": 5}
    return {}
