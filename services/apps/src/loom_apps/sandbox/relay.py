"""The sandbox's one way to PostgreSQL: a socket in the module store that admits the module role.

Generated code has no network (its own network namespace, and Landlock refuses TCP) and cannot
reach the server's own socket (the state directory is hidden). It connects to this relay instead,
a Unix socket the host serves at ``<module store>/run/pg/.s.PGSQL.<port>``, so its URL is the
module role's with ``host=<that folder>``. The relay reads the connection's startup message and
admits it only for the module role on the business database; anything else (``postgres`` on a
server that trusts local connections, another service's database) is refused with PostgreSQL's
own error before the server sees it. An admitted connection is piped to the real server as is.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import struct
from pathlib import Path

from sqlalchemy.engine import make_url

log = logging.getLogger("loom.apps.relay")

SSL_REQUEST, GSSENC_REQUEST, CANCEL_REQUEST = 80877103, 80877104, 80877102
PROTOCOL_3 = 196608
MAX_STARTUP = 10_000


def _error(message: str) -> bytes:
    """A FATAL ErrorResponse, as the server would send it."""
    fields = b"".join(
        code + value.encode() + b"\0"
        for code, value in ((b"S", "FATAL"), (b"V", "FATAL"), (b"C", "28000"), (b"M", message))
    )
    body = fields + b"\0"
    return b"E" + struct.pack("!I", len(body) + 4) + body


def _parameters(body: bytes) -> dict[str, str]:
    parts = body.split(b"\0")
    return {
        parts[i].decode(errors="replace"): parts[i + 1].decode(errors="replace")
        for i in range(0, len(parts) - 1, 2)
        if parts[i]
    }


class PostgresRelay:
    """Serves the relay socket for one module role and database (from the host's module URL)."""

    def __init__(self, module_url: str, folder: Path) -> None:
        url = make_url(module_url)
        self.user = url.username or ""
        self.database = url.database or ""
        self.port = url.port or 5432
        socket_dir = url.query.get("host")
        self._upstream_dir = (
            socket_dir if isinstance(socket_dir, str) and socket_dir.startswith("/") else None
        )
        self._upstream_host = url.host or "127.0.0.1"
        self.folder = folder
        self._server: asyncio.AbstractServer | None = None
        self._pipes: set[asyncio.Task[None]] = set()

    @property
    def path(self) -> Path:
        """The relay's socket file."""
        return self.folder / f".s.PGSQL.{self.port}"

    def url_for(self, module_url: str) -> str:
        """``module_url`` pointed at the relay (what the sandbox is given)."""
        url = make_url(module_url).set(host=None).update_query_dict({"host": str(self.folder)})
        return url.render_as_string(hide_password=False)

    async def start(self) -> None:
        self.folder.mkdir(mode=0o755, parents=True, exist_ok=True)
        self.path.unlink(missing_ok=True)
        self._server = await asyncio.start_unix_server(self._admit, path=str(self.path))
        self.path.chmod(0o777)  # the sandbox user connects; the role's password still applies

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        for task in list(self._pipes):
            task.cancel()
        await asyncio.gather(*self._pipes, return_exceptions=True)
        self.path.unlink(missing_ok=True)

    async def _upstream(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        if self._upstream_dir:
            return await asyncio.open_unix_connection(f"{self._upstream_dir}/.s.PGSQL.{self.port}")
        return await asyncio.open_connection(self._upstream_host, self.port)

    async def _startup(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> bytes | None:
        """The client's startup (or cancel) message, having declined encryption requests."""
        for _ in range(3):
            head = await reader.readexactly(8)
            length, code = struct.unpack("!II", head)
            if length < 8 or length > MAX_STARTUP:
                return None
            body = await reader.readexactly(length - 8)
            if code in (SSL_REQUEST, GSSENC_REQUEST):
                writer.write(b"N")  # no encryption on a local socket
                await writer.drain()
                continue
            return head + body
        return None

    async def _admit(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        if task is not None:
            self._pipes.add(task)
        try:
            message = await self._startup(reader, writer)
            if message is None:
                return
            code = struct.unpack("!I", message[4:8])[0]
            if code == PROTOCOL_3:
                params = _parameters(message[8:])
                user = params.get("user", "")
                database = params.get("database") or user
                if user != self.user or database != self.database:
                    log.warning("sandbox connection refused: role %r, database %r", user, database)
                    writer.write(
                        _error(f'the sandbox may connect as "{self.user}" to "{self.database}" only')
                    )
                    await writer.drain()
                    return
            elif code != CANCEL_REQUEST:
                return
            up_reader, up_writer = await self._upstream()
            up_writer.write(message)
            await asyncio.gather(_pipe(reader, up_writer), _pipe(up_reader, writer))
        except (asyncio.IncompleteReadError, ConnectionError, OSError):
            pass
        finally:
            if task is not None:
                self._pipes.discard(task)
            with contextlib.suppress(Exception):
                writer.close()


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    except (ConnectionError, OSError):
        pass
    finally:
        with contextlib.suppress(Exception):
            writer.close()
