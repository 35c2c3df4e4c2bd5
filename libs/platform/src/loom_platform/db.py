"""Database engines, sessions and the transaction boundary.

The router or servicer opens the transaction with :func:`transaction`; services only
``flush()``. Outbox records added during the transaction are committed with it.
"""

from __future__ import annotations

import shlex
import time
import warnings
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy import event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DisconnectionError
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker, create_async_engine
from sqlmodel.ext.asyncio.session import AsyncSession

# We use SQLAlchemy's execute() on purpose (rows, scalars, DML); SQLModel nags about exec().
warnings.filterwarnings(
    "ignore", message=r"(?s).*You probably want to use `session.exec", category=DeprecationWarning
)


def create_engine(url: str, *, pool_size: int = 10) -> AsyncEngine:
    """An asyncpg engine; plain ``postgresql://`` URLs are switched to the asyncpg driver.

    libpq's ``options`` in the URL (``?options=-csearch_path%3Dsandbox``) are honoured as asyncpg's
    server settings, so one URL means the same session to psql, psycopg and this engine."""
    parsed = make_url(async_url(url))
    options = parsed.query.get("options")
    connect_args: dict[str, object] = {}
    if isinstance(options, str) and parsed.drivername == "postgresql+asyncpg":
        connect_args["server_settings"] = server_settings(options)
        parsed = parsed.difference_update_query(["options"])
    engine = create_async_engine(
        parsed,
        pool_size=pool_size,
        max_overflow=pool_size,
        connect_args=connect_args,
    )
    _check_on_checkout(engine)
    return engine


# A pooled connection idle longer than this is pinged before use (one round trip); a busier one
# is only checked for a socket the server closed, which costs nothing.
PING_IDLE_SECONDS = 30.0
_IDLE_SINCE = "loom_idle_since"


def _check_on_checkout(engine: AsyncEngine) -> None:
    """Hands out no connection the server has closed, without a round trip per checkout.

    SQLAlchemy's ``pool_pre_ping`` sends a ping on every checkout (~4 % of the workflow API's CPU
    per request, issue 38). A PostgreSQL restart or ``pg_terminate_backend`` closes the server's
    end of each connection, and the event loop sees that at once (asyncpg's ``is_closed()``): such a
    connection is replaced, as a failed ping would have it. A connection idle for
    :data:`PING_IDLE_SECONDS` is still pinged, for a peer that vanished without closing (a network
    cut, a proxy's idle timeout)."""

    @event.listens_for(engine.sync_engine, "checkin")
    def _checkin(_dbapi_connection: object, record: object) -> None:
        info = getattr(record, "info", None)
        if info is not None:
            info[_IDLE_SINCE] = time.monotonic()

    @event.listens_for(engine.sync_engine, "checkout")
    def _checkout(dbapi_connection: object, record: object, _proxy: object) -> None:
        driver = getattr(dbapi_connection, "_connection", None)
        is_closed = getattr(driver, "is_closed", None)
        if is_closed is not None and is_closed():
            raise DisconnectionError("the server closed the connection")
        idle_since = record.info.pop(_IDLE_SINCE, None)  # type: ignore[attr-defined]
        if idle_since is not None and time.monotonic() - idle_since > PING_IDLE_SECONDS:
            try:
                dbapi_connection.ping()  # type: ignore[attr-defined]
            except Exception as exc:
                raise DisconnectionError("the connection did not answer a ping") from exc


def server_settings(options: str) -> dict[str, str]:
    """libpq's ``options`` (``-c name=value``, ``-cname=value`` or ``--name=value``) as a dict."""
    settings: dict[str, str] = {}
    words = shlex.split(options)
    for index, word in enumerate(words):
        if word == "-c" and index + 1 < len(words):
            word = "-c" + words[index + 1]
        if word.startswith(("-c", "--")) and "=" in word and word != "-c":
            name, _, value = word.removeprefix("--").removeprefix("-c").partition("=")
            settings[name.strip().replace("-", "_")] = value
    return settings


def async_url(url: str) -> str:
    """``postgresql://`` / ``postgresql+psycopg://`` → ``postgresql+asyncpg://``."""
    parsed = make_url(url)
    if parsed.drivername in ("postgresql", "postgres", "postgresql+psycopg", "postgresql+psycopg2"):
        parsed = parsed.set(drivername="postgresql+asyncpg")
    return parsed.render_as_string(hide_password=False)


def sync_url(url: str) -> str:
    """The same database for synchronous tools (Alembic, inspectors): psycopg 3."""
    parsed = make_url(url)
    if parsed.drivername.startswith("postgres"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed.render_as_string(hide_password=False)


def session_factory(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    """Sessions that keep loaded objects readable after commit."""
    factory = async_sessionmaker(engine, class_=AsyncSession, expire_on_commit=False)
    return factory


async def get_session(request: Request) -> AsyncIterator[AsyncSession]:
    """One session per request, from the app's factory."""
    factory: async_sessionmaker[AsyncSession] = request.app.state.session_factory
    async with factory() as session:
        yield session


SessionDep = Annotated[AsyncSession, Depends(get_session)]


@asynccontextmanager
async def transaction(session: AsyncSession) -> AsyncIterator[AsyncSession]:
    """Commits what the block wrote (and its outbox records) or rolls everything back."""
    try:
        yield session
        await session.commit()
    except BaseException:
        await session.rollback()
        raise


def on_commit(session: AsyncSession, callback: object) -> None:
    """Runs ``callback()`` after the session's next successful commit."""

    def _after_commit(_session: object) -> None:
        if callable(callback):
            callback()

    event.listen(session.sync_session, "after_commit", _after_commit, once=True)
